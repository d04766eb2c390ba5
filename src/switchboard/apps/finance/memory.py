"""Memory tiers of the finance agents (spec 001 §2.2): working, episodic, long-term.

`build_context(turn, state, profile)` gives each agent, clearly labelled and possibly empty:
- **Memória de trabalho** (working memory): volatile key/values of the current request or
  dialog (the open question, the draft's fields), cleared when the dialog closes;
- **Memória episódica** (per chat): the last WINDOW messages verbatim plus a cumulative summary
  of older ones, capped at SUMMARY_CAP characters (oldest sentences dropped first). Offline the
  summary is extractive: the first sentence of each message that left the window, prefixed by
  who said it;
- **Perfil** (long-term): curated facts about the user (salary, usual payment method...), kept
  in the ledger's profile table.

Everything passes `pii.redact` before it enters the summary, working memory or the profile
(CPF, CNPJ, card numbers, passwords, bank accounts); money amounts and dates are kept.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from switchboard.apps.finance.state import FinanceState
from switchboard.memory import redact
from switchboard.store import StoredMessage

WINDOW = 4
"""Recent messages given verbatim (spec: "janela recente de 4 mensagens")."""
SUMMARY_CAP = 1200
"""Characters of cumulative summary kept; about 300 tokens, enough for ~15 earlier exchanges."""
SENTENCE_CAP = 160

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def clean(text: str) -> str:
    """`text` with PII replaced by placeholders (`[CPF]`, `[CARTAO]`, ...)."""
    return redact(text).text


def clean_facts(facts: Mapping[str, str]) -> dict[str, str]:
    return {clean(k): clean(v) for k, v in facts.items()}


@dataclass(slots=True)
class FinanceContext:
    """What every finance agent receives (the context builder's output)."""

    working: dict[str, str] = field(default_factory=dict)
    recent: list[str] = field(default_factory=list)
    summary: str = ""
    profile: dict[str, str] = field(default_factory=dict)

    def render(self) -> str:
        """The three tiers as a labelled pt-BR block for a model prompt."""
        working = "\n".join(f"- {k}: {v}" for k, v in self.working.items()) or "(vazia)"
        recent = "\n".join(self.recent) or "(nenhuma)"
        profile = "\n".join(f"- {k}: {v}" for k, v in self.profile.items()) or "(vazio)"
        return (
            f"## Memória de trabalho\n{working}\n\n"
            f"## Memória episódica\nResumo: {self.summary or '(vazio)'}\n"
            f"Mensagens recentes:\n{recent}\n\n"
            f"## Perfil do usuário\n{profile}"
        )


def _line(message: StoredMessage) -> str:
    who = "Usuário" if message.role == "user" else "Assistente"
    return f"{who}: {clean(message.content)}"


def summarize_overflow(state: FinanceState, history: Sequence[StoredMessage]) -> tuple[str, int]:
    """The summary and count after folding messages that left the recent window into it."""
    chat = [m for m in history if m.role in ("user", "assistant") and m.content]
    overflow = [m for m in chat[:-WINDOW] if m.seq > state.summarized]
    if not overflow:
        return state.summary, state.summarized
    parts = [state.summary] if state.summary else []
    for message in overflow:
        first = _SENTENCE.split(clean(message.content).strip(), maxsplit=1)[0][:SENTENCE_CAP]
        who = "Usuário" if message.role == "user" else "Assistente"
        parts.append(f"{who}: {first}")
    summary = " | ".join(parts)
    while len(summary) > SUMMARY_CAP and " | " in summary:
        summary = summary.split(" | ", 1)[1]
    return summary[-SUMMARY_CAP:], overflow[-1].seq


def build_context(
    state: FinanceState,
    history: Sequence[StoredMessage],
    profile: Mapping[str, str],
    *,
    read: bool = True,
) -> FinanceContext:
    """The context of one agent run; `read=False` (lançamento's policy) gives only working
    memory."""
    working = clean_facts(state.working)
    if not read:
        return FinanceContext(working=working)
    chat = [m for m in history if m.role in ("user", "assistant") and m.content]
    return FinanceContext(
        working=working,
        recent=[_line(m) for m in chat[-WINDOW:]],
        summary=state.summary,
        profile=clean_facts(profile),
    )


def profile_facts(
    kind: str, categoria: str | None, subcategoria: str | None, value: str
) -> dict[str, str]:
    """Curated long-term facts learned from a recorded operation (redacted by the caller)."""
    if kind == "receita" and subcategoria == "Salário":
        return {"salario_mensal": value}
    if kind == "despesa" and categoria == "Moradia" and subcategoria == "Aluguel":
        return {"aluguel": value}
    return {}
