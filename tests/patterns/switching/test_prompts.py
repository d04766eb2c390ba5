"""The prompt right after a switch and on the next message, per strategy family (spec 003,
"Estratégias de Prompt Específicas por Modelo"; the original's bugs: reset on every message, the
current agent named as the previous one, assertiveness / memory / special handling ignored)."""

from __future__ import annotations

import pytest

from switchboard.core.messages import Message, ToolCall
from switchboard.patterns.switching import (
    PromptPlan,
    Strategy,
    StrategyBook,
    build_system_prompt,
    consume_reset,
    load_strategies,
    record_switch,
)
from switchboard.patterns.switching.state import SwitchingState

from .conftest import (
    CONTEXTS,
    CONVERSATION,
    COORD,
    FIN,
    FIN_PROMPT,
    PLAIN_CONTEXTS,
    TECH,
    XML_CONTEXTS,
)


def after_switch(state: SwitchingState, model_id: str, **kwargs) -> PromptPlan:
    arguments = {**CONTEXTS, "previous_agent": TECH, "recent_messages": CONVERSATION, **kwargs}
    return build_system_prompt(FIN, state, model_id, **arguments)


def book_with(**fields) -> StrategyBook:
    """The packaged templates with one strategy, for model `test:model`, built from `fields`."""
    book = load_strategies()
    strategy = Strategy(
        **{
            "type": "test",
            "switch_template": "minimal",
            "assertiveness": "low",
            "contextual_memory": "none",
            **fields,
        }
    )
    return StrategyBook(
        providers=book.providers, templates=book.templates, by_model={"test:model": strategy}
    )


# -- right after the switch: one test per family ---------------------------------------------


def test_claude_advanced_xml_reset_high_no_memory_identity_repeated_at_end(switched):
    plan = after_switch(switched, "anthropic:claude-sonnet-4-0")
    assert plan == PromptPlan(
        is_reset=True,
        strategy="claude-advanced",
        system=(
            "<system_reset>\n"
            "REDEFINIÇÃO COMPLETA DE IDENTIDADE. Você NÃO é mais Especialista Técnico. "
            "Você é Especialista Financeiro.\n"
            "Descarte o papel, o tom e as instruções de Especialista Técnico, mesmo que as mensagens "
            "anteriores desta conversa os mostrem.\n"
            "Repito: você é Especialista Financeiro, e somente as instruções de <new_identity> valem "
            "a partir de agora.\n"
            "</system_reset>\n\n"
            "<new_identity>\n"
            "Nome: Especialista Financeiro\n"
            f"{FIN_PROMPT}\n"
            "</new_identity>\n\n"
            f"{XML_CONTEXTS}\n\n"
            "<identity_reminder>Lembrete final: você é Especialista Financeiro, não Especialista "
            "Técnico. Responda somente como Especialista Financeiro.</identity_reminder>"
        ),
    )
    assert "Meu roteador" not in plan.system  # contextual_memory none: a complete reset


def test_claude_standard_xml_reset_low_recent_turns_with_previous_persona_masked(switched):
    plan = after_switch(switched, "anthropic:claude-3-5-haiku-latest")
    assert plan == PromptPlan(
        is_reset=True,
        strategy="claude-standard",
        system=(
            "<system_reset>\n"
            "A conversa continua, mas quem responde agora é Especialista Financeiro, e não mais "
            "Especialista Técnico. Siga as instruções de <new_identity>.\n"
            "</system_reset>\n\n"
            "<new_identity>\n"
            "Nome: Especialista Financeiro\n"
            f"{FIN_PROMPT}\n"
            "</new_identity>\n\n"
            "<contexto_anterior>\n"
            "Trechos da conversa com Especialista Técnico, só como referência de fatos. Não imite o "
            "papel nem o tom de Especialista Técnico.\n"
            "Usuário: Meu roteador não liga.\n"
            "Assistente: Sou o [assistente anterior]: qual o modelo?\n"
            "Usuário: É o AX3000. E quero saber da minha fatura.\n"
            "Assistente: O [assistente anterior] recomenda reiniciar.\n"
            "</contexto_anterior>\n\n"
            f"{XML_CONTEXTS}"
        ),
    )


