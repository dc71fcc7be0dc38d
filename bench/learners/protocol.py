"""The plain-data protocol between the practice-policy harness and a learner model.

The harness deals with the product's own code and hands the model a drill as
a dict (:class:`Drill`); the model replies with a dict (:class:`Reply`); after
a practice answer (``learn=True``) the harness calls ``feedback(drill, right)``,
the learner having been shown the full breakdown.  A check-up answer
(``learn=False``) must leave the model exactly as it was: it draws its chance
from :func:`checkup_rng`, a stream of its own made from (seed, key, now).

Cards are strings in the product's notation (``5H``, ``10C`` or ``TC``, ``JD``);
:func:`card_of` reads one through the engine.

>>> drill = {"skill": "hand", "now": "2026-01-05T19:03:20", "key": "k", "hand": ["5H", "5D", "JS", "2C"],
...          "starter": "9S", "crib": False, "items": [
...              {"combo": "fifteen of 2 cards", "cards": ["5H", "JS"], "points": 2},
...              {"combo": "fifteen of 2 cards", "cards": ["5D", "JS"], "points": 2},
...              {"combo": "pair", "cards": ["5H", "5D"], "points": 2}]}
>>> combo_names(drill["items"]), total_of(drill["items"])
(('fifteen of 2 cards', 'pair'), 6)
>>> reply = count_reply(drill, 6, 12.5)
>>> reply, is_right(drill, reply)
({'total': 6, 'seconds': 12.5}, True)
>>> day_number("2026-01-06T07:03:20", parse_now("2026-01-05T19:03:20"))
0.5
"""

from __future__ import annotations

import functools
import hashlib
import random
from collections import Counter
from datetime import datetime
from typing import Iterable, Literal, NotRequired, Protocol, Sequence, TypedDict

from engine.cards import Card

Skill = Literal["hand", "crib", "pegging", "best card", "discard"]
#: The skills answered with a number, and the reply's key for each.
COUNT_KEYS: dict[str, str] = {"hand": "total", "crib": "total", "pegging": "points"}
#: The skills answered by picking one of the drill's choices, and the reply's key for each.
CHOICE_KEYS: dict[str, str] = {"best card": "card", "discard": "lay_away"}
SKILLS: tuple[str, ...] = (*COUNT_KEYS, *CHOICE_KEYS)
#: Seconds in a day, for day numbers.
DAY_SECONDS = 86400.0


class Item(TypedDict):
    """One scoring combination of a count, as the engine itemises it."""

    combo: str  # a trainer.record.combos.ComboType value: "fifteen of 3 cards", "pegging: runs"
    cards: list[str]
    points: int


class Choice(TypedDict):
    """One legal answer of a best card or a discard, with the expected points it loses against the best."""

    loss: float
    card: NotRequired[str]
    lay_away: NotRequired[list[str]]


class Drill(TypedDict):
    """One drill as the harness hands it to a model."""

    skill: Skill
    now: str  # ISO time, "2026-01-05T19:03:20"
    key: str  # the same whenever the same deal comes back
    hand: NotRequired[list[str]]  # a count's hand or crib; the best card's cards in hand
    starter: NotRequired[str]
    crib: NotRequired[bool]
    pile: NotRequired[list[str]]  # the cards played this count, the last one just played
    cards: NotRequired[list[str]]  # a discard's six
    dealer: NotRequired[bool]
    items: NotRequired[list[Item]]  # a count's or a pegging moment's truth
    choices: NotRequired[list[Choice]]  # a best card's or a discard's every legal answer


class Reply(TypedDict):
    """A model's answer: one of the four answers, and the seconds it took."""

    seconds: float
    total: NotRequired[int]
    points: NotRequired[int]
    card: NotRequired[str]
    lay_away: NotRequired[list[str]]


class LearnerModel(Protocol):
    """What a model's factory returns."""

    def answer(self, drill: Drill, learn: bool = True) -> Reply:
        """The learner's answer; with ``learn=False`` (a check-up) the model does not change at all."""
        ...

    def feedback(self, drill: Drill, right: bool) -> None:
        """The learner is shown the full breakdown of a practice answer that was ``right`` or not."""
        ...


