"""Learners: who is practising, kept in the session cookie.

Two ways of running, chosen by the app config ``ACCOUNTS``:

* personal (``False``, the default): the home page lists the profiles on this
  machine and a name opens or creates one, no password;
* server (``True``): sign up with a name and a password, sign in with both
  (tries limited: :func:`_limit_sign_in`), sign out, sign out everywhere,
  change the password; no page lists other learners, and switching is
  signing out then in.  The cookie names a session kept in the database
  (:mod:`trainer.record.sessions`), so signing out ends every copy of it.

Other blueprints use :func:`learner_required` on their views and read the
current learner as ``g.learner`` (a :class:`trainer.record.learners.LearnerInfo`).
"""

from __future__ import annotations

from datetime import timedelta
from functools import wraps
from typing import Callable, ParamSpec
from urllib.parse import urlsplit

from babel.support import LazyProxy
from flask import Blueprint, current_app, flash, g, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from limits import parse as parse_limit
from werkzeug.exceptions import HTTPException, TooManyRequests
from werkzeug.urls import iri_to_uri
from wtforms import HiddenField, PasswordField, StringField
from wtforms.validators import DataRequired, InputRequired, Length

from trainer.language.i18n import NC_, lazy_gettext, ngettext
from trainer.language.i18n import gettext as _
from trainer.play import games, solitaire
from trainer.rating.placement import Placement, placement_for
from trainer.record import accounts, learners, sessions, tries
from trainer.web.forms import PostForm
from trainer.web.security import local_path

bp = Blueprint("learners", __name__)
#: Profiles listed on a personal home page; the others open by typing their name.
PROFILES_LISTED = 24
NAV = ("learners.home", NC_("nav", "Home"))

#: Failed sign-in tries allowed per client address (``SIGN_IN_LIMIT``), failed
#: tries at one name from every address but the browsers that have signed in
#: to it before (``SIGN_IN_NAME_LIMIT``), and sign-up tries per client address
#: (``SIGN_UP_LIMIT``).  Overridable in the app config.
DEFAULT_SIGN_IN_LIMIT = "10/minute"
DEFAULT_SIGN_IN_NAME_LIMIT = "50/hour"
DEFAULT_SIGN_UP_LIMIT = "30/minute"
#: Accounts a browser remembers having signed in to (for SIGN_IN_NAME_LIMIT).
KNOWN_ACCOUNTS_KEPT = 5


def _name_too_long() -> str:
    """The name rule's message in the page's language (a form's validators are made at import time)."""
    return ngettext("A name can have at most %(num)d character.", "A name can have at most %(num)d characters.",
                    learners.MAX_NAME_LENGTH)


_NAME_VALIDATORS = [
    DataRequired(lazy_gettext("Please type a name.")),
    Length(max=learners.MAX_NAME_LENGTH, message=LazyProxy(_name_too_long, enable_cache=False)),
]


class NameForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    name = StringField(lazy_gettext("Your name"), validators=_NAME_VALIDATORS)


class SignInForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    name = StringField(lazy_gettext("Your name"), validators=_NAME_VALIDATORS)
    # InputRequired, not DataRequired: spaces are characters of a password like any other.
    password = PasswordField(
        lazy_gettext("Password"), validators=[InputRequired(lazy_gettext("Please type your password."))]
    )


class SignUpForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    name = StringField(lazy_gettext("Your name"), validators=_NAME_VALIDATORS)
    password = PasswordField(
        lazy_gettext("Password"), validators=[InputRequired(lazy_gettext("Please choose a password."))]
    )
    confirm = PasswordField(
        lazy_gettext("The password again"), validators=[InputRequired(lazy_gettext("Please type the password twice."))]
    )


class PasswordForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    current = PasswordField(
        lazy_gettext("Current password"), validators=[InputRequired(lazy_gettext("Please type your current password."))]
    )
    password = PasswordField(
        lazy_gettext("New password"), validators=[InputRequired(lazy_gettext("Please choose a password."))]
    )
    confirm = PasswordField(
        lazy_gettext("The new password again"),
        validators=[InputRequired(lazy_gettext("Please type the password twice."))],
    )


class SwitchForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    learner_id = HiddenField()


def accounts_mode() -> bool:
    """Whether the trainer runs as a server with accounts (else: personal profiles)."""
    return bool(current_app.config.get("ACCOUNTS", False))


