"""Games against the bot: set-up, the table, results and the post-game review.

In personal mode a game may also be played by several profiles at one device
(pass and play, :mod:`trainer.play.passing`): the session keeps who is in front
of the screen (:data:`FRONT`), the table is drawn from their chair and their
moves are theirs, and when the game awaits someone else the page is a screen
that passes the device on, showing no card of anyone.

Views are thin: they read the form into typed values (a
:data:`trainer.play.moves.GameMove` and the version it was drawn at) and call
:mod:`trainer.play.games`, which owns the game, the bot and what the learner may see.  Test configuration:
``PLAY_SEED`` fixes new games' deals, ``PLAY_BOT_MISS_RATE`` the bot's
under-count rate under muggins (instead of its level's documented rate),
``PLAY_ANIMATION`` ("off", "fast"...) overrides every learner's animation
speed on the table (browser tests run with "off").
"""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, g, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import TooManyRequests

from engine.bots.levels import LEVEL_NAMES, Level
from engine.cards import Card
from engine.errors import InvalidCardError
from engine.rules import Counting
from trainer.language import i18n
from trainer.language.i18n import N_, NC_
from trainer.language.i18n import gettext as _
from trainer.play import choices, games, moves, passing, speaking, talk
from trainer.play.replay import game_replay
from trainer.play.results import game_results, game_review
from trainer.play.seats import level_label
from trainer.play.table import Table
from trainer.record import accounts, learners, table_settings
from trainer.web.forms import PostForm, read_counting, read_level
from trainer.web.learners import PROFILES_LISTED, accounts_mode, learner_required, over_limit

bp = Blueprint("play", __name__, url_prefix="/play")
NAV = ("play.index", NC_("nav", "Play"))
#: How many phrases a person may say (the app config's ``PHRASE_LIMIT``): each one reloads
#: every other seat's page, so a flood would keep the table from playing.
DEFAULT_PHRASE_LIMIT = "10/minute"

#: How each level plays, as the set-up form says it in a line (seed 001's levels, RULES.md §6).
LEVEL_DESCRIPTIONS = {
    "easy": N_("keeps cards that already score together, throws carelessly to the crib, and plays a random card "
               "about half the time."),
    "medium": N_("keeps the best four cards as they stand; in the play takes every fifteen, pair and run it can, "
                 "avoids giving you an easy 15 or 31, and leads low."),
    "hard": N_("keeps the four with the best average over every starter, and weighs your likely reply before "
               "each card."),
    "insane": N_("discards by hand and crib averaged over every starter (the crib for it or against it), and plays "
                 "each card out against many hands you could hold."),
    "expert": N_("plays as insane, reads your hand from what a good player keeps, and near the end plays for the "
                 "game rather than for points."),
}


def level_description(level: str) -> str:
    """How a bot level plays, in a line (empty for a level without one)."""
    english = LEVEL_DESCRIPTIONS.get(level)
    return _(english) if english else ""


@bp.get("/")
@learner_required
def index() -> ResponseReturnValue:
    """The set-up form and the learner's games (continue one, or see its results)."""
    return render_template(
        "play/index.html",
        form=PostForm(),
        levels=LEVEL_NAMES,
        variants=tuple(choices.VARIANTS),
        lengths=choices.LENGTHS,
        length_label=choices.length_label,
        countings=tuple(c.value for c in Counting),
        saved=games.learner_games(g.learner.id),
        match_points=choices.MATCH_POINTS,
        level_label=level_label,
        variant_label=choices.variant_label,
        counting_label=choices.counting_label,
        level_description=level_description,
        new_partner=NEW_PARTNER,
        pass_profiles=None if accounts_mode() else tuple(
            p for p in learners.personal_learners(limit=PROFILES_LISTED + 1) if p.id != g.learner.id
        )[:PROFILES_LISTED],
    )


@bp.post("/new")
@learner_required
def new() -> ResponseReturnValue:
    if not PostForm().validate_on_submit():
        flash(_("That form was out of date; please try again."), "error")
        return redirect(url_for("play.index"))
    try:
        setup = read_setup(request.form)
    except moves.GameActionError as error:
        flash(str(error), "error")
        return redirect(url_for("play.index"))
    config = current_app.config
    game_id = games.new_game(
        g.learner.id, setup, seed=config.get("PLAY_SEED"), miss_rate=config.get("PLAY_BOT_MISS_RATE"),
        coached=_coached(), say_go=_says_go(),
    )
    return redirect(url_for("play.table", game_id=game_id))


#: The session's record of who is in front of the screen at a pass-and-play game: [game id, learner id]
#: (one game at a time: another game's table starts with the signed-in learner in front).
FRONT = "pass_front"


