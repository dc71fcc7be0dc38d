"""The drills and the review in Russian (issue 13): each drill's question and result,
the review and the history with answers recorded, read by a learner who chose Russian.
Every page speaks Russian (its words are there, no English sentence is left, in the
text or in what a screen reader says), numbers have a decimal comma and points agree
with their number (1 очко, 2 очка, 5 очков)."""

from __future__ import annotations

import re

import pytest

from engine.speech import plural_ru
from trainer.language.i18n import language
from trainer.record.stats import LearnerStats
from trainer.web.review import history_summary, record_summary

from .helpers import card_values, drill_location
from .test_pegging_web import open_moment
from .test_show import open_deal

#: Latin words a Russian page may show: the names of keys.
KEYS = {"Enter", "Tab"}
#: Attributes a screen reader says.
READ = re.compile(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"')


@pytest.fixture
def ann(learner):
    """Ann, who chose Russian (saved with her profile: every page is Russian)."""
    learner.post("/language", {"language": "ru"})
    return learner


def main_html(response) -> str:
    """The page's own content (the layout around it belongs to other areas)."""
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert '<html lang="ru"' in html
    return re.search(r"<main.*?</main>", html, re.S).group(0)


def visible(html: str) -> str:
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def english_left(html: str) -> list[str]:
    """English words in the text or the read attributes of a page's content."""
    said = visible(html) + " " + " ".join(READ.findall(html))
    return sorted({word for word in re.findall(r"[A-Za-z]{2,}", said) if word not in KEYS})


def russian_page(response, *phrases: str) -> str:
    """The page's visible text, after checking it is Russian and says each phrase."""
    html = main_html(response)
    text = visible(html)
    assert english_left(html) == [], text
    for phrase in phrases:
        assert phrase in text, text
    return text


def answer(ann, location: str, data: dict):
    return ann.post(location, data, page=location, follow_redirects=True)


# ---------------------------------------------------------------- counting a hand


def test_counting_a_hand_by_its_total(app, ann):
    location = open_deal(app, ann, "5H 5D 5S JC", "5C")
    russian_page(ann.client.get(location), "Посчитайте руку", "Стартер", "Сумма очков", "Проверить")
    text = russian_page(answer(ann, location, {"total": "28"}), "Вы сказали 28, а на деле 29: на 1 очко меньше.",
                        "Упущено очков: 1", "Следующая рука",
                        "В вашей статистике этот ответ записан в ошибки по типам: Козырной валет. Правило: если сумма меньше")
    assert "«Пятнадцать — два, пятнадцать — четыре" in text and "и одно за козырной валет — двадцать девять.»" in text
    assert text.count(" пара 5") == 6  # the items, named one by one: six pairs


def test_a_bad_total_is_refused_in_russian(app, ann):
    location = open_deal(app, ann, "5H 5D 5S JC", "5C")
    for typed, message in (("двенадцать", "Введите сумму очков числом, например 12."),
                           ("-3", "Сумма очков не может быть меньше нуля."),
                           ("30", "Сумма очков не может быть больше 29: проверьте подсчёт.")):
        russian_page(answer(ann, location, {"total": typed}), message)


def test_counting_a_crib_per_category_with_the_flush_trap_and_the_timer(app, ann):
    location = open_deal(app, ann, "2C 6C 9C KC", "4D", mode="category", crib=True, timed=True)
    response = ann.client.get(location)
    russian_page(response, "Посчитайте ясли", "Пятнадцать", "Последовательности", "Козырной валет", "на время")
    assert 'data-timer-unit="с"' in response.get_data(as_text=True)
    text = russian_page(answer(ann, location, {"fifteen": "4", "flush": "4"}), "Флеш 0 4 на 4 больше",
                        "Лишних очков: 4", "Вы сказали 8, а на деле 4: на 4 очка больше.",
                        "Почему нет флеша: Флеш в яслях — только из всех пяти карт, включая стартер.",
                        "В яслях четыре трефы, но флеша нет: стартер 4♦ — не трефа.")
    assert re.search(r"Время: \d+,\d с", text)
    russian_page(answer(ann, open_deal(app, ann, "5H 5D 5S JC", "5C", mode="category"), {"nobs": "2"}),
                 "Очков за козырного валета не может быть больше 1: проверьте подсчёт.")


def test_claiming_combos(app, ann):
    location = open_deal(app, ann, "5H 5D 5S JC", "5C", mode="claims")
    russian_page(ann.client.get(location), "Пока нет.", "Отметьте карты одной комбинации", "Готово: проверить заявки")
    claim = location + "/claim"
    russian_page(ann.post(claim, {"kind": "pair"}, page=location, follow_redirects=True),
                 "Сначала отметьте карты комбинации, затем нажмите её вид.")
    for cards, kind in ((["5H", "5D", "5S", "5C"], "pair"), (["JC"], "nobs"), (["5H", "5D"], "run")):
        ann.post(claim, {"card": cards, "kind": kind}, page=location)
    russian_page(ann.client.get(location), "Ваши заявки", "Козырной валет", "убрать")
    russian_page(answer(ann, location, {}), "Верные заявки дают 13, а рука стоит 29; неверных заявок: 1.", "Неверные заявки",
                 "для последовательности нужно не меньше трёх карт", "пятнадцать (пропущено)")


def test_a_nineteen_hand(app, ann):
    location = open_deal(app, ann, "2S 4H 6D 8C", "QS")
    russian_page(answer(ann, location, {"total": "0"}), "Верно: 0.", "Очков нет: рука «девятнадцать».",
                 "«Девятнадцать: считать нечего.»")


# ---------------------------------------------------------------- pegging


@pytest.mark.parametrize(
    "pile, last, verdict",
    [
        ([(False, "KS"), (True, "2D")], True, "Верно: счёт 12, 1 очко."),  # the last card
        ([(False, "7S"), (True, "8D")], False, "Верно: счёт 15, 2 очка."),
        ([(True, "4S"), (False, "5D"), (True, "6H")], False, "Верно: счёт 15, 5 очков."),  # fifteen and a run
    ],
)
def test_the_points_for_a_card_agree_with_their_number(app, ann, pile, last, verdict):
    location = open_moment(app, ann, pile, last=last)
    russian_page(ann.client.get(location), "Вы только что сыграли", "вы, сейчас", "Счёт", "Ваши очки")
    points = {"Верно: счёт 12, 1 очко.": 1, "Верно: счёт 15, 2 очка.": 2}.get(verdict, 5)
    count = sum(min(int(c[:-1]) if c[:-1].isdigit() else 10, 10) for _, c in pile)
    russian_page(answer(ann, location, {"count": str(count), "points": str(points)}), verdict, "Почему")


def test_a_wrong_pegging_answer_and_a_broken_pair(app, ann):
    location = open_moment(app, ann, [(True, "5H"), (False, "6D"), (True, "5S")],
                           earlier=[[(False, "KS"), (True, "QD"), (False, "AH")]])
    text = russian_page(answer(ann, location, {"count": "17", "points": "2"}),
                        "Счёт 16 (вы сказали 17); 0 очков (вы сказали 2).", "Перевёрнуты:",
                        "Эта карта ничего не приносит: 6♦ между ними разбивает пару.")
    assert "не составляют пар и последовательностей" in text
    russian_page(answer(ann, open_moment(app, ann, [(True, "5H")]), {"count": "сорок", "points": "0"}),
                 "Введите счёт числом, например 12.")


def test_which_card_is_best(app, ann):
    location = drill_location(ann.client, "/pegging/best")
    response = ann.client.get(location)
    russian_page(response, "Ваш ход: какая карта лучше?", "Вы отложили", "у соперника на руках", "Сыграть")
    html = response.get_data(as_text=True)
    legal = re.findall(r'name="card" value="([^"]+)" aria-label="[^"]*"(?! disabled)', html)
    text = russian_page(answer(ann, location, {"card": legal[-1]}), "Ожидаемый итог до конца розыгрыша", "ваша",
                        "Почему", "До конца розыгрыша она даёт в среднем итог")
    assert re.search(r"Ваша \S+: (Она сразу приносит \d+ очк|Сразу она очков не приносит)", text)
    assert re.search(r"[+-]\d+,\d\d", text)  # the expected net, with a decimal comma
    assert re.search(r"^(Хорошо: .+ не хуже любой другой карты\.|Лучше было сыграть .+ в среднем теряет \d+,\d\d очка\.)",
                     text)


def test_a_discard(app, ann):
    location = drill_location(ann.client, "/discard/?as=pone")
    response = ann.client.get(location)
    russian_page(response, "Отложите две карты: вы несдающий (ясли соперника)", "В ясли", "Ваша роль:")
    russian_page(answer(ann, location, {"card": card_values(response.get_data(as_text=True))[:1]}),
                 "Выберите для яслей ровно две из ваших шести карт.")
    text = russian_page(answer(ann, location, {"card": card_values(response.get_data(as_text=True))[:2]}),
                        "Вы несдающий (ясли соперника: рука − ясли).", "Потеря", "Следующая раздача")
    assert re.search(r"(Лучший сброс: отлично\.|Ваш сброс в среднем теряет \d+,\d\d очка\.)", text)
    assert re.search(r"Ваш сброс: Оставленные .+ дают \d+ очк\w* до стартера и в среднем \d+,\d\d очка со стартером\. "
                     r"Отложенные .+ дают яслям соперника в среднем \d+,\d\d очка, и их вы теряете: итог -?\d+,\d\d\.", text)
    assert len(re.findall(r"\b\d+,\d\d\b", text)) >= 15 * 4  # hand, crib, net and lost of every discard


# ---------------------------------------------------------------- the review


def some_answers(app, ann):
    """A right count, two wrong ones (one by claims), a pegging answer and a discard."""
    right = open_deal(app, ann, "4C 5D 6H KC", "5S", mode="category")
    ann.post(right, {"fifteen": "8", "pair": "2", "run": "6"}, page=right)
    wrong = open_deal(app, ann, "5H 5D 5S JC", "5C", timed=True)
    ann.post(wrong, {"total": "23"}, page=wrong)
    claims = open_deal(app, ann, "2C 6C 9C KC", "4D", mode="claims", crib=True)
    ann.post(claims + "/claim", {"card": ["2C", "6C", "9C", "KC"], "kind": "flush"}, page=claims)
    ann.post(claims, {}, page=claims)
    pile = open_moment(app, ann, [(True, "5H"), (False, "5D"), (True, "5S")])
    ann.post(pile, {"count": "15", "points": "6"}, page=pile)
    deal = drill_location(ann.client, "/discard/")
    ann.post(deal, {"card": card_values(ann.client.get(deal).get_data(as_text=True))[:2]}, page=deal)


def test_the_review_with_some_answers(app, ann):
    some_answers(app, ann)
    response = ann.client.get("/review/")
    text = russian_page(response, "Ваш разбор", "5 ответов", "упущено", "на руку с таймером",
                        "Подсчёт рук Доля верных ответов, по десяткам ответов",
                        "Сброс Доля лучших выборов, по десяткам ответов", "По упражнениям", "Подсчёт рук", "Очки в розыгрыше",
                        "По типам комбинаций", "Королевская пара", "Последние ошибки", "Повторить",
                        "вы сказали 23, на деле 29", "вы заявили 0, на деле 4",
                        "вы сказали 6 (счёт 15), на деле 8")
    assert re.search(r"\b[24]0 % верно", text) and "0\xa0%" in response.get_data(as_text=True)  # the Russian way
    assert "заявлено 1 раз там, где ничего не было" in text  # the crib flush of four
    missed = re.search(r"(\d+) (очко|очка|очков) упущено", text)
    assert missed and missed[2] == plural_ru(int(missed[1]), "очко", "очка", "очков")  # the discard's loss varies with the deal
    assert re.search(r"\d+,\d\d за раздачу", text)


def test_the_history_with_some_answers(app, ann):
    some_answers(app, ann)
    text = russian_page(ann.client.get("/review/history"), "Ваша история", "Всего 5 ответов, сначала новые.",
                        "Назад к разбору", "Подсчёт рук", "Сброс", "подробнее", "ошибка", "верно")
    assert re.search(r"\d\d [а-я]+\. \d{4} \d\d:\d\d", text)  # "01 дек. 2026 09:51"


def test_an_empty_review_and_history(ann):
    russian_page(ann.client.get("/review/"), "Разбирать пока нечего: посчитайте несколько рук или попробуйте задачи"
                 " на розыгрыш")
    russian_page(ann.client.get("/review/history"), "Ответов пока нет.")


@pytest.mark.parametrize(
    "n, answers, points",
    [(1, "1 ответ", "1 очко упущено"), (2, "2 ответа", "2 очка упущено"), (5, "5 ответов", "5 очков упущено"),
     (21, "21 ответ", "21 очко упущено"), (12, "12 ответов", "12 очков упущено")],
)
def test_the_records_numbers_agree_with_their_words(n, answers, points):
    stats = LearnerStats(n, n, n, 2.5, (), ())
    with language("ru"):
        summary = visible(str(record_summary(stats)))
        history = visible(str(history_summary(n)))
    assert summary == f"{answers}, 100 % верно, {points}, 2,5 с на руку с таймером."
    assert history == ("Пока у вас один ответ." if n == 1 else f"Всего {answers}, сначала новые.")


def test_the_english_records_line_is_as_before():
    stats = LearnerStats(2, 1, 6, None, (), ())
    assert visible(str(record_summary(stats))) == "2 answers, 50% right, 6 points missed."
    assert visible(str(history_summary(1234))) == "All 1,234 answers, newest first."
