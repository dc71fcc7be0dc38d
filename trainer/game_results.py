"""After a game: the results (scores, where the points came from, the best hand,
counting accuracy, statistics per level and length) and the post-game review
(every deal's discard, plays and counts against the best).

Everything is read from the learner's own log and the notes the game kept on
their decisions (:class:`trainer.games.DiscardNote`, :class:`trainer.games.PlayNote`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Sequence

from sqlalchemy import case, func, select

from engine.cards import Card
from engine.events import Award, Claimed, Dealt, Event, Points, Shown, TrueCount
from engine.game import Game
from engine.rules import Rules
from engine.scoring import ScoreItem, ScoreKind, score_show
from trainer import coach
from trainer.game_models import SavedGame
from trainer.game_table import LEARNER, seat_name
from trainer.games import VARIANTS, DiscardNote, PlayNote, game_of, learner_row, match_score
from trainer.models import db


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


def review(learner_id: int, game_id: object) -> tuple[DealReview, ...] | None:
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
            "you" if dealer == LEARNER else (name if game.rules.players == 2 else seat_name(game.rules, dealer)).lower(),
            discards.get(deal),
            tuple(p for p in plays if p.deal == deal), tuple(c for c in counts if c.deal == deal),
            game.rules.players == 2,
        )
        for deal, dealer in sorted(dealers.items())
    )


def win_chart(learner_id: int, game_id: object) -> coach.WinChart | None:
    """The learner's chance to win through a finished game, laid out for the
    review's chart (:func:`trainer.coach.win_series`): at the start of each deal
    and after each of their discards and cards; None where the win table does
    not apply (see :func:`engine.winprob.table_for`) or the game is not over."""
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

    @property
    def accuracy(self) -> float | None:
        return self.exact_claims / self.claims if self.claims else None


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


def results(learner_id: int, game_id: object) -> GameResults | None:
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
    if rules.players == 2:
        labels: tuple[str, ...] = ("You", f"{row.level.capitalize()} bot")
    elif rules.partnerships:
        labels = ("You + partner", "Bots")
    else:
        labels = ("You", "Left bot", "Right bot")
    winner = game.outcome.winner
    if winner == mine:
        winner_text = "Your side won!" if rules.partnerships else "You won!"
    elif rules.partnerships:
        winner_text = "The bots won."
    else:
        winner_text = f"{seat_name(rules, winner)} won."
    return GameResults(
        game_id=row.id,
        level=row.level,
        target=row.target,
        learner_won=bool(row.learner_won),
        scores=tuple(rules.peg_hole(score) for score in game.outcome.scores),
        skunk=str(skunk),
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
    )
