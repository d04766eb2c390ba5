"""Filesystem tools for job agents, confined to the job's working directory (see `Workspace`)."""

from __future__ import annotations

from switchboard.patterns.jobs.tools.context import workdir
from switchboard.patterns.jobs.tools.workspace import Workspace
from switchboard.tools.tool import Tool, ToolContext


def _fs_read(path: str, context: ToolContext) -> dict[str, object]:
    """Lê um arquivo de texto do diretório de trabalho do job (caminho relativo)."""
    text, truncated = Workspace(workdir(context)).read_text(path)
    return {"path": path, "content": text, "truncated": truncated}


def _fs_write(
    path: str, content: str, context: ToolContext, append: bool = False
) -> dict[str, object]:
    """Escreve (ou acrescenta, com append=true) texto num arquivo do diretório de trabalho."""
    written = Workspace(workdir(context)).write_text(path, content, append=append)
    return {"path": path, "bytes": written}


def _fs_list(context: ToolContext, path: str = ".") -> dict[str, object]:
    """Lista o conteúdo de um diretório dentro do diretório de trabalho."""
    return {"path": path, "entries": Workspace(workdir(context)).list_dir(path)}


def _fs_mkdir(path: str, context: ToolContext) -> dict[str, object]:
    """Cria um diretório (e os intermediários) dentro do diretório de trabalho."""
    Workspace(workdir(context)).make_dir(path)
    return {"path": path, "created": True}


fs_read = Tool(_fs_read, name="fs_read", status="Lendo arquivo...")
fs_write = Tool(_fs_write, name="fs_write", status="Escrevendo arquivo...")
fs_list = Tool(_fs_list, name="fs_list", status="Listando arquivos...")
fs_mkdir = Tool(_fs_mkdir, name="fs_mkdir")


def filesystem_tools() -> list[Tool]:
    """Read, write, list and mkdir tools confined to the job's working directory."""
    return [fs_read, fs_write, fs_list, fs_mkdir]


READ_ONLY = frozenset({"fs_read", "fs_list"})
"""Safe to run again after a crash (the engine re-runs them instead of refusing)."""

__all__ = ["READ_ONLY", "filesystem_tools", "fs_list", "fs_mkdir", "fs_read", "fs_write"]
