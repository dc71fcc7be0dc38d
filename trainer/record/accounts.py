"""Accounts: who may open which profile, in the trainer's two ways of running.

*Personal* (one machine, a family computer): a profile is opened by its name
alone, and a new name makes a new profile.  *Server* (a club or a class on a
network): a learner signs up with a name and a password and signs in with
both; a profile without a password cannot be signed in to there, and a
profile with one cannot be opened by name alone on a personal machine either.

Passwords are stored as Werkzeug's salted scrypt hashes, never as typed.
Every error is an :class:`AccountError` whose message is for the learner, in
their language (:mod:`trainer.language.i18n`).
"""

from __future__ import annotations

import functools

from werkzeug.security import check_password_hash, generate_password_hash

from trainer.language.i18n import N_, ngettext
from trainer.language.i18n import gettext as _
from trainer.record import learners
from trainer.record.learners import LearnerInfo

#: How passwords are hashed: Werkzeug's scrypt at its default cost (N=2**15, about
#: 70 ms a hash here); a hash records its own method, so raising it later is safe.
HASH_METHOD = "scrypt"
#: Shortest password accepted.
MIN_PASSWORD_LENGTH = 8
#: Longest password accepted (hashing a megabyte would be a cheap way to load the server).
MAX_PASSWORD_LENGTH = 200

#: The one message for a wrong name or a wrong password: which of the two was
#: wrong is not told, so a stranger cannot test names.
WRONG_NAME_OR_PASSWORD = N_("That name and password do not match an account here.")
#: Why a profile with a password does not open by name (in English: translate it where it is shown).
PROTECTED = N_(
    "That profile has a password, so it opens only when the trainer runs with accounts "
    "(crib serve --accounts) and you sign in. Please choose another name."
)


class AccountError(ValueError):
    """A sign-up or sign-in that cannot go ahead; the message is for the learner."""


def check_new_password(password: str, confirm: str) -> str:
    """The password if it is acceptable for a new account, else :class:`AccountError`.

    >>> check_new_password("correct horse", "correct horse")
    'correct horse'
    >>> check_new_password("short", "short")
    Traceback (most recent call last):
    ...
    trainer.record.accounts.AccountError: A password needs at least 8 characters.
    """
    if len(password) < MIN_PASSWORD_LENGTH:
        raise AccountError(ngettext("A password needs at least %(num)d character.",
                                    "A password needs at least %(num)d characters.", MIN_PASSWORD_LENGTH))
    if len(password) > MAX_PASSWORD_LENGTH:
        raise AccountError(ngettext("A password can have at most %(num)d character.",
                                    "A password can have at most %(num)d characters.", MAX_PASSWORD_LENGTH))
    if not _encodable(password):
        raise AccountError(_("That password holds characters that cannot be stored: please type it again."))
    if password != confirm:
        raise AccountError(_("The two passwords are not the same: please type them again."))
    return password


def _encodable(text: str) -> bool:
    # An unpaired surrogate cannot be encoded as UTF-8, so it could not be hashed.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def hash_password(password: str) -> str:
    """The stored form of a password: a salted scrypt hash.

    >>> hash_password("correct horse").startswith("scrypt:32768:8:1$")
    True
    """
    return generate_password_hash(password, method=HASH_METHOD)


@functools.cache
def _decoy_hash() -> str:
    return hash_password("a password nobody has")


def create_learner(name: str, *, password_hash: str | None = None) -> LearnerInfo:
    """A new learner with this name and (for an account) password hash;
    :class:`AccountError` if the name is taken or not a usable name."""
    try:
        learner = learners.add_learner(name, password_hash=password_hash)
    except ValueError as error:
        raise AccountError(str(error)) from error
    if learner is None:
        raise AccountError(_("That name is taken: please choose another."))
    return learner


def sign_up(name: str, password: str, confirm: str) -> LearnerInfo:
    """A new account; :class:`AccountError` for a taken or bad name or a bad password."""
    try:
        learners.clean_name(name)
    except ValueError as error:
        raise AccountError(str(error)) from error
    check_new_password(password, confirm)
    return create_learner(name, password_hash=hash_password(password))


def sign_in(name: str, password: str) -> LearnerInfo:
    """The account with this name and password; :class:`AccountError` otherwise.

    An unknown name costs the same hashing time as a known one, so how long a
    refusal takes does not tell whether the name exists.
    """
    try:
        learner = learners.learner_by_name(name)
    except ValueError:
        learner = None
    stored = learners.password_hash(learner.id) if learner else None
    if not _encodable(password) or len(password) > MAX_PASSWORD_LENGTH:
        raise AccountError(_(WRONG_NAME_OR_PASSWORD))
    if learner is None or stored is None:
        check_password_hash(_decoy_hash(), password)
        raise AccountError(_(WRONG_NAME_OR_PASSWORD))
    if not check_password_hash(stored, password):
        raise AccountError(_(WRONG_NAME_OR_PASSWORD))
    return learner


def open_profile(name: str) -> LearnerInfo:
    """Personal mode: the profile with this name, made if new; :class:`AccountError`
    for a bad name or a profile that has a password (an account from server mode)."""
    try:
        learner = learners.learner_by_name(name, create=True)
    except ValueError as error:
        raise AccountError(str(error)) from error
    assert learner is not None  # create=True always gives one
    if learner.has_password:
        raise AccountError(_(PROTECTED))
    return learner
