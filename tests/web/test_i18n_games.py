"""Games against the bot and solitaire in Russian (issue 13): a whole two-player
game to 61 under muggins with the coach on, played through the web client, is
read at every kind of stop (the discard, the cut, a card, a go, a claim, a
muggins call, the show, the end of a deal, the results and the review): each
page speaks Russian, no English sentence is left in its text or what a screen
reader reads, and every number of points or cards has its Russian plural form.
Also a three-player table, both solitaires, and refused moves' messages."""

from __future__ import annotations

import html as htmllib
import re

import pytest

from engine.bots.levels import Level
from engine.cards import Card
from engine.game import Game
from engine.rules import STANDARD, THREE_PLAYER, Counting
from engine.speech import plural_ru
from trainer.language import i18n
from trainer.play import coach
from trainer.play.seats import Seating, default_sitters
from trainer.play.table import Table, table_of

from .helpers import hidden_csrf_token
from .test_coach import coach_on
from .test_play import TablePlayer, start

#: Latin words a Russian page may show: the Enter key, the language switch's own name, EV, the learner's name.
ALLOWED = {"Enter", "English", "EV", "Ann"}
READ_ATTRIBUTES = re.compile(r'\b(?:aria-label|title|alt|placeholder)="([^"]*)"')
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
CYRILLIC_WORD = re.compile(r"[А-Яа-яЁё]{3,}")
#: A number and the noun that follows it, and that noun's three forms.
COUNTED = {
    "очк": ("очко", "очка", "очков"),
    "карт": ("карту", "карты", "карт"),
}
NUMBER_AND_NOUN = re.compile(r"(?:^|(\w+) )(?<![\d,])(\d+) (очко|очка|очков|карту|карты|карт)\b")
#: After these a number's noun is in the genitive whatever the number («до 3 очков»).
GENITIVE_AFTER = {"до", "из", "от", "больше", "меньше", "около"}


def read_text(html: str) -> str:
    """What a person reads or hears on the page: its text and the read attributes."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    attributes = " ".join(READ_ATTRIBUTES.findall(body))
    text = re.sub(r"<[^>]+>", " ", body)
    return htmllib.unescape(re.sub(r"\s+", " ", f"{text} {attributes}"))


def english_left(html: str) -> list[str]:
    return sorted({word for word in LATIN_WORD.findall(read_text(html)) if word not in ALLOWED})


def wrong_plurals(html: str) -> list[str]:
    """Numbers followed by a noun in the wrong Russian form ("5 очка")."""
    wrong = []
    for before, number, noun in NUMBER_AND_NOUN.findall(read_text(html)):
        if before.lower() in GENITIVE_AFTER:
            continue
        forms = COUNTED["очк" if noun.startswith("очк") else "карт"]
        if noun != plural_ru(int(number), *forms):
            wrong.append(f"{number} {noun}")
    return wrong


def assert_russian(html: str, where: str) -> None:
    assert '<html lang="ru">' in html, where
    assert len(CYRILLIC_WORD.findall(read_text(html))) >= 10, where
    assert not english_left(html), (where, english_left(html))
    assert not wrong_plurals(html), (where, wrong_plurals(html))


def speak_russian(learner) -> None:
    """The learner chooses Russian: every page they open is in it."""
    assert learner.post("/language", {"language": "ru"}).status_code == 302


def stop_kind(html: str) -> str:
    """Which kind of stop the table page is."""
    for kind in ("go", "discard", "cut", "play", "claim", "muggins"):
        if f'value="{kind}"' in html:
            return kind
    if 'value="continue"' in html:
        if 'data-testid="show"' in html and "Следующая раздача" not in html:
            return "show"
        return "deal end"
    if "/results" in html and "data-next" in html:
        return "over"
    return "waiting"


class RussianPlayer(TablePlayer):
    """Plays the learner's seat as :class:`TablePlayer` does, reading the Russian page."""

    def step(self, html: str) -> str:
        if stop_kind(html) == "over":
            return html
        return super().step(html)

    def play_to_end(self, limit: int = 3000, check=None) -> str:
        html = self.page()
        for _ in range(limit):
            if check is not None:
                check(html)
            if stop_kind(html) == "over":
                return html
            html = self.step(html)
        raise AssertionError("the game did not end")


@pytest.fixture
def seeded(app):
    app.config["PLAY_SEED"] = 11
    app.config["PLAY_BOT_MISS_RATE"] = 1.0  # the bot under-counts every scoring hand: muggins for the learner
    return app


