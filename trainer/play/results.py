"""After a game: the results (scores, where the points came from, the best hand,
counting accuracy, statistics per level and length) and the post-game review
(every deal's discard, plays and counts against the best).

Everything is read from the learner's own log and the notes the game kept on
their decisions (:class:`trainer.play.games.DiscardNote`, :class:`trainer.play.games.PlayNote`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Sequence

from sqlalchemy import case, func, select

from engine.cards import Card
from engine.events import Award, Claimed, Dealt, Event, Points, Shown, TrueCount
from engine.game import Game
from engine.rules import Rules, Skunk
from engine.scoring import ScoreItem, ScoreKind, score_show
from trainer.database import db
from trainer.language import i18n
from trainer.language.i18n import NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.play import coach
from trainer.play.games import VARIANTS, DiscardNote, PlayNote, game_of, learner_row, match_score
from trainer.play.models import SavedGame
from trainer.play.table import LEARNER, at_level, level_label, seat_name, side_labels

#: How a game was won, as the results say it.
_SKUNKS = {
    Skunk.NONE: NC_("skunk", "no skunk"), Skunk.SKUNK: NC_("skunk", "skunk"),
    Skunk.DOUBLE: NC_("skunk", "double skunk"), Skunk.TRIPLE: NC_("skunk", "triple skunk"),
}


@dataclass(frozen=True, slots=True)
class CountNote:
    """One of the learner's hands or cribs in the show: what it held, what they claimed."""

    deal: int
    what: str
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
        """Its points, and the learner's claim ("12 points; you claimed 10")."""
        if self.claimed is None:
            return ngettext("%(num)d point", "%(num)d points", self.total)
        return ngettext("%(num)d point; you claimed %(claimed)d", "%(num)d points; you claimed %(claimed)d",
                        self.total, claimed=self.claimed)


@dataclass(frozen=True, slots=True)
class DealReview:
    deal: int
    learner_dealt: bool
    #: Who dealt, as the table names them ("you", "the bot", "your partner").
    dealer_name: str
    discard: DiscardNote | None
    plays: tuple[PlayNote, ...]
    counts: tuple[CountNote, ...]
    #: Whether the plays were judged against the best card (two players only).
    plays_judged: bool = True


def _lower(name: str) -> str:
    """A seat's name inside a sentence ("you", "the bot")."""
    return name[:1].lower() + name[1:]


def _count_notes(log: Sequence[Event]) -> list[CountNote]:
    notes = []
    deal = 0
    for event in log:
        if isinstance(event, Dealt):
            deal = event.deal_number
        elif isinstance(event, Shown):
            if event.player == LEARNER:
                notes.append(CountNote(deal, "crib" if event.is_crib else "hand", event.cards, event.starter,
                                       score_show(event.cards, event.starter, crib=event.is_crib).items, None))
        elif isinstance(event, (Claimed, TrueCount)) and event.player == LEARNER and event.what != "play" and notes:
            # The claim itself, since a claim that wins the game is never settled.
            notes[-1] = replace(notes[-1], claimed=event.points if isinstance(event, Claimed) else event.claimed)
    return notes


def _finished(learner_id: int, game_id: object) -> tuple[SavedGame, Game, tuple[Event, ...]] | None:
    """The learner's finished game with its log as they saw it (None: not theirs, or not over)."""
    row = learner_row(learner_id, game_id)
    if row is None or not row.finished:
        return None
    game = game_of(row)
    return row, game, game.log_seen_by(LEARNER)


def game_review(learner_id: int, game_id: object) -> tuple[DealReview, ...] | None:
    """Every deal of a finished game: the learner's discard, plays and counts."""
    finished = _finished(learner_id, game_id)
    if finished is None:
        return None
    row, game, log = finished
    notes = json.loads(row.notes)
    discards = {n["deal"]: DiscardNote.from_dict(n) for n in notes if n["kind"] == "discard"}
    plays = [PlayNote.from_dict(n) for n in notes if n["kind"] == "play"]
    counts = _count_notes(log)
    dealers = {e.deal_number: e.dealer for e in log if isinstance(e, Dealt)}
    name = seat_name(game.rules, 1)  # the bot, for two players
    return tuple(
        DealReview(
            deal, dealer == LEARNER,
            _lower(seat_name(game.rules, LEARNER) if dealer == LEARNER else
                   (name if game.rules.players == 2 else seat_name(game.rules, dealer))),
            discards.get(deal),
            tuple(p for p in plays if p.deal == deal), tuple(c for c in counts if c.deal == deal),
            game.rules.players == 2,
        )
        for deal, dealer in sorted(dealers.items())
    )


def review_win_chart(learner_id: int, game_id: object) -> coach.WinChart | None:
    """The learner's chance to win through a finished game, laid out for the
    review's chart (:func:`trainer.play.coach.win_series`): at the start of each deal
    and after each of their discards and cards; None where the win table does
    not apply (see :func:`engine.analysis.winprob.table_for`) or the game is not over."""
    finished = _finished(learner_id, game_id)
    if finished is None:
        return None
    row, game, log = finished
    decisions = [(n["deal"], n.get("win")) for n in json.loads(row.notes)]
    return coach.win_chart(coach.win_series(game.rules, log, decisions, bool(row.learner_won)))


@dataclass(frozen=True, slots=True)
class SideTotals:
    pegging: int
    hand: int
    crib: int
    muggins: int

    @property
    def total(self) -> int:
        return self.pegging + self.hand + self.crib + self.muggins


