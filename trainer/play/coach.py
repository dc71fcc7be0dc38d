"""The coach at the table (issue 14): hints, verdicts and the learner's chance to win.

A learner who turns the coach on (the table menu or the settings page,
``learner.coach``) sees, in games against the bot:

* before each discard and each card they play, a **Hint**: the best option
  by expected points, with its chance to win the game;
* after it, a one-line **verdict** on what they chose ("Best play", or
  "−1.30 points against keeping 5♠ 5♥ J♣ 4♦");
* a **meter** of their chance to win from the scores, whose crib and the
  target.

There is one grading standard.  The analysis here (:func:`discard_analysis`,
:func:`play_analysis`) is the one :mod:`trainer.play.games` grades the learner's
discard and card with, in the same position with the same seed: the discard
analysis is exact, the play analysis samples
:data:`~trainer.drills.grading.BEST_PLAY_SAMPLES` play-outs seeded by the game and
the move, so the card a hint names is the card the verdict calls best, and the
tolerances are :mod:`trainer.drills.grading`'s.  The best option is the best by
expected points, as in the review and the drills; near the end of a game,
where the chance to win can prefer another option (the expert level plays for
it), the hint names that one too.

Chances to win come from :mod:`engine.analysis.winprob` (a discard: the expert bot's
:func:`engine.bots.levels.discard_chances`; a card: :func:`engine.bots.levels.pegging_chances`,
over the same seeded deals as the expected points) and exist only where its
table does: the two-player six-card game to 121 or 61.  With three or four
players, in the five- and seven-card games and in giveaway (where the first to
the target loses) there is no meter and no chance to win; the hints there give
expected points only, and none at all in giveaway (the analysis counts points
as good) or for a card with three or four players (the play analysis models
one opponent, so those cards are not judged either).

The coach sees only what the learner may see: the analyses start from the
learner's own :class:`~engine.players.PlayerView` (the other cards are
sampled from the unseen ones, never read), and a hint is shown only once the
table's reveal has caught up with the game, at the learner's own decision.

Each decision is analysed once: when the game reaches a person's discard or
card, :func:`advise` works it out and the seat keeps it (:class:`Advice`);
the hint shows it, and the grading of the decision reads it again
(:func:`analysis_for` works it out afresh only for a game saved without it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Sequence

from engine.analysis.discard import DiscardOption, analyse_discards
from engine.analysis.play import PeggingView, PlayOption
from engine.analysis.winprob import TARGETS, table_for
from engine.bots.levels import crib_is_mine, discard_win_chances, play_win_chances
from engine.cards import Card, parse_cards
from engine.events import Dealt, Event, Points
from engine.game import Action, Phase
from engine.players import PlayerView
from engine.rules import Rules
from trainer.charts import ChartPoint, PercentChart
from trainer.drills import grading
from trainer.language import i18n, words
from trainer.language.i18n import gettext as _

#: A different option is named "for the game" only when its chance to win is
#: at least this much better (the play's chances are sampled: closer is noise).
FOR_THE_GAME_MARGIN = 0.01

MINUS = "\N{MINUS SIGN}"


# ---------------------------------------------------------------- the analyses


@dataclass(frozen=True, slots=True)
class DiscardAnalysis:
    """Every discard of the hand, best by expected points first, and each one's
    chance to win (same order; None where there is no win table, or none was asked for)."""

    options: tuple[DiscardOption, ...]
    wins: tuple[float, ...] | None = None

    def option(self, cards: Sequence[Card]) -> int:
        """The index of the option laying away ``cards``."""
        return next(i for i, o in enumerate(self.options) if set(o.discard) == set(cards))

    def win_of(self, cards: Sequence[Card]) -> float | None:
        """The chance to win after laying away ``cards`` (None without a table)."""
        return None if self.wins is None else self.wins[self.option(cards)]

    @property
    def best_win(self) -> float | None:
        """The best chance to win of any discard (None without a table)."""
        return None if self.wins is None else max(self.wins)

    @property
    def best_win_discard(self) -> tuple[Card, ...] | None:
        """The discard with the best chance to win (None without a table)."""
        if self.wins is None:
            return None
        wins = self.wins
        return self.options[max(range(len(wins)), key=lambda i: wins[i])].discard

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible, every figure exact (grading reads them again)."""
        return {
            "options": [[[str(c) for c in o.keep], [str(c) for c in o.discard], o.hand_ev, o.crib_ev, o.net_ev]
                        for o in self.options],
            "wins": None if self.wins is None else list(self.wins),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "DiscardAnalysis":
        options = tuple(DiscardOption(parse_cards(keep), parse_cards(discard), hand_ev, crib_ev, net_ev)
                        for keep, discard, hand_ev, crib_ev, net_ev in data["options"])
        wins = data["wins"]
        return cls(options, None if wins is None else tuple(wins))


def discard_analysis(view: PlayerView, *, chances: bool = True) -> DiscardAnalysis:
    """The discard ``view``'s seat faces: every option by expected points (exact, as
    graded) and, where the table applies and ``chances`` asks, its chance to
    win (the costlier half: games of a learner without the coach skip it)."""
    options = tuple(analyse_discards(view.hand, dealer=crib_is_mine(view), discards=view.rules.discards))
    table = table_for(view.rules) if chances else None
    wins = None if table is None else tuple(discard_win_chances(view, options, table))
    return DiscardAnalysis(options, wins)


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """Every legal card by expected net points, best first (empty when the card
    is not judged: one legal card, or more than two players), and each one's
    chance to win (same order; None without a table)."""

    options: tuple[PlayOption, ...]
    wins: tuple[float, ...] | None = None

    def win_of(self, card: Card) -> float | None:
        if self.wins is None:
            return None
        return next(w for o, w in zip(self.options, self.wins) if o.card == card)

    @property
    def best_win(self) -> float | None:
        return None if self.wins is None else max(self.wins)

    @property
    def best_win_card(self) -> Card | None:
        """The card with the best chance to win (None without a table or options)."""
        if self.wins is None or not self.options:
            return None
        wins = self.wins
        return self.options[max(range(len(wins)), key=lambda i: wins[i])].card

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible, every figure exact (grading reads them again)."""
        return {"options": [[str(o.card), o.immediate, o.expected_net] for o in self.options],
                "wins": None if self.wins is None else list(self.wins)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PlayAnalysis":
        options = tuple(PlayOption(Card.parse(card), immediate, net) for card, immediate, net in data["options"])
        wins = data["wins"]
        return cls(options, None if wins is None else tuple(wins))


def play_seed(game_seed: int, view: PlayerView) -> int:
    """The seed of the play analysis at this decision: the game's seed plus the
    length of the log, so the hint before a card and the grading of it weigh
    the same sampled deals, and a retry from the review samples them again."""
    return game_seed + len(view.log)


def play_analysis(view: PlayerView, game_seed: int, *, chances: bool = True) -> PlayAnalysis:
    """The card ``view``'s seat is to play, analysed as it is graded (seeded by
    :func:`play_seed`).  Chances to win only where ``chances`` asks (games of a
    learner without the coach skip them)."""
    legal = view.legal_plays
    if len(legal) < 2 or view.rules.players != 2:
        return PlayAnalysis(())
    seed = play_seed(game_seed, view)
    options = grading.play_options(PeggingView.of(view), seed)
    table = table_for(view.rules) if chances else None
    if table is None:
        return PlayAnalysis(options)
    ranks = sorted({int(o.card.rank) for o in options})
    by_rank, _samples = play_win_chances(view, ranks, table, grading.BEST_PLAY_SAMPLES, random.Random(seed))
    return PlayAnalysis(options, tuple(by_rank[int(o.card.rank)] for o in options))


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's analysis of one decision, kept with the seat from the moment
    the game reaches it: the hint shows it and the grading judges the decision
    with it, so it is worked out once.  ``at`` is the length of the log then,
    ``deal`` the deal, ``chances`` whether chances to win were asked for."""

    action: Action
    deal: int
    at: int
    chances: bool
    analysis: DiscardAnalysis | PlayAnalysis

    def fits(self, view: PlayerView, action: Action, *, chances: bool) -> bool:
        """Whether this is the analysis of the decision ``view``'s seat faces now
        (with chances to win, if ``chances`` asks for them).  A discard is the
        same decision all through the discard (others laying away change
        nothing of it); a card, only at the same point of the log (its
        sampled deals are seeded by it)."""
        if self.action is not action or self.deal != deal_number(view) or (chances and not self.chances):
            return False
        return action is Action.DISCARD or self.at == len(view.log)

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action.value, "deal": self.deal, "at": self.at, "chances": self.chances,
                "analysis": self.analysis.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Advice":
        action = Action(data["action"])
        kind = DiscardAnalysis if action is Action.DISCARD else PlayAnalysis
        return cls(action, data["deal"], data["at"], data["chances"], kind.from_dict(data["analysis"]))