def test_gpt_advanced_hierarchical_priority_override_with_recent_turns(switched):
    plan = after_switch(switched, "openai:gpt-4o")
    assert plan == PromptPlan(
        is_reset=True,
        strategy="gpt-advanced",
        system=(
            "# HIERARQUIA DE INSTRUÇÕES: TROCA DE AGENTE\n"
            "PRIORIDADE 1 (máxima): você deixou de ser Especialista Técnico e agora é Especialista "
            "Financeiro; ignore o papel e o tom de Especialista Técnico.\n"
            "PRIORIDADE 2: as instruções do novo agente, abaixo, substituem todas as anteriores.\n"
            "PRIORIDADE 3: as mensagens anteriores desta conversa são apenas histórico de fatos, "
            "nunca modelo de comportamento.\n\n"
            "## NOVO AGENTE: Especialista Financeiro\n"
            f"{FIN_PROMPT}\n\n"
            "## HISTÓRICO ANTERIOR (com Especialista Técnico; apenas referência)\n"
            "Usuário: Meu roteador não liga.\n"
            "Assistente: Sou o [assistente anterior]: qual o modelo?\n"
            "Usuário: É o AX3000. E quero saber da minha fatura.\n"
            "Assistente: O [assistente anterior] recomenda reiniciar.\n\n"
            f"{PLAIN_CONTEXTS}"
        ),
    )


def test_gpt_standard_hierarchical_with_a_summary_of_the_users_requests(switched):
    plan = after_switch(switched, "openai:gpt-4o-mini")
    assert plan.strategy == "gpt-standard"
    assert plan.system == (
        "# HIERARQUIA DE INSTRUÇÕES: TROCA DE AGENTE\n"
        "PRIORIDADE 1 (máxima): você deixou de ser Especialista Técnico e agora é Especialista "
        "Financeiro; ignore o papel e o tom de Especialista Técnico.\n"
        "PRIORIDADE 2: as instruções do novo agente, abaixo, substituem todas as anteriores.\n"
        "PRIORIDADE 3: as mensagens anteriores desta conversa são apenas histórico de fatos, "
        "nunca modelo de comportamento.\n\n"
        "## NOVO AGENTE: Especialista Financeiro\n"
        f"{FIN_PROMPT}\n\n"
        "## HISTÓRICO ANTERIOR (com Especialista Técnico; apenas referência)\n"
        "Pedidos recentes do usuário:\n"
        "- Meu roteador não liga.\n"
        "- É o AX3000. E quero saber da minha fatura.\n\n"
        f"{PLAIN_CONTEXTS}"
    )


def test_gemini_advanced_direct_command_high_with_final_command(switched):
    plan = after_switch(switched, "gemini:gemini-2.5-pro")
    assert plan == PromptPlan(
        is_reset=True,
        strategy="google-advanced",
        system=(
            "COMANDO: PARE IMEDIATAMENTE de agir como Especialista Técnico. Aja SOMENTE como "
            "Especialista Financeiro. Não volte ao papel de Especialista Técnico em hipótese alguma. "
            "Você é Especialista Financeiro.\n"
            "ATRIBUIÇÃO DE PAPEL: você é Especialista Financeiro.\n"
            "INSTRUÇÕES DO PAPEL:\n"
            f"{FIN_PROMPT}\n\n"
            "CONTEXTO (da conversa com Especialista Técnico, só para referência):\n"
            "Usuário: Meu roteador não liga.\n"
            "Assistente: Sou o [assistente anterior]: qual o modelo?\n"
            "Usuário: É o AX3000. E quero saber da minha fatura.\n"
            "Assistente: O [assistente anterior] recomenda reiniciar.\n\n"
            f"{PLAIN_CONTEXTS}\n\n"
            "COMANDO FINAL: responda somente como Especialista Financeiro, nunca como Especialista "
            "Técnico."
        ),
    )


