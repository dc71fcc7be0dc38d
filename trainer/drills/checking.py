"""Checking a learner's answer against the engine's itemised score.

A show can be answered three ways (:class:`AnswerMode`): a total, a count per
category (fifteens, pairs, runs, flush, nobs), or a list of claimed combos
(the cards of each fifteen, pair or run).  Each check returns a frozen
:class:`Feedback` built from the engine's :class:`~engine.scoring.ScoreItem`
values: the items missed, each wrong claim with its reason, and the result
per :class:`ComboType` that the learner's record keeps.

>>> from engine.scoring import score_show
>>> score = score_show("5H 5D 5S JC", "5C")
>>> feedback = check_total(score, 28)
>>> feedback.correct, feedback.diff
(False, -1)
>>> feedback = check_claims(score, [Claim.parse("pair", "5H 5D 5S 5C"), Claim.parse("nobs", "JC")])
>>> feedback.answered_total, len(feedback.missed), feedback.missed[0].name
(13, 8, 'fifteen')
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from enum import StrEnum
from typing import Iterable, Mapping, Sequence

from engine.cards import Card, Rank, Suit, parse_cards
from engine.pegging import PlayScore
from engine.scoring import SHOW_KINDS, ScoreItem, ScoreKind, ShowScore
from trainer.language import words
from trainer.language.i18n import N_, NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.record.combos import ComboResult, ComboType

#: When a category total is wrong but holds several combo types, the missed
#: points are put on the hardest-to-see types first (an estimate: only claims
#: say exactly which combo was missed).
_HARDEST_FIRST = (
    ComboType.FIFTEEN_5,
    ComboType.FIFTEEN_4,
    ComboType.FIFTEEN_3,
    ComboType.FIFTEEN_2,
    ComboType.PAIR_ROYAL,
    ComboType.PAIR,
    ComboType.MULTIPLE_RUNS,
    ComboType.RUN,
)


class AnswerMode(StrEnum):
    """How a show drill is answered."""

    TOTAL = "total"
    CATEGORY = "category"
    CLAIMS = "claims"


@dataclass(frozen=True, slots=True)
class Combo:
    """Engine items that a learner sees as one combination, with their type:
    three of a kind is one pair royal made of three pair items."""

    type: ComboType
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(sorted({c for item in self.items for c in item.cards}))


def combos_of(score: ShowScore) -> tuple[Combo, ...]:
    """The show's items grouped as a learner counts them, each with its type.

    >>> from engine.scoring import score_show
    >>> [(c.type.name, c.points) for c in combos_of(score_show("5H 5D 5S 2C", "KS"))]
    [('FIFTEEN_2', 2), ('FIFTEEN_2', 2), ('FIFTEEN_2', 2), ('FIFTEEN_3', 2), ('PAIR_ROYAL', 6)]
    >>> [c.type.value for c in combos_of(score_show("3S 4H 4D 5C", "9S")) if c.type.category.value == "run"]
    ['multiple runs', 'multiple runs']
    """
    combos: list[Combo] = []
    pairs_by_rank: dict[Rank, list[ScoreItem]] = defaultdict(list)
    runs = score.items_of(ScoreKind.RUN)
    for item in score.items:
        if item.kind is ScoreKind.FIFTEEN:
            size = min(len(item.cards), 5)
            combos.append(Combo(ComboType[f"FIFTEEN_{max(size, 2)}"], (item,)))
        elif item.kind is ScoreKind.PAIR:
            pairs_by_rank[item.cards[0].rank].append(item)
    for rank in sorted(pairs_by_rank):
        group = tuple(pairs_by_rank[rank])
        if len(group) == 1:
            combos.append(Combo(ComboType.PAIR, group))
        else:
            combos.append(Combo(ComboType.PAIR_ROYAL, group))
    run_type = ComboType.MULTIPLE_RUNS if len(runs) > 1 else ComboType.RUN
    combos.extend(Combo(run_type, (item,)) for item in runs)
    for item in score.items:
        if item.kind is ScoreKind.FLUSH:
            combos.append(Combo(ComboType.CRIB_FLUSH if score.is_crib else ComboType.HAND_FLUSH, (item,)))
        elif item.kind is ScoreKind.NOBS:
            combos.append(Combo(ComboType.NOBS, (item,)))
    return tuple(combos)


class KindVerdict(StrEnum):
    """How the learner's points for one kind of the show compare with the true
    points: right, too few (points missed) or too many (points over-claimed: a
    verdict of its own, not a miss)."""

    RIGHT = "right"
    MISSED = "missed"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class KindLine:
    """One category of the show: the true points and what the learner said (None: not asked)."""

    kind: ScoreKind
    expected: int
    answered: int | None

    @property
    def diff(self) -> int | None:
        return None if self.answered is None else self.answered - self.expected

    @property
    def right(self) -> bool | None:
        return None if self.answered is None else self.answered == self.expected

    @property
    def verdict(self) -> KindVerdict | None:
        """Right, missed (too few) or over (too many); None when the kind was not asked.

        >>> KindLine(ScoreKind.FIFTEEN, 2, 4).verdict, KindLine(ScoreKind.RUN, 6, 3).verdict
        (<KindVerdict.OVER: 'over'>, <KindVerdict.MISSED: 'missed'>)
        """
        if self.diff is None:
            return None
        if self.diff > 0:
            return KindVerdict.OVER
        return KindVerdict.MISSED if self.diff < 0 else KindVerdict.RIGHT


class ClaimKind(StrEnum):
    """A kind of combination a learner can claim in a show: the kinds scored in
    the show.  The values are :class:`ScoreKind`'s, so stored claims (``[kind,
    cards]`` in a drill's payload) read back.

    >>> ClaimKind("nobs").score_kind is ScoreKind.NOBS
    True
    """

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"

    @property
    def score_kind(self) -> ScoreKind:
        """The engine's kind for the points this claim stands for."""
        return ScoreKind(self.value)

    @property
    def label(self) -> str:
        """The kind as the claim buttons and the list of claims name it, in the
        learner's language (``Fifteen``, ``Nobs``)."""
        return pgettext("claim", _CLAIM_LABELS[self])