def deal_number(view: PlayerView) -> int:
    """The number of the deal ``view`` is in (0 before the first)."""
    return next((event.deal_number for event in reversed(view.log) if isinstance(event, Dealt)), 0)


def advise(view: PlayerView, action: Action, game_seed: int, *, chances: bool) -> Advice | None:
    """The analysis of the decision ``view``'s seat must make now, ``action``
    (what the engine awaits from it: :meth:`engine.game.Game.awaits`), or None
    when it is neither a discard nor a card with something to weigh (one
    legal card, or more than two players)."""
    deal = deal_number(view)
    if action is Action.DISCARD:
        return Advice(action, deal, len(view.log), chances, discard_analysis(view, chances=chances))
    if action is Action.PLAY and len(view.legal_plays) > 1 and view.rules.players == 2:
        return Advice(action, deal, len(view.log), chances, play_analysis(view, game_seed, chances=chances))
    return None


def analysis_for(view: PlayerView, action: Action, game_seed: int, advice: Advice | None, *,
                 chances: bool) -> DiscardAnalysis | PlayAnalysis:
    """The analysis of ``view``'s seat's ``action`` (a discard or a card): the
    ``advice`` kept for it when it fits, else worked out now."""
    if advice is not None and advice.fits(view, action, chances=chances):
        return advice.analysis
    if action is Action.DISCARD:
        return discard_analysis(view, chances=chances)
    return play_analysis(view, game_seed, chances=chances)


