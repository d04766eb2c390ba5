"""Seed data of the scholarship assistant (illustrative, not official) and its generator."""
