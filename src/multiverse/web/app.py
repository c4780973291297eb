"""The FastAPI application of `multiverse serve`: the JSON API, the WebSocket of live
updates, and the pages (lobby, table, replay) as static files.

    POST /api/tables                 open a table   → {"id", "seats", "spectator", "replay"}
    GET  /api/tables/ID?key=KEY      a seat's answer (the spectators' key: a spectator's)
                                                             → {"view", "decision", "result"}
    POST /api/tables/ID/choose       {"key", "decision", "option"} → the same answer, after the move
                                     (409 when `decision` is not the pending one's number)
    GET  /api/tables/ID/about?key=K  mode, seats, decisions  (any key of the table)
    GET  /api/games/ID/replay/PLY?key=K  a stored game at a decision, as a spectator sees it
                                     (a table's: any of its keys or the admin's; see access.py;
                                     503 with Retry-After past the server's --max-replays)
    GET  /api/admin/tables?key=ADMIN the open tables with their seat links (403 without)
    WS   /ws/tables/ID?key=KEY       the seat's answer and new narration at every move

Seeing a table needs one of its keys (access.py); a foreign `Host` or `Origin` is refused
before any route (guard.py).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterable
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

from fastapi import Body, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, StrictInt

from multiverse import modes
from multiverse.agents import AGENTS
from multiverse.agents.seats import HUMAN
from multiverse.store.games import GameStore, StoreError
from multiverse.web import access
from multiverse.web.guard import Allowed, Guard
from multiverse.web.hub import MAX_FINISHED, MAX_ITERATIONS, MAX_REPLAYS, MAX_TABLES, Busy, Hub, Refused, Table
from multiverse.web.options import mode_words

STATIC = Path(str(resources.files("multiverse.web") / "static"))
MAX_ID = 2**63 - 1  # SQLite's largest integer: no table or game has a larger id
Id = Annotated[int, PathParam(ge=0, le=MAX_ID)]


class Key(BaseModel):
    key: str | None = None


class Choice(BaseModel):
    """A seat's choice; `decision` is the number of the decision it answers (the decisions
    made before it: the answer's `decision.number`), so a repeated click is refused."""

    key: str | None = None
    decision: StrictInt
    option: str


def _error(message: str, status: int) -> JSONResponse:
    """A refusal's answer: `{"error": ONE LINE}`; text a request sent that UTF-8 cannot hold
    (a lone surrogate, `"\\ud800"`) is written escaped rather than failing the answer."""
    line = message.strip().splitlines()[0] if message.strip() else "refused"
    return JSONResponse({"error": line.encode("utf-8", "backslashreplace").decode("utf-8")},
                        status_code=status)


def _reason(message: str) -> str:
    """A WebSocket close reason: one line of at most 123 bytes of UTF-8 (the protocol's
    limit), cut at a character."""
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line.encode("utf-8", "backslashreplace")[:123].decode("utf-8", "ignore")


def _invalid(exc: RequestValidationError) -> JSONResponse:
    """A request FastAPI cannot read, in one line: an id out of range is no table (404),
    anything else a 400 naming the first field wrong (never echoing the input, which may be
    NaN and not JSON at all)."""
    errors = exc.errors()
    first = errors[0] if errors else {}
    where = [str(x) for x in first.get("loc", ())]
    if where[:1] == ["path"]:
        given = str(first.get("input", ""))[:40]
        return _error(f"no table or game {given}: an id is a whole number from 0 to {MAX_ID}", 404)
    field = ".".join(where[1:]) or "body"
    message = str(first.get("msg", "invalid")).splitlines()[0] if first else "invalid"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return _error(f"{field}: {message}{more}", 400)


