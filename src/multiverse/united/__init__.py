"""Marvel United rules (MU-*) and its modes."""
