"""Self-play: fair seating, repeatable runs, the JSON report and the CLI."""

from __future__ import annotations

import json

import pytest

from engine.bots.levels import make_player
from engine.bots.selfplay import _seat_players, paired_interval, play_one, rules_for, run_selfplay, wilson_interval
from engine.events import Dealt
from engine.players import play_game
from engine.rules import Counting
from trainer.cli import main


def test_the_first_deal_alternates_between_the_players():
    rules = rules_for("standard")
    first = [play_one(("medium", "easy"), rules, 3, i).first_dealer for i in range(6)]
    assert first == [0, 1, 0, 1, 0, 1]


def test_four_player_partnerships_alternate_the_first_deal_too():
    rules = rules_for("four-player", target=31)
    first = [play_one(("easy", "medium"), rules, 3, i).first_dealer for i in range(4)]
    assert first == [0, 1, 0, 1]


def test_a_run_is_repeatable_and_independent_of_the_number_of_jobs():
    one = run_selfplay(["medium", "easy"], games=12, seed=5)
    again = run_selfplay(["medium", "easy"], games=12, seed=5)
    two = run_selfplay(["medium", "easy"], games=12, seed=5, jobs=2)
    for other in (again, two):
        assert other.wins == one.wins
        assert other.points_per_deal == one.points_per_deal
        assert other.skunks == one.skunks


def test_points_per_deal_add_up_to_the_final_scores():
    rules = rules_for("standard")
    record = play_one(("hard", "medium"), rules, 8, 0)
    totals = [sum(p) for p in record.points]
    assert max(totals) >= 121
    assert min(totals) < 121


def test_medium_beats_easy_beyond_doubt():
    result = run_selfplay(["medium", "easy"], games=200, seed=2)
    assert result.ci95["medium"][0] > 0.5


def test_wilson_interval_brackets_the_rate():
    lo, hi = wilson_interval(540, 1000)
    assert lo < 0.54 < hi and hi - lo == pytest.approx(0.0618, abs=0.001)
    assert wilson_interval(0, 10)[0] == 0.0


def test_cli_selfplay_json_has_every_field(capsys):
    assert main(["selfplay", "--players", "medium,easy", "--games", "6", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "win_rate", "ci95", "skunks", "points_per_deal", "seconds"):
        assert key in data
    assert data["games"] == 6 and sum(data["wins"].values()) == 6
    assert set(data["points_per_deal"]["medium"]) >= {"pegging", "hand", "crib", "heels"}
    assert len(data["ci95"]["easy"]) == 2


@pytest.mark.parametrize(
    "variant, players",
    [("five-card", "medium,easy"), ("seven-card", "hard,easy"), ("three-player", "easy,medium,hard"), ("four-player", "medium,easy")],
)
def test_cli_selfplay_every_variant(capsys, variant, players):
    args = ["selfplay", "--players", players, "--games", "2", "--variant", variant, "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2


def test_same_level_twice_is_reported_under_two_names(capsys):
    assert main(["selfplay", "--players", "easy,easy", "--games", "2", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["wins"]) == {"easy", "easy 2"}


def test_muggins_runs_count_the_mugged_points_apart():
    rules = rules_for("standard", counting=Counting.MUGGINS)
    result = run_selfplay(["hard", "easy"], games=4, seed=1, rules=rules)
    assert result.points_per_deal["hard"].get("other", 0) > 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "medium,grandmaster"], "not a bot level"),
        (["--players", "medium,easy", "--variant", "three-player"], "needs 3 players"),
        (["--games", "0"], "at least one game"),
    ],
)
def test_cli_selfplay_bad_input_is_one_line_exit_2(capsys, args, message):
    assert main(["selfplay", "--games", "2", *args] if "--games" not in args else ["selfplay", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and len(err.splitlines()) == 1


def test_points_by_role_split_the_same_points_and_only_the_dealer_has_a_crib():
    rules = rules_for("standard")
    record = play_one(("hard", "medium"), rules, 4, 1)
    for player in range(2):
        dealer, pone = record.points_by_role[player]
        assert [d + p for d, p in zip(dealer, pone)] == list(record.points[player])
        assert pone[2] == 0 and pone[3] == 0  # crib and heels belong to the dealer
    assert sum(record.deals_dealt) == record.deals


def test_a_duplicate_run_deals_each_deck_twice_with_the_seats_swapped():
    rules = rules_for("standard", target=31)
    one, two = (play_one(("medium", "easy"), rules, 9, i, duplicate=True) for i in (4, 5))
    assert (one.first_dealer, two.first_dealer) == (0, 1)
    # The same first deal: the cards medium held in seat 0 of one game, easy held in the other.
    assert first_deal(("medium", "easy"), rules, 9, 4).hands == first_deal(("medium", "easy"), rules, 9, 5).hands


def first_deal(names, rules, seed, index) -> Dealt:
    """The first deal of game ``index`` of a duplicate run, replayed as play_one plays it."""
    seating = _seat_players(index, rules.sides, rules)
    game_seed = (seed * 1_000_003 + index // 2) % (2**63)
    players = [make_player(names[p], seed=game_seed * 8 + seat) for seat, p in enumerate(seating)]
    game = play_game(rules, players, seed=game_seed, dealer=0)
    return next(e for e in game.log if isinstance(e, Dealt))


def test_a_duplicate_run_takes_its_interval_from_the_pairs():
    result = run_selfplay(["medium", "easy"], games=20, seed=2, duplicate=True)
    assert result.duplicate and len(result.pair_wins["medium"]) == 10
    assert sum(result.pair_wins["medium"]) + sum(result.pair_wins["easy"]) == 20
    assert result.ci95["medium"] == paired_interval(result.pair_wins["medium"])
    with pytest.raises(ValueError, match="even number"):
        run_selfplay(["medium", "easy"], games=3, duplicate=True)
