"""The trainer's languages: English, the language of the source, and Russian.

Every string a learner reads goes through :func:`gettext` / :func:`ngettext`
(or :func:`lazy_gettext` where it is built before a language is known, as in a
form's labels), with ``%(name)s`` placeholders filled after translation.  The
catalogs are gettext ``.po`` files, one per area of the interface, in
``trainer/language/translations/<language>/*.po``; a language's files are merged and
compiled in memory with Babel the first time the language is needed, so no
compiled ``.mo`` file is kept in the repository or the wheel.

The language is a context variable: the web app sets it for each request
(:func:`activate`), a command for its run; code that never sets it speaks
English.  Services use it without knowing about Flask.

>>> with language("ru"):
...     ngettext("%(num)d point", "%(num)d points", 5)
'5 очков'
>>> ngettext("%(num)d point", "%(num)d points", 1)
'1 point'
>>> with language("ru"):
...     format_decimal(12.7, 2), format_percent(0.453)
('12,70', '45\xa0%')
"""

from __future__ import annotations

import functools
from contextlib import contextmanager
from contextvars import ContextVar, Token
from datetime import date
from importlib.resources import files
from io import BytesIO
from pathlib import Path
from typing import Any, Iterator, Mapping

from babel import Locale
from babel.dates import format_date as babel_format_date
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal as babel_format_decimal
from babel.numbers import format_percent as babel_format_percent
from babel.support import LazyProxy, NullTranslations, Translations

#: The languages the trainer speaks, each named in itself (as a language switch shows them).
LANGUAGES: dict[str, str] = {"en": "English", "ru": "Русский"}
#: The language of the source strings, spoken when no other is chosen.
DEFAULT_LANGUAGE = "en"
#: Where the catalogs live: ``<language>/<area>.po``, shipped in the wheel as package data.
TRANSLATIONS_DIR = Path(str(files(__package__) / "translations"))

_current: ContextVar[str] = ContextVar("trainer_language", default=DEFAULT_LANGUAGE)


def normalise(code: str | None) -> str | None:
    """A language code the trainer speaks (``"ru-RU"`` → ``"ru"``), or None.

    >>> normalise("ru-RU"), normalise("EN"), normalise("de"), normalise(None)
    ('ru', 'en', None, None)
    """
    if not code:
        return None
    base = code.replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGUAGES else None


def current() -> str:
    """The language strings are translated into now."""
    return _current.get()


def activate(code: str | None) -> Token[str]:
    """Speak ``code`` (English when it is not a language the trainer speaks)
    from now on in this context; the token lets :func:`deactivate` undo it."""
    return _current.set(normalise(code) or DEFAULT_LANGUAGE)