_CLAIM_LABELS = {
    ClaimKind.FIFTEEN: NC_("claim", "Fifteen"), ClaimKind.PAIR: NC_("claim", "Pair"),
    ClaimKind.RUN: NC_("claim", "Run"), ClaimKind.FLUSH: NC_("claim", "Flush"), ClaimKind.NOBS: NC_("claim", "Nobs"),
}


@dataclass(frozen=True, slots=True)
class Claim:
    """The learner's claim that ``cards`` make a combination of ``kind``."""

    kind: ClaimKind
    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, kind: str, cards: str | Iterable[str | Card]) -> "Claim":
        """Build a claim from text; raise ``ValueError`` for an unknown kind or bad cards."""
        try:
            ScoreKind(kind)
        except ValueError:
            raise ValueError(f"{kind!r} is not a kind of combo") from None
        try:
            claim_kind = ClaimKind(kind)
        except ValueError:
            raise ValueError(f"{kind!r} is not scored in the show") from None
        return cls(claim_kind, tuple(sorted(parse_cards(cards))))

    @property
    def text(self) -> str:
        return f"{self.kind.value}: {' '.join(c.pretty for c in self.cards)}"


@dataclass(frozen=True, slots=True)
class WrongClaim:
    """A claim that matches nothing in the hand, and why."""

    claim: Claim
    reason: str


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on one show answer, with everything needed to teach from it."""

    mode: AnswerMode
    score: ShowScore
    answered_total: int
    lines: tuple[KindLine, ...]
    missed: tuple[ScoreItem, ...]
    wrong_claims: tuple[WrongClaim, ...]
    results: tuple[ComboResult, ...]

    @property
    def expected_total(self) -> int:
        return self.score.total

    @property
    def trap(self) -> Trap | None:
        """The trap the deal holds (:func:`flush_trap`): the feedback states its rule."""
        return flush_trap(self.score)

    @property
    def fell_for_trap(self) -> bool:
        """Whether the answer scored the flush the deal's :attr:`trap` tempts: points
        for a flush per category, a flush claimed, or a total too high by its points."""
        trap = self.trap
        if trap is None:
            return False
        if self.mode is AnswerMode.CATEGORY:
            return any(line.kind is ScoreKind.FLUSH and line.answered for line in self.lines)
        if self.mode is AnswerMode.CLAIMS:
            return any(wrong.claim.kind is ClaimKind.FLUSH for wrong in self.wrong_claims)
        return self.diff == trap.points

    @property
    def diff(self) -> int:
        """The learner's total minus the true total (negative: points missed)."""
        return self.answered_total - self.expected_total

    @property
    def correct(self) -> bool:
        if self.mode is AnswerMode.CLAIMS:
            return not self.missed and not self.wrong_claims
        if self.mode is AnswerMode.CATEGORY:
            return all(line.right for line in self.lines)
        return self.diff == 0

    @property
    def points_missed(self) -> int:
        """Points the learner left on the table (over-claims do not cancel misses)."""
        if self.mode is AnswerMode.CLAIMS:
            return sum(item.points for item in self.missed)
        if self.mode is AnswerMode.CATEGORY:
            return sum(max(0, -(line.diff or 0)) for line in self.lines)
        return max(0, -self.diff)

    @property
    def points_over(self) -> int:
        """Points the learner claimed beyond the true ones, apart from those missed
        (a total too high; the categories counted too high).  Claims that match
        nothing score nothing: they are :attr:`wrong_claims`, not points."""
        if self.mode is AnswerMode.CLAIMS:
            return 0
        if self.mode is AnswerMode.CATEGORY:
            return sum(max(0, line.diff or 0) for line in self.lines)
        return max(0, self.diff)

    @property
    def missed_kinds(self) -> frozenset[ScoreKind]:
        """The kinds the learner is known to have missed points of (a total alone
        does not say which; a kind counted too high was not missed)."""
        if self.mode is AnswerMode.TOTAL:
            return frozenset()
        if self.mode is AnswerMode.CATEGORY:
            return frozenset(line.kind for line in self.lines if line.verdict is KindVerdict.MISSED)
        return frozenset(item.kind for item in self.missed)

    def verdicts_of(self, kind: ScoreKind) -> tuple[KindVerdict, ...]:
        """The verdict on one kind of the show, as its badge says it: none for a
        total (it does not say), right, missed or over for a count per category,
        and for claims missed (a combo of it not claimed) and over (a wrong claim
        of it), either or both, or right."""
        if self.mode is AnswerMode.TOTAL:
            return ()
        if self.mode is AnswerMode.CATEGORY:
            verdict = next(line.verdict for line in self.lines if line.kind is kind)
            return () if verdict is None else (verdict,)
        verdicts = []
        if kind in self.missed_kinds:
            verdicts.append(KindVerdict.MISSED)
        if any(wrong.claim.kind.score_kind is kind for wrong in self.wrong_claims):
            verdicts.append(KindVerdict.OVER)
        return tuple(verdicts) or (KindVerdict.RIGHT,)

    @property
    def counted_against(self) -> tuple[ComboType, ...]:
        """The combo types this answer counts against in the learner's record
        (:func:`check_total` says by which rule for a total)."""
        return tuple(result.type for result in self.results if not result.right)

    def is_missed(self, item: ScoreItem) -> bool:
        """Whether the learner is known to have missed this item."""
        if self.mode is AnswerMode.CLAIMS:
            return item in self.missed
        return item.kind in self.missed_kinds


