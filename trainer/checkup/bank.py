"""The check-up bank: fixed deals at fixed difficulties, dealt once from a seed.

Every check-up holds the same mix (:data:`CHECKUP_SKILLS`: three hands, two
cribs, two pegging moments, two discards and one best card), each deal drawn
by the drills' own dealing functions (:mod:`trainer.drills.deal`) from
:data:`BANK_SEED` and kept only when its difficulty lies in the middle band
(:func:`in_band`):

* a count (hand, crib) or a pegging moment: its calibrated prior, the chance a
  simulated newcomer counts it right (:func:`trainer.rating.learner_model.newcomer_chance`
  of its combo types, which :func:`trainer.rating.ratings.prior_rating` turns
  into the deal's starting rating), between :data:`CHANCE_BAND`'s ends: a prior
  rating of about 1230 to 1580 (a pegging moment never the opening lead: a
  single card with nothing to count, one of a few dozen the drills deal often);
* a discard, whose prior is the same for every deal (``UNCALIBRATED``): the
  mean expected points the fifteen possible discards lose against the best
  (the exact analysis the drill's table shows), within :data:`DISCARD_LOSS_BAND`;
* a best card, likewise uncalibrated and too slow to analyse for every
  candidate (the sampled play-outs take some 15 ms a question): a simple
  feature instead, a reply to a card on the table (the pile is not empty) with
  two or three different ranks that may be played (:data:`BEST_CARD_CHOICES`).

No deal is dealt twice: the check-ups are drawn one after another, each deal's
:func:`~trainer.rating.skills.deal_key` kept, so no check-up repeats another's
deal (:data:`CHECKUPS` of them: a year of weeks).  The harness's larger set
(:func:`harness_set`) is drawn from its own seed after them, skipping their
keys: it is disjoint from every check-up.  The whole bank is built once, on
first use (about 0.4 s).

>>> first = checkup_set(0)
>>> len(first), [item.skill.value for item in first][:3]
(10, ['count a hand', 'pegging points', 'discard'])
>>> all(is_checkup_key(item.key) for item in first), checkup_set(0) == first
(True, True)
"""

from __future__ import annotations

import functools
import random
import statistics
from collections import Counter
from dataclasses import dataclass

from engine.analysis.discard import analyse_discards
from engine.pegging import pile_count, playable
from trainer.drills.deal import (
    BestPlayQuestion,
    Deal,
    DiscardDeal,
    PeggingMoment,
    best_play_question,
    deal_discard,
    deal_show,
    pegging_moment,
)
from trainer.rating.learner_model import newcomer_chance
from trainer.rating.skills import Skill, combo_types_of, deal_key
from trainer.record.attempts import DrillKind

#: The check-ups' seed: the same bank on every run, for every learner.
BANK_SEED = 20261207
#: The harness set's seed (drawn after the check-ups, skipping their deals).
HARNESS_SEED = 20261208
#: How many check-ups the bank holds: indexes 0 to 51, a year of weekly check-ups.
CHECKUPS = 52
#: One check-up's deals, in the order they are asked (the skills taken in turn, as the placement is).
CHECKUP_SKILLS = (
    Skill.COUNT_HAND, Skill.PEGGING, Skill.DISCARD, Skill.COUNT_CRIB, Skill.BEST_CARD,
    Skill.COUNT_HAND, Skill.PEGGING, Skill.DISCARD, Skill.COUNT_CRIB, Skill.COUNT_HAND,
)
#: A count's or a pegging moment's newcomer chance is kept between these (inclusive).
CHANCE_BAND = (0.4, 0.8)
#: A discard's mean loss over its fifteen discards, in expected points, is kept between these.
DISCARD_LOSS_BAND = (2.5, 4.5)
#: How many different ranks a best-card question may offer.
BEST_CARD_CHOICES = (2, 3)
#: Candidates drawn for one deal before giving up (about one in two or three is in the band).
MAX_DRAWS = 500


@dataclass(frozen=True)
class CheckupDeal:
    """One deal of the bank: the skill it tests, its drill, the deal and its
    :func:`~trainer.rating.skills.deal_key`."""

    skill: Skill
    kind: DrillKind
    deal: Deal
    key: str


