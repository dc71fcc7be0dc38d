"""The first schema: learners, pending drills, attempts and results per combo type.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 12:10:48.550607

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade():

    op.create_table('learner',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name')
    )
    op.create_table('attempt',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('mode', sa.String(length=20), nullable=False),
    sa.Column('dealt', sa.Text(), nullable=False),
    sa.Column('answer', sa.Text(), nullable=False),
    sa.Column('points_expected', sa.Integer(), nullable=False),
    sa.Column('points_answered', sa.Integer(), nullable=False),
    sa.Column('points_missed', sa.Integer(), nullable=False),
    sa.Column('correct', sa.Boolean(), nullable=False),
    sa.Column('seconds', sa.Double(), nullable=True),
    sa.Column('retry_of', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['retry_of'], ['attempt.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('attempt', schema=None) as batch_op:
        batch_op.create_index('ix_attempt_learner_time', ['learner_id', 'created_at'], unique=False)

    op.create_table('combo_result',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('attempt_id', sa.Integer(), nullable=False),
    sa.Column('combo_type', sa.String(length=30), nullable=False),
    sa.Column('expected_points', sa.Integer(), nullable=False),
    sa.Column('missed_points', sa.Integer(), nullable=False),
    sa.Column('right', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['attempt_id'], ['attempt.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('combo_result', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_combo_result_attempt_id'), ['attempt_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_combo_result_combo_type'), ['combo_type'], unique=False)

    op.create_table('drill',
    sa.Column('id', sa.String(length=32), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('payload', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('answered_at', sa.DateTime(), nullable=True),
    sa.Column('retry_of', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['retry_of'], ['attempt.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('drill', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_drill_learner_id'), ['learner_id'], unique=False)




def downgrade():

    with op.batch_alter_table('drill', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_drill_learner_id'))

    op.drop_table('drill')
    with op.batch_alter_table('combo_result', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_combo_result_combo_type'))
        batch_op.drop_index(batch_op.f('ix_combo_result_attempt_id'))

    op.drop_table('combo_result')
    with op.batch_alter_table('attempt', schema=None) as batch_op:
        batch_op.drop_index('ix_attempt_learner_time')

    op.drop_table('attempt')
    op.drop_table('learner')

