"""Workflows as a reusable pattern (spec 002): slot-filling dialogs as data, a dialog stack for
digressions, and a router in front. See `pattern.py` for the turn, `definition.py` for the data.
"""

from switchboard.patterns.workflows.actions import (
    Action,
    ActionContext,
    ActionItem,
    Say,
    SetSlots,
    UiRequest,
    Validator,
)
from switchboard.patterns.workflows.commands import DEFAULT_COMMANDS, Command, Commands
from switchboard.patterns.workflows.definition import (
    ActionStep,
    CollectStep,
    Condition,
    EnumOption,
    OnComplete,
    RespondStep,
    SlotType,
    Step,
    UiSpec,
    Workflow,
    WorkflowDefinitionError,
    load_workflows,
)
from switchboard.patterns.workflows.extract import Extraction, Extractor, RuleExtractor
from switchboard.patterns.workflows.hosted import (
    ModelExtractor,
    ModelRouter,
    extraction_schema,
    parse_extraction,
)
from switchboard.patterns.workflows.pattern import MAX_STEPS, RootAnswer, WorkflowPattern
from switchboard.patterns.workflows.router import (
    CONTINUE,
    ROUTE_DECISION_SCHEMA,
    KeywordRouter,
    RouteAction,
    RouteDecision,
    Router,
    parse_route_decision,
    route_decision_schema,
)
from switchboard.patterns.workflows.state import Frame, WorkflowState
from switchboard.patterns.workflows.texts import DEFAULT_TEXTS, WorkflowTexts
from switchboard.patterns.workflows.values import (
    DecimalParser,
    SlotValueError,
    coerce,
    fold,
    match_options,
    parse_bool,
    parse_decimal,
    parse_int,
)

__all__ = [
    "CONTINUE",
    "DEFAULT_COMMANDS",
    "DEFAULT_TEXTS",
    "MAX_STEPS",
    "ROUTE_DECISION_SCHEMA",
    "Action",
    "ActionContext",
    "ActionItem",
    "ActionStep",
    "CollectStep",
    "Command",
    "Commands",
    "Condition",
    "DecimalParser",
    "EnumOption",
    "Extraction",
    "Extractor",
    "Frame",
    "KeywordRouter",
    "ModelExtractor",
    "ModelRouter",
    "OnComplete",
    "RespondStep",
    "RootAnswer",
    "RouteAction",
    "RouteDecision",
    "Router",
    "RuleExtractor",
    "Say",
    "SetSlots",
    "SlotType",
    "SlotValueError",
    "Step",
    "UiRequest",
    "UiSpec",
    "Validator",
    "Workflow",
    "WorkflowDefinitionError",
    "WorkflowPattern",
    "WorkflowState",
    "WorkflowTexts",
    "coerce",
    "extraction_schema",
    "fold",
    "load_workflows",
    "match_options",
    "parse_bool",
    "parse_decimal",
    "parse_extraction",
    "parse_int",
    "parse_route_decision",
    "route_decision_schema",
]
