"""Loading Sentinels content packs (same file layout and error reporting as Marvel United)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from multiverse.content.loader import PACKS, _files, format_errors, merge_documents
from multiverse.content.sentinels_schema import SentinelsContent
from multiverse.engine.errors import ContentError


def default_sentinels_pack() -> Path:
    return PACKS / "sentinels"


def validate_sentinels_path(path: str | Path) -> SentinelsContent:
    """Load and validate; raise `ContentError` listing every problem with file and place."""
    path = Path(path)
    merged, origin = merge_documents(path)
    try:
        return SentinelsContent.model_validate(merged)
    except ValidationError as exc:
        raise ContentError(format_errors(exc, origin, path)) from None


@lru_cache(maxsize=8)
def _cached(path: str, mtime: float) -> SentinelsContent:
    return validate_sentinels_path(path)


def load_sentinels_content(path: str | Path | None = None) -> SentinelsContent:
    p = Path(path) if path else default_sentinels_pack()
    mtime = max((f.stat().st_mtime for f in _files(p)), default=0.0)
    return _cached(str(p.resolve()), mtime)
