"""The table settings a learner keeps: sound, the four-colour deck, the animation speed,
the coach (migration 0006), "say go for me" and the spoken count (migration 0011).

They are columns of the learner's row (migration 0005), so they follow the
learner to any browser.  A visitor nobody has signed in as gets
:data:`DEFAULTS`.  Writing only flushes; the caller commits (as everywhere in
:mod:`trainer.record`).

>>> DEFAULTS
TableSettings(sound=False, four_colour=False, animation=<Animation.NORMAL: 'normal'>, coach=False, say_go=False, spoken_count=False)
>>> Animation.parse("fast"), Animation.parse("warp")
(<Animation.FAST: 'fast'>, None)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from trainer.database import db
from trainer.language.i18n import N_, gettext
from trainer.record.models import Learner

#: The word for each speed offered in the menu (translated where shown).
_ANIMATION_LABELS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "off": N_("Off (instant)")}


class Animation(StrEnum):
    """How fast the bot's moves are shown; OFF shows them at once."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    OFF = "off"

    @property
    def label(self) -> str:
        """The word offered in the menu, in the learner's language."""
        return gettext(_ANIMATION_LABELS[self.value])

    @classmethod
    def parse(cls, text: object) -> Animation | None:
        """The speed named by ``text``, or None if it names none."""
        try:
            return cls(str(text).strip().lower())
        except ValueError:
            return None


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What a learner chose in the menu."""

    #: short tones for a peg, a go and muggins; off by default (a page should not speak unasked)
    sound: bool = False
    #: clubs green, diamonds blue, hearts red, spades black
    four_colour: bool = False
    animation: Animation = Animation.NORMAL
    #: the coach in games against the bot: hints, verdicts and the win meter (off: a game, not a lesson)
    coach: bool = False
    #: say go for the learner when none of their cards fits (off: they press Go, and see why)
    say_go: bool = False
    #: the count of each hand and crib said aloud by the browser, item by item (off: a page should not speak unasked)
    spoken_count: bool = False


#: For a visitor not signed in, and for a new learner.
DEFAULTS = TableSettings()


def settings_of(learner_id: int | None) -> TableSettings:
    """The settings of the learner with this id; :data:`DEFAULTS` for None or an unknown id."""
    row = db.session.get(Learner, learner_id) if learner_id is not None else None
    if row is None:
        return DEFAULTS
    # A value written by hand into the column that names no speed reads as the default.
    animation = Animation.parse(row.animation) or DEFAULTS.animation
    return TableSettings(sound=bool(row.sound), four_colour=bool(row.four_colour), animation=animation,
                         coach=bool(row.coach), say_go=bool(row.say_go), spoken_count=bool(row.spoken_count))


def save_settings(learner_id: int, settings: TableSettings) -> bool:
    """Keep ``settings`` for the learner (flushed, not committed); False if there is no such learner."""
    row = db.session.get(Learner, learner_id)
    if row is None:
        return False
    row.sound = settings.sound
    row.four_colour = settings.four_colour
    row.animation = settings.animation.value
    row.coach = settings.coach
    row.say_go = settings.say_go
    row.spoken_count = settings.spoken_count
    db.session.flush()
    return True