def _session_lifetime() -> timedelta:
    return current_app.permanent_session_lifetime


@bp.before_app_request
def load_learner() -> None:
    if accounts_mode():
        # On a server only a live session of an account counts: a cookie for a
        # personal profile was had by typing a name, which proves nothing there,
        # and one signed out (or copied before) names a session that is gone.
        learner = sessions.learner_of(session.get("learner_id"), session.get("token"), _session_lifetime())
        if learner is None and "learner_id" in session:
            _clear_session()
    else:
        learner = learners.learner_by_id(session.get("learner_id"))
    g.learner = learner


#: A view's parameters (the URL's variables), kept by the decorators that wrap it.
_P = ParamSpec("_P")


def learner_required(view: Callable[_P, ResponseReturnValue]) -> Callable[_P, ResponseReturnValue]:
    """Send a visitor who is not signed in to sign in first, then back here."""

    @wraps(view)
    def wrapped(*args: _P.args, **kwargs: _P.kwargs) -> ResponseReturnValue:
        if g.get("learner") is None:
            flash(_("First sign in.") if accounts_mode() else _("First tell the trainer who is practising."), "info")
            return redirect(url_for(_sign_in_endpoint(), next=_page_to_come_back_to()))
        return view(*args, **kwargs)

    return wrapped


def _page_to_come_back_to() -> str | None:
    """The page to open once a learner is chosen, for a request that needed one.

    A GET comes back with its query; a POST comes back to its address when that
    address also shows a page (where, say, an exercise answered shows itself),
    else to the page its form was on: a POST-only address (``/play/new``) opened
    after signing in would only answer "method not allowed".
    """
    if request.method == "GET":
        return iri_to_uri(request.full_path.rstrip("?"))
    if _shows_a_page(request.path):
        return iri_to_uri(request.path)
    return referring_page()


def _shows_a_page(path: str) -> bool:
    """Whether a GET of ``path`` reaches a view of this app."""
    try:
        current_app.url_map.bind_to_environ(request.environ).match(path, method="GET")
    except HTTPException:  # not found, method not allowed, or a redirect (a missing slash)
        return False
    return True


def referring_page() -> str | None:
    """The path and query of the page the request came from, if it was on this site."""
    referrer = request.referrer or ""
    if not referrer.startswith(request.host_url):
        return None
    parts = urlsplit(referrer)
    return local_path(iri_to_uri(parts.path + (f"?{parts.query}" if parts.query else "")))


def _sign_in_endpoint() -> str:
    return "learners.sign_in" if accounts_mode() else "learners.home"


def _sign_in(learner: learners.LearnerInfo) -> None:
    # A fresh session on every sign-in: nothing set before it (by anyone who
    # planted a cookie) carries over into the learner's session, but the
    # language the page is read in.
    _clear_session()
    session.permanent = True
    session["learner_id"] = learner.id
    if accounts_mode():
        session["token"] = sessions.start(learner.id, _session_lifetime())
        known = [i for i in session.get("known", []) if i != learner.id]
        session["known"] = [learner.id, *known][:KNOWN_ACCOUNTS_KEPT]


#: What the session keeps when its learner signs out: the language the page is
#: read in, and the accounts this browser has signed in to (:func:`_limit_sign_in`).
_KEPT_ON_SIGN_OUT = ("language", "known")


def _clear_session() -> None:
    """Forget everything in the session but what :data:`_KEPT_ON_SIGN_OUT` names:
    whoever signs in or out is still reading the same page in the same browser."""
    kept = {key: session[key] for key in _KEPT_ON_SIGN_OUT if key in session}
    session.clear()
    session.update(kept)
    session.permanent = "known" in kept  # the browser stays known to its accounts after it closes


def _next_arg() -> str | None:
    """The page asked for before signing in, if it is a path on this site."""
    return local_path(request.args.get("next"))


def _next_page() -> str:
    return _next_arg() or url_for("show.drill")


def _flash_form_errors(form: FlaskForm) -> None:
    for errors in form.errors.values():
        for message in errors:
            flash(str(message), "error")  # a lazy message, in the page's language: the session keeps text


