"""The support app's tools. Sample data stands in for a company's real systems; the shapes
(a pt-BR `resposta` plus structured fields) are what a real integration would return."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from switchboard import Intent, PolicyAction
from switchboard.models import IntentClassifier
from switchboard.tools import ToolContext, tool

_FAQ_FILE = Path(__file__).with_name("faq.yaml")
_INTENTS_FILE = Path(__file__).with_name("intents.yaml")
_OUTSIDE = "_fora_do_faq"
_OTHER_INTENT = "outros_assuntos"
"""The retriever's class for questions the FAQ does not cover, trained on the app's
`outros_assuntos` examples: without real negatives a classifier over two dozen entries is sure
of its nearest entry for any question."""
FAQ_THRESHOLD = 0.4
"""Calibrated probability an entry needs to be the answer; under it the FAQ says it does not
have the information (and offers a ticket) instead of answering a neighbouring question."""
NOT_FOUND = (
    "Não tenho essa informação por aqui. Posso abrir um chamado para a equipe responsável te "
    "responder — quer que eu abra?"
)


@cache
def _faq() -> dict[str, dict[str, Any]]:
    entries: list[dict[str, Any]] = yaml.safe_load(_FAQ_FILE.read_text(encoding="utf-8"))
    return {entry["tema"]: entry for entry in entries}


@cache
def _faq_search() -> IntentClassifier:
    """The FAQ's retrieval: the embedded NLU's classifier over the entries (question, other
    phrasings and the examples of the intent of the same name, so each entry has about as many
    examples as the outside class and the probabilities stay calibrated), so a question is read
    with the same pt-BR normalisation, n-grams and calibrated confidence as the agents'
    intents. With two dozen short entries a classifier beats a full-text index: paraphrases
    share few exact words with the entry."""
    inventory = yaml.safe_load(_INTENTS_FILE.read_text(encoding="utf-8"))["x-intents"]
    intents = [
        Intent(
            name=tema,
            examples=[
                entry["pergunta"],
                *entry.get("exemplos", []),
                *inventory.get(tema, {}).get("examples", []),
            ],
            action=PolicyAction(reply=entry["resposta"]),
        )
        for tema, entry in _faq().items()
    ]
    outside = inventory[_OTHER_INTENT]["examples"]
    intents.append(Intent(name=_OUTSIDE, examples=outside, action=PolicyAction(reply=NOT_FOUND)))
    return IntentClassifier.shared(intents)


@cache
def _intent_search() -> IntentClassifier:
    """The agents' intent classifier (the same shared instance their offline policies use)."""
    from switchboard.apps.support.app import load_specs  # app imports this module

    coordinator, _ = load_specs()
    policy = coordinator.policy
    assert policy is not None
    return IntentClassifier.shared(policy.intents, synonyms=policy.synonyms)


def _covers(pergunta: str, tema: str, ranking: dict[str, float]) -> bool:
    """Whether the entry `tema` (the theme an agent's intent picked) answers the question.

    Two calibrated opinions are averaged: the agents' intent classifier (the theme's intent
    against `outros_assuntos`) and the FAQ retriever (the entry against the questions no entry
    answers). Either alone misleads: the intent classifier matches on a shared word
    ("declaração de quitação de débitos" reads as debt negotiation), and the retriever's
    broad outside class claims any unusual wording ("meu nome foi pro serasa"). The entry
    answers unless the averaged probability that no entry covers the question is above both
    the threshold and the averaged probability of the entry."""
    intents = dict(_intent_search().predict(pergunta))
    outside = (intents.get(_OTHER_INTENT, 0.0) + ranking.get(_OUTSIDE, 0.0)) / 2
    entry = (intents.get(tema, 0.0) + ranking.get(tema, 0.0)) / 2
    return outside < FAQ_THRESHOLD or outside <= entry


