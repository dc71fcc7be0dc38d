"""The course: lessons as Markdown files with live, engine-scored card examples.

Each lesson is a file ``lessons/NN-slug.md``: a small YAML front matter
(``title``, ``slug``, ``order``, ``combos`` -- the score kinds it teaches --
a one-line ``summary``, and ``pegging: true`` for lessons about the play),
then Markdown (markdown-it-py, CommonMark with tables).  A line holding only
a *card directive* is an example the engine scores live; prefixed with
``exercise`` it becomes a question the learner answers (an exercise's hand
or crib is four cards and a starter, so the learner's record can keep it):

``{hand 4C 5D 6H KC | 5S = 16}``
    a hand with its starter, and the total the lesson states;
``{crib 2H 4H 6H 8H | KS = 0}``
    the same for a crib (a crib flush needs the starter too);
``{play 5H 5D 5S = 8}``
    a pegging pile since the last reset: the points for its last card
    (``{play KD QC 9S AH go = 1}``: and nobody can play after it, so it
    takes the go; ``last`` for the last card of the play);
``{discard 5H 5D JS 4C 6D KS dealer = JS KS}``
    six cards, whose crib it is (``dealer``: yours, ``pone``: your
    opponent's) and the two cards to lay away (an example may leave them
    out, ``{discard 5H 5D JS 4C 6D KS dealer}``, and show the analysis' choice).

Stated totals are never trusted: :func:`check_lesson` compares each with the
engine, so a lesson can never teach a wrong count.

>>> lesson = parse_lesson(_EXAMPLE, name="02-fifteens.md")
>>> lesson.title, lesson.order, [str(kind) for kind in lesson.combos]
('Fifteens', 2, ['fifteen'])
>>> [d.notation for d in lesson.directives]
['{hand 4C 5D 6H KC | 5S = 16}', '{exercise play 7H 8S = 2}']
>>> check_lesson(lesson)
()
>>> wrong = parse_lesson(_EXAMPLE.replace("= 16", "= 14"), name="02-fifteens.md")
>>> [problem.message for problem in check_lesson(wrong)]
['states 14 but the engine counts 16']
"""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Callable, Iterable

import frontmatter
import yaml
from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from engine.cards import Card, check_distinct, format_cards, parse_cards
from engine.discard import DiscardOption, analyse_discards
from engine.errors import IllegalActionError, InvalidCardError
from engine.pegging import MAX_COUNT, PlayScore, score_play
from engine.scoring import ScoreItem, ScoreKind, ShowScore, number_words, score_show
from trainer import grading
from trainer.checking import ComboType
from trainer.drills import DiscardDeal
from trainer.resources import content_dir

#: Where the course lives: ``lessons/`` at the top of the repository, shipped inside the wheel.
LESSONS_DIR = content_dir("lessons")

_EXAMPLE = """---
title: Fifteens
slug: fifteens
order: 2
combos: [fifteen]
summary: Every combination adding to 15 scores 2.
---
Four fifteens, a pair and two runs:

{hand 4C 5D 6H KC | 5S = 16}

## Exercises

{exercise play 7H 8S = 2}
"""


class LessonError(ValueError):
    """A lesson file that cannot be read: bad front matter or a malformed directive."""

    def __init__(self, where: str, reason: str) -> None:
        self.where = where
        self.reason = reason
        super().__init__(f"{where}: {reason}")


class DirectiveKind(Enum):
    """What a card directive shows; the value is the word written in the lesson."""

    HAND = "hand"
    CRIB = "crib"
    PLAY = "play"
    DISCARD = "discard"

    def __str__(self) -> str:
        return self.value


class Seat(Enum):
    """Whose crib it is, from the point of view of the player discarding."""

    DEALER = "dealer"
    PONE = "pone"

    @property
    def owns_crib(self) -> bool:
        return self is Seat.DEALER


class PlayEnding(Enum):
    """How a pegging pile ends, when its last card also takes the go or the last card."""

    GO = "go"
    LAST = "last"

    @property
    def kind(self) -> ScoreKind:
        return ScoreKind.GO if self is PlayEnding.GO else ScoreKind.LAST_CARD


