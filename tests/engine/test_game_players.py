"""The Player interface: views hold only what a seat may see; drivers ask the
right seat; a person's seat stops the driver."""

from __future__ import annotations

import json

import pytest

from engine.cards import card
from engine.game import Action, Automation, Game, Phase
from engine.players import Player, PlayerView, RandomPlayer, play_game, play_until
from engine.rules import STANDARD, THREE_PLAYER, Counting


def test_random_player_is_a_player():
    assert isinstance(RandomPlayer(1), Player)


def test_the_view_hides_the_other_hand_the_deck_and_the_crib_until_shown():
    game = Game.from_hands(STANDARD, ["5H 5D 5S JC", "2C 3C 4C 6C"], starter="KD", crib="AS 2S 3S 4S", seed=1)
    view = PlayerView.of(game, 1)
    assert view.hand == game.hand(1) and view.starter == card("KD")
    assert view.crib is None and view.hand_sizes == (4, 4)
    text = json.dumps(view.to_dict())
    for secret in ("5H", "5D", "5S", "JC", "AS", "2S"):
        assert f'"{secret}"' not in text
    dealer_text = json.dumps(PlayerView.of(game, 0).to_dict())
    assert '"AS"' in dealer_text and '"2C"' not in dealer_text  # the dealer's own discards only


def test_the_starter_is_hidden_before_the_cut():
    game = Game(STANDARD, seed=1, dealer=0, automate=Automation.DEAL)
    for seat in (0, 1):
        game.discard(seat, game.hands[seat][:2])
    assert game.phase is Phase.CUT and PlayerView.of(game, 1).starter is None
    starter_candidates = {str(c) for c in game.pack}
    text = json.dumps(PlayerView.of(game, 1).to_dict())
    assert not any(f'"{c}"' in text for c in starter_candidates)


def test_the_crib_shows_in_the_view_once_counted():
    game = Game.from_hands(STANDARD, ["5H 5D 5S JC", "2C 3C 4C 6C"], starter="KD", crib="AS 2S 3S 4S", seed=1)
    while game.phase is Phase.PLAY:
        game.play(game.to_play, game.legal_plays(game.to_play)[0])
    game.show()
    game.show()
    assert PlayerView.of(game, 1).crib is None
    game.show()
    assert game.phase is Phase.DEAL  # the next deal waits
    assert PlayerView.of(game, 1).crib == tuple(card(c) for c in "AS 2S 3S 4S".split())
    shown = [e for e in PlayerView.of(game, 1).log if getattr(e, "is_crib", False)]
    assert shown and shown[0].cards == tuple(card(c) for c in "AS 2S 3S 4S".split())


def test_play_until_stops_where_the_person_must_decide():
    game = Game(STANDARD, seed=4, dealer=0, automate=Automation.CHANCE)
    play_until(game, [RandomPlayer(1), None])
    assert game.expected is Action.DISCARD and game.to_act == (1,)
    game.discard(1, game.hands[1][:2])
    play_until(game, [RandomPlayer(1), None])
    assert game.to_act == (1,) and game.expected is Action.PLAY  # the pone leads
    first = game.legal_plays(1)[0]
    game.play(1, first)
    play_until(game, [RandomPlayer(1), None])
    assert game.is_over or 1 in game.to_act


def test_play_until_lets_the_bot_call_muggins_on_the_person():
    rules = STANDARD.with_options(counting=Counting.MUGGINS)
    game = Game(rules, seed=5, dealer=0, automate=Automation.CHANCE)
    people = [RandomPlayer(2), None]
    while not game.is_over:
        play_until(game, people)
        if game.is_over:
            break
        seat = game.to_act[0]
        assert seat == 1
        view = PlayerView.of(game, 1)
        if view.expected is Action.DISCARD:
            game.discard(1, view.hand[:2])
        elif view.expected is Action.PLAY:
            game.play(1, view.legal_plays[0])
        elif view.expected is Action.CLAIM:
            game.claim(1, 0)  # always claims nothing: the bot may take it all
        else:
            game.pass_muggins(1)
    assert game.outcome is not None


def test_play_game_needs_one_player_per_seat():
    with pytest.raises(ValueError, match="2 players"):
        play_game(STANDARD, [RandomPlayer(1)], seed=1)


def test_view_to_dict_is_json_all_the_way():
    game = play_game(STANDARD.with_options(counting=Counting.MUGGINS, pegging_muggins=True), [RandomPlayer(1), RandomPlayer(2)], seed=8)
    data = PlayerView.of(game, 0).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["outcome"]["winner"] in (0, 1)
    assert isinstance(PlayerView.of(game, 0), PlayerView)


def test_play_until_waits_for_a_person_who_cuts_the_starter():
    game = Game(STANDARD, seed=4, dealer=0, automate=Automation.DEAL | Automation.SHOW)
    people = [RandomPlayer(1), None]  # seat 1, the pone, cuts when seat 0 deals
    play_until(game, people)
    game.discard(1, game.hand(1)[:2])
    play_until(game, people)
    assert (game.expected, game.to_act, game.awaits(1)) == (Action.CUT, (1,), Action.CUT)


def test_play_until_lets_a_person_answer_muggins_before_any_bot():
    rules = THREE_PLAYER.with_options(counting=Counting.MUGGINS)
    people = [None, RandomPlayer(1), RandomPlayer(2)]
    windows = 0
    for seed in range(6):
        game = Game(rules, seed=seed, automate=Automation.CHANCE)
        while not game.is_over:
            play_until(game, people)
            if game.is_over:
                break
            assert game.awaits(0) is not Action.NONE  # only ever stopped for the person
            if game.expected is Action.MUGGINS:
                windows += 1
                assert 0 in game.to_act and len(game.to_act) == 2  # the bot waits its turn
                game.pass_muggins(0)
            elif game.expected is Action.DISCARD:
                game.discard(0, game.hand(0)[: rules.discards])
            elif game.expected is Action.PLAY:
                game.play(0, game.legal_plays(0)[0])
            else:
                game.claim(0, sum(i.points for i in game.pending_claim.true_items()))
    assert windows > 0
