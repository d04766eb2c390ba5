"""The file operations an offline "dev" job can do, read from a pt-BR request.

The catalogue is small and honest: create a file with a given text, append a text to a file,
replace a text in a file, create a folder, copy a file. Texts are quoted ("…", '…' or “…”)
— a new file's text may also run unquoted to the end of the message —
paths are single words relative to the job's workspace (the filesystem tools refuse anything
outside it). Each operation becomes tool calls and an engine-checked criterion (the file exists
/ contains the text / the folder exists), so "done" is decided by the files, not by the
executor. Anything else — writing code, refactoring, deciding what to change — needs a hosted
model, and the job says so (`HOSTED_ONLY`) instead of writing a placeholder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from switchboard.patterns import Criterion

HOSTED_ONLY = (
    "sem um modelo hospedado eu só faço operações de arquivo que o pedido nomeia: criar um "
    'arquivo com um texto (crie o arquivo notas.txt com o texto "..."), acrescentar um texto '
    '(acrescente "..." ao arquivo notas.txt), substituir um texto (substitua "a" por "b" em '
    "notas.txt), criar uma pasta (crie a pasta docs) ou copiar um arquivo (copie a.txt para "
    "b.txt). Para o resto — escrever ou alterar código, decidir o que mudar — configure um "
    "modelo hospedado (SWITCHBOARD_MODEL e a chave do provedor) e peça de novo."
)

_Q = r"[\"'“”‘’]"
_TEXT = rf"{_Q}(?P<text>[^\"'“”‘’]+){_Q}"
_PATH = r"(?P<path>[\w./-]*\w)"
OpKind = Literal["create", "append", "replace", "mkdir", "copy"]

_PATTERNS: tuple[tuple[OpKind, re.Pattern[str]], ...] = (
    (
        "create",
        re.compile(
            rf"\b(?:crie|criar|escreva|gere)\s+(?:o\s+|um\s+)?arquivo\s+(?:chamado\s+)?{_PATH}\s+"
            rf"(?:com|contendo|dizendo)\s+(?:o\s+)?(?:texto|conte[uú]do)?\s*:?\s*{_TEXT}",
            re.IGNORECASE,
        ),
    ),
    (  # the text unquoted, to the end of the message ("… com o texto comprar pão")
        "create",
        re.compile(
            rf"\b(?:crie|criar|escreva|gere)\s+(?:o\s+|um\s+)?arquivo\s+(?:chamado\s+)?{_PATH}\s+"
            r"(?:com|contendo)\s+(?:o\s+)?(?:texto|conte[uú]do)\s*:?\s+"
            r"(?P<text>[^\"'“”‘’\n]+?)\s*[.!]?\s*$",
            re.IGNORECASE,
        ),
    ),
    (  # a labelled text after a colon ("… com a lista de compras: arroz, feijão"): the label is
        # written too; without the colon ("com o resumo da reunião") the words name content to
        # produce, not to copy, and no offline operation is read from them
        "create",
        re.compile(
            rf"\b(?:crie|criar|escreva|gere)\s+(?:o\s+|um\s+)?arquivo\s+(?:chamado\s+)?{_PATH}\s+"
            r"(?:com|contendo)\s+(?:(?:as?|os?|uma?)\s+)?"
            r"(?P<text>[^\"'“”‘’\n:]+:\s*[^\"'“”‘’\n]+?)\s*[.!]?\s*$",
            re.IGNORECASE,
        ),
    ),
    (
        "append",
        re.compile(
            rf"\b(?:acrescente|adicione|anexe)\s+{_TEXT}\s+(?:ao|no|em)\s+(?:arquivo\s+)?{_PATH}",
            re.IGNORECASE,
        ),
    ),
    (
        "replace",
        re.compile(
            rf"\b(?:substitua|troque)\s+{_Q}(?P<old>[^\"'“”‘’]+){_Q}\s+por\s+{_TEXT}\s+"
            rf"(?:em|no)\s+(?:arquivo\s+)?{_PATH}",
            re.IGNORECASE,
        ),
    ),
    (
        "mkdir",
        re.compile(rf"\b(?:crie|criar)\s+(?:a\s+|uma\s+)?pasta\s+{_PATH}", re.IGNORECASE),
    ),
    (
        "copy",
        re.compile(
            rf"\b(?:copie|copiar)\s+(?:o\s+arquivo\s+)?(?P<src>[\w./-]*\w)\s+para\s+{_PATH}",
            re.IGNORECASE,
        ),
    ),
)


SHOWN_CHARS = 60


def _shown(text: str) -> str:
    """The text as the plan quotes it, so the person approving sees what will be written."""
    return f'"{text}"' if len(text) <= SHOWN_CHARS else f'"{text[: SHOWN_CHARS - 1]}…"'


@dataclass(frozen=True, slots=True)
class FileOp:
    kind: OpKind
    path: str
    text: str = ""
    old: str = ""
    source: str = ""

    @property
    def calls(self) -> int:
        """Tool calls it takes (a replacement and a copy read first)."""
        return 2 if self.kind in ("replace", "copy") else 1

    def describe(self) -> str:
        return {
            "create": f"criar {self.path} com o texto {_shown(self.text)}",
            "append": f"acrescentar {_shown(self.text)} a {self.path}",
            "replace": f"substituir '{self.old}' por '{self.text}' em {self.path}",
            "mkdir": f"criar a pasta {self.path}",
            "copy": f"copiar {self.source} para {self.path}",
        }[self.kind]

    def action(self, part: int, read: str | None) -> tuple[str, dict[str, Any]]:
        """The tool call for `part` (0, or 1 after the read whose content is `read`)."""
        if self.kind == "create":
            return "fs_write", {"path": self.path, "content": self.text + "\n"}
        if self.kind == "append":
            return "fs_write", {"path": self.path, "content": self.text + "\n", "append": True}
        if self.kind == "mkdir":
            return "fs_mkdir", {"path": self.path}
        if part == 0:
            return "fs_read", {"path": self.source if self.kind == "copy" else self.path}
        content = read or ""
        if self.kind == "replace":
            content = content.replace(self.old, self.text)
        return "fs_write", {"path": self.path, "content": content}

    def criterion(self, number: int) -> Criterion:
        cid = f"c{number}"
        if self.kind == "mkdir":
            return Criterion(
                id=cid,
                description=f"a pasta {self.path} existe",
                kind="command",
                command=["test", "-d", self.path],
            )
        if self.kind == "copy":
            return Criterion(
                id=cid,
                description=f"{self.path} é igual a {self.source}",
                kind="command",
                command=["diff", "-q", self.source, self.path],
            )
        return Criterion(
            id=cid,
            description=f"{self.path} contém '{self.text}'",
            kind="file_contains",
            path=self.path,
            text=self.text,
        )


def parse_ops(request: str) -> list[FileOp]:
    """The operations `request` names, in the order it names them."""
    found: list[tuple[int, FileOp]] = []
    taken: list[range] = []
    for kind, pattern in _PATTERNS:
        for m in pattern.finditer(request):
            span = range(m.start(), m.end())
            if any(m.start() in other or (m.end() - 1) in other for other in taken):
                continue
            taken.append(span)
            groups = m.groupdict()
            op = FileOp(
                kind=kind,
                path=groups["path"],
                text=groups.get("text") or "",
                old=groups.get("old") or "",
                source=groups.get("src") or "",
            )
            found.append((m.start(), op))
    return [op for _, op in sorted(found, key=lambda pair: pair[0])]


def criteria_for(ops: list[FileOp]) -> list[Criterion]:
    """One criterion per operation, about the files as they are once every operation ran (a
    text that a later replacement changes is expected as replaced)."""
    criteria = [op.criterion(n) for n, op in enumerate(ops, 1)]
    for index, op in enumerate(ops):
        if op.kind != "replace":
            continue
        for earlier in criteria[:index]:
            if earlier.kind == "file_contains" and earlier.path == op.path and earlier.text:
                replaced = earlier.text.replace(op.old, op.text)
                earlier.text = replaced
                earlier.description = f"{op.path} contém '{replaced}'"
    return criteria


__all__ = ["HOSTED_ONLY", "FileOp", "criteria_for", "parse_ops"]
