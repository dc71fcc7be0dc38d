"""Ratings and memory (issue 23): each learner's and each deal's Glicko-2 rating
per skill, the learner's rating by week, FSRS cards for the deals and combo
types missed, the week's answers per skill and combo type, the daily deal's
answers and the streak.  The history so far is replayed into them once
(:mod:`trainer.rating.replay`: a batch of learners at a time, one pass over each
learner's attempts).

Revision ID: 0010_ratings
Revises: 0009_seats
Create Date: 2026-12-02 10:00:00

"""
import sqlalchemy as sa
from alembic import op

from trainer.rating import replay

# revision identifiers, used by Alembic.
revision = '0010_ratings'
down_revision = '0009_seats'
branch_labels = None
depends_on = None


def _learner_fk():
    return sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE')


def upgrade():
    op.create_table('learner_rating',
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('skill', sa.String(length=20), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('deviation', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('rated', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    _learner_fk(),
    sa.PrimaryKeyConstraint('learner_id', 'skill')
    )
    op.create_table('rating_week',
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('skill', sa.String(length=20), nullable=False),
    sa.Column('week', sa.Date(), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('deviation', sa.Float(), nullable=False),
    sa.Column('rated', sa.Integer(), nullable=False),
    _learner_fk(),
    sa.PrimaryKeyConstraint('learner_id', 'skill', 'week')
    )
    op.create_table('deal_rating',
    sa.Column('skill', sa.String(length=20), nullable=False),
    sa.Column('deal_key', sa.String(length=32), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('payload', sa.Text(), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('deviation', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('rated', sa.Integer(), nullable=False),
    sa.Column('timed', sa.Integer(), nullable=False),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('seconds_squared', sa.Float(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('skill', 'deal_key')
    )
    op.create_index('ix_deal_rating_skill_rating', 'deal_rating', ['skill', 'rating'], unique=False)
    op.create_table('review_card',
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('card_key', sa.String(length=48), nullable=False),
    sa.Column('kind', sa.String(length=20), nullable=False),
    sa.Column('combo_type', sa.String(length=30), nullable=True),
    sa.Column('payload', sa.Text(), nullable=True),
    sa.Column('attempt_id', sa.Integer(), nullable=True),
    sa.Column('state', sa.Integer(), nullable=False),
    sa.Column('step', sa.Integer(), nullable=True),
    sa.Column('stability', sa.Float(), nullable=True),
    sa.Column('difficulty', sa.Float(), nullable=True),
    sa.Column('due', sa.DateTime(), nullable=False),
    sa.Column('last_review', sa.DateTime(), nullable=True),
    sa.Column('reviews', sa.Integer(), nullable=False),
    sa.Column('lapses', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['attempt_id'], ['attempt.id'], ondelete='SET NULL'),
    _learner_fk(),
    sa.PrimaryKeyConstraint('learner_id', 'card_key')
    )
    op.create_index('ix_review_card_due', 'review_card', ['learner_id', 'kind', 'due'], unique=False)
    op.create_table('progress_week',
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('week', sa.Date(), nullable=False),
    sa.Column('skill', sa.String(length=20), nullable=False),
    sa.Column('combo_type', sa.String(length=30), nullable=False),
    sa.Column('bucket', sa.Integer(), nullable=False),
    sa.Column('seen', sa.Integer(), nullable=False),
    sa.Column('right', sa.Integer(), nullable=False),
    _learner_fk(),
    sa.PrimaryKeyConstraint('learner_id', 'week', 'skill', 'combo_type', 'bucket')
    )
    op.create_table('daily_answer',
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('part', sa.String(length=10), nullable=False),
    sa.Column('attempt_id', sa.Integer(), nullable=True),
    sa.Column('correct', sa.Boolean(), nullable=False),
    sa.Column('answered_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['attempt_id'], ['attempt.id'], ondelete='SET NULL'),
    _learner_fk(),
    sa.PrimaryKeyConstraint('learner_id', 'day', 'part')
    )
    op.create_index('ix_daily_answer_day', 'daily_answer', ['day', 'part'], unique=False)
    op.create_table('streak',
    sa.Column('learner_id', sa.Integer(), nullable=False),
    sa.Column('current', sa.Integer(), nullable=False),
    sa.Column('longest', sa.Integer(), nullable=False),
    sa.Column('last_day', sa.Date(), nullable=True),
    sa.Column('freeze_week', sa.Date(), nullable=True),
    sa.Column('frozen_days', sa.Integer(), nullable=False),
    sa.Column('on_board', sa.Boolean(), nullable=False),
    _learner_fk(),
    sa.PrimaryKeyConstraint('learner_id')
    )
    replay.replay_history(op.get_bind())


def downgrade():
    op.drop_table('streak')
    op.drop_index('ix_daily_answer_day', table_name='daily_answer')
    op.drop_table('daily_answer')
    op.drop_table('progress_week')
    op.drop_index('ix_review_card_due', table_name='review_card')
    op.drop_table('review_card')
    op.drop_index('ix_deal_rating_skill_rating', table_name='deal_rating')
    op.drop_table('deal_rating')
    op.drop_table('rating_week')
    op.drop_table('learner_rating')
