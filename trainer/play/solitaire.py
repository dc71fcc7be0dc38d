"""Cribbage solitaire for a learner: Arnold's and Hoyle's games (RULES.md §5),
saved in the database, with the learner counting every hand and crib.

Arnold's game is discarded one hand at a time: the learner sees the first
hand, lays two away, and only then sees the second hand (RULES.md §5); what
the page gets (:class:`SolitaireTable`) holds only the cards the learner may
see.  The winning total of Arnold's is the learner's choice from 101 to 121,
kept in the engine's saved state.

After each deal is complete the engine scores it; the learner then claims a
count for each hand and the crib.  They keep what they claim up to the true
count (missed points are lost, as under muggins with nobody to take them), so
a learner's best score rewards counting as well as discarding.  His heels
(a jack turned as starter, in both games) is pegged for them.

>>> SolitaireKind("arnold").label
"Arnold's solitaire"
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Mapping

from sqlalchemy import select

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.scoring import LARGEST_SHOW
from engine.solitaire import DEFAULT_TARGET, ArnoldSolitaire, HoyleSolitaire, SolitaireCount, check_target
from trainer import database
from trainer.database import db
from trainer.drills import grading
from trainer.drills.answers import LaidAway
from trainer.drills.deal import DiscardDeal
from trainer.language import words
from trainer.language.i18n import NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.language.refusals import refusal_text
from trainer.play.coach import fixed
from trainer.play.games import read_count, save_if_current
from trainer.play.models import SolitaireGame
from trainer.play.moves import GameActionError, StaleAction
from trainer.rating import answers
from trainer.record import attempts, learners

HEELS = "his heels"

#: What each count of the engine's log is, as the learner reads it (lower case).
_COUNT_NAMES = {
    "first hand": NC_("solitaire count", "first hand"), "second hand": NC_("solitaire count", "second hand"),
    "hand": NC_("solitaire count", "hand"), "last hand": NC_("solitaire count", "last hand"),
    "crib": NC_("solitaire count", "crib"), HEELS: NC_("solitaire count", "his heels"),
}


def count_name(what: str) -> str:
    """A count of solitaire by name, in lower case ("first hand", "crib", "his heels")."""
    english = _COUNT_NAMES.get(what)
    return pgettext("solitaire count", english) if english else what


class SolitaireKind(StrEnum):
    ARNOLD = "arnold"
    HOYLE = "hoyle"

    @property
    def label(self) -> str:
        return _("Arnold's solitaire") if self is SolitaireKind.ARNOLD else _("Hoyle's solitaire")

    @property
    def play_label(self) -> str:
        """The button that deals a game of it."""
        return _("Play Arnold's solitaire") if self is SolitaireKind.ARNOLD else _("Play Hoyle's solitaire")


@dataclass(frozen=True, slots=True)
class CountLine:
    """One count of the game with the learner's claim (None: still to count)."""

    index: int
    count: SolitaireCount
    claimed: int | None

    @property
    def kept(self) -> int:
        return 0 if self.claimed is None else min(self.claimed, self.count.total)

    @property
    def missed(self) -> int:
        return 0 if self.claimed is None else max(0, self.count.total - self.claimed)

    @property
    def is_heels(self) -> bool:
        """Whether this is his heels (pegged for the learner, not counted by them)."""
        return self.count.what == HEELS

    @property
    def name(self) -> str:
        """What is counted, in lower case ("first hand", "crib")."""
        return count_name(self.count.what)

    @property
    def title(self) -> str:
        """What is counted, as a heading ("First hand")."""
        name = self.name
        return name[:1].upper() + name[1:]

    @property
    def limit(self) -> int:
        """The most the count can be: the largest show of as many cards (the engine's table)."""
        return LARGEST_SHOW[len(self.count.cards)] if self.count.cards else 0


@dataclass(frozen=True, slots=True)
class SolitaireTable:
    """What the learner sees: the hand to discard from, or the counts to make.

    ``deal`` is the deal being discarded or counted; ``hand`` the six cards to
    lay two away from now (empty while counting or when over), ``hand_number``
    which of the deal's ``hands_per_deal`` it is; ``kept`` the four cards the
    first hand kept (Arnold's second step) and ``crib`` the cards already in
    the crib.  An unseen hand is never here."""

    id: int
    version: int
    kind: SolitaireKind
    deal: int
    deals: int
    hand: tuple[Card, ...]
    hand_number: int
    hands_per_deal: int
    kept: tuple[Card, ...]
    crib: tuple[Card, ...]
    to_count: tuple[CountLine, ...]
    last_deal: tuple[CountLine, ...]
    score: int
    true_total: int
    over: bool
    won: bool
    goal: int

    @property
    def result_text(self) -> str:
        """The game's result, once it is over ("You won: 112 points (the cards held 118); 110 to win.")."""
        values = {"held": self.true_total, "goal": self.goal}
        if self.won:
            return ngettext("You won: %(num)d point (the cards held %(held)d); %(goal)d to win.",
                            "You won: %(num)d points (the cards held %(held)d); %(goal)d to win.", self.score, **values)
        return ngettext("Not this time: %(num)d point (the cards held %(held)d); %(goal)d to win.",
                        "Not this time: %(num)d points (the cards held %(held)d); %(goal)d to win.", self.score, **values)


