"""Where the trainer's content lives: ``templates/``, ``lessons/`` and ``migrations/``.

They stay at the top of the repository, where they are edited.  pyproject.toml
maps them into the wheel as ``trainer/_data/<name>``, so an installed package
finds them inside itself, and a checkout (or an editable install, which runs
from the checkout) finds them beside the package.  Both are found through
:mod:`importlib.resources`, from wherever ``trainer`` was imported.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

#: The content folders, as named at the top of the repository and under ``trainer/_data`` in a wheel.
CONTENT = ("templates", "lessons", "migrations")


def content_dir(name: str) -> Path:
    """The folder ``name`` (one of :data:`CONTENT`): in the installed package, else in the checkout.

    A real folder on disk, not a zip member: Flask, Alembic and the lessons
    loader read plain files.
    """
    if name not in CONTENT:
        raise ValueError(f"unknown content folder {name!r}: expected one of {', '.join(CONTENT)}")
    package = Path(str(files(__package__)))
    for folder in (package / "_data" / name, package.parent / name):
        if folder.is_dir():
            return folder
    raise FileNotFoundError(f"the trainer's {name}/ folder is missing: neither {package / '_data' / name} nor {package.parent / name} exists")
