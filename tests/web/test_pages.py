"""The pages of `multiverse serve` are served from the package (no CDN, no build step) and
carry the stable test hooks of issue 11; the browser itself is driven in test_browser.py."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from multiverse.web.app import STATIC, create_app


@pytest.fixture
def client(db):
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        yield c


@pytest.mark.parametrize("path, hooks", [
    ("/", ['data-testid="lobby-form"', 'data-testid="create-table"']),
    ("/t/1/seat/0", ['data-testid="board"', 'data-testid="log"']),
    ("/t/1/watch", ['data-testid="board"', 'data-testid="log"']),
    ("/replay/1", ['data-testid="board"', 'data-testid="log"']),
])
def test_each_page_is_served_with_its_hooks(client, path, hooks):
    r = client.get(path)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert all(hook in r.text for hook in hooks)
    assert '<script src="/static/app.js">' in r.text


def test_the_script_and_style_ship_with_the_package_and_load_nothing_from_outside(client):
    for name in ("app.js", "lobby.js", "goals.js", "motion.js", "style.css", "goals.css", "lobby.html",
                 "table.html", "replay.html", "admin.html"):
        assert (STATIC / name).is_file()
        text = client.get(f"/static/{name}").text
        assert "http://" not in text and "https://" not in text and "//cdn" not in text
    js = client.get("/static/app.js").text
    for hook in ('"data-testid": "option"', '"data-option-id"', "/ws/tables/"):
        assert hook in js
    lobby = client.get("/static/lobby.js").text  # the lobby's own script
    for hook in ('"data-testid": "seat-link"', '"data-testid": "spectator-link"', '"data-testid": "copy-link"'):
        assert hook in lobby
    assert "innerHTML" not in js and "innerHTML" not in lobby  # text is set as text, never as HTML


def test_the_lobby_lists_every_registered_mode_and_agent(client):
    from multiverse import modes

    info = client.get("/api/modes").json()
    assert [m["name"] for m in info["modes"]] == [m.name for m in modes.all_modes()]
    assert info["agents"][0] == "human" and {"random", "heuristic", "ismcts"} <= set(info["agents"])
