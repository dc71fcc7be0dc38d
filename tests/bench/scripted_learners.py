"""Scripted learners for the harness's tests, loaded as ``--model`` files are.

Not tests themselves: factories whose answers are known in advance, so what
``bench/simulated_learners.py`` records of them can be checked.
"""

from __future__ import annotations

from typing import Any

from trainer.record.combos import ComboType

#: Every scripted answer takes this long.
SECONDS = 7.0
#: The combo types a learner who never sees a pair misses.
PAIR_TYPES = (ComboType.PAIR.value, ComboType.PAIR_ROYAL.value, ComboType.PEG_PAIR.value)


def _best(drill: dict[str, Any]) -> dict[str, Any]:
    best = min(drill["choices"], key=lambda choice: choice["loss"])
    return {"card": best["card"]} if "card" in best else {"lay_away": best["lay_away"]}


class Scripted:
    """A learner who counts every item but those of ``blind`` types and always
    picks the best choice; it keeps a log of what it was asked, and learns nothing."""

    def __init__(self, blind: tuple[str, ...] = ()) -> None:
        self.blind = blind
        self.log: list[tuple[str, str, bool]] = []
        self.feedbacks = 0

    def answer(self, drill: dict[str, Any], learn: bool = True) -> dict[str, Any]:
        self.log.append((drill["skill"], drill["now"], learn))
        if "items" in drill:
            seen = sum(item["points"] for item in drill["items"] if item["combo"] not in self.blind)
            reply = {"points": seen} if drill["skill"] == "pegging" else {"total": seen}
        else:
            reply = _best(drill)
        return {**reply, "seconds": SECONDS}

    def feedback(self, drill: dict[str, Any], right: bool) -> None:
        self.feedbacks += 1


def always_right(seed: int) -> Scripted:
    """A learner who always answers right."""
    return Scripted()


def never_sees_a_pair(seed: int) -> Scripted:
    """A learner who counts everything but pairs (and pairs royal)."""
    return Scripted(PAIR_TYPES)
