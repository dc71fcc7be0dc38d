"""The show-counting drill: count a hand or crib, see exactly what you missed.

Flow: ``GET /show/`` deals (a missed hand due for review, or a hand of the
kind the adaptive dealer picks) and redirects to the drill's own page; the
answer is posted there; the result has its own page, so reloading never
answers twice.  The drill's cards are stored server side (never the breakdown)
under an unguessable id.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.wrappers.response import Response

from engine import speech
from engine.scoring import SHOW_KINDS, ScoreKind
from trainer import practice
from trainer.database import utcnow
from trainer.drills import grading
from trainer.drills.answers import ShowOptions, show_answer_from_dict
from trainer.drills.checking import ClaimKind, Feedback, counted_against_note
from trainer.drills.deal import FocusKind, ShowDeal
from trainer.language import i18n
from trainer.language.i18n import N_, NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.practice import ClaimsChange
from trainer.record.attempts import AttemptInfo, DrillKind
from trainer.record.pending_drills import PendingDrill
from trainer.web import drill_pages, forms
from trainer.web.forms import BadAnswer, NumberField, PostForm, read_points
from trainer.web.learners import learner_required

bp = Blueprint("show", __name__, url_prefix="/show")
NAV = ("show.drill", NC_("nav", "Count"))

#: Headings of the categories, as a learner reads them (the "category" context:
#: :func:`category_labels` translates them).
CATEGORY_LABELS = {
    ScoreKind.FIFTEEN: NC_("category", "Fifteens"),
    ScoreKind.PAIR: NC_("category", "Pairs"),
    ScoreKind.RUN: NC_("category", "Runs"),
    ScoreKind.FLUSH: NC_("category", "Flush"),
    ScoreKind.NOBS: NC_("category", "Nobs"),
}
#: The key that claims each kind (L for flush: F is taken by fifteen; J for the jack of nobs).
CLAIM_KEYS = {
    ClaimKind.FIFTEEN: "f",
    ClaimKind.PAIR: "p",
    ClaimKind.RUN: "r",
    ClaimKind.FLUSH: "l",
    ClaimKind.NOBS: "j",
}
_NO_SUCH_CLAIM = N_("There is no such claim to remove.")
#: The claim to remove, by its place in the list: any bad number says the same.
CLAIM_NUMBER = NumberField(_NO_SUCH_CLAIM, _NO_SUCH_CLAIM, _NO_SUCH_CLAIM)


def category_labels() -> dict[ScoreKind, str]:
    """The categories' headings in the learner's language."""
    return {kind: pgettext("category", label) for kind, label in CATEGORY_LABELS.items()}


def spoken_count(feedback: Feedback) -> str:
    """The count as players say it aloud, in the learner's language."""
    return speech.spoken_count(feedback.score.items, i18n.current())


def focus_label(focus: FocusKind | None) -> str:
    """The option's focus as the options name it ("Adaptive", "Double runs")."""
    return pgettext("focus", "Adaptive") if focus is None else focus.label


@bp.context_processor
def _every_page() -> dict[str, Any]:
    """What the drill's pages show alike: the kinds of the show and their
    headings, the points each may hold, the claim buttons and the focus kinds."""
    return {
        "show_kinds": SHOW_KINDS, "labels": category_labels(), "limits": forms.CATEGORY_LIMITS,
        "claim_keys": CLAIM_KEYS, "claim_kinds": tuple(ClaimKind), "focus_kinds": list(FocusKind),
    }


@bp.get("/")
@learner_required
def drill() -> ResponseReturnValue:
    """Deal a new hand (or bring back a missed one) and go to its page."""
    options, ignored = forms.read_show_options(request.args)
    if ignored:
        flash(_("An unknown drill option was ignored."), "info")
    dealt = practice.next_show(
        g.learner.id, drill_pages.drill_rng(), options=options, target=current_app.config["RATING_TARGET"]
    )
    if dealt.brought_back:
        flash(_("A hand you missed earlier is back: count it again."), "info")
    return redirect(url_for("show.answer", drill_id=dealt.drill_id))


def _open(drill_id: str) -> PendingDrill | None:
    return drill_pages.open_drill(drill_id, DrillKind.SHOW)


