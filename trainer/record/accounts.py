"""Accounts: who may open which profile, in the trainer's two ways of running.

*Personal* (one machine, a family computer): a profile is opened by its name
alone, and a new name makes a new profile.  *Server* (a club or a class on a
network): a learner signs up with a name and a password and signs in with
both; a profile without a password cannot be signed in to there, and a
profile with one cannot be opened by name alone on a personal machine either.

Passwords are stored as Werkzeug's salted scrypt hashes, never as typed;
they are compared in Unicode's composed form (NFC), so "é" typed as one
character or as "e" and an accent is one password.  A new password must be
one that zxcvbn does not find easy to guess (:data:`MIN_PASSWORD_SCORE`).
Every error is an :class:`AccountError` whose message is for the learner, in
their language (:mod:`trainer.language.i18n`).

A hash takes tens of milliseconds on purpose, so none is worked out inside a
transaction: what is needed is read, the transaction ended
(:func:`trainer.database.end_reads`), the password hashed or checked, and only
then anything written.  Else each sign-in held a pooled connection idle in its
transaction (on SQLite, the write lock) for as long, and a burst of them drained
the pool.
"""

from __future__ import annotations

import functools
import unicodedata

from werkzeug.security import check_password_hash, generate_password_hash
from zxcvbn import zxcvbn

from trainer.database import end_reads
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
#: The lowest zxcvbn score (0-4) a new password may have: 2 is "somewhat guessable",
#: at least a million guesses by zxcvbn's reckoning, so at the sign-in limits
#: (per address, and per name from every address) years of guessing online.
MIN_PASSWORD_SCORE = 2
#: Words zxcvbn's English dictionaries lack: the trainer's own, the Russian
#: password, and runs of the Russian keyboard (ЙЦУКЕН), read as easy as "password" and "qwerty".
EASY_WORDS = ("cribbage", "crib", "trainer", "криббедж", "пароль", "йцукен", "йцукенгшщзхъ", "фыва", "фывапролджэ",
              "ячсмитьбю", "любовь", "привет")
#: zxcvbn reads at most this many characters (it refuses longer passwords; the start decides anyway).
_SCORED_LENGTH = 72

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


def check_new_password(password: str, confirm: str, name: str = "") -> str:
    """The password (in NFC) if it is acceptable for the account ``name``, else :class:`AccountError`.

    >>> check_new_password("correct horse", "correct horse")
    'correct horse'
    >>> check_new_password("short", "short")
    Traceback (most recent call last):
    ...
    trainer.record.accounts.AccountError: A password needs at least 8 characters.
    >>> check_new_password("password", "password")
    Traceback (most recent call last):
    ...
    trainer.record.accounts.AccountError: That password is too easy to guess (a common word, a name, a run of keys or of one letter): please choose a longer or less usual one.
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
    password = normal_password(password)
    if too_easy(password, name):
        raise AccountError(_("That password is too easy to guess (a common word, a name, a run of keys or of one"
                             " letter): please choose a longer or less usual one."))
    return password


def normal_password(password: str) -> str:
    """The password as it is hashed: in Unicode's composed form (NFC).

    >>> normal_password("e\\u0301te") == normal_password("\\u00e9te") == "\\u00e9te"
    True
    """
    return unicodedata.normalize("NFC", password)


def too_easy(password: str, name: str = "") -> bool:
    """Whether zxcvbn guesses ``password`` too quickly, knowing the account's ``name`` (and the trainer's words).

    >>> too_easy("password"), too_easy("Ann Ann 1", "Ann"), too_easy(" " * 8), too_easy("correct horse")
    (True, True, True, False)
    """
    hints = [word for word in (name, *name.split()) if word] + list(EASY_WORDS)
    score: int = zxcvbn(password[:_SCORED_LENGTH], user_inputs=hints)["score"]  # zxcvbn is untyped
    return score < MIN_PASSWORD_SCORE


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
    end_reads()
    password = check_new_password(password, confirm, name)
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
    end_reads()
    if not _encodable(password) or len(password) > MAX_PASSWORD_LENGTH:
        raise AccountError(_(WRONG_NAME_OR_PASSWORD))
    if learner is None or stored is None:
        check_password_hash(_decoy_hash(), password)
        raise AccountError(_(WRONG_NAME_OR_PASSWORD))
    if not password_matches(stored, password):
        raise AccountError(_(WRONG_NAME_OR_PASSWORD))
    return learner


def password_matches(stored: str, password: str) -> bool:
    """Whether ``password`` is the one hashed in ``stored``, in any Unicode form it was typed
    (an account made before passwords were normalised was hashed as typed)."""
    normal = normal_password(password)
    return check_password_hash(stored, normal) or (normal != password and check_password_hash(stored, password))


def change_password(learner: LearnerInfo, current: str, new: str, confirm: str) -> None:
    """Give the account a new password (flushed: committed with signing its other browsers
    out, :func:`trainer.record.sessions.end_all`); :class:`AccountError` if ``current``
    is not its password or ``new`` is not acceptable."""
    stored = learners.password_hash(learner.id)
    end_reads()
    if stored is None or not _encodable(current) or len(current) > MAX_PASSWORD_LENGTH \
            or not password_matches(stored, current):
        raise AccountError(_("That is not your current password: nothing was changed."))
    learners.set_password_hash(learner.id, hash_password(check_new_password(new, confirm, learner.name)))


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