@dataclass(frozen=True, slots=True)
class Directive:
    """One card example or exercise as written in a lesson.

    ``cards`` are the hand (or crib, or pegging pile, or the six cards dealt);
    ``stated`` is the total the lesson states (hand, crib, play), ``throw`` the
    two cards it says to lay away (discard), ``ending`` whether the last card
    of a pile also takes the go or the last card.
    """

    kind: DirectiveKind
    cards: tuple[Card, ...]
    starter: Card | None = None
    stated: int | None = None
    seat: Seat | None = None
    throw: tuple[Card, ...] = ()
    is_exercise: bool = False
    line: int = 0
    ending: PlayEnding | None = None

    @property
    def owns_crib(self) -> bool:
        """A discard's seat: whether the crib is the learner's (only a discard has a seat)."""
        assert self.seat is not None, f"{self.kind} directives have no seat"
        return self.seat.owns_crib

    @property
    def notation(self) -> str:
        """The directive written back in lesson notation."""
        words = ["exercise"] if self.is_exercise else []
        words += [self.kind.value, format_cards(self.cards)]
        if self.ending is not None:
            words.append(self.ending.value)
        if self.starter is not None:
            words += ["|", str(self.starter)]
        if self.seat is not None:
            words.append(self.seat.value)
        if self.kind is DirectiveKind.DISCARD:
            words += ["=", format_cards(self.throw)] if self.throw else []
        else:
            words += ["=", str(self.stated)]
        return "{" + " ".join(words) + "}"

    @property
    def keep(self) -> tuple[Card, ...]:
        """For a discard: the four cards kept."""
        return tuple(c for c in self.cards if c not in self.throw)

    def show_score(self) -> ShowScore:
        """The engine's score of a hand or crib directive."""
        return score_show(self.cards, self.starter, crib=self.kind is DirectiveKind.CRIB)

    def play_score(self) -> PlayScore:
        """The engine's score of the last card of a play directive, with the go
        or last card when the pile ends so (RULES.md §2.5).

        >>> parse_directive("{play KD QC 9S AH go = 1}").play_score().points
        1
        >>> parse_directive("{play KD QC 9S 2H last = 2}").play_score().points  # 31, not 31 and last card
        2
        """
        result = score_play(self.cards)
        if self.ending is None or result.count == MAX_COUNT:  # 31 pegs its 2, never the go as well
            return result
        extra = ScoreItem(self.ending.kind, (self.cards[-1],), 1)
        return PlayScore(result.pile, result.count, result.items + (extra,))

    def engine_total(self) -> int:
        """What the engine says a hand, crib or play directive is worth."""
        if self.kind is DirectiveKind.PLAY:
            return self.play_score().points
        return self.show_score().total


_DIRECTIVE_LINE = re.compile(r"^\{\s*(exercise\s+)?(hand|crib|play|discard)\b(.*)\}\s*$", re.IGNORECASE)


def parse_directive(text: str, *, line: int = 0, where: str = "directive") -> Directive:
    """Parse one directive such as ``{hand 4C 5D 6H KC | 5S = 16}``.

    >>> parse_directive("{exercise discard 5H 5D JS 4C 6D KS dealer = JS KS}").keep
    (Card.parse('5H'), Card.parse('5D'), Card.parse('4C'), Card.parse('6D'))
    >>> parse_directive("{hand 4C 5D 6H KC | 5S}")
    Traceback (most recent call last):
    ...
    trainer.lessons.LessonError: directive: '{hand 4C 5D 6H KC | 5S}' must state its total after '='
    """
    match = _DIRECTIVE_LINE.match(text.strip())
    if not match:
        raise LessonError(where, f"{text.strip()!r} is not a card directive")
    is_exercise = bool(match.group(1))
    kind = DirectiveKind(match.group(2).lower())
    body, equals, answer = match.group(3).partition("=")
    # A discard example may leave the choice to the analysis; everything else states its answer.
    open_discard = kind is DirectiveKind.DISCARD and not is_exercise
    if (not equals or not answer.strip()) and not open_discard:
        what = "the two cards to lay away" if kind is DirectiveKind.DISCARD else "its total"
        raise LessonError(where, f"{text.strip()!r} must state {what} after '='")
    try:
        if kind is DirectiveKind.DISCARD:
            return _parse_discard(body, answer, is_exercise, line, where, text)
        cards_text, bar, starter_text = body.partition("|")
        ending = None
        words = cards_text.split()
        if kind is DirectiveKind.PLAY and words and words[-1].lower() in {e.value for e in PlayEnding}:
            ending = PlayEnding(words.pop().lower())
        cards = parse_cards(" ".join(words))
        starter = Card.parse(starter_text) if bar else None
        if kind is DirectiveKind.PLAY and starter is not None:
            raise LessonError(where, f"{text.strip()!r}: a pegging pile has no starter")
        check_distinct(cards + ((starter,) if starter else ()))
        if not answer.strip().isdigit():
            raise LessonError(where, f"{text.strip()!r}: the stated total {answer.strip()!r} is not a number")
        return Directive(kind, cards, starter, int(answer), is_exercise=is_exercise, line=line, ending=ending)
    except InvalidCardError as error:
        raise LessonError(where, f"{text.strip()!r}: {error}") from None


