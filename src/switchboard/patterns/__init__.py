"""Routing patterns of the five specs, each usable alone."""
