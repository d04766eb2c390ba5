"""Spec 004's GenericAgentExecutor over a hosted model: every decision is a structured answer.

analyse → criteria → plan are JSON answers validated against pydantic schemas (the schema is
also sent as `response_schema`); an invalid answer (bad JSON, a missing field, a plan with an
unknown dependency or a cycle) is sent back to the model with the error and retried up to
`max_repairs` times, then raised as a typed error (`InvalidPlanError` / `ModelResponseError`), which
fails the attempt and lets the engine retry it with backoff.

Criteria are typed (`Criterion.kind`): the model is asked for checkable ones — a file that
must exist or contain a text, a command (a test suite) that must pass in the sandbox — which the
engine runs itself; only what cannot be checked that way is `model` (judged by this executor).

Execution is one model call per engine step (`next_action`): the engine journals and runs the
tool calls itself (at most once after a crash), so this executor never runs tools — which is why
it does not use `AgentRun`, whose tool loop would bypass the journal. Every tool call of an
answer is returned, in order (the engine runs them all). Malformed tool arguments are repaired
the same way; a tool the persona does not have is refused before the engine sees it.

Validation is a progress ledger (MagenticOne) over the criteria the model judges — the engine
has already checked the others, and its report is in the conversation: per criterion
passed/evidence, plus `is_looping`, `is_progressing`, `root_cause` and `next_step`; the root
cause and next step feed the replan. On a passed validation an optional `learning` is promoted
to the persona's long-term memory (keyed by the job id, so a replayed step stores it once), and
later jobs see it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, Field, ValidationError

from switchboard.core.errors import ModelResponseError, SwitchboardError
from switchboard.core.messages import Message, ToolCall
from switchboard.models.base import Model, ModelRequest
from switchboard.patterns.jobs.errors import InvalidPlanError
from switchboard.patterns.jobs.executor import Action, Analysis, ToolRequest
from switchboard.patterns.jobs.models import (
    Criterion,
    CriterionResult,
    Job,
    Plan,
    ValidationResult,
)
from switchboard.patterns.jobs.personas import PersonaTemplate
from switchboard.patterns.jobs.plan import check_plan
from switchboard.patterns.jobs.tools.memory import LongTermMemory
from switchboard.tools.registry import ToolRegistry

T = TypeVar("T", bound=BaseModel)

MAX_TRANSCRIPT_MESSAGES = 40
"""Conversation messages sent per call (the engine also summarises above its threshold)."""
MAX_MESSAGE_CHARS = 4_000


class CriteriaAnswer(BaseModel):
    criteria: list[Criterion] = Field(min_length=1, max_length=20)


CRITERIA_PROMPT = (
    "Antes de executar, defina os critérios de pronto. Cada critério tem id, description e "
    "kind, que diz como ele será verificado:\n"
    "- file_exists (path): o arquivo precisa existir;\n"
    "- file_contains (path, text): o arquivo precisa conter o texto;\n"
    "- command (command, exit_code): o comando, uma lista de argumentos sem shell, roda na "
    "sandbox do job e precisa sair com exit_code;\n"
    "- tests_pass (command): o comando de testes (ex.: "
    '["python3", "-m", "pytest", "-q"]) precisa passar;\n'
    "- model: só o que não dá para verificar assim; será julgado pelo modelo.\n"
    "O motor executa os critérios verificáveis depois que você terminar; prefira-os."
)


def non_empty_plan(plan: Plan) -> None:
    """A model's plan must say what it will do (an empty one is refused and repaired)."""
    check_plan(plan)
    if not plan.steps and not plan.sub_jobs:
        raise InvalidPlanError("o plano está vazio: informe ao menos um passo")


class LedgerCriterion(BaseModel):
    criterion_id: str
    passed: bool
    evidence: str = ""


class ProgressLedger(BaseModel):
    """The validation answer: is the request satisfied, are we looping, progressing, what next."""

    is_request_satisfied: bool
    results: list[LedgerCriterion] = Field(default_factory=list)
    is_looping: bool = False
    is_progressing: bool = True
    root_cause: str = ""
    next_step: str = ""
    learning: str = ""
    """With a satisfied request: one reusable lesson for this persona's future jobs (optional)."""


