"""The playroom (issue 22): tables that people open to play each other.

A ``room`` is a table being gathered: its set-up, the host, an unguessable
invitation token (replaced when the host revokes the link), a live key for
its stream, the people the host took off it (who cannot take a seat again), and
once started the game it became; ``room_seat`` says who has taken each seat (a
learner or a bot) and for whom the host keeps it.  A game at such a table keeps the
room's live key (``saved_game.live_key``) so each move is announced to every
seat, and ``saved_game.talk`` counts the preset phrases said at it
(``table_phrase``), so a phrase moves the table's live version too.

Revision ID: 0013_playroom
Revises: 0012_deals_met
Create Date: 2026-12-05 22:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0013_playroom'
down_revision = '0012_deals_met'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('saved_game') as batch:
        batch.add_column(sa.Column('live_key', sa.String(length=43), nullable=True))
        batch.add_column(sa.Column('talk', sa.Integer(), nullable=False, server_default='0'))
    op.create_table(
        'room',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('token', sa.String(length=43), nullable=False),
        sa.Column('live_key', sa.String(length=43), nullable=False),
        sa.Column('host_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.Column('variant', sa.String(length=12), nullable=False),
        sa.Column('length', sa.String(length=5), nullable=False),
        sa.Column('counting', sa.String(length=20), nullable=False),
        sa.Column('skunks', sa.Boolean(), nullable=False),
        sa.Column('match', sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column('game_id', sa.Integer(), nullable=True),
        sa.Column('version', sa.Integer(), nullable=False),
        sa.Column('removed', sa.Text(), nullable=False, server_default='[]'),
        sa.ForeignKeyConstraint(['host_id'], ['learner.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['game_id'], ['saved_game.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token', name='uq_room_token'),
        sa.UniqueConstraint('live_key', name='uq_room_live_key'),
    )
    op.create_index('ix_room_host', 'room', ['host_id'])
    op.create_table(
        'room_seat',
        sa.Column('room_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('learner_id', sa.Integer(), nullable=True),
        sa.Column('bot_level', sa.String(length=10), nullable=True),
        sa.Column('reserved_for', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['room_id'], ['room.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['reserved_for'], ['learner.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('room_id', 'seat'),
        sa.UniqueConstraint('room_id', 'learner_id', name='uq_room_seat_learner'),
        sa.CheckConstraint('learner_id IS NULL OR bot_level IS NULL', name='ck_room_seat_one_sitter'),
    )
    op.create_index('ix_room_seat_learner', 'room_seat', ['learner_id'])
    op.create_table(
        'table_phrase',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('game_id', sa.Integer(), nullable=False),
        sa.Column('seat', sa.Integer(), nullable=False),
        sa.Column('phrase', sa.String(length=20), nullable=False),
        sa.Column('said_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['game_id'], ['saved_game.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_table_phrase_game', 'table_phrase', ['game_id'])


def downgrade():
    op.drop_index('ix_table_phrase_game', table_name='table_phrase')
    op.drop_table('table_phrase')
    op.drop_index('ix_room_seat_learner', table_name='room_seat')
    op.drop_table('room_seat')
    op.drop_index('ix_room_host', table_name='room')
    op.drop_table('room')
    with op.batch_alter_table('saved_game') as batch:
        batch.drop_column('talk')
        batch.drop_column('live_key')
