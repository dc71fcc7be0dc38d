"""Cards and scoring items in the learner's language: the face a card shows, the
name it is read by, and the name of each scoring combination.

A Russian deck marks the ace, jack, queen and king Т, В, Д and К (туз, валет,
дама, король), so the trainer shows them so in Russian; card *notation* (what
``crib score`` reads and the forms post) stays the engine's (``QD``).  Every
page and every piece of HTML the trainer builds (lessons, the game's log) shows
cards through these functions.

>>> from engine.cards import Card
>>> from trainer.language.i18n import language
>>> card = Card.parse("QD")
>>> face(card), name(card)
('Q♦', 'queen of diamonds')
>>> with language("ru"):
...     face(card), name(card), name(Card.parse("10S"))
('Д♦', 'дама бубён', 'десятка пик')
>>> from engine.scoring import score_show
>>> [item_name(item) for item in score_show("5H 5D 5S JC", "5C").items][-2:]
['pair', 'his nob']
>>> with language("ru"):
...     [item_name(item) for item in score_show("4H 5H 6H 6D", "KS").items][-3:]
['пара', 'последовательность из трёх', 'последовательность из трёх']
"""

from __future__ import annotations

from typing import Iterable

from engine.cards import Card, Rank, Suit
from engine.scoring import ScoreItem, ScoreKind
from trainer.language.i18n import NC_, pgettext

#: The letter or number on a card's corner, in English (the catalog's "card face" context translates it).
_FACES = {
    Rank.ACE: NC_("card face", "A"), Rank.JACK: NC_("card face", "J"),
    Rank.QUEEN: NC_("card face", "Q"), Rank.KING: NC_("card face", "K"),
}
#: How each rank is called (the "rank" context).
_RANK_NAMES = {
    # English reads the number cards by their numbers ("5 of hearts"); Russian names them («пятёрка червей»).
    Rank.ACE: NC_("rank", "ace"), Rank.TWO: NC_("rank", "2"), Rank.THREE: NC_("rank", "3"),
    Rank.FOUR: NC_("rank", "4"), Rank.FIVE: NC_("rank", "5"), Rank.SIX: NC_("rank", "6"),
    Rank.SEVEN: NC_("rank", "7"), Rank.EIGHT: NC_("rank", "8"), Rank.NINE: NC_("rank", "9"),
    Rank.TEN: NC_("rank", "10"), Rank.JACK: NC_("rank", "jack"), Rank.QUEEN: NC_("rank", "queen"),
    Rank.KING: NC_("rank", "king"),
}
#: Suits as they follow a rank ("queen of diamonds"; the "suit of" context: Russian puts them in the genitive).
_SUITS_OF = {
    Suit.SPADES: NC_("suit of", "spades"), Suit.HEARTS: NC_("suit of", "hearts"),
    Suit.DIAMONDS: NC_("suit of", "diamonds"), Suit.CLUBS: NC_("suit of", "clubs"),
}


def rank_face(rank: Rank) -> str:
    """What the corner of a card of this rank shows (``Q``; ``Д`` in Russian)."""
    english = _FACES.get(rank)
    return pgettext("card face", english) if english else rank.text


def face(card: Card) -> str:
    """The card as it is shown in text: its face and suit symbol (``Q♦``; ``Д♦``)."""
    return rank_face(card.rank) + card.suit.symbol


def faces(cards: Iterable[Card]) -> str:
    """Cards shown in text, separated by spaces."""
    return " ".join(face(card) for card in cards)


def rank_name(rank: Rank) -> str:
    """The name of a rank (``queen``, ``5``; ``дама``, ``пятёрка``)."""
    return pgettext("rank", _RANK_NAMES[rank])


def name(card: Card) -> str:
    """The card read aloud (``queen of diamonds``; ``дама бубён``): its accessible name."""
    return pgettext("card", "%(rank)s of %(suit)s") % {
        "rank": rank_name(card.rank), "suit": pgettext("suit of", _SUITS_OF[card.suit]),
    }


#: Scoring kinds by name (the "score" context).
_KINDS = {
    ScoreKind.FIFTEEN: NC_("score", "fifteen"), ScoreKind.THIRTY_ONE: NC_("score", "thirty-one"),
    ScoreKind.PAIR: NC_("score", "pair"), ScoreKind.RUN: NC_("score", "run"), ScoreKind.FLUSH: NC_("score", "flush"),
    ScoreKind.NOBS: NC_("score", "his nob"), ScoreKind.HEELS: NC_("score", "his heels"),
    ScoreKind.GO: NC_("score", "go"), ScoreKind.LAST_CARD: NC_("score", "last card"),
}
_SIZED = {
    (ScoreKind.PAIR, 3): NC_("score", "pair royal"), (ScoreKind.PAIR, 4): NC_("score", "double pair royal"),
    (ScoreKind.RUN, 3): NC_("score", "run of 3"), (ScoreKind.RUN, 4): NC_("score", "run of 4"),
    (ScoreKind.RUN, 5): NC_("score", "run of 5"), (ScoreKind.RUN, 6): NC_("score", "run of 6"),
    (ScoreKind.RUN, 7): NC_("score", "run of 7"), (ScoreKind.FLUSH, 4): NC_("score", "flush of 4"),
    (ScoreKind.FLUSH, 5): NC_("score", "flush of 5"),
}


def kind_name(kind: ScoreKind) -> str:
    """A scoring kind's name (``fifteen``; ``пятнадцать``)."""
    return pgettext("score", _KINDS[kind])


def item_name(item: ScoreItem) -> str:
    """A scoring item's name as :attr:`engine.scoring.ScoreItem.name` gives it in
    English (``pair royal``, ``run of 4``), in the current language.  A run in the
    play may be up to seven cards long."""
    sized = _SIZED.get((item.kind, len(item.cards)))
    return pgettext("score", sized) if sized else kind_name(item.kind)
