"""The spoken count in Russian, as Russian players say it aloud, worded from
the same phrases as the English count (:func:`engine.scoring.spoken_phrases`):

>>> from engine.scoring import score_show
>>> spoken_count_ru(score_show("5H KS 7C 7D", "AS").items)
'пятнадцать — два, пятнадцать — четыре, и пара — шесть'

The words are the sources' own (``../shared/seeds/``): «пятнадцать», «пара»,
«королевская пара», «двойная королевская пара», «последовательность», «флеш»,
«одно за козырной валет» (seeds 002 and 004; seed 003 says «его нобы») and
«его пятки» (seed 003; seeds 002 and 004 say «пара подбоек на каблуки», which
is longer to say at the table).  A hand worth nothing is called nineteen, as
in English.  Running totals are said as numbers agreeing with «очко»
(neuter: «одно», «два»), the word left unsaid.
"""

from __future__ import annotations

from typing import Sequence

from engine.scoring import ScoreItem, ScoreKind, Speech, SpokenPhrase

_UNITS = (
    "ноль одно два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать "
    "четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать"
).split()
_TENS = "_ _ двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто".split()
#: "of three", "of four", "of five": a run's or a flush's length after «из».
_OF = {3: "трёх", 4: "четырёх", 5: "пяти"}
_PAIRS = {2: "пара", 3: "королевская пара", 4: "двойная королевская пара"}
_RUNS = {1: "последовательность", 2: "двойная последовательность", 3: "тройная последовательность",
         4: "четыре последовательности"}


def number_words_ru(n: int) -> str:
    """Russian words for 0..99, agreeing with «очко» (``21`` is «двадцать одно»).

    >>> number_words_ru(29), number_words_ru(21), number_words_ru(15)
    ('двадцать девять', 'двадцать одно', 'пятнадцать')
    """
    if not 0 <= n < 100:
        raise ValueError(f"{n} is outside 0..99: no hand or crib counts more than 29")
    if n < 20:
        return _UNITS[n]
    tens, units = divmod(n, 10)
    return _TENS[tens] + (f" {_UNITS[units]}" if units else "")


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """The Russian plural form for ``n``: one (1, 21, 31...), few (2-4, 22-24...)
    or many (0, 5-20, 25-30...).

    >>> [f"{n} {plural_ru(n, 'очко', 'очка', 'очков')}" for n in (1, 2, 5, 11, 21, 24)]
    ['1 очко', '2 очка', '5 очков', '11 очков', '21 очко', '24 очка']
    """
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def _russian(phrase: SpokenPhrase) -> str:
    if phrase.kind is ScoreKind.FIFTEEN:
        return "пятнадцать"
    if phrase.kind is ScoreKind.PAIR:
        return _PAIRS.get(phrase.size, f"{phrase.times} {plural_ru(phrase.times, 'пара', 'пары', 'пар')}")
    if phrase.kind is ScoreKind.RUN:
        return f"{_RUNS.get(phrase.times, f'{phrase.times} последовательностей')} из {_OF.get(phrase.size, phrase.size)}"
    if phrase.kind is ScoreKind.FLUSH:
        return f"флеш из {_OF.get(phrase.points, phrase.points)}"
    if phrase.kind is ScoreKind.NOBS:
        return "одно за козырной валет"
    return "его пятки"


RUSSIAN = Speech(_russian, number_words_ru, "пятнадцать — {total}", "{phrase} — {total}", "и ",
                 "девятнадцать: считать нечего")


def spoken_count_ru(items: Sequence[ScoreItem]) -> str:
    """The spoken count of a breakdown in Russian.

    >>> from engine.scoring import score_show
    >>> spoken_count_ru(score_show("5H 5D 5S JC", "5C").items).split(", ")[-2:]
    ['и двойная королевская пара — двадцать восемь', 'и одно за козырной валет — двадцать девять']
    >>> spoken_count_ru(score_show("2S 4H 6D 8C", "QS").items)
    'девятнадцать: считать нечего'
    """
    return RUSSIAN.say(items)
