"""Play with people: open a table, send its invitation link, gather, start.

Views are thin: they read the form and call :mod:`trainer.room.rooms`, which
owns the rooms; a refusal (:class:`~trainer.room.rooms.RoomError`) is flashed
in the learner's words.  Once the game starts, its table is the play
blueprint's (:func:`trainer.web.play.table`), followed live like the
gathering page here (``static/live.js``).
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import TooManyRequests
from werkzeug.wrappers import Response

from engine.bots.levels import LEVEL_NAMES
from engine.rules import Counting
from trainer.language.i18n import gettext as _
from trainer.play import choices, moves
from trainer.play.seats import level_label
from trainer.record import tries
from trainer.room import rooms
from trainer.room.opponents import opponents
from trainer.web.forms import PostForm, read_counting, read_level
from trainer.web.learners import learner_required, over_limit

bp = Blueprint("rooms", __name__, url_prefix="/rooms")
#: How many tables a learner may open, and links they may try or make, in how long
#: (the app config's ``ROOM_LIMIT`` and ``INVITATION_LIMIT`` replace them): a
#: guesser of links, or a script opening tables, meets 429 across every worker.
DEFAULT_ROOM_LIMIT = "20/hour"
DEFAULT_INVITATION_LIMIT = "60/hour"
#: How many names a host may look up to keep seats for, from one learner and from one
#: address, in how long (the app config's ``NAME_LOOKUP_LIMIT``): each look-up says
#: whether a name has an account, so it costs a try as it does on the sign-up page.
DEFAULT_NAME_LOOKUP_LIMIT = "30/hour"


def _limit_invitations() -> str:
    """Count an invitation link opened or made by this learner, before it is answered:
    429 past the limit.  Returns the key counted (a link that opens a table is taken back)."""
    key = f"invitation:{g.learner.id}"
    if over_limit(key, "INVITATION_LIMIT", DEFAULT_INVITATION_LIMIT):
        raise TooManyRequests()
    return key


def _limit_name_lookups() -> None:
    """Count a host's look-up of a name, found or not, before it is answered: 429 past
    the limit of this learner or of this client address (one person, many accounts)."""
    for key in (f"name look-up:{g.learner.id}", f"name look-up address:{request.remote_addr or '?'}"):
        if over_limit(key, "NAME_LOOKUP_LIMIT", DEFAULT_NAME_LOOKUP_LIMIT):
            raise TooManyRequests()
# No NAV entry: the bar would take a second row on a wide screen; the Play page leads here.


@bp.get("/")
@learner_required
def index() -> str:
    """The set-up of a table for people, the tables the learner is gathering at, and how their games
    against each person they played went."""
    return render_template(
        "rooms/index.html", form=PostForm(), variants=rooms.ROOM_VARIANTS, lengths=choices.LENGTHS,
        countings=tuple(c.value for c in Counting), default_counting=rooms.DEFAULT_COUNTING.value,
        variant_label=choices.variant_label, length_label=choices.length_label, counting_label=choices.counting_label,
        gathering=rooms.learner_rooms(g.learner.id), match_points=choices.MATCH_POINTS,
        away_limits=tuple(_limit_value(limit) for limit in choices.AWAY_LIMITS),
        call_limits=tuple(_limit_value(limit) for limit in choices.CALL_LIMITS), limit_label=_limit_label,
        default_clock=choices.TableClock(),
        opponents=opponents(g.learner.id),
    )


def _limit_value(limit: int | None) -> str:
    """A clock limit as the set-up form sends it."""
    return "none" if limit is None else str(limit)


def _limit_label(value: str) -> str:
    return choices.limit_label(None if value == "none" else int(value))


@bp.post("/new")
@learner_required
def new() -> Response:
    """Open a table for people with the set-up the host chose."""
    if not PostForm().validate_on_submit():
        flash(_("That form was out of date; please try again."), "error")
        return redirect(url_for("rooms.index"))
    try:
        setup, clock = _read_setup(request.form)
        if over_limit(f"room:{g.learner.id}", "ROOM_LIMIT", DEFAULT_ROOM_LIMIT):
            raise TooManyRequests()
        room_id = rooms.open_room(g.learner.id, setup, clock)
    except (moves.GameActionError, rooms.RoomError) as error:
        flash(str(error), "error")
        return redirect(url_for("rooms.index"))
    return redirect(url_for("rooms.room", room_id=room_id))


def _read_setup(form: MultiDict[str, str]) -> tuple[choices.GameSetup, choices.TableClock]:
    """The game and the table's clock as the set-up form chose them; :class:`moves.GameActionError` says what was wrong."""
    setup = choices.GameSetup(variant=choices.variant_of(form.get("variant", choices.Variant.SIX_CARD)),
                            length=choices.length_of(form.get("length", choices.Length.OWN)),
                            counting=read_counting(form, rooms.DEFAULT_COUNTING),
                            skunks=form.get("skunks") == "on", match=form.get("match") == "on")
    default = choices.TableClock()
    clock = choices.TableClock(choices.read_limit(form.get("away_after"), choices.AWAY_LIMITS, default.away_after),
                             choices.read_limit(form.get("call_within"), choices.CALL_LIMITS, default.call_within))
    return setup, clock


