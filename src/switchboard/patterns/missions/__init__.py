"""Missions (spec 001 §3–§10), reusable by any app: a lead coordinator runs a plan's waves over
the message bus under budgets and a global timeout, consolidates, and a validated final answer
is written from the consolidation. The app brings its contracts, planners, composers and
wording (finance: `apps/finance/missions/`). See README.md.
"""
