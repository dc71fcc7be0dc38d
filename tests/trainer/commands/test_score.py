"""`crib score`, `crib peg` and `crib stats` as a user runs them."""

import json
import re
import shutil
import subprocess
import sys

import pytest

from engine.rules import PRESETS
from engine.scoring import LARGEST_SHOW, score_show
from engine.speech import spoken_count
from trainer.cli import main
from trainer.language import i18n, words


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_score_json_for_the_29_hand(capsys):
    status, out, err = run(capsys, "score", "5H 5D 5S JC", "--starter", "5C", "--json")
    data = json.loads(out)
    assert status == 0 and err == ""
    assert data["hand"] == ["5H", "5D", "5S", "JC"] and data["starter"] == "5C"
    assert data["crib"] is False and data["total"] == 29
    assert sum(item["points"] for item in data["items"]) == 29
    assert {"kind": "nobs", "cards": ["JC"], "points": 1} in data["items"]
    assert data["spoken"].endswith("twenty-nine")


def test_score_says_the_count_in_russian(capsys):
    status, out, _ = run(capsys, "score", "5H KS 7C 7D", "--starter", "AS", "--lang", "ru")
    assert status == 0 and "вслух: пятнадцать — два, пятнадцать — четыре, и пара — шесть" in out
    _, out, _ = run(capsys, "score", "5H 5D 5S JC", "--starter", "5C", "--lang", "ru", "--json")
    data = json.loads(out)
    assert data["lang"] == "ru" and data["total"] == 29 and data["spoken"].endswith("— двадцать девять")


def test_score_in_russian_says_everything_in_russian(capsys):
    result = score_show("5H 5D 5S JC", "5C")
    status, out, _ = run(capsys, "score", "5H 5D 5S JC", "--starter", "5C", "--lang", "ru")
    with i18n.language("ru"):
        names = [words.item_name(item) for item in result.items]
        hand = words.faces(result.hand)
    lines = out.splitlines()
    assert status == 0 and lines[0] == f"Рука: {hand}   стартер: 5♣" and "В♣" in hand
    assert lines[2].split() == ["комбинация", "карты", "очки"]
    rows = lines[4 : 4 + len(result.items)]
    assert [row.split("  ")[0].strip() for row in rows] == names
    assert [int(row.split()[-1]) for row in rows] == [item.points for item in result.items]
    assert f"итого: {result.total}" in lines and lines[-1] == f"вслух: {spoken_count(result.items, 'ru')}"
    assert not re.search("[A-Za-z]", out)  # no English word, no card in the engine's notation


def test_a_russian_crib_with_nothing_to_count_says_so_in_russian(capsys):
    _, out, _ = run(capsys, "score", "2S 4H 6D 8C", "--starter", "QS", "--crib", "--lang", "ru")
    assert out.splitlines() == ["Ясли: 2♠ 4♥ 6♦ 8♣   стартер: Д♠", "", "комбинаций нет", "", "итого: 0",
                                "вслух: девятнадцать: считать нечего"]


def test_the_json_keeps_the_engines_notation_in_any_language(capsys):
    _, english, _ = run(capsys, "score", "5H 5D 5S JC", "--starter", "5C", "--json")
    _, russian, _ = run(capsys, "score", "5H 5D 5S JC", "--starter", "5C", "--json", "--lang", "ru")
    english, russian = json.loads(english), json.loads(russian)
    assert {k: v for k, v in russian.items() if k not in ("spoken", "lang")} == {
        k: v for k, v in english.items() if k not in ("spoken", "lang")}
    assert russian["items"][-1] == {"kind": "nobs", "cards": ["JC"], "points": 1}


def test_score_accepts_loose_notation_and_prints_a_table(capsys):
    status, out, _ = run(capsys, "score", "4c,5d,6h,kc", "--starter", "5♠")
    assert status == 0
    assert "total: 16" in out and "run of 3" in out and "5♠" in out


def test_score_crib_flag_drops_the_four_card_flush(capsys):
    _, out, _ = run(capsys, "score", "2H 4H 6H 8H", "--starter", "KS", "--crib", "--json")
    assert json.loads(out)["total"] == 0
    _, out, _ = run(capsys, "score", "2H 4H 6H 8H", "--starter", "KS", "--json")
    assert json.loads(out)["total"] == 4