def _kind_lines(score: ShowScore, answers: Mapping[ScoreKind, int] | None) -> tuple[KindLine, ...]:
    expected = score.points_by_kind()
    return tuple(
        KindLine(kind, expected[kind], None if answers is None else answers.get(kind, 0)) for kind in SHOW_KINDS
    )


def _spread_missed(combos: Sequence[Combo], missed: int, among: Iterable[ComboType]) -> dict[ComboType, int]:
    """Put ``missed`` points on the combo types ``among`` those present, hardest first."""
    worth = _worth_by_type(c for c in combos if c.type in set(among))
    spread: dict[ComboType, int] = {}
    order = sorted(worth, key=lambda t: _HARDEST_FIRST.index(t) if t in _HARDEST_FIRST else len(_HARDEST_FIRST))
    for combo_type in order:
        share = min(worth[combo_type], missed)
        spread[combo_type] = share
        missed -= share
    return spread


def _worth_by_type(combos: Iterable[Combo]) -> dict[ComboType, int]:
    worth: dict[ComboType, int] = {}
    for combo in combos:
        worth[combo.type] = worth.get(combo.type, 0) + combo.points
    return worth


#: The rule by which a wrong total counts against combo types (a total alone does
#: not say which combination was wrong), in two halves: the result page states the
#: half that applied (:func:`counted_against_note`), the review both (:data:`TOTAL_RULE`).
TOO_LOW_RULE = N_(
    "a total too low counts against the combo types that could make up the difference "
    "(combinations left out, or a run or flush counted shorter than it is)"
)
TOO_HIGH_RULE = N_("a total too high counts against none of the types the hand holds, as nothing was missed")
#: The rule for a total too high in a hand that tempts a false flush (a flush trap).
TOO_HIGH_FLUSH_TRAP_RULE = N_(
    "a total too high counts against none of the types the hand holds, as nothing was missed, "
    "but a flush trap's false flush counts against the flush"
)
TOTAL_RULE = N_(
    "A wrong total: too low, it counts against the combo types that could make up the difference "
    "(combinations left out, or a run or flush counted shorter than it is); too high, against none "
    "of the types the hand holds, but a flush trap's false flush counts against the flush."
)


