"""Configuration of a Sentinels of the Multiverse game."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator


class SentinelsConfig(BaseModel):
    """Heroes in play order, the villain and the environment; every option the rules name."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mode: str = "sentinels"
    heroes: tuple[str, ...] = ("luminary", "the-harpy", "lifeline")
    villain: str | None = Field(None, description="villain id; None = the content's first")
    environment: str | None = Field(None, description="environment id; None = the first")
    content: str | None = Field(None, description="content pack path; None = default pack")
    hand_size: int = Field(4, ge=0, le=10, description="SOTM-2: cards each player draws")
    max_rounds: int = Field(200, ge=1, description="safety bound: the heroes lose past it")

    @model_validator(mode="after")
    def _count(self) -> SentinelsConfig:
        if not 3 <= len(self.heroes) <= 5:
            raise ValueError(f"a game has 3 to 5 heroes, not {len(self.heroes)}")
        if len(set(self.heroes)) != len(self.heroes):
            raise ValueError(f"a hero appears twice in {list(self.heroes)}")
        return self