@dataclass(frozen=True, slots=True)
class BestScore:
    id: int
    score: int
    true_total: int


Solitaire = ArnoldSolitaire | HoyleSolitaire


def _engine(row: SolitaireGame) -> Solitaire:
    data = json.loads(row.state)
    return ArnoldSolitaire.from_dict(data) if row.kind == SolitaireKind.ARNOLD.value else HoyleSolitaire.from_dict(data)


def _row(learner_id: int, game_id: object) -> SolitaireGame | None:
    row: SolitaireGame | None = learners.owned_row(SolitaireGame, learner_id, game_id)
    return row


def new_solitaire(learner_id: int, kind: SolitaireKind, *, seed: int | None = None, target: int | None = None) -> int:
    """Deal a new solitaire game of ``kind`` and return its id.  ``target`` is
    Arnold's winning total, the learner's choice from 101 to 121 (121 if not
    given); a target out of range is a :class:`GameActionError`.  Hoyle's has
    no choice (over 80 wins) and ignores it."""
    seed = random.Random(seed).randrange(2**31)
    game: ArnoldSolitaire | HoyleSolitaire
    if kind is SolitaireKind.ARNOLD:
        target = DEFAULT_TARGET if target is None else target
        try:
            check_target(target)
        except ValueError:
            raise GameActionError(_("Choose a winning total from 101 to 121 for Arnold's solitaire.")) from None
        game = ArnoldSolitaire(seed, target=target)
    else:
        game = HoyleSolitaire(seed)
    row = SolitaireGame(learner_id=learner_id, kind=kind.value, state=json.dumps(game.to_dict()), claims="[]")
    db.session.add(row)
    db.session.commit()
    return row.id


def _lines(game: Solitaire, claims: list[int | None]) -> list[CountLine]:
    return [CountLine(i, count, claims[i] if i < len(claims) else None) for i, count in enumerate(game.log)]


def load(learner_id: int, game_id: object) -> SolitaireTable | None:
    row = _row(learner_id, game_id)
    if row is None:
        return None
    game = _engine(row)
    lines = _lines(game, json.loads(row.claims))
    to_count = tuple(line for line in lines if line.claimed is None)
    last = max((line.count.deal for line in lines), default=0)
    if isinstance(game, ArnoldSolitaire):
        hand_number, hands_per_deal, kept, goal = game.hand_number, 2, game.first_kept, game.target
    else:
        hand_number, hands_per_deal, kept, goal = 1, 1, (), game.win_at
    # The engine moves to the next deal as soon as one is scored; while its
    # counts are still to make, the page is at the deal being counted.
    deal = to_count[0].count.deal if to_count else min(game.deal_number, game.deals)
    discarding = not to_count and not game.is_over
    return SolitaireTable(
        id=row.id,
        version=row.version,
        kind=SolitaireKind(row.kind),
        deal=deal,
        deals=game.deals,
        hand=tuple(game.hand) if discarding else (),
        hand_number=hand_number if discarding else 0,
        hands_per_deal=hands_per_deal,
        kept=tuple(kept) if discarding else (),
        crib=tuple(game.crib) if discarding else (),
        to_count=to_count,
        last_deal=tuple(line for line in lines if line.count.deal == last and line.claimed is not None) if not to_count else (),
        score=row.score,
        true_total=row.true_total,
        over=row.finished,
        won=row.finished and row.score >= goal,
        goal=goal,
    )


