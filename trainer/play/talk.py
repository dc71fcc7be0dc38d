"""Words at the table: the playroom's preset phrases (RULES.md §8, issue 22).

People at a table speak only in these phrases, never free text, so nothing
said there needs moderating and everyone reads it in their own language.
A phrase said is kept (:class:`~trainer.play.models.TablePhrase`) and moves
the table's *live version* (its game's ``version`` plus ``talk``, the count
of phrases), which is announced like a move, so every seat's page hears it.

>>> [phrase.value for phrase in Phrase][:3]
['good-luck', 'nice-hand', 'well-played']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy import delete, select, update

from trainer.database import db, utcnow
from trainer.language.i18n import NC_, translated_name
from trainer.live.announce import announce
from trainer.play.models import SavedGame, TablePhrase

#: How many of the latest phrases a table shows.
SHOWN = 6
#: How many phrases a table keeps (the newest): the page shows only :data:`SHOWN`, and
#: a table of people talking for months must not grow without end.
KEPT = 200


class Phrase(StrEnum):
    """A preset phrase; the value is what a form sends."""

    GOOD_LUCK = "good-luck"
    NICE_HAND = "nice-hand"
    WELL_PLAYED = "well-played"
    GOOD_GAME = "good-game"
    MUGGINS = "call-muggins"
    ONE_MOMENT = "one-moment"


PHRASE_WORDS = {
    Phrase.GOOD_LUCK.value: NC_("phrase", "Good luck!"),
    Phrase.NICE_HAND.value: NC_("phrase", "Nice hand!"),
    Phrase.WELL_PLAYED.value: NC_("phrase", "Well played!"),
    Phrase.GOOD_GAME.value: NC_("phrase", "Good game!"),
    Phrase.MUGGINS.value: NC_("phrase", "Muggins!"),
    Phrase.ONE_MOMENT.value: NC_("phrase", "One moment, please."),
}


def phrase_text(phrase: str) -> str:
    """A phrase in the reader's language."""
    return translated_name("phrase", PHRASE_WORDS, phrase, phrase)


@dataclass(frozen=True, slots=True)
class Said:
    """A phrase said at the table, by the seat that said it."""

    seat: int
    phrase: Phrase

    @property
    def text(self) -> str:
        return phrase_text(self.phrase.value)


def say(row: SavedGame, seat: int, phrase: Phrase) -> None:
    """Keep ``phrase`` said by ``seat`` at the game ``row`` and announce the
    table's new live version (the caller commits)."""
    db.session.add(TablePhrase(game_id=row.id, seat=seat, phrase=phrase.value, said_at=utcnow()))
    version, talk = db.session.execute(
        update(SavedGame).where(SavedGame.id == row.id).values(talk=SavedGame.talk + 1)
        .returning(SavedGame.version, SavedGame.talk)
        .execution_options(synchronize_session=False)
    ).one()
    if row.live_key is not None:
        announce(row.live_key, version + talk)
    if talk > KEPT:  # the count moves on (it is the live version), the rows stay bounded
        oldest_kept = (select(TablePhrase.id).where(TablePhrase.game_id == row.id)
                       .order_by(TablePhrase.id.desc()).offset(KEPT - 1).limit(1).scalar_subquery())
        db.session.execute(delete(TablePhrase).where(TablePhrase.game_id == row.id, TablePhrase.id < oldest_kept)
                           .execution_options(synchronize_session=False))


def latest(game_id: int) -> tuple[Said, ...]:
    """The latest phrases said at a table, oldest first."""
    rows = db.session.execute(
        select(TablePhrase.seat, TablePhrase.phrase).where(TablePhrase.game_id == game_id)
        .order_by(TablePhrase.id.desc()).limit(SHOWN)
    ).all()
    return tuple(Said(seat, Phrase(phrase)) for seat, phrase in reversed(rows) if phrase in PHRASE_WORDS)
