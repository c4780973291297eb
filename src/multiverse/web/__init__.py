"""The browser table (`multiverse serve`): a lobby, a page per seat and for spectators, a
replay viewer, and the JSON API behind them (`docs/web.md`).

The server moves decisions and views; each mode draws its own board from its view
(DESIGN 9: the server knows no game). Every decision is committed to the games database
before it is answered, and a restarted server resumes every unfinished table.
"""
