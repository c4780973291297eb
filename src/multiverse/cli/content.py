"""`multiverse content validate|schema|show` for both games' packs.

A pack is a Marvel United pack or a Sentinels of the Multiverse pack. `validate` tells them
apart by their top-level keys: `environments`, or `villains` whose entries have `cards`
(or `hp`/`sides`), or heroes with a `complexity`, make a Sentinels pack; `locations`,
`dofp`, `missions`, `difficulties`, or villains with `master_plan`/`threats`/`health`, a
Marvel United pack. When the keys do not decide, both schemas are tried and the better
match (fewer problems) is reported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from multiverse.cli.tables import print_table
from multiverse.content.loader import merge_documents, validate_model
from multiverse.content.schema import UnitedContent
from multiverse.content.sentinels_schema import SentinelsContent
from multiverse.engine.errors import ContentError

UNITED, SENTINELS = "united", "sentinels"
GAMES = (UNITED, SENTINELS)
MODELS: dict[str, type[BaseModel]] = {UNITED: UnitedContent, SENTINELS: SentinelsContent}
TITLES = {UNITED: "Marvel United", SENTINELS: "Sentinels of the Multiverse"}
DIALECT = "https://json-schema.org/draft/2020-12/schema"

UNITED_KEYS = {"locations", "dofp", "missions", "difficulties"}
UNITED_VILLAIN_KEYS = {"master_plan", "threats", "health", "bam", "overflow", "plot"}
SENTINELS_VILLAIN_KEYS = {"cards", "hp", "sides", "setup", "counters", "reserve", "flip_hp", "flip_effect"}
SENTINELS_HERO_KEYS = {"complexity", "incapacitated", "hp", "power", "tokens"}


def _entries(doc: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = doc.get(key)
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def detect_game(doc: dict[str, Any]) -> str | None:
    """`sentinels` or `united` by the merged document's keys; None when they do not decide."""
    sentinels = united = 0
    if "environments" in doc:
        sentinels += 2
    if "scions" in doc:
        sentinels += 1
    united += sum(1 for k in UNITED_KEYS if k in doc)
    for v in _entries(doc, "villains"):
        sentinels += bool(SENTINELS_VILLAIN_KEYS & set(v))
        united += bool(UNITED_VILLAIN_KEYS & set(v))
    for h in _entries(doc, "heroes"):
        sentinels += bool(SENTINELS_HERO_KEYS & set(h))
    if sentinels != united:
        return SENTINELS if sentinels > united else UNITED
    return None


class PackProblems(ContentError):
    """The problems of a pack, with a note saying which game's schema it was read against."""

    def __init__(self, problems: list[str], note: str) -> None:
        super().__init__(problems)
        self.note = note


def validate_any(path: Path, game: str | None = None) -> tuple[str, BaseModel, str]:
    """Validate a pack of either game: returns (game, content, how it was recognized);
    raises `ContentError` with the problems of the better match."""
    if game is None:
        doc, _origin = merge_documents(path)  # a file that cannot be read is a problem of both
        game = detect_game(doc)
        if game is None:
            found: dict[str, list[str]] = {}
            for g in GAMES:
                try:
                    return g, validate_model(MODELS[g], path), "both schemas tried; this one fits"
                except ContentError as exc:
                    found[g] = exc.problems
            best = min(GAMES, key=lambda g: len(found[g]))
            raise PackProblems(found[best], f"{path}: read as a {TITLES[best]} pack (both "
                               "schemas tried; this one is the closer match)")
        how = "recognized by its top-level keys"
    else:
        how = "as asked"
    try:
        return game, validate_model(MODELS[game], path), how
    except ContentError as exc:
        raise PackProblems(exc.problems, f"{path}: read as a {TITLES[game]} pack ({how})") from None


def summary(game: str, content: Any) -> str:
    """The `valid (…)` line's counts."""
    if game == SENTINELS:
        return ", ".join([
            f"{len(content.heroes)} heroes",
            f"{sum(c.copies for h in content.heroes for c in h.cards)} hero cards",
            f"{len(content.villains)} villain(s) with "
            f"{sum(c.copies for v in content.villains for c in v.cards)} cards",
            f"{len(content.environments)} environment(s) with "
            f"{sum(c.copies for e in content.environments for c in e.cards)} cards",
        ])
    parts = [f"{len(content.heroes)} heroes",
             f"{sum(c.copies for h in content.heroes for c in h.cards)} hero cards",
             f"{len(content.locations)} locations"]
    if content.dofp is not None:
        parts += [f"{len(content.dofp.threats)} threats",
                  f"{sum(c.copies for c in content.dofp.master_plan)} Master Plan cards"]
    return ", ".join(parts)


