"""The weekly check-up taken in Chromium at phone width: offered on the home page,
every deal answered as a person would (typing a count, ticking cards), "deal n
of 10" on the way, the result; each kind of page passes axe (every default
rule) and nothing is wider than the phone."""

from __future__ import annotations

import re

from trainer.checkup.bank import checkup_set
from trainer.checkup.scoring import truth
from trainer.drills.deal import DiscardDeal, PeggingMoment, ShowDeal

from .helpers import shoot, sign_in, submit
from .test_accessibility import audit_every_rule, overflow


def answer(page, item) -> None:
    """Answer a bank deal right, through its page's form."""
    found = truth(item)
    match item.deal:
        case ShowDeal():
            page.locator("#total").fill(str(found.total))
            submit(page, lambda: page.locator("#total").press("Enter"))
        case PeggingMoment():
            page.locator("#count").fill(str(item.deal.play().count))
            page.locator("#points").fill(str(found.total))
            submit(page, lambda: page.locator("#points").press("Enter"))
        case DiscardDeal():
            for card in found.best.cards:
                page.locator(f"input[name=card][value='{card}']").check()
            submit(page, page.locator("main form button[type=submit]").click)
        case _:
            page.locator(f"input[name=card][value='{found.best.cards[0]}']").check()
            submit(page, page.locator("main form button[type=submit]").click)


def check(page, problems: list[str]) -> None:
    problems += audit_every_rule(page)
    wide = overflow(page)
    if wide:
        problems.append(wide)


def test_a_checkup_taken_at_phone_width_passes_axe(live_server, page):
    sign_in(page, live_server)
    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Take it").click()
    page.wait_for_url(re.compile(r"/checkup/$"))
    problems: list[str] = []
    check(page, problems)
    submit(page, page.get_by_role("button", name="Start the check-up").click)
    audited = set()
    for number, item in enumerate(checkup_set(0), 1):
        assert page.get_by_test_id("checkup-step").inner_text() == f"Check-up: deal {number} of 10"
        if item.kind not in audited:  # one page of each kind
            audited.add(item.kind)
            check(page, problems)
            shoot(page, f"checkup-{number}-{item.kind.value}")
        answer(page, item)
    assert page.locator("h1").inner_text() == "Your check-up: 0.0 points left per deal"
    check(page, problems)
    shoot(page, "checkup-result")
    assert not problems, "\n".join(problems)
