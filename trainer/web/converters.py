"""URL converters shared by the blueprints.

``<id:name>`` takes a row id: a whole number from 1 to
:data:`trainer.record.learners.MAX_ROW_ID`, the most an INTEGER column holds on
PostgreSQL.  Any other path (``/play/2147483648``, ``/play/0``) is not a route,
so it is a 404 before it can reach the database.
"""

from __future__ import annotations

from werkzeug.routing import IntegerConverter, Map

from trainer.record.learners import MAX_ROW_ID


class RowIdConverter(IntegerConverter):
    """A row id in a URL (see the module docstring)."""

    def __init__(self, url_map: Map) -> None:
        super().__init__(url_map, min=1, max=MAX_ROW_ID)


#: The converters to register on the app's URL map, by name.
CONVERTERS = {"id": RowIdConverter}
