"""The answer templates for money put aside: fixed-income comparisons (after IR), saving goals
and retirement.
"""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.finmath import income_tax_rate
from switchboard.apps.finance.finmath.fmt import count, number
from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.params import (
    AposentadoriaParams,
    InvestimentosParams,
    MetaParams,
)
from switchboard.apps.finance.missions.catalogue.results import (
    AposentadoriaResultado,
    InvestimentosResultado,
    MetaResultado,
)
from switchboard.apps.finance.missions.catalogue.wording import (
    brl,
    join,
    months_text,
    of_object,
    percent,
    rate,
    years_months,
)
from switchboard.patterns import Calculo, Comparacao, Draft

D = Decimal
ZERO = Decimal(0)

IR_TABLE = (
    "IR regressivo sobre o rendimento: 22,5% até 180 dias, 20% de 181 a 360, 17,5% de 361 a "
    "720 e 15% acima de 720 dias; LCI, LCA e poupança são isentas para pessoa física"
)


# ---------------------------------------------------------------- investimentos


_VERBS = {D(2): "dobra", D(3): "triplica", D(4): "quadruplica"}


def _duration(months: Decimal) -> str:
    whole = int(months.to_integral_value())
    return years_months(whole) if whole >= 12 else f"{whole} {'mês' if whole == 1 else 'meses'}"


def _growth_time(
    p: InvestimentosParams, result: InvestimentosResultado, draft: Draft, notes: list[str]
) -> None:
    """How long each option takes to double (or reach the user's target), net of IR where it
    applies, fastest first."""
    factor = result.multiplicar or D(2)
    plural = p.valor is not None
    verb = _VERBS.get(factor.normalize())
    if verb is None:
        target = brl((p.valor or ZERO) * factor) if p.valor else f"{number(factor)} vezes"
        verb = f"chega a {target}" if not plural else f"chegam a {target}"
    elif plural:
        verb += "m"
    subject = f"Seus {brl(p.valor)}" if p.valor else "O dinheiro"
    parts = []
    for t in result.tempos:
        taxed = t.aliquota_ir > 0
        tail = (
            f", já descontado o IR de {percent(t.aliquota_ir * 100)} no resgate (sem IR seriam "
            f"{number(t.anos_bruto)} anos)"
            if taxed
            else ""
        )
        rates = (
            rate(t.taxa_anual, "ao ano", 2)
            if t.rotulo.startswith("aplicação")
            else f"{rate(t.taxa_mensal, places=2)}, {rate(t.taxa_anual, 'ao ano', 2)}"
        )
        parts.append(
            f"{t.rotulo} ({rates}): "
            f"{_duration(t.meses)} ({number(t.anos)} anos, {number(t.meses, places=1)} "
            f"meses){tail}"
        )
        draft.calcs.append(
            Calculo(
                descricao=f"tempo para multiplicar por {number(factor)} a "
                f"{rate(t.taxa_anual, 'ao ano', 2)}",
                resultado=f"{number(t.anos)} anos",
                detalhes={"meses": number(t.meses, places=1)},
            )
        )
    draft.lead.append(f"{subject} {verb} em: " + "; ".join(parts) + ".")
    fastest = min(result.tempos, key=lambda t: t.meses)
    if factor == 2:
        rule = D(72) / (fastest.taxa_anual * 100)
        draft.main.append(
            f"Conferindo pela regra dos 72 (72 ÷ taxa anual em %, antes do IR): 72 ÷ "
            f"{percent(fastest.taxa_anual * 100, 2)[:-1]} ≈ {number(rule, places=1)} anos."
        )
    if len(result.tempos) > 1:
        draft.recommendations.append(
            f"Quem chega lá primeiro é {fastest.rotulo}. Compare também liquidez e garantia "
            "(FGC até R$ 250 mil por instituição; Tesouro é garantido pelo governo)."
        )
    else:
        draft.recommendations.append(
            "Aportes mensais encurtam bastante esse prazo; e uma taxa um pouco maior (por "
            "exemplo LCI/LCA ou CDB acima de 100% do CDI em vez da poupança) faz diferença em "
            "muitos anos."
            if fastest.rotulo == "poupança"
            else "Aportes mensais encurtam bastante esse prazo; e, para quem vai deixar o "
            "dinheiro tantos anos, vale comparar com o Tesouro IPCA+, que protege da inflação"
            + ("." if fastest.aliquota_ir == 0 else ", e com LCI/LCA (isentas de IR).")
        )
    draft.assumptions.extend(notes)
    draft.assumptions.append(
        "taxa constante durante todo o período, sem aportes nem resgates, juros compostos"
    )
    if any(t.aliquota_ir > 0 for t in result.tempos):
        draft.assumptions.append(IR_TABLE)
    if any(t.rotulo == "poupança" for t in result.tempos) and p.poupanca_mensal is None:
        draft.assumptions.append(
            "poupança: 0,5% ao mês + TR enquanto a Selic passa de 8,5% ao ano, senão 70% da "
            "Selic (TR considerada zero)"
        )
    if any(t.rotulo.startswith("aplicação") for t in result.tempos):
        draft.assumptions.append(
            "a taxa que você informou, sem IR (numa aplicação tributada, como CDB, o IR no "
            "resgate alonga o prazo)"
        )


