"""URL converters shared by the blueprints.

``<id:name>`` takes a row id: a whole number from 1 to
:data:`trainer.record.learners.MAX_ROW_ID`, the most an INTEGER column holds on
PostgreSQL.  Any other path (``/play/2147483648``, ``/play/0``) is not a route,
so it is a 404 before it can reach the database.

``<name>`` (werkzeug's default converter, also ``<string:name>``) takes a path
segment holding no control character: PostgreSQL refuses a NUL in a string
parameter (an error, so a 500), and no address of this site holds one, so
``/rooms/join/%00`` is not a route either.
"""

from __future__ import annotations

from werkzeug.routing import IntegerConverter, Map, UnicodeConverter

from trainer.record.learners import MAX_ROW_ID


class RowIdConverter(IntegerConverter):
    """A row id in a URL (see the module docstring)."""

    def __init__(self, url_map: Map) -> None:
        super().__init__(url_map, min=1, max=MAX_ROW_ID)


#: A character of a text segment: neither "/" (which ends it) nor a control character (Unicode's Cc).
_SEGMENT_CHARACTER = r"[^/\x00-\x1f\x7f-\x9f]"


class TextConverter(UnicodeConverter):
    """A path segment with no control character in it (see the module docstring).

    Refused by its pattern, not after matching: a path no pattern matches is a 404
    whatever the method (werkzeug answers 405 to a method the pattern would take)."""

    def __init__(self, url_map: Map, minlength: int = 1, maxlength: int | None = None,
                 length: int | None = None) -> None:
        super().__init__(url_map, minlength, maxlength, length)
        self.regex = self.regex.replace("[^/]", _SEGMENT_CHARACTER, 1)


#: The converters to register on the app's URL map, by name ("default" is what ``<name>`` uses).
CONVERTERS = {"id": RowIdConverter, "default": TextConverter, "string": TextConverter}
