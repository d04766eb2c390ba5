"""The offline coordinators' consolidation (spec 001 §5 "Ciclo FINAL"): from the execution
record to the §5 Seção 7 document, per sub-intent.

Each composer reads the results the plan produced and writes the pre-structured answer in
pt-BR (already natural language, as the spec asks), the supporting data with their sources and
confidence, the calculations and comparisons, recommendations and next steps. What is missing
is said, never invented: a composer only states a number some step returned. The
recommendations are rules of thumb a planner would apply, worded as such (P/L and ROE bands,
the share of a single stock in a conservative portfolio, instalment vs monthly surplus).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from switchboard.apps.finance.data_access.wire import (
    Dividas,
    FluxoMensal,
    Investimentos,
    Patrimonio,
    Perfil,
)
from switchboard.apps.finance.finmath.fmt import brl, count, number, pct
from switchboard.apps.finance.market.companies import company_name
from switchboard.apps.finance.market.models import Fundamentals, IndexValue, Quote
from switchboard.apps.finance.missions.catalogue import stock_tax
from switchboard.apps.finance.missions.catalogue.compose import compose_question, compose_scope
from switchboard.apps.finance.missions.catalogue.compute import implied_rate
from switchboard.apps.finance.missions.catalogue.plans import (
    CALC,
    INTENT,
    OUT_OF_CATALOGUE,
    STOCK_TAX,
)
from switchboard.apps.finance.missions.math_replies import (
    AllocationReply,
    ComparisonReply,
    CompoundReply,
    FinancingReply,
    RetirementReply,
    reply_as,
)
from switchboard.apps.finance.missions.plan import Facts
from switchboard.bus import BudgetStatus
from switchboard.patterns import (
    Calculo,
    Comparacao,
    Consolidation,
    DadoSuporte,
    Draft,
    Execution,
    MetadadosExecucao,
    RecursosConsumidos,
    RespostaPreEstruturada,
    StatusConsolidacao,
    StepOutcome,
)

D = Decimal


def _support(draft: Draft, outcome: StepOutcome | None, descricao: str, valor: str) -> None:
    if outcome is None:
        return
    source = ", ".join(outcome.sources) or "dados internos"
    confidence = int(outcome.confidence) if outcome.confidence is not None else None
    draft.data.append(
        DadoSuporte(descricao=descricao, valor=valor, fonte=source, confiabilidade=confidence)
    )


def _research_lines(draft: Draft, execution: Execution, *keys: str) -> None:
    for key in keys:
        outcome = execution.outcomes.get(key)
        if outcome is not None and outcome.ok and outcome.description:
            # The description already names the source and says when data may be outdated;
            # the executor's warnings (which link failed, why) stay in the consolidation's
            # metadata, not in the user's answer.
            draft.main.append(outcome.description)


def _ok(execution: Execution, key: str) -> StepOutcome | None:
    outcome = execution.outcomes.get(key)
    return outcome if outcome is not None and outcome.ok else None


# ---------------------------------------------------------------- investimentos


def _avaliar_compra(execution: Execution, draft: Draft) -> None:
    plan = execution.plan
    ticker = plan.facts.tickers[0]
    quote = _ok(execution, "cotacao")
    fundamentals = _ok(execution, "fundamentos")
    quoted = Quote.model_validate(quote.data) if quote is not None else None
    if quote is not None and quoted is not None:
        change = quoted.change_pct
        _support(
            draft,
            quote,
            f"Cotação de {ticker}",
            brl(quoted.price)
            + (f" ({pct(change, signed=True, places=1)})" if change is not None else ""),
        )
    _research_lines(draft, execution, "cotacao", "fundamentos")
    solid = False
    if fundamentals is not None:
        indicators = Fundamentals.model_validate(fundamentals.data)
        pl, roe = indicators.p_l, indicators.roe
        if pl is not None:
            _support(draft, fundamentals, f"P/L de {ticker}", number(pl, places=1))
        if roe is not None:
            _support(draft, fundamentals, f"ROE de {ticker}", pct(roe, places=1))
        if pl is not None and roe is not None:
            solid = pl < 10 and roe >= 15
            verdict = (
                "Os fundamentos são sólidos: a ação negocia a um múltiplo baixo (P/L abaixo de 10) "
                "com boa rentabilidade (ROE de 15% ou mais)."
                if solid
                else "Os fundamentos não indicam, sozinhos, uma pechincha: o P/L e o ROE não "
                "formam a combinação de preço baixo e alta rentabilidade."
            )
            if fundamentals.illustrative:
                verdict = "Nos números ilustrativos, o" + verdict[1:]
            draft.comparisons.append(
                Comparacao(
                    descricao=f"P/L {number(pl, places=1)} e ROE {pct(roe, places=1)} contra a "
                    "referência de P/L < 10 e ROE ≥ 15%",
                    conclusao=verdict,
                )
            )
            draft.main.append(verdict)
    drop = plan.facts.drop_pct
    if drop is not None:
        draft.main.append(
            f"Uma queda de {number(drop, places=0)}% em um dia, sozinha, não torna a ação "
            "barata nem cara: o que importa é o preço em relação aos resultados da empresa."
        )
    news = _ok(execution, "noticias")
    if news is not None and news.description:
        draft.main.append(news.description)
    portfolio = _ok(execution, "carteira")
    profile = _ok(execution, "perfil")
    risk = Perfil.of(profile.data).risk_profile if profile is not None else None
    if portfolio is not None:
        held = Investimentos.of(portfolio.data)
        _support(draft, portfolio, "Valor da sua carteira", brl(held.total))
    allocation = _ok(execution, "alocacao")
    limit = D(25) if risk == "conservador" else D(40)
    a = reply_as(AllocationReply, allocation.data) if allocation is not None else None
    if a is not None and D(a["total_antes"]) <= 0:
        # nothing invested yet: "from 0% to 100% of your portfolio" measures nothing
        put = D(a["total_depois"])
        whole = (
            f"os {brl(put)} em {ticker} seriam todo o seu investimento, numa só empresa"
            if getattr(execution.plan.facts, "amounts", None)
            else f"se {ticker} fosse o seu único investimento, todo o dinheiro ficaria numa só "
            "empresa"
        )
        draft.main.append(f"Você ainda não tem investimentos registrados aqui: {whole}.")
        draft.recommendations.append(
            "Antes de ações, tenha a reserva de emergência em renda fixa com liquidez diária; "
            "depois, diversifique entre empresas e setores em vez de concentrar numa só."
        )
    elif a is not None:
        after = D(a["participacao_classe_depois"])
        before = D(a["participacao_classe_antes"])
        amount = D(a["total_depois"]) - D(a["total_antes"])
        draft.calcs.append(
            Calculo(
                descricao=f"Simulação de aporte de {brl(amount)} em {ticker}",
                resultado=f"ações passariam de {pct(before)} para {pct(after)} da carteira",
                detalhes={
                    "participacao_ativo_depois": pct(D(a["participacao_ativo_depois"])),
                    "total_depois": brl(D(a["total_depois"])),
                },
            )
        )
        facts = execution.plan.facts
        chosen = (
            ""
            if getattr(facts, "amounts", None)
            else " (você não disse quanto: simulei 5% da sua carteira, no mínimo R$ 1.000,00)"
        )
        draft.main.append(
            f"Se você investir {brl(amount)} em {ticker}{chosen}, a parcela da sua carteira em "
            f"ações passa de {pct(before)} para {pct(after)}, e {ticker} fica com "
            f"{pct(D(a['participacao_ativo_depois']))} do total."
        )
        for warning in a.get("advertencias", []):
            draft.main.append(warning)
        if after > limit:
            whose = (
                f"Para o seu perfil {risk}"
                if risk
                else "Sem um perfil de investidor seu registrado, tomei como referência um perfil "
                "moderado"
            )
            draft.recommendations.append(
                f"{whose}: manter ações até cerca de {pct(limit, places=0)} da carteira, então "
                "reduza o valor do aporte."
            )
    if quoted is not None and drop is not None and quoted.change_pct is not None:
        change = quoted.change_pct
        if change > 0:
            draft.main.append(
                f"Na cotação mais recente a ação já variava {pct(change, signed=True, places=1)}, "
                "ou seja, parte da queda citada pode ter sido recuperada."
            )
    illustrative = any(o.illustrative for o in execution.outcomes.values() if o.ok)
    if illustrative:
        draft.lead.append(
            f"Não consigo avaliar a compra de {ticker} com os números de hoje: estou offline, "
            "sem cotações ao vivo, e os dados de mercado abaixo são ilustrativos (gravados para "
            "demonstração, não são a cotação real). Eles mostram como eu analisaria; confira os "
            "valores atuais antes de decidir."
        )
    elif fundamentals is None:
        draft.lead.append(
            f"Não consegui os indicadores de {ticker} agora, então não dá para dizer se o preço "
            "está atrativo; a análise abaixo usa o que foi possível obter."
        )
    elif solid:
        draft.lead.append(
            f"Pelos fundamentos, {ticker} parece atrativa no preço atual, mas a decisão deve "
            "respeitar o seu perfil: uma compra pequena e gradual faz mais sentido do que uma "
            "aposta grande por causa de uma queda de curto prazo."
        )
    else:
        draft.lead.append(
            f"Os números de {ticker} não mostram, sozinhos, uma oportunidade clara: vale "
            "cautela antes de comprar."
        )
    if solid:
        draft.recommendations.append(
            "Se decidir comprar, faça a compra de forma gradual (em duas ou três parcelas ao "
            "longo de algumas semanas), o que reduz o risco de entrar num ponto ruim."
        )
    else:
        draft.recommendations.append(
            "Antes de comprar, compare a empresa com outras do mesmo setor e defina quanto da "
            "carteira aceita expor a uma única ação."
        )
    if risk == "conservador":
        draft.recommendations.append(
            "Com perfil conservador, mantenha a reserva de emergência em renda fixa e trate a "
            "ação como parte pequena da carteira."
        )
    draft.next_steps.append(f"Acompanhar os próximos resultados trimestrais de {ticker}.")


def _indicador(execution: Execution, draft: Draft) -> None:
    ticker = execution.plan.facts.tickers[0]
    name = company_name(ticker)
    fundamentals = _ok(execution, "fundamentos")
    if fundamentals is None:
        draft.lead.append(f"Não consegui obter os indicadores de {name} agora.")
    if fundamentals is not None:
        data = Fundamentals.model_validate(fundamentals.data)
        if data.p_l is not None:
            draft.lead.append(f"O P/L de {name} está em {number(data.p_l, places=1)}.")
        extra = []
        if data.roe is not None:
            extra.append(f"ROE de {pct(data.roe, places=1)}")
        if data.dividend_yield is not None:
            extra.append(f"dividend yield de {pct(data.dividend_yield, places=1)}")
        if extra:
            draft.main.append(f"A empresa tem também {' e '.join(extra)}.")
        if data.p_l is not None:
            _support(draft, fundamentals, f"P/L de {ticker}", number(data.p_l, places=1))
        if data.roe is not None:
            _support(draft, fundamentals, f"ROE de {ticker}", pct(data.roe, places=1))
        if data.dividend_yield is not None:
            _support(
                draft,
                fundamentals,
                f"Dividend yield de {ticker}",
                pct(data.dividend_yield, places=1),
            )
        if fundamentals.illustrative:
            draft.lead.append(
                "Atenção: é um valor ilustrativo, gravado para uso offline (não é o indicador "
                "real de hoje); estou sem dados de mercado ao vivo"
                + (
                    ", e a fonte principal não respondeu: veio da fonte alternativa."
                    if fundamentals.fallback
                    else "."
                )
            )
        elif fundamentals.fallback:
            draft.lead.append(
                "Os dados vieram de uma fonte alternativa, porque a fonte principal estava "
                "temporariamente indisponível; a informação é confiável e atualizada"
                + (
                    f" (confiabilidade {int(fundamentals.confidence)}%)."
                    if fundamentals.confidence is not None
                    else "."
                )
            )
    _research_lines(draft, execution, "cotacao")
    draft.next_steps.append("Comparar o indicador com o de empresas do mesmo setor.")


def _rendimento(execution: Execution, draft: Draft) -> None:
    result = _ok(execution, "rendimento")
    cdi = _ok(execution, "cdi")
    if cdi is not None:
        _support(draft, cdi, "CDI", pct(IndexValue.model_validate(cdi.data).value) + " a.a.")
    if result is not None:
        amount, months = execution.plan.facts.amounts[0], execution.plan.facts.months
        grown = reply_as(CompoundReply, result.data)
        final = D(grown["saldo_final"])
        interest = D(grown["juros"])
        draft.calcs.append(
            Calculo(
                descricao=f"{brl(amount)} por {months} meses a 100% do CDI",
                resultado=brl(final),
                detalhes={"juros": brl(interest)},
            )
        )
        draft.main.append(
            f"Aplicados a 100% do CDI, {brl(amount)} chegariam a {brl(final)} em {months} meses "
            f"(rendimento bruto de {brl(interest)}, {pct(interest * 100 / amount, places=1)}), "
            "antes do imposto de renda."
        )
    draft.recommendations.append(
        "Para esse prazo, títulos pós-fixados (Tesouro Selic, CDBs de grandes bancos) seguem "
        "o CDI com baixo risco."
    )


def _carteira(execution: Execution, draft: Draft) -> None:
    portfolio = _ok(execution, "carteira")
    if portfolio is not None:
        held = Investimentos.of(portfolio.data)
        total = held.total
        _support(draft, portfolio, "Valor da carteira", brl(total))
        classes: dict[str, Decimal] = {}
        for position in held.posicoes:
            classes[position.asset_class] = classes.get(position.asset_class, D(0)) + position.value
        if total > 0:
            shares = ", ".join(
                f"{name} {pct(value * 100 / total, places=0)}" for name, value in classes.items()
            )
            draft.main.append(f"Sua carteira soma {brl(total)}: {shares}.")
    _research_lines(draft, execution, "selic", "ipca")


# ---------------------------------------------------------------- planejamento


def _financiar_ou_poupar(execution: Execution, draft: Draft) -> None:
    facts = execution.plan.facts
    flow = _ok(execution, "fluxo")
    if flow is not None and _nothing_recorded(FluxoMensal.of(flow.data)):
        # no surplus to compare with, and no rate or term said: no invented financing
        draft.lead.append(NO_RECORDS.format(what="comparar financiar e juntar"))
        draft.main.append(
            "Para eu fazer essa conta, me diga quanto sobra por mês (sua renda menos seus "
            "gastos) e, se for financiar, a taxa e o prazo que o banco ofereceu."
        )
        draft.asks = True
        return
    comparison = _ok(execution, "comparacao")
    financing = _ok(execution, "financiamento")
    f = reply_as(FinancingReply, financing.data) if financing is not None else None
    if flow is not None:
        surplus = FluxoMensal.of(flow.data).sobra_media
        _support(draft, flow, "Sua sobra mensal média", brl(surplus))
    _research_lines(draft, execution, "cdi")
    if f is not None:
        draft.calcs.append(
            Calculo(
                descricao=f"Financiamento de {brl(D(f['principal']))} em {f['meses']} meses "
                f"(PRICE, {pct(D(f['taxa_mensal']) * 100)} a.m.)",
                resultado=f"parcela de {brl(D(f['primeira_parcela']))}",
                detalhes={
                    "total_pago": brl(D(f["total_pago"])),
                    "juros": brl(D(f["total_juros"])),
                },
            )
        )
    named = facts.objeto
    thing = f"o {named}" if named else "o bem"
    if named and named.lower() in ("casa", "moto", "kitnet", "chacara", "sala comercial"):
        thing = f"a {named}"
    if f is not None:
        draft.assumptions.append(
            f"você não disse a taxa nem o prazo do financiamento: considerei "
            f"{pct(D(f['taxa_mensal']) * 100)} ao mês em {f['meses']} meses, condições típicas "
            "de crédito para veículos; me diga as do seu banco que eu refaço a conta"
            if facts.months is None
            else f"você não disse a taxa: considerei {pct(D(f['taxa_mensal']) * 100)} ao mês, "
            "uma taxa típica de crédito para veículos; me diga a do seu banco"
        )
    if comparison is not None:
        c = reply_as(ComparisonReply, comparison.data)
        price = facts.amounts[0]
        instalment = D(c["parcela"])
        wait = int(c["meses_para_comprar"])
        term = f["meses"] if f is not None else "vários"
        wealth = D(c["diferenca_patrimonio"])
        use = c.get("uso_da_sobra_pct")
        fits = "cabe" if c["cabe_no_orcamento"] else "não cabe"
        draft.main.append(
            f"Financiando, a parcela seria de {brl(instalment)} por {term} meses, o que {fits} "
            f"na sua sobra mensal de {brl(D(c['capacidade_mensal']))}"
            + (f" (consumiria {pct(D(use), places=0)} dela)" if use else "")
            + f", e {thing} custaria {brl(D(c['total_pago_financiando']))} no total, com "
            f"{brl(D(c['juros_financiamento']))} de juros."
        )
        draft.main.append(
            f"Poupando a mesma sobra e investindo a {pct(D(c['taxa_investimento_anual']) * 100)} "
            f"ao ano, você juntaria os {brl(price)} em {count(wait, 'mês')} e compraria à vista, "
            "ganhando "
            f"{brl(D(c['juros_ganhos_poupando']))} de rendimento no caminho."
        )
        draft.comparisons.append(
            Comparacao(
                descricao="Financiar agora x poupar e comprar à vista, no mesmo horizonte",
                conclusao=(
                    f"Poupar deixa você {brl(abs(wealth))} mais rico ao fim do período."
                    if c["melhor"] == "poupar"
                    else f"Financiar deixa você {brl(abs(wealth))} mais rico ao fim do período."
                    if c["melhor"] == "financiar"
                    else "Os dois caminhos terminam praticamente empatados."
                ),
            )
        )
        draft.main.append(draft.comparisons[-1].conclusao)
        if c["melhor"] == "poupar":
            draft.recommendations.append(
                f"Poupar e investir até comprar à vista: a diferença é de {brl(abs(wealth))}; "
                f"o custo é esperar cerca de {count(wait, 'mês')} pel{thing[0]} {thing[2:]}."
            )
        elif c["melhor"] == "financiar":
            draft.recommendations.append(
                "Financiar é vantajoso aqui, desde que a parcela caiba com folga no orçamento."
            )
        if not c["cabe_no_orcamento"]:
            draft.recommendations.append(
                "A parcela passa da sua sobra mensal: financiar exigiria cortar gastos ou dar "
                "uma entrada maior."
            )
    invest = _ok(execution, "investir_poupanca")
    if invest is not None:
        text = invest.data.get("resposta_principal") if isinstance(invest.data, dict) else None
        if text:
            draft.main.append(text)
        for calc in (
            invest.data.get("calculos_realizados", []) if isinstance(invest.data, dict) else []
        ):
            draft.calcs.append(Calculo.model_validate(calc))
    draft.next_steps.append("Separar a sobra mensal num investimento com liquidez diária.")


def _aposentadoria(execution: Execution, draft: Draft) -> None:
    flow = _ok(execution, "fluxo")
    portfolio = _ok(execution, "carteira")
    debts = _ok(execution, "dividas")
    plan = _ok(execution, "aposentadoria")
    facts = execution.plan.facts
    if flow is not None:
        monthly = FluxoMensal.of(flow.data)
        draft.main.append(
            f"Hoje você ganha em média {brl(monthly.renda_media)} por mês, gasta "
            f"{brl(monthly.gastos_medios)} e sobram {brl(monthly.sobra_media)}."
        )
        _support(draft, flow, "Sobra mensal média", brl(monthly.sobra_media))
    if portfolio is not None:
        held = Investimentos.of(portfolio.data)
        _support(draft, portfolio, "Investimentos atuais", brl(held.total))
    if debts is not None and Dividas.of(debts.data).total > 0:
        _support(draft, debts, "Dívidas", brl(Dividas.of(debts.data).total))
    expensive = debts is not None and any(
        d.monthly_rate >= D("0.04") for d in Dividas.of(debts.data).dividas
    )
    if expensive:
        draft.recommendations.append(
            "Quitar primeiro as dívidas de juros altos: nenhum investimento rende o que o "
            "cartão ou o cheque especial cobram."
        )
    if plan is not None:
        retirement = reply_as(RetirementReply, plan.data)
        needed = D(retirement["capital_necessario"])
        income = facts.amounts[0] if facts.amounts else None
        months = retirement["meses_para_atingir"]
        draft.calcs.append(
            Calculo(
                descricao=f"Capital para renda passiva de {brl(income or D(0))} por mês",
                resultado=brl(needed),
            )
        )
        line = (
            f"Para viver de uma renda passiva de {brl(income or D(0))} por mês, você precisa "
            f"acumular cerca de {brl(needed)}."
        )
        if months:
            years = D(months) / 12
            line += (
                f" No ritmo atual de aportes, isso levaria cerca de {number(years, places=0)} anos."
            )
            if facts.age is not None:
                draft.recommendations.append(
                    f"Para chegar lá aos {facts.age} anos, compare o prazo acima com os anos que "
                    "faltam e ajuste o aporte mensal."
                )
        else:
            line += (
                " Com os aportes atuais, a meta não é alcançada em 50 anos: será preciso "
                "aportar mais."
            )
        draft.main.append(line)
    scenario = _ok(execution, "cenarios")
    if scenario is not None:
        draft.comparisons.append(
            Comparacao(
                descricao="Aportando 50% a mais da sobra mensal",
                conclusao=f"o patrimônio chegaria a {brl(D(scenario.data['saldo_final']))}",
            )
        )
    _research_lines(draft, execution, "selic", "ipca")
    draft.next_steps.append("Definir um aporte mensal automático logo após o salário.")


def _meta(execution: Execution, draft: Draft) -> None:
    flow = _ok(execution, "fluxo")
    worth = _ok(execution, "patrimonio")
    if flow is not None:
        monthly = FluxoMensal.of(flow.data)
        draft.main.append(
            f"Sua sobra mensal média é de {brl(monthly.sobra_media)} "
            f"(renda de {brl(monthly.renda_media)}, gastos de {brl(monthly.gastos_medios)})."
        )
        _support(draft, flow, "Sobra mensal média", brl(monthly.sobra_media))
    if worth is not None:
        net = Patrimonio.of(worth.data).patrimonio_liquido
        _support(draft, worth, "Patrimônio líquido", brl(net))
        draft.main.append(f"Seu patrimônio líquido é de {brl(net)}.")
    _research_lines(draft, execution, "cdi")


# ---------------------------------------------------------------- análise financeira pessoal


def _diagnostico(execution: Execution, draft: Draft) -> None:
    _meta(execution, draft)
    debts = _ok(execution, "dividas")
    if debts is not None:
        total = Dividas.of(debts.data).total
        _support(draft, debts, "Dívidas", brl(total))
        if total > 0:
            draft.main.append(f"Você tem {brl(total)} em dívidas.")
            draft.recommendations.append("Priorizar a quitação das dívidas de juros mais altos.")
    flow = _ok(execution, "fluxo")
    financing = _ok(execution, "financiamento")
    if financing is not None and flow is not None:
        instalment = D(reply_as(FinancingReply, financing.data)["primeira_parcela"])
        income = FluxoMensal.of(flow.data).renda_media
        share = instalment * 100 / income if income else D(0)
        draft.calcs.append(
            Calculo(
                descricao="Primeira parcela do financiamento",
                resultado=brl(instalment),
                detalhes={"comprometimento_renda": pct(share, places=0)},
            )
        )
        draft.main.append(
            f"A primeira parcela seria de {brl(instalment)}, comprometendo {pct(share, places=0)} "
            "da sua renda"
            + (
                ": acima dos 30% que os bancos costumam aceitar."
                if share > 30
                else ": dentro do limite de 30% que os bancos costumam aceitar."
            )
        )


NO_RECORDS = (
    "Ainda não tenho registros da sua renda nem dos seus gastos dos últimos meses fechados, "
    "então não consigo, com os seus números, {what}."
)


def _nothing_recorded(monthly: FluxoMensal) -> bool:
    """No income and no spending in the months read: zeros that are not the user's
    situation, never presented as it (issue 19)."""
    return monthly.renda_media == 0 and monthly.gastos_medios == 0


def _this_month_so_far(
    monthly: FluxoMensal, balance: Decimal, price: Decimal | None, what: str, draft: Draft
) -> None:
    """ "Devo comprar…?" when only the current month is recorded: its figures so far, said as
    such ("neste mês, até agora"), never an average of months nobody recorded; an income not
    recorded is asked for, not taken as zero."""
    income, spent = monthly.renda_media, monthly.gastos_medios
    if income > 0:
        draft.lead.append(
            f"Neste mês, até agora: você recebeu {brl(income)} e gastou {brl(spent)}, "
            f"sobrando {brl(income - spent)} (ainda não tenho meses fechados registrados)."
        )
    else:
        draft.lead.append(
            f"Neste mês, até agora, você registrou {brl(spent)} de gastos e nenhuma renda; "
            "ainda não tenho meses fechados registrados."
        )
    if price is not None and balance >= price:
        draft.main.append(
            f"Seu saldo disponível de {brl(balance)} cobre {what} à vista, sobrando "
            f"{brl(balance - price)}."
        )
    elif price is not None and income > spent:
        draft.main.append(
            f"Com o que sobrou até agora ({brl(income - spent)}), {what} ainda não cabe à "
            "vista; um mês é pouco para medir a sua sobra: registre o mês inteiro que eu refaço "
            "a conta."
        )
    else:
        draft.main.append(
            "Para eu dizer se a compra cabe no seu orçamento, me diga sua renda do mês (ou "
            "registre-a aqui) e se a compra seria à vista ou parcelada (em quantas vezes e com "
            "que juros)."
        )
        draft.asks = True


def _capacidade_compra(execution: Execution, draft: Draft) -> None:
    """ "Devo comprar um notebook de 5 mil?": the user's own surplus, balance and debts against
    the price. With nothing recorded, it says so and asks for what it needs — zeros are not
    the user's situation; a financing is simulated only with the user's own term and rate, and
    an instalment without them is labelled as an assumption (issue 19)."""
    facts = execution.plan.facts
    price = facts.amounts[0] if isinstance(facts, Facts) and facts.amounts else None
    what = f"a compra de {brl(price)}" if price is not None else "essa compra"
    flow = _ok(execution, "fluxo")
    monthly = FluxoMensal.of(flow.data) if flow is not None else None
    cash = _ok(execution, "saldo")
    balance = D(cash.data.get("saldo", "0")) if cash is not None else D(0)
    debts = _ok(execution, "dividas")
    owed = Dividas.of(debts.data).total if debts is not None else D(0)
    financing = _ok(execution, "financiamento")
    months = facts.months if isinstance(facts, Facts) else None
    stated = facts.instalment if isinstance(facts, Facts) else None
    if monthly is None or _nothing_recorded(monthly):
        draft.lead.append(NO_RECORDS.format(what=f"dizer se {what} cabe no seu orçamento"))
        if price is not None and months and stated is not None and financing is None:
            # the instalments the user gave are computed now; only the budget is asked
            _stated_instalments(price, months, stated, draft)
            draft.main.append(
                "Para eu dizer se as parcelas cabem no seu orçamento, me diga sua renda e seus "
                "gastos do mês (ou registre-os aqui)."
            )
            draft.asks = True
            stated = None  # said above
            months = None
        else:
            draft.main.append(
                "Para eu fazer essa conta, me diga sua renda e seus gastos do mês (ou registre-os "
                "aqui) e se a compra seria à vista ou parcelada (em quantas vezes e com que juros)."
            )
            draft.asks = True
    elif monthly.mes_corrente:
        _this_month_so_far(monthly, balance, price, what, draft)
    else:
        surplus = monthly.sobra_media
        draft.lead.append(
            f"Sua sobra mensal média é de {brl(surplus)} (renda de {brl(monthly.renda_media)}, "
            f"gastos de {brl(monthly.gastos_medios)})."
        )
        _support(draft, flow, "Sobra mensal média", brl(surplus))
        if price is not None:
            if balance >= price:
                draft.main.append(
                    f"Seu saldo disponível de {brl(balance)} cobre {what} à vista, sobrando "
                    f"{brl(balance - price)}."
                )
            elif surplus > 0:
                wait = -(-(price - balance) // surplus)
                draft.main.append(
                    f"Seu saldo disponível ({brl(balance)}) não cobre {what}; guardando toda a "
                    f"sobra, você junta o que falta em cerca de {count(int(wait), 'mês')}."
                )
            else:
                draft.main.append(
                    f"Hoje seus gastos já consomem toda a sua renda, e seu saldo disponível "
                    f"({brl(balance)}) não cobre {what}: comprar agora aumentaria o aperto."
                )
    if owed > 0:
        draft.main.append(f"Você tem {brl(owed)} em dívidas.")
        draft.recommendations.append("Priorizar a quitação das dívidas de juros mais altos.")
    income = monthly.renda_media if monthly is not None else D(0)
    if financing is not None:
        instalment = D(reply_as(FinancingReply, financing.data)["primeira_parcela"])
        draft.calcs.append(Calculo(descricao="Parcela do financiamento", resultado=brl(instalment)))
        line = f"Com o prazo e a taxa que você informou, a parcela seria de {brl(instalment)}"
        if income > 0:
            share = instalment * 100 / income
            line += f", {pct(share, places=0)} da sua renda"
        draft.main.append(line + ".")
    elif price is not None and months and stated is not None:
        _stated_instalments(price, months, stated, draft, monthly)
    elif price is not None and months:
        instalment = (price / months).quantize(D("0.01"))
        draft.main.append(
            f"Em {months}x, cada parcela seria de {brl(instalment)} se não houver juros; com "
            "juros, me diga a taxa que eu refaço a conta."
        )
        draft.assumptions.append("parcelas sem juros (você não informou a taxa)")


def _stated_instalments(
    price: Decimal,
    months: int,
    instalment: Decimal,
    draft: Draft,
    monthly: FluxoMensal | None = None,
) -> None:
    """ "TV de 4 mil em 12x de 399": what the instalments add up to against the price, the
    monthly rate they embed when the price is the cash price, and (with the user's recorded
    months) whether the instalment fits what is left each month."""
    if monthly is not None and not _nothing_recorded(monthly):
        left = monthly.renda_media - monthly.gastos_medios
        share = (
            f" ({pct(instalment * 100 / monthly.renda_media, places=0)} da sua renda)"
            if monthly.renda_media > 0
            else ""
        )
        draft.main.append(
            f"A parcela de {brl(instalment)}{share} cabe na sobra de {brl(left)} por mês."
            if 0 < instalment <= left
            else f"A parcela de {brl(instalment)}{share} é maior que o que sobra por mês "
            f"({brl(left)}): apertaria o seu orçamento."
        )
    total = (instalment * months).quantize(D("0.01"))
    if total <= price:
        draft.main.append(
            f"Em {months}x de {brl(instalment)}, você paga {brl(total)} no total, sem juros "
            f"sobre {brl(price)}."
        )
        return
    embedded = implied_rate(price, instalment, months) * 100
    draft.main.append(
        f"Em {months}x de {brl(instalment)}, você paga {brl(total)} no total: "
        f"{brl(total - price)} a mais que {brl(price)}, juros embutidos de cerca de "
        f"{pct(embedded)} ao mês."
    )
    draft.assumptions.append(f"{brl(price)} como o preço à vista")
    draft.recommendations.append(
        f"Peça o preço à vista (ou um desconto): parcelado, a compra custa {brl(total - price)} "
        "a mais."
    )


def _stock_tax(execution: Execution, draft: Draft) -> None:
    """The income tax on a stock sale: the Receita's rules on the user's numbers."""
    sale = execution.plan.facts.stock_sale
    assert sale is not None  # the planner sets it with this intent
    stock_tax.write(sale, draft)


COMPOSERS: dict[str, Callable[[Execution, Draft], None]] = {
    "avaliar_compra": _avaliar_compra,
    "indicador": _indicador,
    "rendimento": _rendimento,
    "carteira": _carteira,
    "financiar_ou_poupar": _financiar_ou_poupar,
    "aposentadoria": _aposentadoria,
    "meta": _meta,
    "diagnostico": _diagnostico,
    "capacidade_compra": _capacidade_compra,
    INTENT: compose_question,
    OUT_OF_CATALOGUE: compose_scope,
    STOCK_TAX: _stock_tax,
}


def compose(execution: Execution) -> Draft:
    draft = Draft()
    COMPOSERS[execution.plan.intent](execution, draft)
    return draft


def status_of(execution: Execution) -> tuple[StatusConsolidacao, bool]:
    """Honest status: a question outside the catalogue was not answered ("falha", whatever ran);
    one that needs the user's numbers first is a partial success (the answer asks for them)."""
    plan = execution.plan
    if plan.intent == OUT_OF_CATALOGUE:
        return "falha", False
    if plan.question is not None and not any(s.agent == "matematica" for s in plan.steps):
        return "sucesso_parcial", False
    calc = execution.outcomes.get(CALC)
    if plan.question is not None and calc is not None and calc.status == "skipped":
        return "sucesso_parcial", False  # the ledger did not have the numbers: the answer asks
    critical = [s for s in execution.plan.steps if s.criticality == "critica"]
    ok = [s for s in critical if (o := execution.outcomes.get(s.key)) is not None and o.ok]
    if critical and not ok:
        return "falha", False
    limits = execution.limitations()
    if execution.forced or len(ok) < len(critical) or any(lim.impacto != "baixo" for lim in limits):
        return "sucesso_parcial", len(ok) == len(critical)
    return "sucesso_completo", True


