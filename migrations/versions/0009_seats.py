"""Any seat a person or a bot (issue 18): ``game_seat`` maps each seat of a game
to a learner or a bot level, with the seat's own reveal cursor, version, notes,
the coach's advice and the seat's result; ``saved_game`` keeps the game itself
and its host.

The saved games move over as they were: seat 0 is the learner, with the row's
``seen``, ``mark``, ``notes``, version and result; the other seats (one, two or
three, by the variant) are bots of the row's level and under-count rate.  The
skunk of a finished game is kept as its level (it was signed by whether the
learner won, which the seat now says).

Revision ID: 0009_seats
Revises: 0008_sessions
Create Date: 2026-12-02 10:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0009_seats'
down_revision = '0008_sessions'
branch_labels = None
depends_on = None

#: How many seats each variant has beyond the learner's (as the games offered them when this was written).
_SEATS = ((1, None), (2, ('three-player', 'four-player')), (3, ('four-player',)))



def upgrade():
    op.create_table('game_seat',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.Integer(), nullable=True),
    sa.Column('bot_level', sa.String(length=10), nullable=True),
    sa.Column('bot_miss_rate', sa.Float(), nullable=True),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('seen', sa.Integer(), nullable=False),
    sa.Column('mark', sa.Integer(), nullable=False),
    sa.Column('notes', sa.Text(), nullable=False),
    sa.Column('advice', sa.Text(), nullable=True),
    sa.Column('won', sa.Boolean(), nullable=True),
    sa.Column('score', sa.Integer(), nullable=False),
    sa.Column('others_score', sa.Integer(), nullable=False),
    sa.CheckConstraint('learner_id IS NULL OR bot_level IS NULL', name='ck_game_seat_one_sitter'),
    sa.ForeignKeyConstraint(['game_id'], ['saved_game.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('game_id', 'seat')
    )
    with op.batch_alter_table('game_seat') as batch:
        batch.create_index('ix_game_seat_learner', ['learner_id'], unique=False)

    # Seat 0: the learner, with what the game kept for them; the form they have open stays current.
    op.execute(
        "INSERT INTO game_seat (game_id, seat, learner_id, bot_level, bot_miss_rate, version, seen, mark, notes,"
        " advice, won, score, others_score)"
        " SELECT id, 0, learner_id, NULL, NULL, version, seen, mark, notes, NULL,"
        " learner_won, learner_score, bot_score FROM saved_game"
    )
    for seat, variants in _SEATS:
        where = "" if variants is None else " WHERE variant IN (" + ", ".join(f"'{v}'" for v in variants) + ")"
        op.execute(
            "INSERT INTO game_seat (game_id, seat, learner_id, bot_level, bot_miss_rate, version, seen, mark, notes,"
            " advice, won, score, others_score)"
            f" SELECT id, {seat}, NULL, level, bot_miss_rate, 0, 0, 0, '[]', NULL, NULL, 0, 0 FROM saved_game{where}"
        )
    op.execute("UPDATE saved_game SET skunk = -skunk WHERE skunk < 0")

    with op.batch_alter_table('saved_game') as batch:
        batch.drop_index('ix_saved_game_learner_finished')
        batch.alter_column('learner_id', new_column_name='host_id', existing_type=sa.Integer(), existing_nullable=False)
        for column in ('bot_miss_rate', 'seen', 'mark', 'notes', 'learner_won', 'learner_score', 'bot_score'):
            batch.drop_column(column)
    with op.batch_alter_table('saved_game') as batch:
        batch.create_index('ix_saved_game_host', ['host_id'], unique=False)


def downgrade():
    with op.batch_alter_table('saved_game') as batch:
        batch.drop_index('ix_saved_game_host')
    with op.batch_alter_table('saved_game') as batch:
        batch.alter_column('host_id', new_column_name='learner_id', existing_type=sa.Integer(), existing_nullable=False)
        batch.add_column(sa.Column('bot_miss_rate', sa.Float(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('seen', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('mark', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('notes', sa.Text(), nullable=False, server_default='[]'))
        batch.add_column(sa.Column('learner_won', sa.Boolean(), nullable=True))
        batch.add_column(sa.Column('learner_score', sa.Integer(), nullable=False, server_default='0'))
        batch.add_column(sa.Column('bot_score', sa.Integer(), nullable=False, server_default='0'))
    with op.batch_alter_table('saved_game') as batch:
        batch.create_index('ix_saved_game_learner_finished', ['learner_id', 'finished'], unique=False)
    # The host's seat (seat 0 in every game made before seats) goes back into the row.
    for column, value in (("seen", "seen"), ("mark", "mark"), ("notes", "notes"), ("learner_won", "won"),
                          ("learner_score", "score"), ("bot_score", "others_score")):
        op.execute(
            f"UPDATE saved_game SET {column} = (SELECT game_seat.{value} FROM game_seat"
            " WHERE game_seat.game_id = saved_game.id AND game_seat.learner_id = saved_game.learner_id"
            " ORDER BY game_seat.seat LIMIT 1)"
            " WHERE EXISTS (SELECT 1 FROM game_seat WHERE game_seat.game_id = saved_game.id"
            " AND game_seat.learner_id = saved_game.learner_id)"
        )
    op.execute(
        "UPDATE saved_game SET bot_miss_rate = COALESCE((SELECT MAX(game_seat.bot_miss_rate) FROM game_seat"
        " WHERE game_seat.game_id = saved_game.id), 0)"
    )
    op.execute("UPDATE saved_game SET skunk = -skunk WHERE finished AND learner_won IS NOT NULL AND NOT learner_won")
    with op.batch_alter_table('game_seat') as batch:
        batch.drop_index('ix_game_seat_learner')
    op.drop_table('game_seat')
