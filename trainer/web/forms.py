"""Form helpers shared by the drill blueprints: reading what a learner typed or
picked into the drills' values (:mod:`trainer.drills.answers`).

Every form is a :class:`flask_wtf.FlaskForm`, so it carries a CSRF token;
numbers are read by :func:`read_points`, which turns bad input into a
message for the learner instead of an error, and each drill's answer by a
``read_*`` function that does the same (:class:`BadAnswer`).  Each number a
drill asks for is a :class:`NumberField`: its messages are whole sentences, so
each is translated as one (Russian words "your total" and "the count"
differently in each sentence).

>>> read_points(" 12 ", YOUR_TOTAL)
12
>>> read_points("twelve", YOUR_TOTAL)
Traceback (most recent call last):
...
trainer.web.forms.BadAnswer: Type your total as a number, like 12.
>>> read_points("40", THE_COUNT, maximum=31)
Traceback (most recent call last):
...
trainer.web.forms.BadAnswer: The count cannot be more than 31: check your count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection, Mapping, Protocol, Sequence

from flask_wtf import FlaskForm

from engine.bots.levels import Level
from engine.cards import Card, parse_cards
from engine.errors import InvalidCardError
from engine.pegging import MAX_COUNT
from engine.rules import Counting
from engine.scoring import LARGEST_SHOW, SHOW_KINDS, ScoreKind
from trainer.drills.answers import (
    AUTO,
    BestCard,
    ByCategory,
    Claims,
    LaidAway,
    PegPoints,
    ShowAnswer,
    ShowOptions,
    Total,
    focus_named,
)
from trainer.drills.checking import AnswerMode, Claim
from trainer.drills.deal import DiscardDeal, ShowDeal
from trainer.language.i18n import N_, gettext
from trainer.play.moves import GameActionError

#: No four-card hand or crib scores more than the engine's largest show (29); nor does a card of the play.
MAX_POINTS = LARGEST_SHOW[4]


class BadAnswer(ValueError):
    """An answer that is not a usable number; the message is for the learner."""


@dataclass(frozen=True, slots=True)
class NumberField:
    """A number a learner types, as the messages for each way it can be wrong
    name it (marked for the catalog, translated when one is raised):
    ``too_many`` has the placeholder ``%(maximum)d``."""

    not_a_number: str
    negative: str
    too_many: str


YOUR_TOTAL = NumberField(
    N_("Type your total as a number, like 12."),
    N_("Your total cannot be negative."),
    N_("Your total cannot be more than %(maximum)d: check your count."),
)
THE_COUNT = NumberField(
    N_("Type the count as a number, like 12."),
    N_("The count cannot be negative."),
    N_("The count cannot be more than %(maximum)d: check your count."),
)
THE_POINTS = NumberField(
    N_("Type the points as a number, like 12."),
    N_("The points cannot be negative."),
    N_("The points cannot be more than %(maximum)d: check your count."),
)
#: The points for each category of the show, answered per category.
CATEGORY_POINTS = {
    ScoreKind.FIFTEEN: NumberField(
        N_("Type the points for fifteens as a number, like 12."),
        N_("The points for fifteens cannot be negative."),
        N_("The points for fifteens cannot be more than %(maximum)d: check your count."),
    ),
    ScoreKind.PAIR: NumberField(
        N_("Type the points for pairs as a number, like 12."),
        N_("The points for pairs cannot be negative."),
        N_("The points for pairs cannot be more than %(maximum)d: check your count."),
    ),
    ScoreKind.RUN: NumberField(
        N_("Type the points for runs as a number, like 12."),
        N_("The points for runs cannot be negative."),
        N_("The points for runs cannot be more than %(maximum)d: check your count."),
    ),
    ScoreKind.FLUSH: NumberField(
        N_("Type the points for the flush as a number, like 12."),
        N_("The points for the flush cannot be negative."),
        N_("The points for the flush cannot be more than %(maximum)d: check your count."),
    ),
    ScoreKind.NOBS: NumberField(
        N_("Type the points for nobs as a number, like 12."),
        N_("The points for nobs cannot be negative."),
        N_("The points for nobs cannot be more than %(maximum)d: check your count."),
    ),
}


def read_points(raw: object, field: NumberField, *, maximum: int = MAX_POINTS, blank: int | None = None) -> int:
    """A whole number from 0 to ``maximum``; ``blank`` is used for an empty field if given.
    :class:`BadAnswer` with ``field``'s message, in the learner's language, otherwise."""
    text = str(raw if raw is not None else "").strip()
    if not text:
        if blank is not None:
            return blank
        raise BadAnswer(gettext(field.not_a_number))
    sign = text[0] in "+-"
    if not (text[1:] if sign else text).isdecimal() or len(text) > 12:
        raise BadAnswer(gettext(field.not_a_number))
    value = int(text)
    if value < 0:
        raise BadAnswer(gettext(field.negative))
    if value > maximum:
        raise BadAnswer(gettext(field.too_many, maximum=maximum))
    return value


class PostForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    """A form with nothing but its CSRF token: the fields are read by hand."""


class Fields(Protocol):
    """A posted form as the readers take it (``request.form``): one value or all of a name's."""

    def get(self, key: str, /) -> str | None: ...

    def getlist(self, key: str) -> list[str]: ...


