"""After a game (trainer.play.results): where each side's points came from, the
seat's own counts and claims, and the results and review of a finished game
from the learner's seat, whichever seat that is."""

from __future__ import annotations

import pytest

from engine.bots.levels import Level
from engine.cards import parse_cards
from engine.events import Claimed, Counted
from engine.game import Game
from engine.players import RandomPlayer, play_game
from engine.rules import FOUR_PLAYER, STANDARD, THREE_PLAYER, Counting
from tests.trainer.play.helpers import play_out
from trainer.play import choices, games, results
from trainer.play.seats import default_sitters
from trainer.record import learners


@pytest.mark.parametrize("rules", [STANDARD, THREE_PLAYER, FOUR_PLAYER,
                                   STANDARD.with_options(counting=Counting.MUGGINS)], ids=lambda r: r.name)
def test_where_the_points_came_from_adds_up_to_each_sides_score(rules):
    game = play_game(rules, [RandomPlayer(seat) for seat in range(rules.players)], seed=9)
    totals = results.side_totals(rules, game.log)
    assert tuple(side.total for side in totals) == game.scores
    assert all(side.hand + side.crib > 0 for side in totals)


def test_a_seat_reads_only_its_own_counts_and_its_claims():
    rules = STANDARD.with_options(counting=Counting.MUGGINS)
    game = play_game(rules, [RandomPlayer(1, accuracy=0.5), RandomPlayer(2, accuracy=0.5)], seed=4)
    for seat in (0, 1):
        notes = results.count_notes(game.log_seen_by(seat), seat)
        shown = [e for e in game.log if e.type == "show" and e.player == seat]
        assert [n.cards for n in notes] == [e.cards for e in shown]
        claims = [e.points for e in game.log if isinstance(e, Claimed) and e.player == seat
                  and e.what is not Counted.PLAY]
        assert [n.claimed for n in notes] == claims
        assert all(n.missed == max(0, n.total - n.claimed) for n in notes)


def test_a_claim_that_wins_the_game_is_kept_though_it_is_never_settled():
    rules = STANDARD.with_options(counting=Counting.MUGGINS, target=20, skunk_lines=())
    game = Game.from_hands(rules, ["5H 5D 5S JC", "2C 4D 8S QH"], dealer=1, starter="5C", seed=1)
    for card in parse_cards("5H 2C 5D 4D 5S 8S JC QH"):
        game.play(0 if card in game.in_hand[0] else 1, card)
    game.claim(0, 28)
    assert game.is_over
    [note] = results.count_notes(game.log_seen_by(0), 0)
    assert (note.total, note.claimed, note.missed, note.what) == (29, 28, 1, Counted.HAND)


@pytest.mark.slow
def test_the_results_and_review_of_a_learner_in_seat_1_are_from_their_side(app):
    with app.app_context():
        ann = learners.add_learner("Ann").id
        setup = choices.GameSetup(Level.EASY, length="61", counting=Counting.MUGGINS)
        game_id = games.new_game(ann, setup, seed=3, sitters=default_sitters(setup.rules(), ann, Level.EASY, seat=1))
        with pytest.raises(games.NotSeated):
            results.game_results(ann + 1, game_id)
        assert results.game_results(ann, game_id) is None  # not over yet
        play_out(ann, game_id)
        outcome = results.game_results(ann, game_id)
        review = results.game_review(ann, game_id)
        seated = games.finished_game(ann, game_id)
    assert outcome is not None and review is not None and seated is not None
    game = seated.game
    board = [game.rules.peg_hole(score) for score in game.scores]
    assert outcome.scores == (board[1], board[0])  # the learner's side first
    assert outcome.learner_won == (game.outcome.winner == 1)
    assert outcome.winner_text == ("You won!" if outcome.learner_won else "The bot won.")
    assert outcome.side_labels == ("You", "Easy bot")
    totals = results.side_totals(game.rules, game.log)
    assert outcome.totals == (totals[1], totals[0])
    assert outcome.claims == len(results.count_notes(game.log_seen_by(1), 1))
    assert [deal.deal for deal in review.deals] == list(range(1, game.deal_number + 1))
    assert all(deal.discard is not None for deal in review.deals)
    dealers = [e.dealer for e in game.log if e.type == "deal"]
    assert [deal.learner_dealt for deal in review.deals] == [dealer == 1 for dealer in dealers]
    assert {deal.dealer_name for deal in review.deals} <= {"you", "the bot"}
    assert outcome.stats.games == 1 and outcome.stats.wins == int(outcome.learner_won)
