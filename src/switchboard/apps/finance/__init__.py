"""The finance assistant (spec 001)."""