def test_peg_json(capsys):
    status, out, _ = run(capsys, "peg", "5H 5D 5S", "--json")
    data = json.loads(out)
    assert status == 0 and data["count"] == 15 and data["points"] == 8
    assert [item["kind"] for item in data["items"]] == ["fifteen", "pair"]


def test_peg_thirty_one_kind_reads_thirty_one(capsys):
    _, out, _ = run(capsys, "peg", "KS 9H 3D 5C 4S", "--json")
    assert [item["kind"] for item in json.loads(out)["items"]] == ["thirty-one", "run"]


def test_stats_json_is_the_exact_distribution(capsys):
    _, out, _ = run(capsys, "stats", "--json")
    data = json.loads(out)
    assert data["total"] == 12994800 and len(data["counts"]) == 30
    assert data["mean"] == 4.769152 and data["counts"][19] == 0
    assert data["seconds"] >= 0


@pytest.mark.parametrize(
    "argv, message",
    [
        (["score", "5H 5D 5S QX", "--starter", "5C"], "'QX' is not a card"),
        (["score", "5H 5D 5S JC", "--starter", "5H"], "'5H' is the starter and also in the hand"),
        (["score", "5H 5D 5S JC"], "--starter"),
        (["peg", "KS QS JS 5C"], "may not pass 31"),
        (["peg", "5H 5H"], "appears twice"),
        (["peg", ""], "the pile is empty: give the cards played since the count began, the card to score last"),
        (["peg", " , ", "--json"], "the pile is empty"),
        (["score", "5H 5D 5S JC 2C 3C", "--starter", "4C"], "a hand has 3, 4 or 5 cards besides the starter, not 6"),
        (["score", "", "--starter", "4C"], "a hand has 3, 4 or 5 cards besides the starter, not 0"),
        (["score", "5H 5D 5S", "--starter", "4C", "--crib"], "a crib has 4 or 5 cards besides the starter, not 3"),
        (["nonsense"], "invalid choice"),
    ],
)
def test_bad_input_exits_2_with_one_line_on_stderr(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("size", range(8))
@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
def test_score_takes_a_hand_or_crib_of_a_size_some_game_shows(capsys, size, crib):
    shown = {rules.crib_size if crib else rules.kept for rules in PRESETS.values()}
    hand = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"][:size]
    status, out, err = run(capsys, "score", " ".join(hand), "--starter", "KH", *(["--crib"] if crib else []), "--json")
    if size in shown:
        assert status == 0 and json.loads(out)["total"] == score_show(hand, "KH", crib=crib).total
        assert size in LARGEST_SHOW  # and the engine knows the most such a show can score
    else:
        assert status == 2 and out == "" and f"not {size}\n" in err


def test_a_size_no_game_shows_is_refused_in_the_language_asked_for(capsys):
    status, out, err = run(capsys, "score", "5H 5D 5S JC 2C 3C", "--starter", "4C", "--lang", "ru")
    assert (status, out) == (2, "")
    assert err == "crib: в руке 3, 4 или 5 карт, не считая стартера, а не 6\n"
    _, _, err = run(capsys, "score", "5H", "--starter", "4C", "--crib", "--lang", "ru")
    assert err == "crib: в яслях 4 или 5 карт, не считая стартера, а не 1\n"


def test_the_installed_command_never_shows_a_traceback():
    command = shutil.which("crib")
    argv = [command] if command else [sys.executable, "-m", "trainer.cli"]
    result = subprocess.run(argv + ["score", "ZZ", "--starter", "5C"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.startswith("crib: 'ZZ' is not a card") and "Traceback" not in result.stderr


def test_engine_commands_load_neither_the_web_stack_nor_numpy():
    code = (
        "import sys; from trainer.cli import main; main(['score', '5H 5D 5S JC', '--starter', '5C']);"
        "heavy = {'flask', 'numpy', 'sqlalchemy'} & set(sys.modules); assert not heavy, heavy"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_every_command_is_registered_by_the_module_named_for_it():
    from trainer.cli import COMMANDS, build_parser

    full = build_parser()
    assert set(full._subparsers._group_actions[0].choices) == set(COMMANDS)
    for command in COMMANDS:
        alone = build_parser(command)
        assert command in alone._subparsers._group_actions[0].choices


def test_help_lists_every_command(capsys):
    from trainer.cli import COMMANDS

    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert all(command in out for command in COMMANDS)
