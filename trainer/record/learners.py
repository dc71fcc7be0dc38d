"""Learners: their names (cleaned and compared as one), their rows, and the
keys of rows reached from untrusted input.

Everything returned is a frozen value, so a caller cannot change the
database by accident.  Functions need an app context; writing functions only
flush, except where a unique name decides a race (:func:`add_learner`).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

from confusable_homoglyphs import categories
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from trainer.database import db
from trainer.language.i18n import gettext as _
from trainer.language.i18n import ngettext
from trainer.record.models import Learner

#: Longest learner name accepted.
MAX_NAME_LENGTH = 40


#: The largest row id a table key can be (PostgreSQL's INTEGER is 32 bits).
MAX_ROW_ID = 2**31 - 1


@dataclass(frozen=True, slots=True)
class LearnerInfo:
    id: int
    name: str
    created_at: datetime
    #: a server-mode account: signed in with a password, never by name alone
    has_password: bool = False
    #: the language they chose ("en", "ru"), or None for their browser's
    language: str | None = None


#: Longest comparison key stored (``learner.name_key``): NFKC spells some
#: characters out at length (one Arabic ligature becomes 18 letters).
MAX_NAME_KEY_LENGTH = 160

#: Direction overrides and isolates: they can make one name display as another.
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

#: Scripts a name may mix: Latin with the Chinese, Japanese and Korean ones, as
#: Unicode's "highly restrictive" profile (UTS #39) allows.  Any other mix (a
#: Cyrillic К among Latin letters) is refused: it makes a look-alike of a name.
_MIXABLE_SCRIPTS = frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"})
#: Script values of characters that belong to every script (digits, spaces, marks).
_ANY_SCRIPT = frozenset({"COMMON", "INHERITED"})


def is_invisible(character: str) -> bool:
    """Whether a character shows nothing, so a name with it looks like one without:
    format characters (a zero-width space, a soft hyphen; the direction controls
    are refused instead), variation selectors, the combining grapheme joiner and
    the Hangul fillers.

    >>> [is_invisible(c) for c in ("\u200b", "\u00ad", "\ufe0f", "a", " ")]
    [True, True, True, False, False]
    """
    return ((unicodedata.category(character) == "Cf" and character not in _BIDI_CONTROLS)
            or "\ufe00" <= character <= "\ufe0f" or character in "\u034f\u115f\u1160\u3164\uffa0")


def _fold(cleaned: str) -> str:
    return unicodedata.normalize("NFKC", cleaned).casefold()


def mixes_scripts(name: str) -> bool:
    """Whether a name's letters come from alphabets that make look-alikes together.

    >>> mixes_scripts("Ken"), mixes_scripts("\u041aen"), mixes_scripts("Катя 2"), mixes_scripts("山田 Ken")
    (False, True, False, False)
    """
    scripts = categories.unique_aliases(name) - _ANY_SCRIPT
    return len(scripts) > 1 and not scripts <= _MIXABLE_SCRIPTS


def clean_name(name: str) -> str:
    """A learner name with its spaces tidied and its invisible characters
    (:func:`is_invisible`) dropped; ``ValueError`` with a message for the learner
    if it is empty, too long, holds a control character (NUL, an unpaired
    surrogate, a direction override) or mixes alphabets (:func:`mixes_scripts`).

    >>> clean_name("  Ann   Lee "), clean_name("An\\u00adn\\u200b")
    ('Ann Lee', 'Ann')
    >>> clean_name("Ann\\x00")
    Traceback (most recent call last):
    ...
    ValueError: A name cannot hold control characters (like NUL): please type it again.
    """
    cleaned = " ".join("".join(c for c in str(name) if not is_invisible(c)).split())
    if not cleaned:
        raise ValueError(_("Please type a name."))
    if len(cleaned) > MAX_NAME_LENGTH:
        raise ValueError(ngettext("A name can have at most %(num)d character.",
                                  "A name can have at most %(num)d characters.", MAX_NAME_LENGTH))
    if any(unicodedata.category(c) in ("Cc", "Cs") or c in _BIDI_CONTROLS for c in cleaned):
        raise ValueError(_("A name cannot hold control characters (like NUL): please type it again."))
    if mixes_scripts(cleaned):
        raise ValueError(_("A name cannot mix alphabets (like Latin and Cyrillic letters): please type it in one."))
    if len(_fold(cleaned)) > MAX_NAME_KEY_LENGTH:
        raise ValueError(_("That name is too long once its letters are spelled out: please shorten it."))
    return cleaned


def name_key(name: str) -> str:
    """How names are compared: Unicode-normalised (NFKC) and case-folded, so a
    name matches itself typed in any case, in any alphabet.

    >>> name_key("ÉVA") == name_key("éva"), name_key("Straße") == name_key("STRASSE")
    (True, True)
    """
    return _fold(clean_name(name))


def learner_info(row: Learner) -> LearnerInfo:
    """The frozen value of a learner row."""
    return LearnerInfo(
        row.id, row.name, row.created_at, has_password=row.password_hash is not None, language=row.language
    )


def set_language(learner_id: int, language: str | None) -> bool:
    """Keep the learner's language (None: their browser's); flushed, not committed.
    False if there is no such learner."""
    row = db.session.get(Learner, learner_id)
    if row is None:
        return False
    row.language = language
    db.session.flush()
    return True


def _learner_row(key: str) -> Learner | None:
    return db.session.scalar(select(Learner).where(Learner.name_key == key))


def learner_by_name(name: str, *, create: bool = False) -> LearnerInfo | None:
    """The learner with this name (names are matched as :func:`name_key` says);
    with ``create``, a new learner if there is none, also when another request
    creates the same name at the same moment (both get the one learner)."""
    cleaned = clean_name(name)
    row = _learner_row(_fold(cleaned))
    if row is None and create:
        return add_learner(cleaned) or _winner(cleaned)
    return learner_info(row) if row else None


def _winner(cleaned: str) -> LearnerInfo:
    """The learner another request created under this name while we tried to."""
    row = _learner_row(_fold(cleaned))
    if row is None:  # created and deleted again in between: nothing sensible to return
        raise ValueError(_("That name was busy for a moment: please try again."))
    return learner_info(row)


def add_learner(name: str, *, password_hash: str | None = None) -> LearnerInfo | None:
    """A new learner with this name (and password hash, in server mode), or None
    if the name is taken.  The unique ``name_key`` decides, so of two requests
    racing to take one name exactly one wins and the other gets None."""
    cleaned = clean_name(name)
    row = Learner(name=cleaned, name_key=_fold(cleaned), password_hash=password_hash)
    db.session.add(row)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return None
    return learner_info(row)


def password_hash(learner_id: int) -> str | None:
    """The learner's stored password hash (None for a personal profile or no such learner)."""
    row = db.session.get(Learner, learner_id)
    return row.password_hash if row else None


