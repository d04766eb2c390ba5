"""Routing patterns of the specs, each usable alone: delegation, guardrails, workflows, jobs,
switching, missions and triage.

This is the one public face of the patterns: apps import `from switchboard.patterns import …`,
never from `switchboard.patterns.workflows` or `.missions` (subpackages are the platform's own
structure and move freely). The names `switchboard` already exports (`PatternApp`, `Guarded`,
`DelegationPattern`, …) are imported from there. Names load on first use, so taking a workflow
class does not import DBOS or scikit-learn (`switchboard._faces`). One name, one object: `Plan`
is the jobs' plan and `MissionPlan` the missions' one; `Action` is the jobs executor's next step,
not the workflows' action callable type (no app needs that one).
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
    from switchboard.patterns.missions.context import MAX_CHARS as MAX_CHARS
    from switchboard.patterns.missions.context import TURNS as TURNS
    from switchboard.patterns.missions.context import (
        previous_user_questions as previous_user_questions,
    )
    from switchboard.patterns.missions.context import recent_context as recent_context
    from switchboard.patterns.missions.coordinator import CoordinatorAgent as CoordinatorAgent
    from switchboard.patterns.missions.coordinator import ModelLead as ModelLead
    from switchboard.patterns.missions.coordinator import StatusHooks as StatusHooks
    from switchboard.patterns.missions.coordinator import operations as operations
    from switchboard.patterns.missions.coordinator import user_of as user_of
    from switchboard.patterns.missions.draft import Draft as Draft
    from switchboard.patterns.missions.engine import Engine as Engine
    from switchboard.patterns.missions.engine import Execution as Execution
    from switchboard.patterns.missions.engine import ExecutionState as ExecutionState
    from switchboard.patterns.missions.engine import StepOutcome as StepOutcome
    from switchboard.patterns.missions.final_answer import final_answer as final_answer
    from switchboard.patterns.missions.final_answer import validate_answer as validate_answer
    from switchboard.patterns.missions.jsontext import dumps as dumps
    from switchboard.patterns.missions.mission import ORCHESTRATOR as ORCHESTRATOR
    from switchboard.patterns.missions.mission import MissionLog as MissionLog
    from switchboard.patterns.missions.mission import MissionModels as MissionModels
    from switchboard.patterns.missions.mission import default_settings as default_settings
    from switchboard.patterns.missions.mission import hooks_for as hooks_for
    from switchboard.patterns.missions.mission import lead_mission as lead_mission
    from switchboard.patterns.missions.mission import settings_for as settings_for
    from switchboard.patterns.missions.models import Calculo as Calculo
    from switchboard.patterns.missions.models import Comparacao as Comparacao
    from switchboard.patterns.missions.models import Consolidation as Consolidation
    from switchboard.patterns.missions.models import ConsolidationCore as ConsolidationCore
    from switchboard.patterns.missions.models import DadoSuporte as DadoSuporte
    from switchboard.patterns.missions.models import FallbackUsado as FallbackUsado
    from switchboard.patterns.missions.models import FinalAnswer as FinalAnswer
    from switchboard.patterns.missions.models import Impacto as Impacto
    from switchboard.patterns.missions.models import JustificativaEscolha as JustificativaEscolha
    from switchboard.patterns.missions.models import Limitacao as Limitacao
    from switchboard.patterns.missions.models import MetadadosExecucao as MetadadosExecucao
    from switchboard.patterns.missions.models import MissionPackage as MissionPackage
    from switchboard.patterns.missions.models import OrcamentoConsumo as OrcamentoConsumo
    from switchboard.patterns.missions.models import OrcamentoRecursos as OrcamentoRecursos
    from switchboard.patterns.missions.models import RecursosConsumidos as RecursosConsumidos
    from switchboard.patterns.missions.models import RequisitosCobertura as RequisitosCobertura
    from switchboard.patterns.missions.models import (
        RespostaPreEstruturada as RespostaPreEstruturada,
    )
    from switchboard.patterns.missions.models import RestricoesHard as RestricoesHard
    from switchboard.patterns.missions.models import StatusConsolidacao as StatusConsolidacao
    from switchboard.patterns.missions.models import TipoLimitacao as TipoLimitacao
    from switchboard.patterns.missions.orchestrator import Decision as Decision
    from switchboard.patterns.missions.orchestrator import assemble as assemble
    from switchboard.patterns.missions.plan import CONSULT_OP as CONSULT_OP
    from switchboard.patterns.missions.plan import DATA as DATA
    from switchboard.patterns.missions.plan import MISSION_OP as MISSION_OP
    from switchboard.patterns.missions.plan import Criticality as Criticality
    from switchboard.patterns.missions.plan import MissionPlan as MissionPlan
    from switchboard.patterns.missions.plan import ParamsFn as ParamsFn
    from switchboard.patterns.missions.plan import Results as Results
    from switchboard.patterns.missions.plan import Step as Step
    from switchboard.patterns.missions.record import ExecutorCall as ExecutorCall
    from switchboard.patterns.missions.record import MissionTelemetry as MissionTelemetry
    from switchboard.patterns.missions.runtime import FollowUps as FollowUps
    from switchboard.patterns.missions.runtime import MissionRuntime as MissionRuntime
    from switchboard.patterns.missions.settings import COMPLEXITIES as COMPLEXITIES
    from switchboard.patterns.missions.settings import Complexity as Complexity
    from switchboard.patterns.missions.settings import MissionSettings as MissionSettings
    from switchboard.patterns.missions.usage import LEAD_USAGE as LEAD_USAGE
    from switchboard.patterns.missions.usage import lead_usage as lead_usage
    from switchboard.patterns.missions.usage import mission_usage as mission_usage
    from switchboard.patterns.missions.usage import usage_metadata as usage_metadata
    from switchboard.patterns.triage.continuity import ContinuityResult as ContinuityResult
    from switchboard.patterns.triage.continuity import LearnedContinuity as LearnedContinuity
    from switchboard.patterns.triage.continuity import OpenDialog as OpenDialog
    from switchboard.patterns.triage.continuity import load_pairs as load_pairs
    from switchboard.patterns.triage.dialog import Dialog as Dialog
    from switchboard.patterns.triage.dialog import answer_dialog as answer_dialog
    from switchboard.patterns.triage.model import LinearTextModel as LinearTextModel
    from switchboard.patterns.triage.speller import Speller as Speller
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
    from switchboard.patterns.workflows.state import Frame as Frame
    from switchboard.patterns.workflows.state import WorkflowState as WorkflowState
    from switchboard.patterns.workflows.texts import WorkflowTexts as WorkflowTexts
    from switchboard.patterns.workflows.values import display as display
else:
    __getattr__, __dir__, __all__ = attach(__name__)