@bp.route("/", methods=["GET", "POST"])
def home() -> ResponseReturnValue:
    if accounts_mode():
        return _server_home()
    form = NameForm()
    if request.method == "POST":
        return _open_profile(form)
    return render_template(
        "learners/home.html",
        form=form,
        switch=SwitchForm(),
        leave=PostForm(),
        learners=learners.personal_learners(limit=PROFILES_LISTED + 1),
        listed=PROFILES_LISTED,
        next=_next_arg(),
        placement=_placement(),
        **_unfinished(),
    )


def _open_profile(form: NameForm) -> ResponseReturnValue:
    """Personal mode: sign in to the profile named (made if new), then on to the page asked for."""
    if not form.validate_on_submit():
        _flash_form_errors(form)
        return redirect(url_for("learners.home", next=_next_arg()))
    try:
        learner = accounts.open_profile(form.name.data)
    except accounts.AccountError as error:
        flash(str(error), "error")
        return redirect(url_for("learners.home", next=_next_arg()))
    _sign_in(learner)
    flash(_("Welcome, %(name)s!", name=learner.name), "success")
    return redirect(_next_page())


#: Unfinished games and solitaires offered on the home page; the rest are on the Play and Solitaire pages.
UNFINISHED_LISTED = 3


def _unfinished() -> dict[str, tuple[games.GameSummary, ...] | tuple[tuple[int, solitaire.SolitaireKind], ...]]:
    """The signed-in learner's unfinished games and solitaires, newest first (none for a visitor)."""
    learner = g.get("learner")
    if learner is None:
        return {"unfinished_games": (), "unfinished_solitaires": ()}
    in_progress = tuple(s for s in games.learner_games(learner.id) if s.playing)
    return {
        "unfinished_games": in_progress[:UNFINISHED_LISTED],
        "unfinished_solitaires": solitaire.unfinished(learner.id)[:UNFINISHED_LISTED],
    }


def _placement() -> Placement | None:
    """The signed-in learner's placement while they have not placed, which the home page
    offers to start or go on with (None: placed, or no one signed in)."""
    learner = g.get("learner")
    if learner is None:
        return None
    placing = placement_for(learner.id)
    return None if placing.placed else placing


def _server_home() -> ResponseReturnValue:
    if request.method == "POST":
        flash(_("Sign in with your name and password."), "info")
        return redirect(url_for("learners.sign_in", next=_next_arg()))
    return render_template(
        "learners/server_home.html", form=SignInForm(), leave=PostForm(), next=_next_arg(), placement=_placement(),
        **_unfinished(),
    )


def _limit(setting: str, default: str) -> tuple[int, timedelta]:
    """The app config's limit ``setting`` ("10/minute"): how many tries in how long."""
    item = parse_limit(current_app.config.get(setting, default))
    return item.amount, timedelta(seconds=item.get_expiry())


def over_limit(key: str, setting: str, default: str) -> bool:
    """Count a try of ``key`` (before it is answered) against the app config's limit
    ``setting`` (``default`` unset), shared by every worker: whether it is one too many."""
    allowed, window = _limit(setting, default)
    return tries.count(key, window) > allowed


def _client() -> str:
    return request.remote_addr or "?"


def _limit_sign_in(name: str) -> list[str]:
    """Count this sign-in try, before it is answered, against the limits: 429 past one.

    The keys counted, to take back if the password is right: a right password
    is not a failed try.  The per-name limit leaves out the browsers that have
    signed in to that account before, so nobody can lock an owner out of their
    own browsers by guessing at their name from elsewhere.
    """
    address_key = f"sign-in address:{_client()}"
    if over_limit(address_key, "SIGN_IN_LIMIT", DEFAULT_SIGN_IN_LIMIT):
        raise TooManyRequests()
    counted = [address_key]
    try:
        compared, account = learners.name_key(name), learners.learner_by_name(name)
    except ValueError:  # not a name anyone has: counted as typed, like any other
        compared, account = name, None
    if account is None or account.id not in session.get("known", []):
        name_key = f"sign-in name:{compared}"
        counted.append(name_key)
        if over_limit(name_key, "SIGN_IN_NAME_LIMIT", DEFAULT_SIGN_IN_NAME_LIMIT):
            raise TooManyRequests()
    return counted