# ---------------------------------------------------------------- what the learner sees


def percent(chance: float) -> str:
    """A chance as the meter and the hints print it.

    >>> percent(0.5349), percent(0.999), percent(0.0004)
    ('53%', '>99%', '<1%')
    >>> with i18n.language("ru"):
    ...     percent(0.5349)
    '53\xa0%'
    """
    if 0 < chance < 0.005:
        return _("<1%")
    if 0.995 <= chance < 1:
        return _(">99%")
    return i18n.format_percent(round(100 * chance) / 100)


def fixed(value: float, digits: int = 2) -> str:
    """A number with ``digits`` decimals in the learner's language, rounded as
    ``"%.2f"`` rounds it (``1.30``; Russian ``1,30``).

    >>> fixed(0.165), fixed(2.675), fixed(12.35, 1)
    ('0.17', '2.67', '12.3')
    """
    return i18n.format_decimal(round(value, digits), digits)


def points(value: float) -> str:
    """Signed expected points, with a true minus sign.

    >>> points(1.304), points(-0.5), points(0.0)
    ('+1.30', '−0.50', '+0.00')
    """
    sign = MINUS if f"{value:+.2f}".startswith("-") else "+"
    return sign + fixed(abs(value))


@dataclass(frozen=True, slots=True)
class Hint:
    """The best discard or card by expected points, before the learner decides."""

    #: A discard or a card to play.
    kind: Action
    #: The cards to lay away, or the one card to play.
    cards: tuple[Card, ...]
    #: A discard's kept cards.
    keep: tuple[Card, ...] = ()
    #: A discard: hand and crib (the crib against you as pone); a card: net points to the end of the play.
    expected: float = 0.0
    win: float | None = None
    #: Other options as good within grading's tolerance.
    also: tuple[tuple[Card, ...], ...] = ()
    #: An option with a clearly better chance to win the game, and that chance.
    for_game: tuple[Card, ...] = ()
    for_game_win: float | None = None
    #: Said instead of an analysis (one legal card).
    note: str = ""

    @property
    def text(self) -> str:
        """The hint in one sentence."""
        if self.note:
            return self.note
        expected = points(self.expected)
        if self.kind is Action.DISCARD:
            cards, keep = words.faces(self.cards), words.faces(self.keep)
            if self.win is None:
                return _("Lay away %(cards)s, keeping %(keep)s: %(points)s points expected from hand and crib.",
                         cards=cards, keep=keep, points=expected)
            return _("Lay away %(cards)s, keeping %(keep)s: %(points)s points expected from hand and crib, "
                     "%(win)s to win.", cards=cards, keep=keep, points=expected, win=percent(self.win))
        card = words.face(self.cards[0])
        if self.win is None:
            return _("Play the %(card)s: %(points)s net points expected to the end of the play.",
                     card=card, points=expected)
        return _("Play the %(card)s: %(points)s net points expected to the end of the play, %(win)s to win.",
                 card=card, points=expected, win=percent(self.win))

    @property
    def also_text(self) -> str:
        if not self.also:
            return ""
        return _("As good: %(cards)s.", cards=", ".join(words.faces(cards) for cards in self.also))

    @property
    def for_game_text(self) -> str:
        if not self.for_game or self.for_game_win is None:
            return ""
        win = percent(self.for_game_win)
        if self.kind is Action.DISCARD:
            return _("For the game, laying away %(cards)s wins more often: %(win)s.",
                     cards=words.faces(self.for_game), win=win)
        return _("For the game, the %(card)s wins more often: %(win)s.", card=words.face(self.for_game[0]), win=win)


