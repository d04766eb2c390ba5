"""`python -m switchboard …` runs the `switchboard` command."""

from switchboard.cli.main import app

app()