@bp.get("/<id:room_id>")
@learner_required
def room(room_id: int) -> ResponseReturnValue:
    """The table gathering: its seats, and for the host the link, the bots and the start."""
    view = rooms.room_view(g.learner.id, room_id)
    if view is None:  # the same words for a table closed, given up, left or never theirs: nothing to learn
        return render_template("error.html", title=_("No such table"), message=_(
            "No table of yours is gathering here: its host may have closed it, or you have left it.")), 404
    if view.game_id is not None:
        return redirect(url_for("play.table", game_id=view.game_id))
    link = url_for("rooms.join", token=view.token, _external=True) if view.token else None
    return render_template("rooms/room.html", r=view, link=link, form=PostForm(), levels=LEVEL_NAMES,
                           level_label=level_label, limit_label=choices.limit_label)


@bp.route("/join/<token>", methods=["GET", "POST"])
@learner_required
def join(token: str) -> Response | str:
    """An invitation link: the table it opens, and a button to take a free seat.
    Links that open nothing count against the learner's limit (guessing them is slow)."""
    counted = _limit_invitations()
    try:
        if request.method == "POST" and PostForm().validate_on_submit():
            room_id = rooms.join(g.learner.id, token)
            tries.take_back(counted)
            return redirect(url_for("rooms.room", room_id=room_id))
        view = rooms.invitation(g.learner.id, token)
    except rooms.RoomError as error:
        if error.reason is not rooms.RoomRefusal.NO_SUCH_LINK:
            tries.take_back(counted)
        flash(str(error), "error")
        return redirect(url_for("rooms.index"))
    tries.take_back(counted)
    if any(seat.is_you for seat in view.seats):
        return redirect(url_for("rooms.room", room_id=view.id))
    return render_template("rooms/join.html", r=view, token=token, form=PostForm())


@bp.post("/<id:room_id>/<any(bots, free, keep, off, revoke, start, close):action>")
@learner_required
def host(room_id: int, action: str) -> Response:
    """One of the host's actions at a table gathering, posted to its own address
    (seat the bots, free their seats, keep a seat, take someone off, withdraw the
    link, start, close); a refusal is a message."""
    if action == "revoke":
        _limit_invitations()  # each withdrawal makes a new link
    if not PostForm().validate_on_submit():
        flash(_("That form was out of date; please try again."), "error")
        return redirect(url_for("rooms.room", room_id=room_id))
    try:
        if action == "bots":
            rooms.fill_with_bots(g.learner.id, room_id, read_level(request.form))
        elif action == "free":
            rooms.free_bot_seats(g.learner.id, room_id)
        elif action == "keep":
            _limit_name_lookups()
            chosen = request.form.get("seat", "")
            rooms.keep_seat(g.learner.id, room_id, request.form.get("name", ""),
                            _seat_number(chosen) if chosen else None)
        elif action == "off":
            seat = _seat_number(request.form.get("seat", ""))
            rooms.take_off(g.learner.id, room_id, seat)
        elif action == "close":
            rooms.close(g.learner.id, room_id)
            flash(_("Table %(number)d is closed: its link opens nothing now.", number=room_id), "info")
            return redirect(url_for("rooms.index"))
        elif action == "revoke":
            rooms.revoke(g.learner.id, room_id)
            flash(_("The old link no longer opens this table: send the new one."), "info")
        else:
            game_id = rooms.start(g.learner.id, room_id, seed=current_app.config.get("PLAY_SEED"))
            return redirect(url_for("play.table", game_id=game_id))
    except rooms.NoSuchRoom:
        abort(404)
    except (rooms.RoomError, moves.GameActionError) as error:
        flash(str(error), "error")
    return redirect(url_for("rooms.room", room_id=room_id))


def _seat_number(raw: str) -> int:
    """A seat number from a form (-1, which no seat has, for anything else)."""
    return int(raw) if raw.isdecimal() and len(raw) < 3 else -1


@bp.post("/<id:room_id>/leave")
@learner_required
def leave(room_id: int) -> Response:
    """Give up one's seat at a table still gathering (the invitation link seats them again)."""
    if not PostForm().validate_on_submit():
        flash(_("That form was out of date; please try again."), "error")
        return redirect(url_for("rooms.room", room_id=room_id))
    try:
        rooms.leave(g.learner.id, room_id)
    except rooms.NoSuchRoom:
        abort(404)
    except rooms.RoomError as error:
        flash(str(error), "error")
        return redirect(url_for("rooms.room", room_id=room_id))
    flash(_("You have left table %(number)d.", number=room_id), "info")
    return redirect(url_for("rooms.index"))