def _for_game(wins: tuple[float, ...] | None, best: int) -> int | None:
    """The option with the best chance to win, when it beats the best by points clearly."""
    if wins is None:
        return None
    top = max(range(len(wins)), key=lambda i: wins[i])
    return top if wins[top] - wins[best] >= FOR_THE_GAME_MARGIN else None


def discard_hint(analysis: DiscardAnalysis) -> Hint:
    """The hint for a discard from its analysis."""
    options = analysis.options
    best = options[0]
    also = tuple(o.discard for o in grading.best_discards(options)[1:])
    top = _for_game(analysis.wins, 0)
    return Hint(
        Action.DISCARD, best.discard, best.keep, best.net_ev,
        None if analysis.wins is None else analysis.wins[0], also,
        () if top is None else options[top].discard, None if top is None or analysis.wins is None else analysis.wins[top],
    )


def play_hint(analysis: PlayAnalysis) -> Hint:
    """The hint for a card from its analysis (at least one option)."""
    options = analysis.options
    best = options[0]
    also = tuple((o.card,) for o in options[1:] if grading.is_best_play(best.expected_net - o.expected_net))
    top = _for_game(analysis.wins, 0)
    return Hint(
        Action.PLAY, (best.card,), (), best.expected_net,
        None if analysis.wins is None else analysis.wins[0], also,
        () if top is None else (options[top].card,), None if top is None or analysis.wins is None else analysis.wins[top],
    )


