"""A lesson as HTML: its Markdown, each example with the engine's breakdown and
spoken count, each exercise's question, all in the lesson's language (an
English lesson shown where a translation is missing is English throughout).
"""

from __future__ import annotations

import functools
import html
from typing import Callable, Iterable

from markdown_it import MarkdownIt

from engine import speech
from engine.cards import Card
from engine.scoring import ScoreItem, score_show
from trainer.language import i18n, words
from trainer.language.i18n import gettext as _
from trainer.language.i18n import ngettext, pgettext
from trainer.lessons.checks import best_throws, discard_options
from trainer.lessons.course import (
    DIRECTIVE_TOKEN,
    Directive,
    DirectiveKind,
    Lesson,
    PlayEnding,
    new_markdown,
)

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
        spoken = speech.play_spoken(result, i18n.current())
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
        spoken = _("the four kept: %(spoken)s", spoken=speech.spoken_count(keep_score.items, i18n.current()))
    else:
        show = directive.show_score()
        head = f'<p class="deal">{label} {cards_html(directive.cards)}{_starter_html(directive)}</p>'
        body = _items_table(show.items, show.total)
        spoken = speech.spoken_count(show.items, i18n.current())
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

    >>> from trainer.lessons.course import parse_directive
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



def _render_directive(renderer, tokens, index, options, env) -> str:
    directive = next(env["directives"])
    if directive.is_exercise:
        env["exercise_number"] += 1
        return env["exercise_renderer"](directive, env["exercise_number"])
    return render_example(directive)


@functools.cache
def _markdown() -> MarkdownIt:
    md = new_markdown()
    md.add_render_rule(DIRECTIVE_TOKEN, _render_directive)
    return md
