"""`crib analyse` and `crib winprob` as a user runs them (issue 14)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.analysis.discard import analyse_discards
from engine.analysis.winprob import win_probability
from trainer.cli import main


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_every_discard_with_points_and_win_probability(capsys):
    status, out, err = run(capsys, "analyse", "3S QH 2D QS JS 5H", "--scores", "111-100", "--dealer", "them", "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["kind"] == "discard" and data["scores"] == [111, 100] and data["dealer"] == "them"
    assert len(data["options"]) == 15
    wins = [o["win"] for o in data["options"]]
    assert wins == sorted(wins, reverse=True) and all(0 <= w <= 1 for w in wins)
    # near the end the pone keeps the hand that counts out first, not the best net
    assert data["options"][0]["keep"] == ["QH", "QS", "JS", "5H"]
    best_net = analyse_discards("3S QH 2D QS JS 5H", dealer=False)[0]
    by_keep = {tuple(o["keep"]): o for o in data["options"]}
    assert by_keep[tuple(str(c) for c in best_net.keep)]["net_ev"] == pytest.approx(best_net.net_ev, abs=1e-3)
    assert data["win_before"] == pytest.approx(win_probability(111, 100, False), abs=1e-4)


def test_the_discard_table_in_text(capsys):
    status, out, _ = run(capsys, "analyse", "5H 5D JS 4C 6D KS", "--scores", "0,0", "--dealer", "me")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("0-0 to 121, your crib: P(win)")
    assert "keep" in lines[1] and "P(win)" in lines[1]
    # early in the game the best chance is the best hand and crib
    assert lines[3].startswith("5♥ 5♦ 4♣ 6♦  J♠ K♠")  # cards as crib discard prints them
    assert len(lines) == 3 + 15


def test_the_readmes_play_example_tells_the_cards_apart(capsys):
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text()
    example = re.search(r'crib analyse "2S 4C 6D" --pile "5H 8D" --scores (\S+) --dealer (\w+)', readme)
    assert example, "the README shows a play example"
    status, out, _ = run(capsys, "analyse", "2S 4C 6D", "--pile", "5H 8D", "--scores", example[1], "--dealer", example[2])
    chances = re.findall(r"(\d+\.\d)%$", out, re.M)
    assert status == 0 and len(chances) == 3 and len(set(chances)) == 3 and out.splitlines()[4].startswith("2♠")
    assert "100.0%" not in out


def test_every_card_in_the_play(capsys):
    status, out, err = run(
        capsys, "analyse", "2S 4C 6D", "--pile", "5H 8D", "--scores", "118-90", "--dealer", "me",
        "--samples", "60", "--json",
    )
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["kind"] == "play" and data["count"] == 13
    cards = {o["card"]: o for o in data["options"]}
    assert set(cards) == {"2S", "4C", "6D"}
    assert cards["2S"]["immediate"] == 2  # fifteen two
    assert all(0 <= o["win"] <= 1 for o in data["options"])
    assert data["show"] is None  # no kept hand and starter given: the table's show


def test_a_known_show_and_the_target_of_61(capsys):
    status, out, _ = run(
        capsys, "analyse", "2S 4C 6D", "--pile", "5H 8D", "--scores", "59-40", "--dealer", "them",
        "--target", "61", "--kept", "5H 2S 4C 6D", "--starter", "KD", "--samples", "40",
    )
    assert status == 0
    assert "to 61" in out and "your show" in out
    # the two makes fifteen: two points, which is the game
    assert "2♠      2" in out and "100.0%" in out


def test_a_lead_with_an_empty_pile(capsys):
    status, out, _ = run(capsys, "analyse", "2S 4C 6D KH", "--pile", "", "--scores", "10-10", "--dealer", "them",
                         "--samples", "30", "--json")
    assert status == 0
    assert json.loads(out)["count"] == 0 and len(json.loads(out)["options"]) == 4


@pytest.mark.parametrize(
    "argv, message",
    [
        (["2S 4C 6X", "--scores", "1-1", "--dealer", "me"], "'6X' is not a card"),
        (["2S 4C 6D 7D 8D", "--scores", "1-1", "--dealer", "me"], "5 cards: give the six cards dealt"),
        (["2S 4C 6D 7D 8D 9D", "--scores", "121-1", "--dealer", "me"], "the game is over"),
        (["2S 4C 6D 7D 8D 9D", "--scores", "a lot", "--dealer", "me"], "give your score and the opponent's"),
        (["2S 4C", "--pile", "KH QH JH 5H", "--scores", "1-1", "--dealer", "me"], "the count may not pass 31"),
        (["KS", "--pile", "KH QH JH", "--scores", "1-1", "--dealer", "me"], "you must say go"),
        (["2S 4C", "--pile", "2S", "--scores", "1-1", "--dealer", "me"], "'2S' appears twice"),
        (["2S 4C 6D KH AC", "--pile", "", "--scores", "1-1", "--dealer", "me"], "one to four cards"),
        (["2S", "--pile", "3S 4S 5S", "--earlier", "KH QH JH KD QD", "--scores", "1-1", "--dealer", "me"],
         "do not fit a two-player play"),
        (["2S 4C 6D 7D 8D 9D", "--scores", "1-1", "--dealer", "both"], "invalid choice"),
        (["2S 4C 6D 7D 8D 9D", "--scores", "1-1", "--dealer", "me", "--target", "100"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_not_a_traceback(capsys, argv, message):
    status, out, err = run(capsys, "analyse", *argv)
    assert status == 2 and out == ""
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_winprob_prints_the_chance_of_a_score(capsys):
    status, out, _ = run(capsys, "winprob", "100", "110", "--dealer", "them", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["win"] == pytest.approx(win_probability(100, 110, False), abs=1e-4)
    status, out, _ = run(capsys, "winprob", "0", "0")
    assert status == 0 and out.startswith("P(win) = ") and "me to deal" in out


def test_winprob_refuses_a_score_beyond_the_target(capsys):
    status, _, err = run(capsys, "winprob", "130", "0")
    assert status == 2 and "between 0 and 121" in err
    status, _, err = run(capsys, "winprob")
    assert status == 2 and "give both scores" in err


def test_winprob_build_writes_a_table_it_can_read(capsys, tmp_path):
    out = tmp_path / "winprob.json"
    status, text, _ = run(capsys, "winprob", "--build", "--deals", "100", "--level", "easy", "--out", str(out), "--json")
    assert status == 0
    data = json.loads(out.read_text())
    assert data["version"] == 1 and data["deals"] == 100
    assert 0.4 < json.loads(text)["dealer_first_121"] < 0.7
