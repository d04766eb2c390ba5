"""The answer templates of the catalogue: the result first, with the user's numbers, then the
details, the assumptions (`Draft.assumptions`, stated as "Premissas") and a recommendation.

Each template reads the typed result of the math executor's operation (`results.py`) and the
question's typed parameters; a number is written only when a computation returned it. When the
question lacks what the computation needs, `ask` explains the concept in two sentences and asks
for exactly what is missing. The object is always the user's own word.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from switchboard.apps.finance.finmath.fmt import number
from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.kinds import QuestionKind
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    ComprarAlugarParams,
    ContaParams,
    DividasParams,
    FinanciamentoParams,
    InvestimentosParams,
    MetaParams,
    ReservaParams,
)
from switchboard.apps.finance.missions.catalogue.results import (
    AposentadoriaResultado,
    ComprarAlugarResultado,
    ContaResultado,
    DiagnosticoResultado,
    DividasResultado,
    FinanciamentoResultado,
    InvestimentosResultado,
    MetaResultado,
    ReservaResultado,
    SistemaResultado,
)
from switchboard.apps.finance.missions.catalogue.wording import (
    brl,
    join,
    months_text,
    percent,
    rate,
    years_months,
)
from switchboard.patterns.missions.draft import Draft
from switchboard.patterns.missions.models import Calculo, Comparacao

D = Decimal
ZERO = Decimal(0)

IR_TABLE = (
    "IR regressivo sobre o rendimento: 22,5% até 180 dias, 20% de 181 a 360, 17,5% de 361 a "
    "720 e 15% acima de 720 dias; LCI, LCA e poupança são isentas para pessoa física"
)

# ---------------------------------------------------------------- asking for what is missing

_CONCEPT: dict[QuestionKind, str] = {
    QuestionKind.FINANCIAMENTO: (
        "No Price a parcela é fixa do começo ao fim; no SAC a amortização é fixa, então a "
        "primeira parcela é maior e as seguintes vão caindo, e o total de juros é menor."
    ),
    QuestionKind.INVESTIMENTOS: (
        "O CDB paga imposto de renda sobre o rendimento (22,5% até 180 dias, 20% até 360, 17,5% "
        "até 720 e 15% acima disso), enquanto LCI e LCA são isentas; por isso uma LCI de 90% do "
        "CDI pode render mais que um CDB de 100% do CDI, dependendo do prazo."
    ),
    QuestionKind.DIVIDAS: (
        "Usar o 13º (ou outro dinheiro extra) para quitar dívidas quase sempre compensa quando a "
        "taxa da dívida é maior que o rendimento do dinheiro aplicado, começando pela dívida de "
        "juros mais altos."
    ),
    QuestionKind.META: (
        "O valor mensal depende da meta, do prazo e de quanto o dinheiro rende no caminho."
    ),
    QuestionKind.APOSENTADORIA: (
        "O aporte depende de quanto você quer acumular, em quantos anos e do rendimento real "
        "(acima da inflação)."
    ),
    QuestionKind.COMPRAR_ALUGAR: (
        "A comparação é entre o custo mensal de ter o bem (o rendimento que o dinheiro deixaria "
        "de ter, os juros de um financiamento, a desvalorização) e o aluguel."
    ),
    QuestionKind.RESERVA: (
        "A reserva de emergência costuma ser de 6 meses das suas despesas (12 meses para quem é "
        "autônomo ou tem renda variável), aplicada com liquidez diária."
    ),
    QuestionKind.DIAGNOSTICO: "",
    QuestionKind.CONTA: "",
}

_WHAT: dict[QuestionKind, str] = {
    QuestionKind.FINANCIAMENTO: "calcular as parcelas",
    QuestionKind.INVESTIMENTOS: "comparar as aplicações",
    QuestionKind.DIVIDAS: "fazer essa conta",
    QuestionKind.META: "calcular",
    QuestionKind.APOSENTADORIA: "calcular",
    QuestionKind.COMPRAR_ALUGAR: "comparar",
    QuestionKind.RESERVA: "calcular a sua reserva",
    QuestionKind.DIAGNOSTICO: "analisar",
    QuestionKind.CONTA: "fazer a conta",
}


def ask(question: Question, draft: Draft, missing: tuple[str, ...] | None = None) -> None:
    """The concept in a sentence or two, then exactly what is missing, as a question — last,
    so the answer ends by asking (nothing after it for the user to read past)."""
    wanted = list(missing or question.missing)
    concept = _CONCEPT[question.kind]
    about = f" do {question.objeto}" if question.objeto and question.kind in _OBJECT_KINDS else ""
    request = (
        f"Para {_WHAT[question.kind]}{about}, preciso de: {join(wanted)}. Me passa esses números?"
    )
    draft.lead.append(f"{concept} {request}" if concept else request)


_OBJECT_KINDS = (QuestionKind.FINANCIAMENTO, QuestionKind.COMPRAR_ALUGAR)


# ---------------------------------------------------------------- financiamento


def _system_line(s: SistemaResultado, months: int) -> str:
    if s.sistema == "price":
        return (
            f"no Price a parcela é fixa de {brl(s.primeira_parcela)} (total pago de "
            f"{brl(s.total_pago)}, dos quais {brl(s.total_juros)} de juros)"
        )
    return (
        f"no SAC a amortização é fixa de {brl((s.total_pago - s.total_juros) / months)} por mês, "
        f"a primeira parcela é {brl(s.primeira_parcela)} e a última "
        f"{brl(s.ultima_parcela)} (total pago de {brl(s.total_pago)}, dos quais "
        f"{brl(s.total_juros)} de juros)"
    )


def financing(question: Question, result: FinanciamentoResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, FinanciamentoParams)
    subject = f"do {question.objeto}" if question.objeto else ""
    price, sac = result.of("price"), result.of("sac")
    head = (
        f"Financiando {brl(result.principal)} {subject} em {months_text(result.meses)} a "
        f"{rate(result.taxa_mensal)}: "
    ).replace("  ", " ")
    if result.taxa_embutida and p.parcela_informada is not None:
        yearly = (1 + result.taxa_mensal) ** 12 - 1
        draft.lead.append(
            f"Com {result.meses} parcelas de {brl(p.parcela_informada)} sobre "
            f"{brl(result.principal)}, a taxa de juros embutida é de cerca de "
            f"{rate(result.taxa_mensal, places=2)} ({rate(yearly, 'ao ano', 2)}), pelo Price: "
            f"você paga {brl(p.parcela_informada * result.meses)} no total, "
            f"{brl(p.parcela_informada * result.meses - result.principal)} de juros."
        )
        draft.assumptions.append(
            "taxa calculada a partir da parcela (sistema Price, parcelas iguais, sem seguros "
            "nem tarifas: o CET do contrato pode ser maior)"
        )
        return
    draft.lead.append(head + join([_system_line(s, result.meses) for s in result.sistemas]) + ".")
    for s in result.sistemas:
        name = "Price" if s.sistema == "price" else "SAC"
        draft.calcs.append(
            Calculo(
                descricao=f"{name}: {brl(result.principal)} em {result.meses} meses a "
                f"{rate(result.taxa_mensal)}",
                resultado=f"primeira parcela {brl(s.primeira_parcela)}, última "
                f"{brl(s.ultima_parcela)}, juros {brl(s.total_juros)}",
                detalhes={"total_pago": brl(s.total_pago)},
            )
        )
        if s.parcela_k is not None and s.parcela_numero is not None:
            draft.main.append(
                f"No {name}, a parcela do mês {s.parcela_numero} é de {brl(s.parcela_k)} "
                f"(a primeira é {brl(s.primeira_parcela)})."
            )
    if price is not None and sac is not None:
        saving = price.total_juros - sac.total_juros
        gap = sac.primeira_parcela - price.primeira_parcela
        draft.main.append(
            f"O SAC paga {brl(saving)} a menos de juros no total, mas começa com uma parcela "
            f"{brl(gap)} maior que a do Price; a parcela do SAC fica abaixo da do Price a "
            "partir de algum ponto do contrato e termina bem menor."
        )
        draft.comparisons.append(
            Comparacao(
                descricao="SAC x Price: total de juros",
                conclusao=f"o SAC economiza {brl(saving)} de juros",
            )
        )
    if result.limite_parcela is not None and p.renda_mensal is not None:
        fits = [
            f"a {'primeira do SAC' if s.sistema == 'sac' else 'do Price'} "
            f"({brl(s.primeira_parcela)}) {'cabe' if s.cabe_na_renda else 'não cabe'}"
            for s in result.sistemas
        ]
        draft.main.append(
            f"Com renda de {brl(p.renda_mensal)} e limite de {percent(p.limite_renda_pct or ZERO)}"
            f" da renda, a parcela máxima é {brl(result.limite_parcela)}: {join(fits)}."
        )
        if not any(s.cabe_na_renda for s in result.sistemas):
            draft.recommendations.append(
                "Nenhuma das parcelas cabe no limite: para aprovar, seria preciso uma entrada "
                "maior, um prazo maior ou um valor financiado menor (ou somar a renda de outra "
                "pessoa)."
            )
    if price is not None and sac is not None:
        draft.recommendations.append(
            "Se a primeira parcela do SAC cabe com folga no seu orçamento, ele sai mais barato; "
            "se o aperto está no começo, o Price dá parcelas menores no início. Em qualquer um, "
            "amortizações extras reduzem bastante os juros."
        )
    draft.assumptions.append(
        f"taxa de {rate(result.taxa_mensal)} fixa durante todo o contrato, sem seguros, taxas "
        "administrativas nem correção (TR/IPCA), que os bancos somam à parcela"
    )


# ---------------------------------------------------------------- investimentos


def investments(
    question: Question,
    result: InvestimentosResultado,
    draft: Draft,
    index_notes: list[str],
) -> None:
    p = question.params
    assert isinstance(p, InvestimentosParams)
    term = f"{result.dias} dias" + (
        f" ({years_months(result.meses)})" if result.meses >= 12 else ""
    )
    if result.linhas:
        parts = []
        for line in result.linhas:
            tax = "isenta de IR" if line.isento else f"IR de {percent(line.aliquota_ir * 100)}"
            gross = (
                ""
                if line.isento
                else f"{brl((result.valor or ZERO) + line.rendimento_bruto)} bruto, "
            )
            parts.append(
                f"{line.rotulo} termina com {brl(line.valor_final)} ({gross}rendimento líquido "
                f"de {brl(line.rendimento_liquido)}, {tax})"
            )
            draft.calcs.append(
                Calculo(
                    descricao=f"{line.rotulo}: {brl(result.valor or ZERO)} por {result.dias} dias",
                    resultado=brl(line.valor_final),
                    detalhes={
                        "taxa_anual": rate(line.taxa_anual, "ao ano", 2),
                        "rendimento_bruto": brl(line.rendimento_bruto),
                        "imposto": brl(line.imposto),
                    },
                )
            )
        draft.lead.append(
            f"Aplicando {brl(result.valor or ZERO)} por {term}: " + "; ".join(parts) + "."
        )
        best = result.best
        ranked = sorted(result.linhas, key=lambda line: -line.valor_final)
        if best is not None and len(ranked) > 1:
            edge = best.valor_final - ranked[1].valor_final
            draft.main.append(
                f"O melhor resultado é {best.rotulo}: {brl(edge)} a mais que {ranked[1].rotulo}."
            )
            draft.comparisons.append(
                Comparacao(descricao="valor final líquido", conclusao=f"{best.rotulo} rende mais")
            )
            draft.recommendations.append(
                f"Pelo resultado líquido, {best.rotulo} é a melhor opção para esse prazo; "
                "confira a liquidez (LCI/LCA costumam ter carência) e a garantia do FGC (até "
                "R$ 250 mil por instituição) antes de aplicar."
            )
        draft.main.append(
            "Os rendimentos brutos: "
            + "; ".join(
                f"{line.rotulo} a {rate(line.taxa_anual, 'ao ano', 2)}, "
                f"{brl(line.rendimento_bruto)} brutos"
                + ("" if line.isento else f" menos {brl(line.imposto)} de IR")
                for line in result.linhas
            )
            + "."
        )
    for eq in result.equivalencias:
        draft.lead.append(
            f"Para {result.dias} dias a alíquota de IR é {percent(eq.aliquota_ir * 100)}: "
            f"{eq.rotulo} equivale a um CDB de {percent(eq.pct_cdb_equivalente, 2)} do CDI "
            f"({percent(eq.pct_cdi)} ÷ (1 − {percent(eq.aliquota_ir * 100)}))."
        )
        draft.recommendations.append(
            f"Um CDB só vale mais que {eq.rotulo} nesse prazo se pagar acima de "
            f"{percent(eq.pct_cdb_equivalente, 2)} do CDI."
        )
    draft.assumptions.extend(index_notes)
    draft.assumptions.append(IR_TABLE)
    if result.linhas:
        draft.assumptions.append(
            "juros compostos por dias corridos (dias/365); os bancos contam dias úteis e o "
            "resultado pode variar um pouco"
            + (", sem IOF (prazo acima de 30 dias)" if result.dias >= 30 else "")
        )
    kinds = {line.produto for line in result.linhas}
    if "tesouro_selic" in kinds or "tesouro_ipca" in kinds or "tesouro_prefixado" in kinds:
        draft.assumptions.append(
            "sem a taxa de custódia da B3 no Tesouro Direto"
            + ("" if p.sem_taxa_b3 else " (0,20% ao ano, que reduziria um pouco o resultado)")
        )
    if "poupanca" in kinds:
        draft.assumptions.append(
            "poupança: 0,5% ao mês + TR enquanto a Selic passa de 8,5% ao ano (TR considerada zero)"
            if p.poupanca_mensal is None
            else f"poupança a {rate(p.poupanca_mensal)}, isenta de IR"
        )


# ---------------------------------------------------------------- dívidas

_DEBT_NAMES = {
    "rotativo": "rotativo do cartão",
    "cartao": "cartão",
    "cheque_especial": "cheque especial",
    "emprestimo": "empréstimo",
    "consignado": "consignado",
    "financiamento": "financiamento",
    "outra": "dívida",
}


def debts(question: Question, result: DividasResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, DividasParams)
    first = p.dividas[0] if p.dividas else None
    name = _DEBT_NAMES[first.tipo] if first else "dívida"
    op = result.operacao
    if op == "projetar" and first is not None and first.saldo is not None:
        draft.lead.append(
            f"Sem pagar nada, os {brl(first.saldo)} no {name} a {rate(first.taxa_mensal or ZERO)} "
            f"viram {brl(result.saldo_final or ZERO)} em {months_text(p.meses or 0)}: "
            f"{brl(result.juros or ZERO)} só de juros."
        )
        draft.recommendations.append(
            "Juros assim dobram a dívida em poucos meses: pare de rolar o saldo e troque por um "
            "crédito mais barato (parcelamento da fatura, empréstimo pessoal ou consignado) ou "
            "negocie um acordo à vista."
        )
    elif op == "prazo_quitacao" and first is not None and result.meses_fracionados is not None:
        whole = result.pagamentos or 0
        draft.lead.append(
            f"Pagando {brl(p.pagamento_mensal or ZERO)} por mês, a dívida de "
            f"{brl(first.saldo or ZERO)} no {name} a {rate(first.taxa_mensal or ZERO)} é quitada "
            f"em {whole} meses ({str(result.meses_fracionados).replace('.', ',')} meses de prazo "
            f"exato: {whole - 1} pagamentos de {brl(p.pagamento_mensal or ZERO)} e um último "
            "menor)."
        )
        draft.main.append(f"No total você paga cerca de {brl(result.juros or ZERO)} de juros.")
        draft.recommendations.append(
            "Cada real a mais por mês encurta o prazo e corta juros; se conseguir uma taxa menor "
            "(consignado, portabilidade), troque."
        )
    elif op in ("trocar", "portabilidade") and first is not None:
        term = first.parcelas_restantes or p.meses or 0
        new_name = _DEBT_NAMES[p.novo_tipo] if p.novo_tipo else "crédito novo"
        if op == "portabilidade":
            draft.lead.append(
                f"Com a portabilidade do saldo de {brl(first.saldo or ZERO)} para "
                f"{rate(p.nova_taxa_mensal or ZERO)}, a parcela do {name} cai de "
                f"{brl(result.parcela_atual or ZERO)} para "
                f"{brl(result.parcela_nova or ZERO)} ({brl(result.diferenca_parcela or ZERO)} a "
                f"menos por mês) e você economiza {brl(result.economia_total or ZERO)} nas "
                f"{term} parcelas que faltam."
            )
        else:
            draft.lead.append(
                f"A parcela do {new_name} a {rate(p.nova_taxa_mensal or ZERO)} em {term}x fica "
                f"em {brl(result.parcela_nova or ZERO)}, com {brl(result.juros_novo or ZERO)} de "
                f"juros no total, para quitar os {brl(first.saldo or ZERO)}. Parcelando o {name} "
                "na taxa dele "
                f"({rate(first.taxa_mensal or ZERO)}) em {term}x, a parcela seria "
                f"{brl(result.parcela_atual or ZERO)}, com {brl(result.juros_atual or ZERO)} de "
                "juros."
            )
            draft.main.append(
                f"Trocar o {name} pelo {new_name} economiza {brl(result.diferenca_parcela or ZERO)}"
                f" por mês e {brl(result.economia_total or ZERO)} no total."
            )
        draft.recommendations.append(
            "Vale a troca: é a mesma dívida a uma taxa menor. Confira o CET (custo efetivo total, "
            "com tarifas e seguros) da proposta antes de assinar."
        )
        draft.assumptions.append(f"parcelas fixas (Price) em {term} meses nas duas taxas")
    elif op == "avalanche":
        paid = [q for q in result.ordem if q.pago > 0]
        steps = [
            f"{brl(q.pago)} no {_DEBT_NAMES.get(q.rotulo, q.rotulo)} ({rate(q.taxa_mensal)})"
            + (" — quitado" if q.restante == 0 else f", que fica com {brl(q.restante)}")
            for q in paid
        ]
        later = [
            f"o {_DEBT_NAMES.get(q.rotulo, q.rotulo)} ({brl(q.restante)} a {rate(q.taxa_mensal)})"
            for q in result.ordem
            if q.pago == 0
        ]
        source = p.origem_extra or "dinheiro extra"
        draft.lead.append(
            f"Use os {brl(p.valor_extra or ZERO)} do {source} pela ordem dos juros mais altos: "
            f"{join(steps)}. Isso evita {brl(result.juros_evitados_mes or ZERO)} de juros já no "
            "próximo mês."
            + (f" Fica para depois {join(later)}, a dívida mais barata." if later else "")
        )
        draft.main.append(
            "Suas dívidas: "
            + "; ".join(
                f"{_DEBT_NAMES.get(d.tipo, d.tipo)} {brl(d.saldo or ZERO)} a "
                f"{rate(d.taxa_mensal or ZERO)}"
                + (
                    f" ({brl((d.saldo * d.taxa_mensal).quantize(D('0.01')))} de juros por mês)"
                    if d.saldo and d.taxa_mensal
                    else ""
                )
                for d in p.dividas
            )
            + "."
        )
        draft.main.append(
            "Quitar primeiro a dívida mais cara (método avalanche) é o que mais economiza: cada "
            "real tirado do cartão deixa de pagar "
            f"{rate(max((q.taxa_mensal for q in result.ordem), default=ZERO))}."
        )
        draft.recommendations.append(
            "Depois, direcione o valor que ia para a parcela quitada à próxima dívida mais cara."
        )
    elif op == "amortizar" and first is not None:
        source = p.origem_extra or "dinheiro extra"
        if result.parcela_nova is not None:
            draft.lead.append(
                f"Usando {brl(p.valor_extra or ZERO)} do {source} para amortizar o {name} de "
                f"{brl(first.saldo or ZERO)} e mantendo as {first.parcelas_restantes} parcelas, "
                "a parcela cai de "
                f"{brl(result.parcela_atual or ZERO)} para {brl(result.parcela_nova)} "
                f"({brl(result.diferenca_parcela or ZERO)} a menos por mês)."
            )
        elif result.pagamentos is not None:
            draft.lead.append(
                f"Usando {brl(p.valor_extra or ZERO)} do {source} para amortizar e mantendo a "
                f"parcela de {brl(result.parcela_atual or ZERO)}, o {name} termina em "
                f"{result.pagamentos} meses em vez de {first.parcelas_restantes}."
            )
        draft.recommendations.append(
            f"A {rate(first.taxa_mensal or ZERO)}, amortizar rende mais que qualquer aplicação "
            "de baixo risco: vale a pena, desde que você mantenha uma reserva para emergências."
        )
        draft.assumptions.append("parcelas fixas (Price) sobre o saldo devedor")


# ---------------------------------------------------------------- meta e aposentadoria


def _exact_months(months: Decimal | None) -> str:
    """ "163,06 meses exatos, ou 13,59 anos" (people ask in months or in years)."""
    if months is None:
        return ""
    exact = number(months, places=2)
    if months < 12:
        return f"{exact} meses exatos"
    return f"{exact} meses exatos, ou {number(months / 12, places=2)} anos"


def _yield_text(monthly: Decimal | None, real: bool = False) -> str:
    if not monthly:
        return "sem rendimento"
    return f"rendendo {rate(monthly)}" + (" acima da inflação" if real else "")


def goal(question: Question, result: MetaResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, MetaParams)
    target = brl(p.alvo or ZERO)
    what = f" para o {question.objeto}" if question.objeto else ""
    if result.operacao == "aporte" and result.aporte_mensal is not None:
        tail = (
            f"({brl(p.alvo or ZERO)} ÷ {result.meses})"
            if not p.taxa_mensal
            else f"(você põe {brl(result.total_aportado or ZERO)} e os rendimentos completam "
            f"{brl(result.juros_ganhos or ZERO)})"
        )
        draft.lead.append(
            f"Para juntar {target}{what} em {months_text(result.meses or 0)} "
            f"{_yield_text(p.taxa_mensal)}, guarde {brl(result.aporte_mensal)} por mês {tail}."
        )
    elif result.operacao == "prazo" and result.meses is not None:
        draft.lead.append(
            f"Guardando {brl(p.aporte_mensal or ZERO)} por mês {_yield_text(p.taxa_mensal)}, "
            f"você chega a {target} em {result.meses} meses ({years_months(result.meses)}; "
            f"{_exact_months(result.meses_fracionados)})."
        )
    elif result.operacao == "poupar_ou_financiar":
        draft.lead.append(
            f"Juntando: {brl(result.aporte_mensal or ZERO)} por mês durante "
            f"{months_text(result.meses or 0)} {_yield_text(p.taxa_mensal)} e você compra "
            f"à vista. Financiando {brl((p.alvo or ZERO) - p.inicial)} em "
            f"{p.meses_financiamento or result.meses}x a "
            f"{rate(p.taxa_financiamento_mensal or ZERO)}: parcela de "
            f"{brl(result.parcela_financiamento or ZERO)}, total de "
            f"{brl(result.total_financiamento or ZERO)} ({brl(result.juros_financiamento or ZERO)}"
            " de juros)."
        )
        gap = (result.parcela_financiamento or ZERO) - (result.aporte_mensal or ZERO)
        draft.main.append(
            f"Juntar custa {brl(gap)} a menos por mês e, em vez de pagar juros, você recebe "
            f"rendimentos; o preço é esperar {months_text(result.meses or 0)}."
        )
        draft.recommendations.append(
            "Se dá para esperar, juntar e comprar à vista sai bem mais barato; financie só se "
            "precisar do bem agora e a parcela couber com folga."
        )
    if p.taxa_mensal:
        draft.recommendations.append(
            "Automatize o aporte logo depois de receber o salário, numa aplicação com o prazo da "
            "meta."
        )


def retirement(question: Question, result: AposentadoriaResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, AposentadoriaParams)
    y = _yield_text(p.taxa_mensal, real=p.taxa_real)
    when = (
        f"aos {p.idade_alvo} (em {months_text(result.meses)})"
        if p.idade_alvo and result.meses
        else (f"em {months_text(result.meses)}" if result.meses else "")
    )
    start = f" partindo de {brl(p.inicial)} que já tem" if p.inicial else ""
    if result.operacao == "aporte" and result.aporte_mensal is not None:
        draft.lead.append(
            f"Para ter {brl(p.alvo or ZERO)} {when}{start}, {y}, aporte "
            f"{brl(result.aporte_mensal)} por mês."
        )
    elif result.operacao == "valor_futuro" and result.valor_futuro is not None:
        draft.lead.append(
            f"Com {brl(p.aporte_mensal or ZERO)} por mês{start}, {y}, você terá cerca de "
            f"{brl(result.valor_futuro)} {when}"
            f"{' (em dinheiro de hoje)' if p.taxa_real else ''}, tendo aportado "
            f"{brl(result.total_aportado or ZERO)}."
        )
    elif result.operacao == "prazo" and result.meses is not None:
        draft.lead.append(
            f"Guardando {brl(p.aporte_mensal or ZERO)} por mês{start}, {y}, você chega a "
            f"{brl(p.alvo or ZERO)} em {years_months(result.meses)} ({result.meses} meses; "
            f"{_exact_months(result.meses_fracionados)})."
        )
    elif result.operacao == "capital" and result.capital_necessario is not None:
        line = (
            f"Para viver de uma renda de {brl(p.renda_mensal or ZERO)} por mês só com o "
            f"rendimento, sem consumir o principal, {y}, você precisa acumular cerca de "
            f"{brl(result.capital_necessario)}."
        )
        if result.aporte_mensal is not None and result.meses:
            line += f" Para chegar lá {when}{start}, aporte {brl(result.aporte_mensal)} por mês."
        draft.lead.append(line)
    elif result.operacao == "duracao" and result.meses is not None:
        draft.lead.append(
            f"Sacando {brl(p.saque_mensal or ZERO)} por mês de {brl(p.alvo or p.inicial)}, "
            f"{y}, o dinheiro dura cerca de {years_months(result.meses)} ({result.meses} meses; "
            f"{str(result.anos).replace('.', ',')} anos)."
        )
        draft.recommendations.append(
            "Para o dinheiro durar para sempre, o saque mensal teria de ficar abaixo do "
            f"rendimento do capital ({brl((p.alvo or p.inicial) * (p.taxa_mensal or ZERO))} "
            "por mês nessa taxa)."
        )
    draft.assumptions.append(
        "valores em dinheiro de hoje (taxa real, acima da inflação), aportes no fim de cada mês"
        if p.taxa_real
        else "taxa nominal, como você disse: os valores não descontam a inflação (em dinheiro de "
        "hoje seriam menores); aportes no fim de cada mês"
    )
    if result.operacao in ("aporte", "valor_futuro", "prazo", "capital"):
        draft.recommendations.append(
            "Prefira investimentos de longo prazo protegidos da inflação (Tesouro IPCA+, "
            "previdência PGBL/VGBL com taxas baixas) e reveja o plano uma vez por ano."
        )


# ---------------------------------------------------------------- comprar x alugar


def buy_or_rent(question: Question, result: ComprarAlugarResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, ComprarAlugarParams)
    thing = question.objeto or "bem"
    article = "a" if thing.lower() in ("casa", "moto") else "o"
    rent_word = "assinatura" if question.objeto and p.veiculo else "aluguel"
    rent_art = "a" if rent_word == "assinatura" else "o"
    rent = brl(result.aluguel) if result.aluguel is not None else None
    if result.parcela_informada and result.parcela is not None:
        if result.aluguel is None:
            draft.lead.append(f"A parcela seria de {brl(result.parcela)} por mês.")
            return
        gap = result.parcela - result.aluguel
        word = "a mais" if gap >= 0 else "a menos"
        draft.lead.append(
            f"A parcela de {brl(result.parcela)} fica {brl(abs(gap))} {word} por mês que "
            f"{rent_art} {rent_word} de {rent}: {brl(abs(gap) * 12)} {word} por ano."
        )
        draft.main.append(
            "Na parcela, parte é amortização (vira patrimônio) e parte é juros; o aluguel é todo "
            "custo. Para comparar de verdade, some à compra os juros, o rendimento que a entrada "
            "deixaria de ter, IPTU e manutenção: me passe o preço, a entrada, a taxa e o prazo que "
            "eu faço a conta completa."
        )
        return
    if p.financiar and result.parcela is not None:
        financed = (p.valor_bem or ZERO) - (p.entrada or ZERO)
        draft.lead.append(
            f"Financiando {brl(p.principal or financed)} d{article} {thing} de "
            f"{brl(p.valor_bem or ZERO)} em "
            f"{months_text(p.meses or 0)} a {rate(p.taxa_mensal or ZERO)} pelo Price, a parcela "
            f"é de {brl(result.parcela)}"
            + (f", contra {rent_art} {rent_word} de {rent}" if rent else "")
            + (
                f": {brl(abs(result.parcela - result.aluguel))} "
                f"{'a mais' if result.parcela >= result.aluguel else 'a menos'} por mês."
                if result.aluguel is not None
                else "."
            )
        )
        details = []
        interest = result.juros_primeiro_mes
        if interest is not None:
            more = "mais" if interest > (result.aluguel or ZERO) else "menos"
            details.append(
                f"só os juros do primeiro mês são {brl(interest)}"
                + (f", {more} que {rent_art} {rent_word}" if rent else "")
            )
        if result.custo_oportunidade_mensal is not None and p.entrada:
            details.append(
                f"a entrada de {brl(p.entrada)} deixaria de render "
                f"{brl(result.custo_oportunidade_mensal)} por mês"
            )
        if details:
            draft.main.append(join(details)[:1].upper() + join(details)[1:] + ".")
    else:
        costs = []
        if result.custo_oportunidade_mensal is not None:
            costs.append(
                f"{brl(result.custo_oportunidade_mensal)} de rendimento que o dinheiro deixa de "
                f"ter ({rate(p.rendimento_mensal or ZERO)} de {brl(result.capital)})"
            )
        if result.depreciacao_mensal is not None:
            costs.append(
                f"{brl(result.depreciacao_mensal)} de desvalorização "
                f"({rate(p.depreciacao_anual or ZERO, 'ao ano')})"
            )
        total = (
            f", {brl(result.custo_mensal_ter)} por mês no total"
            if result.custo_mensal_ter is not None and len(costs) > 1
            else ""
        )
        draft.lead.append(
            f"Comprar {article} {thing} de {brl(p.valor_bem or ZERO)} à vista custa, por mês, "
            f"{join(costs) or 'o rendimento que o dinheiro deixa de ter'}{total}"
            + (f", contra {rent} de {rent_word}." if rent else ".")
        )
    if result.aluguel_pct_valor is not None and not p.veiculo:
        draft.main.append(
            f"O {rent_word} equivale a {percent(result.aluguel_pct_valor)} do valor d{article} "
            f"{thing} por mês ({percent(result.aluguel_pct_valor * 12)} ao ano)."
        )
    if result.melhor == "alugar":
        draft.recommendations.append(
            f"Financeiramente, {rent_art} {rent_word} sai mais barato que ter {article} {thing} "
            "hoje: "
            "invista a diferença com disciplina para não perder a vantagem."
        )
    elif result.melhor == "comprar":
        draft.recommendations.append(
            f"Ter {article} {thing} custa menos por mês que {rent_art} {rent_word}, pelas contas "
            "acima; "
            "decida também pela segurança e pelos planos de mudança."
        )
    if p.veiculo:
        draft.assumptions.append(
            "sem IPVA, seguro e manutenção, que a assinatura costuma incluir e a compra não"
        )
    else:
        draft.assumptions.append(
            "sem IPTU, condomínio, manutenção nem a valorização do imóvel, e sem reajuste do "
            "aluguel"
        )
    if p.financiar:
        draft.assumptions.append(
            "financiamento pelo Price com taxa fixa, sem seguros e taxas do banco"
        )


# ---------------------------------------------------------------- reserva e diagnóstico


def reserve(question: Question, result: ReservaResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, ReservaParams)
    if result.total is None or result.despesa_mensal is None:
        draft.lead.append(
            "Não encontrei despesas registradas para calcular a sua reserva. Quanto você gasta "
            "por mês (aluguel, contas, mercado, transporte…)?"
        )
        draft.main.append(_CONCEPT[QuestionKind.RESERVA])
        return
    source = (
        f"Pelas suas despesas registradas ({result.fonte.removeprefix('livro-caixa: ')}: "
        f"{brl(result.despesa_mensal)} por mês)"
        if result.fonte != "informada"
        else f"Com despesas de {brl(result.despesa_mensal)} por mês"
    )
    draft.lead.append(f"{source}, {result.meses_reserva} meses de reserva são {brl(result.total)}.")
    if result.total_minimo is not None and p.meses_minimo is not None:
        draft.lead.append(
            f"Uma reserva mínima de {p.meses_minimo} meses seria {brl(result.total_minimo)}."
        )
    if result.falta is not None and p.ja_guardado is not None:
        draft.lead.append(
            f"Você já tem {brl(p.ja_guardado)}: faltam {brl(result.falta)}."
            if result.falta > 0
            else f"Você já tem {brl(p.ja_guardado)}: a reserva está completa."
        )
    if result.sobra_mensal is not None and result.renda_mensal is None:
        if result.meses_para_montar is not None:
            draft.main.append(
                f"Guardando a sobra de {brl(result.sobra_mensal)} todo mês, você monta a reserva "
                f"em {result.meses_para_montar} meses, sem contar rendimento."
            )
    elif result.sobra_mensal is not None and result.renda_mensal is not None:
        if result.meses_para_montar is not None:
            draft.main.append(
                f"Sua sobra foi de {brl(result.sobra_mensal)} (renda de "
                f"{brl(result.renda_mensal)} menos despesas de {brl(result.despesa_mensal)}): "
                f"guardando-a todo mês, você monta a reserva em {result.meses_para_montar} meses, "
                "sem contar rendimento."
            )
        else:
            draft.main.append(
                f"Sua renda registrada ({brl(result.renda_mensal)}) não cobre as despesas: antes "
                "da reserva, é preciso abrir uma sobra mensal."
            )
    if p.autonomo and p.meses_reserva is None:
        draft.main.append("Para autônomos e renda variável, a referência é 12 meses de despesas.")
    draft.recommendations.append(
        "Deixe a reserva numa aplicação segura com liquidez diária (Tesouro Selic ou CDB de "
        "liquidez diária de banco grande, a 100% do CDI ou mais)."
    )


def _in_period(label: str) -> str:
    """ "Em outubro de 2026", "Neste mês até agora" (not "Em este mês")."""
    for article, contracted in (("este ", "Neste "), ("esse ", "Nesse "), ("o ", "No ")):
        if label.startswith(article):
            return contracted + label.removeprefix(article)
    return f"Em {label}"


def diagnosis(question: Question, result: DiagnosticoResultado, draft: Draft) -> None:
    if not result.categorias:
        draft.lead.append(
            f"Não encontrei gastos registrados em {result.rotulo}. Registre seus gastos (ex.: "
            '"mercado 320 dia 5/10") ou me diga de qual mês quer a análise?'
        )
        return
    shares = [f"{c.categoria} {brl(c.total)} ({percent(c.pct, 1)})" for c in result.categorias]
    draft.lead.append(
        f"{_in_period(result.rotulo)} você gastou {brl(result.total)} em "
        f"{result.lancamentos} lançamentos. "
        f"Por categoria: {join(shares)}."
    )
    top = result.categorias[0]
    subs = [f"{s.nome} {brl(s.total)}" for s in top.subcategorias[:3]]
    draft.main.append(
        f"A categoria que mais pesa é {top.categoria}, com {percent(top.pct, 1)} do total"
        + (f" ({join(subs)})." if subs else ".")
    )
    if result.receitas > 0:
        share = result.total * 100 / result.receitas
        draft.main.append(
            f"Suas receitas registradas no período foram {brl(result.receitas)}: os gastos "
            f"consumiram {percent(share, 0)} delas."
        )
    if result.cortes:
        total = sum((c.economia_mensal for c in result.cortes), ZERO)
        draft.main.append(
            "Cortes concretos: "
            + "; ".join(
                f"{c.descricao} (economia de {brl(c.economia_mensal)})" for c in result.cortes
            )
            + f". Somados, cerca de {brl(total)} por mês."
        )
        draft.recommendations.append(
            f"Comece pelo primeiro corte da lista e acompanhe {top.categoria} semana a semana; "
            "gastos fixos (aluguel, contas) se reduzem renegociando, não cortando no mês."
        )


Template = Callable[..., None]


def quick(question: Question, result: ContaResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, ContaParams)
    what = f" ({p.o_que})" if p.o_que else ""
    n = p.n or 1
    r = brl(result.resultado)
    if result.operacao == "parcelas_total":
        draft.lead.append(f"{n} parcelas de {brl(p.a)}{what} dão {r} no total.")
    elif result.operacao == "parcela":
        draft.lead.append(
            f"{brl(p.a)}{what} em {n}x sem juros dá {r} por parcela (se a loja cobrar juros, "
            "me diga a taxa que eu refaço a conta)."
        )
    elif result.operacao == "a_vista_ou_parcelado":
        gap = result.diferenca or ZERO
        line = (
            f"Parcelado, você paga {n}x de {brl(p.b or ZERO)} = {r}, "
            f"{brl(abs(gap))} {'a mais' if gap >= 0 else 'a menos'} que {brl(p.a)} à vista"
        )
        if result.taxa_mensal:
            line += f": juros embutidos de cerca de {rate(result.taxa_mensal, places=2)}"
        draft.lead.append(line + ".")
        if gap > 0:
            draft.recommendations.append(
                "À vista compensa se o seu dinheiro rende menos que esses juros por mês (quase "
                "sempre: a poupança rende 0,5% ao mês); parcelado só compensa sem juros."
            )
        else:
            draft.recommendations.append(
                "Sem juros, parcelar e deixar o dinheiro rendendo até cada parcela vencer compensa."
            )
    elif result.operacao == "mensal_periodo":
        period = "em 1 ano" if n == 12 else f"em {months_text(n)}"
        draft.lead.append(f"{brl(p.a)} por mês{what} {period} dá {r}.")
    elif result.operacao == "percentual":
        draft.lead.append(f"{percent(p.pct or ZERO)} de {brl(p.a)}{what} é {r}.")
    elif result.operacao == "soma":
        draft.lead.append(f"{brl(p.a)} + {brl(p.b or ZERO)} = {r}{what}.")
    else:
        draft.lead.append(f"{brl(p.a)} − {brl(p.b or ZERO)} = {r}{what}.")
    draft.main.append("É só uma conta: não registrei nada.")


TEMPLATES: dict[QuestionKind, Template] = {
    QuestionKind.FINANCIAMENTO: financing,
    QuestionKind.DIVIDAS: debts,
    QuestionKind.META: goal,
    QuestionKind.APOSENTADORIA: retirement,
    QuestionKind.COMPRAR_ALUGAR: buy_or_rent,
    QuestionKind.RESERVA: reserve,
    QuestionKind.DIAGNOSTICO: diagnosis,
    QuestionKind.CONTA: quick,
}


def write(question: Question, result: Any, draft: Draft, index_notes: list[str]) -> None:
    """The template of the question's kind over the operation's typed result."""
    if question.kind is QuestionKind.INVESTIMENTOS:
        investments(question, result, draft, index_notes)
    else:
        TEMPLATES[question.kind](question, result, draft)
    draft.assumptions[:0] = list(question.assumptions)


__all__ = ["IR_TABLE", "ask", "write"]