def in_band(skill: Skill, deal: Deal) -> bool:
    """Whether ``deal`` is of the check-ups' middle difficulty for ``skill`` (see the module's text).

    >>> from engine.cards import Card, parse_cards
    >>> from trainer.drills.deal import ShowDeal
    >>> in_band(Skill.COUNT_HAND, ShowDeal(tuple(parse_cards("AD AC 3S 4S")), Card.parse("8D")))
    True
    >>> in_band(Skill.COUNT_HAND, ShowDeal(tuple(parse_cards("3H 3D 4S 5C")), Card.parse("5D")))  # a double double run
    False
    """
    if skill is Skill.DISCARD:
        assert isinstance(deal, DiscardDeal)
        options = analyse_discards(deal.cards, dealer=deal.dealer)
        mean_loss = statistics.fmean(options[0].net_ev - option.net_ev for option in options)
        return DISCARD_LOSS_BAND[0] <= mean_loss <= DISCARD_LOSS_BAND[1]
    if skill is Skill.BEST_CARD:
        assert isinstance(deal, BestPlayQuestion)
        ranks = {card.rank for card in playable(deal.hand, pile_count(deal.pile))}
        return bool(deal.pile) and BEST_CARD_CHOICES[0] <= len(ranks) <= BEST_CARD_CHOICES[1]
    if isinstance(deal, PeggingMoment) and not deal.earlier and len(deal.pile) < 2:
        return False  # the opening lead: nothing to count, and one of a few dozen the drills deal often
    return CHANCE_BAND[0] <= newcomer_chance(combo_types_of(deal)) <= CHANCE_BAND[1]


def _candidate(skill: Skill, rng: random.Random, dealer: bool) -> Deal:
    """One fresh deal for ``skill``, by the drill's own dealing function."""
    match skill:
        case Skill.COUNT_HAND:
            return deal_show(rng)
        case Skill.COUNT_CRIB:
            return deal_show(rng, crib=True)
        case Skill.PEGGING:
            return pegging_moment(rng)
        case Skill.DISCARD:
            return deal_discard(rng, dealer=dealer)
        case Skill.BEST_CARD:
            return best_play_question(rng)
    raise ValueError(f"unknown skill {skill!r}")  # pragma: no cover


def _draw(skill: Skill, rng: random.Random, taken: set[str], *, dealer: bool = False) -> CheckupDeal:
    """The next deal for ``skill`` in the band and not yet in the bank (its key added to ``taken``)."""
    for _ in range(MAX_DRAWS):
        deal = _candidate(skill, rng, dealer)
        key = deal_key(deal)
        if key not in taken and in_band(skill, deal):
            taken.add(key)
            return CheckupDeal(skill, skill.kind, deal, key)
    raise RuntimeError(f"no {skill} deal in the band in {MAX_DRAWS} draws")  # pragma: no cover


def _one_checkup(rng: random.Random, taken: set[str]) -> tuple[CheckupDeal, ...]:
    """One check-up's deals; its discards alternate dealer and pone (the first as dealer)."""
    seen: Counter[Skill] = Counter()
    deals = []
    for skill in CHECKUP_SKILLS:
        deals.append(_draw(skill, rng, taken, dealer=seen[skill] % 2 == 0))
        seen[skill] += 1
    return tuple(deals)


@functools.cache
def _bank() -> tuple[tuple[tuple[CheckupDeal, ...], ...], frozenset[str]]:
    """Every check-up, drawn in order from :data:`BANK_SEED`, and their keys."""
    rng = random.Random(BANK_SEED)
    taken: set[str] = set()
    checkups = tuple(_one_checkup(rng, taken) for _ in range(CHECKUPS))
    return checkups, frozenset(taken)


def checkup_set(index: int) -> tuple[CheckupDeal, ...]:
    """The ``index``-th check-up's ten deals (0 to :data:`CHECKUPS` - 1), in the order
    they are asked; ``IndexError`` for an index the bank does not hold.

    >>> {item.key for item in checkup_set(0)} & {item.key for item in checkup_set(1)}
    set()
    """
    if not 0 <= index < CHECKUPS:
        raise IndexError(f"no check-up {index}: the bank holds 0 to {CHECKUPS - 1}")
    return _bank()[0][index]


def is_checkup_key(key: str) -> bool:
    """Whether a deal key (:func:`~trainer.rating.skills.deal_key`) is one of the check-ups' deals."""
    return key in _bank()[1]


@functools.cache
def harness_set(size_per_skill: int = 8) -> tuple[CheckupDeal, ...]:
    """A larger fixed set for the simulation harness: ``size_per_skill`` deals of
    each skill (in :class:`~trainer.rating.skills.Skill` order, discards
    alternating dealer and pone), in the same band, drawn from :data:`HARNESS_SEED`
    and disjoint from every check-up.

    >>> deals = harness_set(2)
    >>> len(deals), any(is_checkup_key(item.key) for item in deals)
    (10, False)
    """
    rng = random.Random(HARNESS_SEED)
    taken = set(_bank()[1])
    return tuple(
        _draw(skill, rng, taken, dealer=n % 2 == 0) for skill in Skill for n in range(size_per_skill)
    )


@functools.cache
def _harness_keys() -> frozenset[str]:
    return frozenset(item.key for item in harness_set())


def is_reserved(key: str) -> bool:
    """Whether practice must never deal this deal: one of the check-ups' (a learner's
    check-up is on unseen deals) or of the harness's set (so is the simulated learners').

    >>> is_reserved(checkup_set(3)[0].key), is_reserved(harness_set()[-1].key)
    (True, True)
    """
    return is_checkup_key(key) or key in _harness_keys()
