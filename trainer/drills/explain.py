"""Why the best card is best and why the best discard is best, in words, from the
engine's analysis values: what a card pegs now, what it leaves the opponent and
what it nets to the end of the play; what a discard keeps in the hand (before the
starter and on average) and puts in the crib.

The pegging quiz explains its answer ("the 2♠ in between breaks the pair"); the
best-card and discard verdicts were numbers only.  Each reading here is a value
(:class:`CardReading`, :class:`DiscardReading`) built from the verdict's options
and the engine's own scoring (:func:`engine.pegging.score_play`,
:func:`engine.scoring.score_show`), and each ``*_words`` function puts one into
sentences in the learner's language.

>>> from engine.analysis.play import PlayOption
>>> from engine.cards import Card, parse_cards
>>> from trainer.drills.deal import BestPlayQuestion
>>> question = BestPlayQuestion(parse_cards("5H 9C"), (), (), parse_cards("2S 3S KD"), 4, 1)
>>> reading = read_card(question, PlayOption(Card.parse("5H"), 0, -1.2))
>>> reading.count, [rank.text for rank in reading.reply.ranks], reading.reply.points
(5, ['10', 'J', 'Q', 'K'], 2)
>>> print(card_words(reading))
It pegs nothing now. After it the count is 5: any 10, J, Q or K of theirs would peg them 2 points (fifteen). To the end of the play it nets -1.20 points on average.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Iterable, Sequence

from engine.analysis.discard import DiscardOption
from engine.analysis.play import PlayOption
from engine.cards import DECK, Card, Rank
from engine.pegging import fits, pile_count, score_play
from engine.scoring import ScoreItem, ScoreKind, score_show
from trainer.drills.deal import BestPlayQuestion, DiscardDeal
from trainer.language import i18n, words
from trainer.language.i18n import gettext as _
from trainer.language.i18n import ngettext

# ---------------------------------------------------------------- the best card


class Then(StrEnum):
    """What the opponent can do after a card."""

    #: one of the cards they might hold scores at once (:attr:`CardReading.reply`)
    SCORES = "scores"
    #: they can play, but no card they might hold scores at once
    NOTHING = "nothing"
    #: no card they might hold fits under 31: they must say go
    GO = "go"
    #: the card made 31: the count starts again
    RESET = "reset"
    #: they have no cards left
    OUT = "out"


@dataclass(frozen=True, slots=True)
class Reply:
    """The opponent's best answer to a card: the ranks that would score it (of the
    cards they might hold), what the first of them scores and how many points."""

    ranks: tuple[Rank, ...]
    items: tuple[ScoreItem, ...]
    points: int


@dataclass(frozen=True, slots=True)
class CardReading:
    """One card of a best-card question read for the learner: the analysis'
    option, what it pegs now, the count it makes and what that leaves the opponent."""

    option: PlayOption
    now: tuple[ScoreItem, ...]
    count: int
    then: Then
    reply: Reply | None = None


def _their_cards(question: BestPlayQuestion) -> tuple[Card, ...]:
    """The cards the opponent might hold: unseen by the learner and, after a go,
    worth at least what the go revealed."""
    known = set(question.hand) | set(question.pile) | set(question.earlier) | set(question.seen)
    return tuple(c for c in DECK if c not in known and c.value >= question.opponent_min_value)


def read_card(question: BestPlayQuestion, option: PlayOption) -> CardReading:
    """What ``option``'s card pegs now and leaves the opponent, asked of the engine's
    scoring of the play: their best reply among the cards they might hold (the
    ranks that score most, those that more of their cards hold first)."""
    pile = question.pile + (option.card,)
    now = score_play(pile)
    count = pile_count(pile)
    if question.opponent_cards == 0:
        return CardReading(option, now.items, count, Then.OUT)
    if any(item.kind is ScoreKind.THIRTY_ONE for item in now.items):
        return CardReading(option, now.items, count, Then.RESET)
    answers = [c for c in _their_cards(question) if fits(c, count)]
    if not answers:
        return CardReading(option, now.items, count, Then.GO)
    scored = {c: score_play(pile + (c,)) for c in answers}
    best = max(play.points for play in scored.values())
    if best == 0:
        return CardReading(option, now.items, count, Then.NOTHING)
    by_kinds: dict[tuple[ScoreKind, ...], list[Card]] = {}
    for c, play in scored.items():
        if play.points == best:
            by_kinds.setdefault(tuple(item.kind for item in play.items), []).append(c)
    cards = max(by_kinds.values(), key=len)  # the likeliest way to score it
    ranks = tuple(sorted({c.rank for c in cards}))
    reply = Reply(ranks, scored[cards[0]].items, best)
    return CardReading(option, now.items, count, Then.SCORES, reply)


def _named(items: Iterable[ScoreItem]) -> str:
    return ", ".join(words.item_name(item) for item in items)


def _or_list(texts: Sequence[str]) -> str:
    """``a, b or c`` in the learner's language."""
    if len(texts) == 1:
        return texts[0]
    return _("%(items)s or %(last)s", items=", ".join(texts[:-1]), last=texts[-1])


