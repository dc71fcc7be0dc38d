"""A lesson as a page: its Markdown as HTML, and each card directive as a slot
the lesson's templates fill (``templates/lessons/``), their cards drawn by
``templates/cards.html``, the one home of card markup.  What a slot shows is
worked out here: an example's breakdown by the engine, its spoken count, the
discard analysis' best few, all in the lesson's language (an English lesson
shown where a translation is missing is English throughout).

>>> from trainer.lessons.course import EXAMPLE, parse_lesson
>>> parts = lesson_parts(parse_lesson(EXAMPLE, name="02-fifteens.md"))
>>> [part.kind for part in parts]
['prose', 'example', 'prose', 'exercise']
>>> parts[1].breakdown.total, parts[1].breakdown.spoken.split(", ")[-1]
(16, 'and a double run of three is sixteen')
>>> parts[3].number, parts[3].directive.notation
(1, '{exercise play 7H 8S = 2}')
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import ClassVar, Sequence

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererProtocol
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup

from engine import speech
from engine.analysis.discard import DiscardOption
from engine.cards import Card
from engine.scoring import ScoreItem, score_show
from trainer.language import i18n, words
from trainer.lessons.checks import best_throws, discard_options
from trainer.lessons.course import DIRECTIVE_TOKEN, Directive, DirectiveKind, Lesson, new_markdown

#: How many of the discard analysis' best throws an example shows.
DISCARDS_SHOWN = 3


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a breakdown: what scores (its name in the current language), its cards, its points."""

    name: str
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class Breakdown:
    """What an example shows under its cards: the engine's items and total, the
    spoken count, a pile's count; for a discard, the cards laid away (the
    lesson's or the analysis' choice), the four kept and the best few throws."""

    directive: Directive
    rows: tuple[Row, ...]
    #: the points of the hand, crib or card played; for a discard, of the four kept before the cut
    total: int
    spoken: str
    count: int | None = None
    throw: tuple[Card, ...] = ()
    keep: tuple[Card, ...] = ()
    options: tuple[DiscardOption, ...] = ()


@dataclass(frozen=True, slots=True)
class Prose:
    """A stretch of the lesson's text, as HTML (Markdown rendered without raw HTML, so safe)."""

    kind: ClassVar[str] = "prose"
    html: Markup


@dataclass(frozen=True, slots=True)
class Example:
    """An example: its directive and what the engine makes of it."""

    kind: ClassVar[str] = "example"
    directive: Directive
    breakdown: Breakdown


@dataclass(frozen=True, slots=True)
class Exercise:
    """An exercise, numbered from 1 in its lesson (the web draws its form)."""

    kind: ClassVar[str] = "exercise"
    directive: Directive
    number: int


Part = Prose | Example | Exercise


#: Where the longest word of the breakdown's names may break in a phone's narrow table
#: (soft hyphens: shown only where the line breaks, ignored by a screen reader).
_SOFT_HYPHENS = {"последовательность": "после\u00adдователь\u00adность"}


def breakable(text: str) -> str:
    """``text`` with soft hyphens in its longest words (:data:`_SOFT_HYPHENS`).

    >>> breakable("последовательность из трёх").split("\u00ad")
    ['после', 'дователь', 'ность из трёх']
    """
    for word, hyphenated in _SOFT_HYPHENS.items():
        text = text.replace(word, hyphenated)
    return text


def _rows(items: tuple[ScoreItem, ...]) -> tuple[Row, ...]:
    return tuple(Row(breakable(words.item_name(item)), item.cards, item.points) for item in items)


def breakdown(directive: Directive) -> Breakdown:
    """What the engine makes of a directive, in the current language: a hand's
    or crib's show, a pile's last card, or a discard's best throw.

    >>> from trainer.lessons.course import parse_directive
    >>> pile = breakdown(parse_directive("{play 5H 5D 5S = 8}"))
    >>> [row.name for row in pile.rows], pile.total, pile.count
    (['fifteen', 'pair royal'], 8, 15)
    >>> with i18n.language("ru"):
    ...     kept = breakdown(parse_directive("{discard 5H 5D JS 4C 6D KS dealer = JS KS}"))
    >>> kept.keep, kept.total, kept.spoken.split(", ")[-1]
    ((Card.parse('5H'), Card.parse('5D'), Card.parse('4C'), Card.parse('6D')), 12, 'и двойная последовательность из трёх — двенадцать')
    """
    language = i18n.current()
    if directive.kind is DirectiveKind.PLAY:
        played = directive.play_score()
        return Breakdown(directive, _rows(played.items), played.points, speech.play_spoken(played, language),
                         count=played.count)
    if directive.kind is DirectiveKind.DISCARD:
        options = discard_options(directive)
        throw = directive.throw or best_throws(directive)[0]
        keep = tuple(card for card in directive.cards if card not in throw)
        kept = score_show(keep)
        return Breakdown(directive, (), kept.total, speech.spoken_count(kept.items, language), throw=throw,
                         keep=keep, options=options[:DISCARDS_SHOWN])
    show = directive.show_score()
    return Breakdown(directive, _rows(show.items), show.total, speech.spoken_count(show.items, language))


#: What stands in the rendered Markdown where a directive was (markdown-it turns a NUL of the text into U+FFFD).
_SLOT = "\x00"


def lesson_parts(lesson: Lesson) -> tuple[Part, ...]:
    """The lesson as its templates draw it: stretches of prose, and between them
    its examples (with their breakdowns, in the lesson's language) and its
    exercises, numbered from 1, in the order the lesson has them."""
    with i18n.language(lesson.language):
        texts = _markdown().render(lesson.body).split(_SLOT)
        parts: list[Part] = []
        exercises = 0
        for text, directive in zip(texts, (*lesson.directives, None), strict=True):
            if text.strip():
                parts.append(Prose(Markup(text)))
            if directive is None:
                continue
            if directive.is_exercise:
                exercises += 1
                parts.append(Exercise(directive, exercises))
            else:
                parts.append(Example(directive, breakdown(directive)))
        return tuple(parts)


def _slot(renderer: RendererProtocol, tokens: Sequence[Token], index: int, options: OptionsDict, env: EnvType) -> str:
    return _SLOT


@functools.cache
def _markdown() -> MarkdownIt:
    md = new_markdown()
    md.add_render_rule(DIRECTIVE_TOKEN, _slot)
    return md
