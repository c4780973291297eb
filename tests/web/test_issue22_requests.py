"""Per-request faults of `multiverse serve` (issue 22, faults 2, 5 and 8's WebSocket id): a
choice names the decision it answers, so a repeated click makes no second move; a request
the server cannot serve (a non-ASCII key, an id past SQLite's integer limit, a JSON body
with NaN, a damaged stored table) is a 4xx with a one-line error and no traceback, and the
server serves every other table as before."""

from __future__ import annotations

import json
import sqlite3
import time

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_support import DFP, open_table, watch_key

from multiverse.store.games import GameStore
from multiverse.web.app import create_app

SOLO = {"mode": "dofp", "heroes": 3, "seed": 1, "solo": True}  # one seat: every decision is seat 0's
BIG = 2**63  # one past SQLite's largest integer
JSON = {"content-type": "application/json"}


@pytest.fixture
def client(db, quiet):
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        yield c


def refused(r, status: int) -> str:
    """The one-line error of a refusal with `status`."""
    assert r.status_code == status, (r.status_code, r.text)
    error = r.json()["error"]
    assert error and "\n" not in error
    return error


def stored(db, gid: int) -> tuple[int, str]:
    """The stored decisions of a game and its last stored state hash."""
    with GameStore(db, readonly=True) as store:
        rec = store.get(gid)
    return rec.decisions, (rec.hashes[-1] if rec.hashes else rec.start_hash)


# ----- 2. a repeated click makes no second move ----------------------------------------------
def test_a_repeated_choice_is_refused_and_changes_nothing(client, db):
    """A retried or double-submitted choice names decision 0, answered already: 409, and
    neither the table's state nor its stored moves change, even when its option is one the
    next decision offers too."""
    gid, (key,) = open_table(client, SOLO)
    url = f"/api/tables/{gid}"
    a = client.get(url, params={"key": key}).json()
    assert a["decision"]["number"] == 0
    first = a["decision"]["options"][0]["id"]
    assert client.post(f"{url}/choose", json={"key": key, "decision": 0, "option": first}).status_code == 200
    after = client.get(url, params={"key": key}).json()
    assert after["decision"]["seat"] == 0 and after["decision"]["number"] == 1
    table = client.app.state.hub.tables[gid]
    state_hash, at = table.state.state_hash(), stored(db, gid)
    assert at[0] == 1
    retried = after["decision"]["options"][0]["id"]  # an option of decision 1, sent for decision 0
    for option in (first, retried):
        error = refused(client.post(f"{url}/choose", json={"key": key, "decision": 0, "option": option}), 409)
        assert error == "decision 0 is answered already (a repeated click?): this table is at decision 1"
    assert refused(client.post(f"{url}/choose", json={"key": key, "decision": 7, "option": retried}),
                   409).startswith("decision 7 is not reached yet")
    assert table.state.state_hash() == state_hash and stored(db, gid) == at
    assert client.get(f"{url}/about", params={"key": key}).json()["decisions"] == 1
    assert client.get(url, params={"key": key}).json() == after
    r = client.post(f"{url}/choose", json={"key": key, "decision": 1, "option": retried})
    assert r.status_code == 200 and stored(db, gid)[0] == 2


def test_a_choice_without_its_decision_number_is_refused_naming_the_field(client, db):
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    option = client.get(url, params={"key": keys[0]}).json()["decision"]["options"][0]["id"]
    assert refused(client.post(f"{url}/choose", json={"key": keys[0], "option": option}), 400) \
        == "decision: Field required"
    assert refused(client.post(f"{url}/choose", json={"key": keys[0], "decision": "0", "option": option}),
                   400).startswith("decision: ")
    assert refused(client.post(f"{url}/choose", json={"key": keys[0], "decision": True, "option": option}),
                   400).startswith("decision: ")
    assert stored(db, gid)[0] == 0


def test_the_answer_numbers_the_decision_for_the_deciding_seat_only(client, db):
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    assert client.get(url, params={"key": keys[0]}).json()["decision"]["number"] == 0
    assert "number" not in client.get(url, params={"key": keys[1]}).json()["decision"]
    assert "number" not in client.get(url, params={"key": watch_key(db, gid)}).json()["decision"]


