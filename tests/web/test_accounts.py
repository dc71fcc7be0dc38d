"""Server mode (``ACCOUNTS``): sign-up, sign-in with a password, sign-out, rate
limits, no learner list, no switching; and how personal mode treats an account."""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from werkzeug.serving import make_server

from trainer.database import db
from trainer.record import accounts, learners
from trainer.record.models import Learner
from trainer.web import create_app

from .conftest import csrf_token
from .helpers import page_text

PASSWORD = "correct horse"


pytestmark = pytest.mark.usefixtures("quick_hashes")


class Visitor:
    """Acts as a person at a browser would on a server: signs up, in and out."""

    def __init__(self, client, address: str = "10.0.0.1"):
        self.client = client
        self.environ = {"REMOTE_ADDR": address}

    def token(self, page: str = "/signin") -> str:
        return csrf_token(self.client.get(page, environ_base=self.environ).get_data(as_text=True))

    def post(self, url: str, data: dict, page: str = "/signin", **kwargs):
        fields = {"csrf_token": self.token(page), **data}
        return self.client.post(url, data=fields, environ_base=self.environ, **kwargs)

    def sign_up(self, name: str, password: str = PASSWORD, confirm: str | None = None, **kwargs):
        data = {"name": name, "password": password, "confirm": password if confirm is None else confirm}
        return self.post("/signup", data, page="/signup", **kwargs)

    def sign_in(self, name: str, password: str = PASSWORD, url: str = "/signin", **kwargs):
        return self.post(url, {"name": name, "password": password}, **kwargs)

    def signed_in_as(self) -> str | None:
        match = re.search(r'title="Practising as">([^<]*)</span>', self.client.get("/").get_data(as_text=True))
        return match.group(1) if match else None


@pytest.fixture
def visitor(server) -> Visitor:
    return Visitor(server.test_client())


def make_account(app, name: str, password: str = PASSWORD) -> learners.LearnerInfo:
    with app.app_context():
        return accounts.sign_up(name, password, password)


# ---------------------------------------------------------------- the home page


def test_server_home_says_what_the_trainer_is_and_lists_nobody(server, visitor):
    make_account(server, "Ann")
    make_account(server, "Bob")
    text = page_text(visitor.client.get("/"))
    assert "Practise counting cribbage hands" in text
    assert "Sign in" in text and "Make an account" in text
    assert "Ann" not in text and "Bob" not in text
    assert "learner_id" not in visitor.client.get("/").get_data(as_text=True)


def test_the_lessons_ask_a_visitor_to_sign_in_on_a_server(server, visitor):
    assert 'href="/signin?next=/lessons/">sign in</a>' in visitor.client.get("/lessons/").get_data(as_text=True)


def test_personal_home_still_lists_the_profiles(app, learner):
    learner.new("Bob")
    assert "Profiles on this machine" in page_text(learner.client.get("/"))


def test_a_name_alone_signs_nobody_in_on_a_server(server, visitor):
    make_account(server, "Ann")
    for name in ("Ann", "Mallory"):
        response = visitor.post("/", {"name": name}, page="/signin", follow_redirects=True)
        assert "Sign in with your name and password." in page_text(response)
        assert visitor.signed_in_as() is None
    with server.app_context():
        assert learners.learner_by_name("Mallory") is None


# ---------------------------------------------------------------- sign-up


def test_sign_up_signs_in_and_keeps_only_a_hash(server, visitor):
    response = visitor.sign_up("Ann")
    assert response.status_code == 302 and response.headers["Location"] == "/show/"
    assert visitor.signed_in_as() == "Ann"
    with server.app_context():
        stored = db.session.scalar(db.select(Learner.password_hash).where(Learner.name == "Ann"))
    assert stored.startswith("scrypt:") and PASSWORD not in stored


