"""After a game: the results (scores, where the points came from, the best hand,
counting accuracy, statistics per level and length) and the post-game review
(every deal's discard, plays and counts against the best), for one seat.

Everything is read from that seat's own log (:meth:`engine.game.Game.log_seen_by`)
and the notes the game kept on its person's decisions
(:class:`trainer.play.notes.DiscardNote`, :class:`trainer.play.notes.PlayNote`);
scores and sides are listed from the seat's own side, as the table shows them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Sequence

from sqlalchemy import case, func, select

from engine.cards import Card
from engine.events import Claimed, Counted, Dealt, Event, Shown, TrueCount
from engine.rules import Skunk
from engine.scoring import ScoreItem, score_show
from trainer.charts import LinesChart
from trainer.database import db
from trainer.language import i18n
from trainer.language.i18n import NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.play import coach
from trainer.play.choices import VARIANTS, Variant, variant_name
from trainer.play.games import SeatedGame, finished_game, match_score
from trainer.play.models import GameSeat, SavedGame
from trainer.play.notes import DiscardNote, PlayNote, note_of
from trainer.play.seats import Seating, at_level, level_label
from trainer.play.totals import SideTotals, side_totals

#: How a game was won, as the results say it.
_SKUNKS = {
    Skunk.NONE: NC_("skunk", "no skunk"), Skunk.SKUNK: NC_("skunk", "skunk"),
    Skunk.DOUBLE: NC_("skunk", "double skunk"), Skunk.TRIPLE: NC_("skunk", "triple skunk"),
}


@dataclass(frozen=True, slots=True)
class CountNote:
    """One of the seat's hands or cribs in the show: what it held, what its person claimed."""

    deal: int
    what: Counted
    cards: tuple[Card, ...]
    starter: Card | None
    items: tuple[ScoreItem, ...]
    claimed: int | None

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    @property
    def missed(self) -> int:
        return 0 if self.claimed is None else max(0, self.total - self.claimed)

    @property
    def summary(self) -> str:
        """Its points, and the claim ("12 points; you claimed 10")."""
        if self.claimed is None:
            return ngettext("%(num)d point", "%(num)d points", self.total)
        return ngettext("%(num)d point; you claimed %(claimed)d", "%(num)d points; you claimed %(claimed)d",
                        self.total, claimed=self.claimed)


def count_notes(log: Sequence[Event], seat: int) -> tuple[CountNote, ...]:
    """The hands and cribs ``seat`` showed, with what it claimed for each (under muggins).

    >>> from engine.cards import parse_cards, card
    >>> log = [Dealt(0, 1, ((), ()), ()), Shown(1, parse_cards("5H 5D 5S JC"), card("5C"), False),
    ...        Claimed(1, Counted.HAND, 28)]
    >>> [(note.total, note.claimed, note.missed) for note in count_notes(log, 1)]
    [(29, 28, 1)]
    """
    counted: list[CountNote] = []
    deal = 0
    for event in log:
        match event:
            case Dealt(deal_number=number):
                deal = number
            case Shown(player=player, cards=cards, starter=starter, is_crib=crib) if player == seat:
                items = score_show(cards, starter, crib=crib).items
                counted.append(CountNote(deal, Counted.CRIB if crib else Counted.HAND, cards, starter, items, None))
            # The claim itself, since a claim that wins the game is never settled.
            case Claimed(player=player, what=what, points=claimed) | TrueCount(player=player, what=what,
                                                                              claimed=claimed) if (
                    player == seat and what is not Counted.PLAY and counted):
                counted[-1] = replace(counted[-1], claimed=claimed)
    return tuple(counted)


@dataclass(frozen=True, slots=True)
class DealReview:
    deal: int
    #: Whether the seat under review dealt, and who dealt, as the table names them ("the bot", "your partner").
    learner_dealt: bool
    dealer_name: str
    discard: DiscardNote | None
    plays: tuple[PlayNote, ...]
    counts: tuple[CountNote, ...]
    #: Whether the plays were judged against the best card (two players only).
    plays_judged: bool = True


@dataclass(frozen=True, slots=True)
class GameReview:
    """Every deal of a finished game for one seat, and its chance to win through the game."""

    deals: tuple[DealReview, ...]
    #: None where the win table does not apply (see :func:`engine.analysis.winprob.table_for`).
    win_chart: coach.WinChart | None


