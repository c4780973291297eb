"""The tables a server is playing: each a stored game, its seats' keys, its live state and
its narration; agents move by themselves in a background task per table.

Everything runs on the server's event loop (one thread: the store's SQLite connection is
used only there); only a slow agent's search, a hint and a replay's computation run in
worker threads, on clones.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import secrets
import sqlite3
import sys
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from multiverse import modes
from multiverse.agents import AGENTS, agent_seed, decision_seed
from multiverse.agents.seats import DEFAULT_ITERATIONS, HUMAN, make_seat_agent, parse_seat, seat_spec
from multiverse.engine.errors import ConfigError, IllegalChoice, MultiverseError
from multiverse.modes.base import Mode
from multiverse.store.games import (
    MAX_SEED,
    DamagedGame,
    GameConflict,
    GameInUse,
    GameLock,
    GameRecord,
    GameStore,
    StoreError,
)
from multiverse.store.replay import GameStart, verify
from multiverse.web.replays import ReplayCache, ReplayFault
from multiverse.web.tables import TableKeys, new_key, same_secret

SPECTATOR = -1  # the seat whose view a spectator gets: no hero's hand is theirs
SLOW_AGENTS = ("ismcts", "strong")  # searched in a worker thread, so the server keeps answering
MAX_ITERATIONS = 5000  # the most a request may give the search agent of a seat
HINT_ITERATIONS = 300  # the hint's search budget: fixed, so the same state gives the same hint
RETRY_FIRST, RETRY_MOST = 0.1, 5.0  # an agent's failed write is tried again after these seconds
MAX_TABLES = 100  # unfinished tables a server plays at once (`serve --max-tables`)
MAX_REPLAYS = 4  # replay computations at once (`serve --max-replays`)
MAX_FINISHED = 32  # finished tables kept in memory, the last asked for (`serve --max-finished`)
RETRY_AFTER = 1  # seconds a client refused for a busy server is told to wait


class Refused(Exception):
    """A request the server refuses: `status` is the HTTP status, the message says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class Busy(Refused):
    """A 503 for a server at one of its limits for a moment: the answer says when to retry."""

    def __init__(self, message: str, retry_after: int = RETRY_AFTER) -> None:
        super().__init__(503, message)
        self.retry_after = retry_after


