"""Loading Sentinels content packs (same file layout and error reporting as Marvel United)."""

from __future__ import annotations

from pathlib import Path

from multiverse.content.loader import PACKS, load_pack, validate_model
from multiverse.content.sentinels_schema import SentinelsContent


def default_sentinels_pack() -> Path:
    return PACKS / "sentinels"


def validate_sentinels_path(path: str | Path) -> SentinelsContent:
    """Load and validate; raise `ContentError` listing every problem with file and place."""
    return validate_model(SentinelsContent, path)


def load_sentinels_content(path: str | Path | None = None) -> SentinelsContent:
    """Load a Sentinels pack (the default pack when `path` is None)."""
    return load_pack(SentinelsContent, Path(path) if path else default_sentinels_pack())
