"""What a consolidation is written from (the composer's draft).

Re-exported from `patterns/missions/draft.py`, where the generic piece lives (issue 23), for the
finance catalogue's imports.
"""

from switchboard.patterns import Draft

__all__ = ["Draft"]
