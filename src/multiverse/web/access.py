"""Who may see a table or a stored game (issue 22): table ids are sequential, so seeing one
takes one of its secrets, never its id alone.

- A table (its answer, its facts, its WebSocket): a seat's key shows that seat, the
  spectators' key (`watch`) a spectator's view; no key or another key is refused (403).
- A replay of a table: its spectators' key, any of its seats' keys or the server's admin
  key. A game that is no table (played in the terminal, `multiverse play`) is replayed
  only when the server shares them (`serve --share-games`), and then without a key.
"""

from __future__ import annotations

from multiverse.store.games import DamagedGame
from multiverse.web.hub import Refused, Table
from multiverse.web.tables import TableKeys, same_secret


def seat_for(table: Table, key: str | None) -> int | None:
    """The seat a key opens, None for the spectators' key; `Refused(403)` for no key or a
    key of neither."""
    gid = table.game_id
    if not key:
        raise Refused(403, f"table {gid} is seen through one of its links: a seat's or the "
                           "spectators' (?key=...)")
    seat = table.seat_of(key)
    if seat is not None:
        return seat
    if table.watch and same_secret(key, table.watch):
        return None
    raise Refused(403, f"this key opens neither a seat nor the spectators' view of table {gid}")


def check_replay(keys: TableKeys, admin: str, gid: int, key: str | None, share_games: bool) -> None:
    """`Refused` unless game `gid` may be replayed with `key`: 403 for a table without one
    of its keys (or the admin's), 404 for a game that is no table when games are not
    shared (whether or not it exists), 409 for a table whose stored keys are damaged."""
    watch = keys.watch(gid)
    if watch is None:
        if not share_games:
            raise Refused(404, f"no game {gid} is shared here")
        return
    if key and (same_secret(key, watch) or same_secret(key, admin)):
        return
    try:
        seats = keys.get(gid) or []
    except DamagedGame as exc:
        raise Refused(409, f"table {gid} is damaged: {exc.problem}") from None
    if key and isinstance(seats, list) and any(isinstance(k, str) and same_secret(key, k) for k in seats):
        return
    raise Refused(403, f"the replay of table {gid} needs one of its keys: the spectators', a "
                       "seat's or the admin's")
