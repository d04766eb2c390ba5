"""Agent message bus (spec 001 §4 and §7): contracts, priorities, request/response with timeouts and
retries, and the safety systems — budgets, loop detection, throttling, no-progress detection,
circuit breaker with fallback, starvation — over an in-process or Redis Streams transport.

Quick start::

    bus = MessageBus()                                  # in-process; MessageBus(RedisStreamsTransport(url))
    await bus.register(AgentContract(name="math", kind=AgentKind.EXECUTOR,
                                     operations=[Operation(name="add", request_schema={...})]),
                       handler)                         # async def handler(ctx: RequestContext) -> Reply | value
    await bus.open_mission("m1", lead_coordinator="planner", token_budget=4000, api_call_budget=8)
    response = await bus.request("planner", "math", "add", {"a": 1, "b": 2}, mission_id="m1")

English names and the spec's Portuguese terms:

=============================  ===========================================
Switchboard                    spec 001
=============================  ===========================================
MessageBus                     Message Bus
AgentContract                  contrato de agente
AgentContract.kind             tipo ("coordenador" / "executor")
AgentContract.operations       operacoes_disponiveis
Operation.request_schema       formato_requisicao
Operation.response_schema      formato_resposta
AgentContract.fallbacks        fallbacks_disponiveis
AgentContract.dependencies     dependencias
Message.message_id             message_id
Message.sent_at                timestamp_envio
Priority.CRITICAL/HIGH/...     prioridade CRITICA / ALTA / NORMAL / BAIXA
Message.sender / recipient     remetente / destinatario
MessageType                    tipo_mensagem (requisicao, resposta, notificacao, erro)
Payload.objective              payload.objetivo
Payload.parameters             payload.parametros
Payload.context                payload.contexto_adicional
Payload.expects_callback       payload.callback_esperado
Payload.allow_fallback         payload.fallback_automatico
Message.timeout                timeout
Message.retries_left           tentativas_restantes
Tracing.mission_id             rastreamento.missao_id
Tracing.depth                  rastreamento.profundidade_chamada
Tracing.call_path              rastreamento.caminho_chamadas
ResourceEstimate               recursos_estimados (tokens_estimados, chamadas_api_estimadas)
Response.original_message_id   message_id_original
Response.responded_at          timestamp_resposta
ResponseStatus                 status: sucesso, sucesso_via_fallback, falha_parcial, falha_total, timeout
ResponsePayload                payload: dados, metadados, confiabilidade, fontes, advertencias, fallback_usado
Response.processing_time       tempo_processamento
ResourceUsage                  recursos_consumidos (tokens_usados, chamadas_api_externas, chamadas_banco_dados)
MissionRecord                  pacote de missão (orcamento_recursos, restricoes_hard)
Flag.BUDGET_HIGH / CRITICAL    "orcamento_alto" / "orcamento_critico"
Flag.FALLBACK_BY_BREAKER       "usando_fallback_por_circuit_breaker"
safety.loops                   Detecção de Loops Circulares
safety.throttle                Detecção de Explosão de Mensagens (throttling)
safety.progress                Detector de Ausência de Progresso
safety.budget                  Controle de Orçamento Distribuído
safety.breaker                 Circuit Breaker com Fallback (CLOSED / OPEN / HALF-OPEN)
safety.starvation              Detecção de Starvation
safety.health                  Monitoramento de Saúde (Passivo)
RequestContext.deadline        timeout interno do executor (80%)
NoticeKind.CONSOLIDATE_PARTIAL "timeout, consolide com dados parciais"
=============================  ===========================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from switchboard._faces import attach
from switchboard.bus.bus import MessageBus as MessageBus
from switchboard.bus.context import Reply as Reply
from switchboard.bus.context import RequestContext as RequestContext
from switchboard.bus.contracts import AgentContract as AgentContract
from switchboard.bus.contracts import AgentKind as AgentKind
from switchboard.bus.contracts import Operation as Operation
from switchboard.bus.envelope import Flag as Flag
from switchboard.bus.envelope import Message as Message
from switchboard.bus.envelope import MessageType as MessageType
from switchboard.bus.envelope import Payload as Payload
from switchboard.bus.envelope import Priority as Priority
from switchboard.bus.envelope import ResourceEstimate as ResourceEstimate
from switchboard.bus.envelope import ResourceUsage as ResourceUsage
from switchboard.bus.envelope import Response as Response
from switchboard.bus.envelope import ResponsePayload as ResponsePayload
from switchboard.bus.envelope import ResponseStatus as ResponseStatus
from switchboard.bus.envelope import Tracing as Tracing
from switchboard.bus.errors import BudgetExhaustedError as BudgetExhaustedError
from switchboard.bus.errors import BusError as BusError
from switchboard.bus.errors import CircuitOpenError as CircuitOpenError
from switchboard.bus.errors import LoopDetectedError as LoopDetectedError
from switchboard.bus.errors import MalformedMessageError as MalformedMessageError
from switchboard.bus.errors import MessageStarvedError as MessageStarvedError
from switchboard.bus.errors import MissionClosedError as MissionClosedError
from switchboard.bus.errors import PayloadTooLargeError as PayloadTooLargeError
from switchboard.bus.errors import SchemaMismatchError as SchemaMismatchError
from switchboard.bus.errors import UnknownMissionError as UnknownMissionError
from switchboard.bus.errors import UnknownOperationError as UnknownOperationError
from switchboard.bus.errors import UnknownRecipientError as UnknownRecipientError
from switchboard.bus.mission import BudgetLevel as BudgetLevel
from switchboard.bus.mission import BudgetStatus as BudgetStatus
from switchboard.bus.mission import MissionRecord as MissionRecord
from switchboard.bus.mission import MissionStatus as MissionStatus
from switchboard.bus.notices import Notice as Notice
from switchboard.bus.notices import NoticeKind as NoticeKind
from switchboard.bus.settings import BusSettings as BusSettings
from switchboard.bus.state.base import BreakerState as BreakerState
from switchboard.bus.transports.in_process import InProcessTransport as InProcessTransport

if TYPE_CHECKING:
    from switchboard.bus.agent_handler import USER_KEY as USER_KEY
    from switchboard.bus.transports.base import Transport as Transport
    from switchboard.bus.transports.redis_streams import (
        RedisStreamsTransport as RedisStreamsTransport,
    )
else:
    __getattr__, __dir__, __all__ = attach(__name__)
