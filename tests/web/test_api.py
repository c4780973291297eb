"""The JSON API of `multiverse serve` (issue 11): tables opened, seats' answers, choices
stored before they are answered, refusals that change nothing, agents that move by
themselves, and tables that a restarted server takes up again."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from web_support import DFP, key_of, open_table, wait_for, watch_key

from multiverse import modes
from multiverse.store.games import GameStore
from multiverse.store.replay import verify
from multiverse.web.app import create_app


@pytest.fixture
def client(db):
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        yield c


def test_opening_a_table_gives_a_secret_link_per_human_seat_and_a_spectator_link(client, db):
    r = client.post("/api/tables", json={**DFP, "seats": ["human", "random", "random"]})
    assert r.status_code == 200
    out = r.json()
    gid = out["id"]
    watch = watch_key(db, gid)
    assert out["spectator"] == f"/t/{gid}/watch?key={watch}" and len(watch) >= 20
    assert out["replay"] == f"/replay/{gid}?key={watch}"
    assert [s["seat"] for s in out["seats"]] == [0, 1, 2]
    assert out["seats"][0]["link"].startswith(f"/t/{gid}/seat/0?key=")
    assert len(key_of(out["seats"][0]["link"])) >= 20
    assert out["seats"][1]["link"] is None and out["seats"][2]["link"] is None
    assert client.get(out["seats"][0]["link"].split("?")[0]).status_code == 200  # its page


def test_a_seat_sees_its_own_hand_and_options_and_nothing_of_the_others(client):
    gid, keys = open_table(client)
    a = client.get(f"/api/tables/{gid}", params={"key": keys[0]}).json()
    assert set(a) == {"view", "decision", "result"}
    assert a["result"] is None
    heroes = a["view"]["heroes"]
    assert heroes[0]["hand"] and heroes[1]["hand"] is None and heroes[2]["hand"] is None
    assert all(c["text"].startswith(("Move", "Attack", "Heroic", "Wild", "no symbols"))
               for c in heroes[0]["hand"])  # each card with its symbols and Special Effect
    d = a["decision"]
    assert d["seat"] == 0 and d["prompt"] and d["options"]
    assert all(set(o) == {"id", "label"} for o in d["options"])
    b = client.get(f"/api/tables/{gid}", params={"key": keys[1]}).json()
    assert b["decision"] == {"seat": 0, "prompt": d["prompt"]}
    assert b["view"]["heroes"][1]["hand"] and b["view"]["heroes"][0]["hand"] is None


def test_a_spectator_sees_no_hand_and_no_options(client, db):
    gid, _ = open_table(client)
    a = client.get(f"/api/tables/{gid}", params={"key": watch_key(db, gid)}).json()
    assert all(h["hand"] is None for h in a["view"]["heroes"])
    assert set(a["decision"]) == {"seat", "prompt"}
    assert "options" not in str(a["view"].get("decision"))


def test_the_same_state_always_gives_the_same_answer(client):
    gid, keys = open_table(client)
    first = client.get(f"/api/tables/{gid}", params={"key": keys[0]}).content
    assert client.get(f"/api/tables/{gid}", params={"key": keys[0]}).content == first


def test_refusals_change_nothing(client, db):
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    before = {k: client.get(url, params={"key": k}).content for k in keys if k}
    option = client.get(url, params={"key": keys[0]}).json()["decision"]["options"][0]["id"]
    assert client.get(url, params={"key": "wrong"}).status_code == 403
    assert client.post(f"{url}/choose", json={"key": "wrong", "decision": 0, "option": option}).status_code == 403
    assert client.post(f"{url}/choose", json={"decision": 0, "option": option}).status_code == 403
    assert client.post(f"{url}/choose", json={"key": keys[1], "decision": 0, "option": option}).status_code == 403
    assert client.post(f"{url}/choose", json={"key": keys[0], "decision": 0, "option": "nope"}).status_code == 409
    assert client.post(f"{url}/choose", json={"key": keys[0], "decision": 1, "option": option}).status_code == 409
    assert {k: client.get(url, params={"key": k}).content for k in keys if k} == before
    with GameStore(db, readonly=True) as store:
        assert store.get(gid).choices == []


def test_a_choice_answered_is_already_stored(client, db):
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    option = client.get(url, params={"key": keys[0]}).json()["decision"]["options"][0]["id"]
    r = client.post(f"{url}/choose", json={"key": keys[0], "decision": 0, "option": option})
    assert r.status_code == 200
    assert set(r.json()) == {"view", "decision", "result"}
    with GameStore(db, readonly=True) as store:
        assert store.get(gid).choices[0] == option


def play_to_the_end(client, gid: int, key: str, seat: int, limit: int = 5000) -> dict:
    """Seat `seat` always takes the first option; the agents play the other seats."""
    url = f"/api/tables/{gid}"
    for _ in range(limit):
        a = wait_for(lambda: client.get(url, params={"key": key}).json(), seat)
        if a["result"] is not None:
            return a
        r = client.post(f"{url}/choose", json={"key": key, "decision": a["decision"]["number"],
                                               "option": a["decision"]["options"][0]["id"]})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_a_full_game_with_one_human_seat_and_agents_is_stored_and_replays(client, db):
    gid, keys = open_table(client, {**DFP, "seats": ["human", "random", "heuristic"]})
    end = play_to_the_end(client, gid, keys[0], 0)
    assert end["result"] in ("win", "loss") and end["decision"] is None
    with GameStore(db, readonly=True) as store:
        rec = store.get(gid)
    assert rec.result == end["result"]
    state, problem = verify(rec)
    assert problem is None and state.result == end["result"]
    watch = {"key": watch_key(db, gid)}
    last = client.get(f"/api/games/{gid}/replay/{rec.decisions}", params=watch).json()
    assert last["result"] == end["result"] and last["ply"] == rec.decisions and last["log"]
    first = client.get(f"/api/games/{gid}/replay/0", params=watch).json()
    assert first["ply"] == 0 and first["choice"] is None and first["result"] is None


def test_agent_seats_play_by_themselves_without_any_page(client, db):
    r = client.post("/api/tables", json={**DFP, "seats": ["random", "heuristic", "random"]})
    assert all(s["link"] is None for s in r.json()["seats"])
    gid = r.json()["id"]
    watch = {"key": watch_key(db, gid)}
    a = wait_for(lambda: client.get(f"/api/tables/{gid}", params=watch).json(), None)
    assert a["result"] in ("win", "loss")


def test_a_restarted_server_takes_up_its_tables_where_they_were(db):
    body = {**DFP, "seats": ["human", "random", "random"]}
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        gid, keys = open_table(client, body)
        url = f"/api/tables/{gid}"
        for _ in range(5):
            a = wait_for(lambda: client.get(url, params={"key": keys[0]}).json(), 0)
            client.post(f"{url}/choose", json={"key": keys[0], "decision": a["decision"]["number"],
                                               "option": a["decision"]["options"][-1]["id"]})
        before = wait_for(lambda: client.get(url, params={"key": keys[0]}).json(), 0)
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        assert client.get(url, params={"key": keys[0]}).json() == before
        end = play_to_the_end(client, gid, keys[0], 0)
    assert end["result"] in ("win", "loss")


@pytest.mark.parametrize("body, words", [
    ({"mode": "nope"}, "nope"),
    ({**DFP, "seats": ["human"]}, "3 seat"),
    ({**DFP, "seats": ["human", "wizard", "random"]}, "wizard"),
    ({**DFP, "seed": -1}, "seed"),
    ({**DFP, "seed": 2**64}, "seed"),
    ({**DFP, "seats": ["human", "ismcts(iterations=10000000)", "random"]}, "iterations=N"),
    ({**DFP, "seats": ["human", "random(x=1)", "random"]}, "iterations=N"),
    ({**DFP, "content": "/etc"}, "content"),
    ({**DFP, "villain": "x"}, "villain"),
])
def test_a_bad_table_is_refused_with_a_reason_and_nothing_stored(client, db, body, words):
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and words in r.json()["error"]
    with GameStore(db, readonly=True) as store:
        assert store.list() == []


def test_a_seat_may_name_the_search_agents_budget(client, db):
    gid, keys = open_table(client, {**DFP, "seats": ["human", "ismcts(iterations=20)", "ismcts"]})
    assert keys[1] is None and keys[2] is None
    with GameStore(db, readonly=True) as store:
        assert store.get(gid).seats == ["human", "ismcts(iterations=20)", "ismcts(iterations=200)"]


def test_an_unknown_table_is_404(client):
    assert client.get("/api/tables/99").status_code == 404


@pytest.mark.parametrize("mode", [m.name for m in modes.all_modes()])
def test_every_registered_mode_is_served(client, db, mode):
    m = modes.get(mode)
    n = m.n_seats(m.make_config(None, {}, False, {}))
    gid, keys = open_table(client, {"mode": mode, "seed": 2, "seats": ["human"] * n})
    url = f"/api/tables/{gid}"
    watch = {"key": watch_key(db, gid)}
    a = client.get(url, params=watch).json()
    seat = a["decision"]["seat"]
    mine = client.get(url, params={"key": keys[seat]}).json()
    option = mine["decision"]["options"][0]["id"]
    assert client.post(f"{url}/choose", json={"key": keys[seat], "decision": mine["decision"]["number"],
                                              "option": option}).status_code == 200
    assert all(h["hand"] is None for h in client.get(url, params=watch).json()["view"]["heroes"])


def test_the_websocket_sends_the_seats_answer_and_the_narration(client, db):
    gid, keys = open_table(client)
    with client.websocket_connect(f"/ws/tables/{gid}?key={keys[0]}") as ws:
        msg = ws.receive_json()
        assert msg["answer"] == client.get(f"/api/tables/{gid}", params={"key": keys[0]}).json()
        assert msg["log"]["from"] == 0 and msg["log"]["lines"]
        n = len(msg["log"]["lines"])
        option = msg["answer"]["decision"]["options"][0]["id"]
        client.post(f"/api/tables/{gid}/choose", json={"key": keys[0], "decision": 0, "option": option})
        msg = ws.receive_json()
        assert msg["log"]["from"] == n
        assert msg["answer"] == client.get(f"/api/tables/{gid}", params={"key": keys[0]}).json()
    with client.websocket_connect(f"/ws/tables/{gid}?key={watch_key(db, gid)}") as ws:  # a spectator
        assert all(h["hand"] is None for h in ws.receive_json()["answer"]["view"]["heroes"])


def test_a_websocket_with_a_wrong_key_is_closed(client):
    from starlette.websockets import WebSocketDisconnect

    gid, _ = open_table(client)
    with pytest.raises(WebSocketDisconnect) as err, \
            client.websocket_connect(f"/ws/tables/{gid}?key=wrong") as ws:
        ws.receive_json()
    assert err.value.code == 4403


def test_a_hint_is_for_the_deciding_seat_and_ranks_its_options(client):
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    offered = {o["id"] for o in client.get(url, params={"key": keys[0]}).json()["decision"]["options"]}
    r = client.post(f"{url}/hint", json={"key": keys[0]})
    assert r.status_code == 200
    rows = r.json()["options"]
    assert rows and {o["id"] for o in rows} <= offered
    assert client.post(f"{url}/hint", json={"key": keys[0]}).json() == r.json()  # same state, same hint
    assert client.post(f"{url}/hint", json={"key": keys[1]}).status_code == 403
    assert client.post(f"{url}/hint", json={}).status_code == 403


def test_undo_needs_every_human_seat_and_goes_back_exactly(client, db):
    gid, keys = open_table(client)  # seats 0 and 1 human, seat 2 random
    url = f"/api/tables/{gid}"
    assert client.post(f"{url}/undo", json={"key": keys[0]}).status_code == 409  # nothing yet
    before = client.get(url, params={"key": keys[0]}).json()
    option = before["decision"]["options"][0]["id"]
    client.post(f"{url}/choose", json={"key": keys[0], "decision": 0, "option": option})
    first = client.post(f"{url}/undo", json={"key": keys[0]}).json()
    assert first == {"undone": 0, "votes": [0], "needed": [0, 1]}
    assert client.get(f"{url}/about", params={"key": keys[1]}).json()["undo"] == {"votes": [0], "needed": [0, 1]}
    assert client.post(f"{url}/undo", json={"key": "wrong"}).status_code == 403
    second = client.post(f"{url}/undo", json={"key": keys[1]}).json()
    assert second["undone"] >= 1 and second["votes"] == []
    assert client.get(url, params={"key": keys[0]}).json() == before
    with GameStore(db, readonly=True) as store:
        assert store.get(gid).choices == []


def test_agents_carry_on_by_themselves_when_the_server_starts_again(db):
    body = {**DFP, "seats": ["random", "heuristic", "random"]}
    slow = create_app(db, agent_delay=0.02, allow_hosts=["testserver"])  # slow enough to stop mid-game
    with TestClient(slow) as client:
        gid = client.post("/api/tables", json=body).json()["id"]
        url = f"/api/tables/{gid}"
        watch = {"key": watch_key(db, gid)}
        while client.get(f"{url}/about", params=watch).json()["decisions"] < 5:
            pass
    with GameStore(db, readonly=True) as store:
        rec = store.get(gid)
    assert rec.result is None and rec.decisions >= 5
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:  # no page, no request but watching
        end = wait_for(lambda: client.get(url, params=watch).json(), None)
    assert end["result"] in ("win", "loss")
    with GameStore(db, readonly=True) as store:
        rec = store.get(gid)
    state, problem = verify(rec)
    assert problem is None and rec.result == state.result