def hint(view: PlayerView, action: Action, analysis: DiscardAnalysis | PlayAnalysis | None) -> Hint | None:
    """The hint for ``view``'s seat's decision now, ``action`` (what the engine
    awaits from it), from its ``analysis`` (see :func:`analysis_for`); None when
    it is neither a discard nor a card, or the coach does not advise there
    (see the module doc)."""
    rules = view.rules
    if rules.giveaway:
        return None
    if action is Action.DISCARD and isinstance(analysis, DiscardAnalysis):
        return discard_hint(analysis)
    if action is Action.PLAY and rules.players == 2:
        legal = view.legal_plays
        if len(legal) == 1:
            return Hint(Action.PLAY, legal,
                        note=_("Only the %(card)s fits under 31: play it.", card=words.face(legal[0])))
        if isinstance(analysis, PlayAnalysis) and analysis.options:
            return play_hint(analysis)
    return None


@dataclass(frozen=True, slots=True)
class Verdict:
    """One line on the learner's latest discard or card."""

    #: A discard or a card played.
    kind: Action
    best: bool
    #: Expected points given away against the best (graded, rounded as recorded).
    lost: float
    text: str
    #: Chance to win given away against the best option for the game (None without a table).
    win_lost: float | None = None
    #: That option, as the verdict names it ("the 7♣", "laying away 5♠ 5♥"; "" when not known).
    win_better: str = ""

    @property
    def win_text(self) -> str:
        """The chance to win given away, naming the option that keeps it ("" when none was lost).

        >>> Verdict(Action.PLAY, True, 0.0, "Best play", 0.009, words.face(Card.parse("7C"))).win_text
        '−0.9 percentage points of your chance to win: the 7♣ was better for the game.'
        """
        if self.win_lost is None or self.win_lost < 0.005:
            return ""
        lost = fixed(100 * self.win_lost, 1)
        if not self.win_better:
            return _("−%(points)s percentage points of your chance to win.", points=lost)
        if self.kind is Action.DISCARD:
            return _("−%(points)s percentage points of your chance to win: laying away %(cards)s was better "
                     "for the game.", points=lost, cards=self.win_better)
        return _("−%(points)s percentage points of your chance to win: the %(card)s was better for the game.",
                 points=lost, card=self.win_better)


def discard_verdict(lost: float, best_keep: Sequence[Card], win_lost: float | None = None,
                    win_better: Sequence[Card] = ()) -> Verdict:
    """The verdict on a discard that gave away ``lost`` expected points against
    keeping ``best_keep`` (grading's tolerance decides "best").

    >>> from engine.cards import parse_cards
    >>> discard_verdict(1.3, parse_cards("5S 5H JC 4D")).text
    '−1.30 points against keeping 5♠ 5♥ J♣ 4♦'
    >>> discard_verdict(0.0, ()).text
    'Best discard'
    """
    better = words.faces(win_better) if win_better else ""
    if grading.is_best_discard(lost):
        return Verdict(Action.DISCARD, True, lost, _("Best discard"), win_lost, better)
    text = _("−%(points)s points against keeping %(cards)s", points=fixed(lost), cards=words.faces(best_keep))
    return Verdict(Action.DISCARD, False, lost, text, win_lost, better)


def play_verdict(lost: float, best: Card, win_lost: float | None = None, win_better: Card | None = None) -> Verdict:
    """The verdict on a card that gave away ``lost`` expected net points against ``best``.

    >>> play_verdict(0.42, Card.parse("8D")).text
    '−0.42 points against the 8♦'
    """
    better = words.face(win_better) if win_better is not None else ""
    if grading.is_best_play(lost):
        return Verdict(Action.PLAY, True, lost, _("Best play"), win_lost, better)
    return Verdict(Action.PLAY, False, lost, _("−%(points)s points against the %(card)s", points=fixed(lost),
                                          card=words.face(best)), win_lost, better)


