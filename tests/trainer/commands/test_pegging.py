"""`crib pegging`: one deal's play replayed from the shell (issue 3, item 8)."""

from __future__ import annotations

import json
import subprocess
import sys

from trainer.cli import main

PONE = "6D 10D 8H 5H"
DEALER = "8D 10C 9H QD"
ORDER = "10D 10C 6D 5H 8D 8H 9H QD"


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_json_lists_every_card_go_reset_and_point(capsys):
    # Worked by hand in tests/engine/test_game_play.py: pair to the dealer, the dealer's
    # go, 31 to the pone, pair to the pone, go and last card to the dealer.
    status, out, err = run(capsys, "pegging", PONE, DEALER, "--order", ORDER, "--json")
    data = json.loads(out)
    assert status == 0 and err == ""
    assert data["points"] == {"pone": 4, "dealer": 4}
    plays = [(e["player"], e["card"], e["count"]) for e in data["events"] if e["type"] == "play"]
    assert plays == [
        ("pone", "10D", 10), ("dealer", "10C", 20), ("pone", "6D", 26), ("pone", "5H", 31),
        ("dealer", "8D", 8), ("pone", "8H", 16), ("dealer", "9H", 25), ("dealer", "QD", 10),
    ]
    points = [(e["player"], e["reason"], e["points"]) for e in data["events"] if e["type"] == "points"]
    assert points == [
        ("dealer", "pair", 2), ("pone", "thirty-one", 2), ("pone", "pair", 2),
        ("dealer", "go", 1), ("dealer", "last card", 1),
    ]
    assert [e["player"] for e in data["events"] if e["type"] == "go"] == ["dealer"]
    assert [e["next_player"] for e in data["events"] if e["type"] == "reset"] == ["dealer", "dealer"]


def test_text_shows_counts_and_totals(capsys):
    status, out, _ = run(capsys, "pegging", PONE, DEALER, "--order", ORDER)
    assert status == 0
    assert "thirty-one" in out and "last card" in out and "points: pone 4, dealer 4" in out


def test_a_card_out_of_turn_is_refused_with_the_rule(capsys):
    status, out, err = run(capsys, "pegging", PONE, DEALER, "--order", "10D 6D")
    assert status == 2 and out == ""
    assert "out of turn" in err and "dealer's turn" in err and len(err.strip().splitlines()) == 1


def test_a_player_skipped_who_could_play_is_refused(capsys):
    # After 10D 10C 6D (26) the dealer cannot play, but the pone can: 5H.
    # Playing the dealer's 8D next skips nobody legally: the pone must play.
    status, _, err = run(capsys, "pegging", PONE, DEALER, "--order", "10D 10C 6D 8D")
    assert status == 2 and "pone's turn" in err and "must play" in err and "5H" in err


def test_a_card_that_passes_31_is_refused(capsys):
    status, _, err = run(capsys, "pegging", "10H 5C KD 4H", "KS 6H QH 7S", "--order", "10H KS 5C QH")
    assert status == 2 and "may not pass 31" in err and "35" in err


def test_bad_hands_are_refused(capsys):
    assert run(capsys, "pegging", "10H 5C KD", "KS 6H QH 7S", "--order", "10H")[0] == 2
    status, _, err = run(capsys, "pegging", "10H 5C KD 4H", "10H 6H QH 7S", "--order", "10H")
    assert status == 2 and "both hands" in err
    status, _, err = run(capsys, "pegging", "10H 5C KD 4H", "KS 6H QH 7S", "--order", "2C")
    assert status == 2 and "neither hand" in err
    status, _, err = run(capsys, "pegging", "10H 5C KD 4H", "KS 6H QH 7S", "--order", "10H KS 10H")
    assert status == 2 and "played already" in err


def test_the_command_runs_without_the_web_stack():
    code = (
        "import sys; from trainer.cli import main; "
        "main(['pegging', '10H 5C KD 4H', 'KS 6H QH 7S', '--order', '10H KS', '--json']); "
        "assert 'flask' not in sys.modules, 'flask imported'"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