def _left_out(item: ScoreItem) -> tuple[int, ...]:
    """The points a learner may leave out of one item: all of them, or for a run
    or a flush of five counted shorter than it is, some (a run of four counted as
    a run of three leaves out one point: runs and flushes score a point a card)."""
    if item.kind is ScoreKind.RUN:
        return tuple(range(1, len(item.cards) - 2)) + (item.points,)
    if item.kind is ScoreKind.FLUSH and len(item.cards) == 5:
        return (1, item.points)
    return (item.points,)


def _sums(parts: Iterable[tuple[int, ...]]) -> set[int]:
    """Every total some of ``parts`` make, each part counted once in one of its ways, or not at all."""
    sums = {0}
    for ways in parts:
        sums |= {total + way for total in sums for way in ways}
    return sums


def could_make_up(combos: Sequence[Combo], shortfall: int) -> frozenset[ComboType]:
    """The combo types whose combinations could make up ``shortfall`` points
    missed (:data:`TOO_LOW_RULE`): a type counts when one of its
    items, left out whole or (a run or a flush) in part, with other items of the
    hand or alone, makes up exactly the points missed.

    >>> from engine.scoring import score_show
    >>> combos = combos_of(score_show("4C 5D 6H KC", "5S"))  # fifteens 8, a pair, a double run of three
    >>> sorted(t.value for t in could_make_up(combos, 2))  # a fifteen or the pair
    ['fifteen of 2 cards', 'fifteen of 3 cards', 'pair']
    >>> sorted(t.value for t in could_make_up(combos, 3))  # one of the runs
    ['multiple runs']
    >>> sorted(t.value for t in could_make_up(combos_of(score_show("3S 4H 5D 6C", "KS")), 1))  # the run of four as three
    ['run']
    """
    parts = [(combo.type, _left_out(item)) for combo in combos for item in combo.items]
    found: set[ComboType] = set()
    for place, (combo_type, ways) in enumerate(parts):
        if combo_type in found:
            continue
        others = _sums(other for where, (_, other) in enumerate(parts) if where != place)
        if any(shortfall - way in others for way in ways):
            found.add(combo_type)
    return frozenset(found)


def check_total(score: ShowScore, answered: int) -> Feedback:
    """Check a total.  Which combo types a wrong total counts against follows
    :data:`TOTAL_RULE`: too low, the types that could make up the difference
    (:func:`could_make_up`; the points missed go to a type only when it is the
    only one that could); too high, none of the types held, but a flush trap's
    false flush (the difference is its points) counts as a flush claimed where
    there was none.  The other types count as right.

    >>> from engine.scoring import score_show
    >>> short = check_total(score_show("4C 5D 6H KC", "5S"), 13)  # 3 short: a run left out
    >>> [(r.type.value, r.missed_points) for r in short.results if not r.right]
    [('multiple runs', 3)]
    >>> check_total(score_show("4C 5D 6H KC", "5S"), 18).counted_against  # too many: nothing missed
    ()
    """
    combos = combos_of(score)
    diff = answered - score.total
    against = could_make_up(combos, -diff) if diff < 0 else frozenset()
    results = [
        ComboResult(combo_type, points, min(points, -diff) if against == {combo_type} else 0, combo_type not in against)
        for combo_type, points in _worth_by_type(combos).items()
    ]
    trap = flush_trap(score)
    if trap is not None and diff == trap.points:
        results.append(ComboResult(_default_type(ScoreKind.FLUSH, score.is_crib), 0, 0, False))
    missed = () if diff == 0 else score.items
    return Feedback(AnswerMode.TOTAL, score, answered, _kind_lines(score, None), missed, (), tuple(results))


