"""The `multiverse` command. Heavy modules are imported inside the commands, so that
`multiverse --help` starts fast."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from multiverse.cli.lab import ContentOpt, lab_app

app = typer.Typer(
    name="multiverse",
    help="Rules engine, player and simulator for cooperative superhero board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
games_app = typer.Typer(help="The games stored in the SQLite database.", no_args_is_help=True)
content_app = typer.Typer(help="Content packs: validate them, export their JSON Schema.",
                          no_args_is_help=True)
rules_app = typer.Typer(help="The rules catalogue and its test coverage.", no_args_is_help=True)
app.add_typer(games_app, name="games")
app.add_typer(content_app, name="content")
app.add_typer(rules_app, name="rules")
app.add_typer(lab_app, name="lab")

DbOption = Annotated[Path | None, typer.Option(
    "--db", help="Games database", show_default="$MULTIVERSE_DB, else games.db in the user data folder")]


class TieBreak(StrEnum):
    choose = "choose"
    clockwise = "clockwise"


class Challenge(StrEnum):
    sentinel_i = "sentinel-i"
    sentinel_ii = "sentinel-ii"
    sentinel_iii = "sentinel-iii"


class Difficulty(StrEnum):
    normal = "normal"
    moderate = "moderate"
    hard = "hard"
    heroic = "heroic"


def _consoles():
    from multiverse.cli.safe import safe_console

    # soft wrap: lines of text (narration, paths, commands to copy) are never cut by rich;
    # boards and tables are drawn with soft_wrap=False; no control character of a pack's
    # text reaches the terminal (safe_console)
    return (safe_console(highlight=False, soft_wrap=True),
            safe_console(stderr=True, highlight=False, soft_wrap=True))


def _fail(message: str, code: int = 2) -> typer.Exit:
    from rich.text import Text

    from multiverse.cli.safe import safe_console
    from multiverse.plain import one_line

    safe_console(stderr=True, highlight=False, soft_wrap=True).print(
        Text(f"error: {one_line(message)}", style="red"))
    return typer.Exit(code)


@app.command()
def play(
    mode: Annotated[str | None, typer.Argument(
        help="Game mode (`multiverse modes` lists them): dofp (Days of Future Past: the "
             "Sentinels, then Nimrod), standard (Missions against a Villain), sentinels "
             "(Sentinels of the Multiverse: heroes against a villain in an environment) or "
             "oblivaeon (OblivAeon across two battle zones)",
        show_default="dofp")] = None,
    heroes: Annotated[str | None, typer.Option(
        help="A number (the first N of logan, kitty-pryde, storm, bishop, blink; sentinels: "
             "of luminary, the-harpy, akash-thriya, la-comodora, lifeline; with --content: of "
             "the pack's heroes) or hero ids separated by commas", show_default="3")] = None,
    seed: Annotated[int | None, typer.Option(
        min=0, max=2**63 - 1, help="Seed of the game's chance",
        show_default="random, printed")] = None,
    solo: Annotated[bool, typer.Option("--solo", help="One player, three heroes (DFP-SOLO)")] = False,
    agent: Annotated[str | None, typer.Option(
        help="An agent plays every seat (random, heuristic, ismcts); the game runs to the "
             "end and you watch")] = None,
    iterations: Annotated[int | None, typer.Option(
        min=1, help="ismcts: iterations per decision", show_default="200")] = None,
    debug: Annotated[bool, typer.Option(
        "--debug", help="Show the state hash in every decision's header")] = False,
    auto: Annotated[bool, typer.Option(
        "--auto", help="Run to the end without input (every seat the random agent unless --seats/--agent)"
    )] = False,
    json_out: Annotated[bool, typer.Option(
        "--json", help="No narration; the last line printed is one JSON object with the outcome"
    )] = False,
    position: Annotated[Path | None, typer.Option(
        "--from", help="Start from a position file (YAML or JSON; see docs/examples/)",
        exists=True, dir_okay=False)] = None,
    db: DbOption = None,
    resume: Annotated[int | None, typer.Option(
        help="Continue the unfinished stored game with this id", show_default=False)] = None,
    tie_break: Annotated[TieBreak | None, typer.Option(
        help="MU-1: a Sentinel exactly opposite its target: the players choose the way, or "
             "clockwise", show_default="choose")] = None,
    seats: Annotated[str | None, typer.Option(
        help="Who plays each seat, separated by commas: human or an agent "
             "(e.g. human,random,random)")] = None,
    villain: Annotated[str | None, typer.Option(
        help="standard and sentinels: the Villain's id",
        show_default="the content's first Villain: magistrate; sentinels: warden-of-rust"
    )] = None,
    environment: Annotated[str | None, typer.Option(
        help="sentinels: the environment's id",
        show_default="the content's first environment, sunken-foundry")] = None,
    environments: Annotated[str | None, typer.Option(
        help="oblivaeon: five environment ids separated by commas; the first two enter the "
             "battle zones, the rest are set aside", show_default="five at random")] = None,
    shield: Annotated[str | None, typer.Option(
        help="oblivaeon: the Shield's name", show_default="one at random")] = None,
    scion_order: Annotated[str | None, typer.Option(
        help="oblivaeon: Scion names separated by commas, the Scion Reserve from the bottom "
             "up (the next to enter first)", show_default="shuffled")] = None,
    challenge: Annotated[Challenge | None, typer.Option(
        help="standard: add a Sentinel Challenge (DFP-C1): a Sentinel hunts the heroes after "
             "every hero turn; it cannot be hurt until the Villain is Under Pressure",
        show_default="none")] = None,
    difficulty: Annotated[Difficulty | None, typer.Option(
        help="Difficulty Challenge: moderate removes each hero deck's single-Wild card, hard "
             "its double-Wild card, heroic both", show_default="normal")] = None,
    content: ContentOpt = None,
    set_: Annotated[list[str] | None, typer.Option(
        "--set", help="Any configuration field of the mode, NAME=VALUE (repeatable; "
                      "`multiverse modes --json` lists the fields), e.g. --set track_max=18")] = None,
    under_pressure_after: Annotated[int | None, typer.Option(
        min=0, max=3, help="standard: Missions completed before the Villain is Under Pressure "
                           "(MU-15)", show_default="1")] = None,
    vulnerable_after: Annotated[int | None, typer.Option(
        min=0, max=3, help="standard: Missions completed before the Villain can be damaged "
                           "(MU-15)", show_default="2")] = None,
) -> None:
    """Play a game in the terminal: every decision is a numbered choice.

    dofp: the three Sentinels, then Nimrod (Days of Future Past).
    standard: Missions against a Villain (--villain).
    --challenge adds a Sentinel hunting the heroes; --difficulty removes Wild cards.
    sentinels: Sentinels of the Multiverse, 3 to 5 heroes against a villain (--villain)
    in an environment (--environment).
    oblivaeon: OblivAeon, his Scions and the Aeon Men across two battle zones
    (--environments, --shield, --scion-order).

    Type a number or a key (e, m3, a1 …) to choose, or ?N, card NAME, undo, board, log,
    hint, quit, help.
    Every decision is stored as it is made; `quit` keeps the game for `--resume ID`.
    With --agent (with or without --auto) the agents play every seat to the end.
    """
    from multiverse.cli.play import CliError, PlayArgs, run_play
    from multiverse.engine.errors import MultiverseError

    options = {"tie_break": tie_break.value if tie_break else None, "villain": villain,
               "challenge": challenge.value if challenge else None,
               "difficulty": difficulty.value if difficulty else None,
               "under_pressure_after": under_pressure_after,
               "vulnerable_after": vulnerable_after, "environment": environment,
               "environments": environments, "shield": shield, "scion_order": scion_order}
    args = PlayArgs(mode=mode, heroes=heroes, seed=seed, solo=solo, agent=agent, auto=auto,
                    json_out=json_out, position=position, db=db, resume=resume, seats=seats,
                    iterations=iterations, options=options, sets=set_, debug=debug,
                    content=content)
    out, err = _consoles()
    try:
        code = run_play(args, out, err)
    except (CliError, MultiverseError) as exc:
        raise _fail(str(exc)) from None
    raise typer.Exit(code)


@app.command("modes")
def modes_command(
    json_out: Annotated[bool, typer.Option("--json", help="Print the modes as JSON")] = False,
) -> None:
    """The registered game modes with their heroes and options."""
    from multiverse.cli.modes import show_modes

    raise typer.Exit(show_modes(json_out, _consoles()[0]))


@app.command()
def replay(
    game_id: Annotated[int, typer.Argument(help="Id of a stored game (see `games list`)")],
    verify: Annotated[bool, typer.Option(
        "--verify", help="Only check every stored state hash (exit 1 at the first mismatch)")
    ] = False,
    db: DbOption = None,
) -> None:
    """Re-run a stored game, printing its narration and checking every stored state hash."""
    from multiverse.cli.games import replay_game
    from multiverse.engine.errors import MultiverseError
    from multiverse.store.games import StoreError

    out, err = _consoles()
    try:
        code = replay_game(game_id, verify, db, out, err)
    except StoreError as exc:
        raise _fail(str(exc)) from None
    except MultiverseError as exc:
        raise _fail(f"game {game_id} cannot be rebuilt: {exc}", 1) from None
    raise typer.Exit(code)


@games_app.command("list")
def games_list(
    db: DbOption = None,
    limit: Annotated[int | None, typer.Option(help="Show only the newest N games")] = None,
) -> None:
    """List the stored games, newest first (opens the database read-only)."""
    from multiverse.cli.games import list_games
    from multiverse.store.games import StoreError

    try:
        code = list_games(db, _consoles()[0], limit)
    except StoreError as exc:
        raise _fail(str(exc)) from None
    raise typer.Exit(code)


@games_app.command("delete")
def games_delete(
    game_id: Annotated[int, typer.Argument(help="Id of the stored game to delete (see `games list`)")],
    db: DbOption = None,
) -> None:
    """Delete a stored game and its moves."""
    from multiverse.cli.games import delete_game
    from multiverse.store.games import StoreError

    try:
        code = delete_game(game_id, db, _consoles()[0])
    except StoreError as exc:
        raise _fail(str(exc)) from None
    raise typer.Exit(code)


class Game(StrEnum):
    united = "united"
    sentinels = "sentinels"


@content_app.command("validate")
def content_validate(
    path: Annotated[Path, typer.Argument(help="A content file or a pack folder")],
    game: Annotated[Game | None, typer.Option(
        help="Check against this game's schema", show_default="recognized by the top-level keys")
    ] = None,
    report: Annotated[bool, typer.Option(
        "--report", help="Marvel United: count, per hero, the cards whose Special Effect is "
                         "marked `unsupported` (and the Locations): what the engine does not "
                         "simulate")] = False,
) -> None:
    """Check a content pack (Marvel United or Sentinels) against its schema; print every
    problem with its file and place (exit 1 if any)."""
    from multiverse.cli.content import validate_command

    out, err = _consoles()
    raise typer.Exit(validate_command(path, game.value if game else None, out, err, report))


@content_app.command("schema")
def content_schema(
    out_file: Annotated[Path | None, typer.Option(
        "--out", help="Write the JSON Schema to this file instead of printing it")] = None,
    game: Annotated[Game, typer.Option(help="Which game's packs")] = Game.united,
) -> None:
    """The JSON Schema of content packs (for editors and external validators)."""
    import json

    from multiverse.cli.content import export_schema

    schema = export_schema(game.value)
    if out_file is None:
        print(json.dumps(schema, indent=2))
    else:
        out_file.parent.mkdir(parents=True, exist_ok=True)
        out_file.write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {out_file}")


@content_app.command("show")
def content_show(
    path: Annotated[Path | None, typer.Argument(
        help="A content file or pack folder", show_default="the default packs")] = None,
    game: Annotated[Game | None, typer.Option(
        help="Read the pack as this game's", show_default="recognized; without PATH: both")
    ] = None,
    content: ContentOpt = None,
) -> None:
    """A pack's heroes (Sentinels: HP, the Hero Complexity Chart value, power, tokens),
    villains and environments (Marvel United: heroes, Villains, Locations). The pack is
    PATH or `--content PATH` (as in `play` and `lab`)."""
    from multiverse.cli.content import show_command

    if path is not None and content is not None:
        raise _fail("give the pack once: PATH or --content PATH")
    out, err = _consoles()
    raise typer.Exit(show_command(path or content, game.value if game else None, out, err))


@rules_app.command("coverage")
def rules_coverage(
    family: Annotated[list[str] | None, typer.Option(
        "--family", help="Only rule IDs starting with this prefix (repeatable)")] = None,
) -> None:
    """Which rules of the catalogue have a test that proves them."""
    from multiverse.rules.coverage import main

    raise typer.Exit(main(list(family or [])))


@app.command()
def bench(
    json_out: Annotated[bool, typer.Option("--json", help="Print the results as JSON")] = False,
    games: Annotated[int, typer.Option(min=1, help="Random playouts to time")] = 200,
) -> None:
    """Time the engine (decisions, clones) beside a peer engine."""
    from multiverse.bench import main

    raise typer.Exit(main(json_out, games))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on")] = 8000,
    db: DbOption = None,
    agent_delay: Annotated[float, typer.Option(
        "--agent-delay", min=0.0, help="Seconds an agent waits before each of its moves")] = 0.0,
    allow_origin: Annotated[list[str] | None, typer.Option(
        "--allow-origin", help="An origin (scheme://host[:port]) whose pages may play and "
                               "watch here besides the server's own, e.g. the public address "
                               "of a reverse proxy (repeatable)")] = None,
    allow_host: Annotated[list[str] | None, typer.Option(
        "--allow-host", help="A host name requests may give besides the --host address "
                             "(a reverse proxy passing the public name; repeatable)")] = None,
    share_games: Annotated[bool, typer.Option(
        "--share-games", help="Replay the games played in the terminal to anyone (a table's "
                              "replay always needs one of its links)")] = False,
    max_tables: Annotated[int, typer.Option(
        "--max-tables", min=1, help="Unfinished tables played at once; opening one more is refused")] = 100,
    max_iterations: Annotated[int, typer.Option(
        "--max-iterations", min=1, help="The most search iterations an agent seat (and the hint) "
                                        "may use per decision")] = 5000,
    max_replays: Annotated[int, typer.Option(
        "--max-replays", min=1, help="Replay computations at once; more are refused for a moment")] = 4,
    max_finished: Annotated[int, typer.Option(
        "--max-finished", min=0, help="Finished tables kept in memory (the rest are read again "
                                      "from the database)")] = 32,
) -> None:
    """The browser table: a lobby, a page per seat, spectators, replays (extra `web`)."""
    try:
        import uvicorn

        from multiverse.web.app import create_app
    except ImportError as exc:
        raise _fail(f"serve needs the web extra ({exc.name} is missing): "
                    "pip install 'multiverse[web]'") from None
    from multiverse.store.games import GameStore, StoreError
    from multiverse.web.guard import BadOrigin
    from multiverse.web.tables import TableKeys

    try:
        web = create_app(db, agent_delay, host=host, allow_origins=allow_origin or (),
                         allow_hosts=allow_host or (), share_games=share_games,
                         max_tables=max_tables, max_iterations=max_iterations,
                         max_replays=max_replays, max_finished=max_finished)
    except BadOrigin as exc:
        raise _fail(str(exc)) from None
    try:  # a database that cannot be used is one error line, at once; a damaged schema is
        # the server's one warning line at start-up, its tables listed damaged
        with GameStore(db, damaged_ok=True) as store:
            admin = TableKeys(store).admin_key()  # made once, kept in the database
    except StoreError as exc:
        raise _fail(str(exc)) from None
    print(f"Serving the tables of {db or 'the default database'} on http://{host}:{port}/", flush=True)
    print(f"Admin link (the open tables and their seat links; keep it to yourself): "
          f"http://{host}:{port}/admin?key={admin}", flush=True)
    uvicorn.run(web, host=host, port=port, log_level="warning")


def main(argv: list[str] | None = None) -> int:
    """The `multiverse` command: typer's own usage errors (an unknown option, a bad value)
    print as one `error: …` line with exit 2, like every other bad input."""
    from typer.exceptions import TyperException

    try:
        code = app(args=argv, standalone_mode=False)
    except TyperException as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError":  # a bare group: its help
            print(exc.format_message())
            return 0
        hint = f" (see `{ctx.command_path} --help`)" if ctx is not None else ""
        raise SystemExit(_exit_code(_fail(f"{exc.format_message()}{hint}"))) from None
    except typer.Abort:
        return 130
    except typer.Exit as exc:
        return exc.exit_code
    return code if isinstance(code, int) else 0


def _exit_code(exit_: typer.Exit) -> int:
    return exit_.exit_code


def run() -> None:  # the console script
    raise SystemExit(main())


if __name__ == "__main__":  # pragma: no cover
    run()