@dataclass(frozen=True, slots=True)
class LevelStats:
    level: str
    target: int
    games: int
    wins: int
    average_points: float
    average_bot_points: float
    #: Which games were compared: "" (two players), "three-player", "four-player", "giveaway".
    kind: str = ""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def title(self) -> str:
        """What the statistics compare: "Your games at easy level, to 61"."""
        level, target = at_level(self.level), self.target
        if self.kind == "three-player":
            return _("Your three-player games at %(level)s level, to %(target)d", level=level, target=target)
        if self.kind == "four-player":
            return _("Your four-player games at %(level)s level, to %(target)d", level=level, target=target)
        if self.kind == "giveaway":
            return _("Your giveaway games at %(level)s level, to %(target)d", level=level, target=target)
        return _("Your games at %(level)s level, to %(target)d", level=level, target=target)

    @property
    def others_label(self) -> str:
        """The other side's average, as its fact is labelled."""
        if self.kind == "three-player":
            return _("Bots’ best average")
        if self.kind == "four-player":
            return _("Bots’ average")
        return _("Bot’s average")


@dataclass(frozen=True, slots=True)
class GameResults:
    game_id: int
    level: str
    target: int
    learner_won: bool
    #: Each side's score as the board showed it at the end (the winner in the game hole).
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
    #: whether the learner won the match (once it is over)
    match_won: bool
    #: Each side's name ("You", "Easy bot"; "You + partner", "Bots"), and the winner's.
    side_labels: tuple[str, ...] = ()
    winner_text: str = ""
    giveaway: bool = False
    #: How many played, and the skunk level (0: none; ``skunk`` is its name).
    players: int = 2
    skunk_level: int = 0

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


def _side_totals(log: Sequence[Event], rules: Rules) -> tuple[SideTotals, ...]:
    """Where each side's points came from: pegging, hands, cribs, muggins."""
    sums = [[0, 0, 0, 0] for _ in range(rules.sides)]
    where = "pegging"
    for event in log:
        if isinstance(event, Dealt):
            where = "pegging"
        elif isinstance(event, Shown):
            where = "crib" if event.is_crib else "hand"
        elif isinstance(event, Points):
            if event.reason is Award.MUGGINS:
                column = 3
            else:
                column = {"pegging": 0, "hand": 1, "crib": 2}[where]
                if where != "pegging" and event.reason is not Award.CLAIM and not isinstance(event.reason, ScoreKind):
                    column = 0
            sums[rules.side_of(event.player)][column] += event.points
    return tuple(SideTotals(*side) for side in sums)


def level_stats(learner_id: int, level: str, target: int, variant: str = "six-card",
                giveaway: bool = False) -> LevelStats:
    """Games, wins and average points of the learner's finished games at this level and
    length, among games like ``variant`` (as many players) and ``giveaway`` (or not):
    a three-player game is not compared with games against one bot."""
    players = VARIANTS[variant].players if variant in VARIANTS else 2
    alike = [name for name, rules in VARIANTS.items() if rules.players == players]
    games, wins, mine, theirs = db.session.execute(
        select(
            func.count(SavedGame.id),
            func.coalesce(func.sum(case((SavedGame.learner_won.is_(True), 1), else_=0)), 0),
            func.coalesce(func.avg(SavedGame.learner_score), 0.0),
            func.coalesce(func.avg(SavedGame.bot_score), 0.0),
        ).where(
            SavedGame.learner_id == learner_id, SavedGame.finished.is_(True),
            SavedGame.level == level, SavedGame.target == target,
            SavedGame.variant.in_(alike), SavedGame.giveaway.is_(giveaway),
        )
    ).one()
    kind = "giveaway" if giveaway else {3: "three-player", 4: "four-player"}.get(players, "")
    return LevelStats(level, target, games, int(wins), float(mine), float(theirs), kind)


def game_results(learner_id: int, game_id: object) -> GameResults | None:
    """The results page of a finished game (None: not the learner's, or not over)."""
    finished = _finished(learner_id, game_id)
    if finished is None:
        return None
    row, game, log = finished
    counts = _count_notes(log)
    hands = [c for c in counts if c.what == "hand"]
    best = max(hands, key=lambda c: c.total, default=None)
    claimed = [c for c in counts if c.claimed is not None]
    assert game.outcome is not None  # the game is finished
    skunk = game.outcome.skunk
    match_points, match_result = match_score(row) if row.match_id else (None, None)
    rules = game.rules
    mine = rules.side_of(LEARNER)
    labels = side_labels(rules, row.level)
    winner = game.outcome.winner
    if winner == mine:
        winner_text = _("Your side won!") if rules.partnerships else _("You won!")
    elif rules.partnerships:
        winner_text = _("The bots won.")
    else:
        winner_text = _("%(who)s won.", who=seat_name(rules, winner))
    return GameResults(
        game_id=row.id,
        level=row.level,
        target=row.target,
        learner_won=bool(row.learner_won),
        scores=tuple(rules.peg_hole(score) for score in game.outcome.scores),
        skunk=pgettext("skunk", _SKUNKS[skunk]),
        deals=row.deals,
        totals=_side_totals(log, rules),
        best_hand=best,
        claims=len(claimed),
        exact_claims=sum(1 for c in claimed if c.claimed == c.total),
        points_missed=sum(c.missed for c in claimed),
        stats=level_stats(learner_id, row.level, row.target, row.variant, bool(row.giveaway)),
        match_id=row.match_id,
        match_score=match_points,
        match_over=match_result is not None,
        match_won=match_result is not None and match_result.winner == LEARNER,
        side_labels=labels,
        winner_text=winner_text,
        giveaway=rules.giveaway,
        players=rules.players,
        skunk_level=int(skunk),
    )
