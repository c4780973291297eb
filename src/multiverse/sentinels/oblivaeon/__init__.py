"""The OblivAeon mode (seed 002): two battle zones, OblivAeon, Scions, Aeon Men, Missions,
Shields, the Inevitable Destruction of environments and replacement heroes, on the
Sentinels engine."""
