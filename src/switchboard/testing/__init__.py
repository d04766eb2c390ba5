"""Test support for Switchboard and for apps built on it (pytest plugins; imported only by
pytest, never by the running platform)."""
