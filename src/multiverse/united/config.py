"""Game configuration: every rule option the rules files name is a field here."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationInfo,
    field_validator,
    model_serializer,
    model_validator,
)

from multiverse.content.schema import HeroCard


class UnitedConfig(BaseModel):
    """Configuration of a Marvel United game (mode, heroes, options)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: Literal["dofp", "standard"] = Field(
        "dofp", description="dofp: Sentinels then Nimrod; standard: Missions against a Villain"
    )
    villain: str | None = Field(None, description="standard game: the Villain's id")
    challenge: Literal["sentinel-i", "sentinel-ii", "sentinel-iii"] | None = Field(
        None, description="DFP-C1: a Sentinel Challenge added to a standard game"
    )
    difficulty: Literal["normal", "moderate", "hard", "heroic"] = Field(
        "normal", description="difficulty Challenge: which Wild cards leave each hero deck"
    )
    under_pressure_after: int = Field(1, ge=0, le=3, description="MU-15: Missions before Under Pressure")
    vulnerable_after: int = Field(2, ge=0, le=3, description="MU-15: Missions before the Villain can be damaged")
    cadence: int = Field(3, ge=1, le=6, description="MU-14: Hero cards per villain turn")
    pressure_cadence: int = Field(2, ge=1, le=6, description="MU-14: the same once Under Pressure")
    heroes: tuple[str, ...] = ("logan", "kitty-pryde", "storm")
    solo: bool = Field(False, strict=True,  # "false", "no", "0" are refused, never read as true
                       description="DFP-SOLO: one player, three heroes, Target token pile")
    content: str | None = Field(None, description="content pack path; None = default pack")
    boxes: tuple[str, ...] = Field((), description="MU-6: the boxes (sets) of Locations this "
                                   "game deals besides those of no box (a Location's `box`)")
    tie_break: Literal["choose", "clockwise"] = Field(
        "choose", description="MU-1: direction when a target is exactly opposite"
    )
    villain_start: int | None = Field(
        None, ge=0, le=5, description="MU-7: Villain's starting Location (ring index); None = random"
    )
    hero_start: Literal["opposite", "villain"] = Field(
        "opposite", description="MU-7: heroes start opposite the Villain (default) or with it"
    )
    tokenless_seat: int = Field(3, ge=0, le=3, description="DFP-S6: the 4-hero game's tokenless hero")
    sentinel_health: int | None = Field(None, ge=1, le=40, description="override the dashboard")
    nimrod_health: int | None = Field(None, ge=1, le=40, description="override the dashboard")
    track_max: int | None = Field(None, ge=1, le=40, description="override the dashboard")
    first_draw: int = Field(3, ge=0, le=12, description="MU-8: cards drawn at setup")
    ko_draw: int = Field(4, ge=0, le=12, description="MU-22: cards drawn when standing up")
    max_turns: int = Field(400, ge=1, description="safety bound: the heroes lose past it")
    cards: dict[str, list[HeroCard]] = Field(
        default_factory=dict,
        description="extra Hero cards for this game only, by hero id (a position's `cards`): "
        "added after the hero's own cards, as if the pack listed them",
    )

    @field_validator("boxes", mode="before")
    @classmethod
    def _boxes_in_words(cls, v: object) -> object:
        """`--set boxes=a,b`: boxes may be written as one comma-separated word."""
        return tuple(x.strip() for x in v.split(",") if x.strip()) if isinstance(v, str) else v

    @model_validator(mode="after")
    def _hero_count(self) -> UnitedConfig:
        n = len(self.heroes)
        if self.solo and n != 3:
            raise ValueError(f"solo is one player with exactly 3 heroes, not {n}")
        if not self.solo and not 2 <= n <= 4:
            raise ValueError(f"a game has 2 to 4 heroes (or --solo with 3), not {n}")
        return self

    @field_validator("cards")
    @classmethod
    def _cards_of_heroes(cls, cards: dict[str, list[HeroCard]], info: ValidationInfo) -> dict[str, list[HeroCard]]:
        heroes = info.data.get("heroes", ())
        strangers = [h for h in cards if h not in heroes]
        if strangers:
            raise ValueError(f"cards for hero(es) not in this game: {strangers}; the heroes are {list(heroes)}")
        return cards

    @model_serializer(mode="wrap")
    def _omit_no_cards(self, handler: SerializerFunctionWrapHandler) -> Any:
        """Without extra cards the JSON is what it was before `cards` existed (stored
        configurations and the lab's result keys stay the same)."""
        data = handler(self)
        if isinstance(data, dict) and not self.cards:
            data.pop("cards", None)
        return data

    def __hash__(self) -> int:  # `cards` holds lists: hash the JSON form instead
        return hash(self.model_dump_json())

    @property
    def n_heroes(self) -> int:
        return len(self.heroes)

    def seat_of(self, hero: int) -> int:
        """Which seat decides for a hero (solo: seat 0 plays every hero)."""
        return 0 if self.solo else hero
