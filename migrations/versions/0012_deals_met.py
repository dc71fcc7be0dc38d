"""The deals each learner has met, per skill (issue 23: only a first attempt is rated).

A deal answered right leaves no FSRS card, so before this a deal met again
without a retry link was rated again.  Deals met before the table existed are
not known: a missed one has its card (and is not rated again); one answered
right may be rated once more if it is ever dealt again (a fresh deal rarely is).

Revision ID: 0012_deals_met
Revises: 0011_table_extras
Create Date: 2026-12-05 22:00:00

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0012_deals_met'
down_revision = '0011_table_extras'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'deal_met',
        sa.Column('learner_id', sa.Integer(), sa.ForeignKey('learner.id', ondelete='CASCADE'), nullable=False),
        sa.Column('skill', sa.String(length=20), nullable=False),
        sa.Column('deal_key', sa.String(length=32), nullable=False),
        sa.PrimaryKeyConstraint('learner_id', 'skill', 'deal_key'),
    )


def downgrade():
    op.drop_table('deal_met')