def deactivate(token: Token[str]) -> None:
    """Go back to the language before :func:`activate` gave ``token``."""
    _current.reset(token)


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside a ``with`` block."""
    token = activate(code)
    try:
        yield current()
    finally:
        deactivate(token)


def catalog_files(code: str) -> tuple[Path, ...]:
    """The ``.po`` files of a language, in the order they are merged."""
    folder = TRANSLATIONS_DIR / code
    return tuple(sorted(folder.glob("*.po"))) if folder.is_dir() else ()


def read_catalog(code: str) -> Catalog:
    """Every ``.po`` file of a language merged into one catalog (fuzzy entries
    and empty translations left out: they fall back to English)."""
    merged = Catalog(locale=code, domain="messages")
    for path in catalog_files(code):
        with path.open("rb") as po_file:
            part = read_po(po_file, locale=code)
        for message in part:
            if not message.id or message.fuzzy:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings):
                continue
            merged.add(message.id, message.string, locations=message.locations, flags=message.flags,
                       context=message.context)
    return merged


@functools.cache
def translations(code: str) -> NullTranslations:
    """The compiled catalog of a language (English: the source strings as they are)."""
    if code == DEFAULT_LANGUAGE or code not in LANGUAGES:
        return NullTranslations()
    compiled = BytesIO()
    write_mo(compiled, read_catalog(code))
    compiled.seek(0)
    return Translations(compiled, domain="messages")


def translate(message: str) -> str:
    """``message`` in the current language, its placeholders left for the caller to fill."""
    return translations(current()).ugettext(message)


def translate_plural(singular: str, plural: str, num: int) -> str:
    """The form of a message for ``num`` in the current language, its placeholders left unfilled."""
    return translations(current()).ungettext(singular, plural, num)


def translate_in(context: str, message: str) -> str:
    """``message`` in ``context`` in the current language, its placeholders left unfilled."""
    return translations(current()).upgettext(context, message)


def gettext(message: str, **variables: Any) -> str:
    """``message`` in the current language, its ``%(name)s`` placeholders filled."""
    text = translations(current()).ugettext(message)
    return text % variables if variables else text


def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str:
    """The form of a message for ``num`` (``%(num)d`` is ``num``): Russian has three."""
    text = translations(current()).ungettext(singular, plural, num)
    return text % {"num": num, **variables}


def pgettext(context: str, message: str, **variables: Any) -> str:
    """``message`` in the current language where the same English words mean
    different things (``pgettext("nav", "Count")``)."""
    text = translations(current()).upgettext(context, message)
    return text % variables if variables else text


def translated_name(context: str, names: Mapping[str, str], key: str, unknown: str) -> str:
    """The name ``names`` gives ``key`` (English, marked with :func:`NC_` in
    ``context``) in the current language, or ``unknown`` for a key it lacks
    (a value written by hand into a saved game, say).

    >>> with language("ru"):
    ...     translated_name("score", {"pair": "pair"}, "pair", "?"), translated_name("score", {}, "x", "X")
    ('пара', 'X')
    """
    english = names.get(key)
    return pgettext(context, english) if english else unknown


def _lazy(message: str, variables: dict[str, Any]) -> str:
    return gettext(message, **variables)


def lazy_gettext(message: str, **variables: Any) -> LazyProxy:
    """:func:`gettext` when the string is used, not when it is made: for labels
    written at import time (a form's fields, a table of names)."""
    return LazyProxy(_lazy, message, variables, enable_cache=False)


def N_(message: str) -> str:  # noqa: N802 - the name gettext tools look for
    """Marks a string for the catalog without translating it (it is translated where it is shown)."""
    return message


def NC_(context: str, message: str) -> str:  # noqa: N802
    """:func:`N_` for a message looked up with :func:`pgettext` in ``context``."""
    return message


@functools.lru_cache(maxsize=None)
def _locale(language: str) -> Locale:
    """The Babel locale of a language (numbers and dates), parsed once."""
    return Locale.parse(language)


def format_decimal(value: float, digits: int = 2) -> str:
    """A number with ``digits`` decimals, the current language's way (``12.70``, ``12,70``)."""
    return _format_decimal(value, digits, current())


def format_percent(share: float) -> str:
    """A share of 1 as a whole percentage, the current language's way (``45%``, ``45 %``)."""
    return _format_percent(share, current())


# A review formats a hundred or more numbers, most of them the same few shares and
# figures again; Babel parses the locale and the pattern on every call.
@functools.lru_cache(maxsize=4096)
def _format_decimal(value: float, digits: int, language: str) -> str:
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return babel_format_decimal(value, format=pattern, locale=_locale(language))


@functools.lru_cache(maxsize=4096)
def _format_percent(share: float, language: str) -> str:
    return babel_format_percent(share, locale=_locale(language))


def format_date(day: date, style: str = "medium") -> str:
    """A date, the current language's way (``Dec 1, 2026``, ``1 дек. 2026 г.``)."""
    return _format_date(day, style, current())


@functools.lru_cache(maxsize=4096)
def _format_date(day: date, style: str, language: str) -> str:
    return babel_format_date(day, format=style, locale=_locale(language))
