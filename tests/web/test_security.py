"""Security headers on every response, a CSP the pages satisfy, and redirects
that stay on this site.  (The same pages are checked in a real browser, which
reports any CSP violation, in tests/browser/test_csp_browser.py.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from trainer.lessons.course import load_lessons
from trainer.web import TEMPLATES_DIR, default_config
from trainer.web.security import CONTENT_SECURITY_POLICY, local_path

from .helpers import drill_location

EXPECTED_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "frame-ancestors 'none'; form-action 'self'; base-uri 'none'; object-src 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}


def assert_secure_headers(response) -> None:
    for name, value in EXPECTED_HEADERS.items():
        assert response.headers.get(name) == value, name
    assert "Server" not in response.headers


def test_the_policy_is_the_strict_one():
    assert CONTENT_SECURITY_POLICY == EXPECTED_HEADERS["Content-Security-Policy"]


@pytest.mark.parametrize(
    "path", ["/", "/show/", "/lessons/", "/no/such/page", "/static/trainer.css", "/static/keys.js", "/signin"]
)
def test_every_response_carries_the_security_headers(client, path):
    response = client.get(path)
    response.close()  # a static file is sent from an open file
    assert_secure_headers(response)


def test_signed_in_pages_forged_posts_and_refusals_carry_them_too(app, learner):
    assert_secure_headers(learner.client.get("/review/"))
    assert_secure_headers(learner.client.post("/", data={"name": "Mallory"}))  # no CSRF token
    assert_secure_headers(learner.client.get("/learners/switch"))  # wrong method
    app.config.update(ACCOUNTS=True, SIGN_IN_LIMIT="1/minute")
    learner.post("/signin", {"name": "x", "password": "wrong password"}, page="/signin")
    refused = learner.post("/signin", {"name": "x", "password": "wrong password"}, page="/signin")
    assert refused.status_code == 429
    assert_secure_headers(refused)


def test_a_server_banner_set_by_anyone_is_removed(app, client):
    @app.get("/with-banner")
    def with_banner():
        return "hi", 200, {"Server": "something/1.0"}

    assert "Server" not in client.get("/with-banner").headers


def test_the_session_cookie_is_secure_when_configured(app, client):
    app.config["SESSION_COOKIE_SECURE"] = True
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/").get_data(as_text=True))
    response = client.post("/", data={"name": "Ann", "csrf_token": token.group(1)}, base_url="https://localhost")
    cookie = response.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


# ---------------------------------------------------------------- what the CSP would block


class InlineFinder(HTMLParser):
    """Collects what ``script-src 'self'; style-src 'self'`` blocks in a page."""

    def __init__(self):
        super().__init__()
        self.blocked: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        names = {name for name, _ in attrs}
        if "style" in names:
            self.blocked.append(f"<{tag} style=...>")
        self.blocked += [f"<{tag} {name}=...>" for name in names if name.startswith("on")]
        for name, value in attrs:
            if name in ("href", "src", "action", "formaction") and (value or "").strip().lower().startswith("javascript:"):
                self.blocked.append(f"<{tag} {name}=javascript:...>")
        if tag == "style":
            self.blocked.append("<style>")
        if tag == "script" and "src" not in names:
            self.blocked.append("<script> without src")


def blocked_in(html: str) -> list[str]:
    finder = InlineFinder()
    finder.feed(html)
    return finder.blocked


def test_the_finder_finds_what_the_policy_blocks():
    assert blocked_in('<p style="color:red" onclick="x()"><script>1</script><style></style>') == [
        "<p style=...>", "<p onclick=...>", "<script> without src", "<style>"]
    assert blocked_in('<svg><rect width="10" fill="red"/></svg><script src="/static/keys.js"></script>') == []


@pytest.mark.parametrize("template", sorted(p.relative_to(TEMPLATES_DIR).as_posix() for p in Path(TEMPLATES_DIR).rglob("*.html")))
def test_no_template_holds_inline_script_style_or_handlers(template):
    source = (Path(TEMPLATES_DIR) / template).read_text()
    source = re.sub(r"\{#.*?#\}", "", source, flags=re.S)  # Jinja comments may mention them
    assert not re.search(r"<style\b", source)
    assert not re.search(r"<script(?![^>]*\bsrc=)", source)
    assert not re.search(r"\sstyle\s*=", source)
    assert not re.search(r"\son[a-z]+\s*=", source)


def _pages(learner, app) -> dict[str, str]:
    client = learner.client
    pages = {}
    for path in ("/", "/review/", "/review/history", "/lessons/", "/play/", "/solitaire/"):
        pages[path] = client.get(path).get_data(as_text=True)
    for start in ("/show/", "/show/?mode=category", "/show/?mode=combos", "/pegging/", "/pegging/best", "/discard/"):
        location = drill_location(client, start)
        pages[location] = client.get(location).get_data(as_text=True)
    location = drill_location(client, "/show/")
    answered = learner.post(location, {"total": "0"}, page=location, follow_redirects=True)
    pages["show result"] = answered.get_data(as_text=True)
    for lesson in load_lessons():
        pages[lesson.slug] = client.get(f"/lessons/{lesson.slug}").get_data(as_text=True)
    game = learner.post("/play/new", {"level": "easy", "variant": "six-card", "length": "61", "counting": "muggins"},
                        page="/play/")
    pages["game"] = client.get(game.headers["Location"]).get_data(as_text=True)
    solitaire = learner.post("/solitaire/new", {"kind": "arnold"}, page="/solitaire/")
    pages["solitaire"] = client.get(solitaire.headers["Location"]).get_data(as_text=True)
    return pages


def test_no_page_holds_what_the_policy_blocks(app, learner):
    pages = _pages(learner, app)
    assert len(pages) > 20
    found = {name: blocked for name, html in pages.items() if (blocked := blocked_in(html))}
    assert found == {}


def test_the_server_pages_hold_nothing_the_policy_blocks(app, client):
    app.config["ACCOUNTS"] = True
    for path in ("/", "/signin", "/signup"):
        assert blocked_in(client.get(path).get_data(as_text=True)) == [], path


# ---------------------------------------------------------------- next


@pytest.mark.parametrize("target", ["/", "/show/", "/show/?mode=category", "/lessons/fifteens#exercise-2", "/review/%C3%A9"])
def test_local_paths_are_kept(target):
    assert local_path(target) == target


@pytest.mark.parametrize(
    "target",
    [None, "", 3, "show/", "//evil.example", "///evil.example", "/\\evil.example", "/\t/evil.example",
     "/\n/evil.example", "/\r\nSet-Cookie: x", "/ /evil.example", "https://evil.example/", "http:/evil.example",
     "javascript:alert(1)", "/\x00", "/\u2028", "/é", "/" + "a" * 3000],
)
def test_anything_else_is_not_a_local_path(target):
    assert local_path(target) is None


# ---------------------------------------------------------------- caching, forged hosts, bodies, the cookie


def test_pages_are_never_cached_and_static_files_keep_their_caching(app, learner):
    for path in ("/", "/review/", "/settings/", "/signin"):
        assert learner.client.get(path).headers["Cache-Control"] == "no-store", path
    static = learner.client.get("/static/trainer.css")
    static.close()
    assert static.headers.get("Cache-Control") != "no-store"


def test_a_failed_csrf_check_under_a_forged_host_redirects_to_a_path_only(app, client):
    forged = {"Host": "evil.example", "Referer": "http://evil.example/phish"}
    response = client.post("/", data={"name": "Ann"}, headers=forged)  # no CSRF token
    assert response.status_code == 302
    assert response.headers["Location"] == "/phish"  # on whatever site the browser is: never evil.example
    elsewhere = client.post("/", data={"name": "Ann"}, headers={"Referer": "http://evil.example/phish"})
    assert elsewhere.headers["Location"] == "/"


def test_a_body_over_the_limit_is_a_413_page_unread(app, client):
    response = client.post("/", data={"name": "x" * (1 << 20)})
    assert response.status_code == 413
    assert "far more than any form here sends" in response.get_data(as_text=True)
    assert_secure_headers(response)


def test_the_session_cookie_holds_only_ids_and_a_token(app, quick_hashes):
    """The cookie is signed, not encrypted (anyone holding it can read it): it carries
    nothing that matters without the session row the database keeps."""
    app.config["ACCOUNTS"] = True
    client = app.test_client()
    from trainer.record import accounts
    with app.app_context():
        accounts.sign_up("Ann", "correct horse", "correct horse")
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/signin").get_data(as_text=True))
    client.post("/signin", data={"name": "Ann", "password": "correct horse", "csrf_token": token.group(1)})
    with client.session_transaction() as session:
        assert set(session) <= {"learner_id", "token", "known", "csrf_token", "language", "_permanent", "_flashes"}
        assert "correct horse" not in repr(dict(session)) and "scrypt" not in repr(dict(session))


# ---------------------------------------------------------------- routing redirects under a forged Host


@pytest.mark.parametrize(("path", "location"), [
    ("/review", "/review/"),
    ("/lessons?from=home&x=%2F", "/lessons/?from=home&x=%2F"),
    ("/lessons//", "/lessons/"),
])
def test_a_missing_slash_redirects_to_a_path_whatever_host_the_request_names(client, path, location):
    response = client.get(path, headers={"Host": "evil.example"})
    assert response.status_code == 308
    assert response.headers["Location"] == location  # never http://evil.example/...


def test_a_redirect_to_an_address_too_long_to_be_one_of_ours_is_not_found(client):
    assert client.get("/review?page=" + "9" * 3000, headers={"Host": "evil.example"}).status_code == 404


def test_with_trusted_hosts_set_any_other_host_is_refused(app, client, monkeypatch):
    monkeypatch.setenv("CRIB_TRUSTED_HOSTS", " trainer.example, crib.example ")
    monkeypatch.setenv("DATABASE_URL", "sqlite://")
    monkeypatch.setenv("SECRET_KEY", "test secret")
    assert default_config()["TRUSTED_HOSTS"] == ["trainer.example", "crib.example"]
    app.config["TRUSTED_HOSTS"] = ["trainer.example"]
    assert client.get("/review", headers={"Host": "evil.example"}).status_code == 400
    trusted = client.get("/review", headers={"Host": "trainer.example"})
    assert (trusted.status_code, trusted.headers["Location"]) == (308, "/review/")
