"""Alembic migrations of the SQL store (a package so its files ship as package data)."""
