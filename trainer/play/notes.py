"""The notes a game keeps on a person's decisions, for the verdict and the review,
and how each decision is judged: by the one grading standard
(:mod:`trainer.drills.grading`), against the coach's analysis of it
(:mod:`trainer.play.coach`), from the view the person had when they decided.

A discard or a card played in a two-player six-card game also becomes an
attempt for the person's record, in the shape its drill records (the discard
drill's deal, the best-play drill's question), so the review can deal it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.analysis.play import PeggingView
from engine.bots.levels import crib_is_mine
from engine.cards import Card, parse_cards
from engine.game import Action
from engine.pegging import pile_count
from engine.players import PlayerView
from trainer.drills import grading
from trainer.drills.answers import BestCard, LaidAway
from trainer.drills.deal import BestPlayQuestion, DiscardDeal
from trainer.play import coach
from trainer.record import attempts


def _chance(value: float | None) -> float | None:
    """A chance to win as a note keeps it."""
    return None if value is None else round(value, 4)


@dataclass(frozen=True, slots=True)
class DiscardNote:
    """A person's discard in one deal, against the best by expected points."""

    deal: int
    hand: tuple[Card, ...]
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    chosen_ev: float
    best_ev: float
    lost: float
    dealer: bool
    #: The chance to win after this discard, and the best any discard gave
    #: (None where the win table does not apply, and in games saved before the coach).
    win: float | None = None
    best_win: float | None = None
    #: The discard that gave ``best_win`` (None: no win table, or a note kept before it was noted).
    best_win_discard: tuple[Card, ...] | None = None

    @property
    def was_best(self) -> bool:
        """Whether the discard counts as best, by the drill's standard."""
        return grading.is_best_discard(self.lost)

    @property
    def win_better(self) -> tuple[Card, ...]:
        """The discard that wins more often than this one: the best for the game
        (an older note that did not keep it: the best by points, when this was not it)."""
        if self.best_win_discard is not None:
            return () if set(self.best_win_discard) == set(self.chosen) else self.best_win_discard
        return () if set(self.best) == set(self.chosen) else self.best

    @property
    def win_lost(self) -> float | None:
        """The chance to win given away against :attr:`win_better` (0 when no discard was better)."""
        lost = coach.win_lost(self.win, self.best_win)
        return None if lost is None else (lost if self.win_better else 0.0)

    @property
    def verdict(self) -> coach.Verdict:
        """The coach's one line on this discard."""
        keep = tuple(c for c in self.hand if c not in self.best)
        return coach.discard_verdict(self.lost, keep, self.win_lost, self.win_better)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": Action.DISCARD.value, "deal": self.deal, "hand": [str(c) for c in self.hand],
            "chosen": [str(c) for c in self.chosen], "best": [str(c) for c in self.best],
            "chosen_ev": self.chosen_ev, "best_ev": self.best_ev, "lost": self.lost, "dealer": self.dealer,
            "win": self.win, "best_win": self.best_win,
            "best_win_discard": None if self.best_win_discard is None else [str(c) for c in self.best_win_discard],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "DiscardNote":
        better = data.get("best_win_discard")
        return cls(data["deal"], parse_cards(data["hand"]), parse_cards(data["chosen"]), parse_cards(data["best"]),
                   data["chosen_ev"], data["best_ev"], data["lost"], data["dealer"],
                   data.get("win"), data.get("best_win"), None if better is None else parse_cards(better))


@dataclass(frozen=True, slots=True)
class PlayNote:
    """A card a person played, against the best by expected net points to the end of the play."""

    deal: int
    pile: tuple[Card, ...]
    hand: tuple[Card, ...]
    card: Card
    best: Card
    lost: float
    #: The chance to win after this card, and the best any card gave (None: no win table).
    win: float | None = None
    best_win: float | None = None
    #: The card that gave ``best_win`` (None: no win table, or a note kept before it was noted).
    best_win_card: Card | None = None

    @property
    def was_best(self) -> bool:
        """Whether the card counts as best, by the best-play drill's standard."""
        return grading.is_best_play(self.lost)

    @property
    def win_better(self) -> Card | None:
        """The card that wins more often than this one: the best for the game
        (an older note that did not keep it: the best by points, when this was not it)."""
        better = self.best_win_card if self.best_win_card is not None else self.best
        return None if better == self.card else better

    @property
    def win_lost(self) -> float | None:
        """The chance to win given away against :attr:`win_better` (0 when no card was better)."""
        lost = coach.win_lost(self.win, self.best_win)
        return None if lost is None else (lost if self.win_better is not None else 0.0)

    @property
    def verdict(self) -> coach.Verdict:
        """The coach's one line on this card."""
        return coach.play_verdict(self.lost, self.best, self.win_lost, self.win_better)

    @property
    def count(self) -> int:
        """The running count the card was played on."""
        return pile_count(self.pile)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": Action.PLAY.value, "deal": self.deal, "pile": [str(c) for c in self.pile],
            "hand": [str(c) for c in self.hand], "card": str(self.card), "best": str(self.best), "lost": self.lost,
            "win": self.win, "best_win": self.best_win,
            "best_win_card": None if self.best_win_card is None else str(self.best_win_card),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "PlayNote":
        better = data.get("best_win_card")
        return cls(data["deal"], parse_cards(data["pile"]), parse_cards(data["hand"]), Card.parse(data["card"]),
                   Card.parse(data["best"]), data["lost"], data.get("win"), data.get("best_win"),
                   None if better is None else Card.parse(better))


