"""Regenerates :data:`engine.analysis.cribtable.CRIB_TABLE` by simulation.

For each pair of ranks laid away, deal the other player six cards from the
rest, let them lay away by :func:`engine.analysis.discard.analyse_discards` (best hand
and crib for their role), and average the crib exactly over the starter.  Run
by hand, ``python -m engine.analysis.build_cribtable [samples] [jobs]``, and paste the
printed literal into :mod:`engine.analysis.cribtable`.  A module of its own because it
needs the discard analysis, which itself reads the table.
"""

from __future__ import annotations

import random
import sys
from itertools import combinations_with_replacement
from multiprocessing import get_context

from engine.analysis.discard import analyse_discards, mean_show_over_starters
from engine.cards import DECK, Rank


def simulate_pair(low: int, high: int, *, dealer: bool, samples: int, seed: int) -> float:
    """Mean crib for a thrown pair of ranks over ``samples`` simulated deals."""
    rng = random.Random(seed)
    first_choices = [c for c in DECK if c.rank == Rank(low)]
    total = 0.0
    for _ in range(samples):
        first = rng.choice(first_choices)
        second = rng.choice([c for c in DECK if c.rank == Rank(high) and c != first])
        rest = [c for c in DECK if c is not first and c is not second]
        rng.shuffle(rest)
        other = rest[4:10]  # rest[:4] are the cards we keep
        pool = rest[10:]
        theirs = analyse_discards(other, dealer=not dealer)[0].discard
        total += mean_show_over_starters((first, second) + theirs, pool, crib=True)
    return total / samples


def _cell(args: tuple[int, int, bool, int, int]) -> tuple[str, tuple[int, int], float]:
    low, high, dealer, samples, seed = args
    value = simulate_pair(low, high, dealer=dealer, samples=samples, seed=seed)
    return ("dealer" if dealer else "pone", (low, high), value)


def build_crib_table(samples: int = 2000, seed: int = 1, jobs: int = 1) -> dict[str, dict[tuple[int, int], float]]:
    """Simulate every cell of the table (91 rank pairs, both roles)."""
    cells = [
        (low, high, dealer, samples, seed * 1000 + 2 * (low * 14 + high) + dealer)
        for dealer in (True, False)
        for low, high in combinations_with_replacement(range(1, 14), 2)
    ]
    if jobs > 1:
        with get_context("fork").Pool(jobs) as pool:
            results = pool.map(_cell, cells)
    else:
        results = [_cell(cell) for cell in cells]
    table: dict[str, dict[tuple[int, int], float]] = {"dealer": {}, "pone": {}}
    for role, key, value in results:
        table[role][key] = value
    return table


def _literal(table: dict[str, dict[tuple[int, int], float]]) -> str:
    lines = ["CRIB_TABLE: dict[str, dict[tuple[int, int], float]] = {"]
    for role, cells in table.items():
        lines.append(f"    {role!r}: {{")
        for (low, high), value in sorted(cells.items()):
            lines.append(f"        ({low}, {high}): {value:.3f},")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:  # pragma: no cover - a generator, run by hand
    args = sys.argv[1:] if argv is None else argv
    samples = int(args[0]) if args else 2000
    jobs = int(args[1]) if len(args) > 1 else 1
    print(_literal(build_crib_table(samples, jobs=jobs)))


if __name__ == "__main__":  # pragma: no cover
    main()