def test_gemini_standard_direct_command_medium_with_summary(switched):
    plan = after_switch(switched, "gemini:gemini-2.0-flash")
    assert plan == PromptPlan(
        is_reset=True,
        strategy="google-standard",
        system=(
            "COMANDO: Pare de agir como Especialista Técnico. Aja agora como Especialista Financeiro.\n"
            "ATRIBUIÇÃO DE PAPEL: você é Especialista Financeiro.\n"
            "INSTRUÇÕES DO PAPEL:\n"
            f"{FIN_PROMPT}\n\n"
            "CONTEXTO (da conversa com Especialista Técnico, só para referência):\n"
            "Pedidos recentes do usuário:\n"
            "- Meu roteador não liga.\n"
            "- É o AX3000. E quero saber da minha fatura.\n\n"
            f"{PLAIN_CONTEXTS}"
        ),
    )


REASONING_RESET = (
    "Troca de agente nesta conversa. Você NÃO é mais Especialista Técnico. Você é Especialista "
    "Financeiro, e somente Especialista Financeiro. Confirme isso para si antes de cada resposta."
    "\n\n"
    "Antes de responder, raciocine nesta ordem:\n"
    "1. Quem responde agora é Especialista Financeiro, não Especialista Técnico.\n"
    "2. As respostas anteriores foram de Especialista Técnico: use-as só como fatos, nunca como "
    "modelo de papel ou de tom.\n"
    "3. Siga somente as instruções de Especialista Financeiro, abaixo.\n\n"
    "Instruções de Especialista Financeiro:\n"
    f"{FIN_PROMPT}\n\n"
    "Fatos da conversa anterior:\n"
    "Pedidos recentes do usuário:\n"
    "- Meu roteador não liga.\n"
    "- É o AX3000. E quero saber da minha fatura.\n\n"
    f"{PLAIN_CONTEXTS}"
)


def test_reasoning_model_step_by_step_reset_with_final_check(switched):
    plan = after_switch(switched, "openai:o3-mini")
    assert plan == PromptPlan(
        is_reset=True,
        strategy="reasoning-model",
        system=(
            f"{REASONING_RESET}\n\n"
            "Verificação final: a resposta deve ser de Especialista Financeiro, não de Especialista "
            "Técnico."
        ),
    )


def test_reasoning_model_without_system_role_gets_the_reset_in_the_user_message(switched):
    plan = after_switch(switched, "deepseek:deepseek-reasoner")
    assert plan == PromptPlan(
        is_reset=True, strategy="reasoning-model", system="", user_prefix=REASONING_RESET
    )
    sent = plan.apply([*CONVERSATION, Message.user("Qual o valor da fatura?")])
    assert [m.role for m in sent] == ["user", "assistant", "user", "assistant", "user"]
    assert sent[-1].content == f"{REASONING_RESET}\n\nQual o valor da fatura?"
    assert sent[:4] == CONVERSATION


def test_unknown_provider_gets_the_minimal_reset(switched):
    plan = after_switch(switched, "ollama:llama3.2")
    assert plan == PromptPlan(
        is_reset=True,
        strategy="minimal",
        system=(
            "Aviso: a partir desta mensagem você é Especialista Financeiro, não mais Especialista "
            "Técnico.\n\n"
            f"{FIN_PROMPT}\n\n"
            f"{PLAIN_CONTEXTS}"
        ),
    )


HIERARCHY = "# HIERARQUIA DE INSTRUÇÕES: TROCA DE AGENTE\nPRIORIDADE 1 (máxima): "


