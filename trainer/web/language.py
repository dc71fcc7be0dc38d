"""The language of every page: the learner's choice, else the browser's.

Each request speaks one language (:mod:`trainer.language.i18n`), chosen in this order:
the signed-in learner's saved choice, the visitor's choice kept in their
session, the best match of the browser's ``Accept-Language``, English.  The
switch in every page's footer posts here; a learner's choice is saved with
their profile, so it follows them to any browser.

Templates get ``_``, ``ngettext`` and ``pgettext`` (Jinja's i18n extension,
"new style": placeholders are ``%(name)s`` and a literal percent sign is
``%%``), the filters ``decimal``, ``percent`` and ``date``, the cards' words
and scoring items (``card_face``, ``card_faces``, ``card_name``, ``rank_face``,
``item_name``, ``kind_name``: :mod:`trainer.language.words`), and
``current_language`` and ``languages`` for the switch and ``<html lang>``.
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, g, redirect, request, session, url_for
from flask.typing import ResponseReturnValue

from trainer import database
from trainer.language import i18n, words
from trainer.record import learners
from trainer.web.security import local_path

bp = Blueprint("language", __name__)


def chosen_language() -> str:
    """The language of this request (see the module's docstring)."""
    learner = g.get("learner")
    saved = i18n.normalise(learner.language) if learner is not None else None
    if saved:
        return saved
    kept = i18n.normalise(session.get("language"))
    if kept:
        return kept
    return i18n.normalise(request.accept_languages.best_match(tuple(i18n.LANGUAGES))) or i18n.DEFAULT_LANGUAGE


@bp.before_app_request
def speak_chosen_language() -> None:
    # Registered after the learners' blueprint, so g.learner is known here.
    g.language_token = i18n.activate(chosen_language())


@bp.teardown_app_request
def stop_speaking(error: BaseException | None) -> None:
    token = g.pop("language_token", None)
    if token is not None:
        try:
            i18n.deactivate(token)
        except ValueError:  # made in another context (a streamed response): the next request sets its own
            pass


@bp.after_app_request
def say_which_language(response: Response) -> Response:
    response.headers["Content-Language"] = i18n.current()
    response.vary.add("Accept-Language")
    return response


@bp.post("/language")
def choose() -> ResponseReturnValue:
    """Switch to the language posted (``language``: ``en`` or ``ru``) and go back."""
    code = i18n.normalise(request.form.get("language"))
    if code is not None:
        session["language"] = code
        learner = g.get("learner")
        if learner is not None:
            learners.set_language(learner.id, code)
            database.commit()
    return redirect(local_path(request.form.get("next")) or url_for("learners.home"))


def init_app(app: Flask) -> None:
    """Give the app's templates the translation functions and the locale's number and date filters."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    # Jinja fills the placeholders itself ("new style"): it is given the translations as they are.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # added by the extension
        gettext=i18n.translate, ngettext=i18n.translate_plural, pgettext=i18n.translate_in, newstyle=True,
    )
    app.jinja_env.filters.update(
        decimal=i18n.format_decimal, percent=i18n.format_percent, date=i18n.format_date,
    )
    app.jinja_env.globals.update(
        card_face=words.face, card_faces=words.faces, card_name=words.name, rank_face=words.rank_face,
        item_name=words.item_name, kind_name=words.kind_name,
    )

    @app.context_processor
    def language_of_the_page() -> dict[str, object]:
        return {"current_language": i18n.current(), "languages": i18n.LANGUAGES}