@pytest.mark.parametrize(
    "name, password, confirm, message",
    [
        ("Ann", "short", "short", "at least 8 characters"),
        ("Ann", "x" * 201, "x" * 201, "at most 200 characters"),
        ("Ann", PASSWORD, PASSWORD + "!", "not the same"),
        ("Ann\x00", PASSWORD, PASSWORD, "control characters"),
        ("   ", PASSWORD, PASSWORD, "Please type a name."),
        ("Ann", "", "", "Please choose a password."),
        ("Ann", "password", "password", "too easy to guess"),
        ("Ann", " " * 8, " " * 8, "too easy to guess"),
        ("Annabel Lee", "Annabel Lee", "Annabel Lee", "too easy to guess"),
        ("Annabel Lee", "annabellee1", "annabellee1", "too easy to guess"),
        ("\u041aen", PASSWORD, PASSWORD, "cannot mix alphabets"),  # a Cyrillic К among Latin letters
    ],
)
def test_sign_up_refuses_with_a_clear_message(server, visitor, name, password, confirm, message):
    response = visitor.sign_up(name, password, confirm, follow_redirects=True)
    assert response.status_code == 200
    assert message in page_text(response)
    assert visitor.signed_in_as() is None
    with server.app_context():
        assert learners.all_learners() == ()


@pytest.mark.parametrize("password", ["  correct  horse  ", "pass\x00word", "пароль-ёжик", ("battery staple " * 14)[:200]])
def test_any_characters_make_a_password(server, password):
    Visitor(server.test_client()).sign_up("Ann", password)
    visitor = Visitor(server.test_client())
    assert visitor.sign_in("Ann", " " * 9).headers.get("Location") is None
    assert visitor.sign_in("Ann", password).headers["Location"] == "/show/"


def test_a_taken_name_is_taken_in_any_case_and_alphabet(server, visitor):
    make_account(server, "Éva")
    for name in ("Éva", "ÉVA", "éva", "E\u0301va"):
        response = visitor.sign_up(name, follow_redirects=True)
        assert "That name is taken" in page_text(response)
    with server.app_context():
        assert [l.name for l in learners.all_learners()] == ["Éva"]


@pytest.mark.parametrize("look_alike", ["Ken\u200b", "K\u00aden", "Ke\u200dn", "\u2060Ken", "Ke\ufe0fn"])
def test_a_name_with_invisible_characters_is_the_name_without_them(server, visitor, look_alike):
    make_account(server, "Ken")
    assert "That name is taken" in page_text(visitor.sign_up(look_alike, follow_redirects=True))
    assert visitor.sign_in(look_alike).headers["Location"] == "/show/"  # and signs in to it
    with server.app_context():
        assert [l.name for l in learners.all_learners()] == ["Ken"]


def test_names_in_one_alphabet_other_than_latin_are_welcome(server, visitor):
    for number, name in enumerate(("Катя", "Κώστας", "山田 Ken", "Анна-Мария 2")):
        assert Visitor(server.test_client(), f"10.0.7.{number}").sign_up(name).headers["Location"] == "/show/", name


@pytest.mark.parametrize("typed_at_sign_up, typed_at_sign_in", [("caf\u00e9 au lait", "cafe\u0301 au lait"),
                                                                ("cafe\u0301 au lait", "caf\u00e9 au lait")])
def test_a_password_matches_itself_typed_in_either_unicode_form(server, typed_at_sign_up, typed_at_sign_in):
    Visitor(server.test_client()).sign_up("Ann", typed_at_sign_up)
    assert Visitor(server.test_client()).sign_in("Ann", typed_at_sign_in).headers["Location"] == "/show/"


def test_an_account_hashed_before_passwords_were_normalised_still_signs_in(server):
    with server.app_context():
        learners.add_learner("Ann", password_hash=accounts.hash_password("cafe\u0301 au lait"))  # as typed, NFD
    assert Visitor(server.test_client()).sign_in("Ann", "cafe\u0301 au lait").headers["Location"] == "/show/"


def test_sign_up_tries_are_limited_per_address_names_found_taken_too(server):
    server.config["SIGN_UP_LIMIT"] = "3/minute"
    make_account(server, "Ann")
    prober = Visitor(server.test_client(), "10.0.8.1")
    outcomes = [prober.sign_up(name).status_code for name in ("Ann", "Bob", "Cy", "Dee")]
    assert outcomes[:3] == [200, 302, 302] and outcomes[3] == 429
    assert Visitor(server.test_client(), "10.0.8.2").sign_up("Dee").headers["Location"] == "/show/"


# ---------------------------------------------------------------- sign-in and out


def test_sign_in_needs_the_right_password(server, visitor):
    make_account(server, "Ann")
    response = visitor.sign_in("Ann", "wrong password", follow_redirects=True)
    assert accounts.WRONG_NAME_OR_PASSWORD in page_text(response)
    assert visitor.signed_in_as() is None
    response = visitor.sign_in("ann")  # names are matched without regard to case
    assert response.headers["Location"] == "/show/"
    assert visitor.signed_in_as() == "Ann"


