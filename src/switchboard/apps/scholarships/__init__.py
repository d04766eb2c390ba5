"""The scholarship assistant (spec 002)."""
