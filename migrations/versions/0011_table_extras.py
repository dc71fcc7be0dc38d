"""The table's extras (issue 19): two table settings ("say go for me", the spoken
count), practice games (take-backs allowed, nothing recorded), the points a
person's seat made in a finished game by where they came from (for the
long-term statistics, written once when the game ends), and the move a seat
may take back.

Revision ID: 0011_table_extras
Revises: 0010_ratings
Create Date: 2026-12-03 09:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0011_table_extras'
down_revision = '0010_ratings'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('learner') as batch:
        batch.add_column(sa.Column('say_go', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column('spoken_count', sa.Boolean(), nullable=False, server_default=sa.false()))
    with op.batch_alter_table('saved_game') as batch:
        batch.add_column(sa.Column('practice', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column('finished_at', sa.DateTime(), nullable=True))
    with op.batch_alter_table('game_seat') as batch:
        # None: a game finished before these were kept (it stays out of the long-term statistics).
        batch.add_column(sa.Column('pegging_points', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('hand_points', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('crib_points', sa.Integer(), nullable=True))
        batch.add_column(sa.Column('take_back', sa.Text(), nullable=True))


def downgrade():
    with op.batch_alter_table('game_seat') as batch:
        for name in ('take_back', 'crib_points', 'hand_points', 'pegging_points'):
            batch.drop_column(name)
    with op.batch_alter_table('saved_game') as batch:
        batch.drop_column('finished_at')
        batch.drop_column('practice')
    with op.batch_alter_table('learner') as batch:
        batch.drop_column('spoken_count')
        batch.drop_column('say_go')