def _parse_discard(body: str, answer: str, is_exercise: bool, line: int, where: str, text: str) -> Directive:
    words = body.split()
    if not words or words[-1].lower() not in {seat.value for seat in Seat}:
        raise LessonError(where, f"{text.strip()!r}: say whose crib it is: 'dealer' or 'pone' after the cards")
    seat = Seat(words[-1].lower())
    cards = parse_cards(" ".join(words[:-1]))
    throw = parse_cards(answer)
    if len(cards) != 6:
        raise LessonError(where, f"{text.strip()!r}: a discard starts from six cards, not {len(cards)}")
    if (throw or is_exercise) and (len(throw) != 2 or not set(throw) <= set(cards)):
        raise LessonError(where, f"{text.strip()!r}: lay away two of the six cards")
    return Directive(DirectiveKind.DISCARD, cards, seat=seat, throw=throw, is_exercise=is_exercise, line=line)


# ------------------------------------------------------------------ lessons


@dataclass(frozen=True, slots=True)
class Lesson:
    """One lesson of the course: its front matter, Markdown body and directives."""

    slug: str
    title: str
    order: int
    combos: tuple[ScoreKind, ...]
    summary: str
    body: str
    directives: tuple[Directive, ...]
    source: str = ""
    about_pegging: bool = False

    @property
    def examples(self) -> tuple[Directive, ...]:
        return tuple(d for d in self.directives if not d.is_exercise)

    @property
    def exercises(self) -> tuple[Directive, ...]:
        """The exercises in order; the web numbers them from 1."""
        return tuple(d for d in self.directives if d.is_exercise)

    def exercise(self, number: int) -> Directive:
        """Exercise ``number`` (counting from 1); ``LookupError`` if there is none."""
        if not 1 <= number <= len(self.exercises):
            raise LookupError(f"lesson {self.slug!r} has no exercise {number}")
        return self.exercises[number - 1]


_FILE_NAME = re.compile(r"^(\d+)-([a-z0-9-]+)\.md$")
_COMBO_BY_NAME = {kind.value: kind for kind in ScoreKind}


def parse_lesson(text: str, *, name: str) -> Lesson:
    """Read one lesson from its text; ``name`` is its file name (``NN-slug.md``)."""
    try:
        post = frontmatter.loads(text)
    except yaml.YAMLError as error:
        raise LessonError(name, f"the front matter is not valid YAML: {error}") from None
    meta = post.metadata
    for key in ("title", "slug", "order"):
        if key not in meta:
            raise LessonError(name, f"the front matter needs {key!r}")
    order, combos = meta["order"], meta.get("combos") or []
    if not isinstance(order, int):
        raise LessonError(name, f"the order should be a whole number, not {order!r}")
    if not isinstance(combos, list):
        raise LessonError(name, f"the combos should be a list, like [fifteen, pair], not {combos!r}")
    file_match = _FILE_NAME.match(name)
    if file_match and (int(file_match.group(1)) != meta["order"] or file_match.group(2) != meta["slug"]):
        raise LessonError(name, f"the file name should be {meta['order']:02d}-{meta['slug']}.md")
    unknown = [combo for combo in combos if combo not in _COMBO_BY_NAME]
    if unknown:
        raise LessonError(name, f"unknown combo types {unknown}: use {sorted(_COMBO_BY_NAME)}")
    # Line numbers in messages count from the top of the file, front matter included.
    offset = text[: len(text) - len(text.lstrip())].count("\n") + _front_matter_lines(text)
    directives = []
    for token in _markdown().parse(post.content):
        if token.type == "card_directive":
            line = (token.map or [0])[0] + 1 + offset  # a block token always carries its lines
            directives.append(parse_directive(token.content, line=line, where=f"{name} line {line}"))
    return Lesson(
        slug=str(meta["slug"]),
        title=str(meta["title"]),
        order=order,
        combos=tuple(_COMBO_BY_NAME[combo] for combo in combos),
        summary=str(meta.get("summary", "")),
        body=post.content,
        directives=tuple(directives),
        source=name,
        about_pegging=bool(meta.get("pegging", False)),
    )


