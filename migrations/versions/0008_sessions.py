"""Server-side sessions and shared try counts (issue 20); names compared without
invisible characters (a zero-width space, a soft hyphen).

Revision ID: 0008_sessions
Revises: 0007_language
Create Date: 2026-12-02 09:00:00

"""
import unicodedata

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0008_sessions'
down_revision = '0007_language'
branch_labels = None
depends_on = None


def _invisible(character):
    # As trainer.record.learners.INVISIBLE says at this revision: format characters
    # (but the direction controls, which names refuse), variation selectors, the
    # combining grapheme joiner and the Hangul fillers.
    return ((unicodedata.category(character) == "Cf" and character not in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
            or "\ufe00" <= character <= "\ufe0f" or character in "\u034f\u115f\u1160\u3164\uffa0")


def _key(name):
    visible = "".join(c for c in name if not _invisible(c))
    return unicodedata.normalize("NFKC", " ".join(visible.split())).casefold()


def upgrade():
    op.create_table(
        'learner_session',
        sa.Column('id', sa.String(length=64), nullable=False),
        sa.Column('learner_id', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['learner_id'], ['learner.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_learner_session_learner_id', 'learner_session', ['learner_id'])
    op.create_table(
        'try_count',
        sa.Column('key', sa.String(length=64), nullable=False),
        sa.Column('window_start', sa.DateTime(), nullable=False),
        sa.Column('tries', sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint('key'),
    )
    op.create_index('ix_try_count_window_start', 'try_count', ['window_start'])
    # Names holding invisible characters are compared without them from now on; a
    # name whose new key another learner already has keeps its old one (nothing is lost).
    connection = op.get_bind()
    learner = sa.table('learner', sa.column('id', sa.Integer), sa.column('name', sa.String),
                       sa.column('name_key', sa.String))
    rows = connection.execute(sa.select(learner.c.id, learner.c.name, learner.c.name_key)).all()
    taken = {row.name_key for row in rows}
    for row in rows:
        key = _key(row.name)
        if key != row.name_key and key not in taken:
            connection.execute(learner.update().where(learner.c.id == row.id).values(name_key=key))
            taken.add(key)


def downgrade():
    op.drop_index('ix_try_count_window_start', table_name='try_count')
    op.drop_table('try_count')
    op.drop_index('ix_learner_session_learner_id', table_name='learner_session')
    op.drop_table('learner_session')
