"""Many learners: name keys and passwords, running tallies, race guards.

* ``learner.name_key`` (unique): the normalised, case-folded name, so names
  compare alike in every alphabet and two sign-ups of one name cannot race;
  ``learner.password_hash`` for server mode.
* ``combo_tally`` and ``day_tally``: a learner's totals per combo type and per
  day, kept as attempts are recorded; filled here from the attempts so far.
* ``attempt``: indexes for the paged history and the review queue.
* ``drill.version``: claims are written over the version they were read at.
* ``saved_game.match_game`` (unique per match): a match's games are numbered,
  so pressing "next game" twice adds one game.

Revision ID: 0003_many_learners
Revises: 0002_games
Create Date: 2026-12-01 03:30:00

"""
import json
import unicodedata
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0003_many_learners'
down_revision = '0002_games'
branch_labels = None
depends_on = None


def _name_key(name: str) -> str:
    # The rule of trainer.record.learners.name_key when this migration was written.
    return unicodedata.normalize("NFKC", " ".join(name.split())).casefold()


def upgrade():
    bind = op.get_bind()

    with op.batch_alter_table('learner') as batch:
        batch.add_column(sa.Column('name_key', sa.String(length=160), nullable=True))
        batch.add_column(sa.Column('password_hash', sa.String(length=255), nullable=True))
    learner = sa.table('learner', sa.column('id', sa.Integer), sa.column('name', sa.String),
                       sa.column('name_key', sa.String))
    taken = set()
    for learner_id, name in bind.execute(sa.select(learner.c.id, learner.c.name).order_by(learner.c.id)).all():
        key = _name_key(name)
        # Names that only now compare alike (say "Éva" and "ÉVA") keep apart by their id.
        if key in taken:
            key = f"{key}#{learner_id}"
        taken.add(key)
        bind.execute(learner.update().where(learner.c.id == learner_id).values(name_key=key))
    with op.batch_alter_table('learner') as batch:
        batch.alter_column('name_key', existing_type=sa.String(length=160), nullable=False)
        batch.create_unique_constraint('uq_learner_name_key', ['name_key'])

    op.create_table('combo_tally',
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('combo_type', sa.String(length=30), nullable=False),
    sa.Column('seen', sa.Integer(), nullable=False),
    sa.Column('right', sa.Integer(), nullable=False),
    sa.Column('points_missed', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('learner_id', 'kind', 'combo_type')
    )
    op.create_table('day_tally',
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('correct', sa.Integer(), nullable=False),
    sa.Column('points_missed', sa.Integer(), nullable=False),
    sa.Column('timed', sa.Integer(), nullable=False),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('graded', sa.Integer(), nullable=False),
    sa.Column('given_away', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('learner_id', 'kind', 'day')
    )
    _fill_tallies(bind)

    with op.batch_alter_table('attempt') as batch:
        batch.create_index('ix_attempt_learner_kind', ['learner_id', 'kind', 'id'], unique=False)
        batch.create_index('ix_attempt_retry_of', ['retry_of'], unique=False)

    with op.batch_alter_table('drill') as batch:
        batch.add_column(sa.Column('version', sa.Integer(), nullable=False, server_default='0'))

    with op.batch_alter_table('saved_game') as batch:
        batch.add_column(sa.Column('match_game', sa.Integer(), nullable=True))
    saved = sa.table('saved_game', sa.column('id', sa.Integer), sa.column('match_id', sa.Integer),
                     sa.column('match_game', sa.Integer))
    number = defaultdict(int)
    rows = bind.execute(sa.select(saved.c.id, saved.c.match_id).where(saved.c.match_id.is_not(None))
                        .order_by(saved.c.id)).all()
    for game_id, match_id in rows:
        number[match_id] += 1
        bind.execute(saved.update().where(saved.c.id == game_id).values(match_game=number[match_id]))
    with op.batch_alter_table('saved_game') as batch:
        batch.create_unique_constraint('uq_saved_game_match_game', ['match_id', 'match_game'])


def _fill_tallies(bind) -> None:
    """The tallies of the attempts recorded before they were kept."""
    attempt = sa.table('attempt', sa.column('id', sa.Integer), sa.column('learner_id', sa.Integer),
                       sa.column('kind', sa.String), sa.column('created_at', sa.DateTime),
                       sa.column('answer', sa.Text), sa.column('points_missed', sa.Integer),
                       sa.column('correct', sa.Boolean), sa.column('seconds', sa.Float))
    result = sa.table('combo_result', sa.column('attempt_id', sa.Integer), sa.column('combo_type', sa.String),
                      sa.column('missed_points', sa.Integer), sa.column('right', sa.Boolean))
    days = defaultdict(lambda: [0, 0, 0, 0, 0.0, 0, 0.0])
    for learner_id, kind, created_at, answer, missed, correct, seconds in bind.execute(sa.select(
            attempt.c.learner_id, attempt.c.kind, attempt.c.created_at, attempt.c.answer,
            attempt.c.points_missed, attempt.c.correct, attempt.c.seconds)):
        tally = days[learner_id, kind, created_at.date()]
        tally[0] += 1
        tally[1] += bool(correct)
        tally[2] += missed
        if seconds is not None:
            tally[3] += 1
            tally[4] += seconds
        try:
            given = float(json.loads(answer)["given_away"])
        except (KeyError, TypeError, ValueError):
            continue
        tally[5] += 1
        tally[6] += given
    combos = defaultdict(lambda: [0, 0, 0])
    for learner_id, kind, combo_type, missed, right in bind.execute(sa.select(
            attempt.c.learner_id, attempt.c.kind, result.c.combo_type, result.c.missed_points, result.c.right)
            .join(attempt, attempt.c.id == result.c.attempt_id)):
        tally = combos[learner_id, kind, combo_type]
        tally[0] += 1
        tally[1] += bool(right)
        tally[2] += missed
    if days:
        op.bulk_insert(sa.table('day_tally', *(sa.column(name) for name in (
            'learner_id', 'kind', 'day', 'attempts', 'correct', 'points_missed', 'timed', 'seconds', 'graded',
            'given_away'))), [
            dict(zip(('learner_id', 'kind', 'day'), key), attempts=t[0], correct=t[1], points_missed=t[2],
                 timed=t[3], seconds=t[4], graded=t[5], given_away=t[6])
            for key, t in days.items()
        ])
    if combos:
        op.bulk_insert(sa.table('combo_tally', *(sa.column(name) for name in (
            'learner_id', 'kind', 'combo_type', 'seen', 'right', 'points_missed'))), [
            dict(zip(('learner_id', 'kind', 'combo_type'), key), seen=t[0], right=t[1], points_missed=t[2])
            for key, t in combos.items()
        ])


def downgrade():
    with op.batch_alter_table('saved_game') as batch:
        batch.drop_constraint('uq_saved_game_match_game', type_='unique')
        batch.drop_column('match_game')
    with op.batch_alter_table('drill') as batch:
        batch.drop_column('version')
    with op.batch_alter_table('attempt') as batch:
        batch.drop_index('ix_attempt_retry_of')
        batch.drop_index('ix_attempt_learner_kind')
    op.drop_table('day_tally')
    op.drop_table('combo_tally')
    with op.batch_alter_table('learner') as batch:
        batch.drop_constraint('uq_learner_name_key', type_='unique')
        batch.drop_column('password_hash')
        batch.drop_column('name_key')
