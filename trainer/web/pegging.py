"""Pegging quizzes: the points (and count) for the card just played, and
which card is best to play, from real deals played out by the game engine."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from engine.pegging import pile_count
from trainer import practice
from trainer.drills import explain, grading
from trainer.drills.answers import BestCard, PegPoints
from trainer.drills.deal import BestPlayQuestion, PeggingMoment
from trainer.language.i18n import NC_
from trainer.language.i18n import gettext as _
from trainer.record.attempts import AttemptInfo, DrillKind
from trainer.web import drill_pages, forms
from trainer.web.forms import BadAnswer, PostForm
from trainer.web.learners import learner_required

bp = Blueprint("pegging", __name__, url_prefix="/pegging")
NAV = ("pegging.quiz", NC_("nav", "Pegging"))


@bp.get("/")
@learner_required
def quiz() -> ResponseReturnValue:
    """Deal a pegging moment (a missed one due for review first) and go to it."""
    dealt = practice.next_pegging(g.learner.id, drill_pages.drill_rng(), target=current_app.config["RATING_TARGET"])
    if dealt.brought_back:
        flash(_("A pile you missed earlier is back: score it again."), "info")
    return redirect(url_for("pegging.answer", drill_id=dealt.drill_id))


@bp.route("/<drill_id>", methods=["GET", "POST"])
@learner_required
def answer(drill_id: str) -> ResponseReturnValue:
    pending = drill_pages.open_drill(drill_id, DrillKind.PEGGING)
    if pending is None:
        return redirect(url_for("pegging.quiz"))
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            given = forms.read_peg_points(request.form)
        except BadAnswer as error:
            return drill_pages.refused(error, url_for("pegging.answer", drill_id=drill_id))
        return drill_pages.answered(pending, given, result="pegging.result", again=url_for("pegging.quiz"))
    moment = PeggingMoment.from_dict(pending.payload["moment"])
    return render_template("pegging/quiz.html", drill_id=drill_id, moment=moment, form=form,
                           placement_step=drill_pages.placement_step(pending, moment))


def _result(attempt: AttemptInfo) -> dict[str, Any]:
    moment = PeggingMoment.from_dict(attempt.dealt["moment"])
    return {"moment": moment, "feedback": grading.judge_pegging(moment, PegPoints.from_dict(attempt.answer))}


@bp.get("/result/<id:attempt_id>")
@learner_required
def result(attempt_id: int) -> ResponseReturnValue:
    shown = drill_pages.result_page(attempt_id, DrillKind.PEGGING, _result)
    if shown is None:
        return redirect(url_for("pegging.quiz"))
    return render_template("pegging/result.html", **shown)


# ---------------------------------------------------------------- which card is best


@bp.get("/best")
@learner_required
def best() -> ResponseReturnValue:
    dealt = practice.next_best_play(g.learner.id, drill_pages.drill_rng(), target=current_app.config["RATING_TARGET"])
    return redirect(url_for("pegging.best_answer", drill_id=dealt.drill_id))


@bp.route("/best/<drill_id>", methods=["GET", "POST"])
@learner_required
def best_answer(drill_id: str) -> ResponseReturnValue:
    pending = drill_pages.open_drill(drill_id, DrillKind.BEST_PLAY)
    if pending is None:
        return redirect(url_for("pegging.best"))
    question = BestPlayQuestion.from_dict(pending.payload["question"])
    view = grading.best_play_view(question)
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            given = forms.read_best_card(request.form, view.legal_cards())
        except BadAnswer as error:
            return drill_pages.refused(error, url_for("pegging.best_answer", drill_id=drill_id))
        return drill_pages.answered(pending, given, result="pegging.best_result", again=url_for("pegging.best"))
    return render_template(
        "pegging/best.html", drill_id=drill_id, question=question, legal=view.legal_cards(), form=form, count=view.count,
        placement_step=drill_pages.placement_step(pending, question),
    )


def _best_result(attempt: AttemptInfo) -> dict[str, Any]:
    question = BestPlayQuestion.from_dict(attempt.dealt["question"])
    verdict = grading.judge_best_play(question, BestCard.from_dict(attempt.answer))
    mine = explain.read_card(question, next(option for option in verdict.options if option.card == verdict.chosen))
    best = None if verdict.best else explain.read_card(question, verdict.options[0])
    return {
        "question": question, "options": verdict.options, "chosen": verdict.chosen, "count": pile_count(question.pile),
        "why_best": None if best is None else explain.card_words(best), "why_mine": explain.card_words(mine),
        "why_later": None if best is None else explain.later_note(best, mine),
    }


@bp.get("/best/result/<id:attempt_id>")
@learner_required
def best_result(attempt_id: int) -> ResponseReturnValue:
    shown = drill_pages.result_page(attempt_id, DrillKind.BEST_PLAY, _best_result)
    if shown is None:
        return redirect(url_for("pegging.best"))
    return render_template("pegging/best_result.html", **shown)
