"""The skills a learner is rated on, and how one recorded answer becomes a rated
result: which skill, which deal, what score and how much it counts.

The rules, with their figures (lichess's puzzles and the Chess Tactics Server,
/work/shared/FIELD-NOTES.md):

* **First attempts only.** A retry (a missed deal brought back, or asked for
  from the review) and a lesson's exercise are not rated: the learner has seen
  the answer.  A count made in a game or a solitaire is rated against the
  deal's calibrated prior, which it does not change (no one meets that deal again).
* **Damping.** A focus the learner chose says what to look for: "19 hands"
  gives the answer away (weight 0.1 solved, 0.4 failed), the others hint
  (0.2 solved, 0.7 failed); a deal the adaptive dealer chose counts fully (1).
  The weight moves the rating that share of the way to its new value.
* **Speed** (timed answers only). Against the deal's usual time (the mean and
  spread of its right answers once it has :data:`MIN_TIMED_FOR_DEAL`, else the
  skill's :data:`USUAL_SECONDS`): a right answer faster than the mean less one
  spread earns a bonus (the update weighs :data:`FAST_BONUS` more); slower than
  the mean plus one spread is cut in proportion (:data:`SLOW_CUT` of the score
  per slow limit over it), never below a wrong answer's 0.

>>> from engine.cards import Card, parse_cards
>>> from trainer.drills.answers import Total
>>> from trainer.drills.grading import grade_show, total_options
>>> deal = ShowDeal(tuple(parse_cards("5H 5D 5S JC")), Card.parse("5C"), False)
>>> attempt = grade_show(deal, total_options(False), Total(29), seconds=5.0).attempt
>>> result = result_of(attempt)
>>> result.skill, result.score, result.weight, result.grade
(<Skill.COUNT_HAND: 'count a hand'>, 1.0, 1.25, <Rating.Easy: 4>)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from fsrs import Rating as Grade

from trainer.drills.checking import check_pegging, combos_of
from trainer.drills.deal import BestPlayQuestion, DiscardDeal, FocusKind, PeggingMoment, ShowDeal, replay
from trainer.language.i18n import NC_, pgettext
from trainer.record.attempts import AttemptMode, AttemptSource, DrillKind, NewAttempt
from trainer.record.combos import ComboType


class Skill(StrEnum):
    """What a learner (and a deal) is rated on."""

    COUNT_HAND = "count a hand"
    COUNT_CRIB = "count a crib"
    PEGGING = "pegging points"
    BEST_CARD = "best card"
    DISCARD = "discard"

    @property
    def label(self) -> str:
        """The skill as the progress page names it, in the learner's language.

        >>> Skill.COUNT_CRIB.label, Skill.BEST_CARD.label
        ('Counting a crib', 'Best card in the play')
        """
        return pgettext("skill", _SKILL_LABELS[self])

    @property
    def kind(self) -> DrillKind:
        """The drill that trains this skill."""
        return _SKILL_KIND[self]


_SKILL_LABELS = {
    Skill.COUNT_HAND: NC_("skill", "Counting a hand"),
    Skill.COUNT_CRIB: NC_("skill", "Counting a crib"),
    Skill.PEGGING: NC_("skill", "Pegging points"),
    Skill.BEST_CARD: NC_("skill", "Best card in the play"),
    Skill.DISCARD: NC_("skill", "The discard"),
}

_SKILL_KIND = {
    Skill.COUNT_HAND: DrillKind.SHOW,
    Skill.COUNT_CRIB: DrillKind.SHOW,
    Skill.PEGGING: DrillKind.PEGGING,
    Skill.BEST_CARD: DrillKind.BEST_PLAY,
    Skill.DISCARD: DrillKind.DISCARD,
}

#: A deal of any drill, as :func:`trainer.drills.deal.replay` rebuilds it.
Deal = ShowDeal | PeggingMoment | DiscardDeal | BestPlayQuestion

#: What the attempt's ``dealt`` keeps each kind's deal under.
_PAYLOAD_KEY = {DrillKind.SHOW: "deal", DrillKind.PEGGING: "moment", DrillKind.DISCARD: "deal",
                DrillKind.BEST_PLAY: "question"}

# ---------------------------------------------------------------- damping

#: (solved, failed) weights, lichess's: a theme giving the answer away, a hinting one.
GIVES_IT_AWAY = (0.1, 0.4)
HINTS = (0.2, 0.7)
#: What each focus the learner chose tells them.
FOCUS_WEIGHTS: dict[FocusKind, tuple[float, float]] = {
    FocusKind.NINETEEN: GIVES_IT_AWAY,  # "a hand of nothing": the total is told
    FocusKind.DOUBLE_RUNS: HINTS,
    FocusKind.FIVE_CARD_FIFTEENS: HINTS,
    FocusKind.FLUSH_TRAPS: HINTS,
    FocusKind.NOBS: HINTS,
}
#: Where a rated answer was given outside the drills: rated against the deal's prior, which it does not change.
UNSHARED_SOURCES = frozenset({AttemptSource.GAME, AttemptSource.SOLITAIRE})

# ---------------------------------------------------------------- speed


@dataclass(frozen=True, slots=True)
class UsualTime:
    """How long right answers take: the mean and the spread, in seconds."""

    mean: float
    spread: float

    @property
    def fast(self) -> float:
        """Faster than this earns the bonus."""
        return max(0.0, self.mean - self.spread)

    @property
    def slow(self) -> float:
        """Slower than this is cut."""
        return self.mean + self.spread


#: Each skill's usual time for a right answer, until a deal has times of its own.
USUAL_SECONDS = {
    Skill.COUNT_HAND: UsualTime(18.0, 9.0),
    Skill.COUNT_CRIB: UsualTime(22.0, 11.0),
    Skill.PEGGING: UsualTime(8.0, 4.0),
    Skill.BEST_CARD: UsualTime(12.0, 6.0),
    Skill.DISCARD: UsualTime(20.0, 10.0),
}
#: A deal's own usual time counts once it has this many timed right answers.
MIN_TIMED_FOR_DEAL = 5
#: A fast right answer's update weighs this much more (1.25 times).
FAST_BONUS = 0.25
#: A slow right answer loses this share of its score per slow limit it is over:
#: twice the limit scores 0.5, three times 0.
SLOW_CUT = 0.5


#: A score at or below this is a failure for FSRS too (:func:`grade_of`).
PASS_SCORE = 0.5


def speed_score(correct: bool, seconds: float | None, usual: UsualTime) -> tuple[float, float]:
    """An answer's score and its weight factor from correctness and time (the
    Chess Tactics Server's rule): wrong 0; right 1, times 1.25 when fast, less
    in proportion when slow, never below 0.

    >>> usual = UsualTime(20, 10)
    >>> speed_score(True, 5, usual), speed_score(True, 25, usual), speed_score(True, 60, usual)
    ((1.0, 1.25), (1.0, 1.0), (0.5, 1.0))
    >>> speed_score(True, 200, usual), speed_score(False, 5, usual), speed_score(True, None, usual)
    ((0.0, 1.0), (0.0, 1.0), (1.0, 1.0))
    """
    if not correct:
        return 0.0, 1.0
    if seconds is None:
        return 1.0, 1.0
    if seconds <= usual.fast:
        return 1.0, 1.0 + FAST_BONUS
    if seconds <= usual.slow:
        return 1.0, 1.0
    over = (seconds - usual.slow) / usual.slow
    return max(0.0, 1.0 - SLOW_CUT * over), 1.0


def grade_of(correct: bool, seconds: float | None, usual: UsualTime) -> Grade:
    """The FSRS grade of an answer, one with the rating's score
    (:func:`speed_score`) so that the two agree on a pass: Again when wrong or
    when so slow that the rating counts it half a failure or worse (score 0.5
    or less); Hard when slow but more right than wrong; Easy when faster than
    the usual less a spread; Good otherwise (and when untimed).

    >>> usual = UsualTime(20, 10)
    >>> [grade_of(ok, s, usual).name for ok, s in [(False, 5), (True, 5), (True, 20), (True, 45), (True, 70), (True, None)]]
    ['Again', 'Easy', 'Good', 'Hard', 'Again', 'Good']
    """
    score, _weight = speed_score(correct, seconds, usual)
    if score <= PASS_SCORE:
        return Grade.Again
    if seconds is None:
        return Grade.Good
    if seconds <= usual.fast:
        return Grade.Easy
    if seconds > usual.slow:
        return Grade.Hard
    return Grade.Good


# ---------------------------------------------------------------- deals


def skill_of(kind: DrillKind, deal: Deal) -> Skill:
    """The skill a deal of drill ``kind`` trains."""
    if isinstance(deal, ShowDeal):
        return Skill.COUNT_CRIB if deal.crib else Skill.COUNT_HAND
    return {DrillKind.PEGGING: Skill.PEGGING, DrillKind.BEST_PLAY: Skill.BEST_CARD,
            DrillKind.DISCARD: Skill.DISCARD}[kind]


def deal_payload(kind: DrillKind, deal: Deal) -> dict[str, Any]:
    """What an attempt's ``dealt`` holds for this deal, so it can be dealt again by
    :func:`trainer.drills.deal.replay`."""
    return {_PAYLOAD_KEY[kind]: deal.to_dict()}


def deal_key(deal: Deal) -> str:
    """A stable key for a deal, the same whoever meets it and whenever: a hash of
    its cards in a fixed order (a hand's cards sorted; a pegging moment's cards
    in the order laid, as the order is the question).

    >>> from engine.cards import Card, parse_cards
    >>> hand = ShowDeal(tuple(parse_cards("5H 5D 5S JC")), Card.parse("5C"), False)
    >>> same = ShowDeal(tuple(parse_cards("JC 5S 5D 5H")), Card.parse("5C"), False)
    >>> deal_key(hand) == deal_key(same), len(deal_key(hand)), deal_key(hand) == deal_key(ShowDeal(hand.hand, hand.starter, True))
    (True, 24, False)
    """
    if isinstance(deal, ShowDeal):
        canonical: Any = ["show", sorted(str(c) for c in deal.hand), str(deal.starter), deal.crib]
    elif isinstance(deal, DiscardDeal):
        canonical = ["discard", sorted(str(c) for c in deal.cards), deal.dealer]
    elif isinstance(deal, PeggingMoment):
        canonical = ["pegging", deal.to_dict()]
    else:
        canonical = ["best-play", deal.to_dict()]
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def combo_types_of(deal: Deal) -> tuple[ComboType, ...]:
    """The combo types a deal holds, one per combination (a hand's three fifteens
    of two are three), in the drills' own attribution; none for a discard or a
    best card.

    >>> from engine.cards import Card, parse_cards
    >>> [t.value for t in combo_types_of(ShowDeal(tuple(parse_cards("5H 5D JS 2C")), Card.parse("9S"), False))]
    ['fifteen of 2 cards', 'fifteen of 2 cards', 'pair', 'nobs']
    """
    if isinstance(deal, ShowDeal):
        return tuple(combo.type for combo in combos_of(deal.score()))
    if isinstance(deal, PeggingMoment):
        return tuple(r.type for r in check_pegging(deal.play(), deal.extra, 0, 0).results)
    return ()


# ---------------------------------------------------------------- one answer


@dataclass(frozen=True, slots=True)
class RatedResult:
    """One answer as the ratings take it."""

    skill: Skill
    #: the deal's :func:`deal_key`, and the deal itself
    key: str
    deal: Deal
    correct: bool
    seconds: float | None
    #: 0 to 1, after the speed rule (see :func:`speed_score`)
    score: float
    #: how far the update moves: the focus's damping times any speed bonus
    weight: float
    #: whether the deal's own rating is kept and moved (False: a deal from a game)
    shared: bool
    #: the FSRS grade of the answer (see :func:`grade_of`)
    grade: Grade


def answer_deal(attempt: NewAttempt) -> Deal | None:
    """The deal an attempt answered, rebuilt from its record (None: not one the drills can deal)."""
    return replay(attempt.kind, attempt.dealt)


def is_rated(attempt: NewAttempt) -> bool:
    """Whether an answer counts for the ratings: a first attempt, not a lesson's exercise."""
    return attempt.retry_of is None and attempt.mode is not AttemptMode.LESSON and "lesson" not in attempt.dealt


