"""Who sat in a seat the host gave to a bot (issue 22 §5).

``game_seat.left_by``: the person who sat there until the host handed the seat
to a bot while they were away.  They no longer play it, but the game stays in
their list, and its replay opens from their old chair once it is over.

Revision ID: 0015_seat_left_by
Revises: 0014_table_clock
Create Date: 2026-12-06 03:30:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0015_seat_left_by'
down_revision = '0014_table_clock'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game_seat') as batch:
        batch.add_column(sa.Column('left_by', sa.Integer(), nullable=True))
        batch.create_foreign_key('fk_game_seat_left_by', 'learner', ['left_by'], ['id'], ondelete='SET NULL')
        batch.create_index('ix_game_seat_left_by', ['left_by'], unique=False)


def downgrade():
    with op.batch_alter_table('game_seat') as batch:
        batch.drop_index('ix_game_seat_left_by')
        batch.drop_constraint('fk_game_seat_left_by', type_='foreignkey')
        batch.drop_column('left_by')