SELIC_CUSTODY_FREE = Decimal("10000")
"""B3 charges no custody fee on Tesouro Selic up to this much invested (0,20% a.a. on the rest,
and on every other Tesouro title)."""


def _custody_note(kinds: set[str], p: InvestimentosParams) -> str:
    """The B3 custody fee left out of the Tesouro lines, and what it would cost."""
    if p.sem_taxa_b3:
        return "sem a taxa de custódia da B3 no Tesouro Direto"
    only_selic = kinds & {"tesouro_ipca", "tesouro_prefixado"} == set()
    if only_selic and p.valor is not None and p.valor <= SELIC_CUSTODY_FREE:
        return (
            "sem taxa de custódia da B3: o Tesouro Selic é isento dela até "
            f"{brl(SELIC_CUSTODY_FREE)} investidos"
        )
    return (
        "sem a taxa de custódia da B3 no Tesouro Direto (0,20% ao ano; no Tesouro Selic, só "
        f"sobre o que passar de {brl(SELIC_CUSTODY_FREE)}), que reduziria um pouco o resultado"
    )


def _ir_note(result: InvestimentosResultado) -> str:
    """The IR assumption: the table, or the rate the user gave, said as theirs (with the
    table's rate for the term when it differs, so the user can check both)."""
    if not result.ir_informado:
        return IR_TABLE
    given = percent(result.aliquota_ir * 100)
    table = income_tax_rate(max(1, result.dias))
    note = f"IR de {given} sobre o rendimento, a alíquota que você informou"
    if table != result.aliquota_ir:
        note += (
            f" (pela tabela regressiva, {result.dias} dias pagariam {percent(table * 100)}: "
            "22,5% até 180 dias, 20% de 181 a 360, 17,5% de 361 a 720 e 15% acima de 720)"
        )
    return note + "; LCI, LCA e poupança são isentas para pessoa física"


def _bracket_note(result: InvestimentosResultado, draft: Draft) -> None:
    """A term that just passed an IR bracket (6 months = 182 days): what redeeming on the
    bracket's last day gives (higher IR), and the advice to wait past it."""
    edge = result.limite_dias
    if edge is None or not result.no_limite:
        return
    early_tax = result.no_limite[0].aliquota_ir
    parts = [
        f"{line.rotulo} renderia {brl(line.rendimento_liquido)} líquidos "
        f"({brl(line.valor_final)} no total)"
        for line in result.no_limite
    ]
    draft.main.append(
        f"Atenção ao prazo: {result.dias} dias já passam de {edge} dias, por isso o IR é de "
        f"{percent(result.aliquota_ir * 100)}. Contando o prazo como {edge} dias ({edge // 30} "
        f"meses de 30 dias), ou resgatando até o dia {edge}, o IR é de "
        f"{percent(early_tax * 100)}: {join(parts)}."
    )
    draft.recommendations.append(
        f"Se puder, só resgate depois do dia {edge}: a alíquota cai de "
        f"{percent(early_tax * 100)} para {percent(result.aliquota_ir * 100)}."
    )