@tool(status="Consultando as perguntas frequentes...", cache_ttl=300, timeout=5)
def buscar_faq(pergunta: str, tema: str | None = None) -> dict[str, Any]:
    """Busca a resposta para uma dúvida geral: horários, canais de atendimento, planos, troca de
    plano, contrato e fidelidade, cancelamento, mudança de endereço, cobertura, instalação,
    visita técnica, garantia, senha do Wi-Fi, privacidade, formas de pagamento, débito
    automático, fatura por e-mail, segunda via, boleto, vencimento, pagamento não baixado,
    religação, negociação de débitos e nota fiscal. `tema` (opcional) é o assunto já
    identificado, um desses nomes: horario, canais_atendimento, planos, upgrade_plano,
    contrato_fidelidade, cancelamento, mudanca_endereco, cobertura, instalacao, visita_tecnica,
    garantia, senha_wifi, privacidade, forma_pagamento, debito_automatico, fatura_email,
    segunda_via, boleto_problema, vencimento, pagamento_nao_baixado, desbloqueio_pagamento,
    negociacao_divida, nota_fiscal."""
    entries = _faq()
    entry = entries.get(tema) if tema else None
    if pergunta.strip():
        ranking = dict(_faq_search().predict(pergunta))
        if entry is not None and not _covers(pergunta, entry["tema"], ranking):
            entry = None
        else:
            best = max(ranking, key=ranking.__getitem__)
            if best != _OUTSIDE and ranking[best] >= FAQ_THRESHOLD:
                entry = entries[best]
    if entry is None:
        return {"encontrado": False, "resposta": NOT_FOUND, "oferta": "abrir_chamado"}
    return {
        "encontrado": True,
        "tema": entry["tema"],
        "pergunta": entry["pergunta"],
        "resposta": entry["resposta"],
    }


SERVICE_NAMES = {"tv": "TV", "internet": "internet", "telefone": "telefone", "app": "aplicativo"}
"""How the answer names a service ("serviço de TV", not "de tv")."""


@tool(status="Verificando o status do serviço...", timeout=5)
def verificar_status_servico(servico: str) -> dict[str, Any]:
    """Verifica se há instabilidade conhecida em um serviço ('internet', 'tv', 'telefone',
    'aplicativo')."""
    name = SERVICE_NAMES.get(servico.strip().casefold(), servico)
    return {
        "servico": servico,
        "instabilidade": False,
        "resposta": f"Não há instabilidade registrada no serviço de {name} agora.",
    }


_TEAMS = {
    "tecnico": "Nossa equipe técnica",
    "visita": "Nossa equipe técnica",
    "financeiro": "Nossa equipe financeira",
    "atendimento": "A equipe responsável",
}


@tool(status="Abrindo um chamado...", timeout=5)
def abrir_chamado(
    descricao: str, context: ToolContext, categoria: str = "tecnico"
) -> dict[str, Any]:
    """Abre um chamado com a descrição do pedido. `categoria`: 'tecnico' (defeito, equipe de
    campo), 'visita' (agendar, remarcar ou cancelar visita técnica), 'financeiro' (análise da
    equipe financeira) ou 'atendimento' (dúvidas que não estão nas perguntas frequentes e
    reclamações)."""
    categoria = categoria if categoria in _TEAMS else "atendimento"
    protocolo = "CH-" + _digits(context.session_id + categoria + descricao, 6)
    quem = _TEAMS[categoria]
    return {
        "protocolo": protocolo,
        "categoria": categoria,
        "prazo_horas": 24,
        "resposta": f"Abri o chamado {protocolo}. {quem} entra em contato em até 24 horas.",
    }


@tool(status="Consultando sua fatura...", timeout=5)
def consultar_fatura(context: ToolContext, mes: str | None = None) -> dict[str, Any]:
    """Consulta a fatura do usuário autenticado (valor, vencimento, situação). `mes` no formato
    AAAA-MM; sem ele, a fatura atual."""
    valor = 89 + int(_digits(context.user_id, 2))
    referencia = mes or "atual"
    return {
        "referencia": referencia,
        "valor": valor + 0.9,
        "vencimento": "dia 10",
        "situacao": "em aberto",
        "resposta": f"Sua fatura {('de ' + mes) if mes else 'atual'} é de "
        f"R$ {valor},90, com vencimento no dia 10, e está em aberto.",
    }