@dataclass
class Table:
    """One table: a stored game being played (or over) and what the pages need of it."""

    game_id: int
    start: GameStart
    state: Any
    choices: list[str]
    seats: list[str]
    keys: list[str | None]
    log: list[str]
    lock: GameLock | None = None
    version: int = 0
    epoch: int = 0  # moves on when the narration is rewritten (an undo): pages start it anew
    votes: dict[int, int] = field(default_factory=dict)  # seat → decisions when it asked to undo
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task | None = None
    watch: str = ""  # the spectators' secret: the key of the watch page and of the replay
    watchers: int = 0  # WebSockets open on the table: a finished table stays while watched

    @property
    def mode(self) -> Mode:
        return modes.of_state(self.state)

    def seat_of(self, key: str | None) -> int | None:
        """The seat a key opens, else None."""
        if not key:
            return None
        for seat, k in enumerate(self.keys):
            if k is not None and same_secret(key, k):
                return seat
        return None

    def answer(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None: a spectator) is shown: its view, the pending decision (with
        its options and its number, which a choice names, only for the deciding seat) and
        the result. Only the state goes in, so the same state always gives the same answer."""
        s = self.state
        view = self.mode.view(s, SPECTATOR if seat is None else seat)
        d = s.decision()
        decision: dict[str, Any] | None = None
        if d is not None:
            decision = {"seat": d.seat, "prompt": d.prompt}
            if seat is not None and d.seat == seat:
                decision["number"] = len(self.choices)
                decision["options"] = [{"id": o.id, "label": o.label} for o in d.options]
        return {"view": view, "decision": decision, "result": s.result}

    def about(self) -> dict[str, Any]:
        """The table's public facts for its page: mode, seats (who plays each), decisions."""
        mode = self.mode
        return {"id": self.game_id, "mode": mode.name, "seed": self.start.seed,
                "seats": [{"seat": i, "name": mode.seat_name(self.state, i), "player": spec}
                          for i, spec in enumerate(self.seats)],
                "decisions": len(self.choices),
                "undo": {"votes": self.undo_votes(), "needed": self.humans()}}

    def links(self) -> list[dict[str, Any]]:
        """Each seat's link (None for an agent's seat) with who plays it."""
        mode, gid = self.mode, self.game_id
        return [{"seat": i, "name": mode.seat_name(self.state, i), "player": spec,
                 "link": None if key is None else f"/t/{gid}/seat/{i}?key={key}"}
                for i, (spec, key) in enumerate(zip(self.seats, self.keys, strict=True))]

    def spectator_link(self) -> str:
        return f"/t/{self.game_id}/watch?key={self.watch}"

    def replay_link(self) -> str:
        return f"/replay/{self.game_id}?key={self.watch}"

    def listing(self) -> dict[str, Any]:
        """The table as the admin list shows it: mode, heroes, decision, who is to play,
        each seat's link and the spectators'."""
        s, mode = self.state, self.mode
        d = s.decision()
        heroes = [h["name"] for h in mode.view(s, SPECTATOR).get("heroes", [])]
        return {"id": self.game_id, "mode": mode.label(self.start.config.model_dump()),
                "heroes": heroes, "decisions": len(self.choices),
                "to_play": None if d is None else {"seat": d.seat, "name": mode.seat_name(s, d.seat),
                                                   "player": self.seats[d.seat]},
                "seats": self.links(), "spectator": self.spectator_link(), "replay": self.replay_link()}

    def humans(self) -> list[int]:
        return [i for i, spec in enumerate(self.seats) if spec == HUMAN]

    def undo_votes(self) -> list[int]:
        """The seats that asked to undo at this very decision."""
        return sorted(seat for seat, n in self.votes.items() if n == len(self.choices))


