"""The suite depends on nothing but the product: no test waits for a while, and
no test deals by chance.  Every Python file under tests/ is parsed (ast) and
checked against two rules; a breach fails here, naming its file and line.

**No pause.**  ``time.sleep`` (however imported: ``import time``, ``from time
import sleep as nap``), ``asyncio.sleep`` and a browser page's
``wait_for_timeout`` may appear only in the functions
of :data:`PAUSES`, each a loop that looks at a condition which gives no signal
and fails at a timeout, with why.  A test waits on what it expects: an event
or a condition another thread signals, a line a process prints, a version a
stream sends, or :func:`tests.processes.wait_until` for what signals nothing.

**No unseeded chance.**  A test file may not
  - make a generator without a seed: ``random.Random()`` (or ``Random(None)``),
    ``random.SystemRandom``, ``numpy.random.default_rng()``, ``RandomState()``;
  - use a shared generator at all: a function of the ``random`` module bound to
    its hidden instance (``random.shuffle``, ``choice``, ``randint``, ...,
    ``random.seed``, which seeds it for every later test), called or imported,
    or numpy's legacy ``numpy.random.<function>``;
  - call a dealer without its seed.  A dealer is a function, a class or a
    class or static method of the product (``engine/``, ``trainer/``) or of the
    tests' helper modules with a parameter ``seed`` or ``rng`` that defaults to
    None and, left out, seeds a generator by chance: it is handed to
    ``random.Random`` (or numpy's), or on as the seed of another dealer, a
    parent's constructor included (:func:`dealers` follows it through the
    product: ``engine.game.Game`` and its ``from_hands``, ``play_game``,
    ``make_player``, ``trainer.play.games.new_game``, ``rooms.start``, ...).
    ``trainer.drills.deal.deal_show`` and the drills' other ``deal_*`` take
    their ``rng`` with no default, so they are never called without one (what
    it is made from is the first part of this rule); ``choose_near``'s ``rng``,
    left out, means "the nearest", so it is no dealer.  A call that passes what
    replaces the seed (:data:`REPLACES_SEED`), or goes through ``*args`` or
    ``**kwargs``, is taken as giving it.

What the rules cannot see: code in strings (a script a test runs in another
process), a dealer reached through an instance's method, and the web app's
own dealing, which reads ``DRILL_SEED``, ``SOLITAIRE_SEED`` and ``CLOCK`` from
the app's config: tests/databases.py sets them for every test app
(:func:`test_the_test_apps_deal_from_seeds_on_a_fixed_clock`).
"""

from __future__ import annotations

import ast
import random
from dataclasses import dataclass, replace
from pathlib import Path

import numpy

from tests.databases import app_config

ROOT = Path(__file__).resolve().parents[1]

#: The functions that may pause, by file and qualified name, and why each must.
PAUSES = {
    ("tests/processes.py", "wait_until"): (
        "looks at a condition that gives no signal (a server process starting, another process's sessions "
        "in PostgreSQL, the hub of a server running in a thread) until it holds, failing at its timeout"
    ),
}

#: What a pause is, as the names it is called by.
SLEEPS = frozenset({"time.sleep", "asyncio.sleep"})
#: A browser page's pause under another name (Playwright's), whatever the page is called.
PAGE_PAUSES = frozenset({"wait_for_timeout"})
#: Generators that take a seed: made without one (or with None), they are seeded by chance.
SEEDED_BY_ARGUMENT = frozenset({"random.Random", "numpy.random.default_rng", "numpy.random.RandomState"})
#: Generators that cannot be seeded.
NEVER_SEEDED = frozenset({"random.SystemRandom", "secrets.SystemRandom"})
#: The parameters a dealer takes its random source by.
SEED_PARAMETERS = frozenset({"seed", "rng"})
#: A dealer's argument that, given, makes its seed unused (by keyword), and why.
REPLACES_SEED = {
    "engine.players.play_game": ("game", "a game given is played on with its own generator; the seed deals a new one"),
}


def _shared(module: object, instance: object, prefix: str) -> frozenset[str]:
    """The names of ``module``'s functions that are methods of its shared generator ``instance``."""
    return frozenset(f"{prefix}.{name}" for name in dir(module)
                     if getattr(getattr(module, name), "__self__", None) is instance)


#: The functions of a generator shared by the whole process (the random module's, numpy's legacy one).
SHARED_GENERATOR = (_shared(random, random._inst, "random")
                    | _shared(numpy.random, numpy.random.mtrand._rand, "numpy.random"))


