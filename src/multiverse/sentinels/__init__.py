"""Sentinels of the Multiverse rules (SOTM-*) and the heroes of OblivAeon (OBL-HE*)."""