def win_lost(win: float | None, best_win: float | None) -> float | None:
    """The chance to win a decision gave away against the best option for the game."""
    if win is None or best_win is None:
        return None
    return max(0.0, best_win - win)


# ---------------------------------------------------------------- the meter


@dataclass(frozen=True, slots=True)
class Meter:
    """The learner's chance to win the game, as the meter beside the board shows it."""

    win: float

    @property
    def percent(self) -> int:
        return round(100 * self.win)

    @property
    def text(self) -> str:
        return percent(self.win)


def meter(rules: Rules, scores: Sequence[int], my_crib: bool | None) -> Meter | None:
    """The chance to win of the seat looking at the table, from the scores it
    shows (theirs first), whether the crib is theirs (None: no dealer yet) and
    the target (:func:`engine.analysis.winprob.win_probability`); None where the win table does not apply (three or four players,
    the five- and seven-card games, giveaway: see :func:`engine.analysis.winprob.table_for`).

    The table values a position at the start of a deal; within a deal the
    meter reads the current scores as if a deal of the same dealer were about
    to start, so it moves with every peg but does not count what is left of
    the deal.  Before the cut for deal (no dealer yet) it averages the two.
    """
    table = table_for(rules)
    if table is None:
        return None
    mine, theirs = scores[0], scores[1]
    if my_crib is None:
        return Meter((table.start(mine, theirs, True) + table.start(mine, theirs, False)) / 2)
    return Meter(table.start(mine, theirs, my_crib))


@dataclass(frozen=True, slots=True)
class Coaching:
    """What the coach shows at the table now."""

    meter: Meter | None
    hint: Hint | None
    verdict: Verdict | None
    #: Why there is no meter, when there is none.
    no_meter: str = ""


def no_meter_reason(rules: Rules) -> str:
    """A sentence for the learner when the meter is missing."""
    if rules.giveaway:
        return _("No chance to win is shown in giveaway, and no hints: the analysis counts points as good.")
    if rules.players != 2:
        return _("No chance to win with more than two players: the table is measured on two. "
                 "Hints are for your discard only (the play analysis models one opponent).")
    return _("No chance to win in this game: the table is measured on the six-card game to %(first)d or %(second)d.",
             first=TARGETS[0], second=TARGETS[1])


#: The phases a verdict is shown in: a discard is judged until the cards are played,
#: a card until the next card or the end of the play.  In the show and at the end
#: of the game the moment it judged has passed.
VERDICT_PHASES = frozenset({Phase.DISCARD, Phase.CUT, Phase.PLAY})


def coaching(rules: Rules, *, scores: Sequence[int], my_crib: bool | None, hint: Hint | None,
             verdict: Verdict | None, phase: Phase | None = None) -> Coaching:
    """The coach at a table: the meter at the ``scores`` shown (the viewer's
    first), the ``hint`` at their decision (given once the reveal has caught
    up) and the ``verdict`` on their latest decision while its moment lasts:
    only in the ``phase`` of the table shown is one of :data:`VERDICT_PHASES`.

    >>> from engine.rules import STANDARD
    >>> best = play_verdict(0.0, Card.parse("8D"))
    >>> coaching(STANDARD, scores=(0, 0), my_crib=True, hint=None, verdict=best, phase=Phase.PLAY).verdict.text
    'Best play'
    >>> coaching(STANDARD, scores=(0, 0), my_crib=True, hint=None, verdict=best, phase=Phase.SHOW).verdict is None
    True
    """
    gauge = meter(rules, scores, my_crib)
    shown = verdict if phase is None or phase in VERDICT_PHASES else None
    return Coaching(gauge, hint, shown, "" if gauge is not None else no_meter_reason(rules))


# ---------------------------------------------------------------- through the game


@dataclass(frozen=True, slots=True)
class WinPoint:
    """The learner's chance to win at one moment of a finished game."""

    label: str
    win: float
    #: Whether this is the start of a deal (else after one of the learner's decisions, or the end).
    deal_start: bool = False