def counted_against_note(feedback: Feedback, recorded: Sequence[ComboResult] = ()) -> str | None:
    """What a wrong total counts against in the learner's record and the half of
    :data:`TOTAL_RULE` that says why, in the learner's language; None for a right
    total or another way of answering.  ``recorded`` are the results the attempt
    was recorded with, when read back: an attempt recorded before the rule (a
    wrong total then counted against every type in the hand) says so.

    >>> from engine.scoring import score_show
    >>> counted_against_note(check_total(score_show("4C 5D 6H KC", "5S"), 13))
    'In your record this answer counts against Multiple runs: a total too low counts against the combo types that could make up the difference (combinations left out, or a run or flush counted shorter than it is).'
    >>> counted_against_note(check_total(score_show("4C 5D 6H KC", "5S"), 20))
    'In your record this answer counts against no combo type: a total too high counts against none of the types the hand holds, as nothing was missed.'
    >>> print(counted_against_note(check_total(score_show("3H 4H 5H KC", "6H"), 12)))
    In your record this answer counts against Hand flush (claimed where there was none): a total too high counts against none of the types the hand holds, as nothing was missed, but a flush trap's false flush counts against the flush.
    >>> old = [ComboResult(t, 2, 0, False) for t in (ComboType.FIFTEEN_2, ComboType.RUN)]
    >>> print(counted_against_note(check_total(score_show("3H 4H 5H KC", "6H"), 12), old))
    In your record this answer counts against Fifteen of 2 cards, Run: it was recorded before the rule that a total too high counts against none of the types the hand holds, as nothing was missed, but a flush trap's false flush counts against the flush.
    """
    if feedback.mode is not AnswerMode.TOTAL or feedback.correct:
        return None
    if feedback.diff < 0:
        rule = _(TOO_LOW_RULE)
    elif any(result.claimed_where_none for result in feedback.results):
        rule = _(TOO_HIGH_FLUSH_TRAP_RULE)
    else:
        rule = _(TOO_HIGH_RULE)  # no trap in the hand: its flush sentence would only puzzle
    results = tuple(recorded) or feedback.results
    against = [result for result in results if not result.right]
    names = ", ".join(
        _("%(type)s (claimed where there was none)", type=result.type.label) if result.claimed_where_none
        else result.type.label
        for result in against
    )
    if {r.type for r in against} != set(feedback.counted_against):
        return _("In your record this answer counts against %(types)s: it was recorded before the rule that %(rule)s.",
                 types=names, rule=rule)
    if not names:
        return _("In your record this answer counts against no combo type: %(rule)s.", rule=rule)
    return _("In your record this answer counts against %(types)s: %(rule)s.", types=names, rule=rule)


def _default_type(kind: ScoreKind, is_crib: bool) -> ComboType:
    return {
        ScoreKind.FIFTEEN: ComboType.FIFTEEN_2,
        ScoreKind.PAIR: ComboType.PAIR,
        ScoreKind.RUN: ComboType.RUN,
        ScoreKind.FLUSH: ComboType.CRIB_FLUSH if is_crib else ComboType.HAND_FLUSH,
        ScoreKind.NOBS: ComboType.NOBS,
    }[kind]


