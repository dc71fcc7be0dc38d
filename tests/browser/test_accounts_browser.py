"""Signing in, as a person would in a real browser: accounts on a server, and
profiles by name on a personal machine; each comes back to the page asked for."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .helpers import shoot, sign_in
from .test_accessibility import audit, overflow

PASSWORD = "correct horse"


def fill_account_form(page, name: str, password: str, confirm: str | None = None) -> None:
    page.get_by_label("Your name").fill(name)
    page.get_by_label("Password", exact=True).fill(password)
    if confirm is not None:
        page.get_by_label("The password again").fill(confirm)
    page.keyboard.press("Enter")


def test_sign_up_sign_out_and_back_in_to_the_page_asked_for(live_server, page):
    live_server.app.config["ACCOUNTS"] = True
    page.goto(live_server.url + "/")
    expect(page.locator("main")).to_contain_text("Practise counting cribbage hands")
    page.get_by_role("link", name="Make an account").click()

    fill_account_form(page, "Éva", PASSWORD, PASSWORD + "!")
    expect(page.locator(".flash-error")).to_contain_text("not the same")
    fill_account_form(page, "Éva", PASSWORD, PASSWORD)
    page.wait_for_url(re.compile(r"/show/\w+$"))
    expect(page.locator(".who")).to_have_text("Éva")

    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(live_server.url + "/")
    expect(page.locator(".flash-info")).to_have_text("Signed out.")
    expect(page.locator(".who")).to_have_count(0)

    page.goto(live_server.url + "/review/")
    page.wait_for_url(re.compile(r"/signin\?next=/review/$"))
    fill_account_form(page, "éva", "wrong password")
    expect(page.locator(".flash-error")).to_contain_text("do not match")
    assert page.url.endswith("/signin?next=/review/")
    fill_account_form(page, "ÉVA", PASSWORD)
    page.wait_for_url(live_server.url + "/review/")
    expect(page.locator(".who")).to_have_text("Éva")


def test_a_server_lists_nobody_and_opens_nobody_by_name(live_server, page):
    sign_in(page, live_server, "Ann")  # a personal profile, made before the server had accounts
    live_server.app.config["ACCOUNTS"] = True
    page.goto(live_server.url + "/")
    expect(page.locator(".who")).to_have_count(0)
    expect(page.locator("main")).not_to_contain_text("Ann")
    page.get_by_role("link", name="Sign in").click()
    fill_account_form(page, "Ann", PASSWORD)
    expect(page.locator(".flash-error")).to_contain_text("do not match")


def test_a_profile_picked_after_a_redirect_lands_on_the_page_asked_for(live_server, page):
    sign_in(page, live_server, "Ann")
    sign_in(page, live_server, "Bob")
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="Sign out").click()
    page.goto(live_server.url + "/review/")
    page.wait_for_url(re.compile(r"/\?next=/review/$"))
    page.get_by_role("button", name="Ann").click()
    page.wait_for_url(live_server.url + "/review/")
    expect(page.locator(".who")).to_have_text("Ann")


def test_the_account_page_changes_the_password_and_passes_axe_in_both_languages(live_server, page):
    live_server.app.config["ACCOUNTS"] = True
    page.goto(live_server.url + "/signup")
    fill_account_form(page, "Ann", PASSWORD, PASSWORD)
    page.wait_for_url(re.compile(r"/show/\w+$"))
    page.goto(live_server.url + "/")
    page.get_by_role("link", name=re.compile("Your account")).click()
    page.wait_for_url(live_server.url + "/account")
    assert audit(page) == [] and overflow(page) is None
    shoot(page, "account-390")
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password", exact=True).fill("battery staple")
    page.get_by_label("The new password again").fill("battery staple")
    page.get_by_role("button", name="Change my password").click()
    expect(page.locator(".flash-success")).to_contain_text("Your password is changed.")
    expect(page.locator(".who")).to_have_text("Ann")
    page.get_by_role("button", name="Русский").click()
    expect(page.locator("h1")).to_have_text("Ваша учётная запись")
    assert audit(page) == [] and overflow(page) is None
    shoot(page, "account-390-ru")
    page.get_by_role("button", name="Выйти везде").last.click()
    expect(page.locator(".flash-info")).to_contain_text("Выход выполнен в 1 браузере")
    expect(page.locator(".who")).to_have_count(0)
