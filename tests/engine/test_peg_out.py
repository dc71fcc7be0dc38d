"""Pegging out (ACC): the game ends the moment a side reaches the target; the
peg stops at the game hole while the log keeps every point counted, and the
hand that pegged out is still laid out with its whole count."""

from __future__ import annotations

import pytest

from engine.events import Points
from engine.game import Game
from engine.rules import FIVE_CARD, SHORT, STANDARD, Counting
from engine.scoring import score_show
from engine.table import fold

HANDS = ["5H 5D 5S JC", "2C 4D 8S QH"]  # seat 0 holds 29 with the 5C starter
PLAYS = [(0, "5H"), (1, "2C"), (0, "5D"), (1, "4D"), (0, "5S"), (1, "8S"), (0, "JC"), (1, "QH")]


def test_a_peg_stops_at_the_game_hole():
    assert [STANDARD.peg_hole(s) for s in (0, 120, 121, 133)] == [0, 120, 121, 121]
    assert SHORT.peg_hole(71) == 61 and FIVE_CARD.peg_hole(61) == 61


def _to_the_show(counting: Counting) -> Game:
    """A game to 20 where nobody pegs much in the play, then the pone shows 29."""
    game = Game.from_hands(STANDARD.with_options(target=20, skunk_lines=(), counting=counting),
                           HANDS, dealer=1, starter="5C", seed=1)
    for seat, card in PLAYS:
        game.play(seat, card)
    return game


@pytest.mark.parametrize("counting", [Counting.AUTOMATIC, Counting.MUGGINS, Counting.STRICT_MUGGINS])
def test_the_hand_that_pegs_out_is_counted_in_full(counting):
    game = _to_the_show(counting)
    if counting.is_muggins:
        game.claim(0, 29)
    else:
        game.show()
    assert game.is_over and game.outcome.winner == 0
    state = fold(game.rules, 0, game.log_seen_by(0))
    whole = score_show(HANDS[0], "5C")
    assert whole.total == 29
    assert state.show is not None and state.show.owner == 0
    assert state.show.true_total == 29 and state.show.true_items == whole.items
    # The log keeps what was pegged; the peg stands in the game hole.
    pegged = sum(e.points for e in game.log if isinstance(e, Points) and e.player == 0)
    assert state.scores[0] == pegged >= 20
    assert game.rules.peg_hole(state.scores[0]) == 20
    if counting is Counting.AUTOMATIC:
        assert state.show.running < 29  # pegging stopped at the game hole


def test_a_show_settled_before_the_end_keeps_its_own_true_count():
    game = _to_the_show(Counting.MUGGINS)
    game.claim(0, 3)  # far short: the game goes on
    assert not game.is_over
    state = fold(game.rules, 0, game.log_seen_by(0))
    assert state.show is not None and state.show.claimed == 3 and state.show.true_total is None
