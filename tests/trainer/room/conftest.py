"""The web tests' database fixtures (``app``: a migrated database of the test's own,
on SQLite and on PostgreSQL) for the services of trainer.room that gather tables of people."""

from tests.databases import postgres_database, postgres_server  # noqa: F401
from tests.web.conftest import app, database_url, migrated_database  # noqa: F401
