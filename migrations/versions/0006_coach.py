"""The coach at the table (issue 14): whether the learner wants hints, verdicts
and the win-probability meter in games against the bot; off until they turn it on.

Revision ID: 0006_coach
Revises: 0005_table_settings
Create Date: 2026-12-01 06:40:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0006_coach'
down_revision = '0005_table_settings'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('learner') as batch:
        batch.add_column(sa.Column('coach', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('learner') as batch:
        batch.drop_column('coach')
