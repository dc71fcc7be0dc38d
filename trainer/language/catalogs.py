"""Keeping the translations whole: what the source asks to be translated, what a
language's catalog lacks, and the template text that never reaches gettext.

* :func:`extract_messages` reads every message the code and the templates pass
  to ``gettext``, ``ngettext``, ``pgettext``, ``lazy_gettext`` or ``N_`` (Babel's
  extractors: Python, and Jinja's for the templates).
* :func:`missing` and :func:`unused` compare them with a language's catalog;
  :func:`bad_placeholders` finds translations whose ``%(name)s`` differ.
* :func:`untranslated_template_text` finds words a template shows (text,
  ``aria-label``, ``title``, ``alt``, ``placeholder``, a button's ``value``,
  a prose string in an expression) that no translation function wraps.

``crib i18n`` prints these for a translator; the test suite fails on any.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser
from importlib.resources import files
from pathlib import Path
from typing import Iterable, Iterator

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po
from jinja2 import Environment

from trainer.language import i18n
from trainer.resources import content_dir

#: The translation functions, as Babel's extractor is told about them.
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "lazy_ngettext": (1, 2), "NC_": ((1, "c"), 2),
            "lazy_pgettext": ((1, "c"), 2)}
#: Where the interface's words are: the trainer's Python code and the templates.
SOURCES: tuple[tuple[Path, list[tuple[str, str]]], ...] = (
    (Path(str(files("trainer"))), [("**.py", "python")]),
    (content_dir("templates"), [("**.html", "jinja2.ext:babel_extract")]),
)

MessageId = str | tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Found:
    """A message the source asks to be translated, and where."""

    id: MessageId
    context: str | None
    locations: tuple[tuple[str, int], ...]

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.id if isinstance(self.id, str) else self.id[0])


def extract_messages() -> dict[tuple[str | None, str], Found]:
    """Every message of the trainer's code and templates, by (context, singular)."""
    found: dict[tuple[str | None, str], Found] = {}
    for folder, method_map in SOURCES:
        options = {pattern: {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true"} for pattern, _ in method_map}
        for filename, line, message, _comments, context in extract_from_dir(
            str(folder), method_map, options, keywords=KEYWORDS, strip_comment_tags=True
        ):
            message_id: MessageId = message if isinstance(message, str) else tuple(m for m in message if m)
            if isinstance(message_id, tuple) and len(message_id) == 1:
                message_id = message_id[0]
            where = (f"{folder.name}/{filename}", line)
            entry = Found(message_id, context, (where,))
            known = found.get(entry.key)
            found[entry.key] = entry if known is None else Found(known.id, context, known.locations + (where,))
    return found


def _catalog_keys(catalog: Catalog) -> dict[tuple[str | None, str], Message]:
    keys = {}
    for message in catalog:
        if message.id:
            singular = message.id if isinstance(message.id, str) else message.id[0]
            keys[(message.context, singular)] = message
    return keys


def missing(code: str, found: dict[tuple[str | None, str], Found] | None = None) -> list[Found]:
    """The source's messages that ``code``'s catalog does not translate (or only fuzzily)."""
    found = extract_messages() if found is None else found
    known = _catalog_keys(i18n.read_catalog(code))
    return [entry for key, entry in sorted(found.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])) if key not in known]


def unused(code: str, found: dict[tuple[str | None, str], Found] | None = None) -> list[str]:
    """Translations in ``code``'s catalog that no message of the source asks for any more."""
    found = extract_messages() if found is None else found
    return sorted(key[1] for key in _catalog_keys(i18n.read_catalog(code)) if key not in found)


_PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]")


def bad_placeholders(code: str) -> list[str]:
    """Messages whose translation names other placeholders than the English."""
    problems = []
    for message in i18n.read_catalog(code):
        if not message.id:
            continue
        ids = [str(text) for text in (message.id if isinstance(message.id, (tuple, list)) else (message.id,))]
        strings = [str(text) for text in (message.string if isinstance(message.string, (tuple, list)) else (message.string,))]
        wanted: set[str] = set().union(*(set(_PLACEHOLDER.findall(text)) for text in ids))
        for text in strings:
            names = set(_PLACEHOLDER.findall(text))
            # A plural form may leave out %(num)d ("одно очко"), never add a name or drop another.
            if names - wanted or (wanted - {"num"}) - names:
                problems.append(f"{ids[0]!r}: {text!r}")
    return problems


def duplicates(code: str) -> list[str]:
    """Messages translated in more than one of ``code``'s ``.po`` files."""
    seen: dict[tuple[str | None, str], str] = {}
    twice = []
    for path in i18n.catalog_files(code):
        with path.open("rb") as po_file:
            from_file = _catalog_keys(read_po(po_file, locale=code))
        for key in from_file:
            if key in seen:
                twice.append(f"{key[1]!r} in {seen[key]} and {path.name}")
            seen[key] = path.name
    return twice


def skeleton(entries: Iterable[Found], code: str) -> bytes:
    """A ``.po`` file of ``entries`` with empty translations, for a translator to fill."""
    catalog = Catalog(locale=code)
    for entry in entries:
        catalog.add(entry.id, "" if isinstance(entry.id, str) else ("",) * 3, locations=entry.locations,
                    context=entry.context)
    out = _Buffer()
    write_po(out, catalog, omit_header=False, sort_output=False, width=100)
    return out.getvalue()