def unsupported_report(content: UnitedContent) -> list[str]:
    """What the engine does not simulate: per hero, the cards (copies counted) whose Special
    Effect is marked `unsupported`, of those with a Special Effect, each marked card with its
    note (what the printed text says that the vocabulary cannot); then the Locations. A pack
    of only supported words ends with "none is marked unsupported"."""
    lines = ["Special Effects marked unsupported (the engine resolves only their `effect`):"]
    for h in content.heroes:
        special = sum(c.copies for c in h.cards if c.effect or c.unsupported or c.face_up)
        marked = sum(c.copies for c in h.cards if c.unsupported)
        lines.append(f"  {h.id}: {marked} of {special} cards with a Special Effect")
        lines += [f"    {c.name}: {c.unsupported}" for c in h.cards if c.unsupported]
    marked_locs = [loc for loc in content.locations if loc.unsupported]
    named = f" ({', '.join(loc.id for loc in marked_locs)})" if marked_locs else ""
    lines.append(f"  Locations: {len(marked_locs)} of {len(content.locations)}{named}")
    lines += [f"    {loc.name}: {loc.unsupported}" for loc in marked_locs]
    total = sum(c.copies for h in content.heroes for c in h.cards if c.unsupported)
    lines.append(f"  in all: {total} hero card(s), {len(marked_locs)} Location(s)"
                 + ("" if total or marked_locs else ": none is marked unsupported"))
    return lines


def sentinels_unsupported_report(content: Any) -> list[str]:
    """What the engine does not simulate in a Sentinels pack: per deck, the cards (copies
    counted) marked `unsupported`, with their names; then the OblivAeon mode's parts."""
    lines = ["Cards marked unsupported (the engine resolves only their written steps):"]
    total = 0

    def deck(label: str, cards: list) -> None:
        nonlocal total
        marked = [c for c in cards if c.unsupported]
        n = sum(getattr(c, "copies", 1) for c in marked)
        total += n
        names = f" ({', '.join(c.name for c in marked)})" if marked else ""
        lines.append(f"  {label}: {n} of {sum(getattr(c, 'copies', 1) for c in cards)}{names}")

    for h in content.heroes:
        deck(h.id, h.cards)
    for v in content.villains:
        deck(v.id, [*v.cards, *v.reserve])
    for e in content.environments:
        deck(e.id, e.cards)
    if content.scions:
        deck("Scions", content.scions)
    ob = content.oblivaeon
    if ob is not None:
        for label, cards in (("OblivAeon deck", ob.deck), ("Scion deck", ob.scion_deck),
                             ("Aeon Men", ob.aeon_men), ("Shields", ob.shields),
                             ("Missions", ob.missions)):
            deck(label, cards)
    lines.append(f"  in all: {total} card(s)")
    return lines


def validate_command(path: Path, game: str | None, out: Console, err: Console,
                     report: bool = False) -> int:
    """`content validate PATH`: exit 0 with a summary, or 1 with every problem. `report`
    adds the count of cards marked `unsupported`: per hero for a Marvel United pack, per deck
    for a Sentinels pack."""
    try:
        found, content, _how = validate_any(path, game)
    except ContentError as exc:
        for problem in exc.problems:
            err.print(Text(problem, style="red"))
        if isinstance(exc, PackProblems):
            err.print(Text(exc.note, style="dim"))
        err.print(Text(f"{path}: {len(exc.problems)} problem(s)", style="bold red"))
        return 1
    label = "" if found == UNITED else f"{TITLES[found]} pack, "
    out.print(Text(f"{path}: valid ({label}{summary(found, content)})", style="green"))
    if report:
        lines = (unsupported_report(content) if found == UNITED  # type: ignore[arg-type]
                 else sentinels_unsupported_report(content))
        for line in lines:
            out.print(Text(line))
    return 0


def export_schema(game: str = UNITED) -> dict[str, Any]:
    """The JSON Schema of a pack of `game` (the merged document of all its files)."""
    if game == UNITED:
        from multiverse.content.jsonschema import export_schema as united

        return united()
    out: dict[str, Any] = {"$schema": DIALECT}
    out.update(SentinelsContent.model_json_schema())
    out["title"] = "Sentinels of the Multiverse content pack (multiverse)"
    return out


# ----- content show --------------------------------------------------------------------
def _table(title: str, columns: tuple[str, ...]) -> Table:
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
                  show_edge=False)
    for col in columns:
        table.add_column(col, justify="right" if col in ("HP", "flip HP", "cards", "complexity",
                                                          "difficulty", "slots", "unsupported")
                         else "left", no_wrap=col not in ("power", "tokens", "thresholds"))
    return table


