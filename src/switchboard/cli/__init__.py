"""Command line: `switchboard chat`, `serve`, `users`, `keys`."""
