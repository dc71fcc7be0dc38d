"""The translation machinery (issue 13): Russian plural forms, numbers and dates per
language, the catalogs compiled from their .po files, and the checker that finds
template words no translation function wraps."""

from __future__ import annotations

from datetime import date

import pytest

from engine.cards import Card
from trainer.language import catalogs, i18n, words
from trainer.language.i18n import language


@pytest.mark.parametrize(
    "n, form",
    [(1, "очко"), (2, "очка"), (4, "очка"), (5, "очков"), (11, "очков"), (12, "очков"), (14, "очков"),
     (21, "очко"), (22, "очка"), (25, "очков"), (29, "очков"), (101, "очко"), (111, "очков"), (0, "очков")],
)
def test_russian_has_three_plural_forms(n, form):
    with language("ru"):
        assert i18n.ngettext("%(num)d point", "%(num)d points", n) == f"{n} {form}"


def test_english_is_spoken_when_no_language_is_chosen():
    assert i18n.current() == "en"
    assert i18n.ngettext("%(num)d point", "%(num)d points", 2) == "2 points"
    assert i18n.gettext("Language") == "Language"


def test_a_language_the_trainer_does_not_speak_falls_back_to_english():
    with language("de"):
        assert i18n.current() == "en"


def test_numbers_and_dates_per_language():
    assert (i18n.format_decimal(4.5, 2), i18n.format_date(date(2026, 12, 1))) == ("4.50", "Dec 1, 2026")
    with language("ru"):
        assert i18n.format_decimal(4.5, 2) == "4,50"
        assert i18n.format_date(date(2026, 12, 1)).startswith("1 дек. 2026")


def test_a_russian_deck_marks_the_court_cards_and_the_ace_in_russian():
    with language("ru"):
        assert [words.face(Card.parse(c)) for c in ("AS", "JH", "QD", "KC", "10S")] == ["Т♠", "В♥", "Д♦", "К♣", "10♠"]
        assert words.name(Card.parse("AH")) == "туз червей"


def test_the_checker_finds_words_no_translation_function_wraps():
    template = (
        '<p>Hello there</p> {{ _("Count the hand") }} <b title="A title">{{ x }}</b>'
        ' {{ "Fine words" if x else "" }} <kbd>Enter</kbd> <span lang="en">English</span>'
        ' {% trans %}Kept words{% endtrans %} <a href="{{ url_for(\'show.drill\') }}">♠</a>'
    )
    found = [problem.text for problem in catalogs.untranslated_in(template, "t.html")]
    assert sorted(found) == ["A title", "Fine words", "Hello there"]


def test_the_catalogs_compile_and_keep_their_placeholders():
    assert catalogs.bad_placeholders("ru") == []
    assert catalogs.duplicates("ru") == []


def test_every_message_of_the_interface_has_a_russian_translation():
    found = catalogs.extract_messages()
    assert len(found) > 500  # the extractor read the code and the templates
    missing = catalogs.missing("ru", found)
    assert not missing, "untranslated (crib i18n todo --lang ru): " + "; ".join(
        f"{entry.id!r} at {entry.locations[0][0]}:{entry.locations[0][1]}" for entry in missing[:20]
    )


def test_the_russian_catalog_holds_nothing_the_interface_no_longer_says():
    assert catalogs.unused("ru") == []


def test_no_template_shows_a_word_outside_a_translation_function():
    problems = catalogs.untranslated_template_text()
    assert not problems, "\n".join(str(problem) for problem in problems[:20])


def test_an_untranslated_message_is_found():
    # The completeness test above can fail: a message without a Russian entry is reported.
    found = catalogs.extract_messages()
    fake = catalogs.Found("A sentence no catalog translates", None, (("templates/x.html", 1),))
    found[fake.key] = fake
    assert catalogs.missing("ru", found) == [fake]
