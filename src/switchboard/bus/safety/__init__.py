"""The safety systems of spec 001 §4/§7, each in its own module, all transport-independent.

They read and write shared state only through `StateBackend`, and time only through the bus's
clock, so the same code guards a single process or a fleet of workers on Redis.
"""