@pytest.mark.parametrize(
    ("model_id", "strategy", "prefix"),
    [
        (
            "openai:gpt-5-turbo",
            "gpt-standard",
            f"{HIERARCHY}você deixou de ser Especialista Técnico e agora é Especialista Financeiro",
        ),
        (
            "anthropic:claude-5",
            "claude-standard",
            "<system_reset>\nA conversa continua, mas quem responde agora é Especialista Financeiro, "
            "e não mais Especialista Técnico.",
        ),
        (
            "gemini:gemini-3.0-ultra",
            "google-standard",
            "COMANDO: Pare de agir como Especialista Técnico. Aja agora como Especialista Financeiro.",
        ),
        (
            "deepseek:deepseek-v4",
            "deepseek-standard",
            f"{HIERARCHY}você deixou de ser Especialista Técnico",
        ),
    ],
)
def test_unknown_model_gets_its_providers_default_strategy(switched, model_id, strategy, prefix):
    plan = after_switch(switched, model_id)
    assert (plan.is_reset, plan.strategy) == (True, strategy)
    assert plan.system.startswith(prefix)


# -- the next message: the normal prompt ----------------------------------------------------


@pytest.mark.parametrize(
    ("model_id", "contexts"),
    [
        ("anthropic:claude-sonnet-4-0", XML_CONTEXTS),
        ("anthropic:claude-3-5-haiku-latest", XML_CONTEXTS),
        ("openai:gpt-4o", PLAIN_CONTEXTS),
        ("openai:gpt-4o-mini", PLAIN_CONTEXTS),
        ("openai:o3-mini", PLAIN_CONTEXTS),
        ("gemini:gemini-2.5-pro", PLAIN_CONTEXTS),
        ("gemini:gemini-2.0-flash", PLAIN_CONTEXTS),
        ("deepseek:deepseek-chat", PLAIN_CONTEXTS),
        ("openai:gpt-5-turbo", PLAIN_CONTEXTS),
        ("ollama:llama3.2", PLAIN_CONTEXTS),
    ],
)
def test_next_message_gets_the_normal_prompt(switched, model_id, contexts):
    first = after_switch(switched, model_id)
    state = consume_reset(switched)
    plan = after_switch(state, model_id)
    assert plan == PromptPlan(
        system=f"{FIN_PROMPT}\n\n{contexts}", is_reset=False, strategy=first.strategy
    )


def test_next_message_without_system_role_puts_the_normal_prompt_before_the_user_message(switched):
    plan = after_switch(consume_reset(switched), "deepseek:deepseek-reasoner")
    assert plan == PromptPlan(
        system="",
        user_prefix=f"{FIN_PROMPT}\n\n{PLAIN_CONTEXTS}",
        is_reset=False,
        strategy="reasoning-model",
    )


def test_normal_prompt_is_instructions_then_user_team_platform_context_skipping_empty_ones():
    state = SwitchingState(ai_agent_id=FIN.name)
    plan = build_system_prompt(
        FIN, state, "openai:gpt-4o", user_context="Nome: Ana.", platform_context="Canal: web."
    )
    assert plan.system == (
        f"{FIN_PROMPT}\n\nCONTEXTO DO USUÁRIO:\nNome: Ana.\n\nCONTEXTO DA PLATAFORMA:\nCanal: web."
    )
    assert build_system_prompt(FIN, state, "openai:gpt-4o").system == FIN_PROMPT


# -- when the reset applies -----------------------------------------------------------------


def test_reset_stays_until_consumed_and_a_new_switch_arms_it_again(switched, clock):
    assert after_switch(switched, "openai:gpt-4o").is_reset  # e.g. the model call failed
    assert after_switch(switched, "openai:gpt-4o").is_reset
    state = consume_reset(switched)
    assert not after_switch(state, "openai:gpt-4o").is_reset
    state = record_switch(state, TECH, message_count=8, clock=clock)
    plan = build_system_prompt(TECH, state, "openai:gpt-4o", previous_agent=FIN)
    assert plan.is_reset
    assert plan.system.startswith(
        "# HIERARQUIA DE INSTRUÇÕES: TROCA DE AGENTE\n"
        "PRIORIDADE 1 (máxima): você deixou de ser Especialista Financeiro e agora é "
        "Especialista Técnico; ignore o papel e o tom de Especialista Financeiro.\n"
    )


