"""The playroom's keys at the table (seed 004, RULES.md §8): C the count, B whose
crib, F the starter, V the cards on the table, S the scores, T whose turn.  Each
is pressed once in a real browser and its answer read where a screen reader
reads it, the live region, in English and in Russian (a Russian keyboard types
«с» for C: the key counts by its position).  The table is reached through the
services, a six-player game stopped in the play with cards on the table: one
page load per language, no game played in the browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from engine.bots.levels import Level
from engine.rules import Counting
from trainer.language import i18n, words
from trainer.play import choices, games
from trainer.play.table import TableKey

from .helpers import sign_in
from .table_stops import each_kind_of_stop, learner_id, new_game, set_table

#: The letter each key types on a Russian layout (ЙЦУКЕН), which must not matter.
RUSSIAN_LETTERS = {"c": "с", "b": "и", "f": "а", "v": "м", "s": "ы", "t": "е"}

PRESS = """([code, key]) => document.activeElement.dispatchEvent(new KeyboardEvent("keydown",
    {code: code, key: key, bubbles: true, cancelable: true}))"""


@pytest.mark.parametrize("language", ["en", "ru"])
def test_each_playroom_key_answers_in_words_through_a_live_region(live_server, page, language):
    app = live_server.app
    sign_in(page, live_server, language=language)
    who = learner_id(app)
    set_table(app, who)
    game_id = new_game(app, who, choices.GameSetup(Level.EASY, "six-player", "61", Counting.AUTOMATIC), coached=False)
    in_the_play = each_kind_of_stop(app, who, game_id, coached=False,
                                    wanted=lambda t: t.decision is not None and t.decision.kind == "play" and t.pile)
    next(in_the_play)
    in_the_play.close()
    with app.app_context(), i18n.language(language):
        table = games.load_table(who, game_id)
        said = dict(table.key_answers)
        starter = words.name(table.starter)
        played = [words.name(card) for _, card in table.pile]
    # What each answer must say, whatever the words around it.
    musts = {
        TableKey.COUNT: [str(table.count)], TableKey.CRIB: [], TableKey.STARTER: [starter],
        TableKey.TABLE: played, TableKey.SCORES: [str(score) for score in table.scores] + ["61"],
        TableKey.TURN: [],
    }
    page.goto(f"{live_server.url}/play/{game_id}")
    expect(page.locator("html")).to_have_attribute("data-keys", "ready")
    live = page.get_by_test_id("key-answer")
    assert live.get_attribute("role") == "status" and live.get_attribute("aria-live") == "polite"
    help_text = page.get_by_test_id("table-keys-help").inner_text()
    for key in TableKey:
        assert key.upper() in help_text
        if language == "ru":
            page.evaluate(PRESS, [f"Key{key.upper()}", RUSSIAN_LETTERS[key]])
        else:
            page.keyboard.press(f"Key{key.upper()}")
        expect(live).to_have_text(said[key])
        expect(live).to_be_visible()
        for must in musts[key]:
            assert must in said[key], (key, must, said[key])
    if language == "ru":
        assert said[TableKey.COUNT] == f"Счёт: {table.count}." and "Ясли" in said[TableKey.CRIB]
        assert "чей ход" in help_text
    else:
        assert said[TableKey.COUNT] == f"The count is {table.count}." and "crib" in said[TableKey.CRIB]
        assert said[TableKey.TURN] == table.turn and "whose turn" in help_text
