"""Apps exposed as an MCP server, driven by a real MCP client session (in memory)."""

from __future__ import annotations

import pytest
from mcp import Client

from switchboard.core.errors import ConfigurationError, SessionNotFoundError
from switchboard.tools.mcp.server import ChatAppLike, build_mcp_server


class EchoApp:
    def __init__(self) -> None:
        self.calls: list[tuple[str, str, str]] = []

    async def reply(self, session_id: str, message: str, user_id: str) -> str:
        self.calls.append((session_id, message, user_id))
        if message == "quebra":
            raise RuntimeError("segredo interno")
        if message == "sessão":
            raise SessionNotFoundError("no such session")
        return f"{len(self.calls)}: {message}"


async def test_one_chat_tool_per_app_answers_with_the_app_text() -> None:
    support, finance = EchoApp(), EchoApp()
    apps: dict[str, ChatAppLike] = {"support": support, "finance": finance}
    server = build_mcp_server(apps, user_id="ide", descriptions={"support": "Suporte técnico."})
    async with Client(server) as client:
        listed = (await client.list_tools()).tools
        assert [tool.name for tool in listed] == ["chat_support", "chat_finance"]
        assert listed[0].description is not None
        assert listed[0].description.startswith("Suporte técnico.")
        assert set(listed[0].input_schema["required"]) == {"message", "session_id"}

        first = await client.call_tool("chat_support", {"message": "oi", "session_id": "s1"})
        second = await client.call_tool("chat_support", {"message": "e aí", "session_id": "s1"})
        assert not first.is_error
        assert [block.text for block in first.content + second.content] == [  # type: ignore[union-attr]
            "1: oi",
            "2: e aí",
        ]
        assert support.calls == [("s1", "oi", "ide"), ("s1", "e aí", "ide")]
        assert finance.calls == []


async def test_app_errors_are_tool_errors_with_a_code_and_no_internal_text() -> None:
    server = build_mcp_server({"support": EchoApp()}, user_id="ide")
    async with Client(server) as client:
        typed = await client.call_tool("chat_support", {"message": "sessão", "session_id": "x"})
        assert typed.is_error
        assert "session_not_found" in typed.content[0].text  # type: ignore[union-attr]

        crashed = await client.call_tool("chat_support", {"message": "quebra", "session_id": "x"})
        assert crashed.is_error
        text = crashed.content[0].text  # type: ignore[union-attr]
        assert "internal_error" in text and "segredo" not in text

        empty = await client.call_tool("chat_support", {"message": "", "session_id": "x"})
        assert empty.is_error


def test_an_app_name_that_cannot_be_a_tool_name_is_rejected() -> None:
    with pytest.raises(ConfigurationError):
        build_mcp_server({"suporte técnico": EchoApp()}, user_id="ide")