def game_review(learner_id: int, game_id: object) -> GameReview | None:
    """Every deal of a finished game from the learner's seat: their discard, plays
    and counts, and their chance to win at the start of each deal and after
    each of their discards and cards (:func:`trainer.play.coach.win_series`).
    None when the game is not over; :class:`~trainer.play.games.NotSeated` when it is not theirs."""
    seated = finished_game(learner_id, game_id)
    if seated is None:
        return None
    game, seat, seating = seated.game, seated.seat, seated.seating
    log = game.log_seen_by(seat)
    kept = [note_of(n) for n in json.loads(seated.mine.notes)]
    discards = {n.deal: n for n in kept if isinstance(n, DiscardNote)}
    plays = [n for n in kept if isinstance(n, PlayNote)]
    counts = count_notes(log, seat)
    dealers = {e.deal_number: e.dealer for e in log if isinstance(e, Dealt)}
    deals = tuple(
        DealReview(
            deal, dealer == seat, seating.in_sentence(dealer), discards.get(deal),
            tuple(p for p in plays if p.deal == deal), tuple(c for c in counts if c.deal == deal),
            game.rules.players == 2,
        )
        for deal, dealer in sorted(dealers.items())
    )
    decisions = [(n.deal, n.win) for n in kept]
    chart = coach.win_chart(coach.win_series(game.rules, seat, log, decisions, bool(seated.mine.won)))
    return GameReview(deals, chart)


class Compared(StrEnum):
    """Which games a seat's statistics compare."""

    TWO_PLAYERS = ""
    THREE_PLAYERS = "three-player"
    FOUR_PLAYERS = "four-player"
    #: Another table (four each for themselves, five, six; teams): named by its variant.
    OTHER_TABLE = "other table"
    GIVEAWAY = "giveaway"


@dataclass(frozen=True, slots=True)
class LevelStats:
    level: str
    target: int
    games: int
    wins: int
    average_points: float
    average_bot_points: float
    kind: Compared = Compared.TWO_PLAYERS
    #: The game's variant, which names an :attr:`Compared.OTHER_TABLE`.
    variant: str = "six-card"

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def title(self) -> str:
        """What the statistics compare: "Your games at easy level, to 61"."""
        level, target = at_level(self.level), self.target
        if self.kind is Compared.THREE_PLAYERS:
            return _("Your three-player games at %(level)s level, to %(target)d", level=level, target=target)
        if self.kind is Compared.FOUR_PLAYERS:
            return _("Your four-player games at %(level)s level, to %(target)d", level=level, target=target)
        if self.kind is Compared.GIVEAWAY:
            return _("Your giveaway games at %(level)s level, to %(target)d", level=level, target=target)
        if self.kind is Compared.OTHER_TABLE:
            return _("Your %(variant)s games at %(level)s level, to %(target)d", variant=variant_name(self.variant),
                     level=level, target=target)
        return _("Your games at %(level)s level, to %(target)d", level=level, target=target)

    @property
    def others_label(self) -> str:
        """The other side's average, as its fact is labelled."""
        if self.kind is Compared.FOUR_PLAYERS or (
                self.kind is Compared.OTHER_TABLE and VARIANTS[self.variant].sides == 2):
            return _("Bots’ average")
        if self.kind in (Compared.THREE_PLAYERS, Compared.OTHER_TABLE):
            return _("Bots’ best average")
        return _("Bot’s average")


def level_stats(learner_id: int, level: str, target: int, variant: str = "six-card",
                giveaway: bool = False) -> LevelStats:
    """Games, wins and average points of the learner's finished games at this level and
    length, among games like ``variant`` (as many players) and ``giveaway`` (or not):
    a three-player game is not compared with games against one bot."""
    alike = _alike(variant)
    games, wins, mine, theirs = db.session.execute(
        select(
            func.count(SavedGame.id),
            func.coalesce(func.sum(case((GameSeat.won.is_(True), 1), else_=0)), 0),
            func.coalesce(func.avg(GameSeat.score), 0.0),
            func.coalesce(func.avg(GameSeat.others_score), 0.0),
        ).join(GameSeat, GameSeat.game_id == SavedGame.id).where(
            GameSeat.learner_id == learner_id, SavedGame.finished.is_(True),
            SavedGame.level == level, SavedGame.target == target,
            SavedGame.variant.in_(alike), SavedGame.giveaway.is_(giveaway),
            SavedGame.practice.is_(False),  # a practice game is unrated
            SavedGame.live_key.is_(None),  # games against the bots only: a table of people is not one
        )
    ).one()
    if giveaway:
        kind = Compared.GIVEAWAY
    elif len(alike) > 1 or variant not in VARIANTS:
        kind = Compared.TWO_PLAYERS
    else:
        alike_kinds: dict[str, Compared] = {Variant.THREE_PLAYER: Compared.THREE_PLAYERS,
                                            Variant.FOUR_PLAYER: Compared.FOUR_PLAYERS}
        kind = alike_kinds.get(variant, Compared.OTHER_TABLE)
    return LevelStats(level, target, games, int(wins), float(mine), float(theirs), kind, variant)