def _front_matter_lines(text: str) -> int:
    stripped = text.lstrip()
    if not stripped.startswith("---"):
        return 0
    end = stripped.find("\n---", 3)
    return stripped[: end + 4].count("\n") + 1 if end >= 0 else 0


@functools.lru_cache(maxsize=4)
def load_lessons(directory: Path = LESSONS_DIR) -> tuple[Lesson, ...]:
    """Every lesson in ``directory``, in course order (cached: lessons are content)."""
    lessons = tuple(
        sorted(
            (parse_lesson(path.read_text(encoding="utf-8"), name=path.name) for path in directory.glob("*.md")),
            key=lambda lesson: lesson.order,
        )
    )
    slugs = [lesson.slug for lesson in lessons]
    if len(set(slugs)) != len(slugs):
        raise LessonError(str(directory), "two lessons share a slug")
    return lessons


def get_lesson(slug: str, directory: Path = LESSONS_DIR) -> Lesson:
    """The lesson with this slug; ``LookupError`` if there is none."""
    for lesson in load_lessons(directory):
        if lesson.slug == slug:
            return lesson
    raise LookupError(f"no lesson {slug!r}")


def lesson_for_combo_type(kind, directory: Path = LESSONS_DIR) -> Lesson | None:
    """The first lesson (in course order) that teaches a combo type, for the review's links.

    ``kind`` is a :class:`ScoreKind`, a record :class:`~trainer.checking.ComboType`
    (a pegging type leads to a lesson about the play), or either one's text.

    >>> lesson_for_combo_type("pair").slug
    'pairs'
    >>> lesson_for_combo_type("pegging: pairs").slug, lesson_for_combo_type(ScoreKind.LAST_CARD).slug
    ('pegging', 'pegging')
    >>> lesson_for_combo_type(ComboType.MULTIPLE_RUNS).title
    'Runs, double runs and triple runs'
    """
    if isinstance(kind, str):
        kind = _COMBO_BY_NAME.get(kind) or ComboType(kind)
    pegging = isinstance(kind, ComboType) and kind.is_pegging
    category = kind.category if isinstance(kind, ComboType) else kind
    teaching = [lesson for lesson in load_lessons(directory) if category in lesson.combos]
    preferred = [lesson for lesson in teaching if lesson.about_pegging == pegging]
    return next(iter(preferred or teaching), None)


# ------------------------------------------------------------------ checking


@dataclass(frozen=True, slots=True)
class Problem:
    """A directive whose stated answer disagrees with the engine."""

    lesson: str
    line: int
    notation: str
    message: str

    def __str__(self) -> str:
        return f"{self.lesson} line {self.line}: {self.notation}: {self.message}"


def discard_deal(directive: Directive) -> DiscardDeal:
    """A discard directive as the discard drill's deal."""
    return DiscardDeal(directive.cards, directive.owns_crib)


def discard_options(directive: Directive) -> tuple[DiscardOption, ...]:
    """The analysis of every discard of a discard directive, best first."""
    return analyse_discards(directive.cards, dealer=directive.owns_crib)


def best_throws(directive: Directive) -> tuple[tuple[Card, ...], ...]:
    """The throws the engine's discard analysis rates best, ties included
    (within the drills' tolerance, :func:`trainer.grading.best_discards`)."""
    return tuple(option.discard for option in grading.best_discards(discard_options(directive)))