def _signed(value: float) -> str:
    """A net number of points with its sign (+1.20, -0.50), as the table of cards shows it."""
    text = i18n.format_decimal(value, 2)
    return text if text.startswith("-") else "+" + text


def card_words(reading: CardReading) -> str:
    """Why a card is worth what it is, in sentences following the card's name:
    what it pegs now, what it leaves the opponent, and its net to the end of the play."""
    points = reading.option.immediate
    if points:
        now = ngettext("It pegs %(num)d point now (%(items)s).", "It pegs %(num)d points now (%(items)s).",
                       points, items=_named(reading.now))
    else:
        now = _("It pegs nothing now.")
    count = reading.count
    match reading.then:
        case Then.SCORES if reading.reply is not None:
            reply = reading.reply
            then = ngettext(
                "After it the count is %(count)s: any %(ranks)s of theirs would peg them %(num)d point (%(items)s).",
                "After it the count is %(count)s: any %(ranks)s of theirs would peg them %(num)d points (%(items)s).",
                reply.points, count=count, ranks=_or_list([words.rank_face(r) for r in reply.ranks]),
                items=_named(reply.items),
            )
        case Then.NOTHING:
            then = _("After it the count is %(count)s, and no card they might hold scores at once.", count=count)
        case Then.GO:
            then = _("After it the count is %(count)s: no card they might hold fits, so they must say go.", count=count)
        case Then.RESET:
            then = _("The count starts again after it.")
        case _:
            then = _("They have no cards left to answer it.")
    net = _("To the end of the play it nets %(net)s points on average.", net=_signed(reading.option.expected_net))
    return " ".join((now, then, net))


def later_note(best: CardReading, mine: CardReading) -> str | None:
    """When the best card and the learner's peg the same now and leave the opponent
    the same, what tells them apart (the cards each leaves in the hand), in words;
    None when the readings themselves differ."""
    alike = (best.option.immediate, best.count, best.then, best.reply and (best.reply.ranks, best.reply.points)) == (
        mine.option.immediate, mine.count, mine.then, mine.reply and (mine.reply.ranks, mine.reply.points)
    )
    if not alike:
        return None
    return _("Both peg the same now and leave them the same; the %(best)s is better later in the play, "
             "for the cards it leaves in your hand.", best=words.face(best.option.card))


# ---------------------------------------------------------------- the best discard


@dataclass(frozen=True, slots=True)
class DiscardReading:
    """One discard read for the learner: the analysis' option and what the four
    kept cards score before the starter."""

    option: DiscardOption
    dealer: bool
    before_starter: int

    @property
    def crib_worth(self) -> float:
        """What the crib is worth to the learner: added as dealer, taken away as pone."""
        return self.option.crib_ev if self.dealer else -self.option.crib_ev


def read_discard(deal: DiscardDeal, option: DiscardOption) -> DiscardReading:
    """``option`` with the points its kept cards hold before the starter (the engine's show)."""
    return DiscardReading(option, deal.dealer, score_show(option.keep).total)


def _points(value: float) -> str:
    return i18n.format_decimal(value, 2)


def discard_words(reading: DiscardReading) -> str:
    """What a discard keeps and lays away, and what each is worth on average."""
    option = reading.option
    kept = ngettext(
        "Keeping %(keep)s holds %(num)d point before the starter and averages %(hand)s with it.",
        "Keeping %(keep)s holds %(num)d points before the starter and averages %(hand)s with it.",
        reading.before_starter, keep=words.faces(option.keep), hand=_points(option.hand_ev),
    )
    if reading.dealer:
        laid = _("Laying away %(away)s gives your crib %(crib)s on average: %(net)s in all.",
                 away=words.faces(option.discard), crib=_points(option.crib_ev), net=_points(option.net_ev))
    else:
        laid = _("Laying away %(away)s gives their crib %(crib)s on average, which you lose: %(net)s net.",
                 away=words.faces(option.discard), crib=_points(option.crib_ev), net=_points(option.net_ev))
    return kept + " " + laid


def where_lost(best: DiscardReading, mine: DiscardReading) -> str:
    """Where a discard loses against the best: in the hand, in the crib, or gains in one and loses more in the other."""
    hand = best.option.hand_ev - mine.option.hand_ev
    crib = best.crib_worth - mine.crib_worth
    named = {"hand": _points(abs(hand)), "crib": _points(abs(crib))}
    if mine.dealer:
        if hand >= 0 and crib >= 0:
            return _("Against the best it loses %(hand)s in the hand and %(crib)s in your crib.", **named)
        if hand >= 0:
            return _("It adds %(crib)s to your crib but loses %(hand)s in the hand.", **named)
        return _("It keeps %(hand)s more in the hand but loses %(crib)s in your crib.", **named)
    if hand >= 0 and crib >= 0:
        return _("Against the best it loses %(hand)s in the hand and gives their crib %(crib)s more.", **named)
    if hand >= 0:
        return _("It gives their crib %(crib)s less but loses %(hand)s in the hand.", **named)
    return _("It keeps %(hand)s more in the hand but gives their crib %(crib)s more.", **named)
