"""What the workflow machinery itself says (pt-BR), as one replaceable set of templates.

Workflows bring their own questions; these are the repair lines around them (Rasa CALM's
patterns: correction, cancel, skip, continue-interrupted). Placeholders: `{slot}` (the slot's
name as shown: its question is not repeated), `{old}`/`{new}` (values as shown), `{workflow}`
(the workflow's description or name), `{values}` (slots and values as shown).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class WorkflowTexts(BaseModel):
    """The pt-BR lines the workflow pattern says itself (corrections, invalid answers, skips…),
    replaceable per app."""

    model_config = ConfigDict(frozen=True)

    corrected: str = "Certo, corrigi: {slot} agora é {new} (antes: {old})."
    noted: str | None = "Anotei: {values}."
    """Said when one message filled more than the question asked (or slots while another
    question was pending), so the user sees what was kept and can correct it; `{values}` is
    "slot value" pairs. None: say nothing."""
    invalid: str = "Hmm, não consegui usar essa resposta."
    not_understood: str = "Desculpe, não entendi."
    offer_skip: str = (
        'Se preferir, diga "pular" para seguir sem essa informação, ou "cancelar" para sair.'
    )
    offer_cancel: str = 'Se preferir, diga "cancelar" para sair.'
    cannot_skip: str = "Essa informação é necessária para continuar."
    skipped: str = "Tudo bem, vamos seguir sem essa informação."
    cancelled: str = "Tudo bem, cancelei: {workflow}."
    exited: str = "Tudo bem, paramos por aqui. Se precisar, é só chamar!"
    resume: str = "Voltando ao que estávamos fazendo…"
    completed: str = "Pronto, tudo certo!"
    """Said when workflows ended the turn without a word (no `respond` step at the end), so
    the user never gets an empty answer."""


DEFAULT_TEXTS = WorkflowTexts()
"""The workflows' default pt-BR wording."""

__all__ = ["DEFAULT_TEXTS", "WorkflowTexts"]
