"""The table as the learner sees it (trainer.play.table), from games set up
card by card: where the reveal stops, what the lines say, the show as laid
out, and the pegs at the game hole."""

from __future__ import annotations

from engine.bots.levels import Level
from engine.cards import Card
from engine.events import Dealt, Go, Played, Shown
from engine.game import Game
from engine.rules import STANDARD, Counting
from trainer.play.seats import Seating, default_sitters
from trainer.play.table import Table, at_own_go, next_stop, table_of

LEARNER = 0
PLAYS = [(0, "AH"), (1, "3C"), (0, "2D"), (1, "4D"), (0, "9S"), (1, "8S"), (0, "KH"), (1, "QH")]


def _table(game: Game, *, seen: int | None = None, mark: int = 0, seat: int = LEARNER) -> Table:
    """The table from ``seat`` (the learner's; bots in the others) at the cursor ``seen`` (None: the end)."""
    seating = Seating(game.rules, default_sitters(game.rules, 1, Level.EASY, seat=seat), seat)
    return table_of(game, seating, seen=len(game.log) if seen is None else seen, mark=mark)


def _played_out(rules, hands=("AH 2D 9S KH", "3C 4D 8S QH"), plays=PLAYS) -> Game:
    game = Game.from_hands(rules, list(hands), dealer=1, starter="5C", seed=1)
    for seat, card in plays:
        if game.pending_claim is not None:
            game.claim(game.pending_claim.player, 0)
        game.play(seat, card)
    return game


def test_an_over_claim_under_muggins_says_what_happened():
    game = _played_out(STANDARD.with_options(counting=Counting.MUGGINS))
    log_before = len(game.log)
    game.claim(LEARNER, 6)  # the hand is worth 4
    game.pass_muggins(1)  # nothing was missed
    table = _table(game, mark=log_before)
    lines = [h.text for h in table.happenings]
    assert "You claimed 6; the hand is worth 4: 4 pegged." in lines
    assert not any("as claimed" in line or "lets your claim stand" in line for line in lines), lines


def test_a_claim_of_nothing_worth_and_an_exact_claim_read_plainly():
    game = _played_out(STANDARD.with_options(counting=Counting.MUGGINS), hands=("AH 2D 9S KH", "3C 4D 8S QH"))
    log_before = len(game.log)
    game.claim(LEARNER, 4)
    game.pass_muggins(1)
    lines = [h.text for h in _table(game, mark=log_before).happenings]
    assert "You peg 4 as claimed." in lines and "The true count was 4: exact." in lines


def test_the_show_lays_a_hand_out_by_rank():
    game = _played_out(STANDARD.with_options(counting=Counting.MUGGINS), hands=("KH 9S 2D AH", "QH 8S 4D 3C"))
    game.claim(LEARNER, 4)
    table = _table(game)
    assert table.show is not None and list(table.show.cards) != sorted(table.show.cards)  # as kept
    assert [str(c) for c in table.show.sorted_cards] == ["AH", "2D", "9S", "KH"]


def test_the_hand_that_ends_the_game_is_counted_and_the_peg_stops_at_the_hole():
    rules = STANDARD.with_options(target=20, skunk_lines=(), counting=Counting.MUGGINS)
    game = _played_out(rules, hands=("5H 5D 5S JC", "2C 4D 8S QH"),
                       plays=[(0, "5H"), (1, "2C"), (0, "5D"), (1, "4D"), (0, "5S"), (1, "8S"), (0, "JC"), (1, "QH")])
    game.claim(LEARNER, 29)
    assert game.is_over and game.scores[0] > 20
    table = _table(game)
    assert table.scores[0] == 20  # the game hole, not 29 and more
    assert {peg.score for peg in table.board.pegs if peg.player == 0 and peg.front} == {20}
    assert table.show is not None and table.show.true_total == 29 and len(table.show.true_items) >= 5
    assert "You peg 29 as claimed." in [h.text for h in table.happenings]  # the log keeps the full count


def test_the_reveal_stops_at_the_learners_go_at_the_end_of_a_show_and_before_a_deal():
    log = [
        Dealt(1, 1, ((), ()), ()),
        Played(1, Card.parse("QH"), 10), Played(0, Card.parse("KH"), 20), Played(1, Card.parse("9C"), 29), Go(0, 29),
        Shown(0, (), None, False), Shown(1, (), None, False), Dealt(0, 2, ((), ()), ()),
    ]
    assert next_stop(log, 0, LEARNER) == 4 and at_own_go(log, 4, LEARNER)
    assert next_stop(log, 4, LEARNER) == 6  # the learner's hand counted: stop before the next show
    assert next_stop(log, 6, LEARNER) == 7  # the deal is over: stop before the next
    assert next_stop(log, 7, LEARNER) == len(log)
    # From the other seat the go is not theirs to say: the reveal runs past it.
    assert next_stop(log, 0, 1) == 6 and not at_own_go(log, 4, 1)