Note = DiscardNote | PlayNote


def note_of(data: dict[str, Any]) -> Note:
    """A note the game kept on one of a person's decisions."""
    return DiscardNote.from_dict(data) if Action(data["kind"]) is Action.DISCARD else PlayNote.from_dict(data)


def judge_discard(view: PlayerView, chosen: tuple[Card, ...],
                  analysis: coach.DiscardAnalysis) -> tuple[DiscardNote, attempts.NewAttempt | None]:
    """The note on laying away ``chosen`` from ``view`` (the seat's view as it
    decided), and the attempt for the record when it is a six-card deal (the
    discard drill's deal, judged as the drill judges it), else None."""
    hand = view.hand
    # The crib is the seat's when its side deals (a partner's crib counts for it).
    dealer = crib_is_mine(view)
    options = analysis.options
    mine = next(o for o in options if set(o.discard) == set(chosen))
    best = options[0]
    note = DiscardNote(coach.deal_number(view), tuple(hand), tuple(chosen), best.discard, round(mine.net_ev, 3),
                       round(best.net_ev, 3), grading.discard_given_away(options, chosen), dealer,
                       _chance(analysis.win_of(chosen)), _chance(analysis.best_win), analysis.best_win_discard)
    attempt = None
    if len(hand) == 6 and view.rules.discards == 2:  # the drill's deal: the review can deal it again
        deal = DiscardDeal(tuple(sorted(hand)), dealer)
        attempt = grading.grade_discard(deal, LaidAway(tuple(chosen)), options=options, source=attempts.AttemptSource.GAME).attempt
    return note, attempt


def judge_play(view: PlayerView, card: Card, analysis: coach.PlayAnalysis,
               game_seed: int) -> tuple[PlayNote, attempts.NewAttempt | None]:
    """The note on playing ``card`` from ``view`` (the seat's view as it decided),
    and the moment as a best-play attempt for the record when there was a real
    choice in a two-player six-card game (the drill's question, judged as the
    drill judges it).  With three or four players the card is noted, not
    judged: the play analysis models one opponent."""
    options = analysis.options
    if options:
        lost, best_card = grading.play_given_away(options, card), options[0].card
    else:
        lost, best_card = 0.0, card
    note = PlayNote(coach.deal_number(view), tuple(view.pile), tuple(view.hand), card, best_card, lost,
                    _chance(analysis.win_of(card)), _chance(analysis.best_win), analysis.best_win_card)
    attempt = None
    legal = view.legal_plays
    if len({c.rank for c in legal}) > 1 and view.rules.hand_size == 6 and view.rules.players == 2:
        pegging = PeggingView.of(view)
        opponent = (view.seat + 1) % 2
        earlier = [c for _, c in view.played][: len(view.played) - len(view.pile)]
        # The same facts the analysis used, so a retry from the review asks the
        # same question: who laid the last card, and what the other's go
        # revealed about its cards.
        question = BestPlayQuestion(
            hand=tuple(view.hand), pile=tuple(view.pile), earlier=tuple(earlier),
            seen=tuple(view.discarded) + ((view.starter,) if view.starter else ()),
            opponent_cards=view.hand_sizes[opponent], seed=coach.play_seed(game_seed, view),
            last_mine=pegging.last_player == view.seat, opponent_min_value=pegging.min_value[opponent],
        )
        attempt = grading.grade_best_play(question, BestCard(card), options=options, source=attempts.AttemptSource.GAME).attempt
    return note, attempt
