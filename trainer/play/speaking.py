"""The count of a hand or crib said at the table as its combinations light up.

The words are the engine's traditional spoken count (:mod:`engine.speech`,
"fifteen two, fifteen four and a pair is six", in English or Russian); this
only cuts it along the combinations the show panel reveals one by one: each
combination says the phrase it completes, and one that a later combination
continues (the first pair of a pair royal, the first run of a double run)
says nothing yet, so what is said, item after item, is the whole count.

>>> from engine.scoring import score_show
>>> said_items(score_show("4C 5D 6H KC", "5S").items)
('fifteen two', 'fifteen four', 'fifteen six', 'fifteen eight', 'and a pair is ten', '', 'and a double run of three is sixteen')
>>> said_items(score_show("3S 4H 4D 5C", "9S").items, "ru")
('пара — два', '', 'и двойная последовательность из трёх — восемь')
"""

from __future__ import annotations

from typing import Sequence

from engine import speech
from engine.scoring import ScoreItem

#: How the engine's spoken count joins its phrases.
_JOIN = ", "


def said_items(items: Sequence[ScoreItem], language: speech.Language | str = speech.Language.ENGLISH) -> tuple[str, ...]:
    """What is said as each of ``items`` (a show's breakdown, in its order) lights up
    ("" where a later item goes on with the same phrase)."""
    said = []
    for index in range(len(items)):
        ends_phrase = index + 1 == len(items) or (
            len(speech.spoken_phrases(items[:index + 2])) > len(speech.spoken_phrases(items[:index + 1])))
        said.append(speech.spoken_count(items[:index + 1], language).split(_JOIN)[-1] if ends_phrase else "")
    return tuple(said)