#: The most points each category of a hand or crib can hold (a 29 hand holds 16 for fifteens).
CATEGORY_LIMITS = {ScoreKind.FIFTEEN: 16, ScoreKind.PAIR: 12, ScoreKind.RUN: 15, ScoreKind.FLUSH: 5, ScoreKind.NOBS: 1}


def read_show_options(args: Mapping[str, str]) -> tuple[ShowOptions, bool]:
    """The count drill's options from the query string, and whether an unknown
    value was left out (its default taken instead)."""
    mode = args.get("mode") or AnswerMode.TOTAL.value
    focus = args.get("focus") or AUTO
    modes = {m.value: m for m in AnswerMode}
    known = mode in modes and (focus == AUTO or focus_named(focus) is not None)
    options = ShowOptions(
        modes.get(mode, AnswerMode.TOTAL), args.get("crib") == "1", focus_named(focus), args.get("timed") == "1"
    )
    return options, not known


def read_show_answer(form: Fields, mode: AnswerMode, claims: Claims) -> ShowAnswer:
    """The count as the drill's ``mode`` asks for it: the total, the points per
    category (a blank one: none), or the ``claims`` made (nothing more to read)."""
    match mode:
        case AnswerMode.TOTAL:
            return Total(read_points(form.get("total"), YOUR_TOTAL))
        case AnswerMode.CATEGORY:
            return ByCategory.of({
                kind: read_points(form.get(kind.value), CATEGORY_POINTS[kind], maximum=CATEGORY_LIMITS[kind], blank=0)
                for kind in SHOW_KINDS
            })
        case AnswerMode.CLAIMS:
            return claims


def read_claim(form: Fields, deal: ShowDeal) -> Claim:
    """A claim of the ticked cards (``card``) as the kind of the button pressed (``kind``)."""
    not_in_deal = BadAnswer(gettext("Those cards are not in this deal."))
    try:
        cards = parse_cards(form.getlist("card"))
    except InvalidCardError:
        raise not_in_deal from None
    if not cards:
        raise BadAnswer(gettext("Tick the cards of the combination first, then press its kind."))
    if not set(cards) <= set(deal.hand) | {deal.starter}:
        raise not_in_deal
    try:
        return Claim.parse(form.get("kind") or "", cards)
    except ValueError:
        raise BadAnswer(gettext("Claim a fifteen, pair, run, flush or nobs.")) from None


def read_peg_points(form: Fields) -> PegPoints:
    """The count the card just played makes, and the points it pegs."""
    count = read_points(form.get("count"), THE_COUNT, maximum=MAX_COUNT)
    return PegPoints(read_points(form.get("points"), THE_POINTS), count)


def read_laid_away(form: Fields, deal: DiscardDeal) -> LaidAway:
    """The two of the six cards ticked for the crib."""
    try:
        picked: Sequence[Card] = parse_cards(form.getlist("card"))
    except InvalidCardError:
        picked = ()
    if len(picked) != 2 or not set(picked) <= set(deal.cards):
        raise BadAnswer(gettext("Pick exactly two of your six cards for the crib."))
    return LaidAway(tuple(picked))


def read_best_card(form: Fields, playable: Collection[Card]) -> BestCard:
    """The card chosen to play, one of the ``playable`` ones."""
    try:
        chosen = Card.parse(form.get("card") or "")
    except InvalidCardError:
        chosen = None
    if chosen is None or chosen not in playable:
        raise BadAnswer(gettext("Pick one of your cards that can be played (the count may not pass 31)."))
    return BestCard(chosen)


def read_level(form: Fields) -> Level:
    """The bots' level a game's form chose (easy when it names none); :class:`GameActionError` for another."""
    chosen = form.get("level")
    try:
        return Level(Level.EASY if chosen is None else chosen)
    except ValueError:
        raise GameActionError(gettext("Choose a level: easy, medium, hard or insane.")) from None


def read_counting(form: Fields, default: Counting) -> Counting:
    """The way of counting the show a game's form chose (``default`` when it names none);
    :class:`GameActionError` for another."""
    chosen = form.get("counting")
    try:
        return Counting(default if chosen is None else chosen)
    except ValueError:
        raise GameActionError(gettext("Choose automatic counting, muggins or strict muggins.")) from None
