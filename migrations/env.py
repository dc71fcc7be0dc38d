"""Alembic environment: migrate the database of the current Flask app.

Unlike Flask-Migrate's template this does not call ``logging.fileConfig``:
the app upgrades its database at start-up, and reconfiguring logging there
would silence the server's own loggers.
"""

from __future__ import annotations

from alembic import context
from flask import current_app

config = context.config
target_metadata = current_app.extensions["migrate"].db.metadata


def url() -> str:
    return current_app.extensions["migrate"].db.engine.url.render_as_string(hide_password=False)


def run_migrations_offline() -> None:
    context.configure(url=url(), target_metadata=target_metadata, literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    engine = current_app.extensions["migrate"].db.engine
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
