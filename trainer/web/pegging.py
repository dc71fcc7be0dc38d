"""Pegging quizzes: the points (and count) for the card just played, and
which card is best to play, from real deals played out by the game engine."""

from __future__ import annotations

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for

from engine.cards import Card
from engine.errors import InvalidCardError
from engine.peganalysis import PeggingView, analyse_plays
from trainer import adaptive, record
from trainer.checking import check_pegging
from trainer.drills import BestPlayQuestion, PeggingMoment, best_play_question, pegging_moment
from trainer.record import DrillKind, NewAttempt
from trainer.web import drill_pages
from trainer.web.forms import BadAnswer, PostForm, read_points
from trainer.web.learners import learner_required

bp = Blueprint("pegging", __name__, url_prefix="/pegging")
NAV = ("pegging.quiz", "Pegging")

#: Play-outs per candidate card in the best-play analysis.
SAMPLES = 300
#: A card within this many expected points of the best counts as best too.
TOLERANCE = 0.05


@bp.get("/")
@learner_required
def quiz():
    """Deal a pegging moment (a missed one due for review first) and go to it."""
    learner_id = g.learner.id
    spacing = current_app.config["REVIEW_SPACING"]
    due = adaptive.review_deal(learner_id, DrillKind.PEGGING, spacing)
    retry_of = None
    if due is not None:
        retry_of, moment = due
        flash("A pile you missed earlier is back: score it again.", "info")
    else:
        rng = drill_pages.drill_rng()
        tag = adaptive.choose_peg_tag(record.learner_totals(learner_id, DrillKind.PEGGING), rng)
        moment = pegging_moment(rng, tag)
    drill_id = drill_pages.deal(DrillKind.PEGGING, {"moment": moment.to_dict()}, retry_of)
    return redirect(url_for("pegging.answer", drill_id=drill_id))


@bp.route("/<drill_id>", methods=["GET", "POST"])
@learner_required
def answer(drill_id: str):
    pending = drill_pages.open_drill(drill_id, DrillKind.PEGGING, "question")
    if pending is None:
        return redirect(url_for("pegging.quiz"))
    moment = PeggingMoment.from_dict(pending.payload["moment"])
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            count = read_points(request.form.get("count"), "the count", maximum=31)
            points = read_points(request.form.get("points"), "the points", maximum=29)
        except BadAnswer as error:
            flash(str(error), "error")
            return redirect(url_for("pegging.answer", drill_id=drill_id))
        if not drill_pages.close_drill(drill_id, "question"):
            return redirect(url_for("pegging.quiz"))
        feedback = check_pegging(moment.play(), moment.extra, points, count)
        attempt = NewAttempt(
            DrillKind.PEGGING,
            dealt={"moment": moment.to_dict()},
            answer={"count": count, "points": points},
            results=feedback.results,
            points_expected=feedback.expected_points,
            points_answered=points,
            points_missed=feedback.points_missed,
            correct=feedback.correct,
            mode="points",
            retry_of=pending.retry_of,
        )
        return redirect(url_for("pegging.result", attempt_id=drill_pages.record_answer(attempt)))
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
    question = best_play_question(drill_pages.drill_rng())
    drill_id = drill_pages.deal(DrillKind.BEST_PLAY, {"question": question.to_dict()})
    return redirect(url_for("pegging.best_answer", drill_id=drill_id))


def _view(question: BestPlayQuestion) -> PeggingView:
    """The learner's view as the pegging analysis takes it: seat 0, the opponent seat 1."""
    last_player = None if not question.pile else (0 if question.last_mine else 1)
    return PeggingView(
        seat=0,
        hand=question.hand,
        pile=question.pile,
        played=question.earlier + question.pile,
        seen=question.seen,
        cards_left=(len(question.hand), question.opponent_cards),
        min_value=(1, question.opponent_min_value),
        last_player=last_player,
    )


@bp.route("/best/<drill_id>", methods=["GET", "POST"])
@learner_required
def best_answer(drill_id: str):
    pending = drill_pages.open_drill(drill_id, DrillKind.BEST_PLAY, "question")
    if pending is None:
        return redirect(url_for("pegging.best"))
    question = BestPlayQuestion.from_dict(pending.payload["question"])
    view = _view(question)
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            chosen = Card.parse(request.form.get("card", ""))
        except InvalidCardError:
            chosen = None
        if chosen is None or chosen not in view.legal_cards():
            flash("Pick one of your cards that can be played (the count may not pass 31).", "error")
            return redirect(url_for("pegging.best_answer", drill_id=drill_id))
        if not drill_pages.close_drill(drill_id, "question"):
            return redirect(url_for("pegging.best"))
        options = analyse_plays(view, samples=SAMPLES, rng=question.seed)
        best_net = options[0].expected_net
        mine = next(o for o in options if o.card == chosen)
        given_away = best_net - mine.expected_net
        attempt = NewAttempt(
            DrillKind.BEST_PLAY,
            dealt={"question": question.to_dict()},
            answer={"card": str(chosen), "given_away": round(given_away, 3)},
            results=(),
            points_expected=0,
            points_answered=0,
            points_missed=round(given_away),
            correct=given_away <= TOLERANCE,
            mode="best card",
            retry_of=pending.retry_of,
        )
        return redirect(url_for("pegging.best_result", attempt_id=drill_pages.record_answer(attempt)))
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
        options = analyse_plays(_view(question), samples=SAMPLES, rng=question.seed)
        chosen = Card.parse(attempt.answer["card"])
    except drill_pages.UNREADABLE:  # an attempt another feature recorded in its own shape
        drill_pages.unreadable_result()
        return redirect(url_for("pegging.best"))
    return render_template(
        "pegging/best_result.html", question=question, options=options, chosen=chosen, attempt=attempt,
        tolerance=TOLERANCE, count=sum(c.value for c in question.pile),
    )
