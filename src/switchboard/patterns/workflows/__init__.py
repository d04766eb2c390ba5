"""Workflows as a reusable pattern (spec 002): slot-filling dialogs as data, a dialog stack for
digressions, and a router in front. See `pattern.py` for the turn, `definition.py` for the data.
"""

from switchboard._faces import attach
from switchboard.patterns.workflows.actions import Action as Action
from switchboard.patterns.workflows.actions import ActionContext as ActionContext
from switchboard.patterns.workflows.actions import ActionItem as ActionItem
from switchboard.patterns.workflows.actions import Say as Say
from switchboard.patterns.workflows.actions import SetSlots as SetSlots
from switchboard.patterns.workflows.actions import SlotListener as SlotListener
from switchboard.patterns.workflows.actions import ToolRun as ToolRun
from switchboard.patterns.workflows.actions import UiRequest as UiRequest
from switchboard.patterns.workflows.actions import Validator as Validator
from switchboard.patterns.workflows.commands import DEFAULT_COMMANDS as DEFAULT_COMMANDS
from switchboard.patterns.workflows.commands import Command as Command
from switchboard.patterns.workflows.commands import Commands as Commands
from switchboard.patterns.workflows.definition import ActionStep as ActionStep
from switchboard.patterns.workflows.definition import CollectStep as CollectStep
from switchboard.patterns.workflows.definition import Condition as Condition
from switchboard.patterns.workflows.definition import EnumOption as EnumOption
from switchboard.patterns.workflows.definition import OnComplete as OnComplete
from switchboard.patterns.workflows.definition import RespondStep as RespondStep
from switchboard.patterns.workflows.definition import SlotType as SlotType
from switchboard.patterns.workflows.definition import Step as Step
from switchboard.patterns.workflows.definition import UiSpec as UiSpec
from switchboard.patterns.workflows.definition import Workflow as Workflow
from switchboard.patterns.workflows.definition import (
    WorkflowDefinitionError as WorkflowDefinitionError,
)
from switchboard.patterns.workflows.definition import load_workflows as load_workflows
from switchboard.patterns.workflows.extract import Extraction as Extraction
from switchboard.patterns.workflows.extract import Extractor as Extractor
from switchboard.patterns.workflows.extract import RuleExtractor as RuleExtractor
from switchboard.patterns.workflows.hosted import ModelExtractor as ModelExtractor
from switchboard.patterns.workflows.hosted import ModelRouter as ModelRouter
from switchboard.patterns.workflows.hosted import extraction_schema as extraction_schema
from switchboard.patterns.workflows.hosted import parse_extraction as parse_extraction
from switchboard.patterns.workflows.pattern import MAX_STEPS as MAX_STEPS
from switchboard.patterns.workflows.pattern import RootAnswer as RootAnswer
from switchboard.patterns.workflows.pattern import WorkflowPattern as WorkflowPattern
from switchboard.patterns.workflows.router import CONTINUE as CONTINUE
from switchboard.patterns.workflows.router import ROUTE_DECISION_SCHEMA as ROUTE_DECISION_SCHEMA
from switchboard.patterns.workflows.router import KeywordRouter as KeywordRouter
from switchboard.patterns.workflows.router import RouteAction as RouteAction
from switchboard.patterns.workflows.router import RouteDecision as RouteDecision
from switchboard.patterns.workflows.router import Router as Router
from switchboard.patterns.workflows.router import parse_route_decision as parse_route_decision
from switchboard.patterns.workflows.router import route_decision_schema as route_decision_schema
from switchboard.patterns.workflows.state import Frame as Frame
from switchboard.patterns.workflows.state import WorkflowState as WorkflowState
from switchboard.patterns.workflows.texts import DEFAULT_TEXTS as DEFAULT_TEXTS
from switchboard.patterns.workflows.texts import WorkflowTexts as WorkflowTexts
from switchboard.patterns.workflows.values import DecimalParser as DecimalParser
from switchboard.patterns.workflows.values import SlotValueError as SlotValueError
from switchboard.patterns.workflows.values import coerce as coerce
from switchboard.patterns.workflows.values import display as display
from switchboard.patterns.workflows.values import fold as fold
from switchboard.patterns.workflows.values import match_options as match_options
from switchboard.patterns.workflows.values import parse_bool as parse_bool
from switchboard.patterns.workflows.values import parse_decimal as parse_decimal
from switchboard.patterns.workflows.values import parse_int as parse_int

__getattr__, __dir__, __all__ = attach(__name__)
