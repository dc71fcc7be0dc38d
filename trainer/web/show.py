"""The show-counting drill: count a hand or crib, see exactly what you missed.

Flow: ``GET /show/`` deals (a missed hand due for review, or a hand of the
kind the adaptive dealer picks) and redirects to the drill's own page; the
answer is posted there; the result has its own page, so reloading never
answers twice.  The drill's cards are stored server side (never the breakdown)
under an unguessable id.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from flask import Blueprint, current_app, flash, g, redirect, render_template, request, url_for

from engine import speech
from engine.cards import parse_cards
from engine.errors import InvalidCardError
from engine.scoring import SHOW_KINDS, ScoreKind
from trainer.database import utcnow
from trainer.drills import grading, practice
from trainer.drills.checking import AnswerMode, Claim, ClaimKind, Feedback
from trainer.drills.deal import FocusKind, ShowDeal
from trainer.language import i18n
from trainer.language.i18n import N_, NC_, ngettext, pgettext
from trainer.language.i18n import gettext as _
from trainer.record import pending_drills
from trainer.record.attempts import DrillKind
from trainer.web import drill_pages
from trainer.web.forms import CATEGORY_POINTS, YOUR_TOTAL, BadAnswer, NumberField, PostForm, read_points
from trainer.web.learners import learner_required

bp = Blueprint("show", __name__, url_prefix="/show")
NAV = ("show.drill", NC_("nav", "Count"))

#: "auto" lets the adaptive dealer choose the focus.
AUTO = "auto"
#: Claims kept per drill: far more than any hand holds (a 29 has 14 combos).
MAX_CLAIMS = 40
#: Headings of the categories, as a learner reads them (the "category" context:
#: :func:`category_labels` translates them).
CATEGORY_LABELS = {
    ScoreKind.FIFTEEN: NC_("category", "Fifteens"),
    ScoreKind.PAIR: NC_("category", "Pairs"),
    ScoreKind.RUN: NC_("category", "Runs"),
    ScoreKind.FLUSH: NC_("category", "Flush"),
    ScoreKind.NOBS: NC_("category", "Nobs"),
}
CATEGORY_LIMITS = {ScoreKind.FIFTEEN: 16, ScoreKind.PAIR: 12, ScoreKind.RUN: 15, ScoreKind.FLUSH: 5, ScoreKind.NOBS: 1}
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


def focus_label(focus: str) -> str:
    """The option's focus as the options name it ("Adaptive", "Double runs")."""
    if focus == AUTO:
        return pgettext("focus", "Adaptive")
    known = {f.value: f for f in FocusKind}
    return known[focus].label if focus in known else focus


@dataclass(frozen=True, slots=True)
class Options:
    """The learner's drill options, read from the query string."""

    mode: AnswerMode = AnswerMode.TOTAL
    crib: bool = False
    focus: str = AUTO
    timed: bool = False

    @classmethod
    def from_args(cls, args) -> "Options":
        """Read options; unknown values fall back to the defaults, with a message."""
        modes = {m.value for m in AnswerMode}
        focuses = {f.value for f in FocusKind} | {AUTO}
        mode = args.get("mode") or AnswerMode.TOTAL.value
        focus = args.get("focus") or AUTO
        if mode not in modes or focus not in focuses:
            flash(_("An unknown drill option was ignored."), "info")
        return cls(
            AnswerMode(mode) if mode in modes else AnswerMode.TOTAL,
            args.get("crib") == "1",
            focus if focus in focuses else AUTO,
            args.get("timed") == "1",
        )

    def args(self, **changes) -> dict:
        """The options as query arguments, with ``changes`` applied (empty ones left out)."""
        values = {
            "mode": self.mode.value,
            "crib": "1" if self.crib else "",
            "focus": self.focus,
            "timed": "1" if self.timed else "",
        }
        values.update(changes)
        return {k: v for k, v in values.items() if v}

    def to_dict(self) -> dict:
        return {"mode": self.mode.value, "crib": self.crib, "focus": self.focus, "timed": self.timed}

    @classmethod
    def from_dict(cls, data: dict | None) -> "Options":
        """Stored options; anything missing or unknown (a record written by
        another feature) takes the default."""
        data = data if isinstance(data, dict) else {}
        modes = {m.value: m for m in AnswerMode}
        return cls(
            modes.get(str(data.get("mode")), AnswerMode.TOTAL),
            bool(data.get("crib", False)),
            str(data.get("focus", AUTO)),
            bool(data.get("timed", False)),
        )


