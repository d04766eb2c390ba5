"""`McpServerSpec`: one MCP server an agent spec lists under `mcp_servers:`.

Tool names the model sees are `{prefix}__{tool}` (prefix defaults to the server name), because
every provider we target restricts function names: OpenAI (and the compatible servers) to
`^[a-zA-Z0-9_-]{1,64}$`, Anthropic to the same alphabet. A dot (`files.read`) would be rejected by
OpenAI, so the separator is a double underscore; characters outside the alphabet in a server's
tool name become `_`.

Allow-list: `allow` is required and non-empty — a server's tools reach a model only when named,
or when the list is `["*"]`. A name in `allow` that the server does not offer fails at connect
(a typo must not silently hide a tool).

Secrets: `env` values and `headers` values may reference `${VAR}` from the process environment,
expanded at connect time, so a YAML file needs no secret in it. A stdio server does not inherit
our environment: it gets the MCP SDK's safe default set (HOME, PATH, ...) plus `env`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from switchboard.core.errors import ConfigurationError

TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
"""What OpenAI accepts for a function name (the strictest provider we target)."""
_INVALID = re.compile(r"[^a-zA-Z0-9_-]")
_VARIABLE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")
ALL = "*"


class McpServerSpec(BaseModel):
    """How to reach one MCP server and which of its tools an agent may use."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[a-zA-Z0-9_-]{1,40}$")
    """Identifies the server in logs and errors; the default tool-name prefix."""
    transport: Literal["stdio", "http"] = "stdio"
    command: str | None = None
    """stdio: the executable that starts the server (e.g. `uvx`, `python`)."""
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    """stdio: extra environment for the server process; values may use `${VAR}`."""
    cwd: str | None = None
    url: str | None = None
    """http: the streamable-HTTP endpoint, e.g. `http://127.0.0.1:8931/mcp`."""
    headers: dict[str, str] = Field(default_factory=dict)
    """http: sent with every request (e.g. `Authorization: Bearer ${FILES_TOKEN}`)."""
    allow: list[str] = Field(min_length=1)
    """Tool names (as the server spells them) the agent may call; `["*"]` allows all."""
    prefix: str | None = Field(default=None, pattern=r"^[a-zA-Z0-9_-]{0,40}$")
    """Prefix of the tool names the model sees; None uses `name`, "" means no prefix."""
    timeout_s: float = Field(default=30.0, gt=0, le=600)
    """Per call: a call without an answer by then is a failed tool result."""
    connect_timeout_s: float = Field(default=10.0, gt=0, le=120)
    max_output_chars: int = Field(default=20_000, ge=100)
    """Longer outputs are cut (with a marker) so one tool cannot flood the model's context."""

    @model_validator(mode="after")
    def _transport_fields(self) -> McpServerSpec:
        if self.transport == "stdio" and not self.command:
            raise ValueError("a stdio MCP server needs `command`")
        if self.transport == "http" and not self.url:
            raise ValueError("an http MCP server needs `url`")
        return self

    def allows(self, tool: str) -> bool:
        return ALL in self.allow or tool in self.allow

    def local_name(self, tool: str) -> str:
        """The name the model sees for the server's `tool`: `{prefix}__{tool}`, sanitized."""
        prefix = self.name if self.prefix is None else self.prefix
        local = f"{prefix}__{_INVALID.sub('_', tool)}" if prefix else _INVALID.sub("_", tool)
        if not TOOL_NAME.match(local):
            raise ConfigurationError(
                f"MCP tool {tool!r} of server {self.name!r} maps to {local!r}, which is not a "
                "valid tool name (1-64 of a-z A-Z 0-9 _ -); use a shorter `prefix`",
                server=self.name,
                tool=tool,
            )
        return local

    def resolved_env(self, environ: Mapping[str, str] | None = None) -> dict[str, str]:
        return {key: expand(value, self.name, environ) for key, value in self.env.items()}

    def resolved_headers(self, environ: Mapping[str, str] | None = None) -> dict[str, str]:
        return {key: expand(value, self.name, environ) for key, value in self.headers.items()}


def expand(value: str, server: str, environ: Mapping[str, str] | None = None) -> str:
    """`${VAR}` from the environment; a missing variable is a configuration error (an empty
    token would fail later with a far less clear 401)."""
    source = os.environ if environ is None else environ

    def replace(match: re.Match[str]) -> str:
        variable = match.group(1)
        if variable not in source:
            raise ConfigurationError(
                f"MCP server {server!r} needs the environment variable {variable}",
                server=server,
                variable=variable,
            )
        return source[variable]

    return _VARIABLE.sub(replace, value)
