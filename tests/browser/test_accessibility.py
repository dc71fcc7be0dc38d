"""Every page through axe-core (the WCAG 2 A and AA rules), in Chromium at
phone width: no serious or critical violation anywhere, and nothing wider than
the screen (no sideways scrolling at 390 px).  The drills' result pages (a right
and a wrong answer of every drill) and the review go through every rule axe runs
by default, best practices included (a page's one h1, landmarks named apart),
in English and in Russian, with no violation of any impact.  The game's pages, at every kind
of stop of two-, three- and four-player games in both languages, pass every
rule axe runs by default (and WCAG 2.5.3's label-in-name) at moderate impact
or worse; their stops are reached through the services, not by playing whole
games in the browser.

The pages are reached as a learner reaches them (a profile, a drill and its
answer, a game at the table, a solitaire, a lesson), so the audit sees the
markup real visits produce, flashes and forms included.  Accessibility does
not depend on the database, so this runs on SQLite only.
"""

from __future__ import annotations

import random
import re

import pytest

from engine.bots.levels import Level
from engine.rules import Counting
from engine.scoring import ScoreKind
from trainer import database
from trainer.drills import grading
from trainer.drills.answers import BestCard, ByCategory, Claims, LaidAway, PegPoints, ShowOptions, Total
from trainer.drills.checking import AnswerMode, Claim
from trainer.drills.deal import ShowDeal, best_play_question, deal_discard, pegging_moment
from trainer.play import choices
from trainer.record import attempts, learners
from trainer.record.attempts import DrillKind

from .helpers import sign_in, submit
from .table_stops import each_kind_of_stop, learner_id, new_game, set_table

axe_playwright = pytest.importorskip("axe_playwright_python.sync_playwright")

#: The axe rule sets audited: WCAG 2.0 and 2.1, levels A and AA.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: Impacts that fail the audit.
BLOCKING = {"serious", "critical"}


