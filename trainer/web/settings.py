"""Settings: the learner's table settings (sound, four-colour deck, animation speed, the coach,
"say go for me" and the spoken count).

The page ``/settings/`` shows them and saves them; the compact menu
``templates/settings/_menu.html`` posts to the same address from any page and
comes back to it.  Every template gets ``table_settings`` (the current
learner's, or the defaults for a visitor), which ``base.html`` puts on
``<body>`` for the CSS and the scripts to read.
"""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, RadioField

from trainer import database
from trainer.language.i18n import gettext as _
from trainer.language.i18n import lazy_gettext
from trainer.record import table_settings
from trainer.record.table_settings import Animation, TableSettings
from trainer.web.learners import learner_required
from trainer.web.security import local_path

bp = Blueprint("settings", __name__, url_prefix="/settings")
# No NAV entry: base.html links the settings at the header's end, beside the learner's name.


class SettingsForm(FlaskForm):  # type: ignore[misc]  # Flask-WTF publishes no types: FlaskForm is Any
    """The table settings and the page to go back to."""

    sound = BooleanField(lazy_gettext("Sound (a short tone for a peg, a go and muggins)"))
    four_colour = BooleanField(lazy_gettext("Four-colour deck (clubs green, diamonds blue)"))
    coach = BooleanField(lazy_gettext("Coach (hints, verdicts and the win meter in games)"))
    say_go = BooleanField(lazy_gettext("Say go for me"))
    spoken_count = BooleanField(lazy_gettext("Speak the count"))
    animation = RadioField(
        lazy_gettext("Bot moves"),
        choices=[speed.value for speed in Animation],
        validate_choice=True,
    )
    next = HiddenField()


@bp.app_context_processor
def inject_settings() -> dict[str, object]:
    """``table_settings`` for every template: the learner's, or the defaults for a visitor."""
    learner = g.get("learner")
    settings = table_settings.settings_of(learner.id) if learner is not None else table_settings.DEFAULTS
    return {"table_settings": settings, "animations": tuple(Animation)}


def _back() -> str:
    """Where to return after saving: the page the menu was on, if it is on this site."""
    return local_path(request.form.get("next")) or local_path(request.args.get("next")) or url_for("settings.page")


@bp.get("/")
def page() -> ResponseReturnValue:
    return render_template("settings/page.html", title=_("Settings"), next=local_path(request.args.get("next")))


@bp.post("/")
@learner_required
def save() -> ResponseReturnValue:
    form = SettingsForm()
    if not form.validate_on_submit():
        # The radio buttons offer only the four speeds: anything else was not sent by the menu.
        flash(_("Pick an animation speed: slow, normal, fast or off. Nothing was changed."), "error")
        return redirect(_back())
    animation = Animation.parse(form.animation.data) or table_settings.DEFAULTS.animation
    chosen = TableSettings(sound=bool(form.sound.data), four_colour=bool(form.four_colour.data), animation=animation,
                           coach=bool(form.coach.data), say_go=bool(form.say_go.data),
                           spoken_count=bool(form.spoken_count.data))
    table_settings.save_settings(g.learner.id, chosen)
    database.commit()
    flash(_("Settings saved."), "success")
    return redirect(_back())