#: The pass-and-play form's choice of partner that means the someone new it names.
NEW_PARTNER = "new"


@bp.post("/pass")
@learner_required
def new_pass() -> ResponseReturnValue:
    """Start a pass-and-play game (personal mode): the learner, the profiles chosen
    (and one typed by name, opened or made as the home page does) and bots."""
    if accounts_mode():
        abort(404)
    if not PostForm().validate_on_submit():
        flash(_("That form was out of date; please try again."), "error")
        return redirect(url_for("play.index"))
    try:
        setup = read_setup(request.form)
        others, partner = _read_people(request.form)  # after the set-up: a bad one makes no profile
        game_id = passing.start(g.learner.id, setup, others, partner=partner,
                                seed=current_app.config.get("PLAY_SEED"), coached=_coached(), say_go=_says_go())
    except (moves.GameActionError, accounts.AccountError) as error:
        flash(str(error), "error")
        return redirect(url_for("play.index", _anchor="pass-and-play"))
    session[FRONT] = [game_id, g.learner.id]
    return redirect(url_for("play.table", game_id=game_id))


def _read_people(form: MultiDict[str, str]) -> tuple[list[int], int | None]:
    """The profiles ticked to play, with the one typed by name (opened or made as the home
    page does: :class:`accounts.AccountError` for a bad name), and the partner chosen."""
    others = [key for key in map(learners.row_key, form.getlist("person")) if key is not None]
    partner = learners.row_key(form.get("partner", ""))
    name = form.get("name", "").strip()
    if name:
        others.append(accounts.open_profile(name).id)
        if form.get("partner") == NEW_PARTNER:
            partner = others[-1]
    return others, partner


def _front(game_id: int) -> int:
    """Who the session keeps in front of the screen at this game (else the signed-in learner)."""
    kept = session.get(FRONT)
    if not accounts_mode() and isinstance(kept, list) and len(kept) == 2 and kept[0] == game_id \
            and isinstance(kept[1], int):
        return kept[1]
    return int(g.learner.id)


def _front_table(game_id: int, *, coach_on: bool) -> tuple[int, games.TableView | None]:
    """The learner who acts at this table from this browser, and the table from their
    chair (None: the signed-in learner has no seat there).  Someone other than the
    signed-in learner only at a pass-and-play game both sit at, in personal mode;
    ``coach_on``: with their coach, if they have it on."""
    front = _front(game_id)
    if front != g.learner.id:
        view = games.table_view(front, game_id, coached=coach_on and _coached(front))
        if view is not None and passing.is_pass_and_play(view) and g.learner.id in view.people:
            return front, view
        session.pop(FRONT, None)
        front = g.learner.id
    return front, games.table_view(front, game_id, coached=coach_on and _coached(front))


def _actor(game_id: int) -> int:
    """Whose move a form posted to this table makes: the one in front of the screen
    (checked as :func:`_front_table` does), else, with no more reads, the signed-in learner."""
    if _front(game_id) == g.learner.id:
        return int(g.learner.id)
    return _front_table(game_id, coach_on=False)[0]


@bp.post("/<id:game_id>/front")
@learner_required
def take_device(game_id: int) -> ResponseReturnValue:
    """Someone seated at a pass-and-play game takes the device ("I am Bob"): the
    table is drawn from their chair, and the moves made are theirs."""
    if accounts_mode():
        abort(404)
    view = games.table_view(g.learner.id, game_id)
    if view is None or not passing.is_pass_and_play(view):
        abort(404)
    if not PostForm().validate_on_submit():
        flash(_("That form was out of date; please try again."), "error")
    else:
        chosen = learners.row_key(request.form.get("learner_id"))
        if chosen is None or chosen not in view.people:
            flash(_("Only the people seated at this game can take the device."), "error")
        else:
            session[FRONT] = [game_id, chosen]
    return redirect(url_for("play.table", game_id=game_id))


def read_setup(form: MultiDict[str, str]) -> choices.GameSetup:
    """The set-up form as a :class:`trainer.play.choices.GameSetup`; a clear
    :class:`trainer.play.moves.GameActionError` for anything unknown."""
    counting = read_counting(form, Counting.AUTOMATIC)
    return choices.GameSetup(  # which refuses giveaway under muggins, and a practice match
        read_level(form),
        choices.variant_of(form.get("variant", choices.Variant.SIX_CARD)),
        choices.length_of(form.get("length", choices.Length.OWN)),
        counting,
        form.get("pegging_muggins") == "on" and counting.is_muggins,
        form.get("skunks") == "on",
        form.get("match") == "on",
        form.get("giveaway") == "on",
        form.get("practice") == "on",
    )