# ----- 5. per-request faults: a 4xx in one line, no traceback ---------------------------------
def test_a_non_ascii_key_is_a_wrong_key(client):
    """`secrets.compare_digest` on str refuses non-ASCII text: keys are compared as bytes."""
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    option = client.get(url, params={"key": keys[0]}).json()["decision"]["options"][0]["id"]
    for key in ("é", "ключ", "🔑" * 22):
        refused(client.get(url, params={"key": key}), 403)
        refused(client.post(f"{url}/choose", json={"key": key, "decision": 0, "option": option}), 403)
        refused(client.post(f"{url}/hint", json={"key": key}), 403)
        refused(client.post(f"{url}/undo", json={"key": key}), 403)
        refused(client.get("/api/admin/tables", params={"key": key}), 403)
        assert client.get("/admin", params={"key": key}).status_code == 403
        with pytest.raises(WebSocketDisconnect) as err, \
                client.websocket_connect(f"/ws/tables/{gid}?key={key}") as ws:
            ws.receive_json()
        assert err.value.code == 4403
    assert client.get(url, params={"key": keys[0]}).status_code == 200


def test_text_utf8_cannot_hold_is_refused_in_one_line(client):
    """A JSON body may hold a lone surrogate (`"\\ud800"`): as a key it is a wrong key, as a
    mode's option it is named (escaped) in the error, never a failed answer."""
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    for path, text in ((f"{url}/choose", '{"key": "\\ud800", "decision": 0, "option": "x"}'),
                       (f"{url}/hint", '{"key": "\\ud800"}'), (f"{url}/undo", '{"key": "\\ud800"}')):
        refused(client.post(path, content=text.encode(), headers=JSON), 403)
    choice = f'{{"key": "{keys[0]}", "decision": 0, "option": "\\ud800"}}'
    assert "\\ud800" in refused(client.post(f"{url}/choose", content=choice.encode(), headers=JSON), 409)
    error = refused(client.post("/api/tables", content=b'{"mode": "dofp", "\\ud800": 1}', headers=JSON), 400)
    assert error.startswith("--\\ud800: not an option of dofp")


def test_an_id_past_sqlites_integer_limit_is_no_table_on_every_route(client):
    gid, keys = open_table(client)
    body = {"key": keys[0], "decision": 0, "option": "card:1"}
    for huge in (BIG, 10**30):
        for path in (f"/api/tables/{huge}", f"/api/tables/{huge}/about", f"/api/games/{huge}/replay/0",
                     f"/t/{huge}/watch", f"/t/{huge}/seat/0", f"/replay/{huge}"):
            assert "no table or game" in refused(client.get(path), 404), path
        for path in (f"/api/tables/{huge}/choose", f"/api/tables/{huge}/hint", f"/api/tables/{huge}/undo"):
            refused(client.post(path, json=body), 404)
        with pytest.raises(WebSocketDisconnect) as err, client.websocket_connect(f"/ws/tables/{huge}") as ws:
            ws.receive_json()
        assert err.value.code == 1008  # a policy violation: closed at the handshake
    refused(client.get("/api/tables/-1"), 404)
    refused(client.get(f"/api/tables/{BIG - 1}"), 404)  # the largest id SQLite holds: no table
    assert client.get(f"/api/games/{gid}/replay/{BIG}", params={"key": keys[0]}).json()["ply"] == 0  # the end


def test_a_json_body_with_nan_is_a_400(client, db):
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    for path, text in ((f"{url}/choose", f'{{"key": "{keys[0]}", "decision": 0, "option": NaN}}'),
                       (f"{url}/choose", f'{{"key": "{keys[0]}", "decision": NaN, "option": "card:1"}}'),
                       (f"{url}/choose", f'{{"key": "{keys[0]}", "decision": Infinity, "option": "x"}}'),
                       (f"{url}/hint", '{"key": NaN}'),
                       (f"{url}/undo", '{"key": -Infinity}'),
                       ("/api/tables", "NaN"),
                       ("/api/tables", "[1, NaN]")):
        refused(client.post(path, content=text.encode(), headers=JSON), 400)
    for text in ('{"mode": "dofp", "seed": NaN}', '{"mode": "dofp", "heroes": NaN}',
                 '{"mode": NaN}', '{"mode": "dofp", "max_turns": NaN}'):
        refused(client.post("/api/tables", content=text.encode(), headers=JSON), 400)
    assert stored(db, gid)[0] == 0


# ----- damaged stored tables ---------------------------------------------------------------
def finished_table(db) -> int:
    """A table of agents played to its end, then the server closed."""
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        r = c.post("/api/tables", json={**DFP, "seats": ["random"] * 3})
        gid = r.json()["id"]
        watch = {"key": watch_key(db, gid)}
        deadline = time.monotonic() + 60
        while c.get(f"/api/tables/{gid}", params=watch).json()["result"] is None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    return gid