def consolidate(
    execution: Execution, budget: BudgetStatus | None, draft: Draft | None = None
) -> Consolidation:
    """The §5 Seção 7 document for an offline execution (or a model's `draft`)."""
    draft = draft if draft is not None else compose(execution)
    status, reached = status_of(execution)
    if draft.asks and status == "sucesso_completo":
        status, reached = "sucesso_parcial", False
    premises = ""
    if draft.assumptions:
        premises = "Premissas: " + "; ".join(a.rstrip(".") for a in draft.assumptions) + "."
    main = "\n\n".join(
        p for p in (" ".join(draft.lead), " ".join(draft.main), premises) if p.strip()
    )
    if not main:
        main = "Não foi possível reunir os dados necessários para responder agora."
    limits = execution.limitations()
    if draft.asks:
        # the answer already asks for what is missing ("preciso de: …"): no second notice
        limits = [lim for lim in limits if lim.tipo_limitacao != "dados_indisponiveis"]
    return Consolidation(
        status=status,
        objetivo_alcancado=reached,
        resposta_pre_estruturada=RespostaPreEstruturada(
            resposta_principal=main,
            dados_suporte=draft.data,
            calculos_realizados=draft.calcs,
            comparacoes_feitas=draft.comparisons,
        ),
        limitacoes_encontradas=limits,
        recomendacoes_adicionais=draft.recommendations,
        proximos_passos_sugeridos=draft.next_steps,
        metadados_execucao=metadata(execution),
        recursos_consumidos=resources(execution, budget),
        cobertura=draft.coverage,
    )


