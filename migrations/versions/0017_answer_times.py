"""Every answer's time, and the over-counts on the progress page (issue 27).

``attempt.elapsed``: the seconds from dealing to answering, which the drills
now record for every answer (``attempt.seconds`` stays a timed answer's, the
only time the ratings reward), so the progress page's median time covers
untimed answers too.  Answers recorded before have none.

The progress page's "counted too high" lines: a total too high counts against
none of the combo types the hand holds, so a skill's over-counts showed on no
line beneath it.  Its rows for the first attempts recorded before are counted
here from the history (as ``0010_ratings`` counted the rest).

Revision ID: 0017_answer_times
Revises: 0016_checkups
Create Date: 2026-12-08 00:30:00

"""
import sqlalchemy as sa
from alembic import op

from trainer.rating import replay, tables
from trainer.rating.models import ProgressWeek

# revision identifiers, used by Alembic.
revision = '0017_answer_times'
down_revision = '0016_checkups'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('attempt') as batch:
        batch.add_column(sa.Column('elapsed', sa.Float(), nullable=True))
    connection = op.get_bind()
    learner_ids = connection.execute(sa.text('SELECT id FROM learner ORDER BY id')).scalars().all()
    for learner_id in learner_ids:
        tables.set_rows(ProgressWeek, replay.counted_too_high_rows(connection, learner_id), connection)


def downgrade():
    op.execute("DELETE FROM progress_week WHERE combo_type = 'counted too high'")
    with op.batch_alter_table('attempt') as batch:
        batch.drop_column('elapsed')