def check_categories(score: ShowScore, answers: Mapping[ScoreKind, int]) -> Feedback:
    """Check a count per category.  The diff per kind is exact; a kind counted too
    low counts against its combo types that could make up the points missed (as
    :data:`TOTAL_RULE` says for a total; all of the kind's types when none could),
    their split between those types an estimate (hardest first); a kind counted
    too high counts against all of its types, without points missed.

    >>> from engine.scoring import score_show
    >>> feedback = check_categories(score_show("4C 5D 6H KC", "5S"), {ScoreKind.FIFTEEN: 8, ScoreKind.RUN: 3})
    >>> [(line.kind.value, line.diff) for line in feedback.lines]
    [('fifteen', 0), ('pair', -2), ('run', -3), ('flush', 0), ('nobs', 0)]
    """
    lines = _kind_lines(score, answers)
    combos = combos_of(score)
    results: list[ComboResult] = []
    for line in lines:
        in_kind = [c for c in combos if c.type.category is line.kind]
        if not in_kind:
            if line.answered:  # points claimed for a kind that is not there
                results.append(ComboResult(_default_type(line.kind, score.is_crib), 0, 0, False))
            continue
        worth_by_type = _worth_by_type(in_kind)
        if line.verdict is KindVerdict.MISSED:  # the types that could make up the points missed (any of the kind if none could)
            shortfall = -(line.diff or 0)
            against = could_make_up(in_kind, shortfall) or frozenset(worth_by_type)
        else:  # right, or counted too high: the kind is known, so all its types or none
            shortfall, against = 0, frozenset() if line.right else frozenset(worth_by_type)
        spread = _spread_missed(in_kind, shortfall, against)
        for combo_type, worth in worth_by_type.items():
            results.append(ComboResult(combo_type, worth, spread.get(combo_type, 0), combo_type not in against))
    missed = tuple(item for item in score.items if any(l.kind is item.kind and not l.right for l in lines))
    return Feedback(AnswerMode.CATEGORY, score, sum(l.answered or 0 for l in lines), lines, missed, (), tuple(results))


#: The flush rules a deal can tempt a learner to break, as the feedback states them
#: (in English: :class:`Trap` and the claims' reasons give them in the learner's language).
CRIB_FLUSH_RULE = N_("a crib flush needs all five cards: the starter too")
HAND_FLUSH_RULE = N_("three hand cards and the starter are never a flush: all four hand cards must match")


@dataclass(frozen=True, slots=True)
class Trap:
    """A deal that looks like it scores but does not: the rule it tempts a learner
    to break, and how, each in the learner's language (the rule starts with a
    small letter: it follows a heading or another sentence), and the points of
    the false flush it tempts (a point a card of the suit)."""

    rule: str
    here: str
    points: int


def flush_trap(score: ShowScore) -> Trap | None:
    """The flush trap this deal holds, if any: four of its five cards share a suit, yet no flush scores.

    >>> from engine.scoring import score_show
    >>> trap = flush_trap(score_show("2C 6C 9C KC", "4D", crib=True))
    >>> trap.rule, trap.here, trap.points
    ('a crib flush needs all five cards: the starter too', 'The four clubs of the crib score nothing: the starter 4♦ is not a club.', 4)
    >>> flush_trap(score_show("2H 6H 9H KC", "4H")).here
    'Three hearts and a heart starter, but the K♣ breaks the suit: no flush.'
    >>> flush_trap(score_show("2C 6C 9C KC", "4D")) is None  # a hand flush of four scores 4
    True
    """
    if score.starter is None or score.items_of(ScoreKind.FLUSH):
        return None
    hand = score.hand
    suits = Counter(c.suit for c in hand)
    suit, count = suits.most_common(1)[0]
    if count == len(hand) and score.is_crib:  # the whole crib of one suit, the starter not
        return Trap(_(CRIB_FLUSH_RULE), _crib_of_one_suit(suit, count, score.starter), count)
    if count == len(hand) - 1 and score.starter.suit is suit:
        odd = next(c for c in hand if c.suit is not suit)
        return Trap(_(CRIB_FLUSH_RULE if score.is_crib else HAND_FLUSH_RULE), _suit_broken(suit, odd), count + 1)
    return None


#: How many cards of a suit a crib holds, as a word ("the four clubs").
_COUNT_WORDS = {3: NC_("how many", "three"), 4: NC_("how many", "four"), 5: NC_("how many", "five")}


