"""Arnold's and Hoyle's solitaire through the test client: whole games with the
learner counting, missed points lost, best scores, and every bad input; Arnold's
discarded one hand at a time with a winning total the learner chooses (RULES.md §5)."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from sqlalchemy import select

from engine.analysis.discard import analyse_discards
from engine.cards import DECK, Card
from engine.scoring import his_heels, score_show
from engine.solitaire import ArnoldSolitaire
from trainer.database import db
from trainer.play.models import SolitaireGame

from .helpers import hidden_csrf_token as token
from .helpers import page_text

NAMES = {"ace": "A", "jack": "J", "queen": "Q", "king": "K"}


def version(html: str) -> str:
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def start(learner, kind: str, **fields: str) -> str:
    response = learner.post("/solitaire/new", {"kind": kind, **fields}, page="/solitaire/")
    assert response.status_code == 302
    return response.headers["Location"]


def counts_due(html: str) -> list[tuple[str, list[Card], Card | None, bool]]:
    """(field name, cards, starter, is crib) for each count the page asks for."""
    form = html.split('class="solitaire-count"', 1)[1]
    found = []
    for block in form.split('<div class="count-line">')[1:]:
        what = re.search(r"<h3>([^<]+)</h3>", block).group(1)
        labels = re.findall(r'aria-label="(\w+) of (\w+)"', block.split('class="stepper"')[0])
        cards = [Card.parse(NAMES.get(r, r) + s[0].upper()) for r, s in labels]
        field = re.search(r'name="(count-\d+)"', block).group(1)
        has_starter = 'class="starter with"' in block.split('class="stepper"')[0]
        starter = cards.pop() if has_starter else None
        found.append((field, cards, starter, what == "Crib"))
    return found


def play_whole(learner, url: str, under_claim_once: bool = True) -> tuple[str, int]:
    missed = 0
    for _ in range(40):
        html = learner.client.get(url).get_data(as_text=True)
        if "Play again" in html:
            return html, missed
        if 'value="count"' in html:
            fields = {"csrf_token": token(html), "version": version(html), "action": "count"}
            for field, cards, starter, crib in counts_due(html):
                true = score_show(cards, starter, crib=crib).total
                claim = true
                if under_claim_once and not missed and true:
                    claim, missed = true - 1, 1
                fields[field] = str(claim)
            assert learner.client.post(url, data=fields).status_code == 302
            continue
        fields = {"csrf_token": token(html), "version": version(html), "action": "discard",
                  "card": re.findall(r'name="card" value="(\w+)"', html)[:2]}
        assert learner.client.post(url, data=fields).status_code == 302
    raise AssertionError("the solitaire did not end")


@pytest.mark.parametrize("kind, deals", [("arnold", 4), ("hoyle", 6)])
def test_a_whole_solitaire_counts_every_hand_and_keeps_a_best_score(learner, kind, deals):
    url = start(learner, kind)
    html, missed = play_whole(learner, url)
    assert missed == 1
    score = int(re.search(r'data-testid="solitaire-score">(\d+)<', html).group(1))
    held = int(re.search(r"the cards held (\d+)\)", html).group(1))
    assert score == held - missed
    assert "Your best scores" in html
    index = learner.client.get("/solitaire/").get_data(as_text=True)
    assert f">{score}</a>" in index


def test_bad_solitaire_input_is_a_message(learner):
    assert "Choose Arnold" in learner.post("/solitaire/new", {"kind": "klondike"}, page="/solitaire/",
                                           follow_redirects=True).get_data(as_text=True)
    for target in ("100", "122", "lots"):
        assert "from 101 to 121" in learner.post("/solitaire/new", {"kind": "arnold", "target": target},
                                                 page="/solitaire/", follow_redirects=True).get_data(as_text=True)
    url = start(learner, "arnold")
    html = learner.client.get(url).get_data(as_text=True)
    first = re.findall(r'name="card" value="(\w+)"', html)
    base = {"csrf_token": token(html), "version": version(html)}

    def send(**fields):
        return learner.client.post(url, data={**base, **fields}, follow_redirects=True).get_data(as_text=True)

    assert "Pick exactly 2 cards" in send(action="discard", card=first[:1])
    assert "Pick exactly 2 cards" in send(action="discard", card=first[:3])
    assert "picked the" in send(action="discard", card=[first[0], first[0]])  # the same card twice
    elsewhere = next(str(card) for card in DECK if str(card) not in first)
    assert "not in that hand" in send(action="discard", card=[first[0], elsewhere])
    assert "Pick cards" in send(action="discard", card=["XX", "YY"])
    assert "nothing to count" in send(action="count")
    assert "not something" in send(action="shuffle")
    assert "older page" in send(action="discard", version="99", card=first[:2])
    send(action="discard", card=first[:2])
    html = learner.client.get(url).get_data(as_text=True)
    second = re.findall(r'name="card" value="(\w+)"', html)
    base = {"csrf_token": token(html), "version": version(html)}
    assert "not in that hand" in send(action="discard", card=first[2:4])  # the first hand is done
    send(action="discard", card=second[:2])
    html = learner.client.get(url).get_data(as_text=True)
    field = re.search(r'name="(count-\d+)"', html).group(1)
    base = {"csrf_token": token(html), "version": version(html)}
    assert "First count" in send(action="discard", card=second[2:4])
    assert "Type a number" in send(action="count", **{field: "many"})
    assert "more than 29" in send(action="count", **{field: "40"})
    learner.new("Bob")
    assert learner.client.get(url).status_code == 404
    assert learner.post(url, {"action": "count"}, page="/solitaire/").status_code == 404


def saved(app, url: str) -> dict:
    """The engine state saved for the solitaire at ``url`` (what the server knows, the page must not show)."""
    with app.app_context():
        row = db.session.scalars(select(SolitaireGame).where(SolitaireGame.id == int(url.rsplit("/", 1)[1]))).one()
        return json.loads(row.state)


def card_names(cards) -> set[str]:
    return {str(c) for c in cards}


def test_arnolds_second_hand_is_not_on_the_page_before_the_first_discard_rules_5(app, learner):
    """RULES.md §5: look at the first hand and lay two away, then look at the
    second; the browser gets only what the player may see."""
    url = start(learner, "arnold")
    deck = [Card.parse(c) for c in saved(app, url)["deck"]]
    for deal in range(2):
        base = 13 * deal
        first, second, starter = deck[base : base + 6], deck[base + 6 : base + 12], deck[base + 12]
        html = learner.client.get(url).get_data(as_text=True)
        shown = set(re.findall(r'name="card" value="(\w+)"', html))
        assert shown == card_names(first)
        for c in [*second, starter]:
            assert re.search(rf"{CARD_LABEL(c)}", html) is None, f"{c} of the unseen second hand is on the page"
        assert "Hand 1 of 2" in page_text(learner.client.get(url))
        learner.post(url, {"version": version(html), "action": "discard", "card": [str(c) for c in first[:2]]}, page=url)
        html = learner.client.get(url).get_data(as_text=True)
        assert set(re.findall(r'name="card" value="(\w+)"', html)) == card_names(second)
        assert "Hand 2 of 2" in page_text(learner.client.get(url))
        assert re.search(CARD_LABEL(starter), html) is None, "the starter is turned only after both discards"
        learner.post(url, {"version": version(html), "action": "discard", "card": [str(c) for c in second[:2]]}, page=url)
        html = learner.client.get(url).get_data(as_text=True)
        fields = {field: str(score_show(cards, st, crib=crib).total) for field, cards, st, crib in counts_due(html)}
        learner.post(url, {"version": version(html), "action": "count", **fields}, page=url)


SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def CARD_LABEL(c: Card) -> str:  # noqa: N802 - reads like the label it matches
    """The accessible label the card macro gives ``c`` ("five of hearts" style: "5 of hearts")."""
    rank = {v: k for k, v in NAMES.items()}.get(c.rank.text, c.rank.text)
    return rf'aria-label="{rank} of {SUITS[c.suit.value]}"'


def test_the_header_shows_the_deal_being_counted(learner):
    """Counting the first deal, the header says deal 1 (it said "2 of 4")."""
    for kind, deals in (("arnold", 4), ("hoyle", 6)):
        url = start(learner, kind)
        for _ in range(2 if kind == "arnold" else 1):
            html = learner.client.get(url).get_data(as_text=True)
            assert "Deal 1 of" in page_text(learner.client.get(url))
            learner.post(url, {"version": version(html), "action": "discard",
                               "card": re.findall(r'name="card" value="(\w+)"', html)[:2]}, page=url)
        counting = page_text(learner.client.get(url))
        assert "Count each one" in counting and f"Deal 1 of {deals}" in counting, counting


def best_plan(deck: list[Card]) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """The discards that score most for each deal, knowing the starter (a test may peek)."""
    plan = []
    for deal in range(4):
        cards = deck[13 * deal : 13 * deal + 13]
        hand1, hand2, starter = cards[0:6], cards[6:12], cards[12]

        def total(d1, d2, hand1=hand1, hand2=hand2, starter=starter):
            return (score_show([c for c in hand1 if c not in d1], starter).total
                    + score_show([c for c in hand2 if c not in d2], starter).total
                    + score_show(d1 + d2, starter, crib=True).total)

        plan.append(max(itertools.product(itertools.combinations(hand1, 2), itertools.combinations(hand2, 2)),
                        key=lambda pair: total(*pair)))
    return plan


@pytest.mark.slow
@pytest.mark.parametrize("target, wins", [(107, True), (121, False), (101, True), (108, False)])
def test_arnolds_result_is_judged_by_the_chosen_target_rules_5(app, learner, target, wins):
    """RULES.md §5: Arnold's winning total is the player's choice from 101 to
    121; a game of 107 points wins at 107 (it was called a loss against 121)."""
    app.config["SOLITAIRE_SEED"] = 8  # the best discards of this shuffle hold 117
    url = start(learner, "arnold", target=str(target))
    deck = [Card.parse(c) for c in saved(app, url)["deck"]]
    assert saved(app, url)["target"] == target
    plan = best_plan(deck)
    held = sum(score_show([c for c in deck[13 * d : 13 * d + 6] if c not in d1], deck[13 * d + 12]).total
               + score_show([c for c in deck[13 * d + 6 : 13 * d + 12] if c not in d2], deck[13 * d + 12]).total
               + score_show(d1 + d2, deck[13 * d + 12], crib=True).total
               + (2 if his_heels(deck[13 * d + 12]) else 0)
               for d, (d1, d2) in enumerate(plan))
    assert held >= 107
    to_drop = held - 107  # under-claim these so the game ends on exactly 107
    html = learner.client.get(url).get_data(as_text=True)
    assert "To win" in page_text(learner.client.get(url)) and f'data-testid="solitaire-goal">{target}<' in html
    for d1, d2 in plan:
        for cards in (d1, d2):
            html = learner.client.get(url).get_data(as_text=True)
            learner.post(url, {"version": version(html), "action": "discard", "card": [str(c) for c in cards]},
                         page=url)
        html = learner.client.get(url).get_data(as_text=True)
        fields = {}
        for field, cards, starter, crib in counts_due(html):
            true = score_show(cards, starter, crib=crib).total
            drop = min(true, to_drop)
            to_drop -= drop
            fields[field] = str(true - drop)
        learner.post(url, {"version": version(html), "action": "count", **fields}, page=url)
    html = learner.client.get(url).get_data(as_text=True)
    assert re.search(r'data-testid="solitaire-score">107<', html)
    assert f"the cards held {held})" in html
    assert ("You won" in html) is wins and ("Not this time" in html) is not wins
    assert ArnoldSolitaire.from_dict(saved(app, url)).target == target


def test_a_solitaire_saved_before_the_two_step_discard_still_plays(app, learner):
    """A learner's Arnold's game saved in the old format (version 1, no "laid")
    loads, shows its first hand only and plays on."""
    url = start(learner, "arnold")
    state = saved(app, url)
    state["version"] = 1
    del state["laid"]
    with app.app_context():
        row = db.session.get(SolitaireGame, int(url.rsplit("/", 1)[1]))
        row.state = json.dumps(state)
        db.session.commit()
    html, _ = play_whole(learner, url, under_claim_once=False)
    assert "the cards held" in html and 'data-testid="solitaire-goal">121<' in html


@pytest.mark.parametrize("kind", ["arnold", "hoyle"])
def test_a_discard_is_told_what_it_kept_and_laid_away_with_the_drills_verdict(learner, kind):
    """Issue 19: after laying two away the page says what was kept and laid away,
    and the discard analysis' verdict on it (the crib is the player's own)."""
    url = start(learner, kind)
    html = learner.client.get(url).get_data(as_text=True)
    hand = [Card.parse(c) for c in re.findall(r'name="card" value="(\w+)"', html)]
    options = analyse_discards(hand, dealer=True)
    laid = options[-1].discard
    fields = {"csrf_token": token(html), "version": version(html), "action": "discard",
              "card": [str(c) for c in laid]}
    assert learner.client.post(url, data=fields).status_code == 302
    text = page_text(learner.client.get(url))
    kept = " ".join(c.pretty for c in sorted(c for c in hand if c not in laid))
    away = " ".join(c.pretty for c in sorted(laid))
    said = re.search(f"You kept {kept} and laid {away} away to your crib: ([0-9.]+) points on average against keeping",
                     text)
    # Recorded to four places and shown to two, a loss like 6.015 may read 6.01 or 6.02.
    assert abs(float(said.group(1)) - (options[0].net_ev - options[-1].net_ev)) <= 0.01
    url = start(learner, kind)
    html = learner.client.get(url).get_data(as_text=True)
    hand = [Card.parse(c) for c in re.findall(r'name="card" value="(\w+)"', html)]
    best = analyse_discards(hand, dealer=True)[0]
    fields = {"csrf_token": token(html), "version": version(html), "action": "discard",
              "card": [str(c) for c in best.discard]}
    assert learner.client.post(url, data=fields).status_code == 302
    assert f"the best discard ({best.net_ev:.2f} points expected from hand and crib)" in page_text(learner.client.get(url))