def read_move(form: MultiDict[str, str]) -> tuple[int, moves.GameMove]:
    """The table form as the version it was drawn at and the learner's move;
    a clear :class:`trainer.play.moves.GameActionError` for anything else."""
    try:
        version = int(form.get("version", ""))
    except ValueError:
        raise moves.GameActionError(
            _("That form is missing its game version; please use the buttons on the page.")
        ) from None
    action = form.get("action", "")
    move: moves.GameMove
    if action == "continue":
        move = moves.Continue()
    elif action == "go":
        move = moves.SayGo()
    elif action == "skip":
        move = moves.Skip()
    elif action == "discard":
        move = moves.Discard(_cards(form.getlist("card")))
    elif action == "cut":
        move = moves.Cut(form.get("lift", ""))
    elif action == "play":
        picked = _cards(form.getlist("card")[:1])
        move = moves.PlayCard(picked[0] if picked else None)
    elif action == "claim":
        move = moves.ClaimPoints(form.get("points", ""))
    elif action == "muggins":
        move = moves.Muggins(_cards(form.getlist("card")))
    elif action == "accept":
        move = moves.Accept()
    elif action == "take-back":
        move = moves.TakeBack()
    else:
        raise moves.GameActionError(_("That is not something you can do in a game."))
    return version, move


def _cards(values: list[str]) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(v) for v in values)
    except InvalidCardError:
        raise moves.GameActionError(_("That is not one of your cards.")) from None


def _coached(learner_id: int | None = None) -> bool:
    """Whether the learner (by default the signed-in one) has the coach on (the table menu or the settings page)."""
    return table_settings.settings_of(g.learner.id if learner_id is None else learner_id).coach


def _says_go() -> bool:
    """Whether the learner has go said for them (the table menu or the settings page)."""
    return table_settings.settings_of(g.learner.id).say_go


def spoken_items(table: Table) -> tuple[str, ...]:
    """What is said as each combination of the show panel lights up (see :mod:`trainer.play.speaking`)."""
    return speaking.said_items(table.show.items, i18n.current()) if table.show is not None else ()


def _not_seated(game_id: int) -> ResponseReturnValue:
    """The learner has no seat at this game: back to their games if the host gave it to a bot, else not found."""
    if not games.seat_given_away(g.learner.id, game_id):
        abort(404)
    flash(_("The host gave your seat to a bot while you were away: it plays on for you."), "info")
    return redirect(url_for("play.index"))


@bp.route("/<id:game_id>", methods=["GET", "POST"])
@learner_required
def table(game_id: int) -> ResponseReturnValue:
    """A game's table from the learner's chair; a POST makes a move there (see :func:`read_move`)."""
    if request.method == "POST":
        return _move(game_id)
    return _table_page(game_id)


def _move(game_id: int) -> ResponseReturnValue:
    """Make the posted move at the table, then show the table again, with the move's message or why it was refused."""
    if PostForm().validate_on_submit():
        try:
            version, move = read_move(request.form)
            actor = _actor(game_id)
            settings = table_settings.settings_of(actor)
            message = games.act(actor, game_id, version, move, coached=settings.coach, say_go=settings.say_go)
        except games.NotSeated:
            return _not_seated(game_id)
        except moves.StaleAction as error:
            flash(str(error), "info")
        except moves.GameActionError as error:
            flash(str(error), "error")
        else:
            if message:
                flash(message, "info")
    elif games.load_table(g.learner.id, game_id) is None:
        return _not_seated(game_id)
    return redirect(url_for("play.table", game_id=game_id))


def _table_page(game_id: int) -> ResponseReturnValue:
    """The table drawn from the chair of whoever is in front of the device (pass and play) or the learner's."""
    front, view = _front_table(game_id, coach_on=True)
    if view is not None and view.live is not None and view.live.clock_in == 0:
        # The table's clock has run out (a page without JavaScript asks nothing else): let it act first.
        try:
            games.settle_clock(front, game_id)
        except games.NotSeated:  # the host gave the seat to a bot a moment ago
            return _not_seated(game_id)
        front, view = _front_table(game_id, coach_on=True)
    if view is None:
        return _not_seated(game_id)
    at_device = None
    if passing.is_pass_and_play(view) and not accounts_mode():
        to = passing.passed_to(view)
        if to is not None:
            return render_template("play/pass.html", screen=passing.pass_screen(view, to), form=PostForm())
        at_device = next((p.name for p in passing.people_of(view) if p.learner_id == front), None)
    return render_template("play/table.html", at_device=at_device, t=view.table, form=PostForm(), coach=view.coaching,
                           take_back=view.take_back, practice=view.practice, pause_offered=view.live is None,
                           spoken=spoken_items(view.table), live=view.live, said=view.said, replaceable=view.replaceable,
                           away=view.away, you_are_away=view.you_are_away, clock=view.clock,
                           limit_label=choices.limit_label, counting=view.table.rules.counting.value,
                           levels=LEVEL_NAMES, level_label=level_label,
                           phrases=tuple((p.value, talk.phrase_text(p.value)) for p in talk.Phrase))


