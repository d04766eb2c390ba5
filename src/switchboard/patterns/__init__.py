"""Routing patterns of the five specs, each usable alone.

This is the one public face of the patterns: apps import `from switchboard.patterns import …`,
never from `switchboard.patterns.workflows` or `.jobs` (subpackages are the platform's own
structure and move freely). The names `switchboard` already exports (`PatternApp`, `Guarded`,
`DelegationPattern`, …) are imported from there. Names load on first use, so taking a workflow
class does not import DBOS or scikit-learn (`switchboard._faces`). `Action` here is the jobs
executor's next step, not the workflows' action callable type (no app needs that one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach

if TYPE_CHECKING:
    from switchboard.patterns.guardrails.classifier import GuardClassifier as GuardClassifier
    from switchboard.patterns.guardrails.classifier import GuardDataError as GuardDataError
    from switchboard.patterns.guardrails.classifier import target_of as target_of
    from switchboard.patterns.guardrails.combine import AnyUnsafe as AnyUnsafe
    from switchboard.patterns.guardrails.combine import Judge as Judge
    from switchboard.patterns.guardrails.combine import ModelJudge as ModelJudge
    from switchboard.patterns.guardrails.combine import OfflineJudge as OfflineJudge
    from switchboard.patterns.guardrails.evaluation import evaluate as evaluate
    from switchboard.patterns.guardrails.messages import message_for as message_for
    from switchboard.patterns.guardrails.pattern import BlockHandler as BlockHandler
    from switchboard.patterns.guardrails.speculation import Prefetch as Prefetch
    from switchboard.patterns.guardrails.speculation import Speculations as Speculations
    from switchboard.patterns.guardrails.verdict import GuardVerdict as GuardVerdict
    from switchboard.patterns.jobs.agent_executor import (
        GenericAgentExecutor as GenericAgentExecutor,
    )
    from switchboard.patterns.jobs.errors import FinalError as FinalError
    from switchboard.patterns.jobs.errors import PlanningError as PlanningError
    from switchboard.patterns.jobs.executor import Action as Action
    from switchboard.patterns.jobs.executor import Analysis as Analysis
    from switchboard.patterns.jobs.executor import Executor as Executor
    from switchboard.patterns.jobs.host import JobRuntime as JobRuntime
    from switchboard.patterns.jobs.job_root import job_root as job_root
    from switchboard.patterns.jobs.learnings import StoreLearnings as StoreLearnings
    from switchboard.patterns.jobs.models import ApprovalDecision as ApprovalDecision
    from switchboard.patterns.jobs.models import Criterion as Criterion
    from switchboard.patterns.jobs.models import CriterionResult as CriterionResult
    from switchboard.patterns.jobs.models import Job as Job
    from switchboard.patterns.jobs.models import JobStatus as JobStatus
    from switchboard.patterns.jobs.models import NewJob as NewJob
    from switchboard.patterns.jobs.models import Plan as Plan
    from switchboard.patterns.jobs.models import PlanStep as PlanStep
    from switchboard.patterns.jobs.models import SubJobSpec as SubJobSpec
    from switchboard.patterns.jobs.models import ValidationResult as ValidationResult
    from switchboard.patterns.jobs.models import criteria_note as criteria_note
    from switchboard.patterns.jobs.personas import PersonaTemplate as PersonaTemplate
    from switchboard.patterns.jobs.personas import load_personas as load_personas
    from switchboard.patterns.jobs.personas import queue_specs as queue_specs
    from switchboard.patterns.jobs.service import JobService as JobService
    from switchboard.patterns.jobs.tool_calls import workspace_path as workspace_path
    from switchboard.patterns.jobs.tools.filesystem import filesystem_tools as filesystem_tools
    from switchboard.patterns.jobs.tools.memory import (
        InMemoryLongTermMemory as InMemoryLongTermMemory,
    )
    from switchboard.patterns.jobs.tools.memory import LongTermMemory as LongTermMemory
    from switchboard.patterns.jobs.tools.memory import memory_tool as memory_tool
    from switchboard.patterns.jobs.tools.task_manager import (
        task_manager_tools as task_manager_tools,
    )
    from switchboard.patterns.jobs.tools.terminal import terminal_tool as terminal_tool
    from switchboard.patterns.workflows.actions import ActionContext as ActionContext
    from switchboard.patterns.workflows.actions import ActionItem as ActionItem
    from switchboard.patterns.workflows.actions import Say as Say
    from switchboard.patterns.workflows.actions import SetSlots as SetSlots
    from switchboard.patterns.workflows.actions import UiRequest as UiRequest
    from switchboard.patterns.workflows.actions import Validator as Validator
    from switchboard.patterns.workflows.commands import SKIP_WORDS as SKIP_WORDS
    from switchboard.patterns.workflows.commands import Commands as Commands
    from switchboard.patterns.workflows.definition import CollectStep as CollectStep
    from switchboard.patterns.workflows.definition import UiSpec as UiSpec
    from switchboard.patterns.workflows.definition import Workflow as Workflow
    from switchboard.patterns.workflows.definition import load_workflows as load_workflows
    from switchboard.patterns.workflows.extract import Extraction as Extraction
    from switchboard.patterns.workflows.extract import Extractor as Extractor
    from switchboard.patterns.workflows.extract import RuleExtractor as RuleExtractor
    from switchboard.patterns.workflows.hosted import ModelExtractor as ModelExtractor
    from switchboard.patterns.workflows.numwords import NUMBER_WORD as NUMBER_WORD
    from switchboard.patterns.workflows.numwords import UNIT_WORDS as UNIT_WORDS
    from switchboard.patterns.workflows.numwords import words_value as words_value
    from switchboard.patterns.workflows.pattern import WorkflowPattern as WorkflowPattern
    from switchboard.patterns.workflows.router import RouteAction as RouteAction
    from switchboard.patterns.workflows.router import RouteDecision as RouteDecision
    from switchboard.patterns.workflows.state import WorkflowState as WorkflowState
    from switchboard.patterns.workflows.texts import WorkflowTexts as WorkflowTexts
else:
    __getattr__, __dir__, __all__ = attach(__name__)
