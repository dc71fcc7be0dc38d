"""The host's clock at a table of people (issue 22 §4 and §5).

``saved_game.away_after``: after how many seconds without a move a bot plays
for the person the table waits on, until they come back (``game_seat.away``
marks them; a table nobody has moved at for a week is played out by bots, found
by ``ix_saved_game_live_waiting``); ``saved_game.call_within``: how long the people who may call
muggins have to call it before the count stands.  NULL: no limit.  The room
keeps the host's choice until the game starts.

Revision ID: 0014_table_clock
Revises: 0013_playroom
Create Date: 2026-12-06 00:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0014_table_clock'
down_revision = '0013_playroom'
branch_labels = None
depends_on = None


def upgrade():
    for table in ('saved_game', 'room'):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('away_after', sa.Integer(), nullable=True))
            batch.add_column(sa.Column('call_within', sa.Integer(), nullable=True))
    with op.batch_alter_table('game_seat') as batch:
        batch.add_column(sa.Column('away', sa.Boolean(), nullable=False, server_default=sa.false()))
    # The tables of people still going, oldest move first: the ones abandoned are played out by bots.
    op.create_index('ix_saved_game_live_waiting', 'saved_game', ['finished', 'updated_at'],
                    postgresql_where=sa.text('live_key IS NOT NULL'), sqlite_where=sa.text('live_key IS NOT NULL'))


def downgrade():
    op.drop_index('ix_saved_game_live_waiting', table_name='saved_game')
    with op.batch_alter_table('game_seat') as batch:
        batch.drop_column('away')
    for table in ('room', 'saved_game'):
        with op.batch_alter_table(table) as batch:
            batch.drop_column('call_within')
            batch.drop_column('away_after')
