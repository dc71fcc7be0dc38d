"""The coach at the table (issue 14, point 3): the setting kept per learner, the
hint before a discard or a card (the same analysis grading judges with), the
verdict after it, the win meter, the review's chance to win lost and its chart,
and nothing of the bots' hands in any page with the coach on."""

from __future__ import annotations

import html as htmllib
import json
import re

import pytest

from engine.analysis.discard import analyse_discards
from engine.analysis.play import PeggingView
from engine.analysis.winprob import table_for, win_probability
from engine.bots.levels import discard_win_chances
from engine.events import Dealt
from engine.players import PlayerView
from trainer.drills import grading
from trainer.play import coach
from trainer.play.notes import DiscardNote, PlayNote
from trainer.record import learners, table_settings
from trainer.record.table_settings import TableSettings

from .helpers import page_text
from .test_play import TablePlayer, start

LEARNER = 0  # the seat these games give the learner


@pytest.fixture
def seeded(app):
    """New games deal the same cards every run."""
    app.config["PLAY_SEED"] = 11
    return app


def coach_on(learner, on: bool = True):
    data = {"animation": "off", **({"coach": "y"} if on else {})}
    response = learner.post("/settings/", data, page="/settings/")
    assert response.status_code == 302
    return response


def hint_best(html: str) -> list[str]:
    match = re.search(r'data-testid="hint" data-best="([^"]*)"', html)
    assert match, "no hint on the page"
    return match.group(1).split()


def hint_text(html: str) -> str:
    return htmllib.unescape(re.search(r'data-testid="hint"[^>]*>([^<]*)<', html).group(1))


def verdict_text(html: str) -> str:
    match = re.search(r'data-testid="verdict">(.*?)</p>', html, flags=re.S)
    assert match, "no verdict on the page"
    return htmllib.unescape(re.sub(r"<[^>]+>", "", match.group(1)))


def notes_of(player: TablePlayer) -> list[dict]:
    return json.loads(player.saved()[1].notes)


def until_play_choice(player: TablePlayer, html: str) -> str:
    """Moves until the learner must choose between cards of different ranks."""
    for _ in range(400):
        if 'value="play"' in html and 'data-testid="hint"' in html and "Only the" not in hint_text(html):
            return html
        html = player.step(html)
    raise AssertionError("no choice of cards came up")


# ---------------------------------------------------------------- the setting


def test_the_coach_is_off_by_default_and_kept_per_learner(app, learner):
    with app.app_context():
        assert table_settings.settings_of(learners.learner_by_name("Ann").id).coach is False
    url = start(learner)
    html = learner.client.get(url).get_data(as_text=True)
    assert 'name="coach" value="y" data-testid="coach-setting">' in html  # in the menu, unticked
    assert 'data-testid="hint"' not in html and 'data-testid="win-meter"' not in html
    coach_on(learner)
    with app.app_context():
        assert table_settings.settings_of(learners.learner_by_name("Ann").id) == TableSettings(
            animation=table_settings.Animation.OFF, coach=True)
    html = learner.client.get(url).get_data(as_text=True)
    assert 'data-testid="coach-setting" checked' in html and 'data-testid="hint"' in html
    assert 'name="coach" value="y" checked' in learner.client.get("/settings/").get_data(as_text=True)
    learner.new("Bob")
    with app.app_context():
        assert table_settings.settings_of(learners.learner_by_name("Bob").id).coach is False
        assert table_settings.settings_of(learners.learner_by_name("Ann").id).coach is True
    coach_on(learner, False)  # an unticked box turns it off
    with app.app_context():
        assert table_settings.settings_of(learners.learner_by_name("Bob").id).coach is False


# ---------------------------------------------------------------- hints and verdicts


def test_the_discard_hint_is_gradings_best_and_taking_it_is_best(seeded, learner):
    coach_on(learner)
    player = TablePlayer(seeded, learner, start(learner, length="121"))
    html = player.page()
    game, row = player.saved()
    hand = game.hand(LEARNER)
    options = analyse_discards(hand, dealer=game.dealer == LEARNER)
    best = grading.best_discards(options)
    assert set(hint_best(html)) == set(str(c) for c in best[0].discard)
    # its expected points and chance to win, as the page prints them
    view = PlayerView.of(game, LEARNER)
    chance = discard_win_chances(view, options, table_for(game.rules))[0]
    assert f"{best[0].net_ev:+.2f}".replace("-", "−") in hint_text(html)
    assert f"{coach.percent(chance)} to win" in hint_text(html)
    html = player.post(html, "discard", card=hint_best(html))
    assert verdict_text(html).startswith("Your discard: Best discard")
    note = DiscardNote.from_dict(notes_of(player)[0])
    assert note.was_best and note.win is not None and note.best_win is not None