@tool(status="Registrando o pedido de reembolso...", timeout=5)
def solicitar_reembolso(
    numero_pedido: str | None, motivo: str, context: ToolContext
) -> dict[str, Any]:
    """Registra um pedido de reembolso ou estorno de uma cobrança de um pedido."""
    if not numero_pedido:
        return {
            "registrado": False,
            "falta": "numero_pedido",
            "resposta": "Para registrar o reembolso, preciso do número do pedido. Pode me "
            "informar?",
        }
    protocolo = "RB-" + _digits(context.user_id + numero_pedido, 6)
    return {
        "registrado": True,
        "protocolo": protocolo,
        "pedido": numero_pedido,
        "resposta": f"Registrei o reembolso do pedido {numero_pedido} (protocolo "
        f"{protocolo}). O valor volta em até 5 dias úteis.",
    }


@tool(status="Registrando a contestação...", timeout=5)
def contestar_cobranca(motivo: str, context: ToolContext) -> dict[str, Any]:
    """Registra a contestação de uma cobrança que o cliente não reconhece ou considera errada.
    Uma contestação por fatura: o detalhe dito depois ("foi cobrado 39,90 de um tal de
    premium") entra na mesma, com o mesmo protocolo, em vez de abrir outra."""
    protocolo = "CT-" + _digits(context.user_id + "contestacao-fatura-atual", 6)
    return {
        "protocolo": protocolo,
        "prazo_dias_uteis": 5,
        "resposta": f"Registrei a contestação (protocolo {protocolo}). Analisamos em até 5 dias "
        "úteis; se a cobrança for indevida, o valor volta como crédito na próxima fatura.",
    }


@tool(status="Consultando seu contrato...", timeout=5)
def consultar_contrato(context: ToolContext) -> dict[str, Any]:
    """Consulta o contrato do usuário autenticado: plano, mensalidade, fidelidade e a multa de
    cancelamento hoje."""
    meses = int(_digits(context.user_id + "fidelidade", 1))  # 0..9 meses de fidelidade restantes
    mensalidade = (99.9, 129.9, 179.9)[int(_digits(context.user_id + "plano", 1)) % 3]
    multa = round(meses * 25.0, 2)
    if meses:
        situacao = (
            f"Seu plano custa R$ {_brl(mensalidade)} por mês e ainda tem {meses} "
            f"{'mês' if meses == 1 else 'meses'} de fidelidade: cancelando hoje, a multa é de "
            f"R$ {_brl(multa)}."
        )
    else:
        situacao = (
            f"Seu plano custa R$ {_brl(mensalidade)} por mês e já está fora da fidelidade: "
            "o cancelamento não tem multa."
        )
    return {
        "mensalidade": mensalidade,
        "meses_fidelidade": meses,
        "multa": multa,
        "resposta": situacao,
    }


@tool(status="Aplicando a oferta...", timeout=5)
def aplicar_oferta_retencao(context: ToolContext) -> dict[str, Any]:
    """Aplica a oferta de permanência: 30% de desconto nas próximas 6 faturas."""
    protocolo = "RT-" + _digits(context.user_id + "retencao", 6)
    return {
        "protocolo": protocolo,
        "resposta": f"Pronto! Apliquei 30% de desconto nas suas próximas 6 faturas (protocolo "
        f"{protocolo}). Obrigado por continuar com a gente!",
    }


@tool(status="Registrando o cancelamento...", timeout=5)
def solicitar_cancelamento(motivo: str, context: ToolContext) -> dict[str, Any]:
    """Registra o pedido de cancelamento do plano do usuário autenticado."""
    protocolo = "CN-" + _digits(context.user_id + "cancelamento", 6)
    return {
        "protocolo": protocolo,
        "resposta": f"Registrei o pedido de cancelamento (protocolo {protocolo}). O serviço "
        "fica ativo até o fim do ciclo atual e a retirada dos equipamentos é agendada por "
        "mensagem em até 2 dias úteis.",
    }


def _brl(value: float) -> str:
    return f"{value:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")


def _digits(seed: str, n: int) -> str:
    return str(int(hashlib.sha256(seed.encode()).hexdigest(), 16))[:n]


TOOLS = [
    buscar_faq,
    verificar_status_servico,
    abrir_chamado,
    consultar_fatura,
    solicitar_reembolso,
    contestar_cobranca,
    consultar_contrato,
    aplicar_oferta_retencao,
    solicitar_cancelamento,
]
