"""The support app's tools. Sample data stands in for a company's real systems; the shapes
(a pt-BR `resposta` plus structured fields) are what a real integration would return."""

from __future__ import annotations

import hashlib
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from switchboard.tools import ToolContext, tool

_FAQ_FILE = Path(__file__).with_name("faq.yaml")


@cache
def _faq() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = yaml.safe_load(_FAQ_FILE.read_text(encoding="utf-8"))
    return entries


def _fold(text: str) -> str:
    return "".join(
        c for c in unicodedata.normalize("NFD", text.lower()) if unicodedata.category(c) != "Mn"
    )


@tool(status="Consultando as perguntas frequentes...", cache_ttl=300, timeout=5)
def buscar_faq(pergunta: str) -> dict[str, Any]:
    """Busca a resposta para uma dúvida geral (horários, planos, prazos, garantia, cancelamento,
    canais de atendimento, privacidade)."""
    words = set(_fold(pergunta).replace("?", " ").split())
    best, score = None, 0
    for entry in _faq():
        hits = sum(1 for w in entry["palavras"] if _fold(w) in words)
        if hits > score:
            best, score = entry, hits
    if best is None:
        return {
            "encontrado": False,
            "resposta": "Não encontrei essa informação nas perguntas frequentes. Pode "
            "reformular ou me dizer se é um problema técnico ou financeiro?",
        }
    return {"encontrado": True, "pergunta": best["pergunta"], "resposta": best["resposta"]}


@tool(status="Verificando o status do serviço...", timeout=5)
def verificar_status_servico(servico: str) -> dict[str, Any]:
    """Verifica se há instabilidade conhecida em um serviço ('internet', 'aplicativo',
    'telefone')."""
    return {
        "servico": servico,
        "instabilidade": False,
        "resposta": f"Não há instabilidade registrada no serviço de {servico} agora.",
    }


@tool(status="Abrindo um chamado técnico...", timeout=5)
def abrir_chamado(descricao: str, context: ToolContext) -> dict[str, Any]:
    """Abre um chamado técnico para a equipe de campo com a descrição do problema."""
    protocolo = "CH-" + _digits(context.session_id + descricao, 6)
    return {
        "protocolo": protocolo,
        "prazo_horas": 24,
        "resposta": f"Abri o chamado {protocolo}. Nossa equipe técnica entra em contato em "
        "até 24 horas.",
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


def _digits(seed: str, n: int) -> str:
    return str(int(hashlib.sha256(seed.encode()).hexdigest(), 16))[:n]


TOOLS = [buscar_faq, verificar_status_servico, abrir_chamado, consultar_fatura, solicitar_reembolso]
