"""Issue 22, secrets: a browser on another site cannot play or watch through the player's
server (a foreign `Origin` is refused on every state change and on the WebSocket; a foreign
`Host`, DNS rebinding, on every request), and watching a table or replaying its game takes
one of its links (table ids are sequential): a spectators' secret per table, added to the
tables of an older database."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_support import CHROMIUM, DFP, NO_CHROMIUM, Server, chromium, free_port, key_of, open_table, watch_key

from multiverse.cli.main import main
from multiverse.store.games import GameStore
from multiverse.web.app import create_app
from multiverse.web.guard import Allowed, BadOrigin, host_refusal, origin_refusal

BASE = "http://127.0.0.1:8000"  # the address the tests' clients give as Host
OWN = {"origin": BASE}
EVIL = {"origin": "https://evil.example"}
FOREIGN = "origin 'https://evil.example' is not this server's (serve --allow-origin URL admits one)"
REBOUND = "host 'evil.example:8000' is not a name of this server (serve --allow-host NAME admits one)"


@pytest.fixture
def client(db):
    with TestClient(create_app(db), base_url=BASE) as c:
        yield c


def stored(db) -> list[tuple[int, int]]:
    """Every stored game with its number of decisions."""
    with GameStore(db, readonly=True) as store:
        return [(g, store.get(g).decisions) for g in sorted(r.id for r in store.list())]


def ws_refusal(client, path: str, **headers: str) -> tuple[int, str]:
    with pytest.raises(WebSocketDisconnect) as err, \
            client.websocket_connect(f"ws://127.0.0.1:8000{path}", headers=headers) as ws:
        ws.receive_json()
    return err.value.code, err.value.reason


# ----- the decisions, from the headers alone --------------------------------------------------
def test_the_host_names_a_loopback_server_answers_to():
    local = Allowed.of("127.0.0.1")
    for host in ("127.0.0.1:8000", "127.0.0.1", "localhost:8000", "LOCALHOST", "[::1]:8000", None):
        assert host_refusal(host, local) is None, host
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", "10.0.0.5:8000",
                 "localhost.evil.example", "[::1", "", "a:b:c"):
        assert host_refusal(host, local) is not None, host
    assert host_refusal("evil.example", local) == \
        "host 'evil.example' is not a name of this server (serve --allow-host NAME admits one)"
    assert host_refusal("[0:0::1]:80", Allowed.of("::1")) is None  # an IPv6 address, any spelling


def test_a_wildcard_server_answers_to_any_address_and_the_names_it_is_given():
    anywhere = Allowed.of("0.0.0.0", ["https://games.example.org"], ["lan-box"])
    for host in ("192.168.1.20:8000", "[fe80::1]:8000", "localhost", "games.example.org", "LAN-BOX:8000"):
        assert host_refusal(host, anywhere) is None, host
    assert host_refusal("evil.example", anywhere) is not None
    named = Allowed.of("games.lan")
    assert host_refusal("games.lan:8000", named) is None
    assert host_refusal("localhost:8000", named) is not None  # not a loopback address


def test_the_origin_is_the_servers_own_or_an_allowed_one():
    allowed = Allowed.of("127.0.0.1", ["https://games.example.org"])
    assert origin_refusal(None, "127.0.0.1:8000", "http", allowed) is None  # curl, a script
    assert origin_refusal("http://127.0.0.1:8000", "127.0.0.1:8000", "http", allowed) is None
    assert origin_refusal("https://games.example.org", "127.0.0.1:8000", "http", allowed) is None
    assert origin_refusal("https://GAMES.example.org:443", "x", "http", allowed) is None
    for origin in ("http://127.0.0.1:9000", "https://127.0.0.1:8000", "null", "http://localhost:8000",
                   "https://games.example.org:8443", "https://evil.example"):
        assert origin_refusal(origin, "127.0.0.1:8000", "http", allowed) is not None, origin
    with pytest.raises(BadOrigin) as err:
        Allowed.of("127.0.0.1", ["games.example.org"])
    assert str(err.value).startswith("--allow-origin 'games.example.org': expected scheme://host[:port]")


# ----- a foreign origin changes nothing ----------------------------------------------------------
def test_a_foreign_origin_is_refused_on_every_state_change_and_changes_nothing(client, db):
    gid, keys = open_table(client)
    url = f"/api/tables/{gid}"
    a = client.get(url, params={"key": keys[0]}).json()
    option = a["decision"]["options"][0]["id"]
    before = stored(db)
    for path, body in (("/api/tables", DFP), (f"{url}/choose", {"key": keys[0], "decision": 0, "option": option}),
                       (f"{url}/undo", {"key": keys[0]}), (f"{url}/hint", {"key": keys[0]})):
        r = client.post(path, json=body, headers=EVIL)
        assert (r.status_code, r.json()) == (403, {"error": FOREIGN}), path
    assert stored(db) == before and client.app.state.hub.tables[gid].votes == {}
    assert client.get(url, params={"key": keys[0]}).json() == a
    r = client.post(f"{url}/choose", json={"key": keys[0], "decision": 0, "option": option}, headers=OWN)
    assert r.status_code == 200 and stored(db) == [(gid, 1)]  # the server's own page
    assert client.post("/api/tables", json=DFP).status_code == 200  # no Origin: a script


def test_a_foreign_origin_cannot_open_the_websocket(client, db):
    gid, keys = open_table(client)
    assert ws_refusal(client, f"/ws/tables/{gid}?key={keys[0]}", **EVIL) == (4403, FOREIGN)
    with client.websocket_connect(f"ws://127.0.0.1:8000/ws/tables/{gid}?key={keys[0]}", headers=OWN) as ws:
        assert ws.receive_json()["answer"]["decision"]["options"]


def test_an_allowed_origin_plays(db):
    with TestClient(create_app(db, allow_origins=["https://games.example.org"]), base_url=BASE) as client:
        gid, keys = open_table(client)
        proxy = {"origin": "https://games.example.org"}
        a = client.get(f"/api/tables/{gid}", params={"key": keys[0]}).json()
        r = client.post(f"/api/tables/{gid}/choose", headers=proxy,
                        json={"key": keys[0], "decision": 0, "option": a["decision"]["options"][0]["id"]})
        assert r.status_code == 200
        with client.websocket_connect(f"ws://127.0.0.1:8000/ws/tables/{gid}?key={keys[0]}", headers=proxy) as ws:
            assert ws.receive_json()["about"]["decisions"] == 1
        assert client.post("/api/tables", json=DFP, headers=EVIL).status_code == 403


# ----- a foreign host: DNS rebinding ---------------------------------------------------------------
def test_a_rebound_name_reaches_nothing_of_a_loopback_server(client, db):
    gid, keys = open_table(client)
    rebound = {"host": "evil.example:8000"}
    for path in ("/", "/api/modes", f"/api/tables/{gid}?key={keys[0]}", f"/t/{gid}/seat/0", "/static/app.js"):
        r = client.get(path, headers=rebound)
        assert (r.status_code, r.json()) == (421, {"error": REBOUND}), path
    r = client.post("/api/tables", json=DFP, headers=rebound)
    assert r.status_code == 421 and stored(db) == [(gid, 0)]
    assert ws_refusal(client, f"/ws/tables/{gid}?key={keys[0]}", **rebound) == (4421, REBOUND)
    assert client.get("/api/modes", headers={"host": "localhost:8000"}).status_code == 200


def test_an_allowed_host_is_answered(db):
    with TestClient(create_app(db, allow_hosts=["games.example.org"]), base_url="http://games.example.org") as c:
        assert c.get("/api/modes").status_code == 200
        assert c.post("/api/tables", json=DFP, headers={"origin": "http://games.example.org"}).status_code == 200
        assert c.get("/api/modes", headers={"host": "evil.example"}).status_code == 421


def test_a_real_server_refuses_a_foreign_host_and_origin_and_admits_the_allowed_ones(db):
    """`multiverse serve` on 127.0.0.1 with `--allow-origin` and `--allow-host`."""
    server = Server(db, free_port(), "--allow-origin", "https://games.example.org", "--allow-host", "box.lan")
    try:
        rebound = httpx.get(server.url + "/api/modes", headers={"host": "evil.example"})
        assert rebound.status_code == 421
        assert rebound.json() == {"error": "host 'evil.example' is not a name of this server "
                                           "(serve --allow-host NAME admits one)"}
        for host in ("box.lan:8000", "games.example.org", "localhost"):
            assert httpx.get(server.url + "/api/modes", headers={"host": host}).status_code == 200, host
        r = httpx.post(server.url + "/api/tables", json=DFP, headers=EVIL)
        assert (r.status_code, r.json()) == (403, {"error": FOREIGN})
        r = httpx.post(server.url + "/api/tables", json=DFP, headers={"origin": "https://games.example.org"})
        assert r.status_code == 200
        own = httpx.post(server.url + "/api/tables", json=DFP, headers={"origin": server.url})
        assert own.status_code == 200
        ws = server.url.replace("http", "ws", 1) + own.json()["spectator"].replace("/t/", "/ws/tables/") \
            .replace("/watch", "")

        async def watch(origin: str) -> dict:
            async with websockets.connect(ws, origin=origin) as sock:
                return json.loads(await sock.recv())

        assert asyncio.run(watch(server.url))["answer"]["decision"]["seat"] == 0
        with pytest.raises(websockets.InvalidStatus) as err:
            asyncio.run(watch("https://evil.example"))
        assert err.value.response.status_code == 403
        assert len(stored(db)) == 2
    finally:
        server.kill()


def test_serve_refuses_an_allowed_origin_that_is_no_origin(capsys):
    assert main(["serve", "--allow-origin", "games.example.org"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --allow-origin 'games.example.org': expected scheme://host[:port]")
    assert len(err.strip().splitlines()) == 1


# ----- watching takes a link -------------------------------------------------------------------------
def test_a_table_is_watched_through_its_spectators_link_only(client, db):
    r = client.post("/api/tables", json=DFP).json()
    gid, watch = r["id"], watch_key(db, r["id"])
    assert r["spectator"] == f"/t/{gid}/watch?key={watch}" and r["replay"] == f"/replay/{gid}?key={watch}"
    seat0 = key_of(r["seats"][0]["link"])
    seen = client.get(f"/api/tables/{gid}", params={"key": watch})
    assert seen.status_code == 200 and all(h["hand"] is None for h in seen.json()["view"]["heroes"])
    assert "options" not in seen.json()["decision"]
    assert client.get(f"/api/tables/{gid}", params={"key": seat0}).json()["decision"]["options"]
    none = f"table {gid} is seen through one of its links: a seat's or the spectators' (?key=...)"
    wrong = f"this key opens neither a seat nor the spectators' view of table {gid}"
    for path in (f"/api/tables/{gid}", f"/api/tables/{gid}/about"):
        for params, error in (({}, none), ({"key": ""}, none), ({"key": "wrong"}, wrong),
                              ({"key": client.app.state.hub.admin}, wrong)):
            got = client.get(path, params=params)
            assert (got.status_code, got.json()) == (403, {"error": error}), (path, params)
        assert client.get(path, params={"key": watch}).status_code == 200
        assert client.get(path, params={"key": seat0}).status_code == 200
    assert ws_refusal(client, f"/ws/tables/{gid}") == (4403, none)
    assert ws_refusal(client, f"/ws/tables/{gid}?key=wrong") == (4403, wrong)
    with client.websocket_connect(f"ws://127.0.0.1:8000/ws/tables/{gid}?key={watch}") as ws:
        msg = ws.receive_json()
    assert msg["answer"] == seen.json() and msg["about"]["id"] == gid
    other, _ = open_table(client)  # one table's spectators' key opens no other table
    assert client.get(f"/api/tables/{other}", params={"key": watch}).status_code == 403
    assert watch != watch_key(db, other)


def test_a_tables_replay_takes_one_of_its_keys(client, db):
    gid, keys = open_table(client)
    watch, admin = watch_key(db, gid), client.app.state.hub.admin
    url = f"/api/games/{gid}/replay/0"
    for key in (watch, keys[0], keys[1], admin):
        r = client.get(url, params={"key": key})
        assert r.status_code == 200 and r.json()["ply"] == 0 and r.json()["id"] == gid
    error = (f"the replay of table {gid} needs one of its keys: the spectators', a seat's "
             "or the admin's")
    for params in ({}, {"key": "wrong"}, {"key": watch_key(db, open_table(client)[0])}):
        r = client.get(url, params=params)
        assert (r.status_code, r.json()) == (403, {"error": error}), params


def play_in_the_terminal(db, capsys) -> int:
    """A game played to its end by `multiverse play` (no table): its id."""
    assert main(["play", "dofp", "--seed", "1", "--agent", "random", "--auto", "--db", str(db)]) == 0
    capsys.readouterr()
    with GameStore(db, readonly=True) as store:
        (rec,) = store.list()
    return rec.id


def test_a_game_played_in_the_terminal_is_replayed_only_when_games_are_shared(db, capsys):
    gid = play_in_the_terminal(db, capsys)
    with TestClient(create_app(db), base_url=BASE) as client:
        for params in ({}, {"key": client.app.state.hub.admin}):
            r = client.get(f"/api/games/{gid}/replay/3", params=params)
            assert (r.status_code, r.json()) == (404, {"error": f"no game {gid} is shared here"})
        r = client.get("/api/games/99/replay/0")  # no game at all: the same answer
        assert (r.status_code, r.json()) == (404, {"error": "no game 99 is shared here"})
    with TestClient(create_app(db, share_games=True), base_url=BASE) as client:
        r = client.get(f"/api/games/{gid}/replay/3")
        assert r.status_code == 200 and r.json()["ply"] == 3 and r.json()["result"] is None
        assert client.get("/api/games/99/replay/0").json() == {"error": "no game 99"}
        table, _ = open_table(client)  # a table's replay still takes one of its keys
        assert client.get(f"/api/games/{table}/replay/0").status_code == 403


# ----- an older database -----------------------------------------------------------------------------
def without_watch_column(db) -> None:
    """The `web_tables` of a server before the spectators' secret."""
    con = sqlite3.connect(db)
    with con:
        con.execute("ALTER TABLE web_tables DROP COLUMN watch")
    con.close()