@bp.get("/")
@learner_required
def drill():
    """Deal a new hand (or bring back a missed one) and go to its page."""
    options = Options.from_args(request.args)
    dealt = practice.next_show(
        g.learner.id, drill_pages.drill_rng(), crib=options.crib,
        focus=None if options.focus == AUTO else FocusKind(options.focus),
        spacing=current_app.config["REVIEW_SPACING"], options=options.to_dict(),
    )
    if dealt.brought_back:
        flash(_("A hand you missed earlier is back: count it again."), "info")
    return redirect(url_for("show.answer", drill_id=dealt.drill_id))


def _open(drill_id: str) -> pending_drills.PendingDrill | None:
    return drill_pages.open_drill(drill_id, DrillKind.SHOW)


def _claims(payload: dict) -> list[Claim]:
    return [Claim.parse(kind, cards) for kind, cards in payload.get("claims", [])]


@bp.route("/<drill_id>", methods=["GET", "POST"])
@learner_required
def answer(drill_id: str):
    pending = _open(drill_id)
    if pending is None:
        return redirect(url_for("show.drill"))
    deal = ShowDeal.from_dict(pending.payload["deal"])
    options = Options.from_dict(pending.payload.get("options"))
    form = PostForm()
    if request.method == "POST" and form.validate_on_submit():
        try:
            given = _read_answer(options.mode, pending.payload)
        except BadAnswer as error:
            flash(str(error), "error")
            return redirect(url_for("show.answer", drill_id=drill_id))
        seconds = (utcnow() - pending.created_at).total_seconds()
        attempt_id = drill_pages.answer(
            drill_id, DrillKind.SHOW,
            lambda: grading.grade_show(
                deal, options.to_dict(), given, seconds=round(seconds, 1) if options.timed else None,
                retry_of=pending.retry_of,
            )[1],
        )
        if attempt_id is None:  # answered in another tab meanwhile
            return redirect(url_for("show.drill", **options.args()))
        return redirect(url_for("show.result", attempt_id=attempt_id))
    return render_template(
        "show/drill.html",
        drill_id=drill_id,
        deal=deal,
        options=options,
        form=form,
        claims=_claims(pending.payload),
        claim_keys=CLAIM_KEYS,
        claim_kinds=tuple(ClaimKind),
        show_kinds=SHOW_KINDS,
        limits=CATEGORY_LIMITS,
        labels=category_labels(),
        focus_kinds=list(FocusKind),
        focus_label=focus_label(options.focus),
        brought_back=pending.retry_of is not None,
        elapsed=int((utcnow() - pending.created_at).total_seconds()),
    )


def _read_answer(mode: AnswerMode, payload: dict) -> dict:
    """The learner's answer from the form, as stored with the attempt."""
    if mode is AnswerMode.TOTAL:
        return {"total": read_points(request.form.get("total"), YOUR_TOTAL)}
    if mode is AnswerMode.CATEGORY:
        counts = {}
        for kind in SHOW_KINDS:
            counts[kind.value] = read_points(
                request.form.get(kind.value), CATEGORY_POINTS[kind], maximum=CATEGORY_LIMITS[kind], blank=0
            )
        return {"categories": counts}
    return {"claims": payload.get("claims", [])}