def test_a_refused_form_keeps_the_name_typed_and_never_the_password(server, visitor):
    make_account(server, "Ann")
    page = visitor.sign_in("Ann", "wrong password").get_data(as_text=True)
    assert 'value="Ann"' in page and "wrong password" not in page
    page = visitor.sign_up('<b>"Bo"</b>', PASSWORD, PASSWORD + "!").get_data(as_text=True)
    assert 'value="&lt;b&gt;&#34;Bo&#34;&lt;/b&gt;"' in page and PASSWORD not in page


def test_an_unknown_name_gets_the_same_answer_as_a_wrong_password(server, visitor):
    make_account(server, "Ann")
    wrong = page_text(visitor.sign_in("Ann", "wrong password", follow_redirects=True))
    unknown = page_text(visitor.sign_in("Nobody", PASSWORD, follow_redirects=True))
    assert wrong == unknown


def test_a_personal_profile_cannot_be_signed_in_to_on_a_server(server, visitor):
    with server.app_context():
        learners.learner_by_name("Ann", create=True)  # made in personal mode: no password
    for password in (PASSWORD, ""):
        visitor.sign_in("Ann", password)
        assert visitor.signed_in_as() is None


def test_a_personal_profile_cookie_does_not_count_on_a_server(app, learner):
    app.config["ACCOUNTS"] = True
    assert "Practising as" not in learner.client.get("/").get_data(as_text=True)
    response = learner.client.get("/review/")
    assert response.headers["Location"] == "/signin?next=/review/"


def test_sign_in_starts_a_fresh_session(server, visitor):
    make_account(server, "Ann")
    with visitor.client.session_transaction() as session:
        session["planted"] = "by someone else"
    visitor.sign_in("Ann")
    with visitor.client.session_transaction() as session:
        assert "planted" not in session
        assert session["learner_id"] > 0


def test_signing_out_ends_the_session(server, visitor):
    make_account(server, "Ann")
    visitor.sign_in("Ann")
    assert "Sign out" in page_text(visitor.client.get("/show/", follow_redirects=True))
    response = visitor.post("/learners/leave", {}, page="/", follow_redirects=True)
    assert "Signed out." in page_text(response)
    assert visitor.signed_in_as() is None
    with visitor.client.session_transaction() as session:
        assert "learner_id" not in session


def test_switching_is_refused_on_a_server(server, visitor):
    ann = make_account(server, "Ann")
    make_account(server, "Bob")
    visitor.sign_in("Bob")
    response = visitor.post("/learners/switch", {"learner_id": str(ann.id)}, page="/", follow_redirects=True)
    assert "sign out, then sign in" in page_text(response)
    assert visitor.signed_in_as() == "Bob"


def test_the_account_pages_send_a_personal_visitor_home(app, client):
    for url in ("/signin", "/signup", "/signin?next=/review/"):
        response = client.get(url)
        assert response.status_code == 302 and response.headers["Location"].startswith("/")
    assert client.get("/signin?next=/review/").headers["Location"] == "/?next=/review/"


# ---------------------------------------------------------------- next