@dataclass(frozen=True)
class Finding:
    """A breach of a rule, where it is."""

    path: str
    line: int
    what: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.what}"


@dataclass(frozen=True)
class Dealer:
    """A callable that deals at random unless given ``parameter``: its qualified name, the
    parameter, and its place among a call's positional arguments (None: keyword only)."""

    name: str
    parameter: str
    position: int | None


# ---------------------------------------------------------------- the dealers


def module_name(path: Path) -> str:
    """``tests/web/helpers.py`` -> ``tests.web.helpers`` (a package's ``__init__`` is the package)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _seed_parameters(function: ast.FunctionDef, skip_first: bool) -> list[tuple[str, int | None]]:
    """The parameters of ``function`` named like a seed that default to None, with their
    positions among a call's arguments (``skip_first``: a method's self or cls is not passed)."""
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    first_default = len(positional) - len(arguments.defaults)
    found: list[tuple[str, int | None]] = [
        (parameter.arg, index - skip_first)
        for index, (parameter, default) in enumerate(zip(positional[first_default:], arguments.defaults),
                                                     start=first_default)
        if parameter.arg in SEED_PARAMETERS and _is_none(default)
    ]
    found += [(parameter.arg, None) for parameter, default in zip(arguments.kwonlyargs, arguments.kw_defaults)
              if parameter.arg in SEED_PARAMETERS and default is not None and _is_none(default)]
    return found


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _decorators(node: ast.FunctionDef) -> set[str]:
    return {name for decorator in node.decorator_list if (name := _dotted(decorator))}


@dataclass(frozen=True)
class _Candidate:
    """A callable with a seed-like parameter that defaults to None, and where to read its body."""

    dealer: Dealer
    function: ast.FunctionDef
    names: dict[str, str]
    #: the classes ``super()`` is, in a constructor
    parents: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Heir:
    """A class with no constructor of its own: it deals as its parent does."""

    name: str
    parents: tuple[str, ...]


def _candidates(tree: ast.Module, module: str) -> tuple[list[_Candidate], list[_Heir]]:
    """The callables ``module`` defines with a seed or rng that defaults to None: its functions,
    its classes (by their ``__init__``), and their class and static methods; and its classes
    that take their parent's constructor."""
    names = imported_names(tree, module) | {node.name: f"{module}.{node.name}" for node in tree.body
                                            if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    found, heirs = [], []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found += [_Candidate(Dealer(f"{module}.{node.name}", name, at), node, names)
                      for name, at in _seed_parameters(node, False)]
        elif isinstance(node, ast.ClassDef):
            qualified = f"{module}.{node.name}"
            parents = tuple(parent for base in node.bases if (parent := _resolve(base, names)))
            if not any(isinstance(item, ast.FunctionDef) and item.name == "__init__" for item in node.body):
                heirs.append(_Heir(qualified, parents))
            for item in node.body:
                if not isinstance(item, ast.FunctionDef):
                    continue
                kinds = _decorators(item)
                if item.name == "__init__":
                    found += [_Candidate(Dealer(qualified, name, at), item, names, parents)
                              for name, at in _seed_parameters(item, True)]
                elif "classmethod" in kinds or "staticmethod" in kinds:
                    found += [_Candidate(Dealer(f"{qualified}.{item.name}", name, at), item,
                                         names | {"cls": qualified})
                              for name, at in _seed_parameters(item, "classmethod" in kinds)]
    return found, heirs


def _seeds_by_chance(candidate: _Candidate, known: dict[str, Dealer]) -> bool:
    """Whether the candidate's seed, left out (None), seeds a generator: it is handed on
    as a generator's seed, or as the seed of a callable already known to deal."""
    parameter = candidate.dealer.parameter

    def is_parameter(node: ast.expr | None) -> bool:
        return isinstance(node, ast.Name) and node.id == parameter

    for call in ast.walk(candidate.function):
        if not isinstance(call, ast.Call):
            continue
        name = _resolve(call.func, candidate.names)
        if _calls_super_init(call):
            if any(parent in known and is_parameter(_argument(call, known[parent])) for parent in candidate.parents):
                return True
        elif name in SEEDED_BY_ARGUMENT:
            if any(map(is_parameter, call.args[:1])) or any(is_parameter(k.value) for k in call.keywords):
                return True
        elif name in known and is_parameter(_argument(call, known[name])):
            return True
    return False


def _calls_super_init(call: ast.Call) -> bool:
    """Whether ``call`` is ``super().__init__(...)``."""
    func = call.func
    return (isinstance(func, ast.Attribute) and func.attr == "__init__" and isinstance(func.value, ast.Call)
            and isinstance(func.value.func, ast.Name) and func.value.func.id == "super")


def helper_modules() -> list[Path]:
    """The tests' modules that are not test files: conftest, helpers, the fixtures' homes."""
    return [path for path in sorted((ROOT / "tests").rglob("*.py")) if not path.name.startswith("test_")]


def dealers() -> dict[str, Dealer]:
    """Every dealer of the product and of the tests' helpers, by qualified name (see :func:`dealers_of`)."""
    paths = sorted((ROOT / "engine").rglob("*.py")) + sorted((ROOT / "trainer").rglob("*.py")) + helper_modules()
    return dealers_of({module_name(path): path.read_text(encoding="utf-8") for path in paths})


def dealers_of(sources: dict[str, str]) -> dict[str, Dealer]:
    """The dealers among modules given by name and source: the callables whose seed, left out,
    seeds a generator by chance, through as many calls as it takes."""
    candidates: list[_Candidate] = []
    heirs: list[_Heir] = []
    for module, source in sources.items():
        more_candidates, more_heirs = _candidates(ast.parse(source), module)
        candidates += more_candidates
        heirs += more_heirs
    known: dict[str, Dealer] = {}
    while True:
        more = {c.dealer.name: c.dealer for c in candidates
                if c.dealer.name not in known and _seeds_by_chance(c, known)}
        more |= {heir.name: replace(known[parent], name=heir.name) for heir in heirs if heir.name not in known
                 for parent in heir.parents if parent in known}
        if not more:
            return known
        known |= more


# ---------------------------------------------------------------- reading a file


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` for a name or a chain of attributes, None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _resolve(node: ast.expr, names: dict[str, str]) -> str | None:
    """What ``node`` names, read through ``names`` (``nap`` -> ``time.sleep``); None for a name not in them."""
    dotted = _dotted(node)
    if dotted is None:
        return None
    head, _, rest = dotted.partition(".")
    if head not in names:
        return None
    return names[head] + (f".{rest}" if rest else "")


def imported_names(tree: ast.Module, module: str) -> dict[str, str]:
    """What each name a module imports stands for: ``{"nap": "time.sleep", "np": "numpy"}``."""
    names = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    names[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    names[top] = top
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package the module is in
                package = module.split(".")[: -node.level]
                base = ".".join(package + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                names[alias.asname or alias.name] = f"{base}.{alias.name}"
    return names


class _Reader(ast.NodeVisitor):
    """Walks one file, keeping the function it is in, and notes every breach."""

    def __init__(self, path: str, names: dict[str, str], dealers: dict[str, Dealer]) -> None:
        self.path, self.names, self.dealers = path, names, dealers
        self.inside: list[str] = []
        self.found: list[Finding] = []

    def resolve(self, node: ast.expr) -> str | None:
        """The imported thing ``node`` names (``sleep`` -> ``time.sleep``), None for a local name."""
        return _resolve(node, self.names)

    def note(self, node: ast.AST, what: str) -> None:
        self.found.append(Finding(self.path, getattr(node, "lineno", 0), what))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:  # noqa: N802 - ast's name
        self.inside.append(node.name)
        self.generic_visit(node)
        self.inside.pop()

    visit_AsyncFunctionDef = visit_FunctionDef  # noqa: N815 - ast's name
    visit_ClassDef = visit_FunctionDef  # noqa: N815 - a class names its methods too

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:  # noqa: N802 - ast's name
        for alias in node.names:
            if f"{node.module}.{alias.name}" in SHARED_GENERATOR and not node.level:
                self.note(node, f"imports {node.module}.{alias.name}, a function of a generator every test shares")

    def visit_Name(self, node: ast.Name) -> None:  # noqa: N802 - ast's name
        self._named(node)

    def visit_Attribute(self, node: ast.Attribute) -> None:  # noqa: N802 - ast's name
        if not self._named(node):
            self.generic_visit(node)

    def _named(self, node: ast.Name | ast.Attribute) -> bool:
        """Note a pause or a shared generator named by ``node``; whether it named anything imported."""
        name = self.resolve(node)
        if name is None:
            return False
        if name in SLEEPS and (self.path, ".".join(self.inside)) not in PAUSES:
            self.note(node, f"pauses ({name}) in {'.'.join(self.inside) or 'the module'}: wait on a condition instead")
        elif name in SHARED_GENERATOR:
            self.note(node, f"uses {name}, a generator every test shares: use random.Random(seed)")
        return True

    def visit_Call(self, node: ast.Call) -> None:  # noqa: N802 - ast's name
        name = self.resolve(node.func)
        if isinstance(node.func, ast.Attribute) and node.func.attr in PAGE_PAUSES:
            self.note(node, f"pauses (page.{node.func.attr}) in {'.'.join(self.inside) or 'the module'}:"
                            " wait for what the page will show instead")
        elif name in SEEDED_BY_ARGUMENT and not _seeded(node):
            self.note(node, f"makes {name}() without a seed")
        elif name in NEVER_SEEDED:
            self.note(node, f"makes {name}, which cannot be seeded")
        elif name in self.dealers and not _gives(node, self.dealers[name]):
            dealer = self.dealers[name]
            self.note(node, f"calls {name} without its {dealer.parameter}: what it deals is left to chance")
        self.generic_visit(node)


def _seeded(call: ast.Call) -> bool:
    """Whether a generator's ``call`` gives it a seed (its first argument, by position or keyword)."""
    given = call.args[0] if call.args else next((k.value for k in call.keywords), None)
    return given is not None and not _is_none(given)


def _argument(call: ast.Call, dealer: Dealer) -> ast.expr | None:
    """The argument ``call`` gives for ``dealer``'s seed (None: none)."""
    for keyword in call.keywords:
        if keyword.arg == dealer.parameter:
            return keyword.value
    if dealer.position is not None and dealer.position < len(call.args):
        return call.args[dealer.position]
    return None


def _gives(call: ast.Call, dealer: Dealer) -> bool:
    """Whether ``call`` gives ``dealer`` its seed (something other than None), or what replaces it."""
    if any(isinstance(argument, ast.Starred) for argument in call.args) or any(k.arg is None for k in call.keywords):
        return True  # through *args or **kwargs: whatever they hold is not read here
    replaced = REPLACES_SEED.get(dealer.name)
    if replaced is not None and any(k.arg == replaced[0] and not _is_none(k.value) for k in call.keywords):
        return True
    given = _argument(call, dealer)
    return given is not None and not _is_none(given)


def findings(source: str, path: str, dealers: dict[str, Dealer]) -> list[Finding]:
    """The breaches of the rules in ``source``, read as the file ``path`` (relative to the checkout)."""
    tree = ast.parse(source)
    reader = _Reader(path, imported_names(tree, module_name(ROOT / path)), dealers)
    reader.visit(tree)
    return reader.found


def suite_findings() -> list[Finding]:
    """The breaches in every Python file under tests/."""
    known = dealers()
    found = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        found += findings(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix(), known)
    return found


# ---------------------------------------------------------------- the suite


def test_no_test_pauses_or_deals_by_chance():
    found = suite_findings()
    assert not found, "\n".join(map(str, found))


def test_each_pause_allowed_is_still_there_and_still_pauses():
    """An allowance outliving its loop would let the next pause in unseen."""
    for path, function in PAUSES:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        defined = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        assert function in defined, f"{path} defines no {function}"
        names = imported_names(tree, module_name(ROOT / path))
        reader = _Reader(path, names, {})
        assert any(reader.resolve(node) in SLEEPS for node in ast.walk(defined[function])
                   if isinstance(node, (ast.Name, ast.Attribute))), f"{path}: {function} no longer pauses"


def test_the_test_apps_deal_from_seeds_on_a_fixed_clock():
    config = app_config("sqlite://")
    assert config["DRILL_SEED"] is not None and config["SOLITAIRE_SEED"] is not None
    assert config["CLOCK"]() == config["CLOCK"]()  # a clock that stands still


# ---------------------------------------------------------------- the checker itself

EXAMPLE_DEALERS = {
    "engine.game.Game": Dealer("engine.game.Game", "seed", 1),
    "trainer.play.solitaire.new_solitaire": Dealer("trainer.play.solitaire.new_solitaire", "seed", None),
}


def _lines(source: str, path: str = "tests/web/test_example.py") -> list[int]:
    return [finding.line for finding in findings(source, path, EXAMPLE_DEALERS)]


def test_a_sleep_however_imported_is_found():
    assert _lines("import time\ndef test_x():\n    time.sleep(0.3)\n") == [3]
    assert _lines("from time import sleep as nap\ndef test_x():\n    nap(1)\n") == [3]
    assert _lines("import asyncio\nasync def test_x():\n    await asyncio.sleep(1)\n") == [3]
    assert _lines("import time as t\nwait = t.sleep\n") == [2]  # named, not called: still found
    assert _lines("def test_x(page):\n    page.wait_for_timeout(100)\n") == [2]  # Playwright's pause
    assert _lines("import time\ndef test_x():\n    time.monotonic()\n") == []
    assert _lines("def sleep(s): pass\ndef test_x():\n    sleep(1)\n") == []  # the file's own sleep is no pause


def test_only_an_allowed_function_may_pause():
    loop = "import time\ndef wait_until(c):\n    while not c():\n        time.sleep(0.02)\ndef other():\n    time.sleep(1)\n"
    assert _lines(loop, "tests/processes.py") == [6]
    assert _lines(loop, "tests/web/test_example.py") == [4, 6]


def test_chance_unseeded_is_found():
    assert _lines("import random\nrng = random.Random()\nnone = random.Random(None)\nok = random.Random(3)\n") == [2, 3]
    assert _lines("import random\nrng = random.Random(x=None)\nok = random.Random(x=5)\n") == [2]
    assert _lines("from random import Random\nrng = Random()\n") == [2]
    assert _lines("import random\ndef test_x(cards):\n    random.shuffle(cards)\n    random.seed(1)\n") == [3, 4]
    assert _lines("from random import choice\ndef test_x(cards):\n    return choice(cards)\n") == [1, 3]
    assert _lines("import random\nrng = random.SystemRandom()\n") == [2]
    assert _lines("import numpy as np\na = np.random.default_rng()\nb = np.random.default_rng(4)\n"
                  "np.random.shuffle(a)\n") == [2, 4]


def test_a_dealer_called_without_its_seed_is_found():
    source = ("from engine.game import Game\nfrom trainer.play import solitaire\n"
              "a = Game(STANDARD)\nb = Game(STANDARD, 3)\nc = Game(STANDARD, seed=None)\nd = Game(seed=4)\n"
              "e = solitaire.new_solitaire(1, kind)\nf = solitaire.new_solitaire(1, kind, seed=2)\n"
              "g = Game(*arguments)\n")
    assert _lines(source) == [3, 5, 7]


def test_a_seed_is_followed_to_the_generator_it_seeds():
    """A seed handed on (to a function, a class, a parent's constructor, ``cls``) makes a dealer;
    one that, left out, means something else (the nearest, say) does not."""
    known = dealers_of({
        "p.cards": "import random\ndef shuffled(rng=None):\n    return random.Random(rng).sample(range(52), 52)\n",
        "p.game": ("from p.cards import shuffled\nclass Base:\n    def __init__(self, seed=None):\n"
                   "        self.deck = shuffled(seed)\nclass Game(Base):\n    def __init__(self, rules, seed=None):\n"
                   "        super().__init__(seed)\n    @classmethod\n    def stacked(cls, hands, *, seed=None):\n"
                   "        return cls(None, seed)\nclass Short(Game):\n    pass\n"),
        "p.pick": "def nearest(items, rng=None):\n    return items[0] if rng is None else rng.choice(items)\n",
    })
    assert sorted(known) == ["p.cards.shuffled", "p.game.Base", "p.game.Game", "p.game.Game.stacked", "p.game.Short"]
    assert known["p.game.Game"] == Dealer("p.game.Game", "seed", 1)
    assert known["p.game.Game.stacked"].position is None  # keyword only


def test_a_game_given_to_play_game_replaces_its_seed():
    play = {"engine.players.play_game": Dealer("engine.players.play_game", "seed", 2)}
    source = ("from engine.players import play_game\nplay_game(rules, players, game=game)\n"
              "play_game(rules, players)\nplay_game(rules, players, game=None)\n")
    assert [f.line for f in findings(source, "tests/test_example.py", play)] == [3, 4]


def test_the_dealers_are_found_in_the_product():
    known = dealers()
    assert known["engine.game.Game"] == Dealer("engine.game.Game", "seed", 1)
    assert {"engine.game.Game.from_hands", "engine.players.play_game", "engine.bots.levels.make_player",
            "trainer.play.games.new_game", "trainer.room.rooms.start", "engine.solitaire.HoyleSolitaire"} <= set(known)
    assert known["trainer.play.solitaire.new_solitaire"].position is None  # keyword only
    assert "trainer.drills.deal.deal_show" not in known  # its rng has no default: it cannot be left out
    assert "trainer.rating.dealing.choose_near" not in known  # its rng left out means the nearest, not chance
