"""Attribute names and values, after the OpenTelemetry GenAI semantic conventions.

Version: the GenAI conventions as moved to their own repository
(`open-telemetry/semantic-conventions-genai` v0.1.0, the successor of semantic-conventions
v1.41's `docs/gen-ai`, itself depending on semconv v1.45). That is where `gen_ai.system` became
`gen_ai.provider.name`; we emit only the current names. The names are spelled out here instead of
imported from `opentelemetry-semantic-conventions`, whose GenAI module is `_incubating` (private)
and marks them deprecated-because-moved.

Privacy (by default, and there is no switch to turn it off): no message text, prompt, tool
arguments, tool output or user id ever becomes an attribute. The session id is recorded as
`gen_ai.conversation.id` only as a keyed hash (`conversation_ref`), so traces of one conversation
correlate (across processes too, given the same `SWITCHBOARD_TELEMETRY_SALT`) without exposing an
id a client chose — which may be an e-mail address or guessable.
"""

from __future__ import annotations

import hashlib
import os

# GenAI (semantic-conventions-genai v0.1.0)
OPERATION = "gen_ai.operation.name"
PROVIDER = "gen_ai.provider.name"
REQUEST_MODEL = "gen_ai.request.model"
REQUEST_STREAM = "gen_ai.request.stream"
RESPONSE_MODEL = "gen_ai.response.model"
FINISH_REASONS = "gen_ai.response.finish_reasons"
INPUT_TOKENS = "gen_ai.usage.input_tokens"
OUTPUT_TOKENS = "gen_ai.usage.output_tokens"
AGENT_NAME = "gen_ai.agent.name"
CONVERSATION_ID = "gen_ai.conversation.id"
TOOL_NAME = "gen_ai.tool.name"
TOOL_CALL_ID = "gen_ai.tool.call.id"
TOOL_TYPE = "gen_ai.tool.type"
ERROR_TYPE = "error.type"

CHAT = "chat"
INVOKE_AGENT = "invoke_agent"
EXECUTE_TOOL = "execute_tool"

# Messaging (semconv v1.45) for bus messages
MESSAGING_SYSTEM = "messaging.system"
MESSAGING_OPERATION = "messaging.operation.name"
MESSAGING_OPERATION_TYPE = "messaging.operation.type"
MESSAGING_DESTINATION = "messaging.destination.name"
MESSAGING_MESSAGE_ID = "messaging.message.id"

# Switchboard's own
APP = "switchboard.app"
PATTERN = "switchboard.pattern"
BUS_SENDER = "switchboard.bus.sender"
BUS_RECIPIENT = "switchboard.bus.recipient"
MISSION_ID = "switchboard.mission.id"
JOB_ID = "switchboard.job.id"
JOB_KIND = "switchboard.job.kind"
JOB_ATTEMPT = "switchboard.job.attempt"
JOB_STEP = "switchboard.job.step"

_PROVIDERS = {
    "openai": "openai",
    "anthropic": "anthropic",
    "deepseek": "deepseek",
    "gemini": "gcp.gemini",
    "groq": "groq",
    "mistral": "mistral_ai",
}
"""Our model-id prefixes → the conventions' well-known provider values. Others (ollama, vllm,
scripted, embedded, ...) are custom values, as the conventions allow."""
_split_cache: dict[str, tuple[str, str]] = {}


def split_model_id(model_id: str) -> tuple[str, str]:
    """`"openai:gpt-4o-mini"` → (`"openai"`, `"gpt-4o-mini"`); `"scripted"` → (`"scripted"`,
    `"scripted"`). Cached: called on every model call while tracing is on."""
    cached = _split_cache.get(model_id)
    if cached is None:
        prefix, _, name = model_id.partition(":")
        provider = _PROVIDERS.get(prefix.lower(), prefix.lower() or "unknown")
        cached = (provider, name or model_id)
        if len(_split_cache) < 1024:
            _split_cache[model_id] = cached
    return cached


def conversation_ref(session_id: str, salt: str | None = None) -> str:
    """A keyed BLAKE2b of the session id, 16 hex characters (64 bits: no collision among the
    sessions one deployment traces). The key is `SWITCHBOARD_TELEMETRY_SALT`; without one the hash
    still hides the id from casual reading but a known id can be checked against it."""
    key = (os.environ.get("SWITCHBOARD_TELEMETRY_SALT", "") if salt is None else salt).encode()
    return hashlib.blake2b(session_id.encode(), key=key[:64], digest_size=8).hexdigest()