def damage(db, gid: int, column: str, value: str) -> None:
    with sqlite3.connect(db) as con:
        table = "web_tables" if column == "keys" else "games"
        where = "game_id" if column == "keys" else "id"
        con.execute(f"UPDATE {table} SET {column} = ? WHERE {where} = ?", (value, gid))
    con.close()


DAMAGES = {
    "config not JSON": ("config", "{not json", "config is not JSON"),
    "config not an object": ("config", "[1, 2]", "config is not a JSON object"),
    "unknown mode": ("mode", "chess", "its start cannot be rebuilt"),
    "unknown hero": ("config", json.dumps({"mode": "dofp", "heroes": ["nobody", "storm", "logan"]}),
                     "its start cannot be rebuilt"),
    "seats not a list": ("seats", '{"a": 1}', "seats is not a JSON list"),
    "seats not names": ("seats", "[1, 2, 3]", "seats is not a list of names"),
    "keys not JSON": ("keys", "nope", "keys are not JSON"),
}


@pytest.mark.parametrize("damaged", list(DAMAGES))
def test_a_damaged_finished_table_is_refused_in_one_line(db, quiet, damaged):
    """The table, its page's facts and its replay answer 409 naming the fault; a sound
    table of the same server is served as before."""
    column, value, reason = DAMAGES[damaged]
    gid = finished_table(db)
    damage(db, gid, column, value)
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        sound, keys = open_table(client)
        for path in (f"/api/tables/{gid}", f"/api/tables/{gid}/about"):
            error = refused(client.get(path), 409)
            assert error.startswith(f"table {gid} ") and reason in error, error
        if column != "keys":  # a replay reads the game, not the table's keys
            assert reason in refused(client.get(f"/api/games/{gid}/replay/3",
                                                params={"key": watch_key(db, gid)}), 409)
        assert client.get(f"/api/tables/{sound}", params={"key": keys[0]}).status_code == 200
        with pytest.raises(WebSocketDisconnect) as err, client.websocket_connect(f"/ws/tables/{gid}") as ws:
            ws.receive_json()
        assert err.value.code == 4409
        assert reason in err.value.reason or len(err.value.reason.encode()) == 123
        assert len(err.value.reason.encode()) <= 123  # the protocol's limit on a close reason


@pytest.mark.parametrize(("seats", "reason"), [
    (["human", "bogus", "random"], "seat 1: 'bogus' is not a player"),
    (["human", "ismcts(depth=3)", "random"], "seat 1: 'ismcts(depth=3)' is not a player"),
    (["human", "random"], "its game has 3 seat(s) but 2 are stored"),
])
def test_damaged_seats_refuse_their_table_and_stop_nothing_else(db, quiet, capsys, seats, reason):
    """An unfinished table whose stored seats name no player is not taken up at start-up
    (one warning line) and answers 409: before, its agents died with a traceback when the
    decision came to the bad seat. The other tables play on."""
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        gid, keys = open_table(client)
    damage(db, gid, "seats", json.dumps(seats))
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        assert reason in refused(client.get(f"/api/tables/{gid}", params={"key": keys[0]}), 409)
        refused(client.post(f"/api/tables/{gid}/choose", json={"key": keys[0], "decision": 0,
                                                                "option": "card:1"}), 409)
        other, other_keys = open_table(client)
        a = client.get(f"/api/tables/{other}", params={"key": other_keys[0]}).json()
        r = client.post(f"/api/tables/{other}/choose",
                        json={"key": other_keys[0], "decision": 0, "option": a["decision"]["options"][0]["id"]})
        assert r.status_code == 200
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if line.startswith(f"warning: table {gid} ")]
    assert len(warnings) == 1 and reason in warnings[0] and "Traceback" not in err
    assert stored(db, gid)[0] == 0


def test_solo_as_text_is_refused_not_read_as_true(client, db):
    """Issue 22 (8): `"solo": "false"` opened a solo table (bool("false") is True)."""
    for solo in ("false", "no", "0", 0, 1, None):
        r = client.post("/api/tables", json={"mode": "dofp", "solo": solo})
        refused(r, 400)
        assert r.json()["error"] == f"solo {solo!r}: expected true or false"
    r = client.post("/api/tables", json={"mode": "dofp", "solo": True})
    assert r.status_code == 200 and len(r.json()["seats"]) == 1  # one player, three heroes
