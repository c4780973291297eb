"""SplitMix64: a counter-based generator whose whole state is one 64-bit int.

Copying it costs nothing, so clones stay cheap (DESIGN property 8).
"""

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1, MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def splitmix_next(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * MIX1) & MASK
    z = ((z ^ (z >> 27)) * MIX2) & MASK
    return state, z ^ (z >> 31)


class SplitMix64:
    """A tiny standalone generator (for agents and tools that need their own stream)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state, out = splitmix_next(self.state)
        return out

    def below(self, n: int) -> int:
        """Uniform int in [0, n) (multiply-shift; bias < 2^-50 for small n)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list):
        return items[self.below(len(items))]
