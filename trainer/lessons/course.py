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

This module holds the values (:class:`Lesson`, :class:`Directive`), reads them
from text and loads the course in each language; :mod:`trainer.lessons.checks`
compares every stated answer with the engine, :mod:`trainer.lessons.judging`
judges a learner's answers and :mod:`trainer.lessons.render` turns a lesson
into a page.

The course speaks each of the trainer's languages (:mod:`trainer.language.i18n`): a
translated lesson is ``lessons/<language>/NN-slug.md`` (``lessons/ru/``), with
its English twin's file name, front matter (but its own ``title`` and
``summary``) and card directives, in the same order; where a translation is
missing the English lesson is shown.

>>> lesson = parse_lesson(EXAMPLE, name="02-fifteens.md")
>>> lesson.title, lesson.order, [str(kind) for kind in lesson.combos]
('Fifteens', 2, ['fifteen'])
>>> [d.notation for d in lesson.directives]
['{hand 4C 5D 6H KC | 5S = 16}', '{exercise play 7H 8S = 2}']
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path

import frontmatter
import yaml
from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock

from engine.cards import Card, check_distinct, format_cards, parse_cards
from engine.errors import InvalidCardError
from engine.pegging import PlayScore, score_play
from engine.scoring import ScoreKind, ShowScore, score_show
from trainer.language import i18n
from trainer.record.combos import ComboType
from trainer.resources import content_dir

#: Where the course lives: ``lessons/`` at the top of the repository, shipped inside the wheel.
LESSONS_DIR = content_dir("lessons")

#: A small lesson, for the modules' examples.
EXAMPLE = """---
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
        return score_play(self.cards, None if self.ending is None else self.ending.kind)

    def engine_total(self) -> int:
        """What the engine says a hand, crib or play directive is worth."""
        if self.kind is DirectiveKind.PLAY:
            return self.play_score().points
        return self.show_score().total


DIRECTIVE_LINE = re.compile(r"^\{\s*(exercise\s+)?(hand|crib|play|discard)\b(.*)\}\s*$", re.IGNORECASE)


def parse_directive(text: str, *, line: int = 0, where: str = "directive") -> Directive:
    """Parse one directive such as ``{hand 4C 5D 6H KC | 5S = 16}``.

    >>> parse_directive("{exercise discard 5H 5D JS 4C 6D KS dealer = JS KS}").keep
    (Card.parse('5H'), Card.parse('5D'), Card.parse('4C'), Card.parse('6D'))
    >>> parse_directive("{hand 4C 5D 6H KC | 5S}")
    Traceback (most recent call last):
    ...
    trainer.lessons.course.LessonError: directive: '{hand 4C 5D 6H KC | 5S}' must state its total after '='
    """
    match = DIRECTIVE_LINE.match(text.strip())
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
    for token in _parser().parse(post.content):
        if token.type == DIRECTIVE_TOKEN:
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


def lesson_for_combo_type(kind: ScoreKind | ComboType | str, directory: Path = LESSONS_DIR, *, language: str | None = None) -> Lesson | None:
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


# ------------------------------------------------------------------ Markdown


def _directive_block(state: StateBlock, start_line: int, end_line: int, silent: bool) -> bool:
    """Block rule: a line holding only ``{hand ...}``, ``{exercise play ...}`` etc."""
    if state.sCount[start_line] - state.blkIndent >= 4:  # indented code, not a directive
        return False
    start = state.bMarks[start_line] + state.tShift[start_line]
    line = state.src[start : state.eMarks[start_line]]
    if not DIRECTIVE_LINE.match(line):
        return False
    if silent:
        return True
    token = state.push(DIRECTIVE_TOKEN, "", 0)
    token.content = line.strip()
    token.map = [start_line, start_line + 1]
    state.line = start_line + 1
    return True


#: The Markdown token a card directive becomes.
DIRECTIVE_TOKEN = "card_directive"


def new_markdown() -> MarkdownIt:
    """The course's Markdown (CommonMark with tables and typographic quotes, no raw HTML),
    which reads a line holding only a card directive as a :data:`DIRECTIVE_TOKEN`
    (a new instance: a renderer adds its own rule for drawing them)."""
    md = MarkdownIt("commonmark", {"html": False, "typographer": True}).enable(["table", "replacements", "smartquotes"])
    md.block.ruler.before("paragraph", DIRECTIVE_TOKEN, _directive_block, {"alt": ["paragraph"]})
    return md


@functools.cache
def _parser() -> MarkdownIt:
    return new_markdown()
