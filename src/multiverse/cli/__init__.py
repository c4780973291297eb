"""The `multiverse` command line (see `multiverse.cli.main`)."""