class Hub:
    """The server's tables, its store and its agents' pace."""

    def __init__(self, store: GameStore, agent_delay: float = 0.0, *, max_tables: int = MAX_TABLES,
                 max_iterations: int = MAX_ITERATIONS, max_replays: int = MAX_REPLAYS,
                 max_finished: int = MAX_FINISHED) -> None:
        self.store = store
        self.keys = TableKeys(store)
        self.admin = self.keys.admin_key()
        self.agent_delay = agent_delay
        self.tables: dict[int, Table] = {}
        self.damaged: dict[int, str] = {}  # unfinished tables that cannot be played → why
        self.unusable: str | None = None  # the database cannot be played at all → why
        self.max_tables, self.max_iterations = max_tables, max_iterations
        self.max_replays, self.max_finished = max_replays, max_finished
        self.finished: OrderedDict[int, Table] = OrderedDict()  # finished, unwatched, last asked last
        self.replays = ReplayCache()
        self.replaying = 0  # replay computations running now

    def check_admin(self, key: str | None) -> None:
        """`Refused(403)` unless `key` is the server's admin secret."""
        if not same_secret(key, self.admin):
            raise Refused(403, "the list of open tables needs the server's admin link")

    def open_tables(self, key: str | None) -> list[dict[str, Any]]:
        """The tables this server is playing and that are not over, oldest first, each with
        its seat links: for the holder of the admin secret only."""
        self.check_admin(key)
        rows = {gid: t.listing() for gid, t in self.tables.items() if t.state.result is None}
        rows.update({gid: {"id": gid, "damaged": why} for gid, why in self.damaged.items()})
        return [rows[gid] for gid in sorted(rows)]

    # ----- opening and resuming ---------------------------------------------------------
    def create(self, request: dict[str, Any]) -> Table:
        """A new table from the API's request (`POST /api/tables`); `Refused(400)` names
        what is wrong, before anything is stored."""
        if self.unusable:
            raise Refused(503, self.unusable)
        req = dict(request)
        name = req.pop("mode", None) or modes.default().name
        try:
            mode = modes.get(str(name))
        except MultiverseError as exc:
            raise Refused(400, str(exc)) from None
        heroes = req.pop("heroes", None)
        seed = req.pop("seed", None)
        seats = req.pop("seats", None)
        solo = req.pop("solo", False)
        if not isinstance(solo, bool):  # issue 22: "false" (a string) is not false
            raise Refused(400, f"solo {solo!r}: expected true or false")
        if "content" in req:
            raise Refused(400, "content: the server plays its own content packs only")
        if seed is None:
            seed = secrets.randbits(32)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise Refused(400, f"seed {seed!r}: expected a whole number from 0 to {MAX_SEED}")
        try:
            config = mode.make_config(None if heroes is None else str(heroes), req, solo, {})
        except (MultiverseError, ValueError) as exc:
            raise Refused(400, str(exc).splitlines()[0]) from None
        n = mode.n_seats(config)
        if seats is None:
            seats = [HUMAN] * n
        if not isinstance(seats, list) or len(seats) != n:
            raise Refused(400, f"seats: this game has {n} seat(s); name a player for each")
        specs = [self._seat(spec) for spec in seats]
        playing = sum(1 for t in self.tables.values() if t.state.result is None)
        if playing >= self.max_tables:
            raise Refused(503, f"this server has {playing} table{'' if playing == 1 else 's'} open, "
                               "its limit; open one when a game is over")
        start = GameStart(config, seed)
        try:
            state = start.state(log=True)
        except ConfigError as exc:
            raise Refused(400, str(exc)) from None
        log = [e.text for e in state.take_events()]
        gid = self.store.create(mode=mode.name, config=config.model_dump(mode="json"), seed=seed,
                                seats=specs, start_hash=state.state_hash())
        keys = [new_key() if spec == HUMAN else None for spec in specs]
        watch = self.keys.add(gid, keys)
        table = Table(gid, start, state, [], specs, keys, log, lock=self.store.lock(gid), watch=watch)
        self.tables[gid] = table
        self._run(table)
        return table

    def _seat(self, spec: Any) -> str:
        """A seat of the request as stored: `human`, an agent's name, or
        `ismcts(iterations=N)` with N up to the server's `max_iterations` (a request sets
        no other parameter: the server's time is shared by every table); a plain `ismcts`
        searches its default budget or the server's limit, the smaller."""
        text = str(spec).strip()
        base, params = parse_seat(text)
        if base != HUMAN and base not in AGENTS:
            raise Refused(400, f"seats: unknown player {spec!r}; use human or an agent: {', '.join(AGENTS)}")
        if "(" not in text:
            if base == "ismcts":
                return seat_spec(base, min(DEFAULT_ITERATIONS, self.max_iterations))
            return base if base == HUMAN else seat_spec(base, None)
        n = params.get("iterations")
        if base != "ismcts" or set(params) != {"iterations"} or isinstance(n, bool) \
                or not isinstance(n, int) or not 1 <= n <= self.max_iterations:
            raise Refused(400, f"seats: {spec!r}: the only agent parameter is ismcts(iterations=N), "
                               f"N from 1 to {self.max_iterations} (this server's limit)")
        return seat_spec(base, n)

    def resume_all(self) -> list[int]:
        """Take up every unfinished table of the database (its agents carry on). A table
        another process holds is skipped with a warning line; one that cannot be read or no
        longer replays (a bad row, a malformed page) is also listed as damaged, with why,
        and refused (409). A database that cannot be played at all (a damaged schema, a
        lock file that cannot be opened) is one warning line: every unfinished table is
        listed damaged and a new table is refused (503)."""
        self.unusable = self._unusable()
        if self.unusable:
            print(f"warning: {self.unusable}", file=sys.stderr, flush=True)
            self.damaged = dict.fromkeys(self._unfinished_ids(), self.unusable)
            return []
        try:
            unfinished = self.keys.unfinished()
        except sqlite3.Error as exc:  # the games table itself cannot be read (a malformed page)
            self.unusable = f"{self.store.path}: cannot read its tables: {exc}"
            print(f"warning: {self.unusable}", file=sys.stderr, flush=True)
            return []
        out = []
        for gid in unfinished:
            try:
                table = self._load(gid, lock=True)
            except GameInUse as exc:
                print(f"warning: table {gid} not resumed: {exc}", file=sys.stderr)
                continue
            except (Refused, StoreError) as exc:
                reason = str(exc) if isinstance(exc, Refused) else f"table {gid} is damaged: {exc}"
                print(f"warning: table {gid} not resumed: {reason}", file=sys.stderr)
                self.damaged[gid] = reason
                continue
            self._run(table)
            out.append(gid)
        return out

    def _unusable(self) -> str | None:
        """Why no table of the database can be played (None: they can)."""
        if self.store.damage:
            return self.store.damage
        try:
            self.store.check_locks()
        except StoreError as exc:
            return str(exc)
        return None

    def _unfinished_ids(self) -> list[int]:
        """The unfinished tables, or every table when the games cannot be read."""
        try:
            return self.keys.unfinished()
        except sqlite3.Error:  # a damaged schema: which are finished cannot be told
            return [gid for (gid,) in self.store.db.execute("SELECT game_id FROM web_tables")]

    def _load(self, gid: int, lock: bool) -> Table:
        if gid in self.damaged:
            raise Refused(409, self.damaged[gid])
        try:
            keys = self.keys.get(gid)
        except DamagedGame as exc:
            raise Refused(409, f"table {gid} is damaged: {exc.problem}") from None
        if keys is None:
            raise Refused(404, f"no table {gid}")
        if self.store.damage:
            raise Refused(409, f"table {gid} is damaged: {self.store.damage}")
        held = self.store.lock(gid) if lock else None
        try:
            rec = stored_game(self.store, gid, "table")
            log: list[str] = []
            state = replayed(rec, "table", lambda _p, _o, s: log.extend(e.text for e in s.take_events()))
            check_seats(rec, keys, modes.of_state(state).n_seats(state.T.config))
        except BaseException:
            if held is not None:
                held.release()
            raise
        state.log = []
        table = Table(gid, GameStart.of(rec), state, list(rec.choices), list(rec.seats), keys, log,
                      lock=held, watch=self.keys.watch(gid) or "")
        self.tables[gid] = table
        return table

    def table(self, gid: int) -> Table:
        """A table by id: one being played (or watched), else a finished one kept in
        memory, else a finished one read from the store (and kept, `max_finished` at most)."""
        table = self.tables.get(gid)
        if table is None:
            table = self.finished.get(gid)
            if table is not None:
                self.finished.move_to_end(gid)
                return table
            table = self._load(gid, lock=False)
            self.tables.pop(gid, None)
            if table.state.result is None:  # unfinished and not ours: another server has it
                raise Refused(404, f"table {gid} is not being served here")
            self._keep_finished(table)
        return table

    # ----- finished tables leave memory (they stay in the store) -------------------------
    def watch(self, table: Table) -> None:
        """A WebSocket opens on the table: it stays in `tables` while watched."""
        table.watchers += 1
        self._serving(table)

    def unwatch(self, table: Table) -> None:
        """A WebSocket on the table closed: a finished table no one watches leaves `tables`."""
        table.watchers -= 1
        self._settle(table)

    def _serving(self, table: Table) -> None:
        """The table is being played or watched: in `tables`, not among the finished."""
        if self.finished.pop(table.game_id, None) is not None:
            self.tables[table.game_id] = table

    def _settle(self, table: Table) -> None:
        """A finished table no WebSocket watches goes from `tables` to the finished ones."""
        if table.state.result is not None and table.watchers <= 0 \
                and self.tables.get(table.game_id) is table:
            del self.tables[table.game_id]
            self._keep_finished(table)

    def _keep_finished(self, table: Table) -> None:
        """Keep a finished table among the last `max_finished` asked for; the oldest leaves
        memory (its lock, if any, released): a later request reads it again from the store."""
        self.finished[table.game_id] = table
        self.finished.move_to_end(table.game_id)
        while len(self.finished) > self.max_finished:
            _, old = self.finished.popitem(last=False)
            if old.lock is not None:
                old.lock.release()

    # ----- playing ------------------------------------------------------------------------
    def choose(self, table: Table, key: str | None, option: str, number: int) -> None:
        """A seat's choice of `option` at decision `number` (the decisions made before it):
        `Refused(403)` for a wrong, missing or other seat's key, `Refused(409)` for a
        decision already answered (a repeated click) or an option not offered; nothing
        changes on a refusal."""
        seat = table.seat_of(key)
        if seat is None:
            raise Refused(403, "this key opens no seat of this table")
        at = len(table.choices)
        if number != at:
            why = "is answered already (a repeated click?)" if number < at else "is not reached yet"
            raise Refused(409, f"decision {number} {why}: this table is at decision {at}")
        d = table.state.decision()
        if d is None:
            raise Refused(409, f"the game is over ({table.state.result})")
        if d.seat != seat:
            raise Refused(403, f"the decision is seat {d.seat}'s, not seat {seat}'s")
        if d.get(option) is None:
            raise Refused(409, f"{option!r} is not an option of this decision")
        self._apply(table, option)

    def _apply(self, table: Table, option: str) -> None:
        """Apply an option on a copy, commit it to the store, then make it the table's
        state: a choice answered is a choice stored, and a failed one changes nothing."""
        new = table.state.clone()
        new.log = []
        try:
            new.apply(option)
        except IllegalChoice as exc:
            raise Refused(409, str(exc)) from None
        ply, value = len(table.choices) + 1, new.state_hash()
        if new.result is None:
            self.store.add_move(table.game_id, ply, option, value)
        else:  # the last move and the outcome in one commit: a failed write stores neither
            self.store.add_last_move(table.game_id, ply, option, value, result=new.result,
                                     reason=new.reason or None, rounds=new.round, final_hash=value)
        table.log.extend(e.text for e in new.take_events())
        table.state = new
        table.choices.append(option)
        table.version += 1
        table.wake.set()
        asyncio.get_running_loop().create_task(self._notify(table))
        self._settle(table)

    async def _notify(self, table: Table) -> None:
        async with table.changed:
            table.changed.notify_all()

    def _run(self, table: Table) -> None:
        self._cap_budgets(table)
        self._serving(table)
        if table.state.result is None and any(spec != HUMAN for spec in table.seats):
            table.task = asyncio.get_running_loop().create_task(self._agents(table))

    async def _agents(self, table: Table) -> None:
        """Move the table's agent seats whenever the decision is theirs, until the end. A
        write the store refuses (a full disk, a read-only file) is tried again until it is
        stored (`_store_agent_move`); any other error (an engine bug, a conflicting stored
        game) stops this table's agents, saying so: the table is stored up to its last
        decision, and a restart takes it up again."""
        try:
            await self._agents_loop(table)
        except asyncio.CancelledError:
            raise
        except StoreError as exc:
            print(f"error: the agents of table {table.game_id} stopped after decision "
                  f"{len(table.choices)}: {exc}", file=sys.stderr, flush=True)
        except Exception:
            import traceback

            print(f"error: the agents of table {table.game_id} stopped after decision "
                  f"{len(table.choices)}:\n{traceback.format_exc()}", file=sys.stderr, flush=True)

    async def _agents_loop(self, table: Table) -> None:
        while (d := table.state.decision()) is not None:
            spec = table.seats[d.seat]
            if spec == HUMAN:
                table.wake.clear()
                await table.wake.wait()
                continue
            await asyncio.sleep(self.agent_delay)
            s = table.state  # read again: an undo may have come during the pause
            d = s.decision()
            if d is None or table.seats[d.seat] == HUMAN:
                continue
            spec = table.seats[d.seat]
            seed = decision_seed(agent_seed(table.start.seed, d.seat), len(table.choices))
            agent = make_seat_agent(spec, seed)
            if parse_seat(spec)[0] in SLOW_AGENTS:
                option = await asyncio.to_thread(agent.choose, d, s.clone())
            else:
                option = agent.choose(d, s)
            if table.state is s:  # nothing moved meanwhile (a move or an undo replaces it)
                await self._store_agent_move(table, s, option)

    async def _store_agent_move(self, table: Table, s: Any, option: str) -> None:
        """Apply an agent's option, trying again while the store refuses the write (after
        RETRY_FIRST seconds, doubling up to RETRY_MOST): the table is untouched until the
        move is stored; one warning line when the store starts refusing, one when it
        accepts again. A human's move or an undo meanwhile drops the option."""
        delay, refused_since = RETRY_FIRST, None
        while table.state is s:
            try:
                self._apply(table, option)
            except GameConflict:
                raise
            except StoreError as exc:
                if refused_since is None:
                    refused_since = len(table.choices)
                    print(f"warning: table {table.game_id} cannot store decision "
                          f"{refused_since + 1}: {exc}; its agents try again until the store "
                          "accepts writes", file=sys.stderr, flush=True)
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MOST)
                continue
            if refused_since is not None:
                print(f"table {table.game_id}: decision {refused_since + 1} is stored; its "
                      "agents play on", file=sys.stderr, flush=True)
            return

    def _cap_budgets(self, table: Table) -> None:
        """A stored seat searching more than this server's `max_iterations` plays with the
        limit (one warning line per table)."""
        capped = []
        for i, spec in enumerate(table.seats):
            base, params = parse_seat(spec)
            preset = table.mode.strong_search.get("iterations") if base == "strong" else DEFAULT_ITERATIONS
            n = params.get("iterations", preset)
            if base in SLOW_AGENTS and type(n) is int and n > self.max_iterations:
                params["iterations"] = self.max_iterations
                table.seats[i] = f"{base}({', '.join(f'{k}={json.dumps(v)}' for k, v in params.items())})"
                capped.append(f"seat {i} ({spec})")
        if capped:
            print(f"warning: table {table.game_id}: {', '.join(capped)} searches {self.max_iterations} "
                  "iterations, this server's limit", file=sys.stderr, flush=True)

    # ----- hint and undo ------------------------------------------------------------------
    async def hint(self, table: Table, key: str | None, iterations: int = HINT_ITERATIONS) -> dict[str, Any]:
        """The deciding seat's hint: its options ranked by a short search (ISMCTS, a fixed
        budget and the seat's seed for this decision, so the same state gives the same hint),
        from determinizations of that seat's view; run in a worker thread on a copy."""
        from multiverse.agents import hint

        seat = table.seat_of(key)
        if seat is None:
            raise Refused(403, "this key opens no seat of this table")
        s = table.state
        d = s.decision()
        if d is None or d.seat != seat:
            raise Refused(403, "a hint is for the seat whose decision it is")
        seed = decision_seed(agent_seed(table.start.seed, seat), len(table.choices))
        iterations = min(iterations, self.max_iterations)  # the server's limit caps the hint's too
        rows = await asyncio.to_thread(hint, s.clone(), 3, iterations, None, seed)
        return {"decisions": len(table.choices),
                "options": [{"id": r["id"], "label": r["label"], "win_rate": round(r["win_rate"], 3),
                             "visits": r["visits"]} for r in rows]}

    def vote_undo(self, table: Table, key: str | None) -> dict[str, Any]:
        """A human seat asks to take back the last human decision (and the agents' moves
        after it); it is taken back when every human seat has asked at the same decision.
        Exact: the game is rebuilt from its start and its choices before it."""
        seat = table.seat_of(key)
        if seat is None:
            raise Refused(403, "this key opens no seat of this table")
        at = self._last_human_decision(table)
        if at is None:
            raise Refused(409, "no decision of a human seat to take back")
        if set(table.undo_votes()) | {seat} >= set(table.humans()):
            self._hold(table)  # before anything changes: the undo writes the game
        table.votes[seat] = len(table.choices)
        votes = table.undo_votes()
        undone = 0
        if set(votes) >= set(table.humans()):
            undone = len(table.choices) - at
            self._undo(table, at)
        table.version += 1
        asyncio.get_running_loop().create_task(self._notify(table))
        return {"undone": undone, "votes": table.undo_votes(), "needed": table.humans()}

    def _last_human_decision(self, table: Table) -> int | None:
        s = table.start.state(log=False)
        at = None
        for i, c in enumerate(table.choices):
            if table.seats[s.decision().seat] == HUMAN:  # type: ignore[union-attr]
                at = i
            s.apply(c)
        return at

    def _hold(self, table: Table) -> None:
        """Make sure this server holds the table's lock before it writes the game (a
        finished table is read without it): `Refused(409)` when another process has the
        game open or changed it since it was read, `Refused(503)` when no lock can be taken."""
        if table.lock is not None and table.lock.held:
            return
        gid = table.game_id
        try:
            lock = self.store.lock(gid)
        except GameInUse as exc:
            raise Refused(409, f"table {gid} is {str(exc).split(' is ', 1)[1]}: "
                               "it cannot be changed here") from None
        except StoreError as exc:
            raise Refused(503, str(exc)) from None
        try:
            rec = stored_game(self.store, gid, "table")
        except BaseException:
            lock.release()
            raise
        if rec.choices != table.choices or rec.result != table.state.result:
            lock.release()
            self.tables.pop(gid, None)
            raise Refused(409, f"table {gid} was changed by another process: reload its page")
        table.lock = lock

    def _undo(self, table: Table, at: int) -> None:
        self.store.truncate(table.game_id, at)
        rec = stored_game(self.store, table.game_id, "table")
        log: list[str] = []
        state = replayed(rec, "table", lambda _p, _o, s: log.extend(e.text for e in s.take_events()))
        state.log = []
        was_over = table.state.result is not None
        table.state, table.choices, table.log = state, list(rec.choices), log
        table.votes.clear()
        table.epoch += 1
        table.wake.set()
        if was_over:
            self._run(table)

    async def wait_change(self, table: Table, seen: int) -> int:
        """Wait until the table has moved past version `seen`; returns the new version."""
        async with table.changed:
            await table.changed.wait_for(lambda: table.version != seen)
        return table.version

    async def close(self) -> None:
        for table in [*self.tables.values(), *self.finished.values()]:
            if table.task is not None:
                table.task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.task
            if table.lock is not None:
                table.lock.release()
        self.store.close()


    # ----- replays ------------------------------------------------------------------------
    async def replay(self, gid: int, ply: int) -> dict[str, Any]:
        """`replay_step`'s answer, from the cache of replayed positions, computed in a
        worker thread; `Busy` (503) when `max_replays` computations are running already."""
        if self.replaying >= self.max_replays:
            raise Busy(f"this server is replaying {self.replaying} games at once, its limit; "
                       f"retry in {RETRY_AFTER} s")
        rec = stored_game(self.store, gid, "game")  # the store is read on the event loop only
        ply = max(0, min(ply, len(rec.choices)))
        self.replaying += 1
        try:
            at = await asyncio.to_thread(self.replays.position, rec, ply)
        except ReplayFault as exc:
            raise Refused(409, str(exc)) from None
        finally:
            self.replaying -= 1
        return replay_answer(rec, ply, at.state, at.choice, at.log)