class _Buffer:
    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.parts.append(data)

    def getvalue(self) -> bytes:
        return b"".join(self.parts)


# ------------------------------------------------------------ template text

#: Attributes a person reads or hears.
READ_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder", "aria-description", "aria-roledescription")
#: Letters of the source language; two in a row make a word to translate.
_WORD = re.compile(r"[A-Za-z]{2,}")
#: A string in an expression that reads as prose: two words, or one capitalised word.
_PROSE = re.compile(r"[A-Za-z]+[,.:;!?'’)]*\s+[(\"“]*[A-Za-z]|^[A-Z][a-z]+[.!?:]?$")
#: Jinja expressions and tags stand in the text as this mark.
_MARK = "\x00"
_TRANSLATING = {"_", "gettext", "ngettext", "pgettext", "npgettext"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass(frozen=True, slots=True)
class Untranslated:
    template: str
    line: int
    text: str

    def __str__(self) -> str:
        return f"{self.template}:{self.line}: {self.text!r}"


class _TextFinder(HTMLParser):
    """Collects the text and the read attributes of an HTML fragment, with their lines."""

    def __init__(self, lines: list[int]) -> None:
        super().__init__(convert_charrefs=True)
        self.lines = lines  # the template line of each character
        self.found: list[tuple[int, str]] = []
        self.skipping: list[str] = []  # <script>, <style>, <kbd>, an element in another language

    def _line(self) -> int:
        line, column = self.getpos()
        return line

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        other_language = tag != "html" and attributes.get("lang") not in (None, _MARK)
        if (tag in ("script", "style", "kbd", "code") or other_language) and tag not in _VOID:
            self.skipping.append(tag)
        for name in READ_ATTRIBUTES:
            if attributes.get(name):
                self.found.append((self._line(), str(attributes[name])))
        if tag == "input" and attributes.get("type") in ("submit", "button", "reset") and attributes.get("value"):
            self.found.append((self._line(), str(attributes["value"])))

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.found.append((self._line(), data))


def _template_pieces(source: str, env: Environment) -> Iterator[tuple[str, int, str]]:
    """The template's tokens as (kind, line, value): kind "data" for text outside
    any translation block, "string" for a prose literal outside a translation call,
    "mark" where an expression or a tag stands."""
    calls: list[str] = []  # the function name that opened each open parenthesis
    previous_name = ""
    in_trans = False
    expect_tag_name = False
    for line, kind, value in env.lex(source):
        if kind == "block_begin":
            expect_tag_name = True
            continue
        if kind == "whitespace":
            continue
        if expect_tag_name and kind == "name":
            expect_tag_name = False
            if value == "trans":
                in_trans = True
            elif value == "endtrans":
                in_trans = False
            yield ("mark", line, "")
            previous_name = value
            continue
        expect_tag_name = False
        if kind == "data":
            yield ("mark" if in_trans else "data", line, "" if in_trans else value)
        elif kind == "variable_begin":
            yield ("mark", line, "")
        elif kind == "operator" and value in "([{":
            calls.append(previous_name if value == "(" else "")
        elif kind == "operator" and value in ")]}":
            if calls:
                calls.pop()
        elif kind == "string" and not in_trans:
            text = value[1:-1]
            if not any(name in _TRANSLATING for name in calls) and _PROSE.search(text):
                yield ("string", line, text)
        previous_name = value if kind == "name" else ""


def untranslated_in(source: str, name: str, env: Environment | None = None) -> list[Untranslated]:
    """The words of one template that no translation function wraps."""
    env = env or Environment(extensions=["jinja2.ext.i18n"])
    text_parts: list[str] = []
    lines: list[int] = []
    problems = []
    for kind, line, value in _template_pieces(source, env):
        if kind == "string":
            problems.append(Untranslated(name, line, value))
            continue
        piece = _MARK if kind == "mark" else value
        text_parts.append(piece)
        for character in piece:  # a text token spans lines: each character keeps its own
            lines.append(line)
            line += character == "\n"
    finder = _TextFinder(lines)
    finder.feed("".join(text_parts))
    finder.close()
    first_line = {}  # the HTML parser counts lines of the joined text; map back through newlines
    joined = "".join(text_parts)
    offsets = [0] + [i + 1 for i, c in enumerate(joined) if c == "\n"]
    for number, offset in enumerate(offsets, start=1):
        first_line[number] = lines[offset] if offset < len(lines) else (lines[-1] if lines else 1)
    for line, text in finder.found:
        words = text.replace(_MARK, " ")
        if _WORD.search(words):
            problems.append(Untranslated(name, first_line.get(line, line), " ".join(words.split())))
    return sorted(problems, key=lambda p: p.line)


def untranslated_template_text(folder: Path | None = None) -> list[Untranslated]:
    """Every template's words that no translation function wraps."""
    folder = folder or content_dir("templates")
    env = Environment(extensions=["jinja2.ext.i18n"])
    problems = []
    for path in sorted(folder.rglob("*.html")):
        problems.extend(untranslated_in(path.read_text(encoding="utf-8"), str(path.relative_to(folder)), env))
    return problems
