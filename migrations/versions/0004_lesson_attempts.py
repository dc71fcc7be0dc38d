"""An index for a learner's attempts by mode: lesson progress reads only the
learner's lesson exercises (mode "lesson"), however long the rest of the record.

Revision ID: 0004_lesson_attempts
Revises: 0003_many_learners
Create Date: 2026-12-01 04:00:00

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '0004_lesson_attempts'
down_revision = '0003_many_learners'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('attempt') as batch:
        batch.create_index('ix_attempt_learner_mode', ['learner_id', 'mode'], unique=False)


def downgrade():
    with op.batch_alter_table('attempt') as batch:
        batch.drop_index('ix_attempt_learner_mode')
