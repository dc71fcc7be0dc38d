"""Pegging quizzes: the points (and count) for the card just played, and
which card is best to play, from real deals played out by the game engine."""

from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for

from engine.cards import Card
from engine.errors import InvalidCardError
from engine.pegging import pile_count
from trainer.drills import grading, practice
from trainer.drills.checking import check_pegging
from trainer.drills.deal import BestPlayQuestion, PeggingMoment
from trainer.language.i18n import NC_
from trainer.language.i18n import gettext as _
from trainer.record.attempts import DrillKind
from trainer.web import drill_pages
from trainer.web.forms import THE_COUNT, THE_POINTS, BadAnswer, PostForm, read_points
from trainer.web.learners import learner_required

bp = Blueprint("pegging", __name__, url_prefix="/pegging")
NAV = ("pegging.quiz", NC_("nav", "Pegging"))


@bp.get("/")
@learner_required
def quiz():
    """Deal a pegging moment (a missed one due for review first) and go to it."""
    dealt = practice.next_pegging(g.learner.id, drill_pages.drill_rng(), spacing=current_app.config["REVIEW_SPACING"])
    if dealt.brought_back:
        flash(_("A pile you missed earlier is back: score it again."), "info")
    return redirect(url_for("pegging.answer", drill_id=dealt.drill_id))


@bp.route("/<drill_id>", methods=["GET", "POST"])
@learner_required
def answer(drill_id: str):
    pending = drill_pages.open_drill(drill_id, DrillKind.PEGGING)
    if pending is None:
        return redirect(url_for("pegging.quiz"))
    moment = PeggingMoment.from_dict(pending.payload["moment"])
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            count = read_points(request.form.get("count"), THE_COUNT, maximum=31)
            points = read_points(request.form.get("points"), THE_POINTS, maximum=29)
        except BadAnswer as error:
            flash(str(error), "error")
            return redirect(url_for("pegging.answer", drill_id=drill_id))
        attempt_id = drill_pages.answer(
            drill_id, DrillKind.PEGGING, lambda: grading.grade_pegging(moment, points, count, retry_of=pending.retry_of)[1]
        )
        if attempt_id is None:
            return redirect(url_for("pegging.quiz"))
        return redirect(url_for("pegging.result", attempt_id=attempt_id))
    return render_template("pegging/quiz.html", drill_id=drill_id, moment=moment, form=form)


@bp.get("/result/<id:attempt_id>")
@learner_required
def result(attempt_id: int):
    attempt = drill_pages.own_result(attempt_id, DrillKind.PEGGING)
    if attempt is None:
        return redirect(url_for("pegging.quiz"))
    try:
        moment = PeggingMoment.from_dict(attempt.dealt["moment"])
        feedback = check_pegging(moment.play(), moment.extra, int(attempt.answer["points"]), int(attempt.answer["count"]))
    except drill_pages.UNREADABLE:  # an attempt another feature recorded in its own shape
        drill_pages.unreadable_result()
        return redirect(url_for("pegging.quiz"))
    return render_template("pegging/result.html", moment=moment, feedback=feedback, attempt=attempt)


# ---------------------------------------------------------------- which card is best


@bp.get("/best")
@learner_required
def best():
    dealt = practice.next_best_play(g.learner.id, drill_pages.drill_rng())
    return redirect(url_for("pegging.best_answer", drill_id=dealt.drill_id))


@bp.route("/best/<drill_id>", methods=["GET", "POST"])
@learner_required
def best_answer(drill_id: str):
    pending = drill_pages.open_drill(drill_id, DrillKind.BEST_PLAY)
    if pending is None:
        return redirect(url_for("pegging.best"))
    question = BestPlayQuestion.from_dict(pending.payload["question"])
    view = grading.best_play_view(question)
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            chosen = Card.parse(request.form.get("card", ""))
        except InvalidCardError:
            chosen = None
        if chosen is None or chosen not in view.legal_cards():
            flash(_("Pick one of your cards that can be played (the count may not pass 31)."), "error")
            return redirect(url_for("pegging.best_answer", drill_id=drill_id))
        attempt_id = drill_pages.answer(
            drill_id, DrillKind.BEST_PLAY, lambda: grading.grade_best_play(question, chosen, retry_of=pending.retry_of)
        )
        if attempt_id is None:
            return redirect(url_for("pegging.best"))
        return redirect(url_for("pegging.best_result", attempt_id=attempt_id))
    return render_template(
        "pegging/best.html", drill_id=drill_id, question=question, legal=view.legal_cards(), form=form,
        count=view.count,
    )


@bp.get("/best/result/<id:attempt_id>")
@learner_required
def best_result(attempt_id: int):
    attempt = drill_pages.own_result(attempt_id, DrillKind.BEST_PLAY)
    if attempt is None:
        return redirect(url_for("pegging.best"))
    try:
        question = BestPlayQuestion.from_dict(attempt.dealt["question"])
        options = grading.best_play_options(question)
        chosen = Card.parse(attempt.answer["card"])
    except drill_pages.UNREADABLE:  # an attempt another feature recorded in its own shape
        drill_pages.unreadable_result()
        return redirect(url_for("pegging.best"))
    return render_template(
        "pegging/best_result.html", question=question, options=options, chosen=chosen, attempt=attempt,
        count=pile_count(question.pile),
    )
