"""Autonomous agent jobs (spec 004): typed jobs with dependencies and a definition of done, run
durably by DBOS (embedded SQLite or PostgreSQL); see `engine.py` for how they run."""