def _crib_of_one_suit(suit: Suit, count: int, starter: Card) -> str:
    """Why a crib of ``count`` cards of ``suit`` scores no flush: its starter is of another suit.
    One sentence per suit, so each language words the suit as its grammar needs."""
    english = _COUNT_WORDS.get(count)
    named = {"count": pgettext("how many", english) if english else str(count), "starter": words.face(starter)}
    if suit is Suit.CLUBS:
        return ngettext("The %(count)s club of the crib scores nothing: the starter %(starter)s is not a club.",
                        "The %(count)s clubs of the crib score nothing: the starter %(starter)s is not a club.",
                        count, **named)
    if suit is Suit.DIAMONDS:
        return ngettext("The %(count)s diamond of the crib scores nothing: the starter %(starter)s is not a diamond.",
                        "The %(count)s diamonds of the crib score nothing: the starter %(starter)s is not a diamond.",
                        count, **named)
    if suit is Suit.HEARTS:
        return ngettext("The %(count)s heart of the crib scores nothing: the starter %(starter)s is not a heart.",
                        "The %(count)s hearts of the crib score nothing: the starter %(starter)s is not a heart.",
                        count, **named)
    return ngettext("The %(count)s spade of the crib scores nothing: the starter %(starter)s is not a spade.",
                    "The %(count)s spades of the crib score nothing: the starter %(starter)s is not a spade.",
                    count, **named)


def _suit_broken(suit: Suit, odd: Card) -> str:
    """Why three hand cards of ``suit`` and a starter of it score no flush: the ``odd`` card."""
    card = words.face(odd)
    if suit is Suit.CLUBS:
        return _("Three clubs and a club starter, but the %(card)s breaks the suit: no flush.", card=card)
    if suit is Suit.DIAMONDS:
        return _("Three diamonds and a diamond starter, but the %(card)s breaks the suit: no flush.", card=card)
    if suit is Suit.HEARTS:
        return _("Three hearts and a heart starter, but the %(card)s breaks the suit: no flush.", card=card)
    return _("Three spades and a spade starter, but the %(card)s breaks the suit: no flush.", card=card)


def _claim_reason(claim: Claim, score: ShowScore) -> str:
    """Why a claim matches nothing: the rule it breaks, in a learner's words."""
    cards = claim.cards
    everything = set(score.hand) | ({score.starter} if score.starter else set())
    if not set(cards) <= everything:
        return _("those cards are not in this deal")
    if claim.kind is ClaimKind.FIFTEEN:
        total = sum(c.value for c in cards)
        return _("those cards add to %(total)d, not 15", total=total)
    if claim.kind is ClaimKind.PAIR:
        if len(cards) < 2:
            return _("a pair needs two cards of the same rank")
        return _("a pair is cards of the same rank (J and Q are not a pair)")
    if claim.kind is ClaimKind.RUN:
        ranks = sorted(c.rank for c in cards)
        if len(cards) < 3:
            return _("a run needs three cards or more")
        if len(set(ranks)) != len(ranks):
            return _("a run has one card of each rank: a double run is two runs, claim each")
        if ranks[-1] - ranks[0] != len(ranks) - 1:
            return _("those ranks are not in sequence (the ace is low: Q K A is no run)")
        return _("that run is part of a longer run: claim the longest")
    if claim.kind is ClaimKind.FLUSH:
        if len({c.suit for c in cards}) != 1:
            return _("a flush is cards of one suit")
        hand_cards = [c for c in cards if c in score.hand]
        if score.starter in cards and len(hand_cards) < len(score.hand):
            return _(HAND_FLUSH_RULE)
        if score.is_crib:
            return _(CRIB_FLUSH_RULE)
        if score.starter and score.starter.suit == cards[0].suit and score.starter not in cards:
            return _("the starter is the same suit: it is a flush of five")
        return _("a flush needs all the hand cards")
    if claim.kind is ClaimKind.NOBS:
        if len(cards) != 1 or cards[0].rank is not Rank.JACK:
            return _("his nob is one jack in the hand")
        if score.starter and cards[0] == score.starter:
            return _("the starter jack is his heels (to the dealer at the cut), not nobs")
        return _("nobs is the jack of the starter's suit")
    return _("that is not a combination in this hand")  # pragma: no cover


def _items_claimed(claim: Claim, score: ShowScore) -> tuple[ScoreItem, ...]:
    """The engine items a claim stands for (several for a pair royal)."""
    wanted = set(claim.cards)
    if claim.kind is ClaimKind.PAIR and len(wanted) > 2:
        matched = tuple(item for item in score.items_of(ScoreKind.PAIR) if set(item.cards) <= wanted)
        needed = len(wanted) * (len(wanted) - 1) // 2
        return matched if len(matched) == needed and len({c.rank for c in wanted}) == 1 else ()
    return tuple(item for item in score.items_of(claim.kind.score_kind) if set(item.cards) == wanted)