@bp.route("/<drill_id>", methods=["GET", "POST"])
@learner_required
def answer(drill_id: str) -> ResponseReturnValue:
    pending = _open(drill_id)
    if pending is None:
        return redirect(url_for("show.drill"))
    shown = practice.show_drill(pending)
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            given = forms.read_show_answer(request.form, shown.options.mode, shown.claims)
        except BadAnswer as error:
            return drill_pages.refused(error, url_for("show.answer", drill_id=drill_id))
        return drill_pages.answered(pending, given, result="show.result", again=url_for("show.drill", **shown.options.args()))
    return render_template(
        "show/drill.html", drill_id=drill_id, deal=shown.deal, options=shown.options, form=form,
        claims=shown.claims.claims, focus_label=focus_label(shown.options.focus),
        brought_back=pending.retry_of is not None, elapsed=int((utcnow() - pending.created_at).total_seconds()),
        placement_step=drill_pages.placement_step(pending, shown.deal),
    )


def _claims_post(drill_id: str) -> tuple[PendingDrill | None, Response]:
    """For a post that changes the claims: the open drill and the way back to its
    claims, or None and where to go instead (a new hand, or back for a stale form)."""
    pending = _open(drill_id)
    if pending is None:
        return None, redirect(url_for("show.drill"))
    back = redirect(url_for("show.answer", drill_id=drill_id) + "#claim")
    if not PostForm().validate_on_submit():
        return None, back
    return pending, back


def _change_claims(drill_id: str, change: practice.AddClaim | practice.RemoveClaim) -> None:
    """Make ``change`` to the drill's claims (:func:`trainer.practice.change_claims`),
    saying what went wrong."""
    match practice.change_claims(g.learner.id, drill_id, change):
        case ClaimsChange.GONE:
            _open(drill_id)  # says why the drill is not open any more
        case ClaimsChange.BUSY:
            flash(_("The claims were changing too fast to keep up: please look them over and try again."), "error")
        case ClaimsChange.TOO_MANY:
            flash(ngettext("That is %(num)d claim already: remove some or submit.",
                           "That is %(num)d claims already: remove some or submit.", practice.MAX_CLAIMS), "error")
        case ClaimsChange.NO_SUCH_CLAIM:
            flash(_(_NO_SUCH_CLAIM), "error")


@bp.post("/<drill_id>/claim")
@learner_required
def claim(drill_id: str) -> ResponseReturnValue:
    """Add a claim (the ticked cards, the kind from the button pressed)."""
    pending, back = _claims_post(drill_id)
    if pending is None:
        return back
    try:
        new_claim = forms.read_claim(request.form, ShowDeal.from_dict(pending.payload["deal"]))
    except BadAnswer as error:
        flash(str(error), "error")
        return back
    _change_claims(drill_id, practice.AddClaim(new_claim))
    return back


@bp.post("/<drill_id>/unclaim")
@learner_required
def unclaim(drill_id: str) -> ResponseReturnValue:
    """Take back one claim."""
    pending, back = _claims_post(drill_id)
    if pending is None:
        return back
    try:
        index = read_points(request.form.get("index"), CLAIM_NUMBER, maximum=practice.MAX_CLAIMS - 1)
    except BadAnswer as error:
        flash(str(error), "error")
        return back
    _change_claims(drill_id, practice.RemoveClaim(index))
    return back


def _result(attempt: AttemptInfo) -> dict[str, Any]:
    deal = ShowDeal.from_dict(attempt.dealt["deal"])
    feedback = grading.judge_show(deal, show_answer_from_dict(attempt.answer))
    return {
        "deal": deal, "options": ShowOptions.from_dict(attempt.dealt.get("options")), "feedback": feedback,
        "everything": tuple(deal.hand) + (deal.starter,), "spoken": spoken_count(feedback),
        "counted_against": counted_against_note(feedback, attempt.results),
    }


@bp.get("/result/<id:attempt_id>")
@learner_required
def result(attempt_id: int) -> ResponseReturnValue:
    shown = drill_pages.result_page(attempt_id, DrillKind.SHOW, _result)
    if shown is None:
        return redirect(url_for("show.drill"))
    return render_template("show/result.html", **shown)