def _alike(variant: str) -> list[str]:
    """The variants whose games are compared with ``variant``'s: those of the same table
    (as many players, in the same teams); the two-player games all together."""
    rules = VARIANTS.get(variant, VARIANTS[Variant.SIX_CARD])
    return [name for name, other in VARIANTS.items() if (other.players, other.teams) == (rules.players, rules.teams)]


#: How many of the latest games the long-term chart draws.
LONG_TERM_GAMES = 30


@dataclass(frozen=True, slots=True)
class GamePoints:
    """One finished game's points per deal for the learner's seat, by where they came from."""

    deals: int
    hand: float
    crib: float
    pegging: float


@dataclass(frozen=True, slots=True)
class LongTerm:
    """The learner's points per deal at one level over their games (the latest
    :data:`LONG_TERM_GAMES`, oldest first), and averaged over all of them."""

    level: str
    games: tuple[GamePoints, ...]
    #: Averages per deal over every such game: hand, crib, pegging (and how many games).
    hand: float
    crib: float
    pegging: float
    count: int

    @property
    def title(self) -> str:
        return _("Your points per deal over time, at %(level)s level", level=at_level(self.level))

    @property
    def chart(self) -> LinesChart | None:
        """The three lines, a point per game (None with fewer than two games)."""
        if len(self.games) < 2:
            return None
        labels = [str(number) for number in range(1, len(self.games) + 1)]
        series = {_("Hands"): [g.hand for g in self.games], _("Cribs"): [g.crib for g in self.games],
                  pgettext("points from", "Pegging"): [g.pegging for g in self.games]}
        return LinesChart.lay_out(series, labels, width=560, height=220, margins=(40, 15, 20, 40))

    @property
    def summary(self) -> str:
        """The chart in words, for those who do not see it."""
        return ngettext(
            "Over %(num)d game: %(hand)s points a deal from hands, %(crib)s from cribs, %(pegging)s from pegging.",
            "Over %(num)d games: %(hand)s points a deal from hands, %(crib)s from cribs, %(pegging)s from pegging.",
            self.count, hand=i18n.format_decimal(round(self.hand, 1), 1),
            crib=i18n.format_decimal(round(self.crib, 1), 1), pegging=i18n.format_decimal(round(self.pegging, 1), 1))


def long_term(learner_id: int, level: str, variant: str = "six-card", giveaway: bool = False) -> LongTerm:
    """The learner's points per deal at ``level`` in rated games like ``variant``
    (as many players), read from what each finished game kept for its seat
    (:func:`trainer.play.games` writes it once, at the end): two small
    queries, whatever the number of games."""
    alike = _alike(variant)
    where = (GameSeat.learner_id == learner_id, SavedGame.finished.is_(True), SavedGame.level == level,
             SavedGame.variant.in_(alike), SavedGame.giveaway.is_(giveaway), SavedGame.practice.is_(False),
             SavedGame.live_key.is_(None), GameSeat.hand_points.is_not(None),
             SavedGame.deals > 0)
    rows = db.session.execute(
        select(SavedGame.deals, GameSeat.hand_points, GameSeat.crib_points, GameSeat.pegging_points)
        .join(GameSeat, GameSeat.game_id == SavedGame.id).where(*where)
        .order_by(SavedGame.finished_at.desc(), SavedGame.id.desc()).limit(LONG_TERM_GAMES)
    ).all()
    games = tuple(GamePoints(deals, (hand or 0) / deals, (crib or 0) / deals, (pegging or 0) / deals)
                  for deals, hand, crib, pegging in reversed(rows))
    count, deals, hand, crib, pegging = db.session.execute(
        select(func.count(), func.coalesce(func.sum(SavedGame.deals), 0),
               func.coalesce(func.sum(GameSeat.hand_points), 0), func.coalesce(func.sum(GameSeat.crib_points), 0),
               func.coalesce(func.sum(GameSeat.pegging_points), 0))
        .select_from(SavedGame).join(GameSeat, GameSeat.game_id == SavedGame.id).where(*where)
    ).one()
    per = max(int(deals or 0), 1)
    return LongTerm(level, games, int(hand or 0) / per, int(crib or 0) / per, int(pegging or 0) / per, int(count or 0))


