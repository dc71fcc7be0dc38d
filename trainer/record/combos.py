"""The combo types the learner's record is kept by (a finer cut than the
engine's :class:`~engine.scoring.ScoreKind`), and one answer's result for one type."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.scoring import ScoreKind
from trainer.language.i18n import NC_, pgettext


class ComboType(StrEnum):
    """What the learner's record is kept by: a finer cut than :class:`ScoreKind`."""

    FIFTEEN_2 = "fifteen of 2 cards"
    FIFTEEN_3 = "fifteen of 3 cards"
    FIFTEEN_4 = "fifteen of 4 cards"
    FIFTEEN_5 = "fifteen of 5 cards"
    PAIR = "pair"
    PAIR_ROYAL = "pair royal"
    RUN = "run"
    MULTIPLE_RUNS = "multiple runs"
    HAND_FLUSH = "hand flush"
    CRIB_FLUSH = "crib flush"
    NOBS = "nobs"
    PEG_FIFTEEN = "pegging: 15"
    PEG_THIRTY_ONE = "pegging: 31"
    PEG_PAIR = "pegging: pairs"
    PEG_RUN = "pegging: runs"
    PEG_GO = "pegging: go"
    PEG_LAST_CARD = "pegging: last card"

    @property
    def is_pegging(self) -> bool:
        return self.name.startswith("PEG_")

    @property
    def category(self) -> ScoreKind:
        """The show or pegging kind this type belongs to."""
        return _CATEGORY[self]

    @property
    def label(self) -> str:
        """How the review names this type, in the learner's language: "Fifteen of
        3 cards", "Crib flush"; a pegging type without its "pegging: " ("Go"),
        as it is listed under the pegging heading.

        >>> ComboType.FIFTEEN_3.label, ComboType.PEG_LAST_CARD.label, ComboType.PEG_THIRTY_ONE.label
        ('Fifteen of 3 cards', 'Last card', '31')
        """
        return pgettext("combo type", _COMBO_LABELS[self])


_CATEGORY = {
    ComboType.FIFTEEN_2: ScoreKind.FIFTEEN,
    ComboType.FIFTEEN_3: ScoreKind.FIFTEEN,
    ComboType.FIFTEEN_4: ScoreKind.FIFTEEN,
    ComboType.FIFTEEN_5: ScoreKind.FIFTEEN,
    ComboType.PAIR: ScoreKind.PAIR,
    ComboType.PAIR_ROYAL: ScoreKind.PAIR,
    ComboType.RUN: ScoreKind.RUN,
    ComboType.MULTIPLE_RUNS: ScoreKind.RUN,
    ComboType.HAND_FLUSH: ScoreKind.FLUSH,
    ComboType.CRIB_FLUSH: ScoreKind.FLUSH,
    ComboType.NOBS: ScoreKind.NOBS,
    ComboType.PEG_FIFTEEN: ScoreKind.FIFTEEN,
    ComboType.PEG_THIRTY_ONE: ScoreKind.THIRTY_ONE,
    ComboType.PEG_PAIR: ScoreKind.PAIR,
    ComboType.PEG_RUN: ScoreKind.RUN,
    ComboType.PEG_GO: ScoreKind.GO,
    ComboType.PEG_LAST_CARD: ScoreKind.LAST_CARD,
}

#: The combo types' names (the "combo type" context).  The counts 15 and 31 are
#: the same in every language: not in the catalog.
_COMBO_LABELS = {
    ComboType.FIFTEEN_2: NC_("combo type", "Fifteen of 2 cards"),
    ComboType.FIFTEEN_3: NC_("combo type", "Fifteen of 3 cards"),
    ComboType.FIFTEEN_4: NC_("combo type", "Fifteen of 4 cards"),
    ComboType.FIFTEEN_5: NC_("combo type", "Fifteen of 5 cards"),
    ComboType.PAIR: NC_("combo type", "Pair"),
    ComboType.PAIR_ROYAL: NC_("combo type", "Pair royal"),
    ComboType.RUN: NC_("combo type", "Run"),
    ComboType.MULTIPLE_RUNS: NC_("combo type", "Multiple runs"),
    ComboType.HAND_FLUSH: NC_("combo type", "Hand flush"),
    ComboType.CRIB_FLUSH: NC_("combo type", "Crib flush"),
    ComboType.NOBS: NC_("combo type", "Nobs"),
    ComboType.PEG_FIFTEEN: "15",
    ComboType.PEG_THIRTY_ONE: "31",
    ComboType.PEG_PAIR: NC_("combo type", "Pairs"),
    ComboType.PEG_RUN: NC_("combo type", "Runs"),
    ComboType.PEG_GO: NC_("combo type", "Go"),
    ComboType.PEG_LAST_CARD: NC_("combo type", "Last card"),
}

SHOW_COMBO_TYPES = tuple(t for t in ComboType if not t.is_pegging)
PEGGING_COMBO_TYPES = tuple(t for t in ComboType if t.is_pegging)


@dataclass(frozen=True, slots=True)
class ComboResult:
    """How one answer went for one combo type: what it was worth, what was missed."""

    type: ComboType
    expected_points: int
    missed_points: int
    right: bool

    @property
    def claimed_where_none(self) -> bool:
        """Points claimed for a type the deal does not hold (a flush in a crib of four, say):
        nothing was there to see or to miss, so the review counts it apart."""
        return self.expected_points == 0 and not self.right