def replay_step(store: GameStore, gid: int, ply: int) -> dict[str, Any]:
    """A stored game at decision `ply` (0: the start), as a spectator sees it, with the
    narration up to there and the choice that led there (replayed from the start: the
    cache `Hub.replay` uses gives the same answer)."""
    rec = stored_game(store, gid, "game")
    ply = max(0, min(ply, len(rec.choices)))
    cut = dataclasses.replace(rec, choices=rec.choices[:ply], hashes=rec.hashes[:ply])
    log: list[str] = []
    last: list[str | None] = [None]

    def step(_p: int, option: Any, s: Any) -> None:
        log.extend(e.text for e in s.take_events())
        last[0] = None if option is None else option.label

    state = replayed(cut, "game", step)
    return replay_answer(rec, ply, state, last[0], log)


def replay_answer(rec: GameRecord, ply: int, state: Any, choice: str | None,
                  log: list[str]) -> dict[str, Any]:
    """The replay page's answer for stored game `rec` at decision `ply`, in `state`."""
    mode = modes.of_state(state)
    d = state.decision()
    return {"id": rec.id, "mode": mode.name, "ply": ply, "plies": len(rec.choices),
            "seats": [{"seat": i, "name": mode.seat_name(state, i), "player": p}
                      for i, p in enumerate(rec.seats)],
            "view": mode.view(state, SPECTATOR),
            "decision": None if d is None else {"seat": d.seat, "prompt": d.prompt},
            "result": state.result, "choice": choice, "log": log}