@pytest.mark.slow
def test_a_whole_muggins_game_with_the_coach_is_russian_at_every_stop(seeded, learner):
    speak_russian(learner)
    coach_on(learner)
    url = start(learner, counting="muggins", length="61")
    player = RussianPlayer(seeded, learner, url, under_claim_every=3)
    seen: dict[str, int] = {}
    lines: list[str] = []
    verdicts: list[str] = []

    def check(html: str) -> None:
        kind = stop_kind(html)
        seen[kind] = seen.get(kind, 0) + 1
        assert_russian(html, kind)
        lines.extend(htmllib.unescape(re.sub(r"<[^>]+>", "", line))
                     for line in re.findall(r'<li class="[^"]*"[^>]*>(.*?)</li>', html.split('class="happened"')[-1]))
        if kind == "discard":
            assert "Подсказка" in html and 'data-testid="hint"' in html
            assert 'data-label-more-1="Выберите ещё 1 карту"' in html
            assert 'data-label-more-2="Выберите ещё 2 карты"' in html
            assert "Ваш ход: выберите 2 карты" in html
        if kind == "cut":
            assert "срежьте колоду" in html and "Срезать колоду" in html
        if kind == "go":
            assert "скажите «гоу»" in html
        if kind == "claim":
            assert "Посчитайте свою руку" in html or "Посчитайте свои ясли" in html or "сколько очков" in html
        if kind == "muggins":
            assert "Маггинс!" in html and "Принять" in html
        if 'data-testid="verdict"' in html:
            verdicts.append(kind)
            assert "Ваш сброс:" in html or "Ваша карта:" in html

    player.play_to_end(check=check)
    for kind in ("discard", "cut", "play", "go", "claim", "muggins", "show", "deal end", "over"):
        assert seen.get(kind), (kind, seen)
    assert player.under_claims and player.muggins_called, "muggins both ways"
    text = " ".join(lines)
    for said in ("Вы сыграли", "Бот играет", "Открыт стартер", "Маггинс! Бот забирает", "Маггинс! Вы забираете",
                 "Вы заявляете", "«гоу»", "Раздача 2."):
        assert said in text, said
    assert verdicts, "the coach's verdicts were seen"

    results = learner.client.get(f"/play/{player.game_id}/results").get_data(as_text=True)
    assert_russian(results, "results")
    assert "Сыграно раздач" in results and ("Вы победили!" in results or "Победитель: Бот." in results)
    assert "Ваши партии на лёгком уровне, до 61" in results
    review = learner.client.get(f"/play/{player.game_id}/review").get_data(as_text=True)
    assert_russian(review, "review")
    assert "Раздача 1 ·" in review and "Сброс" in review and "Ваш шанс на победу по ходу партии" in review
    listing = learner.client.get("/play/").get_data(as_text=True)
    assert_russian(listing, "the list of games")
    assert "Лёгкий · шестикарточный до 61 · маггинс" in listing


@pytest.mark.slow
def test_a_three_player_table_names_its_seats_in_russian(seeded, learner):
    speak_russian(learner)
    coach_on(learner)
    url = start(learner, variant="three-player", counting="muggins", length="own")
    player = RussianPlayer(seeded, learner, url, under_claim_every=2)
    html = player.page()
    kinds = set()
    for _ in range(80):
        assert_russian(html, stop_kind(html))
        kinds.add(stop_kind(html))
        if stop_kind(html) == "over":
            break
        html = player.step(html)
    assert {"discard", "play"} <= kinds, kinds
    assert "Левый бот" in html and "Правый бот" in html
    assert "Когда игроков больше двух, шанса на победу нет" in html


@pytest.mark.slow
def test_refused_moves_are_told_in_russian(seeded, learner):
    speak_russian(learner)
    url = start(learner)
    player = RussianPlayer(seeded, learner, url)
    html = player.until(player.page(), 'value="discard"', "no discard")
    _, row = player.saved()

    def send(**fields):
        data = {"csrf_token": hidden_csrf_token(html), "version": str(row.version), **fields}
        return learner.client.post(url, data=data, follow_redirects=True).get_data(as_text=True)

    cards = re.findall(r'name="card" value="(\w+)" data-card', html)
    for fields, message in (
        ({"action": "discard", "card": cards[:3]}, "Выберите ровно 2 карты в ясли."),
        ({"action": "play", "card": cards[0]}, "Сейчас не ваш ход."),
        ({"action": "dance"}, "В партии так сделать нельзя."),
        ({"action": "claim", "points": "7"}, "Сейчас вам нечего считать."),
        ({"action": "discard", "version": str(row.version + 3), "card": cards[:2]}, "со старой страницы"),
    ):
        page = send(**fields)
        assert message in page, (fields, message)
        assert_russian(page, message)
    # A card that would pass 31.
    for _ in range(300):
        too_high = re.findall(r'name="card" value="(\w+)" data-card="\w+" class="card-button too-high"', html)
        if too_high:
            _, row = player.saved()
            page = send(action="play", card=too_high[0])
            assert "счёт превысит 31" in page and "сыграйте другую карту" in page
            return
        html = player.step(html)
    pytest.fail("no card ever passed 31")


