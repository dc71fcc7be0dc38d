"""Imports point one way: engine -> trainer services (no Flask) -> web and cli.

Every module of ``engine/`` and ``trainer/`` is parsed (not imported) with
:mod:`ast`, so the checks see imports inside functions too, which is where a
cycle hides: a cycle between modules fails, so does an upward import, and so
does an import inside a function anywhere but the CLI (``trainer/cli.py`` and
``trainer/commands/`` load their command's stack lazily on purpose).
"""

from __future__ import annotations

import ast
import graphlib
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "trainer")

#: Where the CLI loads a command's dependencies only when that command runs.
LAZY_LOADERS = ("trainer.cli", "trainer.commands")
#: The layers above the trainer's services: Flask views and the command line.
FRONT_ENDS = ("trainer.web", "trainer.commands", "trainer.cli")
#: What the engine may never import: the trainer, the web stack, the database.
NOT_FOR_THE_ENGINE = ("trainer", "flask", "flask_*", "werkzeug", "sqlalchemy")
#: What a trainer service may never import: the web stack and the front ends.
NOT_FOR_SERVICES = ("flask", "werkzeug", *FRONT_ENDS)

#: Known exceptions to the layers, each ``(importer, imported)`` with its reason.
KNOWN_UPWARD_IMPORTS = {
    # Password hashing only (werkzeug.security), no request or app.
    ("trainer.record.accounts", "werkzeug.security"),
}


@dataclass(frozen=True)
class Import:
    """One import statement: who imports what, where, and whether inside a function."""

    importer: str
    imported: str
    line: int
    in_function: bool

    def __str__(self) -> str:
        path = self.importer.replace(".", "/")
        return f"{path}.py line {self.line}: {self.importer} imports {self.imported}"


def module_name(path: Path) -> str:
    """``trainer/web/play.py`` -> ``trainer.web.play``; a package's ``__init__`` is the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules() -> dict[str, Path]:
    """Every module of the packages checked, by dotted name."""
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


class _Imports(ast.NodeVisitor):
    def __init__(self, module: str, is_package: bool, known: set[str]) -> None:
        self.module, self.is_package, self.known = module, is_package, known
        self.depth = 0
        self.found: list[Import] = []

    def _function(self, node: ast.AST) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def _add(self, node: ast.stmt, imported: str) -> None:
        self.found.append(Import(self.module, imported, node.lineno, self.depth > 0))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = node.module or ""
        if node.level:  # relative: from the importer's package, up level - 1 more
            package = self.module.split(".")
            if not self.is_package:
                package = package[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join(package + ([base] if base else []))
        for alias in node.names:
            # ``from package import module`` imports that module
            submodule = f"{base}.{alias.name}"
            self._add(node, submodule if submodule in self.known else base)


def all_imports(modules: dict[str, Path]) -> list[Import]:
    """Every import statement of ``modules``, wherever it stands."""
    found: list[Import] = []
    for name, path in modules.items():
        visitor = _Imports(name, path.name == "__init__.py", set(modules))
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
        found.extend(visitor.found)
    return found


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    """Whether module ``name`` is one of ``prefixes`` or inside one (``flask_*`` matches any flask_ name)."""
    return any(
        name.startswith(prefix[:-1]) if prefix.endswith("*") else name == prefix or name.startswith(prefix + ".")
        for prefix in prefixes
    )


def first_cycle(imports: list[Import], modules: set[str]) -> list[str] | None:
    """A cycle of module imports (its modules, the first repeated at the end), or ``None``."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for found in imports:
        if found.imported in modules and found.imported != found.importer:
            graph[found.importer].add(found.imported)
    try:
        graphlib.TopologicalSorter(graph).prepare()
    except graphlib.CycleError as error:
        return list(reversed(error.args[1]))  # graphlib lists each module before its importer
    return None


def inner_imports(imports: list[Import]) -> list[Import]:
    """The imports inside functions outside the CLI's lazy loaders."""
    return [i for i in imports if i.in_function and not within(i.importer, LAZY_LOADERS)]


def upward_imports(imports: list[Import]) -> list[Import]:
    """Engine modules importing the trainer or the web stack; services importing the web or the CLI."""
    return [
        i for i in imports
        if (within(i.importer, ("engine",)) and within(i.imported, NOT_FOR_THE_ENGINE))
        or (within(i.importer, ("trainer",)) and not within(i.importer, FRONT_ENDS)
            and within(i.imported, NOT_FOR_SERVICES))
    ]


#: The feature packages and the packages each may import beside themselves.
#: Read top down: a package may use some of those before it, never one after.
#: Any trainer package may use the whole engine, and the modules at the top of
#: ``trainer`` (the database, the resources, the charts) are open to all.
PACKAGE_LAYERS: dict[str, tuple[str, ...]] = {
    "engine": (),
    "engine.analysis": ("engine",),
    "engine.bots": ("engine", "engine.analysis"),
    "trainer.language": (),
    "trainer.live": (),
    "trainer.record": ("trainer.language",),
    "trainer.drills": ("trainer.language", "trainer.record"),
    "trainer.rating": ("trainer.language", "trainer.record", "trainer.drills"),
    "trainer.lessons": ("trainer.language", "trainer.record", "trainer.drills", "trainer.rating"),
    "trainer.checkup": ("trainer.language", "trainer.record", "trainer.drills", "trainer.rating"),
    "trainer.play": ("trainer.language", "trainer.record", "trainer.drills", "trainer.rating", "trainer.live"),
    "trainer.room": ("trainer.language", "trainer.record", "trainer.play", "trainer.live"),
}


