"""The rules catalogue: every rule ID of the project's rules files, with its statement.

>>> cat = load_catalogue()
>>> cat["DFP-A4"].source
'seed-rules.md'
>>> select(["DFP-SOLO"], cat)
['DFP-SOLO1', 'DFP-SOLO2', 'DFP-SOLO3']
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files
from typing import NamedTuple

import yaml

from multiverse.engine.errors import ContentError

FAMILIES = ("DFP", "OBL", "MU", "SOTM")


class Rule(NamedTuple):
    id: str
    source: str  # the rules file that states it
    section: str
    statement: str


@lru_cache(maxsize=1)
def _load() -> tuple[Rule, ...]:
    text = files("multiverse.rules").joinpath("catalogue.yaml").read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    problems: list[str] = []
    out: list[Rule] = []
    seen: set[str] = set()
    for i, entry in enumerate((doc or {}).get("rules") or []):
        where = f"catalogue.yaml: rules[{i}]"
        if not isinstance(entry, dict) or not {"id", "source", "statement"} <= set(entry):
            problems.append(f"{where}: expected a mapping with id, source, section, statement")
            continue
        if entry["id"] in seen:
            problems.append(f"{where}: rule ID {entry['id']} appears twice")
        seen.add(entry["id"])
        out.append(Rule(str(entry["id"]), str(entry["source"]), str(entry.get("section", "")),
                        str(entry["statement"])))
    if problems or not out:
        raise ContentError(problems or ["catalogue.yaml: no rules found"])
    return tuple(out)


def load_catalogue() -> dict[str, Rule]:
    """Every rule, by ID, in the order of the rules files."""
    return {r.id: r for r in _load()}


def matches(family: str, rule_id: str) -> bool:
    """Whether `rule_id` belongs to `family`: the ID itself, or a prefix ending at a group
    boundary ("DFP" and "DFP-A" hold DFP-A4; "DFP-S" holds DFP-S1 but not DFP-SOLO1;
    "OBL-H" holds OBL-H2 but not OBL-HE1)."""
    if rule_id == family:
        return True
    if not rule_id.startswith(family):
        return False
    rest = rule_id[len(family):]
    return rest[0] == "-" or (rest[0].isdigit() and not family[-1].isdigit())


def select(families: list[str] | tuple[str, ...], catalogue: dict[str, Rule] | None = None) -> list[str]:
    """The IDs selected by `families` (empty: all), in catalogue order. An exact ID selects
    only itself."""
    cat = catalogue if catalogue is not None else load_catalogue()
    if not families:
        return list(cat)
    return [rid for rid in cat if any(matches(f.strip().upper(), rid) for f in families)]


__all__ = ["FAMILIES", "Rule", "load_catalogue", "matches", "select"]