def test_an_older_database_gets_a_spectators_key_per_table(db):
    with TestClient(create_app(db), base_url=BASE) as client:
        first, keys = open_table(client)
        second, _ = open_table(client, {**DFP, "seats": ["human", "random", "random"]})
    without_watch_column(db)
    with sqlite3.connect(db) as con:
        assert "watch" not in [row[1] for row in con.execute("PRAGMA table_info(web_tables)")]
    con.close()
    with TestClient(create_app(db), base_url=BASE) as client:
        admin = client.app.state.hub.admin
        listed = {t["id"]: t for t in client.get("/api/admin/tables", params={"key": admin}).json()["tables"]}
        assert set(listed) == {first, second}
        watches = {gid: key_of(t["spectator"]) for gid, t in listed.items()}
        assert len(set(watches.values())) == 2 and all(len(k) >= 20 for k in watches.values())
        for gid, t in listed.items():
            assert t["spectator"] == f"/t/{gid}/watch?key={watches[gid]}"
            assert t["replay"] == f"/replay/{gid}?key={watches[gid]}"
            assert client.get(f"/api/tables/{gid}", params={"key": watches[gid]}).status_code == 200
            assert client.get(f"/api/games/{gid}/replay/0", params={"key": watches[gid]}).status_code == 200
        assert client.get(f"/api/tables/{first}", params={"key": keys[0]}).json()["decision"]["options"]
    with TestClient(create_app(db), base_url=BASE) as client:  # kept: the same links after a restart
        assert {gid: watch_key(db, gid) for gid in watches} == watches
        assert client.get(f"/api/tables/{first}/about", params={"key": watches[first]}).status_code == 200