@bp.route("/signin", methods=["GET", "POST"])
def sign_in() -> ResponseReturnValue:
    if not accounts_mode():
        return redirect(url_for("learners.home", next=_next_arg()))
    form = SignInForm()
    if request.method == "POST":
        if form.validate_on_submit():
            counted = _limit_sign_in(form.name.data)
            try:
                learner = accounts.sign_in(form.name.data, form.password.data)
            except accounts.AccountError as error:
                flash(str(error), "error")
            else:
                for key in counted:
                    tries.take_back(key)
                _sign_in(learner)
                flash(_("Welcome back, %(name)s!", name=learner.name), "success")
                return redirect(_next_page())
        else:
            _flash_form_errors(form)
    # On a refusal the form comes back with the name still typed in.
    return render_template("learners/sign_in.html", form=form, next=_next_arg())


@bp.route("/signup", methods=["GET", "POST"])
def sign_up() -> ResponseReturnValue:
    if not accounts_mode():
        return redirect(url_for("learners.home", next=_next_arg()))
    form = SignUpForm()
    if request.method == "POST":
        # Every try counts, a name found taken too: testing which names exist costs as much as guessing.
        if over_limit(f"sign-up address:{_client()}", "SIGN_UP_LIMIT", DEFAULT_SIGN_UP_LIMIT):
            raise TooManyRequests()
        if form.validate_on_submit():
            try:
                learner = accounts.sign_up(form.name.data, form.password.data, form.confirm.data)
            except accounts.AccountError as error:
                flash(str(error), "error")
            else:
                _sign_in(learner)
                flash(_("Welcome, %(name)s! Your account is ready.", name=learner.name), "success")
                return redirect(_next_page())
        else:
            _flash_form_errors(form)
    return render_template("learners/sign_up.html", form=form, next=_next_arg())


@bp.post("/learners/switch")
def switch() -> ResponseReturnValue:
    if accounts_mode():
        flash(_("To practise as someone else, sign out, then sign in with their name and password."), "error")
        return redirect(url_for("learners.home"))
    form = SwitchForm()
    learner = learners.learner_by_id(form.learner_id.data) if form.validate_on_submit() else None
    if learner is None:
        flash(_("That profile does not exist any more; pick another or type a name."), "error")
        return redirect(url_for("learners.home", next=_next_arg()))
    if learner.has_password:
        flash(_(accounts.PROTECTED), "error")
        return redirect(url_for("learners.home", next=_next_arg()))
    _sign_in(learner)
    flash(_("Now practising as %(name)s.", name=learner.name), "success")
    return redirect(_next_page())


@bp.post("/learners/leave")
def leave() -> ResponseReturnValue:
    form = PostForm()
    if form.validate_on_submit():
        sessions.end(session.get("token"))
        _clear_session()
        flash(_("Signed out.") if accounts_mode() else _("Signed out. Pick a profile to carry on."), "info")
    return redirect(url_for("learners.home"))


def _account_required(view: Callable[_P, ResponseReturnValue]) -> Callable[_P, ResponseReturnValue]:
    """A page of server mode only (elsewhere: home), for a signed-in account."""

    @wraps(view)
    def wrapped(*args: _P.args, **kwargs: _P.kwargs) -> ResponseReturnValue:
        if not accounts_mode():
            return redirect(url_for("learners.home"))
        return learner_required(view)(*args, **kwargs)

    return wrapped


@bp.route("/account", methods=["GET", "POST"])
@_account_required
def account() -> ResponseReturnValue:
    """The account page: change the password (which signs out every other browser), or sign out everywhere."""
    form = PasswordForm()
    if request.method == "POST":
        if form.validate_on_submit():
            try:
                accounts.change_password(g.learner, form.current.data, form.password.data, form.confirm.data)
            except accounts.AccountError as error:
                flash(str(error), "error")
            else:
                sessions.end_all(g.learner.id)
                _sign_in(g.learner)  # this browser carries on, with a new session
                flash(_("Your password is changed. Every other browser signed in to your account is signed out."),
                      "success")
                return redirect(url_for("learners.account"))
        else:
            _flash_form_errors(form)
    return render_template("learners/account.html", form=form, everywhere=PostForm())


@bp.post("/account/sign-out-everywhere")
@_account_required
def sign_out_everywhere() -> ResponseReturnValue:
    form = PostForm()
    if form.validate_on_submit():
        ended = sessions.end_all(g.learner.id)
        _clear_session()
        flash(ngettext("Signed out of %(num)d browser, this one included.",
                       "Signed out of %(num)d browsers, this one included.", ended), "info")
    return redirect(url_for("learners.home"))