@dataclass(slots=True)
class GenericAgentExecutor:
    """The `Executor` for one persona: `model` answers, `tools` are the ones it may call."""

    persona: PersonaTemplate
    model: Model
    tools: ToolRegistry
    memory: LongTermMemory | None = None
    max_repairs: int = 2

    # -- Executor -----------------------------------------------------------------------------

    async def analyse(self, job: Job) -> Analysis:
        analysis = await self._structured(
            job,
            "Analise o pedido: responda o objetivo (goal) em uma frase e notas (notes) com "
            "restrições e dúvidas.",
            Analysis,
        )
        if self.memory is not None:
            learned = await self.memory.recall(job.user_id, job.persona, limit=10)
            analysis.notes.extend(f"aprendizado: {text}" for text in learned)
        return analysis

    async def define_criteria(self, job: Job) -> list[Criterion]:
        answer = await self._structured(job, CRITERIA_PROMPT, CriteriaAnswer)
        return answer.criteria

    async def plan(self, job: Job) -> Plan:
        return await self._structured(
            job,
            "Planeje: passos (steps) e, se o trabalho se divide, sub-jobs (sub_jobs) com ref "
            "única, request e depends_on (refs do mesmo plano, sem ciclos). Trabalho pequeno: "
            "sem sub-jobs.",
            Plan,
            check=non_empty_plan,
        )

    async def replan(self, job: Job, validation: ValidationResult) -> Plan:
        return await self._structured(
            job,
            "A validação falhou. Causa raiz: "
            f"{validation.root_cause or 'não informada'}. Faça um novo plano que corrija a "
            "causa (sub-jobs só para o que precisa ser refeito).",
            Plan,
            check=non_empty_plan,
        )

    async def next_action(self, job: Job) -> Action:
        names = [name for name in self.persona.tools if name in self.tools]
        messages = self._messages(job, "Escolha a próxima ferramenta ou termine com o resultado.")
        problems: list[str] = []
        for _ in range(self.max_repairs + 1):
            response = await self.model.complete(
                ModelRequest(messages=messages, tools=self.tools.schemas(names), agent=job.persona)
            )
            if not response.tool_calls:
                return Action(kind="finish", result=response.text.strip(), thought=response.text)
            calls: list[ToolRequest] = []
            problems = []
            for call in response.tool_calls:
                request, problem = _tool_request(call, names)
                if request is not None:
                    calls.append(request)
                else:
                    problems.append(f"{call.name}: {problem}")
            if not problems:
                first, *more = calls
                return Action(
                    kind="tool",
                    tool=first.tool,
                    arguments=first.arguments,
                    more_calls=more,
                    thought=response.text,
                )
            shown = "; ".join(f"{c.name} {c.arguments[:300]}" for c in response.tool_calls)
            messages = [
                *messages,
                Message.assistant(f"[chamada inválida: {shown}]"),
                Message.user(f"ERRO: {'; '.join(problems)}. Corrija a chamada."),
            ]
        raise ModelResponseError(
            f"o modelo não produziu uma chamada de ferramenta válida: {'; '.join(problems)}"
        )

    async def validate(self, job: Job) -> ValidationResult:
        judged = [c for c in job.validation_criteria if c.judged_by == "model"]
        scope = (
            "CADA critério julgado pelo modelo ("
            + ", ".join(c.id for c in judged)
            + "); os verificados pelo motor já passaram"
            if judged
            else "o pedido (os critérios verificáveis já foram conferidos pelo motor)"
        )
        ledger = await self._structured(
            job,
            f"Valide o resultado contra {scope}, com evidência concreta do histórico. Preencha "
            "o registro de progresso: is_request_satisfied, results, is_looping, "
            "is_progressing, root_cause (se falhou), next_step e, se deu certo, learning (uma "
            "lição reutilizável, opcional).",
            ProgressLedger,
        )
        known = {c.id for c in judged}
        results = [
            CriterionResult(criterion_id=r.criterion_id, passed=r.passed, evidence=r.evidence)
            for r in ledger.results
            if r.criterion_id in known
        ]
        missing = known - {r.criterion_id for r in results}
        passed = ledger.is_request_satisfied and not missing and all(r.passed for r in results)
        cause = ledger.root_cause
        if not passed and missing:
            cause = cause or f"critérios sem evidência: {', '.join(sorted(missing))}"
        if ledger.is_looping:
            cause = f"{cause} (o agente está repetindo ações)".strip()
        if not passed and ledger.next_step:
            cause = f"{cause}; próximo passo: {ledger.next_step}".strip("; ")
        if passed and ledger.learning.strip() and self.memory is not None:
            await self.memory.promote(job.user_id, job.persona, ledger.learning.strip(), job.id)
        return ValidationResult(passed=passed, results=results, root_cause=cause)

    async def summarise(self, job: Job) -> str:
        response = await self.model.complete(
            ModelRequest(
                messages=self._messages(
                    job, "Resuma o histórico acima em até 10 linhas: o que foi feito, o que falta."
                ),
                agent=job.persona,
            )
        )
        return response.text.strip() or f"{len(job.state.activity.history)} interações resumidas"

    # -- helpers ------------------------------------------------------------------------------

    async def _structured(
        self,
        job: Job,
        instruction: str,
        schema: type[T],
        check: Any = None,
    ) -> T:
        json_schema = schema.model_json_schema()
        messages = self._messages(
            job, f"{instruction}\nResponda somente JSON no esquema {schema.__name__}."
        )
        error = ""
        for _ in range(self.max_repairs + 1):
            response = await self.model.complete(
                ModelRequest(messages=messages, response_schema=json_schema, agent=job.persona)
            )
            try:
                value = schema.model_validate_json(_strip_fence(response.text))
                if check is not None:
                    check(value)
                return value
            except (ValidationError, SwitchboardError) as exc:
                error = _describe(exc)
            messages = [
                *messages,
                Message.assistant(response.text[:MAX_MESSAGE_CHARS]),
                Message.user(f"ERRO: resposta inválida ({error}). Responda de novo, só o JSON."),
            ]
        if schema is Plan:
            raise InvalidPlanError(f"o modelo não produziu um plano válido: {error}")
        raise ModelResponseError(f"o modelo não produziu {schema.__name__} válido: {error}")

    def _messages(self, job: Job, instruction: str) -> list[Message]:
        spec = self.persona.agent_spec()
        system = [
            f"Você é {self.persona.role}. {self.persona.goal}".strip(),
            spec.instructions,
        ]
        learnings = job.state.activity.notes
        if learnings:
            system.append("Notas: " + "; ".join(learnings[-10:]))
        context = [f"Pedido: {job.request}"]
        if job.state.activity.goal:
            context.append(f"Objetivo: {job.state.activity.goal}")
        if job.validation_criteria:
            context.append(
                "Critérios de pronto:\n"
                + "\n".join(
                    f"- {c.id}: {c.description} ({_how(c)})" for c in job.validation_criteria
                )
            )
        if job.plan is not None and job.plan.steps:
            context.append(
                "Plano:\n" + "\n".join(f"- {s.id}: {s.description}" for s in job.plan.steps)
            )
        messages = [Message.system("\n\n".join(system)), Message.user("\n\n".join(context))]
        for item in job.state.conversation[-MAX_TRANSCRIPT_MESSAGES:]:
            text = item.content[:MAX_MESSAGE_CHARS]
            if item.role == "assistant":
                messages.append(Message.assistant(text))
            elif item.role == "tool":
                messages.append(Message.user(f"[resultado de {item.tool}] {text}"))
            else:
                messages.append(Message.user(text))
        messages.append(Message.user(instruction))
        return messages