# ----- the pages ---------------------------------------------------------------------------------------
@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason=NO_CHROMIUM)
def test_the_pages_carry_the_spectators_key_and_say_when_it_is_missing(db):
    """The lobby's spectator and replay links carry the table's secret and open their pages;
    a watch page without a key says so at once, one with a wrong key shows the server's
    refusal (closed with 4403, no reconnecting), a replay page without one the refusal."""
    server = Server(db, free_port())
    try:
        with chromium() as browser:
            page = browser.new_page()
            page.goto(server.url + "/")
            page.wait_for_selector("select[name=seat0]")
            page.select_option("#mode", "dofp")
            page.fill("#seed", "3")
            page.click("[data-testid=create-table]")
            page.wait_for_selector("[data-testid=spectator-link]")
            spectator = page.get_attribute("[data-testid=spectator-link]", "href")
            gid, watch = int(spectator.split("/")[2]), key_of(spectator)
            assert spectator == f"/t/{gid}/watch?key={watch}" and watch == watch_key(db, gid)
            assert page.get_attribute("[data-testid=replay-link]", "href") == f"/replay/{gid}?key={watch}"

            page.goto(server.url + spectator)
            page.wait_for_selector("[data-testid=board] [data-testid=location]")
            assert page.locator("[data-testid=hand]").count() == 0
            assert page.locator("[data-testid=hint]").count() == 0  # a spectator: no tools
            page.goto(f"{server.url}/t/{gid}/watch")
            page.wait_for_selector("#connection >> text=This page needs its link's key")
            assert page.locator("[data-testid=board] [data-testid=location]").count() == 0
            page.goto(f"{server.url}/t/{gid}/watch?key=wrong")
            wrong = f"this key opens neither a seat nor the spectators' view of table {gid}"
            page.wait_for_selector(f"#connection >> text={wrong}")

            page.goto(f"{server.url}/replay/{gid}?key={watch}")
            page.wait_for_selector("[data-testid=board] [data-testid=location]")
            assert page.inner_text("[data-testid=replay-where]").startswith("decision 0 of ")
            page.goto(f"{server.url}/replay/{gid}")
            page.wait_for_selector(f"#status >> text=the replay of table {gid} needs one of its keys")
            assert page.locator("[data-testid=board] [data-testid=location]").count() == 0
    finally:
        server.kill()
