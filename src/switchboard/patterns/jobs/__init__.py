"""Autonomous agent jobs (spec 004): typed jobs with dependencies and a definition of done, run
durably by DBOS (embedded SQLite or PostgreSQL).

The light modules are exported here; `engine` and `worker` import DBOS (~0.4 s) and are imported
explicitly: `from switchboard.patterns.jobs.engine import JobEngine`.
"""

from switchboard._faces import attach
from switchboard.patterns.jobs.backoff import next_delay as next_delay
from switchboard.patterns.jobs.errors import CommandTimeoutError as CommandTimeoutError
from switchboard.patterns.jobs.errors import DependencyCycleError as DependencyCycleError
from switchboard.patterns.jobs.errors import ForbiddenCommandError as ForbiddenCommandError
from switchboard.patterns.jobs.errors import InvalidPlanError as InvalidPlanError
from switchboard.patterns.jobs.errors import JobError as JobError
from switchboard.patterns.jobs.errors import JobNotFoundError as JobNotFoundError
from switchboard.patterns.jobs.errors import JobStateError as JobStateError
from switchboard.patterns.jobs.errors import PathEscapeError as PathEscapeError
from switchboard.patterns.jobs.errors import PlanningError as PlanningError
from switchboard.patterns.jobs.errors import UnknownQueueError as UnknownQueueError
from switchboard.patterns.jobs.executor import Action as Action
from switchboard.patterns.jobs.executor import Analysis as Analysis
from switchboard.patterns.jobs.executor import Executor as Executor
from switchboard.patterns.jobs.executor import ToolRequest as ToolRequest
from switchboard.patterns.jobs.graph import find_cycle as find_cycle
from switchboard.patterns.jobs.models import ApprovalDecision as ApprovalDecision
from switchboard.patterns.jobs.models import Criterion as Criterion
from switchboard.patterns.jobs.models import CriterionResult as CriterionResult
from switchboard.patterns.jobs.models import Job as Job
from switchboard.patterns.jobs.models import JobOutcome as JobOutcome
from switchboard.patterns.jobs.models import JobStatus as JobStatus
from switchboard.patterns.jobs.models import NewJob as NewJob
from switchboard.patterns.jobs.models import Plan as Plan
from switchboard.patterns.jobs.models import PlanStep as PlanStep
from switchboard.patterns.jobs.models import SubJobSpec as SubJobSpec
from switchboard.patterns.jobs.models import ValidationResult as ValidationResult
from switchboard.patterns.jobs.models import criteria_note as criteria_note
from switchboard.patterns.jobs.service import JobService as JobService

__getattr__, __dir__, __all__ = attach(__name__)