def create_app(db: Path | str | None = None, agent_delay: float = 0.0, host: str = "127.0.0.1",
               allow_origins: Iterable[str] = (), allow_hosts: Iterable[str] = (),
               share_games: bool = False, *, max_tables: int = MAX_TABLES,
               max_iterations: int = MAX_ITERATIONS, max_replays: int = MAX_REPLAYS,
               max_finished: int = MAX_FINISHED) -> FastAPI:
    """The application serving the games database `db` (None: the default database),
    listening on `host`: requests naming another host than its own (or `allow_hosts`,
    the hosts of `allow_origins`), and state changes or WebSockets from another origin
    than its own (or `allow_origins`), are refused (guard.py; `BadOrigin` for an allowed
    origin that is no origin). `share_games`: replay the games that are no table (played
    in the terminal) without a key. The host's limits: `Hub`."""
    allowed = Allowed.of(host, allow_origins, allow_hosts)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # opened on the event loop's thread; a damaged schema does not stop the server
        hub = Hub(GameStore(db, damaged_ok=True), agent_delay, max_tables=max_tables,
                  max_iterations=max_iterations, max_replays=max_replays, max_finished=max_finished)
        app.state.hub = hub
        hub.resume_all()
        try:
            yield
        finally:
            await hub.close()

    app = FastAPI(title="multiverse", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(Guard, allowed=allowed)

    @app.exception_handler(Refused)
    async def refused(_request: Request, exc: Refused) -> JSONResponse:
        answer = _error(str(exc), exc.status)
        if isinstance(exc, Busy):
            answer.headers["Retry-After"] = str(exc.retry_after)
        return answer

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return _invalid(exc)

    @app.exception_handler(StoreError)
    async def store_error(_request: Request, exc: StoreError) -> JSONResponse:
        """The database refused (a full disk, a read-only file): the server cannot serve this
        now, nothing moved, and the same request may succeed once the store takes writes."""
        return _error(str(exc), 503)

    def hub_of(request: Request | WebSocket) -> Hub:
        return request.app.state.hub

    def seat_for(table: Table, key: str | None) -> int | None:
        """The seat of a key (None for the spectators' key); no key, a wrong key: 403."""
        return access.seat_for(table, key)

    # ----- the JSON API ------------------------------------------------------------------
    @app.get("/api/modes")
    async def list_modes() -> dict[str, Any]:
        """What the lobby offers: every registered mode with its heroes and options."""
        return {"agents": [HUMAN, *AGENTS],
                "modes": [mode_words(m) for m in modes.all_modes()]}

    @app.post("/api/tables")
    async def open_table(request: Request, body: dict[str, Any] = Body(...)) -> dict[str, Any]:  # noqa: B008
        table = hub_of(request).create(body)
        gid = table.game_id
        return {"id": gid, "seats": table.links(), "spectator": table.spectator_link(),
                "replay": table.replay_link()}

    @app.get("/api/tables/{gid}")
    async def get_table(request: Request, gid: Id, key: str | None = None) -> dict[str, Any]:
        table = hub_of(request).table(gid)
        return table.answer(seat_for(table, key))

    @app.get("/api/tables/{gid}/about")
    async def about_table(request: Request, gid: Id, key: str | None = None) -> dict[str, Any]:
        table = hub_of(request).table(gid)
        seat_for(table, key)
        return table.about()

    @app.post("/api/tables/{gid}/choose")
    async def choose(request: Request, gid: Id, choice: Choice) -> dict[str, Any]:
        hub = hub_of(request)
        table = hub.table(gid)
        hub.choose(table, choice.key, choice.option, choice.decision)  # stored before the answer
        return table.answer(table.seat_of(choice.key))

    @app.post("/api/tables/{gid}/hint")
    async def hint(request: Request, gid: Id, body: Key) -> dict[str, Any]:
        hub = hub_of(request)
        return await hub.hint(hub.table(gid), body.key)

    @app.post("/api/tables/{gid}/undo")
    async def undo(request: Request, gid: Id, body: Key) -> dict[str, Any]:
        hub = hub_of(request)
        return hub.vote_undo(hub.table(gid), body.key)

    @app.get("/api/games/{gid}/replay/{ply}")
    async def replay(request: Request, gid: Id, ply: int, key: str | None = None) -> dict[str, Any]:
        hub = hub_of(request)
        access.check_replay(hub.keys, hub.admin, gid, key, share_games)
        return await hub.replay(gid, ply)

    @app.get("/api/admin/tables")
    async def admin_tables(request: Request, key: str | None = None) -> dict[str, Any]:
        return {"tables": hub_of(request).open_tables(key)}

    # ----- live updates ------------------------------------------------------------------
    @app.websocket("/ws/tables/{gid}")
    async def live(websocket: WebSocket, gid: Id, key: str | None = None) -> None:
        """The seat's answer (a spectator's for the spectators' key) now and after every
        move, with the narration lines not sent yet; no key or a wrong key closes the
        socket (code 4403)."""
        hub = hub_of(websocket)
        try:
            table = hub.table(gid)
            seat = seat_for(table, key)
        except Refused as exc:  # accepted, then closed: a browser sees the code and the reason
            await websocket.accept()
            await websocket.close(code=4000 + exc.status, reason=_reason(str(exc)))
            return
        except StoreError as exc:  # the database failed: a one-line reason, no traceback
            await websocket.close(code=1011, reason=_reason(str(exc)))
            return
        await websocket.accept()
        sent, version, epoch = 0, -1, table.epoch
        closed = asyncio.ensure_future(_drain(websocket))
        hub.watch(table)
        try:
            while not closed.done():
                version = table.version
                if table.epoch != epoch:  # the narration was rewritten (an undo): anew
                    sent, epoch = 0, table.epoch
                lines = table.log[sent:]
                sent += len(lines)
                await websocket.send_json({"about": table.about(), "answer": table.answer(seat),
                                           "log": {"from": sent - len(lines), "lines": lines}})
                change = asyncio.ensure_future(hub.wait_change(table, version))
                await asyncio.wait([change, closed], return_when=asyncio.FIRST_COMPLETED)
                change.cancel()
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            closed.cancel()
            hub.unwatch(table)

    # ----- the pages ---------------------------------------------------------------------
    @app.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "lobby.html")

    @app.get("/t/{gid}/seat/{seat}")
    async def seat_page(gid: Id, seat: int) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/t/{gid}/watch")
    async def watch_page(gid: Id) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/admin")
    async def admin_page(request: Request, key: str | None = None) -> FileResponse:
        """The open tables, for the holder of the admin link only."""
        hub_of(request).check_admin(key)
        return FileResponse(STATIC / "admin.html")

    @app.get("/favicon.ico")
    async def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/replay/{gid}")
    async def replay_page(gid: Id) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    return app


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it goes."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.receive_text()