def win_series(rules: Rules, seat: int, log: Sequence[Event], decisions: Sequence[tuple[int, float | None]],
               won: bool) -> tuple[WinPoint, ...]:
    """The chance to win of the person in ``seat`` through a game: at the start of each deal
    (the table, from the scores and who deals), after each of their decisions
    that deal (``decisions``: (deal, chance) as noted when they decided) and at
    the end (1 or 0).  Empty where the table does not apply.

    >>> from engine.rules import STANDARD
    >>> [p.win for p in win_series(STANDARD, 0, (), (), True)]
    [1.0]
    """
    table = table_for(rules)
    if table is None:
        return ()
    scores = [0] * rules.sides
    points: list[WinPoint] = []
    by_deal: dict[int, list[float]] = {}
    for deal, chance in decisions:
        if chance is not None:
            by_deal.setdefault(deal, []).append(chance)
    mine = rules.side_of(seat)
    for event in log:
        match event:
            case Dealt(dealer=dealer, deal_number=number):
                theirs = max(score for side, score in enumerate(scores) if side != mine)
                chance = table.start(scores[mine], theirs, rules.side_of(dealer) == mine)
                points.append(WinPoint(_("deal %(number)d", number=number), chance, True))
                decided = _("deal %(number)d, your decision", number=number)
                points.extend(WinPoint(decided, c) for c in by_deal.get(number, ()))
            case Points(player=player, points=pegged):
                scores[rules.side_of(player)] += pegged
    points.append(WinPoint(_("the end"), 1.0 if won else 0.0))
    return tuple(points)


@dataclass(frozen=True, slots=True)
class WinChart(PercentChart):
    """The chance to win through a game laid out for the review's inline SVG."""

    @property
    def deal_labels(self) -> tuple[ChartPoint, ...]:
        """The deal starts named under the axis (at most eight)."""
        starts = [p for p in self.points if p.deal_start]
        every = max(1, -(-len(starts) // 8))
        return tuple(starts[::every])

    @property
    def deal_ticks(self) -> tuple[tuple[float, int], ...]:
        """Where each deal named under the axis starts, and its number (at most eight)."""
        starts = [p for p in self.points if p.deal_start]
        every = max(1, -(-len(starts) // 8))
        return tuple((p.x, number) for number, p in enumerate(starts, start=1))[::every]

    @property
    def summary(self) -> str:
        """The chart in words, for those who do not see it."""
        starts = [p for p in self.points if p.deal_start]
        if not starts:
            return ""
        # Every point the line draws before the end (deal starts and decisions alike),
        # so the words name the chart's own lowest and highest.
        during = self.points[:-1]
        low = min(during, key=lambda p: p.percent)
        high = max(during, key=lambda p: p.percent)
        return _("From %(first)s at the first deal; lowest %(low)s (%(low_label)s), highest %(high)s "
                 "(%(high_label)s); %(end)s at the end.",
                 first=i18n.format_percent(starts[0].percent / 100), low=i18n.format_percent(low.percent / 100),
                 low_label=low.label, high=i18n.format_percent(high.percent / 100), high_label=high.label,
                 end=i18n.format_percent(self.points[-1].percent / 100))


def win_chart(series: Sequence[WinPoint], width: int = 560, height: int = 220) -> WinChart | None:
    """Lay the series out as a line chart (the template draws the SVG: no script).

    >>> chart = win_chart((WinPoint("deal 1", 0.5, True), WinPoint("the end", 1.0)))
    >>> [(p.percent, p.y) for p in chart.points]
    [(50, 97.5), (100, 15.0)]
    """
    if len(series) < 2:
        return None
    points = [ChartPoint(p.label, p.win, deal_start=p.deal_start) for p in series]
    return WinChart.lay_out(points, width, height, margins=(50, 15, 20, 40))