def check_directive(directive: Directive) -> str | None:
    """What is wrong with a directive's stated answer, or ``None`` if the engine agrees."""
    if directive.kind is DirectiveKind.DISCARD:
        best = best_throws(directive)
        if not directive.throw or any(set(throw) == set(directive.throw) for throw in best):
            return None
        options = " or ".join(format_cards(throw) for throw in best)
        return f"says lay away {format_cards(directive.throw)} but the analysis prefers {options}"
    try:
        total = directive.engine_total()
    except (IllegalActionError, InvalidCardError) as error:
        return str(error)
    if total != directive.stated:
        return f"states {directive.stated} but the engine counts {total}"
    return None


#: Most cards a pegging pile can hold (two players' hands of four).
MAX_PILE = 8


def _unrecordable(directive: Directive) -> str | None:
    """Why an exercise could not be kept in the learner's record, whose show
    drills hold four cards and a starter (the variants' hands stay examples)."""
    if directive.kind in (DirectiveKind.HAND, DirectiveKind.CRIB):
        if len(directive.cards) != 4 or directive.starter is None:
            return "an exercise counts in the learner's record, which keeps four cards and a starter"
    if directive.kind is DirectiveKind.PLAY and len(directive.cards) > MAX_PILE:
        return f"a pegging pile holds at most {MAX_PILE} cards"
    return None


def check_lesson(lesson: Lesson) -> tuple[Problem, ...]:
    """Every disagreement between the lesson and the engine (empty when all is right)."""
    problems = []
    for directive in lesson.directives:
        message = check_directive(directive) or (_unrecordable(directive) if directive.is_exercise else None)
        if message:
            problems.append(Problem(lesson.source or lesson.slug, directive.line, directive.notation, message))
    if not lesson.exercises:
        problems.append(Problem(lesson.source or lesson.slug, 0, "", "has no exercises"))
    return tuple(problems)