# ----- stored games that may be damaged -----------------------------------------------------
# A row written by hand, by another program or by a failing disk must not cost a traceback:
# the table (or replay) asked for is refused in one line (409, naming the fault) and the
# server serves every other table as before.

def stored_game(store: GameStore, gid: int, what: str) -> GameRecord:
    """The stored game `gid` with its moves: `Refused(404)` when there is none,
    `Refused(409)` when its row cannot be read."""
    try:
        rec = store.get(gid)
    except DamagedGame as exc:
        raise Refused(409, f"{what} {gid} is damaged: {exc.problem}") from None
    if rec is None:
        raise Refused(404, f"no {what} {gid}")
    return rec


def replayed(rec: GameRecord, what: str, on_step: Any) -> Any:
    """The state a stored game reaches, checked hash by hash (`verify`, with narration):
    `Refused(409)` when its start cannot be rebuilt (an unknown mode or hero, a config the
    mode rejects) or a stored move no longer replays."""
    try:
        state, problem = verify(rec, log=True, on_step=on_step)
    except (MultiverseError, ValueError, TypeError, LookupError, AttributeError) as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise Refused(409, f"{what} {rec.id} is damaged: its start cannot be rebuilt ({reason})") from None
    if problem:
        raise Refused(409, f"{what} {rec.id} no longer replays as stored: {problem}")
    return state


def check_seats(rec: GameRecord, keys: Any, n: int) -> None:
    """`Refused(409)` unless a table's stored seats are one player per seat of its game
    (`human` or an agent that can be made) and its keys one per seat: damaged seats would
    stop its agents, or its page, at the first decision they reach."""
    def damaged(why: str) -> Refused:
        return Refused(409, f"table {rec.id} is damaged: {why}")

    if len(rec.seats) != n:
        raise damaged(f"its game has {n} seat(s) but {len(rec.seats)} are stored")
    if not isinstance(keys, list) or len(keys) != n \
            or not all(k is None or isinstance(k, str) for k in keys):
        raise damaged("its seats' keys are not one text (or null) per seat")
    for seat, spec in enumerate(rec.seats):
        if spec == HUMAN:
            continue
        try:
            make_seat_agent(spec, 0)
        except Exception as exc:  # any fault of a stored spec is its damage
            raise damaged(f"seat {seat}: {spec!r} is not a player ({type(exc).__name__})") from None