def package_of(module: str) -> str | None:
    """The package of :data:`PACKAGE_LAYERS` a module belongs to (None: a front end or a top-level module)."""
    for package in sorted(PACKAGE_LAYERS, key=len, reverse=True):
        if within(module, (package,)):
            return package
    return None


def across_packages(imports: list[Import], modules: set[str]) -> list[Import]:
    """Imports from one package of :data:`PACKAGE_LAYERS` into another it may not use."""
    wrong = []
    for found in imports:
        mine, theirs = package_of(found.importer), package_of(found.imported)
        if found.imported not in modules or mine is None or theirs is None or mine == theirs:
            continue
        if mine.startswith("trainer") and theirs.startswith("engine"):
            continue
        if theirs not in PACKAGE_LAYERS[mine]:
            wrong.append(found)
    return wrong

@pytest.fixture(scope="module")
def modules() -> dict[str, Path]:
    return project_modules()


@pytest.fixture(scope="module")
def imports(modules) -> list[Import]:
    return all_imports(modules)


def _without(found: list[Import], known: set[tuple[str, str]]) -> list[Import]:
    return [i for i in found if (i.importer, i.imported) not in known]


def test_the_checks_see_the_packages(modules, imports):
    assert {"engine.game", "engine.players", "trainer.record.attempts", "trainer.web", "trainer.cli"} <= set(modules)
    assert set(PACKAGE_LAYERS) <= set(modules)
    edges = {(i.importer, i.imported) for i in imports}
    assert {("engine.players", "engine.game"), ("trainer.web.play", "trainer.play.games")} <= edges


def test_no_import_cycle(modules, imports):
    cycle = first_cycle(imports, set(modules))
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_no_upward_import(imports):
    wrong = _without(upward_imports(imports), KNOWN_UPWARD_IMPORTS)
    assert not wrong, "imports against the layers:\n" + "\n".join(map(str, wrong))


def test_feature_packages_import_only_the_layers_below(modules, imports):
    wrong = across_packages(imports, set(modules))
    assert not wrong, "imports against the package layers:\n" + "\n".join(map(str, wrong))


def test_no_import_inside_a_function(imports):
    wrong = inner_imports(imports)
    assert not wrong, "import inside a function (move it to the top):\n" + "\n".join(map(str, wrong))


# The checks themselves, on small made-up modules: each must be able to fail.


def _parsed(sources: dict[str, str]) -> list[Import]:
    found: list[Import] = []
    for name, source in sources.items():
        visitor = _Imports(name, False, set(sources))
        visitor.visit(ast.parse(source))
        found.extend(visitor.found)
    return found


def test_a_cycle_through_a_function_level_import_is_found():
    imports = _parsed({
        "engine.a": "from engine.b import thing\n",
        "engine.b": "def f():\n    from engine.c import other\n",
        "engine.c": "import engine.a\n",
    })
    assert first_cycle(imports, {"engine.a", "engine.b", "engine.c"}) is not None
    assert [str(i) for i in inner_imports(imports)] == ["engine/b.py line 2: engine.b imports engine.c"]


def test_from_a_package_import_a_module_is_an_edge_to_that_module():
    imports = _parsed({"trainer.web": "", "trainer.web.play": "", "trainer.x": "from trainer.web import play\n"})
    assert [(i.importer, i.imported) for i in imports] == [("trainer.x", "trainer.web.play")]


@pytest.mark.parametrize(
    "importer, source",
    [
        ("engine.rules", "import trainer.record\n"),
        ("engine.rules", "from flask_sqlalchemy import SQLAlchemy\n"),
        ("engine.rules", "from sqlalchemy import select\n"),
        ("trainer.record", "from flask import current_app\n"),
        ("trainer.record", "from werkzeug.exceptions import NotFound\n"),
        ("trainer.record", "from trainer.web.forms import parse\n"),
        ("trainer.record", "from trainer.cli import main\n"),
    ],
)
def test_upward_imports_are_found(importer, source):
    assert upward_imports(_parsed({importer: source}))


@pytest.mark.parametrize(
    "importer, source",
    [
        ("trainer.web.play", "from flask import Blueprint\nfrom trainer import games\n"),
        ("trainer.commands.serve", "def run():\n    from trainer.web.serving import serve\n"),
        ("trainer.record", "from trainer.record.models import db\nfrom engine.game import Game\n"),
    ],
)
def test_downward_and_lazy_cli_imports_pass(importer, source):
    imports = _parsed({importer: source})
    assert not upward_imports(imports) and not inner_imports(imports)


@pytest.mark.parametrize(
    "importer, imported",
    [
        ("engine.game", "engine.bots.levels"),
        ("engine.analysis.discard", "engine.bots.levels"),
        ("trainer.language.words", "trainer.record.learners"),
        ("trainer.record.stats", "trainer.drills.checking"),
        ("trainer.drills.grading", "trainer.play.games"),
        ("trainer.play.games", "trainer.lessons.course"),
    ],
)
def test_an_import_up_the_package_layers_is_found(importer, imported):
    modules = {importer: "", imported: ""}
    imports = _parsed({importer: f"from {imported.rsplit('.', 1)[0]} import {imported.rsplit('.', 1)[1]}\n",
                       imported: ""})
    assert across_packages(imports, set(modules))


def test_imports_down_the_package_layers_pass():
    sources = {"trainer.play.games": "from trainer.drills import grading\nfrom trainer.record import attempts\n",
               "trainer.drills.grading": "", "trainer.record.attempts": "from trainer.language import i18n\n",
               "trainer.language.i18n": "", "engine.bots.levels": "from engine.analysis import discard\n",
               "engine.analysis.discard": "from engine import cards\n", "engine.cards": ""}
    assert not across_packages(_parsed(sources), set(sources))