def _tool_request(call: ToolCall, names: list[str]) -> tuple[ToolRequest | None, str]:
    """The call as a request, or why it cannot run."""
    if call.name not in names:
        return None, f"a ferramenta '{call.name}' não existe; use uma de: {', '.join(names)}"
    try:
        arguments = json.loads(call.arguments or "{}")
    except json.JSONDecodeError as exc:
        return None, f"argumentos não são JSON válido ({exc.msg})"
    if not isinstance(arguments, dict):
        return None, "os argumentos devem ser um objeto JSON"
    return ToolRequest(tool=call.name, arguments=arguments), ""


def _how(criterion: Criterion) -> str:
    """How a criterion is checked, for the prompt."""
    if criterion.kind in ("file_exists", "file_contains"):
        return f"o motor verifica o arquivo {criterion.path}"
    if criterion.kind in ("command", "tests_pass"):
        return f"o motor roda `{' '.join(criterion.command or [])}` na sandbox"
    return "julgado pelo modelo"


def _strip_fence(text: str) -> str:
    """Models often wrap JSON in ```json fences; accept that."""
    body = text.strip()
    if body.startswith("```"):
        body = body.split("\n", 1)[1] if "\n" in body else ""
        body = body.rsplit("```", 1)[0]
    return body.strip()


def _describe(exc: Exception) -> str:
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "raiz"
        return f"{where}: {first.get('msg', 'inválido')}"
    return str(exc)


__all__ = [
    "CRITERIA_PROMPT",
    "CriteriaAnswer",
    "GenericAgentExecutor",
    "LedgerCriterion",
    "ProgressLedger",
    "non_empty_plan",
]
