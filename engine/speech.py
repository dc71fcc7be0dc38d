"""The spoken count: what players say aloud counting a hand or crib in the show,
or laying a card in the play, in English or Russian (:class:`Language`).

The show is said phrase by phrase in the order players count
(:func:`spoken_phrases`), each with its running total; the play names what
the card scores and its points:

>>> from engine.scoring import score_show
>>> spoken_count(score_show("5H 5D 5S JC", "5C").items)
'fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen, fifteen sixteen, and a double pair royal is twenty-eight, and one for his nob is twenty-nine'
>>> spoken_count(score_show("5H KS 7C 7D", "AS").items, Language.RUSSIAN)
'пятнадцать — два, пятнадцать — четыре, и пара — шесть'
>>> from engine.pegging import score_play
>>> play_spoken(score_play("5H 5D 5S")), play_spoken(score_play("5H 5D 5S"), "ru")
('fifteen for two, and a pair royal for six: eight', 'пятнадцать — два, и королевская пара — восемь')

The Russian words are the sources' own (``../shared/seeds/``, GLOSSARY.ru.md):
«пятнадцать», «пара», «королевская пара», «двойная королевская пара»,
«последовательность», «флеш», «одно за козырной валет» (seeds 002 and 004;
seed 003 says «его нобы») and «его пятки» (seed 003; seeds 002 and 004 say
«пара подбоек на каблуки», which is longer to say at the table).  A hand
worth nothing is called nineteen, as in English.  Russian players say every
score, in the show and in the play alike, followed by the running total, said
as a number agreeing with «очко» (neuter: «одно», «два»), the word left unsaid.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Callable, Sequence

from engine.pegging import PlayScore
from engine.scoring import ScoreItem, ScoreKind


class Language(StrEnum):
    """A language the count is spoken in; the value is its code (``"en"``, ``"ru"``)."""

    ENGLISH = "en"
    RUSSIAN = "ru"


# ---------------------------------------------------------------- numbers

_UNITS_EN = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS_EN = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_UNITS_RU = (
    "ноль одно два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать "
    "четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать"
).split()
_TENS_RU = "_ _ двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто".split()


def _english_number(n: int) -> str:
    if n < 20:
        return _UNITS_EN[n]
    if n < 100:
        tens, units = divmod(n, 10)
        return _TENS_EN[tens] + (f"-{_UNITS_EN[units]}" if units else "")
    hundreds, rest = divmod(n, 100)
    return f"{_UNITS_EN[hundreds]} hundred" + (f" and {_english_number(rest)}" if rest else "")


def _russian_number(n: int) -> str:
    if not 0 <= n < 100:
        raise ValueError(f"{n} is outside 0..99: no hand or crib counts more than 29")
    if n < 20:
        return _UNITS_RU[n]
    tens, units = divmod(n, 10)
    return _TENS_RU[tens] + (f" {_UNITS_RU[units]}" if units else "")


def number_words(n: int, language: Language | str = Language.ENGLISH) -> str:
    """A number in words: English for 0..999 (``twenty-nine``), Russian for 0..99
    agreeing with «очко» (``21`` is «двадцать одно»).

    >>> number_words(29), number_words(121)
    ('twenty-nine', 'one hundred and twenty-one')
    >>> number_words(29, "ru"), number_words(21, "ru"), number_words(15, Language.RUSSIAN)
    ('двадцать девять', 'двадцать одно', 'пятнадцать')
    """
    return SPEECH[Language(language)].number(n)


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


# ---------------------------------------------------------------- phrases


@dataclass(frozen=True, slots=True)
class SpokenPhrase:
    """One phrase of a spoken count, before its running total is said: the
    same structure in every language, worded by each (:class:`Speech`)."""

    kind: ScoreKind
    points: int
    #: the cards of a pair group (2, 3 or 4), a run's length, a flush's cards
    size: int = 0
    #: how many runs of that length (a double run is 2)
    times: int = 1


def spoken_phrases(items: Sequence[ScoreItem]) -> list[SpokenPhrase]:
    """A show's phrases in the order players count: fifteens one by one, then
    pairs by rank, runs by length (longest first), the flush, his nob, his heels.

    >>> from engine.scoring import score_show
    >>> [(p.kind.value, p.size, p.times, p.points) for p in spoken_phrases(score_show("3S 4H 4D 5C", "9S").items)]
    [('pair', 2, 1, 2), ('run', 3, 2, 6)]
    """
    phrases = [SpokenPhrase(ScoreKind.FIFTEEN, item.points) for item in items if item.kind is ScoreKind.FIFTEEN]
    pair_counts = Counter(item.cards[0].rank for item in items if item.kind is ScoreKind.PAIR)
    for rank in sorted(pair_counts):
        count = pair_counts[rank]
        cards = {1: 2, 3: 3, 6: 4}.get(count, 0)
        phrases.append(SpokenPhrase(ScoreKind.PAIR, 2 * count, size=cards, times=1 if cards else count))
    run_counts = Counter(len(item.cards) for item in items if item.kind is ScoreKind.RUN)
    for length in sorted(run_counts, reverse=True):
        phrases.append(SpokenPhrase(ScoreKind.RUN, run_counts[length] * length, size=length, times=run_counts[length]))
    for item in items:
        if item.kind in (ScoreKind.FLUSH, ScoreKind.NOBS, ScoreKind.HEELS):
            phrases.append(SpokenPhrase(item.kind, item.points, size=len(item.cards)))
    return phrases


def _played(item: ScoreItem) -> SpokenPhrase:
    """What a card scores in the play, as a phrase: a pair group of its cards, one run."""
    return SpokenPhrase(item.kind, item.points, size=len(item.cards))


_MULTIPLE_EN = {1: "a", 2: "a double", 3: "a triple", 4: "a double double"}
_PAIRS_EN = {2: "a pair", 3: "a pair royal", 4: "a double pair royal"}
_KINDS_EN = {
    ScoreKind.FIFTEEN: "fifteen", ScoreKind.THIRTY_ONE: "thirty-one", ScoreKind.NOBS: "one for his nob",
    ScoreKind.HEELS: "two for his heels", ScoreKind.GO: "the go", ScoreKind.LAST_CARD: "last card",
}


def _english(phrase: SpokenPhrase) -> str:
    if phrase.kind is ScoreKind.PAIR:
        return _PAIRS_EN.get(phrase.size, f"{phrase.times} pairs")
    if phrase.kind is ScoreKind.RUN:
        return f"{_MULTIPLE_EN.get(phrase.times, f'{phrase.times} times a')} run of {_english_number(phrase.size)}"
    if phrase.kind is ScoreKind.FLUSH:
        return f"a flush of {_english_number(phrase.points)}"
    return _KINDS_EN[phrase.kind]


#: "of three", "of four"...: a run's or a flush's length after «из», in the genitive.
_OF_RU = {3: "трёх", 4: "четырёх", 5: "пяти", 6: "шести", 7: "семи"}
_PAIRS_RU = {2: "пара", 3: "королевская пара", 4: "двойная королевская пара"}
_RUNS_RU = {1: "последовательность", 2: "двойная последовательность", 3: "тройная последовательность",
            4: "четыре последовательности"}
_KINDS_RU = {
    ScoreKind.FIFTEEN: "пятнадцать", ScoreKind.THIRTY_ONE: "тридцать одно", ScoreKind.NOBS: "одно за козырной валет",
    ScoreKind.HEELS: "его пятки", ScoreKind.GO: "за «гоу»", ScoreKind.LAST_CARD: "за последнюю карту",
}


def _russian(phrase: SpokenPhrase) -> str:
    if phrase.kind is ScoreKind.PAIR:
        return _PAIRS_RU.get(phrase.size, f"{phrase.times} {plural_ru(phrase.times, 'пара', 'пары', 'пар')}")
    if phrase.kind is ScoreKind.RUN:
        runs = _RUNS_RU.get(phrase.times, f"{phrase.times} последовательностей")
        return f"{runs} из {_OF_RU.get(phrase.size, phrase.size)}"
    if phrase.kind is ScoreKind.FLUSH:
        return f"флеш из {_OF_RU.get(phrase.points, phrase.points)}"
    return _KINDS_RU[phrase.kind]


# ---------------------------------------------------------------- saying it


@dataclass(frozen=True, slots=True)
class Speech:
    """How one language says a count: the words of a phrase and of a number,
    and the patterns the show's and the play's phrases are said in (each
    pattern may name ``{phrase}``, its ``{points}`` and the running ``{total}``)."""

    phrase: Callable[[SpokenPhrase], str]
    number: Callable[[int], str]
    #: a fifteen in the show and its running total ("fifteen {total}")
    fifteen: str
    #: any other phrase of the show and its running total ("{phrase} is {total}")
    scored: str
    #: a score of the play ("{phrase} for {points}")
    played: str
    #: the play's phrases and the card's points ("{said}: {total}")
    play_total: str
    #: what joins a later phrase that is not a fifteen ("and ")
    and_: str
    #: a hand with nothing to count
    nothing: str
    #: a card that scores nothing in the play, at its ``{count}``
    no_score: str

    def show(self, items: Sequence[ScoreItem]) -> str:
        """The count of a hand's or crib's breakdown, phrase by phrase with running totals."""
        phrases = spoken_phrases(items)
        if not phrases:
            return self.nothing
        return self._say(phrases, lambda phrase: self.fifteen if phrase.kind is ScoreKind.FIFTEEN else self.scored)

    def play(self, result: PlayScore) -> str:
        """What the player says laying the last card of a pile."""
        if not result.items:
            return self.no_score.format(count=self.number(result.count))
        said = self._say([_played(item) for item in result.items], lambda phrase: self.played)
        return self.play_total.format(said=said, total=self.number(result.points))

    def _say(self, phrases: Sequence[SpokenPhrase], pattern: Callable[[SpokenPhrase], str]) -> str:
        words: list[str] = []
        running = 0
        for phrase in phrases:
            running += phrase.points
            said = pattern(phrase).format(
                phrase=self.phrase(phrase), points=self.number(phrase.points), total=self.number(running)
            )
            joined = self.and_ if words and phrase.kind is not ScoreKind.FIFTEEN else ""
            words.append(joined + said)
        return ", ".join(words)


#: How each language says the count.
SPEECH = {
    Language.ENGLISH: Speech(
        _english, _english_number, fifteen="fifteen {total}", scored="{phrase} is {total}",
        played="{phrase} for {points}", play_total="{said}: {total}", and_="and ",
        nothing="nineteen: nothing to count", no_score="{count}, no score",
    ),
    Language.RUSSIAN: Speech(
        _russian, _russian_number, fifteen="пятнадцать — {total}", scored="{phrase} — {total}",
        played="{phrase} — {total}", play_total="{said}", and_="и ",
        nothing="девятнадцать: считать нечего", no_score="{count}, очков нет",
    ),
}


def spoken_count(items: Sequence[ScoreItem], language: Language | str = Language.ENGLISH) -> str:
    """The traditional spoken count of a hand's or crib's breakdown.

    >>> from engine.scoring import score_show
    >>> spoken_count(score_show("3S 4H 4D 5C", "9S").items)
    'a pair is two, and a double run of three is eight'
    >>> spoken_count(score_show("2S 4H 6D 8C", "QS").items)
    'nineteen: nothing to count'
    >>> spoken_count(score_show("5H 5D 5S JC", "5C").items, "ru").split(", ")[-2:]
    ['и двойная королевская пара — двадцать восемь', 'и одно за козырной валет — двадцать девять']
    >>> spoken_count(score_show("2S 4H 6D 8C", "QS").items, "ru")
    'девятнадцать: считать нечего'
    """
    return SPEECH[Language(language)].show(items)


def play_spoken(result: PlayScore, language: Language | str = Language.ENGLISH) -> str:
    """What the player says laying the last card of a pile: in English each
    score with its own points, then the card's points; in Russian, as in the
    show, each score followed by the running total.

    >>> from engine.pegging import score_play
    >>> play_spoken(score_play("AS 2D 5C 4H 3S"))
    'fifteen for two, and a run of five for five: seven'
    >>> play_spoken(score_play("KS 9H")), play_spoken(score_play("KS 9H"), "ru")
    ('nineteen, no score', 'девятнадцать, очков нет')
    >>> play_spoken(score_play("AS 2D 5C 4H 3S"), "ru")
    'пятнадцать — два, и последовательность из пяти — семь'
    """
    return SPEECH[Language(language)].play(result)
