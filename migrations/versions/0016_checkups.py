"""The weekly check-up: ten unseen deals at fixed difficulties, scored by the
points left on the table (trainer/checkup).

``checkup``: each check-up a learner started (its number among theirs picks
the bank's set), when, and once finished its score, the mean points left per
deal.  ``checkup_answer``: each deal's answer, once, with its points left.

Revision ID: 0016_checkups
Revises: 0015_seat_left_by
Create Date: 2026-12-08 00:10:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0016_checkups'
down_revision = '0015_seat_left_by'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'checkup',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('learner_id', sa.Integer(), sa.ForeignKey('learner.id', ondelete='CASCADE'), nullable=False),
        sa.Column('number', sa.Integer(), nullable=False),
        sa.Column('started_at', sa.DateTime(), nullable=False),
        sa.Column('finished_at', sa.DateTime(), nullable=True),
        sa.Column('score', sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('learner_id', 'number', name='uq_checkup_learner_number'),
    )
    op.create_index('ix_checkup_learner_finished', 'checkup', ['learner_id', 'finished_at'], unique=False)
    op.create_table(
        'checkup_answer',
        sa.Column('checkup_id', sa.Integer(), sa.ForeignKey('checkup.id', ondelete='CASCADE'), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('answer', sa.Text(), nullable=False),
        sa.Column('points_left', sa.Float(), nullable=False),
        sa.Column('answered_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('checkup_id', 'position'),
    )


def downgrade():
    op.drop_table('checkup_answer')
    op.drop_index('ix_checkup_learner_finished', table_name='checkup')
    op.drop_table('checkup')
