"""Games against the bot and solitaire: saved state, results and notes.

Revision ID: 0002_games
Revises: 0001
Create Date: 2026-11-29 12:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0002_games'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('saved_game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('level', sa.String(length=10), nullable=False),
    sa.Column('variant', sa.String(length=12), nullable=False),
    sa.Column('target', sa.Integer(), nullable=False),
    sa.Column('counting', sa.String(length=20), nullable=False),
    sa.Column('pegging_muggins', sa.Boolean(), nullable=False),
    sa.Column('skunks', sa.Boolean(), nullable=False),
    sa.Column('bot_miss_rate', sa.Float(), nullable=False),
    sa.Column('bot_seed', sa.Integer(), nullable=False),
    sa.Column('match_id', sa.Integer(), nullable=True),
    sa.Column('match_points_to_win', sa.Integer(), nullable=False),
    sa.Column('state', sa.Text(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('seen', sa.Integer(), nullable=False),
    sa.Column('mark', sa.Integer(), nullable=False),
    sa.Column('notes', sa.Text(), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('learner_won', sa.Boolean(), nullable=True),
    sa.Column('learner_score', sa.Integer(), nullable=False),
    sa.Column('bot_score', sa.Integer(), nullable=False),
    sa.Column('skunk', sa.Integer(), nullable=False),
    sa.Column('match_points', sa.Integer(), nullable=False),
    sa.Column('deals', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('saved_game', schema=None) as batch_op:
        batch_op.create_index('ix_saved_game_learner_finished', ['learner_id', 'finished'], unique=False)

    op.create_table('solitaire_game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('state', sa.Text(), nullable=False),
    sa.Column('claims', sa.Text(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('score', sa.Integer(), nullable=False),
    sa.Column('true_total', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    with op.batch_alter_table('solitaire_game', schema=None) as batch_op:
        batch_op.create_index('ix_solitaire_learner_kind', ['learner_id', 'kind'], unique=False)


def downgrade():
    with op.batch_alter_table('solitaire_game', schema=None) as batch_op:
        batch_op.drop_index('ix_solitaire_learner_kind')
    op.drop_table('solitaire_game')
    with op.batch_alter_table('saved_game', schema=None) as batch_op:
        batch_op.drop_index('ix_saved_game_learner_finished')
    op.drop_table('saved_game')