def test_without_the_coach_a_discard_is_graded_but_its_chance_to_win_is_not_paid_for(seeded, learner):
    """The chance to win costs tens of milliseconds a move: only a coached learner's moves pay it."""
    coach_on(learner, on=False)
    player = TablePlayer(seeded, learner, start(learner, length="121"))
    html = player.page()
    game, _ = player.saved()
    options = analyse_discards(game.hand(LEARNER), dealer=game.dealer == LEARNER)
    player.post(html, "discard", card=[str(c) for c in options[0].discard])
    note = DiscardNote.from_dict(notes_of(player)[0])
    assert note.was_best and note.win is None and note.best_win is None


def test_a_worse_discard_gets_the_points_it_gave_away(seeded, learner):
    coach_on(learner)
    player = TablePlayer(seeded, learner, start(learner, length="121"))
    html = player.page()
    game, _ = player.saved()
    hand = game.hand(LEARNER)
    options = analyse_discards(hand, dealer=game.dealer == LEARNER)
    worst = options[-1]
    html = player.post(html, "discard", card=[str(c) for c in worst.discard])
    lost = round(options[0].net_ev - worst.net_ev, grading.DISCARD_DIGITS)
    keep = " ".join(c.pretty for c in hand if c not in options[0].discard)
    assert verdict_text(html).startswith(f"Your discard: −{lost:.2f} points against keeping {keep}")
    note = DiscardNote.from_dict(notes_of(player)[0])
    assert note.lost == lost
    assert note.win_lost == max(0.0, note.best_win - note.win) > 0 or note.win_lost == 0


def test_the_card_hint_is_gradings_best_and_playing_it_is_best_play(seeded, learner):
    coach_on(learner)
    player = TablePlayer(seeded, learner, start(learner, length="121"))
    html = until_play_choice(player, player.page())
    game, row = player.saved()
    view = PlayerView.of(game, LEARNER)
    options = grading.play_options(PeggingView.of(view), row.bot_seed + len(game.log))
    assert hint_best(html) == [str(options[0].card)]
    assert f"{options[0].expected_net:+.2f}".replace("-", "−") in hint_text(html)
    html = player.post(html, "play", card=hint_best(html)[0])
    assert "Your card: Best play" in verdict_text(html)
    note = PlayNote.from_dict(notes_of(player)[-1])
    assert note.card == options[0].card and note.lost == 0 and note.was_best


def test_a_worse_card_gets_the_points_it_gave_away(seeded, learner):
    coach_on(learner)
    player = TablePlayer(seeded, learner, start(learner, length="121"))
    for _ in range(6):  # the first choice where the worst card is clearly worse
        html = until_play_choice(player, player.page())
        game, row = player.saved()
        options = grading.play_options(PeggingView.of(PlayerView.of(game, LEARNER)), row.bot_seed + len(game.log))
        worst = options[-1]
        lost = round(options[0].expected_net - worst.expected_net, grading.PLAY_DIGITS)
        html = player.post(html, "play", card=str(worst.card))
        if not grading.is_best_play(lost):
            assert f"Your card: −{lost:.2f} points against the {options[0].card.pretty}" in verdict_text(html)
            assert PlayNote.from_dict(notes_of(player)[-1]).lost == lost
            return
    raise AssertionError("every card was as good as the best")


# ---------------------------------------------------------------- the meter


@pytest.mark.slow
def test_the_meter_is_the_win_table_at_the_scores_shown(seeded, learner):
    coach_on(learner)
    player = TablePlayer(seeded, learner, start(learner, length="61"))
    html = player.page()
    checked = 0
    for _ in range(60):
        game, row = player.saved()
        scores = [int(s) for s in re.findall(r'data-side-score="\d">(\d+)<', html)]
        dealer = 0 if re.search(r"Your crib", html) else 1
        shown = float(re.search(r'data-win="([0-9.]+)"', html).group(1))
        assert shown == round(win_probability(scores[0], scores[1], dealer == 0, 61), 4)
        assert f'aria-valuenow="{round(100 * shown)}"' in html and 'role="meter"' in html
        if 'value="continue"' in html or 'value="go"' in html:  # the reveal is behind the game: no hint
            assert 'data-testid="hint"' not in html
        checked += 1
        if "See the results" in html:
            break
        html = player.step(html)
    assert checked > 20