# ------------------------------------------------------------------ answers


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's judgement of a learner's answer to an exercise."""

    correct: bool
    answer: str
    expected: str
    explanation: str


def judge(directive: Directive, answer: str | int | Iterable[str | Card]) -> Verdict:
    """Judge a learner's answer: a number for hand, crib and play, two cards for a discard.

    >>> judge(parse_directive("{exercise hand 4C 5D 6H KC | 5S = 16}"), "16").correct
    True
    >>> judge(parse_directive("{exercise play 5H 5D 5S = 8}"), 6).expected
    '8'
    """
    if directive.kind is DirectiveKind.DISCARD:
        return _judge_discard(directive, answer)
    expected = directive.engine_total()
    text = str(answer).strip()
    correct = text.isdigit() and int(text) == expected
    return Verdict(correct, text, str(expected), _explanation(directive))


def _judge_discard(directive: Directive, answer) -> Verdict:
    try:
        throw = parse_cards(answer)
    except InvalidCardError as error:
        return Verdict(False, str(answer), format_cards(directive.throw), str(error))
    if len(throw) != 2 or not set(throw) <= set(directive.cards):
        return Verdict(False, format_cards(throw), format_cards(directive.throw), "Pick two of the six cards dealt.")
    whose = "your own crib" if directive.owns_crib else "your opponent's crib"
    verdict, _ = grading.grade_discard(discard_deal(directive), throw, options=discard_options(directive))
    best, chosen, correct = verdict.options[0], verdict.picked, verdict.best
    explanation = (
        f"Laying away {format_cards(chosen.discard, pretty=True)} to {whose} keeps a hand worth "
        f"{chosen.hand_ev:.2f} on average and a crib worth {chosen.crib_ev:.2f}: net {chosen.net_ev:.2f}. "
        f"The best is {format_cards(best.discard, pretty=True)}, net {best.net_ev:.2f}."
    )
    return Verdict(correct, format_cards(throw), format_cards(best.discard), explanation)


def _explanation(directive: Directive) -> str:
    if directive.kind is DirectiveKind.PLAY:
        return play_spoken(directive.play_score())
    return directive.show_score().spoken


def play_spoken(result: PlayScore) -> str:
    """What the player says laying the last card of a pile.

    >>> play_spoken(score_play("5H 5D 5S"))
    'fifteen for two, and a pair royal for six: eight'
    >>> play_spoken(score_play("AS 2D 5C 4H 3S"))
    'fifteen for two, and a run of five for five: seven'
    >>> play_spoken(score_play("KS 9H"))
    'nineteen, no score'
    """
    if not result.items:
        return f"{number_words(result.count)}, no score"
    phrases = [f"{_play_item_name(item)} for {number_words(item.points)}" for item in result.items]
    return ", and ".join(phrases) + f": {number_words(result.points)}"


def _play_item_name(item: ScoreItem) -> str:
    if item.kind in (ScoreKind.FIFTEEN, ScoreKind.THIRTY_ONE):
        return item.kind.value
    if item.kind is ScoreKind.RUN:
        return f"a run of {number_words(len(item.cards))}"
    if item.kind is ScoreKind.GO:
        return "the go"
    if item.kind is ScoreKind.LAST_CARD:
        return "last card"
    article = "an" if item.name[0] in "aeiou" else "a"
    return f"{article} {item.name}"


# ------------------------------------------------------------------ rendering

ExerciseRenderer = Callable[[Directive, int], str]


_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def card_html(card: Card, *, small: bool = False) -> str:
    """One card as HTML in its suit colour, in the web app's card markup.

    >>> card_html(Card.parse("5H"))  # doctest: +NORMALIZE_WHITESPACE
    '<span class="card red" role="img" aria-label="5 of hearts" data-card="5H"><span
    class="rank">5</span><span class="suit" aria-hidden="true">♥</span></span>'
    """
    colour = "red" if card.suit.is_red else "black"
    size = " small" if small else ""
    label = f"{_RANK_NAMES.get(card.rank.text, card.rank.text)} of {_SUIT_NAMES[card.suit.value]}"
    return (
        f'<span class="card {colour}{size}" role="img" aria-label="{label}" data-card="{card}">'
        f'<span class="rank">{card.rank.text}</span><span class="suit" aria-hidden="true">{card.suit.symbol}</span></span>'
    )


def cards_html(cards: Iterable[Card], *, small: bool = False) -> str:
    """A row of cards."""
    size = " small" if small else ""
    return f'<span class="cards{size}">' + "".join(card_html(c, small=small) for c in cards) + "</span>"


def _starter_html(directive: Directive) -> str:
    if directive.starter is None:
        return ""
    return f' <span class="starter-label">starter</span> <span class="starter">{cards_html([directive.starter])}</span>'


def _items_table(items: Iterable[ScoreItem], total: int) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(item.name)}</td><td>{cards_html(item.cards, small=True)}</td><td class=\"points\">{item.points}</td></tr>"
        for item in items
    )
    return (
        '<div class="table-wrap"><table class="breakdown"><thead><tr><th>score</th><th>cards</th><th>points</th></tr></thead>'
        f"<tbody>{rows}</tbody><tfoot><tr><th colspan=\"2\">total</th>"
        f'<th class="points total">{total}</th></tr></tfoot></table></div>'
    )


def render_example(directive: Directive) -> str:
    """An example as HTML: the cards, the engine's itemised score and its spoken count."""
    kind = directive.kind
    if kind is DirectiveKind.PLAY:
        result = directive.play_score()
        head = (
            f'<p class="deal">pile {cards_html(directive.cards)} <span class="count">count {result.count}</span>'
            f"{_ending_html(directive)}</p>"
        )
        body = _items_table(result.items, result.points)
        spoken = play_spoken(result)
    elif kind is DirectiveKind.DISCARD:
        whose = "You deal: the crib is yours." if directive.owns_crib else "Your opponent deals: the crib is theirs."
        throw = directive.throw or best_throws(directive)[0]
        keep = tuple(c for c in directive.cards if c not in throw)
        keep_score = score_show(keep)
        head = f'<p class="deal">dealt {cards_html(directive.cards)} <span class="seat">{whose}</span></p>'
        body = (
            f'<p class="throw">lay away {cards_html(throw, small=True)} and keep '
            f"{cards_html(keep, small=True)}, worth {keep_score.total} before the cut</p>"
        ) + _discard_table(directive)
        spoken = f"the four kept: {keep_score.spoken}"
    else:
        show = directive.show_score()
        head = f'<p class="deal">{kind.value} {cards_html(directive.cards)}{_starter_html(directive)}</p>'
        body = _items_table(show.items, show.total)
        spoken = show.spoken
    return (
        f'<figure class="example example-{kind.value}">{head}{body}'
        f'<figcaption class="spoken">“{html.escape(spoken)}”</figcaption></figure>\n'
    )


