"""Typed errors. Every error names what is wrong and where."""


class MultiverseError(Exception):
    """Base of every error the project raises on purpose."""


class IllegalChoice(MultiverseError):
    """An option id that the pending decision does not offer. The state is untouched."""

    def __init__(self, option_id: object, legal: list[str], prompt: str = "") -> None:
        self.option_id = option_id
        self.legal = legal
        shown = ", ".join(legal[:12]) + (" …" if len(legal) > 12 else "")
        where = f" for '{prompt}'" if prompt else ""
        super().__init__(f"illegal choice {option_id!r}{where}; legal options: {shown}")


class GameOver(IllegalChoice):
    """A choice was applied to a finished game."""

    def __init__(self, option_id: object) -> None:
        MultiverseError.__init__(self, f"the game is over; cannot apply {option_id!r}")
        self.option_id = option_id
        self.legal = []


class ContentError(MultiverseError):
    """A content file is malformed: names the file, the place inside it and the expectation."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


class PositionError(MultiverseError):
    """A position file or mapping is malformed: names the field and what was expected."""


class SaveError(MultiverseError):
    """A saved game or state JSON is malformed or does not match its content."""


class ConfigError(MultiverseError):
    """A game configuration or a command line's game options do not make a game: names
    the option or field and what was expected."""


class UnknownMode(ConfigError):
    """A mode name that no registered mode has."""