def test_no_meter_with_three_players_and_the_page_says_why(seeded, learner):
    coach_on(learner)
    html = learner.client.get(start(learner, variant="three-player")).get_data(as_text=True)
    assert 'data-testid="win-meter"' not in html
    assert "No chance to win with more than two players" in page_text_of(html)
    assert 'data-testid="hint"' in html  # the discard is still hinted (by expected points)


def test_no_hint_in_giveaway(seeded, learner):
    coach_on(learner)
    html = learner.client.get(start(learner, giveaway="on")).get_data(as_text=True)
    assert 'data-testid="hint"' not in html and 'data-testid="win-meter"' not in html
    assert "giveaway" in page_text_of(html)


def page_text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", htmllib.unescape(html)))


# ---------------------------------------------------------------- a whole game, and the review


@pytest.mark.slow
def test_a_whole_game_with_the_coach_shows_no_bot_card_and_the_review_counts_the_chances(seeded, learner):
    coach_on(learner)
    player = TablePlayer(seeded, learner, start(learner, length="61"))
    player.play_to_end()  # every page checked: no card the learner may not know (the hints included)
    notes = [json.loads(n) if isinstance(n, str) else n for n in notes_of(player)]
    # every discard has its chances; a card only where there was a choice (one legal card: nothing to weigh)
    assert all(n["win"] is not None and n["best_win"] is not None for n in notes if n["kind"] == "discard")
    assert any(n["win"] is not None for n in notes if n["kind"] == "play")
    response = learner.client.get(player.url + "/review")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Chance to win lost" in html and 'data-testid="win-chart"' in html
    game, row = player.saved()
    plays = [PlayNote.from_dict(n) for n in notes if n["kind"] == "play"]
    cells = re.findall(r'data-testid="play-win-lost">(.*?)</td>', html)
    assert len(cells) == len(plays)
    for note, cell in zip(plays, cells):
        text = re.sub(r"<[^>]+>", "", cell)
        if note.win_lost is None:
            assert text == "—"
        elif note.win_lost < 0.0005:
            assert text == "0"
        else:  # a loss names the card that keeps the chance, never the card played
            assert note.win_better is not None and note.win_better != note.card
            assert text == f"{100 * note.win_lost:.1f}% against the {note.win_better.pretty}"
    discards = [DiscardNote.from_dict(n) for n in notes if n["kind"] == "discard"]
    assert len(re.findall(r'data-testid="discard-win-lost"', html)) == len(discards)
    # the chart: one point a deal, one after each decision, and the end
    deals = len(discards)
    assert html.count("<circle") == deals + sum(n["win"] is not None for n in notes) + 1
    assert "at the end" in page_text(response)


@pytest.mark.slow
def test_the_win_series_starts_each_deal_from_the_table(seeded, learner):
    player = TablePlayer(seeded, learner, start(learner, length="61"))
    player.play_to_end()
    game, row = player.saved()
    log = game.log_seen_by(LEARNER)
    series = coach.win_series(game.rules, LEARNER, log, [], bool(row.won))
    first = next(e for e in log if isinstance(e, Dealt))
    assert series[0].deal_start and series[0].win == win_probability(0, 0, first.dealer == LEARNER, 61)
    assert len(series) == sum(isinstance(e, Dealt) for e in log) + 1
    assert series[-1].win == (1.0 if row.won else 0.0)
    assert all(0 <= p.win <= 1 for p in series)


@pytest.mark.slow
def test_the_verdict_goes_when_the_moment_it_judged_has_passed(seeded, learner):
    """A verdict on the discard or a card stays through the cut and the play; in
    the show and at the end of the game it is gone."""
    coach_on(learner)
    player = TablePlayer(seeded, learner, start(learner, length="61"))
    html = player.page()
    in_play = shows = 0
    for _ in range(600):
        if "See the results" in html:
            break
        if 'data-testid="show"' in html:
            shows += 1
            assert 'data-testid="verdict"' not in html, "a verdict in the show"
        elif 'value="play"' in html and notes_of(player) and notes_of(player)[-1]["kind"] == "play":
            in_play += 'data-testid="verdict"' in html
        html = player.step(html)
    assert "See the results" in html and 'data-testid="verdict"' not in html
    assert shows and in_play, "the game never showed a count, or never a verdict in the play"