def _claims_post(drill_id: str):
    """For a post that changes the claims: the open drill and the way back to its
    claims, or None and where to go instead (a new hand, or back for a stale form)."""
    pending = _open(drill_id)
    if pending is None:
        return None, redirect(url_for("show.drill"))
    back = redirect(url_for("show.answer", drill_id=drill_id) + "#claim")
    if not PostForm().validate_on_submit():
        return None, back
    return pending, back


def _change_claims(drill_id: str, change: Callable[[list], list]) -> None:
    """Apply ``change`` to the drill's claims (:func:`trainer.drills.practice.change_claims`),
    flashing what went wrong; ``change`` raises :class:`BadAnswer` to refuse."""
    try:
        outcome = practice.change_claims(g.learner.id, drill_id, change)
    except BadAnswer as error:
        flash(str(error), "error")
        return
    if outcome is practice.ClaimsChange.GONE:
        _open(drill_id)  # says why the drill is not open any more
    elif outcome is practice.ClaimsChange.BUSY:
        flash(_("The claims were changing too fast to keep up: please look them over and try again."), "error")


@bp.post("/<drill_id>/claim")
@learner_required
def claim(drill_id: str):
    """Add a claim (the ticked cards, the kind from the button pressed)."""
    pending, back = _claims_post(drill_id)
    if pending is None:
        return back
    deal = ShowDeal.from_dict(pending.payload["deal"])
    kind = request.form.get("kind", "")
    try:
        cards = parse_cards(request.form.getlist("card"))
        if not cards:
            raise BadAnswer(_("Tick the cards of the combination first, then press its kind."))
        if not set(cards) <= set(deal.hand) | {deal.starter}:
            raise BadAnswer(_("Those cards are not in this deal."))
        new_claim = Claim.parse(kind, cards)
    except (BadAnswer, InvalidCardError) as error:
        flash(str(error) if isinstance(error, BadAnswer) else _("Those cards are not in this deal."), "error")
        return back
    except ValueError:
        flash(_("Claim a fifteen, pair, run, flush or nobs."), "error")
        return back

    def add(claims: list) -> list:
        if len(claims) >= MAX_CLAIMS:
            raise BadAnswer(ngettext("That is %(num)d claim already: remove some or submit.",
                                     "That is %(num)d claims already: remove some or submit.", MAX_CLAIMS))
        return claims + [[new_claim.kind.value, " ".join(str(c) for c in new_claim.cards)]]

    _change_claims(drill_id, add)
    return back


@bp.post("/<drill_id>/unclaim")
@learner_required
def unclaim(drill_id: str):
    """Take back one claim."""
    pending, back = _claims_post(drill_id)
    if pending is None:
        return back
    try:
        index = read_points(request.form.get("index"), CLAIM_NUMBER, maximum=MAX_CLAIMS - 1)
    except BadAnswer as error:
        flash(str(error), "error")
        return back

    def remove(claims: list) -> list:
        if index >= len(claims):
            raise BadAnswer(_(_NO_SUCH_CLAIM))
        return claims[:index] + claims[index + 1 :]

    _change_claims(drill_id, remove)
    return back


@bp.get("/result/<id:attempt_id>")
@learner_required
def result(attempt_id: int):
    attempt = drill_pages.own_result(attempt_id, DrillKind.SHOW)
    if attempt is None:
        return redirect(url_for("show.drill"))
    options = Options.from_dict(attempt.dealt.get("options"))
    try:
        deal = ShowDeal.from_dict(attempt.dealt["deal"])
        feedback = grading.check_show(deal, attempt.answer)
    except drill_pages.UNREADABLE:  # an attempt another feature recorded in its own shape
        drill_pages.unreadable_result()
        return redirect(url_for("show.drill"))
    return render_template(
        "show/result.html",
        attempt=attempt,
        deal=deal,
        options=options,
        feedback=feedback,
        show_kinds=SHOW_KINDS,
        labels=category_labels(),
        everything=tuple(deal.hand) + (deal.starter,),
        spoken=spoken_count(feedback),
    )

