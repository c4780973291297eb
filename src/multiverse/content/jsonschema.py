"""Export the content schema as JSON Schema, for editors and external validators."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from multiverse.content.schema import UnitedContent

SCHEMA_PATH = Path(__file__).parent / "schema" / "united.schema.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def export_schema() -> dict[str, Any]:
    """The JSON Schema of a content pack (the merged document of all its files)."""
    schema = UnitedContent.model_json_schema()
    out: dict[str, Any] = {"$schema": DIALECT}
    out.update(schema)
    out["title"] = "Marvel United content pack (multiverse)"
    return out


def write_schema(path: str | Path = SCHEMA_PATH) -> Path:
    """Write the schema as pretty JSON; return the path written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(export_schema(), indent=2, sort_keys=False) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":  # pragma: no cover
    print(write_schema())
