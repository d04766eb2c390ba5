"""Switchboard: multi-agent chat assistants with routing, delegation, a guarded message bus,
persistence and streaming.

The public API is the re-export imports below — the one list: `__all__` and the lazy
`__getattr__` are derived from them (`switchboard._faces`), so `import switchboard` stays cheap
and a name loads on first use. Each platform package (`switchboard.store`, `switchboard.patterns`,
…) is a face of its own in the same shape; apps import only from these faces
(`tests/test_public_api.py`). That test also locks this list: a name leaves it only on purpose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach

__version__ = "0.1.0"

if TYPE_CHECKING:
    from switchboard.apps import available_apps as available_apps
    from switchboard.apps import load_app as load_app
    from switchboard.bus.agent_handler import AgentHandler as AgentHandler
    from switchboard.bus.bus import MessageBus as MessageBus
    from switchboard.config import Settings as Settings
    from switchboard.core.agent_spec import AgentSpec as AgentSpec
    from switchboard.core.agent_spec import load_agents as load_agents
    from switchboard.core.clock import Clock as Clock
    from switchboard.core.clock import ManualClock as ManualClock
    from switchboard.core.clock import SystemClock as SystemClock
    from switchboard.core.errors import ConfigurationError as ConfigurationError
    from switchboard.core.errors import EmptyMessageError as EmptyMessageError
    from switchboard.core.errors import InvalidMessageError as InvalidMessageError
    from switchboard.core.errors import MessageTooLargeError as MessageTooLargeError
    from switchboard.core.errors import ModelError as ModelError
    from switchboard.core.errors import ModelResponseError as ModelResponseError
    from switchboard.core.errors import ModelTimeoutError as ModelTimeoutError
    from switchboard.core.errors import SessionNotFoundError as SessionNotFoundError
    from switchboard.core.errors import StepLimitError as StepLimitError
    from switchboard.core.errors import SwitchboardError as SwitchboardError
    from switchboard.core.errors import UnknownAgentError as UnknownAgentError
    from switchboard.core.errors import UnknownAppError as UnknownAppError
    from switchboard.core.events import AgentEvent as AgentEvent
    from switchboard.core.events import DoneEvent as DoneEvent
    from switchboard.core.events import ErrorEvent as ErrorEvent
    from switchboard.core.events import Event as Event
    from switchboard.core.events import StatusEvent as StatusEvent
    from switchboard.core.events import TextEvent as TextEvent
    from switchboard.core.events import ToolEndEvent as ToolEndEvent
    from switchboard.core.events import ToolStartEvent as ToolStartEvent
    from switchboard.core.events import UiEvent as UiEvent
    from switchboard.core.events import UsageEvent as UsageEvent
    from switchboard.core.events import parse_event as parse_event
    from switchboard.core.messages import Message as Message
    from switchboard.core.messages import MessageKind as MessageKind
    from switchboard.core.policy import Intent as Intent
    from switchboard.core.policy import OfflinePolicy as OfflinePolicy
    from switchboard.core.policy import PolicyAction as PolicyAction
    from switchboard.core.reply import Reply as Reply
    from switchboard.core.state import PatternState as PatternState
    from switchboard.core.state import RoutingState as RoutingState
    from switchboard.models.base import Model as Model
    from switchboard.models.base import ModelRequest as ModelRequest
    from switchboard.models.base import ModelResponse as ModelResponse
    from switchboard.models.registry import ModelCall as ModelCall
    from switchboard.models.registry import Provider as Provider
    from switchboard.models.scripted import ScriptedModel as ScriptedModel
    from switchboard.patterns.app import AgentRouting as AgentRouting
    from switchboard.patterns.app import ModelDriven as ModelDriven
    from switchboard.patterns.app import PatternApp as PatternApp
    from switchboard.patterns.delegation.manager import RoutingChatManager as RoutingChatManager
    from switchboard.patterns.delegation.pattern import DelegationPattern as DelegationPattern
    from switchboard.patterns.guardrails.pattern import Guard as Guard
    from switchboard.patterns.guardrails.pattern import Guarded as Guarded
    from switchboard.patterns.guardrails.pattern import Verdict as Verdict
    from switchboard.sessions.app import AgentCard as AgentCard
    from switchboard.sessions.app import ChatApp as ChatApp
    from switchboard.sessions.options import AppFactory as AppFactory
    from switchboard.sessions.options import AppOptions as AppOptions
    from switchboard.sessions.options import BuilderFactory as BuilderFactory
    from switchboard.sessions.progress import Progress as Progress
    from switchboard.sessions.turn import Pattern as Pattern
    from switchboard.sessions.turn import Turn as Turn
    from switchboard.sessions.turn import TurnPipeline as TurnPipeline
    from switchboard.store.base import Store as Store
    from switchboard.store.factory import open_store as open_store
    from switchboard.store.repository import Repository as Repository
    from switchboard.store.repository import SqlContext as SqlContext
    from switchboard.store.sql.locations import MigrationLocation as MigrationLocation
    from switchboard.tools.registry import ToolRegistry as ToolRegistry
    from switchboard.tools.tool import Tool as Tool
    from switchboard.tools.tool import ToolContext as ToolContext
    from switchboard.tools.tool import tool as tool
else:
    __getattr__, __dir__, __all__ = attach(__name__)
