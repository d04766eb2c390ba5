"""Tools whose side effects tests count (a line appended to `effects.log` per call)."""

from __future__ import annotations

import asyncio
import os

from switchboard.patterns.jobs.tools.context import workdir
from switchboard.tools import Tool, ToolContext


def _append(line: str, context: ToolContext) -> str:
    """Appends a line to effects.log in the working directory (a side effect to count)."""
    with open(os.path.join(workdir(context), "effects.log"), "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    return "ok"


async def _slow(line: str, context: ToolContext) -> str:
    """Like append, after 0.15 s (so a test can act while a job runs)."""
    await asyncio.sleep(0.15)
    return _append(line, context)


APPEND = Tool(_append, name="append")
SLOW = Tool(_slow, name="slow")
