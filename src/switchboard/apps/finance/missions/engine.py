"""The coordinators' execution cycles (waves, evaluation, self-regulation).

Re-exported from `patterns/missions/engine.py`, where the generic piece lives (issue 23), for the
finance catalogue's imports.
"""

from switchboard.patterns import Execution, ExecutionState, StepOutcome

__all__ = ["Execution", "ExecutionState", "StepOutcome"]