def metadata(execution: Execution) -> MetadadosExecucao:
    ran = [o for o in execution.outcomes.values() if o.status != "skipped"]
    return MetadadosExecucao(
        ciclos_realizados=execution.cycles,
        operacoes_executadas=len(ran),
        operacoes_falhadas=sum(1 for o in ran if not o.ok),
        agentes_chamados=sorted({o.step.agent for o in ran}),
        fallbacks_usados=execution.fallbacks(),
        profundidade_maxima=max((2 if o.step.agent in _COORDINATORS else 1 for o in ran), default=0)
        + 1,
    )


_COORDINATORS = ("investimentos", "planejamento", "analise_financeira_pessoal")


def resources(execution: Execution, budget: BudgetStatus | None) -> RecursosConsumidos:
    outcomes = execution.outcomes.values()
    tokens = budget.tokens_used if budget is not None else sum(o.tokens for o in outcomes)
    calls = budget.api_calls_used if budget is not None else sum(o.api_calls for o in outcomes)

    def share(used: int, total: int) -> float:
        return round(100 * used / total, 1) if total else 0.0

    return RecursosConsumidos(
        tokens_usados=tokens,
        chamadas_api_externas=calls,
        chamadas_banco_dados=sum(o.db_calls for o in outcomes),
        tempo_execucao=round(max(0.0, execution.finished - execution.started), 3),
        percentual_orcamento_tokens=share(tokens, budget.token_budget) if budget else 0.0,
        percentual_orcamento_api=share(calls, budget.api_call_budget) if budget else 0.0,
    )


def consult_reply(consolidation: Consolidation) -> dict[str, Any]:
    """What a coordinator answers another coordinator (`consultar_coordenador`)."""
    pre = consolidation.resposta_pre_estruturada
    return {
        "resposta_principal": pre.resposta_principal,
        "dados_suporte": [d.model_dump() for d in pre.dados_suporte],
        "calculos_realizados": [c.model_dump() for c in pre.calculos_realizados],
        "limitacoes": [lim.model_dump() for lim in consolidation.limitacoes_encontradas],
        "status": consolidation.status,
    }


__all__ = ["COMPOSERS", "Draft", "compose", "consolidate", "consult_reply", "status_of"]
