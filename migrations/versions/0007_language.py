"""The learner's language (issue 13): the one they chose, or none to follow their browser.

Revision ID: 0007_language
Revises: 0006_coach
Create Date: 2026-12-01 09:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0007_language'
down_revision = '0006_coach'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('learner') as batch:
        batch.add_column(sa.Column('language', sa.String(length=8), nullable=True))


def downgrade():
    with op.batch_alter_table('learner') as batch:
        batch.drop_column('language')
