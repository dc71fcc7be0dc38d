"""Plain, slow, obviously-right definitions of the scores, written straight
from RULES.md, for the properties to compare the engine against."""

from itertools import combinations


def reference_show_total(hand, starter, crib=False):
    """Score a show by trying every subset of the five cards."""
    cards = list(hand) + ([starter] if starter else [])
    total = 0
    for size in range(2, len(cards) + 1):
        for subset in combinations(cards, size):
            if sum(c.value for c in subset) == 15:
                total += 2
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            total += 2
    # A run is a set of cards with distinct consecutive ranks, of size >= 3,
    # not contained in a longer such set.
    runs = []
    for size in range(len(cards), 2, -1):
        for subset in combinations(cards, size):
            ranks = sorted(int(c.rank) for c in subset)
            if len(set(ranks)) == size and ranks[-1] - ranks[0] == size - 1:
                if not any(set(subset) < set(longer) for longer in runs):
                    runs.append(subset)
    total += sum(len(run) for run in runs)
    suits = {c.suit for c in hand}
    if len(hand) >= 3 and len(suits) == 1:
        matches = starter is not None and starter.suit in suits
        if matches:
            total += len(hand) + 1
        elif not crib:
            total += len(hand)
    if starter is not None:
        total += sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    return total


def reference_play_points(pile):
    """Points for the last card of a pile, from the plain definitions."""
    count = sum(c.value for c in pile)
    points = 2 if count in (15, 31) else 0
    same = 0
    for card in reversed(pile):
        if card.rank != pile[-1].rank:
            break
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    best_run = 0
    for length in range(3, len(pile) + 1):
        ranks = sorted(int(c.rank) for c in pile[-length:])
        if len(set(ranks)) == length and ranks[-1] - ranks[0] == length - 1:
            best_run = length
    return points + best_run
