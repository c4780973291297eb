"""SplitMix64: a counter-based generator whose whole state is one 64-bit int.

Copying it costs nothing, so clones stay cheap (DESIGN property 8).
"""

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
MIX1, MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
LOW32 = (1 << 32) - 1


def splitmix_next(state: int) -> tuple[int, int]:
    """Return (new_state, 64-bit output)."""
    state = (state + GOLDEN) & MASK
    z = state
    z = ((z ^ (z >> 30)) * MIX1) & MASK
    z = ((z ^ (z >> 27)) * MIX2) & MASK
    return state, z ^ (z >> 31)


def fisher_yates(items: list, st: int) -> int:
    """Shuffle `items` in place (Fisher-Yates, `below` written out: the same draws, no call
    per card) from the SplitMix64 stream at state `st`; return the stream's new state. Every
    value fits in 64 bits: `(z * n) >> 64` is taken from z's 32-bit halves, so the compiled
    build runs the loop on C integers (engine/rng.pxd)."""
    golden, mix1, mix2, mask, low = GOLDEN, MIX1, MIX2, MASK, LOW32
    for i in range(len(items) - 1, 0, -1):
        st = (st + golden) & mask
        z = ((st ^ (st >> 30)) * mix1) & mask
        z = ((z ^ (z >> 27)) * mix2) & mask
        z ^= z >> 31
        n = i + 1
        j = ((z >> 32) * n + (((z & low) * n) >> 32)) >> 32  # (z * n) >> 64
        items[i], items[j] = items[j], items[i]
    return st


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
        """Fisher-Yates drawing `below(i + 1)` for each place from the end."""
        self.state = fisher_yates(items, self.state)

    def choice(self, items: list):
        return items[self.below(len(items))]
