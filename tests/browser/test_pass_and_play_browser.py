"""Pass and play on a phone (390 px, issue 22 §7): the screen between turns holds
no card, its button is in view without scrolling, and pressing it shows the next
person's hand.  A screenshot of the pass screen is kept in $PLAY_SCREENSHOTS when set."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.sync_api import expect

from trainer import database
from trainer.play import choices, games, moves, passing
from trainer.record import learners

from .helpers import cards_in, sign_in, submit


def test_the_pass_screen_on_a_phone_shows_no_card_and_passes_the_device(live_server, page):
    app = live_server.app
    sign_in(page, live_server)
    with app.app_context():
        ann = learners.learner_by_name("Ann").id
        bob = learners.learner_by_name("Bob", create=True).id
        database.commit()
        game_id = passing.start(ann, choices.GameSetup(length="61"), [bob], seed=4)
        table = games.load_table(ann, game_id)
        games.act(ann, game_id, table.version, moves.Discard(table.decision.hand[:2]))
    page.goto(f"{live_server.url}/play/{game_id}")
    screen = page.get_by_test_id("pass-screen")
    expect(screen.get_by_role("heading", level=1)).to_have_text("Pass the device to Bob")
    assert page.locator(".card").count() == 0
    button = page.get_by_role("button", name="I am Bob: show my cards")
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= page.viewport_size["height"], "in view at once"
    folder = os.environ.get("PLAY_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / "pass-screen-phone.png"), full_page=True)
    submit(page, button.click)
    expect(page.get_by_test_id("at-device")).to_contain_text("Bob")
    if folder:
        page.screenshot(path=str(Path(folder) / "pass-table-phone.png"))
    with app.app_context():
        bobs = set(games.load_table(bob, game_id).decision.hand)
    assert set(cards_in(page.locator("main form").filter(has=page.locator("[value=discard]")))) == bobs
