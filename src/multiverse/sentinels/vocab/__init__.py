"""The Sentinels effect vocabulary, one module per thing a verb touches; importing this
package registers every verb in `sentinels.verbs` (the dispatcher imports none of them).

- `piles`: hands, decks, trashes, the reserve, cards under cards (SOTM-11, OBL-C5, HE3, HE4)
- `targets`: HP, destruction, flips, the game's end (SOTM-9, SOTM-18)
- `counters`: tokens on cards, named counters, hero tokens (OBL-ID1, OBL-HE2)
- `choices`: conditions, "may", "one hero", extra plays and powers (SOTM-8, SOTM-10)
- `lasting`: modifiers with a duration (SOTM-14)
- `options`: "choose one", "if you do", results remembered for later steps, damage caps,
  a hero incapacitated outright, cards entering another play area (SOTM-8, SOTM-14, SOTM-17)
- `moves`: moving cards between any two places (SOTM-8, SOTM-11)
- `watchers`: phases skipped, tokens flipped to a chosen side, optional replacements
  (SOTM-5, OBL-HE2, SOTM-14/15)
"""

from multiverse.sentinels.vocab import (  # noqa: F401
    choices,
    counters,
    lasting,
    moves,
    options,
    piles,
    targets,
    watchers,
)