class LearnerFactory(Protocol):
    """``FACTORY(seed)``: a new learner, everything random in it drawn from ``seed``."""

    def __call__(self, seed: int) -> LearnerModel: ...


class ReportsAccuracy(Protocol):
    """A model that can say its hidden accuracy, for reports (optional)."""

    def hidden_accuracy(self, combo: str, now: str) -> float:
        """The chance of seeing one combination of this type (or of a skill's right answer) at ``now``."""
        ...


@functools.lru_cache(maxsize=4096)
def parse_now(now: str) -> datetime:
    """The drill's time as a datetime."""
    return datetime.fromisoformat(now)


def day_number(now: str, start: datetime) -> float:
    """Days (fractional) from ``start`` to ``now``."""
    return (parse_now(now) - start).total_seconds() / DAY_SECONDS


def combo_names(items: Iterable[Item]) -> tuple[str, ...]:
    """The combo types present in the items, each once, in the order first met."""
    return tuple(dict.fromkeys(item["combo"] for item in items))


def combo_counts(items: Iterable[Item]) -> Counter[str]:
    """How many items of each combo type."""
    return Counter(item["combo"] for item in items)


def total_of(items: Iterable[Item]) -> int:
    """The points of the items: the right answer of a count."""
    return sum(item["points"] for item in items)


def is_count(drill: Drill) -> bool:
    """Whether the drill is answered with a number (a hand, a crib, a pegging moment)."""
    return drill["skill"] in COUNT_KEYS


def count_reply(drill: Drill, number: int, seconds: float) -> Reply:
    """The reply to a count: ``{"total": n}`` or ``{"points": n}``, with the seconds."""
    return {COUNT_KEYS[drill["skill"]]: number, "seconds": seconds}  # type: ignore[misc]


def choice_reply(drill: Drill, choice: Choice, seconds: float) -> Reply:
    """The reply picking one of the drill's choices: ``{"card": c}`` or ``{"lay_away": [a, b]}``."""
    key = CHOICE_KEYS[drill["skill"]]
    value = choice[key]  # type: ignore[literal-required]
    return {key: list(value) if isinstance(value, list) else value, "seconds": seconds}  # type: ignore[misc]


def best_choices(drill: Drill) -> list[Choice]:
    """The choices that lose nothing (at least one)."""
    return [choice for choice in drill["choices"] if choice["loss"] <= 0]


def is_right(drill: Drill, reply: Reply) -> bool:
    """Whether a reply is right: the count's total, or a choice that loses nothing."""
    if is_count(drill):
        return reply.get(COUNT_KEYS[drill["skill"]]) == total_of(drill["items"])
    key = CHOICE_KEYS[drill["skill"]]
    answer = reply.get(key)
    return any(_same_choice(choice[key], answer) for choice in best_choices(drill))  # type: ignore[literal-required]


def _same_choice(choice: str | list[str], answer: object) -> bool:
    if isinstance(choice, list):
        return isinstance(answer, list) and sorted(choice) == sorted(answer)
    return choice == answer


def checkup_rng(seed: int, drill: Drill, salt: str = "") -> random.Random:
    """A check-up's own random stream, made from (seed, key, now): the model's state
    and its main stream stay untouched, and the same check-up gets the same answer."""
    return random.Random(_digest(f"{seed}|{drill['key']}|{drill['now']}|{salt}"))


def deal_number(key: str, salt: str = "") -> float:
    """A number in [0, 1) fixed by the deal's key: a deal's hidden trait (a
    difficulty), the same every time the deal comes back, for every learner."""
    return _digest(f"{key}|{salt}") / 2**64


def deal_normal(key: str, mean: float, spread: float, salt: str = "") -> float:
    """A normal draw fixed by the deal's key (see :func:`deal_number`)."""
    return random.Random(_digest(f"{key}|{salt}")).gauss(mean, spread)


def _digest(text: str) -> int:
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


@functools.lru_cache(maxsize=None)
def card_of(text: str) -> Card:
    """One card read by the engine (cached: the harness asks for the same 52 again and again)."""
    return Card.parse(text)


def cards_of(texts: Sequence[str]) -> tuple[Card, ...]:
    """Cards read by the engine."""
    return tuple(card_of(text) for text in texts)
