"""The standard Marvel United game: Missions against a Villain (MU-9, MU-15)."""