def sentinels_tables(content: SentinelsContent) -> list[Table]:
    """Heroes (with the Hero Complexity Chart value, OBL-HE6), villains, their counters and
    reserve piles, environments, and the Scions with the Scion Difficulty Chart (OBL-HE6).
    (Every hero deck has 40 cards: the schema checks it.)"""
    heroes = _table("Heroes (complexity: the Hero Complexity Chart, 1 simplest … 3)",
                    ("id", "name", "HP", "complexity", "power", "tokens"))
    for h in content.heroes:
        tokens = " / ".join(h.tokens.sides) if h.tokens else ""
        heroes.add_row(h.id, Text(h.name), str(h.hp), str(h.complexity), Text(h.power.name),
                       tokens)
    villains = _table("Villains", ("id", "name", "HP", "flip HP", "cards"))
    for v in content.villains:
        flips = ", ".join(str(f.hp or "—") for f in v.sides)  # each flip side's HP, in order
        villains.add_row(v.id, Text(v.name), str(v.hp), flips or "—",
                         str(sum(c.copies for c in v.cards)))
    extra = []
    if any(v.counters or v.reserve for v in content.villains):  # OBL-ID1, OBL-C5
        extra.append(_table("Counters and reserve piles", ("villain", "counter", "start", "min", "max",
                                                           "thresholds", "reserve")))
        for v in content.villains:
            for i, c in enumerate(v.counters or [None]):
                reserve = str(sum(x.copies for x in v.reserve)) if v.reserve and i == 0 else ""
                if c is None:
                    extra[0].add_row(v.id, "—", "", "", "", "", reserve)
                    continue
                extra[0].add_row(v.id, Text(c.name), str(c.start), str(c.min), str(c.max),
                                 ", ".join(f"{t.at} {t.crossing}" for t in c.thresholds), reserve)
    envs = _table("Environments", ("id", "name", "cards"))
    for e in content.environments:
        envs.add_row(e.id, Text(e.name), str(sum(c.copies for c in e.cards)))
    out = [heroes, villains, *extra, envs]
    if content.scions:  # OBL-HE6: the Scion Difficulty Chart
        scions = _table("Scions (the Scion Difficulty Chart: 1 least challenging … 3 most)",
                        ("name", "difficulty"))
        for sc in content.scions:
            scions.add_row(Text(sc.name), str(sc.difficulty))
        out.append(scions)
    return out


def _location_notes(loc: Any) -> str:
    """What sets a Location apart: hazardous, mandatory, an unsupported effect."""
    return ", ".join(w for w, on in (("hazardous", loc.hazardous), ("mandatory", loc.mandatory),
                                     ("unsupported", loc.unsupported)) if on)


def united_tables(content: UnitedContent) -> list[Table]:
    heroes = _table("Heroes", ("id", "name", "cards", "unsupported"))
    for h in content.heroes:
        heroes.add_row(h.id, Text(h.name), str(sum(c.copies for c in h.cards)),
                       str(sum(c.copies for c in h.cards if c.unsupported)))
    out = [heroes]
    if content.villains:
        villains = _table("Villains (standard game)", ("id", "name"))
        for v in content.villains:
            villains.add_row(v.id, Text(v.name))
        out.append(villains)
    locations = _table("Locations", ("id", "name", "slots", "notes"))
    for loc in content.locations:
        locations.add_row(loc.id, Text(loc.name), str(loc.slots), _location_notes(loc))
    out.append(locations)
    return out


def show_command(path: Path | None, game: str | None, out: Console, err: Console) -> int:
    """`content show [PATH]`: a pack's heroes, villains and environments (or Locations).
    Without PATH: the default pack of `game`, or of both games."""
    from multiverse.content.loader import default_pack_path
    from multiverse.sentinels.content import default_sentinels_pack

    if path is None:
        defaults = {UNITED: default_pack_path(), SENTINELS: default_sentinels_pack()}
        packs = [(g, defaults[g]) for g in ([game] if game else GAMES)]
    else:
        packs = [(game, path)]  # type: ignore[list-item]
    for g, p in packs:
        try:
            found, content, _how = validate_any(p, g)
        except ContentError as exc:  # one line: the first problem, and how many more
            more = len(exc.problems) - 1
            also = f"and {more} more; " if more else ""
            err.print(Text(f"error: {exc.problems[0]} ({also}see `multiverse content validate`)",
                           style="bold red"))
            return 1
        out.print(Text(f"{TITLES[found]} · {content.label or content.pack}  ({p})",  # type: ignore[attr-defined]
                       style="bold"), soft_wrap=False)
        tables = (sentinels_tables(content) if found == SENTINELS  # type: ignore[arg-type]
                  else united_tables(content))  # type: ignore[arg-type]
        for table in tables:
            print_table(out, table)
    return 0