@dataclass(frozen=True, slots=True)
class LayAway:
    """Lay these two cards of the hand now shown away to the crib."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CountDeal:
    """The learner's counts, by the index of the count line, as typed: what
    each count may be depends on the line (a hand, the crib), which the service knows."""

    typed: Mapping[int, str]


#: One thing the learner can do at the solitaire table.
SolitaireMove = LayAway | CountDeal


def act(learner_id: int, game_id: object, version: int, move: SolitaireMove) -> str | None:
    """Apply one learner move drawn at ``version``: lay cards away, or claim the
    deal's counts; returns what to tell the learner (a discard: what it kept and
    laid away, and the discard analysis' verdict on it, see :func:`discard_said`)."""
    row = _row(learner_id, game_id)
    if row is None:
        raise LookupError(game_id)
    if version != row.version:
        raise StaleAction()
    game = _engine(row)
    claims = json.loads(row.claims)
    lines = _lines(game, claims)
    pending = [line for line in lines if line.claimed is None]
    recorded: list[CountLine] = []
    said = None
    match move:
        case LayAway(cards):
            if pending:
                raise GameActionError(_("First count the hands of this deal."))
            hand = tuple(game.hand)
            try:
                game.discard(cards)
            except IllegalActionError as error:  # the engine says which rule: put in the learner's words
                raise GameActionError(refusal_text(error.refusal)) from None
            for count in game.log[len(claims):]:
                claims.append(count.total if count.what == HEELS else None)
            said = discard_said(hand, tuple(cards))
        case CountDeal(typed):
            if not pending:
                raise GameActionError(_("There is nothing to count now."))
            recorded = [CountLine(line.index, line.count, _claim(line, typed.get(line.index, ""))) for line in pending]
            for line in recorded:
                claims[line.index] = line.claimed
        case _:
            raise GameActionError(_("That is not something you can do in solitaire."))
    lines = _lines(game, claims)
    values: dict[str, Any] = {
        "state": json.dumps(game.to_dict()),
        "claims": json.dumps(claims),
        "score": sum(line.kept for line in lines),
        "true_total": sum(line.count.total for line in lines),
        "finished": game.is_over and all(c is not None for c in claims),
    }
    save_if_current(SolitaireGame, row.id, version, values)  # a stale form stops here, having recorded nothing
    counted = [a for a in (_counted(line) for line in recorded) if a is not None]
    answers.rate_attempts(learner_id, counted, attempts.record_attempts(learner_id, counted))
    database.commit()  # the counts and their records together
    return said


def discard_said(hand: tuple[Card, ...], laid: tuple[Card, ...]) -> str:
    """What a discard of solitaire kept and laid away, and the discard drill's
    verdict on it: the crib is the player's own, so hand and crib are averaged
    over every starter (and the crib's other cards), as the drill analyses a
    dealer's six.

    >>> from engine.cards import parse_cards
    >>> discard_said(parse_cards("5S 5H JC 4D 9S KH"), parse_cards("9S KH"))
    'You kept 4♦ 5♠ 5♥ J♣ and laid 9♠ K♥ away to your crib: 3.54 points on average against keeping 5♠ 5♥ J♣ K♥ (16.62 expected against your 13.08).'
    >>> discard_said(parse_cards("5S 5H JC 4D 9S KH"), parse_cards("4D 9S"))
    'You kept 5♠ 5♥ J♣ K♥ and laid 4♦ 9♠ away to your crib: the best discard (16.62 points expected from hand and crib).'
    """
    verdict = grading.judge_discard(DiscardDeal(tuple(sorted(hand)), True), LaidAway(laid))
    kept = words.faces(sorted(c for c in hand if c not in laid))
    away = words.faces(sorted(laid))
    if verdict.best:
        return _("You kept %(kept)s and laid %(away)s away to your crib: the best discard (%(points)s points "
                 "expected from hand and crib).", kept=kept, away=away, points=fixed(verdict.picked.net_ev))
    best = verdict.options[0]
    return _("You kept %(kept)s and laid %(away)s away to your crib: %(lost)s points on average against keeping "
             "%(best)s (%(best_ev)s expected against your %(points)s).", kept=kept, away=away,
             lost=fixed(verdict.given_away), best=words.faces(sorted(best.keep)), best_ev=fixed(best.net_ev),
             points=fixed(verdict.picked.net_ev))


def _claim(line: CountLine, typed: str) -> int:
    """The count the learner typed for ``line``: a number, at most what a hand of as many cards can make."""
    value = read_count(typed, _("Type a number for the %(what)s, like 8.", what=line.name))
    if value > line.limit:
        raise GameActionError(_cap(_("No %(what)s scores more than %(limit)d: check your count.", what=line.name,
                                     limit=line.limit)))
    return value


def _cap(text: str) -> str:
    """A sentence that may begin with a count's name, capitalised."""
    return text[:1].upper() + text[1:]


def _counted(line: CountLine) -> attempts.NewAttempt | None:
    """A count the learner made, as a show attempt for their record (None: his heels, or not a hand's deal)."""
    count = line.count
    if count.what == HEELS or line.claimed is None:
        return None
    return grading.counted_show_attempt(count.cards, count.starter, crib=count.what == "crib",
                                        claimed=line.claimed, source=attempts.AttemptSource.SOLITAIRE)


def best_scores(learner_id: int, kind: SolitaireKind, limit: int = 5) -> tuple[BestScore, ...]:
    rows = db.session.scalars(
        select(SolitaireGame)
        .where(SolitaireGame.learner_id == learner_id, SolitaireGame.kind == kind.value, SolitaireGame.finished.is_(True))
        .order_by(SolitaireGame.score.desc(), SolitaireGame.id)
        .limit(limit)
    )
    return tuple(BestScore(r.id, r.score, r.true_total) for r in rows)


def unfinished(learner_id: int) -> tuple[tuple[int, SolitaireKind], ...]:
    rows = db.session.scalars(
        select(SolitaireGame)
        .where(SolitaireGame.learner_id == learner_id, SolitaireGame.finished.is_(False))
        .order_by(SolitaireGame.id.desc())
        .limit(10)
    )
    return tuple((r.id, SolitaireKind(r.kind)) for r in rows)
