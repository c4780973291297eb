"""The limits a host sets on `multiverse serve` (issue 22): tables open at once, an agent
seat's search budget, replays computed at once (cached, in worker threads), and finished
tables that leave memory while staying in the store."""

from __future__ import annotations

import threading
import time

import pytest
from fastapi.testclient import TestClient
from web_support import DFP, Server, free_port, open_table, wait_for, watch_key

from multiverse import modes
from multiverse.agents import AGENTS
from multiverse.cli.main import main
from multiverse.store.games import GameStore
from multiverse.store.replay import GameStart
from multiverse.web import replays
from multiverse.web.app import create_app
from multiverse.web.hub import replay_step

AGENTS_ONLY = {**DFP, "seats": ["random", "random", "random"]}


def refused(r, status: int) -> str:
    assert r.status_code == status, (r.status_code, r.text)
    error = r.json()["error"]
    assert error and "\n" not in error
    return error


def games_in(db) -> int:
    with GameStore(db, readonly=True) as store:
        return len(store.list())


def until(done, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def app(db, **limits):
    """The server's app for the test client (its host `testserver`), serving the games
    played outside a table too (`--share-games`: `stored_random_game`'s)."""
    return create_app(db, allow_hosts=["testserver"], share_games=True, **limits)


def look(client, db, gid: int, path: str = ""):
    """`GET /api/tables/ID{path}` through the table's spectators' link."""
    return client.get(f"/api/tables/{gid}{path}", params={"key": watch_key(db, gid)})


def look_replay(client, db, gid: int, ply: int):
    """A table's replay at `ply`, through its spectators' link."""
    return client.get(f"/api/games/{gid}/replay/{ply}", params={"key": watch_key(db, gid)})


def hub_of(client):
    return client.app.state.hub


def stored_random_game(db, mode: str = "dofp", seed: int = 3) -> int:
    """A whole game played by random agents, narrated and stored as the server stores one."""
    m = modes.get(mode)
    config = m.make_config("3" if mode == "dofp" else None, {}, False, {})
    s = GameStart(config, seed).state(log=True)
    agent = AGENTS["random"](seed)
    moves = []
    while (d := s.decision()) is not None:
        c = agent.choose(d, s)
        s.apply(c)
        moves.append((c, s.state_hash()))
    with GameStore(db) as store:
        gid = store.create(mode=m.name, config=config.model_dump(mode="json"), seed=seed,
                           seats=["random"] * m.n_seats(config),
                           start_hash=GameStart(config, seed).state(log=False).state_hash())
        store.add_moves(gid, 1, moves)
        store.finish(gid, result=s.result, reason=s.reason, rounds=s.round, final_hash=s.state_hash())
    return gid


def reference(db, gid: int, ply: int) -> dict:
    """Today's answer: the game replayed from its start."""
    with GameStore(db, readonly=True) as store:
        return replay_step(store, gid, ply)


# ----- 1. tables open at once ---------------------------------------------------------------
def test_a_table_past_the_limit_is_refused_and_nothing_is_stored_finished_ones_do_not_count(db):
    with TestClient(app(db, max_tables=1)) as client:
        done, _ = open_table(client, AGENTS_ONLY)
        assert wait_for(lambda: look(client, db, done).json(), None)["result"]
        open_table(client)  # the finished one does not count
        error = refused(client.post("/api/tables", json=DFP), 503)
        assert error == "this server has 1 table open, its limit; open one when a game is over"
        assert games_in(db) == 2


# ----- 2. an agent seat's search budget -------------------------------------------------------
def test_a_seat_searching_past_the_limit_is_refused_and_a_plain_ismcts_takes_the_limit(db):
    with TestClient(app(db, max_iterations=50)) as client:
        r = client.post("/api/tables", json={**DFP, "seats": ["human", "ismcts(iterations=51)", "human"]})
        assert refused(r, 400) == ("seats: 'ismcts(iterations=51)': the only agent parameter is "
                                   "ismcts(iterations=N), N from 1 to 50 (this server's limit)")
        assert games_in(db) == 0
        gid, _ = open_table(client, {**DFP, "seats": ["human", "ismcts", "ismcts(iterations=50)"]})
        players = [s["player"] for s in look(client, db, gid, "/about").json()["seats"]]
        assert players == ["human", "ismcts(iterations=50)", "ismcts(iterations=50)"]
    with TestClient(app(db)) as client:  # the default limit: ismcts's own default, 200
        gid, _ = open_table(client, {**DFP, "seats": ["human", "ismcts", "human"]})
        assert look(client, db, gid, "/about").json()["seats"][1]["player"] == "ismcts(iterations=200)"


def test_a_resumed_table_searching_past_the_limit_plays_with_it_and_says_so(db, capsys):
    with TestClient(app(db)) as client:
        gid, _ = open_table(client, {**DFP, "seats": ["human", "ismcts(iterations=3000)", "human"]})
    capsys.readouterr()
    with TestClient(app(db, max_iterations=100)) as client:
        seats = look(client, db, gid, "/about").json()["seats"]
        assert seats[1]["player"] == "ismcts(iterations=100)"
    err = capsys.readouterr().err
    assert f"warning: table {gid}: seat 1 (ismcts(iterations=3000)) searches 100 iterations, " \
           "this server's limit\n" in err
    with GameStore(db, readonly=True) as store:
        assert store.get(gid).seats[1] == "ismcts(iterations=3000)"  # the store keeps what was asked


def test_the_hint_searches_at_most_the_limit(db, monkeypatch):
    import multiverse.agents

    asked = []

    def fake_hint(state, k, iterations, time_limit, seed):
        asked.append(iterations)
        return []

    monkeypatch.setattr(multiverse.agents, "hint", fake_hint)
    for limit, want in ((40, 40), (5000, 300)):
        with TestClient(app(db, max_iterations=limit)) as client:
            gid, keys = open_table(client)
            assert client.post(f"/api/tables/{gid}/hint", json={"key": keys[0]}).status_code == 200
        assert asked[-1] == want


# ----- 3. replays: cached, in worker threads, at most N at once -------------------------------
@pytest.mark.parametrize("mode", ["dofp", "sentinels", pytest.param("oblivaeon", marks=pytest.mark.slow)])
def test_the_cached_replay_answers_as_a_replay_from_the_start_at_every_ply(db, mode):
    gid = stored_random_game(db, mode)
    with TestClient(app(db)) as client:
        n = client.get(f"/api/games/{gid}/replay/0").json()["plies"]
        assert n > 20
        order = [*range(n + 1), *range(n, -1, -1), 7, 3, n, 0, 19, 18, n + 5]
        for ply in order:
            got = client.get(f"/api/games/{gid}/replay/{ply}")
            assert got.status_code == 200
            assert got.json() == reference(db, gid, ply), ply


def test_stepping_one_decision_at_a_time_costs_one_apply_per_step(db):
    gid = stored_random_game(db)
    with TestClient(app(db)) as client:
        cache = client.app.state.hub.replays
        n = client.get(f"/api/games/{gid}/replay/0").json()["plies"]
        for ply in range(1, n + 1):  # forward, the first time: each decision checked once
            before = cache.applies
            client.get(f"/api/games/{gid}/replay/{ply}")
            assert cache.applies - before == 1
        client.get(f"/api/games/{gid}/replay/5")
        for ply in range(6, n + 1):  # forward again: one apply a step (none at a checkpoint)
            before = cache.applies
            client.get(f"/api/games/{gid}/replay/{ply}")
            assert cache.applies - before == (0 if ply % replays.EVERY == 0 or ply == n else 1), ply


def test_a_tampered_hash_is_still_refused_after_the_game_was_cached(db):
    gid = stored_random_game(db)
    with TestClient(app(db)) as client:
        n = client.get(f"/api/games/{gid}/replay/0").json()["plies"]
        for ply in range(n + 1):
            assert client.get(f"/api/games/{gid}/replay/{ply}").status_code == 200
        with GameStore(db) as store:
            store.set_hash(gid, 10, "0" * 32)
        assert client.get(f"/api/games/{gid}/replay/9").json() == reference(db, gid, 9)
        error = refused(client.get(f"/api/games/{gid}/replay/10"), 409)
        with GameStore(db, readonly=True) as store, pytest.raises(Exception) as ref:
            replay_step(store, gid, 10)
        assert error == str(ref.value)
        assert error.startswith(f"game {gid} no longer replays as stored: decision 10 (choice ")
        assert refused(client.get(f"/api/games/{gid}/replay/{n}"), 409) == error


def test_replays_past_the_limit_are_refused_for_a_moment_and_never_block_the_server(db, monkeypatch):
    gid = stored_random_game(db)
    release = threading.Event()
    real = replays.ReplayCache.position

    def slow(self, rec, ply):
        release.wait(60)
        return real(self, rec, ply)

    monkeypatch.setattr(replays.ReplayCache, "position", slow)
    with TestClient(app(db, max_replays=2)) as client:
        table, _ = open_table(client)
        answers: list = []
        threads = [threading.Thread(target=lambda p=p: answers.append(client.get(f"/api/games/{gid}/replay/{p}")))
                   for p in (3, 4)]
        for t in threads:
            t.start()
        until(lambda: hub_of(client).replaying == 2)
        r = client.get(f"/api/games/{gid}/replay/5")
        assert refused(r, 503) == "this server is replaying 2 games at once, its limit; retry in 1 s"
        assert r.headers["retry-after"] == "1"
        assert look(client, db, table).status_code == 200  # the event loop answers
        release.set()
        for t in threads:
            t.join(60)
        assert sorted(a.json()["ply"] for a in answers) == [3, 4]
        assert client.get(f"/api/games/{gid}/replay/5").json() == reference(db, gid, 5)


# ----- 4. finished tables leave memory ----------------------------------------------------------
def test_finished_tables_leave_memory_and_answer_as_before_from_the_store(db):
    with TestClient(app(db, max_finished=3)) as client:
        hub = hub_of(client)
        first, _ = open_table(client, {**DFP, "seats": ["random", "random", "random"], "seed": 5})
        with client.websocket_connect(f"/ws/tables/{first}?key={watch_key(db, first)}") as ws:
            while ws.receive_json()["answer"]["result"] is None:
                pass
            assert hub.tables[first].state.result is not None  # watched: it stays
            before = {"get": look(client, db, first).json(),
                      "about": look(client, db, first, "/about").json()}
            plies = before["about"]["decisions"]
            before["replay"] = [look_replay(client, db, first, p).json() for p in range(plies + 1)]
        until(lambda: first not in hub.tables)  # no one watches it: it left `tables`
        assert first in hub.finished
        ids = [open_table(client, {**AGENTS_ONLY, "seed": i})[0] for i in range(8)]
        for gid in ids:
            assert wait_for(lambda gid=gid: look(client, db, gid).json(), None)["result"]
        assert not any(t.state.result is not None for t in hub.tables.values())
        assert len(hub.finished) <= 3 and first not in hub.finished and first not in hub.tables
        assert look(client, db, first).json() == before["get"]  # read again from the store
        assert look(client, db, first, "/about").json() == before["about"]
        assert [look_replay(client, db, first, p).json() for p in range(plies + 1)] == before["replay"]
        assert len(hub.finished) <= 3 and first in hub.finished
        assert games_in(db) == 9


def test_a_finished_table_taken_back_by_an_undo_is_played_again(db):
    with TestClient(app(db)) as client:
        hub = hub_of(client)
        gid, keys = open_table(client, {"mode": "dofp", "heroes": 3, "seed": 1, "solo": True})
        url = f"/api/tables/{gid}"
        while (a := client.get(url, params={"key": keys[0]}).json())["result"] is None:
            option = a["decision"]["options"][0]["id"]
            r = client.post(f"{url}/choose", json={"key": keys[0], "decision": a["decision"]["number"],
                                                   "option": option})
            assert r.status_code == 200
        assert gid not in hub.tables and gid in hub.finished  # over, and no one watches it
        assert client.post(f"{url}/undo", json={"key": keys[0]}).json()["undone"] >= 1
        assert gid in hub.tables and gid not in hub.finished
        listed = client.get("/api/admin/tables", params={"key": hub.admin}).json()["tables"]
        assert [t["id"] for t in listed] == [gid]


# ----- the command's flags ----------------------------------------------------------------------
def test_serve_takes_the_limits_as_flags(db):
    import httpx

    server = Server(db, free_port(), "--max-tables", "1", "--max-iterations", "30", "--max-replays", "2",
                    "--max-finished", "5")
    try:
        r = httpx.post(server.url + "/api/tables", json={**DFP, "seats": ["human", "ismcts(iterations=31)", "human"]})
        assert refused(r, 400).endswith("N from 1 to 30 (this server's limit)")
        assert httpx.post(server.url + "/api/tables", json=DFP).status_code == 200
        assert refused(httpx.post(server.url + "/api/tables", json=DFP), 503).startswith(
            "this server has 1 table open, its limit")
    finally:
        server.kill()


@pytest.mark.parametrize("flag", ["--max-tables", "--max-iterations", "--max-replays"])
def test_a_limit_below_one_is_refused(flag, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["serve", flag, "0"])
    assert exit_.value.code == 2 and capsys.readouterr().err.startswith("error: ")


def test_a_strong_seat_searches_at_most_the_limit(db, monkeypatch, capsys):
    monkeypatch.setattr(type(modes.get("dofp")), "strong_search", {"iterations": 400, "turns": 1})
    with TestClient(app(db, max_iterations=50)) as client:
        gid, _ = open_table(client, {**DFP, "seats": ["human", "strong", "human"]})
        assert look(client, db, gid, "/about").json()["seats"][1]["player"] == "strong(iterations=50)"
    assert "seat 1 (strong) searches 50 iterations, this server's limit" in capsys.readouterr().err
    with TestClient(app(db, max_iterations=500)) as client:
        gid, _ = open_table(client, {**DFP, "seats": ["human", "strong", "human"]})
        assert look(client, db, gid, "/about").json()["seats"][1]["player"] == "strong"