def test_a_page_asked_for_is_shown_after_signing_in(server, visitor):
    make_account(server, "Ann")
    response = visitor.client.get("/show/?mode=category", environ_base=visitor.environ)
    assert response.headers["Location"] == "/signin?next=/show/?mode%3Dcategory"
    page = visitor.client.get(response.headers["Location"], environ_base=visitor.environ).get_data(as_text=True)
    action = re.search(r'<form method="post" action="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert visitor.sign_in("Ann", url=action).headers["Location"] == "/show/?mode=category"


def test_a_page_asked_for_is_shown_after_signing_up(server, visitor):
    page = visitor.client.get("/signin?next=/review/").get_data(as_text=True)
    assert 'href="/signup?next=/review/"' in page
    response = visitor.post("/signup?next=/review/", {"name": "Ann", "password": PASSWORD, "confirm": PASSWORD})
    assert response.headers["Location"] == "/review/"


@pytest.mark.parametrize("url", ["/signin", "/signup"])
def test_account_pages_never_redirect_off_site(server, visitor, url):
    make_account(server, "Ann")
    targets = ("//evil.example", "/%09/evil.example", "/%5Cevil.example", "https://evil.example/", "/%0d%0aX:%20y")
    for number, target in enumerate(targets):
        data = {"name": "Ann" if url == "/signin" else f"Bea {number}", "password": PASSWORD, "confirm": PASSWORD}
        response = visitor.post(f"{url}?next={target}", data)
        assert response.headers["Location"] == "/show/"


# ---------------------------------------------------------------- rate limits


def test_failed_sign_ins_are_limited_per_address(server):
    make_account(server, "Ann")
    mallory = Visitor(server.test_client(), "10.0.0.66")
    for attempt in range(10):
        # a different name each time: only the address ties the tries together
        assert mallory.sign_in(f"Guess {attempt}", "wrong password").status_code == 200
    response = mallory.sign_in("Ann", PASSWORD)
    assert response.status_code == 429
    assert "Too many tries" in page_text(response)
    assert mallory.signed_in_as() is None
    # someone else, elsewhere, is not held up
    assert Visitor(server.test_client(), "10.0.0.2").sign_in("Ann").headers["Location"] == "/show/"


def test_failed_tries_at_one_name_are_limited_from_every_address_but_its_owners_browsers(server):
    server.config["SIGN_IN_NAME_LIMIT"] = "5/hour"
    make_account(server, "Ann")
    owner = Visitor(server.test_client(), "10.0.3.1")
    owner.sign_in("Ann")
    owner.post("/learners/leave", {}, page="/")
    for attempt in range(5):
        assert Visitor(server.test_client(), f"10.0.1.{attempt}").sign_in("ANN", "wrong password").status_code == 200
    # a sixth address is refused, the right password too: the try is counted before it is answered
    response = Visitor(server.test_client(), "10.0.2.1").sign_in("ann", PASSWORD)
    assert response.status_code == 429
    # the owner's own browser, which has signed in before, is not locked out by anyone elsewhere
    assert owner.sign_in("Ann").headers["Location"] == "/show/"
    make_account(server, "Bob")
    assert Visitor(server.test_client(), "10.0.2.1").sign_in("Bob").headers["Location"] == "/show/"


def test_the_name_limit_does_not_tell_which_names_exist(server):
    server.config["SIGN_IN_NAME_LIMIT"] = "2/hour"
    make_account(server, "Ann")
    for name in ("Ann", "Nobody"):
        outcomes = [Visitor(server.test_client(), f"10.0.4.{n}").sign_in(name, "wrong password").status_code
                    for n in range(3)]
        assert outcomes == [200, 200, 429], name


def test_a_class_behind_one_address_can_all_sign_in(server):
    names = [f"Pupil {n}" for n in range(12)]
    hashed = accounts.hash_password(PASSWORD)  # one hash for all: each costs a tenth of a second
    with server.app_context():
        for name in names:
            learners.add_learner(name, password_hash=hashed)
    for name in names:
        response = Visitor(server.test_client(), "10.9.9.9").sign_in(name)
        assert response.headers["Location"] == "/show/", name


def test_behind_a_trusted_proxy_the_limit_is_per_forwarded_address(tmp_path):
    url = f"sqlite:///{tmp_path / 'proxied.sqlite3'}"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url, "ACCOUNTS": True,
                      "TRUSTED_PROXIES": 1})
    guesses = 0
    for client_address in ("203.0.113.7", "198.51.100.9"):
        behind = Visitor(app.test_client(), "10.0.0.1")  # every request comes from the proxy
        behind.environ["HTTP_X_FORWARDED_FOR"] = client_address
        outcomes = [behind.sign_in(f"Guess {guesses + n}", "wrong password").status_code for n in range(11)]
        guesses += 11
        assert outcomes == [200] * 10 + [429], client_address
    with app.app_context():
        db.engine.dispose()


def test_the_limits_come_from_the_config(server):
    server.config["SIGN_IN_LIMIT"] = "2/minute"
    guesser = Visitor(server.test_client())
    assert [guesser.sign_in("Ann", "wrong password").status_code for _ in range(3)] == [200, 200, 429]