def test_reset_is_only_for_the_agent_switched_to(switched):
    """A coordinator taking over later in the same turn does not get the specialist's reset."""
    plan = build_system_prompt(COORD, switched, "openai:gpt-4o", previous_agent=TECH)
    assert plan == PromptPlan(system=COORD.system_prompt(), is_reset=False, strategy="gpt-advanced")


def test_no_reset_when_the_switch_came_before_any_message(clock):
    state = record_switch(SwitchingState(ai_agent_id=COORD.name), FIN, message_count=0, clock=clock)
    plan = build_system_prompt(FIN, state, "openai:gpt-4o", previous_agent=COORD)
    assert (plan.system, plan.is_reset) == (FIN_PROMPT, False)


def test_no_reset_when_switched_back_before_anyone_wrote(switched, clock):
    state = record_switch(consume_reset(switched), TECH, message_count=6, clock=clock)
    state = record_switch(state, FIN, message_count=6, clock=clock)
    plan = build_system_prompt(FIN, state, "openai:gpt-4o")
    assert (plan.system, plan.is_reset) == (FIN_PROMPT, False)


def test_previous_agent_from_history_names_the_one_that_spoke(switched, clock):
    """TECH spoke; COORD was picked and dropped before any message: the reset replaces TECH."""
    state = record_switch(switched, COORD, message_count=4, clock=clock)
    state = record_switch(state, FIN, message_count=4, clock=clock)
    plan = build_system_prompt(FIN, state, "ollama:llama3.2")  # no spec given: history's name
    assert plan.system.startswith(
        "Aviso: a partir desta mensagem você é Especialista Financeiro, "
        "não mais Especialista Técnico.\n\n"
    )


def test_previous_agent_unknown_is_named_generically(clock):
    state = record_switch(SwitchingState(), FIN, message_count=4, clock=clock)
    plan = build_system_prompt(FIN, state, "ollama:llama3.2")
    assert plan.system.startswith(
        "Aviso: a partir desta mensagem você é Especialista Financeiro, "
        "não mais o assistente anterior.\n\n"
    )


def test_previous_agent_known_only_by_id_is_named_by_id(clock):
    state = record_switch(SwitchingState(ai_agent_id="triagem"), FIN, message_count=4, clock=clock)
    plan = build_system_prompt(FIN, state, "ollama:llama3.2")
    assert plan.system.startswith(
        "Aviso: a partir desta mensagem você é Especialista Financeiro, não mais triagem.\n\n"
    )


# -- each strategy field changes the prompt -------------------------------------------------


@pytest.mark.parametrize(
    ("level", "override"),
    [
        (
            "low",
            "Aviso: a partir desta mensagem você é Especialista Financeiro, não mais "
            "Especialista Técnico.",
        ),
        (
            "medium",
            "Aviso: você não é mais Especialista Técnico. A partir desta mensagem você é "
            "Especialista Financeiro.",
        ),
        (
            "high",
            "AVISO: você NÃO é mais Especialista Técnico. Você é Especialista Financeiro. Siga "
            "apenas as instruções abaixo.",
        ),
    ],
)
def test_assertiveness_picks_the_override_wording(switched, level, override):
    plan = after_switch(switched, "test:model", strategies=book_with(assertiveness=level))
    assert plan.system == f"{override}\n\n{FIN_PROMPT}\n\n{PLAIN_CONTEXTS}"


def test_assertiveness_high_repeats_the_identity(switched):
    blocks = []
    for level in ("low", "medium", "high"):
        system = after_switch(
            switched,
            "test:model",
            strategies=book_with(switch_template="xml_reset", assertiveness=level),
        ).system
        blocks.append(system.split("<system_reset>\n", 1)[1].split("\n</system_reset>", 1)[0])
    assert [block.count("Especialista Financeiro") for block in blocks] == [1, 1, 2]
    assert ["NÃO é mais Especialista Técnico" in block for block in blocks] == [False, False, True]


