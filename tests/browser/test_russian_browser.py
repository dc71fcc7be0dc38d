"""A learner whose browser speaks Russian (issue 13): they count a hand, play a
whole game to 61 with muggins against the bot, and read a lesson, in Debian's
Chromium with a Russian locale, and no English word is left on any page they
see (its text, the names read out to a screen reader, its title).

Cards are read from the notation each card carries (``data-card``), never
from their Russian names; the true counts come from the engine.  Words inside
``<kbd>`` (key caps: Enter, N) and elements marked as another language (the
language switch's "English") are not the page's text.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from engine.pegging import score_play
from engine.scoring import score_show
from trainer.database import db, utcnow
from trainer.demo import deal_pools, practice
from trainer.record import attempts, learners

from .helpers import cards_by_notation, submit
from .table_stops import each_kind_of_stop, learner_id
from .test_accessibility import check, overflow

#: Every word of two Latin letters or more on the page, with where it is: what a
#: Russian page must not have.  Text inside key caps and other languages' elements is skipped.
ENGLISH_LEFT = """() => {
  const found = [];
  const skip = el => el.closest('script, style, kbd, [lang]:not([lang="ru"])');
  const latin = /[A-Za-z]{2,}/;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, el = node.parentElement;
    if (!el || skip(el) || !el.getClientRects().length) continue;
    if (latin.test(node.textContent)) found.push(node.textContent.trim());
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [alt], [placeholder]')) {
    if (skip(el)) continue;
    for (const name of ['aria-label', 'title', 'alt', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value && latin.test(value)) found.push(name + '=' + value);
    }
  }
  if (latin.test(document.title)) found.push('title: ' + document.title);
  return found;
}"""


@pytest.fixture
def russian_page(browser):
    context = browser.new_context(locale="ru-RU", viewport={"width": 390, "height": 844})
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


def assert_russian(page, where: str) -> None:
    assert page.locator("html").get_attribute("lang") == "ru", where
    left = page.evaluate(ENGLISH_LEFT)
    assert not left, f"English on the {where} page ({page.url}): {left[:8]}"
    assert re.search("[а-яё]", page.locator("main").inner_text(), re.I), where
    spilt = overflow(page)  # Russian words are longer: nothing wider than the phone or its table cell
    assert not spilt, f"the {where} page: {spilt}"


def test_the_check_finds_english_on_a_page(live_server, russian_page):
    # The checks below can fail: an English page (the switch pressed) is caught.
    page = russian_page
    page.goto(live_server.url + "/")
    submit(page, page.locator(".language-switch button[value=en]").click)
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.evaluate(ENGLISH_LEFT)


def test_a_russian_learner_counts_a_hand_plays_a_game_to_61_and_reads_a_lesson(live_server, russian_page):
    page = russian_page
    live_server.app.config.update(PLAY_SEED=5, PLAY_BOT_MISS_RATE=1.0, PLAY_ANIMATION="off")
    page.goto(live_server.url + "/")
    assert_russian(page, "home")
    field = page.locator("input[name=name]")
    field.fill("Аня")
    field.press("Enter")
    page.wait_for_url(re.compile(r"/show/\w+$"))

    # Count a hand, right, then see the breakdown.
    assert_russian(page, "count")
    figures = page.locator(".deal figure")
    hand, starter = cards_by_notation(figures.nth(0)), cards_by_notation(figures.nth(1))[0]
    total = score_show(hand, starter).total
    page.locator("input[name=total]").fill(str(total))
    submit(page, lambda: page.keyboard.press("Enter"))
    page.wait_for_url(re.compile(r"/show/result/\d+$"))
    assert_russian(page, "count's result")
    expect(page.locator(".verdict")).to_contain_text("Верно")

    # A whole game to 61 against the easy bot, with muggins both ways.
    page.goto(live_server.url + "/play/")
    assert_russian(page, "set-up")
    page.locator("#new-game input[name=level][value=easy]").check()
    page.locator("#new-game input[name=length][value='61']").check()
    page.locator("#new-game input[name=counting][value=muggins]").check()
    submit(page, page.locator("#new-game form[method=post] button[type=submit]").last.click)
    page.wait_for_url(re.compile(r"/play/\d+$"))
    kinds_seen = set()
    under_claimed = called = 0
    finished = False
    for _ in range(600):
        if page.locator("a[href$='/results']").count() and not page.locator(".play-form").count():
            break
        if not finished and {"discard", "play", "claim", "muggins", "show"} <= kinds_seen and under_claimed and called:
            # Every kind of stop has been read in Russian: the services play on to the end
            # (tests/web plays whole games), and the page is read again there.
            finished = True
            game_id = int(re.search(r"/play/(\d+)", page.url).group(1))
            for _ in each_kind_of_stop(live_server.app, learner_id(live_server.app, "Аня"), game_id):
                pass
            page.reload()
            continue
        table = page.locator(".seat.my-seat")
        if page.get_by_test_id("go").count():
            kind = "go"
            assert_russian(page, kind)
            submit(page, page.get_by_test_id("go").click)
        elif page.locator("form.continue").count():
            kind = "show" if page.locator("[data-testid=show]").count() else "continue"
            assert_russian(page, kind)
            submit(page, page.locator("form.continue button").click)
        elif page.locator("form[data-discard]").count():
            kind = "discard"
            assert_russian(page, kind)
            for i in range(int(page.locator("form[data-discard]").get_attribute("data-discard"))):
                page.locator("form[data-discard] label").nth(i).click()
            expect(page.get_by_test_id("to-crib")).to_have_text(re.compile("ясли", re.I))
            submit(page, page.get_by_test_id("to-crib").click)
        elif page.locator(".cut-form").count():
            kind = "cut"
            assert_russian(page, kind)
            submit(page, page.locator(".cut-button").click)
        elif page.locator(".play-form").count():
            kind = "play"
            assert_russian(page, kind)
            submit(page, page.locator(".card-button:not(.too-high)").first.click)
        elif page.locator(".claim-form").count():
            kind = "claim"
            assert_russian(page, kind)
            form = page.locator(".claim-form")
            what = form.get_attribute("data-claim")
            if what == "play":
                true = 0  # pegging muggins is off in this game
            else:
                cards = cards_by_notation(form.locator(".show-cards"))
                true = score_show(cards[:-1], cards[-1], crib=what == "crib").total
            claim = true - 2 if not under_claimed and true >= 2 else true
            under_claimed += claim < true
            page.get_by_test_id("claim-points").fill(str(claim))
            submit(page, page.get_by_test_id("claim-ok").click)
            if claim < true:
                assert_russian(page, "the bot's muggins")
                expect(page.locator(".happened")).to_contain_text(re.compile("маггинс", re.I))
        elif page.locator(".muggins-form").count():
            kind = "muggins"
            assert_russian(page, kind)
            form = page.locator(".muggins-form")
            claimed = int(page.get_by_test_id("bot-claim").inner_text())
            cards = cards_by_notation(form.locator(".picker")) if form.locator(".picker").count() else []
            true = score_show(cards[:-1], cards[-1], crib=form.get_attribute("data-claim") == "crib").total if cards else claimed
            if claimed < true:
                called += 1
                submit(page, form.locator("button[value=muggins]").click)
                assert_russian(page, "the learner's muggins")
            else:
                submit(page, form.locator("button[value=accept]").click)
        else:
            raise AssertionError(f"no move on the page: {table.inner_text()[:200]}")
        kinds_seen.add(kind)
    else:
        raise AssertionError("the game did not end")
    assert {"discard", "play", "claim", "muggins", "show"} <= kinds_seen, kinds_seen
    assert under_claimed and called

    submit(page, page.locator("a[href$='/results']").first.click)
    assert_russian(page, "results")
    assert max(int(n) for n in re.findall(r"\d+", page.locator(".big-score").inner_text())) >= 61
    submit(page, page.locator("a[href$='/review']").first.click)
    assert_russian(page, "the game's review")

    # A lesson, with an exercise answered.
    page.goto(live_server.url + "/lessons/")
    assert_russian(page, "lessons")
    page.goto(live_server.url + "/lessons/pegging")
    assert_russian(page, "lesson")
    exercise = page.locator("form[action*='/exercises/']").first
    assert exercise.count()
    expect(page.locator("h1")).to_contain_text(re.compile("[а-яё]", re.I))


def test_the_pegging_quiz_in_russian(live_server, russian_page):
    page = russian_page
    page.goto(live_server.url + "/")
    page.locator("input[name=name]").fill("Боря")
    page.locator("input[name=name]").press("Enter")
    page.wait_for_url(re.compile(r"/show/\w+$"))
    page.goto(live_server.url + "/pegging/")
    page.wait_for_url(re.compile(r"/pegging/\w+$"))
    assert_russian(page, "pegging quiz")
    pile = cards_by_notation(page.locator(".pile").first)
    page.locator("input[name=count]").fill(str(sum(c.value for c in pile)))
    page.locator("input[name=points]").fill(str(score_play(pile).points))
    submit(page, lambda: page.locator("input[name=points]").press("Enter"))
    assert_russian(page, "pegging result")
    expect(page.locator("main")).to_contain_text(re.compile("очк"))


def test_letter_keys_work_on_a_russian_keyboard_layout(live_server, russian_page):
    # On a Russian layout the N key types «т»: the shortcut reads the key pressed (event.code).
    page = russian_page
    page.goto(live_server.url + "/")
    page.locator("input[name=name]").fill("Вера")
    page.locator("input[name=name]").press("Enter")
    page.wait_for_url(re.compile(r"/show/\w+$"))
    page.locator("input[name=total]").fill("0")
    submit(page, lambda: page.locator("input[name=total]").press("Enter"))
    page.wait_for_url(re.compile(r"/show/result/\d+$"))
    page.wait_for_selector("html[data-keys=ready]", state="attached")
    with page.expect_navigation():
        page.evaluate("""() => document.dispatchEvent(new KeyboardEvent("keydown",
            {key: "т", code: "KeyN", bubbles: true}))""")
    page.wait_for_url(re.compile(r"/show/\w+$"))
    assert "/result/" not in page.url


def test_russian_pages_pass_the_accessibility_audit_at_phone_width(live_server, russian_page):
    # The same axe-core rules as tests/browser/test_accessibility.py, on the Russian pages
    # (longer words, declined names, a Russian deck), and nothing wider than 390 px.
    page = russian_page
    live_server.app.config.update(PLAY_SEED=3, PLAY_ANIMATION="off", DRILL_SEED=7)
    problems: list[str] = []
    page.goto(live_server.url + "/")
    check(page, problems)
    page.locator("input[name=name]").fill("Аня")
    page.locator("input[name=name]").press("Enter")
    page.wait_for_url(re.compile(r"/show/\w+$"))
    check(page, problems)
    page.locator("input[name=total]").fill("2")
    submit(page, lambda: page.locator("input[name=total]").press("Enter"))
    check(page, problems)
    with live_server.app.app_context():  # a history holding every combo type, so the review lists their long names
        rng = random.Random(5)
        learner = learners.learner_by_name("Аня")
        attempts.record_attempts(learner.id, list(practice(rng, deal_pools(rng, scale=0.3), 400, utcnow())))
        db.session.commit()
    for path in ("/pegging/", "/discard/", "/review/", "/lessons/", "/lessons/fifteens", "/play/", "/solitaire/",
                 "/settings/"):
        page.goto(live_server.url + path)
        check(page, problems)
        if path == "/review/":
            expect(page.locator("table.types").first).to_contain_text("Несколько последовательностей")
    page.goto(live_server.url + "/play/")
    page.locator("#new-game input[name=counting][value=muggins]").check()
    submit(page, page.locator("#new-game form[method=post] button[type=submit]").last.click)
    check(page, problems)  # the table, at the discard
    assert not problems, "\n".join(problems)