def focus_weight(attempt: NewAttempt, correct: bool) -> float:
    """The damping the drill's chosen focus earns (1: none)."""
    options = attempt.dealt.get("options")
    focus = options.get("focus") if isinstance(options, dict) else None
    try:
        weights = FOCUS_WEIGHTS.get(FocusKind(focus), (1.0, 1.0)) if focus else (1.0, 1.0)
    except ValueError:  # "auto", or a record written in another shape
        weights = (1.0, 1.0)
    return weights[0] if correct else weights[1]


def result_of(
    attempt: NewAttempt, usual: UsualTime | None = None, *, rated: bool | None = None, deal: Deal | None = None,
    key: str | None = None,
) -> RatedResult | None:
    """How an answer counts: its skill, deal, score, weight and FSRS grade; None
    when it is no deal the drills know.  ``usual`` is the deal's usual time
    (default: the skill's); ``rated`` overrides :func:`is_rated` (the weight
    is 0 for an unrated answer, which still has a grade for the memory);
    ``deal`` and ``key`` save dealing the attempt's deal again and hashing it."""
    deal = deal or answer_deal(attempt)
    if deal is None:
        return None
    skill = skill_of(attempt.kind, deal)
    usual = usual or USUAL_SECONDS[skill]
    correct = bool(attempt.correct)
    score, speed = speed_score(correct, attempt.seconds, usual)
    counts = is_rated(attempt) if rated is None else rated
    return RatedResult(
        skill=skill,
        key=key or deal_key(deal),
        deal=deal,
        correct=correct,
        seconds=attempt.seconds,
        score=score,
        weight=focus_weight(attempt, correct) * speed if counts else 0.0,
        shared=attempt.dealt.get("source") not in UNSHARED_SOURCES,
        grade=grade_of(correct, attempt.seconds, usual),
    )
