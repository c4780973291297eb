"""Content as data: pydantic schema, loader, default packs (DESIGN property 6)."""

from multiverse.content.loader import default_pack_path, load_content

__all__ = ["default_pack_path", "load_content"]