def set_password_hash(learner_id: int, password_hash: str) -> None:
    """Keep the learner's new password hash; flushed, not committed."""
    row = db.session.get(Learner, learner_id)
    if row is not None:
        row.password_hash = password_hash
        db.session.flush()


def row_key(value: Any) -> int | None:
    """A table key from untrusted input: a whole number up to :data:`MAX_ROW_ID`
    (what an INTEGER column holds on PostgreSQL as well as SQLite), else None.

    >>> row_key("12"), row_key("twelve"), row_key(2**31), row_key(2**70), row_key(True)
    (12, None, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return None
    try:
        key = int(value)
    except ValueError:
        return None
    return key if 0 < key <= MAX_ROW_ID else None


class _Owned(Protocol):
    """A row that belongs to a learner (an attempt, a solitaire game...)."""

    @property
    def learner_id(self) -> int: ...


_Row = TypeVar("_Row", bound=_Owned)


def owned_row(model: type[_Row], learner_id: int, row_id: Any) -> _Row | None:
    """The row of ``model`` with this id if it is the learner's; None for
    another learner's, no such row, or an id that is not a key."""
    key = row_key(row_id)
    if key is None:
        return None
    row = db.session.get(model, key)
    if row is None or row.learner_id != learner_id:
        return None
    return row


def learner_by_id(learner_id: Any) -> LearnerInfo | None:
    """The learner with this id, or None (also for ids that are not numbers)."""
    key = row_key(learner_id)
    if key is None:
        return None
    row = db.session.get(Learner, key)
    return learner_info(row) if row else None


def first_learner_id() -> int | None:
    """The lowest learner id, or None: a read of the learner table (for health checks)."""
    return db.session.scalar(select(Learner.id).order_by(Learner.id).limit(1))


def all_learners() -> tuple[LearnerInfo, ...]:
    """Every learner, by name."""
    rows = db.session.scalars(select(Learner).order_by(func.lower(Learner.name)))
    return tuple(learner_info(row) for row in rows)


def personal_learners(limit: int | None = None) -> tuple[LearnerInfo, ...]:
    """The profiles anyone at this machine may open by name (those without a
    password), by name; at most ``limit`` of them."""
    rows = db.session.scalars(
        select(Learner).where(Learner.password_hash.is_(None)).order_by(Learner.name_key).limit(limit)
    )
    return tuple(learner_info(row) for row in rows)