def _exempt_break_even(
    p: InvestimentosParams, result: InvestimentosResultado, draft: Draft
) -> None:
    """A lone CDB at a % of the CDI: the LCI/LCA % (exempt) that pays the same in that term."""
    if result.equivalencias or any(line.isento for line in result.linhas):
        return
    cdbs = [o for o in p.opcoes if o.produto == "cdb" and o.pct_cdi is not None]
    if len(cdbs) != 1 or not result.linhas:
        return
    pct_cdi = cdbs[0].pct_cdi
    assert pct_cdi is not None
    same = pct_cdi * (1 - result.aliquota_ir)
    draft.main.append(
        f"Comparando com LCI/LCA (isentas de IR): nesse prazo, uma LCI ou LCA que pague "
        f"{percent(same, 2)} do CDI rende o mesmo que esse CDB; acima disso, a LCI/LCA rende "
        "mais."
    )
    draft.recommendations.append(
        f"Se achar LCI/LCA acima de {percent(same, 2)} do CDI com a mesma liquidez, ela rende "
        "mais que esse CDB; senão, o CDB é uma boa escolha (com a garantia do FGC até R$ 250 "
        "mil por instituição)."
    )


def investments(
    question: Question,
    result: InvestimentosResultado,
    draft: Draft,
    index_notes: list[str],
) -> None:
    p = question.params
    assert isinstance(p, InvestimentosParams)
    if result.multiplicar is not None:
        _growth_time(p, result, draft, index_notes)
        return
    if result.linhas and all(line.rendimento_bruto == 0 for line in result.linhas):
        draft.lead.append(  # "e se fosse sem render nada?"
            f"Sem render nada, os {brl(result.valor or ZERO)} continuam "
            f"{brl(result.valor or ZERO)} depois de {years_months(result.meses)}: sem ganho e "
            "sem IR, e perdendo poder de compra para a inflação."
        )
        return
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
            untaxed = best.rendimento_bruto - ranked[1].rendimento_bruto
            before_tax = (
                f" ({brl(untaxed)} antes do IR)"
                if untaxed != edge and best.aliquota_ir == ranked[1].aliquota_ir
                else ""
            )  # both taxed alike: the difference the rates alone make is said too
            draft.main.append(
                f"O melhor resultado é {best.rotulo}: {brl(edge)} a mais que {ranked[1].rotulo}"
                f"{before_tax}."
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
    _bracket_note(result, draft)
    _exempt_break_even(p, result, draft)
    for eq in result.equivalencias:
        tax = percent(eq.aliquota_ir * 100)
        opening = (
            f"Com a alíquota de IR que você informou, {tax}: "
            if result.ir_informado
            else f"Para {result.dias} dias a alíquota de IR é {tax}: "
        )
        draft.lead.append(
            opening
            + f"{eq.rotulo} equivale a um CDB de {percent(eq.pct_cdb_equivalente, 2)} do CDI "
            f"({percent(eq.pct_cdi)} ÷ (1 − {percent(eq.aliquota_ir * 100)}))."
        )
        draft.recommendations.append(
            f"Um CDB só vale mais que {eq.rotulo} nesse prazo se pagar acima de "
            f"{percent(eq.pct_cdb_equivalente, 2)} do CDI."
        )
    draft.assumptions.extend(index_notes)
    draft.assumptions.append(_ir_note(result))
    if result.linhas:
        draft.assumptions.append(
            "juros compostos por dias corridos (dias/365); os bancos contam dias úteis e o "
            "resultado pode variar um pouco"
            + (", sem IOF (prazo acima de 30 dias)" if result.dias >= 30 else "")
        )
    kinds = {line.produto for line in result.linhas}
    if kinds & {"tesouro_selic", "tesouro_ipca", "tesouro_prefixado"}:
        draft.assumptions.append(_custody_note(kinds, p))
    if "aplicacao" in kinds:
        draft.assumptions.append(
            "a taxa que você informou, fixa no período, com o IR regressivo de CDB e Tesouro; "
            "numa LCI, LCA ou na poupança (isentas) o resultado é o valor bruto"
        )
    if "poupanca" in kinds:
        draft.assumptions.append(
            "poupança: 0,5% ao mês + TR enquanto a Selic passa de 8,5% ao ano (TR considerada zero)"
            if p.poupanca_mensal is None
            else f"poupança a {rate(p.poupanca_mensal)}, isenta de IR"
        )
    if result.linhas and not draft.recommendations:
        only = result.linhas[0]
        draft.recommendations.append(
            "A poupança é isenta, mas rende pouco: para o mesmo prazo, um CDB de 100% do CDI ou "
            "uma LCI/LCA costumam render mais, com a mesma garantia do FGC."
            if only.produto == "poupanca"
            else "Antes de aplicar, confira a liquidez (se dá para resgatar antes do prazo) e a "
            "garantia (FGC até R$ 250 mil por instituição; Tesouro é garantido pelo governo); "
            "em LCI/LCA a mesma taxa fica toda com você, sem IR."
        )


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
    what = f" {of_object(question.objeto, 'para')}" if question.objeto else ""
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
            f"você chega a {target} em {count(result.meses, 'mês')} ({years_months(result.meses)}; "
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
            f"{brl(p.alvo or ZERO)} em {years_months(result.meses)} ({count(result.meses, 'mês')}; "
            f"{_exact_months(result.meses_fracionados)})."
        )
    elif result.operacao == "capital" and result.capital_necessario is not None:
        line = (
            f"Para viver de uma renda de {brl(p.renda_mensal or ZERO)} por mês só com o "
            f"rendimento, sem consumir o principal, {y}, você precisa acumular cerca de "
            f"{brl(result.capital_necessario)}."
        )
        if result.aporte_mensal is not None and result.meses:
            growing = (
                f", {_yield_text(p.taxa_acumulacao_mensal, real=p.taxa_real)} até lá"
                if p.taxa_acumulacao_mensal is not None
                else ""
            )
            line += (
                f" Para chegar lá {when}{start}{growing}, aporte {brl(result.aporte_mensal)} "
                "por mês."
            )
        draft.lead.append(line)
    elif result.operacao == "duracao" and result.meses is not None:
        draft.lead.append(
            f"Sacando {brl(p.saque_mensal or ZERO)} por mês de {brl(p.alvo or p.inicial)}, "
            f"{y}, o dinheiro dura cerca de {years_months(result.meses)} "
            f"({count(result.meses, 'mês')}; "
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
        else "taxa nominal: os valores não descontam a inflação (em dinheiro de hoje seriam "
        "menores); aportes no fim de cada mês"
    )
    if result.operacao in ("aporte", "valor_futuro", "prazo", "capital"):
        draft.recommendations.append(
            _SHORT_SAVING
            if p.idade_alvo is None and result.meses and result.meses < _LONG_TERM_MONTHS
            else "Prefira investimentos de longo prazo protegidos da inflação (Tesouro IPCA+, "
            "previdência PGBL/VGBL com taxas baixas) e reveja o plano uma vez por ano."
        )


_LONG_TERM_MONTHS = 120
"""Below ten years and with no retirement age, deposits that grow are a saving plan, not a
retirement: previdência and IPCA+ bonds (long, volatile before maturity) do not fit it."""
_SHORT_SAVING = (
    "Para um prazo assim, automatize o aporte logo depois de receber o salário e use uma "
    "aplicação com vencimento próximo do prazo e garantia (CDB de 100% do CDI, LCI/LCA ou "
    "Tesouro Selic costumam render mais que a poupança)."
)