@bp.post("/<id:game_id>/clock")
@learner_required
def clock(game_id: int) -> ResponseReturnValue:
    """A table's page asks its clock to act once it has run out (``live.js``); 204: nothing to do."""
    if not PostForm().validate_on_submit():
        return "", 400
    try:
        changed = games.settle_clock(g.learner.id, game_id)
    except games.NotSeated:
        abort(404)
    return ("", 200) if changed else ("", 204)


@bp.post("/<id:game_id>/back")
@learner_required
def come_back(game_id: int) -> ResponseReturnValue:
    """A person a bot played for while they were away takes their seat again."""
    if PostForm().validate_on_submit():
        try:
            games.come_back(g.learner.id, game_id)
        except games.NotSeated:
            abort(404)
    return redirect(url_for("play.table", game_id=game_id))


@bp.post("/<id:game_id>/bot")
@learner_required
def hand_to_bot(game_id: int) -> ResponseReturnValue:
    """The host hands an absent person's seat at a table of people to a bot."""
    if PostForm().validate_on_submit():
        try:
            level = Level(request.form.get("level", "easy"))
            seat = int(request.form.get("seat", ""))
        except ValueError:
            flash(_("Choose a seat and a level."), "error")
        else:
            try:
                games.hand_to_bot(g.learner.id, game_id, seat, level)
            except games.NotSeated:
                abort(404)
            except moves.GameActionError as error:
                flash(str(error), "error")
    return redirect(url_for("play.table", game_id=game_id))


@bp.post("/<id:game_id>/say")
@learner_required
def say(game_id: int) -> ResponseReturnValue:
    """Say one of the preset phrases at a table of people (:mod:`trainer.play.talk`);
    429 past the person's limit (each phrase reloads every seat's page)."""
    if PostForm().validate_on_submit():
        if over_limit(f"phrase:{g.learner.id}", "PHRASE_LIMIT", DEFAULT_PHRASE_LIMIT):
            raise TooManyRequests()
        try:
            phrase = talk.Phrase(request.form.get("phrase", ""))
        except ValueError:
            flash(_("Choose one of the phrases offered."), "error")
            return redirect(url_for("play.table", game_id=game_id))
        try:
            games.say(g.learner.id, game_id, phrase)
        except games.NotSeated:
            abort(404)
        except moves.GameActionError as error:  # a table of bots
            flash(str(error), "error")
    return redirect(url_for("play.table", game_id=game_id))


@bp.get("/<id:game_id>/results")
@learner_required
def results(game_id: int) -> ResponseReturnValue:
    try:
        outcome = game_results(g.learner.id, game_id)
    except games.NotSeated:
        abort(404)
    if outcome is None:
        flash(_("That game is not over yet: here it is."), "info")
        return redirect(url_for("play.table", game_id=game_id))
    return render_template("play/results.html", r=outcome, form=PostForm())


@bp.get("/<id:game_id>/review")
@learner_required
def review(game_id: int) -> ResponseReturnValue:
    try:
        reviewed = game_review(g.learner.id, game_id)
    except games.NotSeated:
        abort(404)
    if reviewed is None:
        flash(_("The review opens when the game is over."), "info")
        return redirect(url_for("play.table", game_id=game_id))
    return render_template("play/review.html", deals=reviewed.deals, game_id=game_id, win_chart=reviewed.win_chart)


@bp.get("/<id:game_id>/replay")
@learner_required
def replay(game_id: int) -> ResponseReturnValue:
    """Every deal of a finished game with every seat's cards, for each person who sat at it."""
    try:
        replayed = game_replay(g.learner.id, game_id)
    except games.NotSeated:
        abort(404)
    if replayed is None:
        flash(_("The replay of every hand opens when the game is over."), "info")
        return redirect(url_for("play.table", game_id=game_id))
    return render_template("play/replay.html", r=replayed)


@bp.post("/<id:game_id>/next")
@learner_required
def next_game(game_id: int) -> ResponseReturnValue:
    try:
        if not PostForm().validate_on_submit():
            if games.load_table(g.learner.id, game_id) is None:
                abort(404)
            return redirect(url_for("play.results", game_id=game_id))
        following = games.next_match_game(g.learner.id, game_id, coached=_coached())
    except games.NotSeated:
        abort(404)
    if following is None:
        flash(_("That match is over (or the game is not finished)."), "info")
        return redirect(url_for("play.results", game_id=game_id))
    return redirect(url_for("play.table", game_id=following))