def test_limits_and_secure_cookie_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'env.sqlite3'}")
    monkeypatch.setenv("SECRET_KEY", "from env")
    monkeypatch.setenv("SESSION_COOKIE_SECURE", "1")
    monkeypatch.setenv("CRIB_SIGN_IN_LIMIT", "3/minute")
    monkeypatch.setenv("CRIB_TRUSTED_PROXIES", "1")
    app = create_app()
    assert app.config["SESSION_COOKIE_SECURE"] is True
    assert app.config["SIGN_IN_LIMIT"] == "3/minute"
    assert app.config["TRUSTED_PROXIES"] == 1
    assert app.config["ACCOUNTS"] is False
    client = app.test_client()
    token = csrf_token(client.get("/").get_data(as_text=True))
    response = client.post("/", data={"name": "Ann", "csrf_token": token}, base_url="https://localhost")
    assert "Secure" in response.headers["Set-Cookie"]
    monkeypatch.delenv("SESSION_COOKIE_SECURE")
    monkeypatch.delenv("CRIB_TRUSTED_PROXIES")
    assert create_app().config["SESSION_COOKIE_SECURE"] is False
    assert create_app().config["TRUSTED_PROXIES"] == 0
    with app.app_context():
        db.engine.dispose()


# ---------------------------------------------------------------- personal mode and accounts


def test_an_account_does_not_open_by_name_on_a_personal_machine(app, client):
    ann = make_account(app, "Ann")
    token = csrf_token(client.get("/").get_data(as_text=True))
    response = client.post("/", data={"name": "ann", "csrf_token": token}, follow_redirects=True)
    assert "That profile has a password" in page_text(response)
    assert "Practising as" not in response.get_data(as_text=True)
    assert f'value="{ann.id}"' not in client.get("/").get_data(as_text=True)  # not among the profiles
    response = client.post("/learners/switch", data={"learner_id": str(ann.id), "csrf_token": token},
                           follow_redirects=True)
    assert "That profile has a password" in page_text(response)
    assert "Practising as" not in response.get_data(as_text=True)


# ---------------------------------------------------------------- races, on a real threaded server


@pytest.fixture
def live(app):
    """``app`` served by a real threaded server on a free port: its URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)
    server.server_close()


class Browser:
    """One person's cookies, over real HTTP; redirects are reported, not followed."""

    class _Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(), self._Stay())

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, fields: dict) -> tuple[int, str]:
        """The status and the Location of a POST (a 500 is a status like any other)."""
        body = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(self.base + path, data=body, timeout=30) as response:
                return response.status, response.headers.get("Location", "")
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Location", "")


def _all_at_once(browsers: list[Browser], send) -> list[tuple[int, str]]:
    """``send(browser)`` from every browser at the same moment, each on its own thread."""
    start = threading.Barrier(len(browsers))

    def go(browser):
        start.wait(timeout=30)
        return send(browser)

    with ThreadPoolExecutor(len(browsers)) as pool:
        return list(pool.map(go, browsers))


def test_one_new_name_posted_at_once_from_many_browsers_is_one_profile(app, live):
    for round_ in range(4):
        name = f"Racer {round_}"
        browsers = [Browser(live) for _ in range(6)]
        tokens = {id(b): csrf_token(b.get("/")) for b in browsers}
        # "Éva", "éva", "ÉVA": one name as names are compared
        spellings = [name, name.upper(), name.lower()]
        outcomes = _all_at_once(
            browsers,
            lambda b: b.post("/", {"name": spellings[browsers.index(b) % 3], "csrf_token": tokens[id(b)]}),
        )
        assert outcomes == [(302, "/show/")] * len(browsers)
        with app.app_context():
            made = [l for l in learners.all_learners() if learners.name_key(l.name) == learners.name_key(name)]
        assert len(made) == 1
        # every browser is signed in as that one profile
        assert {re.search(r'title="Practising as">([^<]*)<', b.get("/")).group(1) for b in browsers} == {made[0].name}


def test_one_name_signed_up_at_once_is_one_account(server, live):
    browsers = [Browser(live) for _ in range(4)]
    tokens = {id(b): csrf_token(b.get("/signup")) for b in browsers}
    fields = {"name": "Zed", "password": PASSWORD, "confirm": PASSWORD}
    outcomes = _all_at_once(browsers, lambda b: b.post("/signup", {**fields, "csrf_token": tokens[id(b)]}))
    assert sorted(outcomes) == [(200, "")] * 3 + [(302, "/show/")]
    with server.app_context():
        assert [l.name for l in learners.all_learners()] == ["Zed"]
