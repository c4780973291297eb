"""Configuration of an OblivAeon game (OBL-S1 … S8)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator


class OblivaeonConfig(BaseModel):
    """The players' heroes in play order, the five environments (the first two enter the
    battle zones), the Shield, the Scion Reserve's order; every option the seed names."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: str = "oblivaeon"
    heroes: tuple[str, ...] = ("luminary", "the-harpy", "akash-thriya", "la-comodora")
    environments: tuple[str, ...] | None = Field(None, description=(
        "OBL-S6: five environment ids; the first enters the First Battle Zone, the second the "
        "Second; the rest are set aside in this order. None: five drawn at random"))
    shield: str | None = Field(None, description="OBL-SH1: the Shield's name; None: at random")
    scion_order: tuple[str, ...] | None = Field(None, description=(
        "OBL-S8: the Scion Reserve from the bottom up (the next Scion to enter first); "
        "None: shuffled"))
    content: str | None = Field(None, description="content pack path; None = default pack")
    hand_size: int = Field(4, ge=0, le=10, description="SOTM-2, OBL-I4: cards each hero draws")
    max_rounds: int = Field(60, ge=1, description="safety bound: the heroes lose past it")
    devastation_thresholds: int | None = Field(None, ge=0, description=(
        "a training setting, not a printed rule: how many of the pack's Devastation "
        "thresholds apply, the lowest first (0: OblivAeon never destroys an environment "
        "through Devastation); None: all of them, the printed game"))

    @model_validator(mode="after")
    def _count(self) -> OblivaeonConfig:
        if not 3 <= len(self.heroes) <= 5:
            raise ValueError(f"a game has 3 to 5 heroes, not {len(self.heroes)}")
        if len(set(self.heroes)) != len(self.heroes):
            raise ValueError(f"a hero appears twice in {list(self.heroes)} (OBL-I5: no two "
                             "players play the same hero deck at once)")
        if self.environments is not None and (len(self.environments) != 5
                                              or len(set(self.environments)) != 5):
            raise ValueError("OBL-S6: name five different environments, not "
                             f"{list(self.environments)}")
        if self.scion_order is not None and len(set(self.scion_order)) != len(self.scion_order):
            raise ValueError(f"a Scion appears twice in the Scion order {list(self.scion_order)}")
        return self
