"""The learner's table settings (sound, four-colour deck, animation speed), kept
per learner so they follow them to any browser; and the giveaway (lowball)
option of a saved game.

Revision ID: 0005_table_settings
Revises: 0004_lesson_attempts
Create Date: 2026-12-01 06:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0005_table_settings'
down_revision = '0004_lesson_attempts'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('learner') as batch:
        batch.add_column(sa.Column('sound', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column('four_colour', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column('animation', sa.String(length=8), nullable=False, server_default='normal'))
    with op.batch_alter_table('saved_game') as batch:
        batch.add_column(sa.Column('giveaway', sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('saved_game') as batch:
        batch.drop_column('giveaway')
    with op.batch_alter_table('learner') as batch:
        batch.drop_column('animation')
        batch.drop_column('four_colour')
        batch.drop_column('sound')