def check_claims(score: ShowScore, claims: Sequence[Claim]) -> Feedback:
    """Check claimed combos: each engine item not claimed is missed, each claim
    that matches nothing (or repeats one already made) is wrong, with its reason."""
    claimed: set[ScoreItem] = set()
    wrong: list[WrongClaim] = []
    credited = 0
    for claim in claims:
        items = _items_claimed(claim, score)
        if not items:
            wrong.append(WrongClaim(claim, _claim_reason(claim, score)))
        elif claimed & set(items):
            wrong.append(WrongClaim(claim, _("already claimed")))
        else:
            claimed.update(items)
            credited += sum(item.points for item in items)
    missed = tuple(item for item in score.items if item not in claimed)
    results: list[ComboResult] = []
    combos = combos_of(score)
    for combo_type, worth in _worth_by_type(combos).items():
        lost = sum(i.points for c in combos if c.type is combo_type for i in c.items if i not in claimed)
        results.append(ComboResult(combo_type, worth, lost, lost == 0))
    present = {r.type for r in results}
    for bad in wrong:
        combo_type = _default_type(bad.claim.kind.score_kind, score.is_crib)
        if combo_type not in present:
            results.append(ComboResult(combo_type, 0, 0, False))
            present.add(combo_type)
        else:
            results = [
                ComboResult(r.type, r.expected_points, r.missed_points, False) if r.type is combo_type else r
                for r in results
            ]
    lines = _kind_lines(score, _points_claimed_by_kind(claimed))
    return Feedback(AnswerMode.CLAIMS, score, credited, lines, missed, tuple(wrong), tuple(results))


def _points_claimed_by_kind(claimed: Iterable[ScoreItem]) -> dict[ScoreKind, int]:
    points: dict[ScoreKind, int] = {}
    for item in claimed:
        points[item.kind] = points.get(item.kind, 0) + item.points
    return points


# ---------------------------------------------------------------- pegging

#: The combo type each kind of pegging item is tallied under.
PEG_TYPES = {
    ScoreKind.FIFTEEN: ComboType.PEG_FIFTEEN,
    ScoreKind.THIRTY_ONE: ComboType.PEG_THIRTY_ONE,
    ScoreKind.PAIR: ComboType.PEG_PAIR,
    ScoreKind.RUN: ComboType.PEG_RUN,
    ScoreKind.GO: ComboType.PEG_GO,
    ScoreKind.LAST_CARD: ComboType.PEG_LAST_CARD,
}


@dataclass(frozen=True, slots=True)
class PeggingFeedback:
    """The verdict on a pegging answer: points for the card just played, and the count."""

    items: tuple[ScoreItem, ...]
    expected_count: int
    answered_points: int
    answered_count: int
    results: tuple[ComboResult, ...]

    @property
    def expected_points(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def points_right(self) -> bool:
        return self.answered_points == self.expected_points

    @property
    def count_right(self) -> bool:
        return self.answered_count == self.expected_count

    @property
    def correct(self) -> bool:
        return self.points_right and self.count_right

    @property
    def points_missed(self) -> int:
        return max(0, self.expected_points - self.answered_points)


def check_pegging(
    play: PlayScore, extra: Sequence[ScoreItem], answered_points: int, answered_count: int
) -> PeggingFeedback:
    """Check the points (and count) given for the card just played.

    ``extra`` holds the go or last-card point that the card also earns.

    >>> from engine.pegging import score_play
    >>> feedback = check_pegging(score_play("7S 8D"), (), 2, 15)
    >>> feedback.correct, [r.type.value for r in feedback.results]
    (True, ['pegging: 15'])
    """
    items = tuple(play.items) + tuple(extra)
    expected = sum(item.points for item in items)
    right = answered_points == expected
    worth: dict[ComboType, int] = {}
    for item in items:
        combo_type = PEG_TYPES[item.kind]
        worth[combo_type] = worth.get(combo_type, 0) + item.points
    missed = max(0, expected - answered_points)
    results = []
    for combo_type, points in worth.items():
        share = min(points, missed) if len(worth) > 1 else missed
        missed -= share
        results.append(ComboResult(combo_type, points, share, right))
    return PeggingFeedback(items, play.count, answered_points, answered_count, tuple(results))
