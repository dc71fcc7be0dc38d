"""Pegging analysis: the rank play-out against the card scorer and the go rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.analysis.play import (
    PeggingView,
    analyse_plays,
    greedy_rank,
    play_out,
    play_points,
    sample_holdings,
)
from engine.cards import DECK
from engine.pegging import score_play


@st.composite
def piles(draw):
    """A pile of distinct cards whose count stays within 31."""
    cards = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=8, unique=True))
    pile, count = [], 0
    for c in cards:
        if count + c.value > 31:
            break
        pile.append(c)
        count += c.value
    return pile


@given(piles())
@settings(max_examples=300, deadline=None)
def test_rank_points_match_the_card_scorer(pile):
    ranks = [int(c.rank) for c in pile]
    count = sum(c.value for c in pile[:-1])
    assert play_points(ranks[:-1], count, ranks[-1]) == score_play(pile).points


def reference_play(hands, first, stop_at_first_reset=False):
    """The play as RULES.md §2.5 words it, on real cards with the card scorer:
    players say go in turn; when all who hold cards have said go, the last to
    play pegs one (not after a 31) and the player after them leads."""
    n = len(hands)
    hands = [list(h) for h in hands]
    points = [0] * n
    pile, said_go = [], [False] * n
    current, last = first, None
    while any(hands):
        count = sum(c.value for c in pile)
        legal = [c for c in hands[current] if count + c.value <= 31]
        if legal and not said_go[current]:
            rank = greedy_rank([int(c.rank) for c in hands[current]], [int(c.rank) for c in pile], count)
            card = next(c for c in legal if int(c.rank) == rank)
            hands[current].remove(card)
            pile.append(card)
            points[current] += score_play(pile).points
            last = current
            if sum(c.value for c in pile) == 31:
                if stop_at_first_reset:
                    return points
                pile, said_go = [], [False] * n
            elif not any(hands):
                points[current] += 1  # last card
            current = (current + 1) % n
            continue
        said_go[current] = True
        if all(said_go[s] or not hands[s] for s in range(n)):
            points[last] += 1  # the go
            if stop_at_first_reset:
                return points
            pile, said_go = [], [False] * n
            current = (last + 1) % n
        else:
            current = (current + 1) % n
    return points


@given(
    st.sampled_from([(2, 4), (2, 3), (2, 5), (3, 4), (4, 4)]),
    st.booleans(),
    st.randoms(use_true_random=False),
)
@settings(max_examples=300, deadline=None)
def test_play_out_follows_the_go_and_last_card_rules(shape, stop, rng):
    players, size = shape
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * size : (i + 1) * size] for i in range(players)]
    first = rng.randrange(players)
    expected = reference_play(hands, first, stop)
    ranks = [[int(c.rank) for c in h] for h in hands]
    got = play_out(ranks, first, 0, [], None, [0] * players, stop_at_first_reset=stop)
    assert got == expected


def test_last_cards_against_an_empty_hand_are_exact():
    # Opponent is out of cards: 5 on the king makes fifteen (2), then the ten
    # to 25 and one for the last card = 3; the ten first scores only the last card.
    view = PeggingView.two_player("5H 10S", pile="KD", seen="2C", opponent_cards=0)
    options = {str(o.card): o for o in analyse_plays(view, samples=5, rng=0)}
    assert options["5H"].immediate == 2
    assert options["5H"].expected_net == 3
    assert options["10S"].expected_net == 1


def test_thirty_one_pays_two_and_no_go():
    view = PeggingView.two_player("AH", pile="KD QD JD", seen="2C", opponent_cards=0)
    (option,) = analyse_plays(view, samples=3, rng=0)
    assert option.immediate == 2 and option.expected_net == 2


def test_a_card_that_would_pass_31_is_not_offered():
    view = PeggingView.two_player("KH 2C", pile="KD QD 5C", seen="", opponent_cards=2)
    assert [str(o.card) for o in analyse_plays(view, samples=10, rng=0)] == ["2C"]
    stuck = PeggingView.two_player("KH", pile="KD QD 5C", seen="", opponent_cards=2)
    assert analyse_plays(stuck, samples=10, rng=0) == ()


def test_a_pile_past_31_is_an_illegal_position():
    from engine.errors import IllegalActionError

    view = PeggingView.two_player("2C", pile="KD QD 9C 5H", seen="", opponent_cards=2)
    with pytest.raises(IllegalActionError, match="may not pass 31"):
        analyse_plays(view, samples=5, rng=0)


def test_a_go_tells_what_the_opponent_cannot_hold():
    # The opponent said go at 25: every card they hold counts 7 or more.
    view = PeggingView.two_player("2H 3H", pile="", seen="", opponent_cards=3, opponent_min_value=7)
    rng = random.Random(5)
    for _ in range(200):
        held = sample_holdings(view, rng)[1]
        assert len(held) == 3 and all(min(r, 10) >= 7 for r in held)


def test_sampled_holdings_never_include_cards_already_seen():
    # All four kings are accounted for: in hand, played earlier, on the pile, seen.
    view = PeggingView.two_player("KH 3H", pile="KD", earlier="KS QS", seen="KC 9S", opponent_cards=3)
    rng = random.Random(2)
    held = [r for _ in range(300) for r in sample_holdings(view, rng)[1]]
    assert 13 not in held
    assert 12 in held  # three queens are still unseen


def test_pegging_analysis_prefers_the_fifteen_to_a_dangerous_five():
    view = PeggingView.two_player("5H 10S 4C 6D", pile="KD", seen="5D JS", opponent_cards=3)
    best = analyse_plays(view, samples=200, rng=3)[0]
    assert str(best.card) == "5H"


@pytest.mark.parametrize("players", [3, 4])
def test_multiplayer_views_analyse_every_legal_card(players):
    deck = list(DECK)
    random.Random(players).shuffle(deck)
    view = PeggingView(
        seat=1,
        hand=tuple(deck[:4]),
        pile=(),
        played=(),
        seen=tuple(deck[4:5]),
        cards_left=(4,) * players,
        min_value=(1,) * players,
        teams=2 if players == 4 else 0,
    )
    options = analyse_plays(view, samples=20, rng=1)
    assert {o.card for o in options} == set(deck[:4])


class GreedyPlayer:
    """Plays the greedy rank, as the play-outs do (only the play is ever asked)."""

    def choose_play(self, view):
        pile = [int(c.rank) for c in view.pile]
        rank = greedy_rank([int(c.rank) for c in view.legal_plays], pile, view.count)
        return next(c for c in view.legal_plays if int(c.rank) == rank)


@given(
    st.sampled_from(["standard", "five-card", "seven-card", "three players", "four players"]),
    st.randoms(use_true_random=False),
)
@settings(max_examples=60, deadline=None)
def test_play_out_pegs_what_the_game_engine_pegs(variant, rng):
    from engine.events import PlayEnded, Points
    from engine.game import Game
    from engine.players import take_turn
    from engine.rules import PRESETS

    rules = PRESETS[variant]
    deck = [c for c in DECK if c.rank != 11]  # no jack starter: his heels is not the play's
    rng.shuffle(deck)
    hands = [deck[i * rules.kept : (i + 1) * rules.kept] for i in range(rules.players)]
    starter = deck[rules.players * rules.kept]
    dealer = rng.randrange(rules.players)
    game = Game.from_hands(rules, hands, dealer=dealer, starter=starter, seed=1)
    start = len(game.log)
    players = [GreedyPlayer() for _ in range(rules.players)]
    while not any(isinstance(e, PlayEnded) for e in game.log[start:]):
        take_turn(game, players)
    pegged = [0] * rules.players
    for event in game.log[start:]:
        if isinstance(event, Points):
            pegged[event.player] += event.points
    ranks = [[int(c.rank) for c in h] for h in hands]
    expected = play_out(
        ranks, (dealer + 1) % rules.players, 0, [], None, [0] * rules.players,
        stop_at_first_reset=rules.play_stops_at_first_reset,
    )
    assert sum(pegged) >= 1  # at least the last card or a go
    assert pegged == expected