@dataclass(frozen=True, slots=True)
class GameResults:
    game_id: int
    level: str
    target: int
    learner_won: bool
    #: Each side's score as the board showed it at the end (the winner in the game hole), the learner's first.
    scores: tuple[int, ...]
    skunk: str
    deals: int
    totals: tuple[SideTotals, ...]
    best_hand: CountNote | None
    claims: int
    exact_claims: int
    points_missed: int
    stats: LevelStats
    match_id: int | None
    match_score: tuple[int, ...] | None
    match_over: bool
    #: whether the learner's side won the match (once it is over)
    match_won: bool
    #: Each side's name ("You", "Easy bot"; "You + partner", "Bots"), and the winner's.
    side_labels: tuple[str, ...] = ()
    winner_text: str = ""
    giveaway: bool = False
    #: How many played, and the skunk level (0: none; ``skunk`` is its name).
    players: int = 2
    skunk_level: int = 0
    #: The learner's points per deal at this level over time (None: a practice game, unrated).
    long_term: LongTerm | None = None
    #: A game with other people at the table (the playroom): its sides are named, not "bot",
    #: and the statistics of games against the bots at a level are not shown with it.
    people: bool = False

    @property
    def level_label(self) -> str:
        return level_label(self.level)

    @property
    def accuracy(self) -> float | None:
        return self.exact_claims / self.claims if self.claims else None

    @property
    def accuracy_text(self) -> str:
        """How well the learner counted their hands and cribs ("" under automatic counting)."""
        if self.accuracy is None:
            return ""
        percent = i18n.format_percent(round(100 * self.accuracy) / 100)
        if self.points_missed:
            return ngettext(
                "You counted %(exact)d of %(claims)d hands and cribs exactly (%(percent)s) and missed %(num)d point.",
                "You counted %(exact)d of %(claims)d hands and cribs exactly (%(percent)s) and missed %(num)d points.",
                self.points_missed, exact=self.exact_claims, claims=self.claims, percent=percent)
        return _("You counted %(exact)d of %(claims)d hands and cribs exactly (%(percent)s).",
                 exact=self.exact_claims, claims=self.claims, percent=percent)


def _winner_text(seating: Seating, winner: int) -> str:
    """Who won, from the learner's chair ("You won!", "The bot won.")."""
    rules = seating.rules
    if winner == seating.my_side:
        return _("Your side won!") if rules.partnerships else _("You won!")
    if rules.partnerships and rules.sides > 2:
        return pgettext("team", "%(who)s won.", who=seating.side_name(winner))
    if rules.partnerships:
        return _("The bots won.") if seating.other_side_is_bots else _("Your opponents won.")
    return _("%(who)s won.", who=seating.name(winner))


def game_results(learner_id: int, game_id: object) -> GameResults | None:
    """The results page of a finished game from the learner's seat (None: not
    over yet); :class:`~trainer.play.games.NotSeated` when it is not theirs."""
    seated = finished_game(learner_id, game_id)
    if seated is None:
        return None
    return _results(seated, learner_id)


def _results(seated: SeatedGame, learner_id: int) -> GameResults:
    row, game, seat, seating = seated.row, seated.game, seated.seat, seated.seating
    rules = game.rules
    outcome = game.outcome
    assert outcome is not None  # a finished game
    log = game.log_seen_by(seat)
    counts = count_notes(log, seat)
    hands = [c for c in counts if c.what is Counted.HAND]
    claimed = [c for c in counts if c.claimed is not None]
    match_points, match_result = match_score(row) if row.match_id else (None, None)
    return GameResults(
        game_id=row.id,
        level=row.level,
        target=row.target,
        learner_won=bool(seated.mine.won),
        scores=seating.from_my_side([rules.peg_hole(score) for score in outcome.scores]),
        skunk=pgettext("skunk", _SKUNKS[outcome.skunk]),
        deals=row.deals,
        totals=seating.from_my_side(side_totals(rules, log)),
        best_hand=max(hands, key=lambda c: c.total, default=None),
        claims=len(claimed),
        exact_claims=sum(1 for c in claimed if c.claimed == c.total),
        points_missed=sum(c.missed for c in claimed),
        stats=level_stats(learner_id, row.level, row.target, row.variant, bool(row.giveaway)),
        match_id=row.match_id,
        match_score=None if match_points is None else seating.from_my_side(match_points),
        match_over=match_result is not None,
        match_won=match_result is not None and match_result.winner == seating.my_side,
        side_labels=seating.side_labels(),
        winner_text=_winner_text(seating, outcome.winner),
        giveaway=rules.giveaway,
        players=rules.players,
        skunk_level=int(outcome.skunk),
        long_term=None if row.practice else long_term(learner_id, row.level, row.variant, bool(row.giveaway)),
        people=any(seating.is_person(other) for other in range(rules.players) if other != seat),
    )