def _discard_table(directive: Directive, shown: int = 3) -> str:
    """The analysis's best few discards, as a table."""
    options = discard_options(directive)
    rows = "".join(
        f"<tr><td>{cards_html(option.discard, small=True)}</td><td>{cards_html(option.keep, small=True)}</td>"
        f'<td class="points">{option.hand_ev:.2f}</td><td class="points">{option.crib_ev:.2f}</td>'
        f'<td class="points">{option.net_ev:.2f}</td></tr>'
        for option in options[:shown]
    )
    sign = "+" if directive.owns_crib else "−"
    return (
        '<div class="table-wrap"><table class="discards"><thead><tr><th>lay away</th><th>keep</th><th>hand (avg)</th>'
        f"<th>crib (avg)</th><th>net (hand {sign} crib)</th></tr></thead><tbody>{rows}</tbody></table></div>"
    )


def render_exercise_plain(directive: Directive, number: int) -> str:
    """An exercise as a question with no form (the web app passes its own renderer)."""
    return f'<div class="exercise" id="exercise-{number}">{exercise_question_html(directive, number)}</div>\n'


def _ending_html(directive: Directive) -> str:
    if directive.ending is PlayEnding.GO:
        return ' <span class="ending">then neither player can lay a card: go</span>'
    if directive.ending is PlayEnding.LAST:
        return ' <span class="ending">the last card of the play</span>'
    return ""


def exercise_question_html(directive: Directive, number: int) -> str:
    """The question part of an exercise: what to do, and the cards."""
    kind = directive.kind
    if kind is DirectiveKind.PLAY:
        prompt = "Score the last card played"
        cards = f"pile {cards_html(directive.cards)}{_ending_html(directive)}"
    elif kind is DirectiveKind.DISCARD:
        whose = "you deal (the crib is yours)" if directive.owns_crib else "your opponent deals (the crib is theirs)"
        prompt = f"Pick two cards to lay away: {whose}"
        cards = f"dealt {cards_html(directive.cards)}"
    else:
        prompt = f"Count this {kind.value}"
        cards = f"{kind.value} {cards_html(directive.cards)}{_starter_html(directive)}"
    return f'<p class="prompt">Exercise {number}. {prompt}.</p><p class="deal">{cards}</p>'


def render_lesson(lesson: Lesson, exercise_renderer: ExerciseRenderer = render_exercise_plain) -> str:
    """The lesson body as HTML, examples scored by the engine, exercises drawn by
    ``exercise_renderer(directive, number)``."""
    # The renderer meets the directives in the order the parser found them.
    env = {"exercise_renderer": exercise_renderer, "exercise_number": 0, "directives": iter(lesson.directives)}
    return _markdown().render(lesson.body, env)


def _directive_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    """Block rule: a line holding only ``{hand ...}``, ``{exercise play ...}`` etc."""
    if state.sCount[start_line] - state.blkIndent >= 4:  # indented code, not a directive
        return False
    start = state.bMarks[start_line] + state.tShift[start_line]
    line = state.src[start : state.eMarks[start_line]]
    if not _DIRECTIVE_LINE.match(line):
        return False
    if silent:
        return True
    token = state.push("card_directive", "", 0)
    token.content = line.strip()
    token.map = [start_line, start_line + 1]
    state.line = start_line + 1
    return True


def _render_directive(renderer, tokens, index, options, env) -> str:
    directive = next(env["directives"])
    if directive.is_exercise:
        env["exercise_number"] += 1
        return env["exercise_renderer"](directive, env["exercise_number"])
    return render_example(directive)


@functools.cache
def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(["table", "replacements", "smartquotes"])
    md.block.ruler.before("paragraph", "card_directive", _directive_block, {"alt": ["paragraph"]})
    md.add_render_rule("card_directive", _render_directive)
    return md


def main() -> int:
    """Check every lesson against the engine: ``python -m trainer.lessons``.

    Prints one line per problem (file, line, directive, what is wrong) and
    returns 1 if there is any, so a lesson author can check before committing.
    """
    problems = [problem for lesson in load_lessons() for problem in check_lesson(lesson)]
    for problem in problems:
        print(problem)
    count = sum(len(lesson.directives) for lesson in load_lessons())
    print(f"{len(load_lessons())} lessons, {count} examples and exercises, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
