"""The frame of every page, the home page, profiles, accounts and the settings in Russian
(issue 13): a browser asking for Russian reads them without an English sentence left, the
flashed messages and the account rules too; the same pages in English are unchanged."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from trainer import database
from trainer.language import i18n
from trainer.play import choices, games, solitaire
from trainer.play.solitaire import SolitaireKind
from trainer.record import accounts, learners
from trainer.record.table_settings import Animation

from .conftest import csrf_token
from .helpers import page_text

RUSSIAN = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}
PASSWORD = "correct horse"
#: An English word (a letter alone is a key or a card: N, Q).
_ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")
#: Read attributes, as `crib i18n text` lists them.
_READ = ("title", "aria-label", "alt", "placeholder")


class _Words(HTMLParser):
    """Each piece of text a person reads or hears, one by one: text between tags and the
    read attributes, leaving out what is in another language (``lang="en"``: the switch)
    and keys (``<kbd>``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self.skipping: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in ("script", "style", "kbd") or attributes.get("lang") not in (None, "ru"):
            self.skipping.append(tag)
        if not self.skipping:
            self.pieces.extend(str(attributes[name]) for name in _READ if attributes.get(name))

    def handle_endtag(self, tag):
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.pieces.append(" ".join(data.split()))


def read_pieces(response) -> list[str]:
    words = _Words()
    words.feed(response.get_data(as_text=True))
    return words.pieces


def english_left(response) -> list[str]:
    """The pieces of a page that still hold an English word: none in a Russian page, whose
    navigation (each area names its own section) and other areas' words included."""
    return [piece for piece in read_pieces(response) if _ENGLISH_WORD.search(piece)]


def title(response) -> str:
    return re.search(r"<title>(.*?)</title>", response.get_data(as_text=True), re.S).group(1)


def assert_russian(response, *phrases: str) -> str:
    text = page_text(response)
    assert re.search(r'<html lang="ru"', response.get_data(as_text=True))
    for phrase in phrases:
        assert phrase in text, phrase
    assert english_left(response) == []
    assert title(response).endswith(" · Тренажёр криббеджа")
    return text


pytestmark = pytest.mark.usefixtures("quick_hashes")


def post(client, url, data, page="/", headers=RUSSIAN, **kwargs):
    token = csrf_token(client.get(page, headers=headers).get_data(as_text=True))
    return client.post(url, data={"csrf_token": token, **data}, headers=headers, **kwargs)


def sign_in_as(client, name="Аня", headers=RUSSIAN):
    response = post(client, "/", {"name": name}, headers=headers)
    assert response.status_code == 302


# ---------------------------------------------------------------- in Russian


def test_the_frame_speaks_russian(client):
    response = client.get("/", headers=RUSSIAN)
    html = response.get_data(as_text=True)
    assert title(response) == "Кто занимается? · Тренажёр криббеджа"
    assert "Перейти к содержанию</a>" in html
    assert "</span> Тренажёр криббеджа</a>" in html  # the brand
    assert '<nav aria-label="Разделы">' in html
    assert ">Главная</a>" in html and "Настройки</a>" in html
    assert 'aria-label="Язык"' in html
    assert "Клавиши: введите число, <kbd>Enter</kbd> — ответить, <kbd>N</kbd> — следующая раздача." in html


def test_a_visitor_reads_the_home_page_in_russian(client):
    assert_russian(client.get("/", headers=RUSSIAN), "Тренируйте подсчёт в криббедже", "Кто занимается? Ваше имя",
                   "Начать", "Что можно тренировать", "руки со стартером")


def test_a_learner_reads_their_home_page_in_russian(client):
    sign_in_as(client)
    assert_russian(client.get("/", headers=RUSSIAN), "Добро пожаловать, Аня!", "Здравствуйте, Аня",
                   "Выберите, что тренировать", "Кто-то другой?", "Сменить", "Выйти", "Профили на этом компьютере")
    home = client.get("/", headers=RUSSIAN)
    assert title(home) == "Главная · Тренажёр криббеджа"
    assert 'title="Сейчас занимается">Аня</span>' in home.get_data(as_text=True)
    assert "Теперь занимается Аня:" in page_text(client.get("/?next=/lessons/", headers=RUSSIAN))


def test_an_unfinished_game_and_solitaire_are_offered_in_russian(app, client):
    sign_in_as(client)
    with app.app_context():
        learner = learners.learner_by_name("Аня").id
        games.new_game(learner, choices.GameSetup(), seed=3)
        solitaire.new_solitaire(learner, SolitaireKind.HOYLE, seed=4)
        database.commit()
    assert_russian(client.get("/", headers=RUSSIAN), "Продолжить начатое", "Продолжить партию",
                   "до 121 против", "бота · вы 0, бот 0", "Продолжить пасьянс",
                   "Продолжите партию ниже или выберите, что тренировать")


def test_sign_in_and_sign_up_in_russian(server, client):
    assert_russian(client.get("/signin", headers=RUSSIAN), "Вход", "Ваше имя", "Пароль", "Войти", "Впервые здесь?",
                   "Создать учётную запись")
    assert_russian(client.get("/signup", headers=RUSSIAN), "Регистрация",
                   "До 40 символов; по этому имени вы будете входить.", "Не меньше 8 символов, и такой, чтобы его было трудно угадать.", "Пароль ещё раз",
                   "Уже есть учётная запись?")
    assert title(client.get("/signin", headers=RUSSIAN)) == "Вход · Тренажёр криббеджа"
    assert title(client.get("/signup", headers=RUSSIAN)) == "Регистрация · Тренажёр криббеджа"
    assert_russian(client.get("/", headers=RUSSIAN), "Войдите, чтобы ваши результаты сохранялись",
                   "Уроки открыты всем")


@pytest.mark.parametrize(
    "password, confirm, message",
    [
        ("short", "short", "Пароль должен быть не короче 8 символов."),
        ("long enough", "long enougH", "Пароли не совпадают: введите их ещё раз."),
        ("password", "password", "Этот пароль слишком легко угадать"),
        ("йцукенгшщ", "йцукенгшщ", "Этот пароль слишком легко угадать"),
    ],
    ids=["too short", "not the same", "too easy", "a run of keys"],
)
def test_a_refused_sign_up_says_why_in_russian(server, client, password, confirm, message):
    response = post(client, "/signup", {"name": "Боб", "password": password, "confirm": confirm}, page="/signup")
    assert_russian(response, message)


def test_a_wrong_password_and_a_taken_name_are_told_in_russian(server, client):
    with server.app_context():
        accounts.sign_up("Аня", PASSWORD, PASSWORD)
    response = post(client, "/signin", {"name": "Аня", "password": "not it at all"}, page="/signin")
    assert_russian(response, "Здесь нет учётной записи с таким именем и паролем.")
    response = post(client, "/signup", {"name": "аня", "password": PASSWORD, "confirm": PASSWORD}, page="/signup")
    assert_russian(response, "Это имя занято: выберите другое.")
    response = post(client, "/signup", {"name": "Боб", "password": PASSWORD, "confirm": PASSWORD}, page="/signup",
                    follow_redirects=True)
    assert "Добро пожаловать, Боб! Учётная запись создана." in page_text(response)


@pytest.mark.parametrize(
    "name, message",
    [("   ", "Введите имя."), ("x" * 41, "Имя может быть не длиннее 40 символов.")],
    ids=["empty", "too long"],
)
def test_a_refused_name_is_flashed_in_russian(client, name, message):
    response = post(client, "/", {"name": name}, follow_redirects=True)
    assert_russian(response, message)


def test_the_settings_page_in_russian(client):
    assert_russian(client.get("/settings/", headers=RUSSIAN), "Настройки", "Как выглядит и звучит стол.",
                   "Пока вы не выбрали, кто занимается", "Выбрать, кто занимается")
    sign_in_as(client)
    assert_russian(client.get("/settings/", headers=RUSSIAN), "для профиля «Аня»",
                   "Четырёхцветная колода: трефы ♣ зелёные, бубны ♦ синие, червы ♥ красные, пики ♠ чёрные",
                   "Медленно", "Обычно", "Быстро", "Сразу (без анимации)", "Сохранить настройки")
    assert title(client.get("/settings/", headers=RUSSIAN)) == "Настройки · Тренажёр криббеджа"
    saved = post(client, "/settings/", {"animation": "fast"}, page="/settings/", follow_redirects=True)
    assert_russian(saved, "Настройки сохранены.")
    refused = post(client, "/settings/", {"animation": "warp"}, page="/settings/", follow_redirects=True)
    assert_russian(refused, "Выберите скорость анимации: медленно, обычно, быстро или сразу. Ничего не изменено.")


def test_the_missing_page_in_russian(client):
    response = client.get("/no/such/page", headers=RUSSIAN)
    assert response.status_code == 404
    assert_russian(response, "Страница не найдена", "По этому адресу страницы нет.", "На главную")


def test_a_forged_form_is_refused_in_the_learners_language(client):
    sign_in_as(client)
    response = client.post("/settings/", data={"csrf_token": "forged", "animation": "fast"}, headers=RUSSIAN)
    assert response.status_code == 302
    followed = client.get(response.headers["Location"], headers=RUSSIAN)
    assert_russian(followed, "Эта форма устарела или была отправлена не с этой страницы")


def test_signing_in_and_out_keeps_the_language_chosen(client):
    post(client, "/language", {"language": "ru"}, headers=ENGLISH)
    sign_in_as(client, "Аня", headers=ENGLISH)
    assert_russian(client.get("/", headers=ENGLISH), "Здравствуйте, Аня")
    post(client, "/learners/leave", {}, headers=ENGLISH)
    assert_russian(client.get("/", headers=ENGLISH), "Вы вышли. Чтобы продолжить, выберите профиль.")


def test_the_rules_of_names_and_passwords_agree_with_their_numbers():
    with i18n.language("ru"):
        forms = [i18n.ngettext("A password needs at least %(num)d character.",
                               "A password needs at least %(num)d characters.", n) for n in (1, 3, 8, 21)]
        assert forms == ["Пароль должен быть не короче 1 символа.", "Пароль должен быть не короче 3 символов.",
                         "Пароль должен быть не короче 8 символов.", "Пароль должен быть не короче 21 символа."]
        with pytest.raises(accounts.AccountError, match="^Пароль может быть не длиннее 200 символов.$"):
            accounts.check_new_password("x" * 201, "x" * 201)
        assert [speed.label for speed in Animation] == ["Медленно", "Обычно", "Быстро", "Сразу (без анимации)"]
    assert [speed.label for speed in Animation] == ["Slow", "Normal", "Fast", "Off (instant)"]


# ---------------------------------------------------------------- English as before


def test_the_pages_in_english_are_unchanged(app, client):
    home = client.get("/", headers=ENGLISH)
    html = home.get_data(as_text=True)
    assert title(home) == "Who is practising? · Cribbage trainer"
    assert '<a class="skip" href="#main">Skip to content</a>' in html
    assert '<span aria-hidden="true">♠♥</span> Crib trainer</a>' in html and '<nav aria-label="Main">' in html
    assert ">Home</a>" in html and "Settings</a>" in html and 'aria-label="Language"' in html
    assert "Keys: type a number, <kbd>Enter</kbd> to answer, <kbd>N</kbd> for the next deal." in html
    text = page_text(home)
    for phrase in ("Practise counting cribbage hands until it is quick and sure", "Who is practising? Your name",
                   "No password: your name keeps your record on this machine.", "What you can practise",
                   "Each one first asks who is practising, then takes you there."):
        assert phrase in text
    assert not re.search("[А-яЁё]", text.replace("Русский", ""))
    assert "Please type a name." in page_text(post(client, "/", {"name": " "}, headers=ENGLISH, follow_redirects=True))
    sign_in_as(client, "Ann", headers=ENGLISH)
    text = page_text(client.get("/", headers=ENGLISH))
    assert "Hello, Ann" in text and "Pick what to practise; the review shows what you keep missing." in text
    settings = page_text(client.get("/settings/", headers=ENGLISH))
    assert "How the table looks and sounds for Ann; kept with your profile, on any browser." in settings
    assert "Four-colour deck: clubs ♣ green, diamonds ♦ blue, hearts ♥ red, spades ♠ black" in settings
    assert "Off (instant)" in settings
    missing = client.get("/nowhere", headers=ENGLISH)
    assert title(missing) == "Not found · Cribbage trainer"
    assert "There is no page at that address." in page_text(missing)
    app.config["ACCOUNTS"] = True
    sign_up = page_text(app.test_client().get("/signup", headers=ENGLISH))
    assert "Make an account" in sign_up and "Up to 40 characters; you sign in with it." in sign_up
    assert "At least 8 characters, and not easy to guess." in sign_up and "Have an account? Sign in ." in sign_up
