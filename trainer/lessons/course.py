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

The course speaks each of the trainer's languages (:mod:`trainer.language.i18n`): a
translated lesson is ``lessons/<language>/NN-slug.md`` (``lessons/ru/``), with
its English twin's file name, front matter (but its own ``title`` and
``summary``) and card directives, in the same order
(:func:`translation_problems` checks it); where a translation is missing the
English lesson is shown.  Everything the examples and exercises say around
the cards (the breakdown's headings, the spoken count, the questions and the
verdicts) is in the current language, the cards named by :mod:`trainer.language.words`.

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
import itertools
import re
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Callable, Iterable

import frontmatter
import yaml
from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from engine.analysis.discard import DiscardOption, analyse_discards
from engine.cards import Card, check_distinct, format_cards, parse_cards
from engine.errors import IllegalActionError, InvalidCardError
from engine.pegging import MAX_COUNT, PlayScore, score_play
from engine.scoring import ScoreItem, ScoreKind, ShowScore, number_words, score_show, spoken_count
from engine.spoken_ru import number_words_ru, spoken_count_ru
from trainer.drills import grading
from trainer.drills.answers import LaidAway
from trainer.drills.deal import DiscardDeal
from trainer.language import i18n, words
from trainer.language.i18n import gettext as _
from trainer.language.i18n import ngettext, pgettext
from trainer.record.combos import ComboType
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
    trainer.lessons.course.LessonError: directive: '{hand 4C 5D 6H KC | 5S}' must state its total after '='
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
    #: The language the lesson is written in (a missing translation's English lesson says "en").
    language: str = i18n.DEFAULT_LANGUAGE

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


def _read_folder(folder: Path, language: str) -> tuple[Lesson, ...]:
    """The lessons of one folder, in course order, written in ``language``."""
    prefix = "" if language == i18n.DEFAULT_LANGUAGE else f"{language}/"
    lessons = tuple(
        sorted(
            (
                replace(parse_lesson(path.read_text(encoding="utf-8"), name=path.name),
                        source=prefix + path.name, language=language)
                for path in folder.glob("*.md")
            ),
            key=lambda lesson: lesson.order,
        )
    )
    slugs = [lesson.slug for lesson in lessons]
    if len(set(slugs)) != len(slugs):
        raise LessonError(str(folder), "two lessons share a slug")
    return lessons


def translation_dir(language: str, directory: Path = LESSONS_DIR) -> Path:
    """Where a language's lessons are: the course's own folder for English,
    ``<language>/`` inside it for a translation (``lessons/ru/``)."""
    return directory if language == i18n.DEFAULT_LANGUAGE else directory / language


@functools.lru_cache(maxsize=8)
def _load(directory: Path, language: str) -> tuple[Lesson, ...]:
    english = _read_folder(directory, i18n.DEFAULT_LANGUAGE)
    folder = translation_dir(language, directory)
    if language == i18n.DEFAULT_LANGUAGE or not folder.is_dir():
        return english
    translated = {lesson.slug: lesson for lesson in _read_folder(folder, language)}
    strays = sorted(set(translated) - {lesson.slug for lesson in english})
    if strays:
        raise LessonError(str(folder), f"no English lesson has the slug {', '.join(strays)}")
    return tuple(translated.get(lesson.slug, lesson) for lesson in english)


def load_lessons(directory: Path = LESSONS_DIR, *, language: str | None = None) -> tuple[Lesson, ...]:
    """Every lesson of the course in ``directory``, in course order, in
    ``language`` (the current language, :func:`trainer.language.i18n.current`, when not
    given): each translated lesson of ``<directory>/<language>/``, the English
    one where a translation is missing (cached: lessons are content).

    >>> [lesson.title for lesson in load_lessons(language="ru")][:2]
    ['Стоимость карт и текущий счёт', 'Пятнадцать']
    >>> [d.notation for d in load_lessons(language="ru")[1].exercises] == [
    ...     d.notation for d in load_lessons(language="en")[1].exercises]
    True
    """
    code = i18n.current() if language is None else (i18n.normalise(language) or i18n.DEFAULT_LANGUAGE)
    return _load(directory, code)