# ---------------------------------------------------------------- solitaire


def _solitaire(learner, kind: str) -> str:
    response = learner.post("/solitaire/new", {"kind": kind}, page="/solitaire/")
    assert response.status_code == 302
    return response.headers["Location"]


@pytest.mark.parametrize("kind, name", [("arnold", "Пасьянс Арнольда"), ("hoyle", "Пасьянс Хойла")],
                         ids=["arnold", "hoyle"])
def test_solitaire_is_russian_from_the_choice_to_the_result(app, learner, kind, name):
    app.config["SOLITAIRE_SEED"] = 3
    speak_russian(learner)
    index = learner.client.get("/solitaire/").get_data(as_text=True)
    assert_russian(index, "solitaire index")
    assert "Разложить пасьянс Арнольда" in index and "Разложить пасьянс Хойла" in index
    url = _solitaire(learner, kind)
    pages = 0
    for _ in range(40):
        html = learner.client.get(url).get_data(as_text=True)
        assert_russian(html, f"{kind} {pages}")
        assert name in html
        pages += 1
        if "Сыграть ещё" in html:
            assert "Не в этот раз:" in html or "Победа:" in html
            break
        fields = {"csrf_token": hidden_csrf_token(html),
                  "version": re.search(r'name="version" value="(\d+)"', html).group(1)}
        if 'value="count"' in html:
            assert "Посчитайте каждую руку и ясли" in html and "Раздача" in html
            fields["action"] = "count"
            fields.update({f: "0" for f in re.findall(r'name="(count-\d+)"', html)})
        else:
            assert "ыберите две карты в ясли" in html
            first = re.findall(r'name="card" value="(\w+)"', html)
            if pages == 1:  # a card of another hand: refused, in Russian
                stray = next(str(c) for c in (Card.parse(v) for v in ("AS", "AH", "AD")) if str(c) not in first)
                page = learner.client.post(url, data={**fields, "action": "discard", "card": [first[0], stray]},
                                           follow_redirects=True).get_data(as_text=True)
                assert "Нельзя: карты Т" in page and "нет в этой руке" in page
            fields.update(action="discard", card=first[:2])
        assert learner.client.post(url, data=fields).status_code == 302
    else:
        pytest.fail("the solitaire did not end")
    assert "пропущено" in html  # every count claimed as 0


# ---------------------------------------------------------------- the services' sentences


LEARNER = 0


def _seating(rules, level: Level = Level.EASY) -> Seating:
    return Seating(rules, default_sitters(rules, 1, level), LEARNER)


def _table(game: Game, mark: int = 0) -> Table:
    return table_of(game, _seating(game.rules), seen=len(game.log), mark=mark)


def test_the_narration_agrees_with_its_numbers_in_russian():
    rules = STANDARD.with_options(counting=Counting.MUGGINS)
    game = Game.from_hands(rules, ["AH 2D 9S KH", "3C 4D 8S QH"], dealer=1, starter="5C", seed=1)
    plays = [(0, "AH"), (1, "3C"), (0, "2D"), (1, "4D"), (0, "9S"), (1, "8S"), (0, "KH"), (1, "QH")]
    for seat, card in plays:
        game.play(seat, card)
    before = len(game.log)
    game.claim(LEARNER, 6)  # the hand is worth 4
    game.pass_muggins(1)
    with i18n.language("ru"):
        every = [h.text for h in _table(game).happenings]
        latest = [h.text for h in _table(game, before).happenings]
    assert "Вы сыграли Т♥: счёт 1." in every
    assert "Вы получаете 3 очка за последовательность." in every
    assert "Бот получает 4 очка за последовательность." in every
    assert "Бот получает 1 очко за «гоу»." in every
    assert "Вы заявляете 6 очков за свою руку." in latest
    assert "Вы заявили 6, а в руке — 4: засчитано 4." in latest


def test_seats_levels_and_the_coachs_numbers_in_russian():
    with i18n.language("ru"):
        assert [_seating(THREE_PLAYER).name(s) for s in range(3)] == ["Вы", "Левый бот", "Правый бот"]
        assert _seating(STANDARD, Level.INSANE).side_labels() == ("Вы", "Безумный бот")
        assert coach.percent(0.5349) == "53\xa0%" and coach.percent(0.001) == "<1\xa0%"
        assert coach.points(-1.304) == "−1,30"
        assert coach.discard_verdict(1.3, [Card.parse(c) for c in ("5S", "5H", "JC", "4D")]).text == \
            "−1,30 очка: лучше было оставить 5♠ 5♥ В♣ 4♦"
        assert coach.play_verdict(0.0, Card.parse("8D")).text == "Лучший ход"
    assert coach.percent(0.5349) == "53%" and coach.points(-1.304) == "−1.30"  # English as before