def audit(page) -> list[str]:
    """The page's blocking violations as readable lines (rule, impact, where)."""
    results = axe_playwright.Axe().run(
        page, options={"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
    )
    problems = []
    for violation in results.response["violations"]:
        if violation["impact"] in BLOCKING:
            targets = ", ".join(str(node["target"]) for node in violation["nodes"][:3])
            problems.append(f"{page.url}: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return problems


def audit_every_rule(page) -> list[str]:
    """The page's violations of every rule axe runs by default (not only the WCAG
    tags: best practices too), of any impact, as readable lines."""
    results = axe_playwright.Axe().run(page, options={"resultTypes": ["violations"]})
    return [
        f"{page.url}: {violation['id']} ({violation['impact']}): {violation['help']} at "
        + ", ".join(str(node["target"]) for node in violation["nodes"][:3])
        for violation in results.response["violations"]
    ]


def overflow(page) -> str | None:
    """What is wider than the screen, or a table cell whose words spill out of it (a
    long word in a narrow column: Russian has many), or None."""
    wide = page.evaluate(
        """() => {
            const width = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth <= width) return null;
            const culprit = [...document.querySelectorAll('body *')].find(e => e.getBoundingClientRect().right > width + 1);
            return culprit ? culprit.outerHTML.slice(0, 160) : 'the page';
        }"""
    )
    if wide:
        return f"{page.url}: wider than {page.viewport_size['width']} px: {wide}"
    spilt = page.evaluate(
        """() => {
            const cell = [...document.querySelectorAll('td, th')].find(c => c.scrollWidth > c.clientWidth + 1);
            return cell ? cell.outerHTML.slice(0, 160) : null;
        }"""
    )
    return f"{page.url}: a word wider than its table cell: {spilt}" if spilt else None


def visit_everything(page, server):
    """Walk the trainer as a learner would, yielding after each page is loaded."""
    page.goto(server.url + "/")
    yield  # the first visit: no profile yet
    sign_in(page, server)
    yield  # a count drill
    page.get_by_role("button", name=re.compile("Check|Submit|Answer", re.I)).first.click()
    yield  # the browser's message for an empty answer (the total is required): no navigation
    for path in ("/pegging/", "/pegging/best", "/discard/", "/review/", "/review/history", "/lessons/",
                 "/play/", "/solitaire/", "/settings/"):
        page.goto(server.url + path)
        yield
    page.goto(server.url + "/lessons/")
    # axe run on a page still being replaced finds no document: wait for the next one
    submit(page, page.locator("main a[href^='/lessons/']").first.click)
    yield  # a lesson
    page.goto(server.url + "/discard/")
    page.locator("input[name=card]").nth(0).check()
    page.locator("input[name=card]").nth(1).check()
    submit(page, page.locator("form button[type=submit]").last.click)
    yield  # the discard analysis
    page.goto(server.url + "/play/")
    page.locator("form[action$='/play/new'] button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/play/\d+$"))
    yield  # a game at the table
    page.goto(server.url + "/rooms/")
    yield  # play with people: the set-up
    page.locator("input[name=variant][value=four-player]").check(force=True)
    page.get_by_test_id("open-room").click()
    page.wait_for_url(re.compile(r"/rooms/\d+$"))
    yield  # a table of teams gathering, as its host sees it: each seat's team, which seat to keep
    page.get_by_test_id("fill-bots").click()
    page.wait_for_url(re.compile(r"/rooms/\d+$"))
    page.get_by_test_id("start").click()
    page.wait_for_url(re.compile(r"/play/\d+$"))
    yield  # a playroom's table: the phrases, followed live
    page.goto(server.url + "/solitaire/")
    page.locator("form[action$='/solitaire/new'] button[type=submit]").first.click()
    page.wait_for_url(re.compile(r"/solitaire/\d+$"))
    yield  # a solitaire


def check(page, problems: list[str]) -> None:
    problems += audit(page)
    wide = overflow(page)
    if wide:
        problems.append(wide)


def test_every_page_passes_axe_at_phone_width(live_server, page):
    live_server.app.config["DRILL_SEED"] = 5  # the same deals every run: a failure can be replayed
    problems: list[str] = []
    for _ in visit_everything(page, live_server):
        check(page, problems)
    assert not problems, "\n".join(problems)


#: Every rule axe runs by default (best practices too: a page's h1, regions), and
#: WCAG 2.5.3's label-in-name, which axe still files as experimental.
ALL_RULES = {"rules": {"label-content-name-mismatch": {"enabled": True}}, "resultTypes": ["violations"]}
#: On the game's pages every impact but minor fails (moderate: a page with no h1).
GAME_BLOCKING = {"moderate", "serious", "critical"}


def audit_everything(page) -> list[str]:
    """The page's violations of every default rule (and label-in-name) at moderate impact or worse."""
    results = axe_playwright.Axe().run(page, options=ALL_RULES)
    return [f"{page.url}: {v['id']} ({v['impact']}): {v['help']} at "
            + ", ".join(str(node["target"]) for node in v["nodes"][:3])
            for v in results.response["violations"] if v["impact"] in GAME_BLOCKING]


GAMES = {
    "two players": choices.GameSetup(Level.EASY, "six-card", "61", Counting.MUGGINS),
    "three players": choices.GameSetup(Level.EASY, "three-player", "61", Counting.MUGGINS),
    "four players": choices.GameSetup(Level.EASY, "four-player", "61", Counting.AUTOMATIC),
}


# Two players in both languages; the bigger tables (their seats, boards and score lines)
# each in one: the words of every kind of stop are already read in both (8 s a table).
@pytest.mark.parametrize("players, language", [("two players", "en"), ("two players", "ru"),
                                               ("three players", "ru"), ("four players", "en")])
def test_every_kind_of_stop_of_a_game_passes_every_axe_rule(live_server, page, players, language):
    """The table at each kind of stop (a discard, the cut, a card, a go, a claim,
    a muggins call, the show, the end of a deal, the end), the results and the
    review, with the coach on, in both languages: reached through the services,
    each page opened once in the browser."""
    app = live_server.app
    sign_in(page, live_server, language=language)
    who = learner_id(app)
    set_table(app, who, coach=True)
    game_id = new_game(app, who, GAMES[players])
    url = f"{live_server.url}/play/{game_id}"
    problems: list[str] = []
    kinds = []
    for kind in each_kind_of_stop(app, who, game_id):
        kinds.append(kind)
        page.goto(url)
        if page.locator("details[data-hint] summary").count():  # the coach's hint, open
            page.locator("details[data-hint] summary").click()
        problems += audit_everything(page) + [p for p in [overflow(page)] if p]
    assert {"discard", "play", "show", "next deal", "over"} <= set(kinds), kinds
    for path in ("/results", "/review"):
        page.goto(url + path)
        problems += audit_everything(page) + [p for p in [overflow(page)] if p]
    assert not problems, "\n".join(problems)


#: Where each kind of attempt's result is shown.
RESULT_PATHS = {
    DrillKind.SHOW: "/show/result/{}", DrillKind.PEGGING: "/pegging/result/{}",
    DrillKind.BEST_PLAY: "/pegging/best/result/{}", DrillKind.DISCARD: "/discard/result/{}",
}


def answer_every_drill(app, name: str) -> list[str]:
    """Record a right and a wrong answer of every drill for ``name`` (each way of
    counting a hand, a count too low and too high), graded as the drills grade
    them; the paths of their result pages."""
    hand = ShowDeal.from_dict({"hand": "4C 5D 6H KC", "starter": "5S", "crib": False})  # 16
    trap = ShowDeal.from_dict({"hand": "3H 4H 5H KC", "starter": "6H", "crib": False})  # 8, three hearts and a heart starter
    graded = [
        grading.grade_show(hand, ShowOptions(), Total(16)),
        grading.grade_show(hand, ShowOptions(), Total(13)),
        grading.grade_show(trap, ShowOptions(), Total(12)),
        grading.grade_show(hand, ShowOptions(AnswerMode.CATEGORY), ByCategory.of(
            {ScoreKind.FIFTEEN: 10, ScoreKind.PAIR: 2, ScoreKind.RUN: 3})),  # fifteens too many, runs too few
        grading.grade_show(hand, ShowOptions(AnswerMode.CLAIMS), Claims((
            Claim.parse("fifteen", "KC 5D"), Claim.parse("pair", "KC 5S"), Claim.parse("run", "4C 5D 6H")))),
    ]
    rng = random.Random(3)
    moment = pegging_moment(rng)
    graded += [grading.grade_pegging(moment, PegPoints(moment.points, moment.play().count)),
               grading.grade_pegging(moment, PegPoints(moment.points + 1, moment.play().count))]
    while True:
        question = best_play_question(rng)
        options = grading.best_play_options(question)
        if not grading.is_best_play(options[0].expected_net - options[-1].expected_net):
            break
    graded += [grading.grade_best_play(question, BestCard(options[0].card), options=options),
               grading.grade_best_play(question, BestCard(options[-1].card), options=options)]
    deal = deal_discard(rng)
    discards = grading.judge_discard(deal, LaidAway(deal.cards[:2])).options
    graded += [grading.grade_discard(deal, LaidAway(discards[0].discard), options=discards),
               grading.grade_discard(deal, LaidAway(discards[-1].discard), options=discards)]
    assert [g.attempt.correct for g in graded] == [True, False, False, False, False] + [True, False] * 3
    with app.app_context():
        ids = attempts.record_attempts(learners.learner_by_name(name).id, [g.attempt for g in graded])
        database.commit()
    return [RESULT_PATHS[g.attempt.kind].format(i) for g, i in zip(graded, ids)]


@pytest.mark.parametrize("language", ["English", "Русский"])
def test_every_drill_result_and_the_review_pass_every_axe_rule(live_server, page, language):
    """A right and a wrong answer of each drill, the review and the history: every
    rule axe runs by default, no violation of any impact, nothing wider than a phone."""
    sign_in(page, live_server)
    with page.expect_navigation():
        page.get_by_role("button", name=language).click()
    with live_server.app.app_context():  # a history of more than a page, so it has its pagers above and below
        earlier = grading.grade_show(ShowDeal.from_dict({"hand": "5H 5D 5S JC", "starter": "5C"}), ShowOptions(), Total(29))
        attempts.record_attempts(learners.learner_by_name("Ann").id, [earlier.attempt] * 50)
        database.commit()
    problems: list[str] = []
    for path in answer_every_drill(live_server.app, "Ann") + ["/review/", "/review/history"]:
        page.goto(live_server.url + path)
        assert page.locator("h1").count() == 1, path
        if path == "/review/history":
            assert page.locator("nav.pager").count() == 2
        problems += audit_every_rule(page)
        wide = overflow(page)
        if wide:
            problems.append(wide)
    assert not problems, "\n".join(problems)
def test_the_full_audit_finds_a_button_whose_name_hides_its_text(page):
    """The rule the WCAG tags alone left out: a card button named "play the 2♣"
    that shows 2♣1 (its key) breaks WCAG 2.5.3, and so does a page with no h1."""
    page.set_content(
        '<html lang="en"><head><title>t</title></head><body><main>'
        '<button aria-label="play the card">2♣ one</button></main></body></html>'
    )
    found = " ".join(audit_everything(page))
    assert "label-content-name-mismatch" in found and "page-has-heading-one" in found


def test_the_audit_finds_what_it_should(page):
    """The audit can fail: an unlabelled field and a wide table are caught."""
    page.set_content(
        '<html lang="en"><head><title>t</title></head><body><main>'
        '<form><input type="text" name="points"></form>'
        '<table><tr><td style="min-width: 900px">wide</td></tr></table></main></body></html>'
    )
    assert any("label" in problem for problem in audit(page))
    assert overflow(page) is not None
    page.set_content(
        '<html lang="en"><head><title>t</title></head><body><main><p>no heading</p>'
        '<nav aria-label="Pages"><a href="#a">a</a></nav><nav aria-label="Pages"><a href="#b">b</a></nav>'
        '</main></body></html>'
    )
    assert audit(page) == []  # best practices, of moderate impact: the WCAG audit lets them by
    found = " ".join(audit_every_rule(page))
    assert "page-has-heading-one" in found and "landmark-unique" in found