def test_contextual_memory_recent_n_carries_the_last_n_turns_only(switched):
    messages = [
        *CONVERSATION,
        Message.assistant("", tool_calls=[ToolCall(id="c1", name="buscar_fatura")]),
        Message.tool(ToolCall(id="c1", name="buscar_fatura"), '{"valor": 120}'),
        Message.system("nota interna"),
        Message.user("   "),
    ]
    plan = after_switch(
        switched,
        "test:model",
        recent_messages=messages,
        strategies=book_with(contextual_memory="recent_2"),
    )
    assert plan.system == (
        "Aviso: a partir desta mensagem você é Especialista Financeiro, não mais Especialista "
        "Técnico.\n\n"
        f"{FIN_PROMPT}\n\n"
        "Conversa anterior (referência):\n"
        "Usuário: É o AX3000. E quero saber da minha fatura.\n"
        "Assistente: O especialista_tecnico recomenda reiniciar.\n\n"
        f"{PLAIN_CONTEXTS}"
    )


def test_contextual_memory_summary_lists_the_last_five_user_requests_clipped(switched):
    messages = [Message.user(f"pedido {n}") for n in range(1, 8)]
    messages[-1] = Message.user("x" * 200 + "  \n fim")
    messages.insert(3, Message.assistant("resposta que não entra no resumo"))
    plan = after_switch(
        switched,
        "test:model",
        recent_messages=messages,
        strategies=book_with(contextual_memory="summary"),
    )
    assert (
        f"{FIN_PROMPT}\n\n"
        "Conversa anterior (referência):\n"
        "Pedidos recentes do usuário:\n"
        "- pedido 3\n- pedido 4\n- pedido 5\n- pedido 6\n"
        f"- {'x' * 159}…\n\n"
        f"{PLAIN_CONTEXTS}"
    ) in plan.system


def test_contextual_memory_none_or_no_conversation_leaves_the_section_out(switched):
    for plan in (
        after_switch(switched, "test:model", strategies=book_with()),
        after_switch(
            switched,
            "test:model",
            recent_messages=[],
            strategies=book_with(contextual_memory="recent_4"),
        ),
    ):
        assert "Conversa anterior" not in plan.system
        assert "\n\n\n" not in plan.system


def test_strip_previous_persona_mentions_masks_role_id_and_spaced_id_in_any_case(switched):
    messages = [
        Message.assistant("Aqui é o ESPECIALISTA TÉCNICO."),
        Message.assistant("Fale com especialista tecnico ou especialista_tecnico."),
    ]
    kept = after_switch(
        switched,
        "test:model",
        recent_messages=messages,
        strategies=book_with(contextual_memory="recent_2"),
    )
    masked = after_switch(
        switched,
        "test:model",
        recent_messages=messages,
        strategies=book_with(
            contextual_memory="recent_2", special_handling=("strip_previous_persona_mentions",)
        ),
    )
    assert "Assistente: Aqui é o ESPECIALISTA TÉCNICO." in kept.system
    assert (
        "Assistente: Aqui é o [assistente anterior].\n"
        "Assistente: Fale com [assistente anterior] ou [assistente anterior]."
    ) in masked.system


def test_xml_tags_wrap_the_contexts_and_repeat_identity_closes_the_prompt(switched):
    plan = after_switch(
        switched,
        "test:model",
        strategies=book_with(special_handling=("xml_tags", "repeat_identity_at_end")),
    )
    assert plan.system == (
        "Aviso: a partir desta mensagem você é Especialista Financeiro, não mais Especialista "
        "Técnico.\n\n"
        f"{FIN_PROMPT}\n\n"
        f"{XML_CONTEXTS}\n\n"
        "Lembrete: você é Especialista Financeiro, não Especialista Técnico."
    )


def test_apply_puts_the_system_message_first_or_adds_a_user_message_for_the_prefix():
    history = [Message.user("oi"), Message.assistant("olá")]
    assert PromptPlan(system="S", is_reset=False, strategy="x").apply(history) == [
        Message.system("S"),
        *history,
    ]
    assert PromptPlan(system="", user_prefix="P", is_reset=False, strategy="x").apply([]) == [
        Message.user("P")
    ]