def get_lesson(slug: str, directory: Path = LESSONS_DIR, *, language: str | None = None) -> Lesson:
    """The lesson with this slug, in ``language`` (see :func:`load_lessons`); ``LookupError`` if there is none."""
    for lesson in load_lessons(directory, language=language):
        if lesson.slug == slug:
            return lesson
    raise LookupError(f"no lesson {slug!r}")


def lesson_for_combo_type(kind, directory: Path = LESSONS_DIR, *, language: str | None = None) -> Lesson | None:
    """The first lesson (in course order) that teaches a combo type, for the review's links.

    ``kind`` is a :class:`ScoreKind`, a record :class:`~trainer.drills.checking.ComboType`
    (a pegging type leads to a lesson about the play), or either one's text.

    >>> lesson_for_combo_type("pair").slug
    'pairs'
    >>> lesson_for_combo_type("pegging: pairs").slug, lesson_for_combo_type(ScoreKind.LAST_CARD).slug
    ('pegging', 'pegging')
    >>> lesson_for_combo_type(ComboType.MULTIPLE_RUNS).title
    'Runs, double runs and triple runs'
    >>> lesson_for_combo_type(ComboType.MULTIPLE_RUNS, language="ru").title
    'Последовательности, двойные и тройные последовательности'
    """
    if isinstance(kind, str):
        kind = _COMBO_BY_NAME.get(kind) or ComboType(kind)
    pegging = isinstance(kind, ComboType) and kind.is_pegging
    category = kind.category if isinstance(kind, ComboType) else kind
    teaching = [lesson for lesson in load_lessons(directory, language=language) if category in lesson.combos]
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
    (within the drills' tolerance, :func:`trainer.drills.grading.best_discards`)."""
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



#: The front matter a translation keeps from its English twin (title and summary are its own).
_SHARED_FRONT_MATTER = ("slug", "order", "combos", "about_pegging")


def translation_problems(english: Lesson, translated: Lesson) -> tuple[Problem, ...]:
    """Where a translated lesson departs from its English twin: its front matter
    (all but the title and summary) and its card directives, one by one in order,
    must be the twin's, so the examples, the exercises, their numbers and the
    learner's progress are the same in every language.

    >>> english = parse_lesson(_EXAMPLE, name="02-fifteens.md")
    >>> russian = parse_lesson(_EXAMPLE.replace("Fifteens", "Пятнадцать").replace("7H 8S", "7H 8D"), name="02-fifteens.md")
    >>> [problem.message for problem in translation_problems(english, russian)]
    ["has '{exercise play 7H 8D = 2}' where the English lesson has '{exercise play 7H 8S = 2}'"]
    """
    where = translated.source or translated.slug
    problems = [
        Problem(where, 0, "", f"its front matter says {field} {mine!r} where the English lesson says {theirs!r}")
        for field in _SHARED_FRONT_MATTER
        if (mine := getattr(translated, field)) != (theirs := getattr(english, field))
    ]
    for mine, theirs in itertools.zip_longest(translated.directives, english.directives):
        if mine is None:
            problems.append(Problem(where, 0, theirs.notation, "lacks this directive of the English lesson"))
        elif theirs is None:
            problems.append(Problem(where, mine.line, mine.notation, "has a directive the English lesson does not"))
        elif mine.notation != theirs.notation:
            problems.append(Problem(where, mine.line, mine.notation,
                                    f"has {mine.notation!r} where the English lesson has {theirs.notation!r}"))
    return tuple(problems)


def course_problems(language: str = i18n.DEFAULT_LANGUAGE, directory: Path = LESSONS_DIR) -> tuple[Problem, ...]:
    """Everything wrong with the course in one language: each lesson written in
    it against the engine (:func:`check_lesson`) and, for a translation, against
    its English twin (:func:`translation_problems`); a lesson not translated
    yet is a problem too (readers meanwhile get the English one).

    >>> course_problems("en"), course_problems("ru")
    ((), ())
    """
    lessons = load_lessons(directory, language=language)
    problems = [problem for lesson in lessons if lesson.language == language for problem in check_lesson(lesson)]
    if language != i18n.DEFAULT_LANGUAGE:
        english = {lesson.slug: lesson for lesson in load_lessons(directory, language=i18n.DEFAULT_LANGUAGE)}
        for lesson in lessons:
            if lesson.language != language:
                problems.append(Problem(f"{language}/{lesson.source}", 0, "", "is missing: the English lesson is shown"))
            else:
                problems.extend(translation_problems(english[lesson.slug], lesson))
    return tuple(problems)

# ------------------------------------------------------------------ answers


@dataclass(frozen=True, slots=True)
class Verdict:
    """The engine's judgement of a learner's answer to an exercise (its
    explanation in the language current when it was judged)."""

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
    >>> with i18n.language("ru"):
    ...     judge(parse_directive("{exercise play 5H 5D 5S = 8}"), 6).explanation
    'пятнадцать — два, и королевская пара — восемь'
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
        return Verdict(False, format_cards(throw), format_cards(directive.throw), _("Pick two of the six cards dealt."))
    verdict = grading.judge_discard(discard_deal(directive), LaidAway(tuple(throw)), options=discard_options(directive))
    best, chosen, correct = verdict.options[0], verdict.picked, verdict.best
    numbers = {
        "cards": words.faces(chosen.discard), "hand": i18n.format_decimal(chosen.hand_ev, 2),
        "crib": i18n.format_decimal(chosen.crib_ev, 2), "net": i18n.format_decimal(chosen.net_ev, 2),
        "best": words.faces(best.discard), "best_net": i18n.format_decimal(best.net_ev, 2),
    }
    if directive.owns_crib:
        explanation = _("Laying away %(cards)s to your own crib keeps a hand worth %(hand)s on average and a crib "
                        "worth %(crib)s: net %(net)s. The best is %(best)s, net %(best_net)s.", **numbers)
    else:
        explanation = _("Laying away %(cards)s to your opponent's crib keeps a hand worth %(hand)s on average and a "
                        "crib worth %(crib)s: net %(net)s. The best is %(best)s, net %(best_net)s.", **numbers)
    return Verdict(correct, format_cards(throw), format_cards(best.discard), explanation)


def answer_text(directive: Directive, answer: str) -> str:
    """An answer (or the expected one) as the learner reads it: points as they
    are, a discard's two cards by their faces.

    >>> throw = parse_directive("{exercise discard 5H 5D JS 4C 6D KS dealer = JS KS}")
    >>> answer_text(throw, "JS KS")
    'J♠ K♠'
    >>> with i18n.language("ru"):
    ...     answer_text(throw, "JS KS")
    'В♠ К♠'
    """
    if directive.kind is not DirectiveKind.DISCARD or not answer:
        return answer
    try:
        return words.faces(parse_cards(answer))
    except InvalidCardError:
        return answer


def _explanation(directive: Directive) -> str:
    if directive.kind is DirectiveKind.PLAY:
        return play_spoken(directive.play_score())
    return show_spoken(directive.show_score().items)


def show_spoken(items: Iterable[ScoreItem]) -> str:
    """The spoken count of a hand or crib, in the current language.

    >>> show = score_show("5H 5D 5S JC", "5C")
    >>> show_spoken(show.items) == show.spoken
    True
    >>> with i18n.language("ru"):
    ...     show_spoken(score_show("3S 4H 4D 5C", "9S").items)
    'пара — два, и двойная последовательность из трёх — восемь'
    """
    return _SPOKEN_SHOW.get(i18n.current(), spoken_count)(tuple(items))


def play_spoken(result: PlayScore) -> str:
    """What the player says laying the last card of a pile, in the current language.

    >>> play_spoken(score_play("5H 5D 5S"))
    'fifteen for two, and a pair royal for six: eight'
    >>> play_spoken(score_play("AS 2D 5C 4H 3S"))
    'fifteen for two, and a run of five for five: seven'
    >>> play_spoken(score_play("KS 9H"))
    'nineteen, no score'
    >>> with i18n.language("ru"):
    ...     play_spoken(score_play("AS 2D 5C 4H 3S"))
    'пятнадцать — два, и последовательность из пяти — семь'
    """
    speak = _SPOKEN_PLAY.get(i18n.current())
    if speak is not None:
        return speak(result)
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


#: The Russian words of the play's scores, said before their running total
#: (GLOSSARY.ru.md); a run's length after «из» is in the genitive.
_PLAY_RU = {
    ScoreKind.FIFTEEN: "пятнадцать", ScoreKind.THIRTY_ONE: "тридцать одно",
    ScoreKind.GO: "за «гоу»", ScoreKind.LAST_CARD: "за последнюю карту",
}
_PAIRS_RU = {2: "пара", 3: "королевская пара", 4: "двойная королевская пара"}
_RUN_OF_RU = {3: "трёх", 4: "четырёх", 5: "пяти", 6: "шести", 7: "семи"}


def play_spoken_ru(result: PlayScore) -> str:
    """The last card of a pile as Russian players say it: as in the show
    (:func:`engine.spoken_ru.spoken_count_ru`), each score followed by the
    running total of the card's points, not by its own points as in English.

    >>> play_spoken_ru(score_play("5H 5D 5S"))
    'пятнадцать — два, и королевская пара — восемь'
    >>> play_spoken_ru(score_play("10C KH KS")) , play_spoken_ru(score_play("KS 9H"))
    ('пара — два', 'девятнадцать, очков нет')
    >>> play_spoken_ru(parse_directive("{play 2H 3C 4S last = 4}").play_score())
    'последовательность из трёх — три, и за последнюю карту — четыре'
    """
    if not result.items:
        return f"{number_words_ru(result.count)}, очков нет"
    phrases: list[str] = []
    running = 0
    for item in result.items:
        running += item.points
        if item.kind is ScoreKind.PAIR:
            name = _PAIRS_RU[len(item.cards)]
        elif item.kind is ScoreKind.RUN:
            name = f"последовательность из {_RUN_OF_RU[len(item.cards)]}"
        else:
            name = _PLAY_RU[item.kind]
        phrases.append(f"{'и ' if phrases else ''}{name} — {number_words_ru(running)}")
    return ", ".join(phrases)


#: The spoken counts of the languages other than English, by language.
_SPOKEN_SHOW: dict[str, Callable[[tuple[ScoreItem, ...]], str]] = {"ru": spoken_count_ru}
_SPOKEN_PLAY: dict[str, Callable[[PlayScore], str]] = {"ru": play_spoken_ru}


# ------------------------------------------------------------------ rendering

ExerciseRenderer = Callable[[Directive, int], str]


def card_html(card: Card, *, small: bool = False) -> str:
    """One card as HTML in its suit colour, in the web app's card markup, its
    face and accessible name in the current language (:mod:`trainer.language.words`).

    >>> card_html(Card.parse("5H"))  # doctest: +NORMALIZE_WHITESPACE
    '<span class="card red" role="img" aria-label="5 of hearts" data-card="5H"><span
    class="rank">5</span><span class="suit" aria-hidden="true">♥</span></span>'
    >>> with i18n.language("ru"):  # doctest: +NORMALIZE_WHITESPACE
    ...     card_html(Card.parse("QS"))
    '<span class="card black" role="img" aria-label="дама пик" data-card="QS"><span
    class="rank">Д</span><span class="suit" aria-hidden="true">♠</span></span>'
    """
    colour = "red" if card.suit.is_red else "black"
    size = " small" if small else ""
    label = html.escape(words.name(card))
    return (
        f'<span class="card {colour}{size}" role="img" aria-label="{label}" data-card="{card}">'
        f'<span class="rank">{html.escape(words.rank_face(card.rank))}</span>'
        f'<span class="suit" aria-hidden="true">{card.suit.symbol}</span></span>'
    )


def cards_html(cards: Iterable[Card], *, small: bool = False) -> str:
    """A row of cards."""
    size = " small" if small else ""
    return f'<span class="cards{size}">' + "".join(card_html(c, small=small) for c in cards) + "</span>"


def _starter_html(directive: Directive) -> str:
    if directive.starter is None:
        return ""
    label = html.escape(pgettext("lesson", "starter"))
    return f' <span class="starter-label">{label}</span> <span class="starter">{cards_html([directive.starter])}</span>'


#: Where the longest word of the breakdown's names may break in a phone's narrow table
#: (soft hyphens: shown only where the line breaks, ignored by a screen reader).
_SOFT_HYPHENS = {"последовательность": "после\u00adдователь\u00adность"}


def _breakable(text: str) -> str:
    """``text`` with soft hyphens in its longest words (:data:`_SOFT_HYPHENS`).

    >>> _breakable("последовательность из трёх").split("\u00ad")
    ['после', 'дователь', 'ность из трёх']
    """
    for word, hyphenated in _SOFT_HYPHENS.items():
        text = text.replace(word, hyphenated)
    return text


def _items_table(items: Iterable[ScoreItem], total: int) -> str:
    rows = "".join(
        f"<tr><td>{_breakable(html.escape(words.item_name(item)))}</td><td>{cards_html(item.cards, small=True)}</td>"
        f'<td class="points">{item.points}</td></tr>'
        for item in items
    )
    score, cards, points, total_label = (
        html.escape(text) for text in (pgettext("lesson", "score"), pgettext("lesson", "cards"),
                                       pgettext("lesson", "points"), pgettext("lesson", "total"))
    )
    return (
        f'<div class="table-wrap"><table class="breakdown"><thead><tr><th>{score}</th><th>{cards}</th>'
        f"<th>{points}</th></tr></thead><tbody>{rows}</tbody><tfoot><tr><th colspan=\"2\">{total_label}</th>"
        f'<th class="points total">{total}</th></tr></tfoot></table></div>'
    )


def _shown_label(kind: DirectiveKind) -> str:
    """What a hand, a crib, a pile or six cards dealt are labelled before the cards."""
    labels = {
        DirectiveKind.HAND: pgettext("lesson", "hand"), DirectiveKind.CRIB: pgettext("lesson", "crib"),
        DirectiveKind.PLAY: pgettext("lesson", "pile"), DirectiveKind.DISCARD: pgettext("lesson", "dealt"),
    }
    return html.escape(labels[kind])


def _seat_sentence(directive: Directive) -> str:
    if directive.owns_crib:
        return _("You deal: the crib is yours.")
    return _("Your opponent deals: the crib is theirs.")


def render_example(directive: Directive) -> str:
    """An example as HTML: the cards, the engine's itemised score and its spoken
    count, in the current language."""
    kind = directive.kind
    label = _shown_label(kind)
    if kind is DirectiveKind.PLAY:
        result = directive.play_score()
        count = html.escape(pgettext("lesson", "count %(count)d", count=result.count))
        head = (
            f'<p class="deal">{label} {cards_html(directive.cards)} <span class="count">{count}</span>'
            f"{_ending_html(directive)}</p>"
        )
        body = _items_table(result.items, result.points)
        spoken = play_spoken(result)
    elif kind is DirectiveKind.DISCARD:
        throw = directive.throw or best_throws(directive)[0]
        keep = tuple(c for c in directive.cards if c not in throw)
        keep_score = score_show(keep)
        head = (
            f'<p class="deal">{label} {cards_html(directive.cards)} '
            f'<span class="seat">{html.escape(_seat_sentence(directive))}</span></p>'
        )
        kept = ngettext(
            "lay away %(throw)s and keep %(keep)s, worth %(num)d before the cut",
            "lay away %(throw)s and keep %(keep)s, worth %(num)d before the cut",
            keep_score.total, throw=cards_html(throw, small=True), keep=cards_html(keep, small=True),
        )
        body = f'<p class="throw">{kept}</p>' + _discard_table(directive)
        spoken = _("the four kept: %(spoken)s", spoken=show_spoken(keep_score.items))
    else:
        show = directive.show_score()
        head = f'<p class="deal">{label} {cards_html(directive.cards)}{_starter_html(directive)}</p>'
        body = _items_table(show.items, show.total)
        spoken = show_spoken(show.items)
    quoted = pgettext("lesson", "“%(spoken)s”", spoken=html.escape(spoken))
    return (
        f'<figure class="example example-{kind.value}">{head}{body}'
        f'<figcaption class="spoken">{quoted}</figcaption></figure>\n'
    )


def _discard_table(directive: Directive, shown: int = 3) -> str:
    """The analysis's best few discards, as a table."""
    options = discard_options(directive)
    rows = "".join(
        f"<tr><td>{cards_html(option.discard, small=True)}</td><td>{cards_html(option.keep, small=True)}</td>"
        f'<td class="points">{i18n.format_decimal(option.hand_ev, 2)}</td>'
        f'<td class="points">{i18n.format_decimal(option.crib_ev, 2)}</td>'
        f'<td class="points">{i18n.format_decimal(option.net_ev, 2)}</td></tr>'
        for option in options[:shown]
    )
    net = pgettext("lesson", "net (hand + crib)") if directive.owns_crib else pgettext("lesson", "net (hand − crib)")
    headings = "".join(
        f"<th>{html.escape(text)}</th>"
        for text in (pgettext("lesson", "lay away"), pgettext("lesson", "keep"), pgettext("lesson", "hand (avg)"),
                     pgettext("lesson", "crib (avg)"), net)
    )
    return (
        f'<div class="table-wrap"><table class="discards"><thead><tr>{headings}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )


def render_exercise_plain(directive: Directive, number: int) -> str:
    """An exercise as a question with no form (the web app passes its own renderer)."""
    return f'<div class="exercise" id="exercise-{number}">{exercise_question_html(directive, number)}</div>\n'


def _ending_html(directive: Directive) -> str:
    if directive.ending is PlayEnding.GO:
        ending = _("then neither player can lay a card: go")
    elif directive.ending is PlayEnding.LAST:
        ending = _("the last card of the play")
    else:
        return ""
    return f' <span class="ending">{html.escape(ending)}</span>'


def _prompt(directive: Directive) -> str:
    """What an exercise asks, in the current language."""
    if directive.kind is DirectiveKind.PLAY:
        return _("Score the last card played")
    if directive.kind is DirectiveKind.DISCARD:
        if directive.owns_crib:
            return _("Pick two cards to lay away: you deal (the crib is yours)")
        return _("Pick two cards to lay away: your opponent deals (the crib is theirs)")
    if directive.kind is DirectiveKind.CRIB:
        return _("Count this crib")
    return _("Count this hand")


def exercise_question_html(directive: Directive, number: int) -> str:
    """The question part of an exercise: what to do, and the cards.

    >>> exercise = parse_directive("{exercise crib 3D 7D 9D KD | 5D = 9}")
    >>> exercise_question_html(exercise, 2).split("</p>")[0]
    '<p class="prompt">Exercise 2. Count this crib.'
    >>> with i18n.language("ru"):
    ...     exercise_question_html(exercise, 2).split("</p>")[0]
    '<p class="prompt">Упражнение 2. Посчитайте эти ясли.'
    """
    kind = directive.kind
    cards = f"{_shown_label(kind)} {cards_html(directive.cards)}"
    if kind is DirectiveKind.PLAY:
        cards += _ending_html(directive)
    elif kind is not DirectiveKind.DISCARD:
        cards += _starter_html(directive)
    prompt = html.escape(_("Exercise %(number)d. %(prompt)s.", number=number, prompt=_prompt(directive)))
    return f'<p class="prompt">{prompt}</p><p class="deal">{cards}</p>'


def render_lesson(lesson: Lesson, exercise_renderer: ExerciseRenderer = render_exercise_plain) -> str:
    """The lesson body as HTML, examples scored by the engine, exercises drawn by
    ``exercise_renderer(directive, number)``, all in the lesson's language (an
    English lesson shown where a translation is missing is English throughout)."""
    # The renderer meets the directives in the order the parser found them.
    env = {"exercise_renderer": exercise_renderer, "exercise_number": 0, "directives": iter(lesson.directives)}
    with i18n.language(lesson.language):
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
    """Check every lesson against the engine, in every language: ``python -m trainer.lessons.course``.

    Prints one line per problem (file, line, directive, what is wrong: a
    stated total the engine disagrees with, or a translation whose front
    matter or directives are not its English twin's) and a summary line per
    language, and returns 1 if there is any problem, so a lesson author (or
    translator) can check before committing.
    """
    found = 0
    for language in i18n.LANGUAGES:
        problems = course_problems(language)
        for problem in problems:
            print(problem)
        lessons = load_lessons(language=language)
        count = sum(len(lesson.directives) for lesson in lessons)
        print(f"{language}: {len(lessons)} lessons, {count} examples and exercises, {len(problems)} problems")
        found += len(problems)
    return 1 if found else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
