"""The game table reads at a glance and tells the truth (issue 19): the dealer's
tag on the score line, the percentage points, the table settings "say go for
me" and the spoken count, taking back a move in a practice game, and the
long-term statistics the results show."""

from __future__ import annotations

import html as htmllib
import re

import pytest

from .test_play import TablePlayer, start


@pytest.fixture
def seeded(app):
    app.config["PLAY_SEED"] = 11
    return app


def scoreline(html: str) -> str:
    """The score line's text, tags marked as [tag]."""
    line = re.search(r'<div class="scoreline.*?</div>', html, flags=re.S).group(0)
    line = re.sub(r'<span class="tag"[^>]*>([^<]*)</span>', r"[\1]", line)
    return re.sub(r"\s+", " ", htmllib.unescape(re.sub(r"<[^>]+>", " ", line))).strip()


def until_dealt(player: TablePlayer) -> str:
    html = player.page()
    for _ in range(10):
        if 'data-testid="dealer-tag"' in html:
            return html
        html = player.step(html)
    raise AssertionError("no dealer on the score line")


@pytest.mark.parametrize(("language", "you", "tag"), [("en", "You", "dealer"), ("ru", "Вы", "сдающий")])
def test_the_dealer_tag_labels_a_name_and_never_follows_a_score(seeded, learner, language, you, tag):
    """«Вы 0 СДАЁТ» read as "you 0 deals": the tag is a noun and stands between
    a side's name and its score, on either side of the line."""
    assert learner.post("/language", {"language": language}).status_code == 302
    player = TablePlayer(seeded, learner, start(learner))
    seen_sides = set()
    html = until_dealt(player)
    for _ in range(200):
        line = scoreline(html)
        assert not re.search(r"\d+ \[", line), line  # no tag right after a score
        if f"{you} [{tag}]" in line:
            seen_sides.add("you")
        elif f"[{tag}]" in line:
            assert re.search(rf"\d+ [^\[\]\d]+ \[{tag}\]$", line), line  # the other side, mirrored: score, name, tag
            seen_sides.add("bot")
        if seen_sides == {"you", "bot"}:
            return
        html = player.step(html)
    raise AssertionError(f"the deal did not pass to both sides: {seen_sides}")
