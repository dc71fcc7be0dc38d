"""Every form of the trainer refuses a post without this site's CSRF token,
with a message and no change, never an error page."""

from __future__ import annotations

import pytest

from trainer.record import attempts, history, learners, pending_drills

from .conftest import csrf_token
from .helpers import page_text

POST_URLS = [
    ("/", {"name": "Mallory"}),
    ("/learners/switch", {"learner_id": "1"}),
    ("/learners/leave", {}),
    ("/signin", {"name": "Mallory", "password": "mallory's password"}),
    ("/signup", {"name": "Mallory", "password": "mallory's password", "confirm": "mallory's password"}),
    ("/show/{show}", {"total": "3"}),
    ("/show/{show}/claim", {"card": "5H", "kind": "pair"}),
    ("/show/{show}/unclaim", {"index": "0"}),
    ("/pegging/{peg}", {"count": "3", "points": "0"}),
    ("/pegging/best/{best}", {"card": "5H"}),
    ("/discard/{discard}", {"card": ["5H", "5D"]}),
    ("/review/retry/1", {}),
]


@pytest.mark.slow
@pytest.mark.parametrize("url, data", POST_URLS)
@pytest.mark.parametrize("token", [None, "forged", ""])
def test_posts_without_a_real_token_change_nothing(app, learner, url, data, token):
    drills = {}
    for kind, start in (("show", "/show/"), ("peg", "/pegging/"), ("best", "/pegging/best"), ("discard", "/discard/")):
        drills[kind] = learner.client.get(start).headers["Location"].rsplit("/", 1)[1]
    fields = dict(data)
    if token is not None:
        fields["csrf_token"] = token
    response = learner.client.post(url.format(**drills), data=fields, follow_redirects=True)
    assert response.status_code == 200
    assert "did not come from this page" in page_text(response)
    assert 'title="Practising as">Ann</span>' in response.get_data(as_text=True)  # still signed in as Ann
    with app.app_context():
        ann = learners.learner_by_name("Ann")
        assert history.history(ann.id) == ()
        assert [l.name for l in learners.all_learners()] == ["Ann"]
        assert pending_drills.pending_drill(drills["show"], ann.id, attempts.DrillKind.SHOW).payload["claims"] == []


@pytest.mark.parametrize("url", ["/signin", "/signup", "/learners/leave", "/learners/switch", "/"])
def test_forged_posts_change_nothing_on_a_server(app, client, url):
    app.config["ACCOUNTS"] = True
    token = csrf_token(client.get("/signup").get_data(as_text=True))
    password = "ann's password"
    client.post("/signup", data={"name": "Ann", "password": password, "confirm": password, "csrf_token": token})
    fields = {"name": "Mallory", "password": "mallory's password", "confirm": "mallory's password", "learner_id": "1"}
    response = client.post(url, data=fields, follow_redirects=True)
    assert "did not come from this page" in page_text(response)
    assert 'title="Practising as">Ann</span>' in response.get_data(as_text=True)
    with app.app_context():
        assert [l.name for l in learners.all_learners()] == ["Ann"]
