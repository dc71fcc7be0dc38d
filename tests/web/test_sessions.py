"""Server mode's sessions live in the database: signing out, signing out
everywhere and changing the password end every copy of the cookie at once,
and the change-password page refuses what it should.  (The same on a real
server with two workers: tests/web/test_hardening.py.)"""

from __future__ import annotations

import pytest

from trainer.record import learners, sessions

from .helpers import page_text
from .test_accounts import PASSWORD, Visitor, make_account

pytestmark = pytest.mark.usefixtures("quick_hashes")

NEW_PASSWORD = "battery staple"


def copy_of(visitor: Visitor, server) -> Visitor:
    """Another browser holding a copy of ``visitor``'s session cookie (as a thief would)."""
    thief = Visitor(server.test_client(), "10.6.6.6")
    thief.client.set_cookie("session", visitor.client.get_cookie("session").value)
    return thief


def signed_in(server, name: str = "Ann") -> Visitor:
    visitor = Visitor(server.test_client())
    assert visitor.sign_in(name).headers["Location"] == "/show/"
    return visitor


def test_a_copy_of_the_cookie_stops_working_when_its_browser_signs_out(server):
    make_account(server, "Ann")
    ann = signed_in(server)
    thief = copy_of(ann, server)
    assert thief.signed_in_as() == "Ann"  # a copy works as long as the session lives...
    ann.post("/learners/leave", {}, page="/")
    assert thief.signed_in_as() is None  # ...and not a moment after
    assert thief.client.get("/review/").headers["Location"] == "/signin?next=/review/"


def test_signing_out_one_browser_leaves_the_others_signed_in(server):
    make_account(server, "Ann")
    phone, laptop = signed_in(server), signed_in(server)
    phone.post("/learners/leave", {}, page="/")
    assert phone.signed_in_as() is None and laptop.signed_in_as() == "Ann"


def test_sign_out_everywhere_ends_every_session_of_the_account_only(server):
    make_account(server, "Ann")
    make_account(server, "Bob")
    phone, laptop, bob = signed_in(server), signed_in(server), signed_in(server, "Bob")
    thief = copy_of(laptop, server)
    response = phone.post("/account/sign-out-everywhere", {}, page="/account", follow_redirects=True)
    assert "Signed out of 2 browsers, this one included." in page_text(response)
    assert [v.signed_in_as() for v in (phone, laptop, thief, bob)] == [None, None, None, "Bob"]


def test_changing_the_password_signs_out_every_other_browser(server):
    make_account(server, "Ann")
    ann, laptop = signed_in(server), signed_in(server)
    thief = copy_of(ann, server)
    response = ann.post("/account", {"current": PASSWORD, "password": NEW_PASSWORD, "confirm": NEW_PASSWORD},
                        page="/account", follow_redirects=True)
    assert "Your password is changed." in page_text(response)
    assert [v.signed_in_as() for v in (ann, laptop, thief)] == ["Ann", None, None]
    fresh = Visitor(server.test_client(), "10.0.0.9")
    assert fresh.sign_in("Ann", PASSWORD).headers.get("Location") is None
    assert fresh.sign_in("Ann", NEW_PASSWORD).headers["Location"] == "/show/"


@pytest.mark.parametrize(
    "current, new, confirm, message",
    [
        ("wrong password", NEW_PASSWORD, NEW_PASSWORD, "That is not your current password"),
        (PASSWORD, "password", "password", "too easy to guess"),
        (PASSWORD, "AnnAnnAnn", "AnnAnnAnn", "too easy to guess"),
        (PASSWORD, NEW_PASSWORD, NEW_PASSWORD + "!", "not the same"),
        (PASSWORD, "short", "short", "at least 8 characters"),
        ("", NEW_PASSWORD, NEW_PASSWORD, "Please type your current password."),
    ],
)
def test_a_refused_password_change_changes_nothing(server, current, new, confirm, message):
    make_account(server, "Ann")
    ann, laptop = signed_in(server), signed_in(server)
    response = ann.post("/account", {"current": current, "password": new, "confirm": confirm}, page="/account",
                        follow_redirects=True)
    assert message in page_text(response)
    assert [v.signed_in_as() for v in (ann, laptop)] == ["Ann", "Ann"]
    assert Visitor(server.test_client(), "10.0.0.9").sign_in("Ann").headers["Location"] == "/show/"


def test_the_account_page_is_for_a_signed_in_account_on_a_server(app, server, client):
    assert client.get("/account").headers["Location"] == "/signin?next=/account"
    server.config["ACCOUNTS"] = False
    assert client.get("/account").headers["Location"] == "/"
    server.config["ACCOUNTS"] = True
    make_account(server, "Ann")
    ann = signed_in(server)
    assert 'href="/account"' in ann.client.get("/").get_data(as_text=True)
    page = page_text(ann.client.get("/account"))
    assert "Change your password" in page and "Sign out everywhere" in page


def test_a_session_older_than_the_lifetime_is_over(server):
    make_account(server, "Ann")
    ann = signed_in(server)
    server.permanent_session_lifetime = server.permanent_session_lifetime * 0  # every session is now too old
    assert ann.signed_in_as() is None


def test_the_database_keeps_no_token_a_cookie_could_be_made_from(server):
    make_account(server, "Ann")
    ann = signed_in(server)
    with ann.client.session_transaction() as session:
        token = session["token"]
    with server.app_context():
        from trainer.database import db
        from trainer.record.models import LearnerSession
        stored = db.session.scalars(db.select(LearnerSession.id)).all()
        assert len(stored) == 1 and token not in stored[0]
        ann_id = learners.learner_by_name("Ann").id
        assert sessions.learner_of(ann_id, token, server.permanent_session_lifetime).name == "Ann"
        assert sessions.learner_of(ann_id, stored[0], server.permanent_session_lifetime) is None
