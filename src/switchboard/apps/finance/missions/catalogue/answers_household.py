"""The answer templates for the household: buy vs rent, the emergency fund, the spending
diagnosis and quick sums.
"""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.finmath.fmt import count, number
from switchboard.apps.finance.missions.catalogue.compute import ESSENTIAL, fold_key
from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.params import (
    ComprarAlugarParams,
    ContaParams,
    DiagnosticoParams,
    ReservaParams,
)
from switchboard.apps.finance.missions.catalogue.results import (
    CategoriaGasto,
    ComprarAlugarResultado,
    ContaResultado,
    DiagnosticoResultado,
    ReservaResultado,
)
from switchboard.apps.finance.missions.catalogue.wording import (
    brl,
    join,
    months_text,
    percent,
    rate,
)
from switchboard.apps.finance.nlu.what_if_sums import Pace, Swap, pace_answer, swap_answer
from switchboard.patterns import Calculo, Draft

D = Decimal
ZERO = Decimal(0)

RESERVE_CONCEPT = (
    "A reserva de emergência costuma ser de 6 meses das suas despesas (12 meses para quem é "
    "autônomo ou tem renda variável), aplicada com liquidez diária."
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
                f"ter ({rate(result.rendimento_mensal or ZERO)} de {brl(result.capital)})"
            )
        if result.depreciacao_mensal is not None:
            costs.append(
                f"{brl(result.depreciacao_mensal)} de desvalorização "
                f"({rate(p.depreciacao_anual or ZERO, 'ao ano')})"
            )
        if result.valorizacao_mensal is not None:
            costs.append(
                f"menos {brl(result.valorizacao_mensal)} de valorização "
                f"({rate(p.valorizacao_anual or ZERO, 'ao ano')})"
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
        if result.custo_mensal_ter is not None and result.aluguel is not None:
            gap = result.custo_mensal_ter - result.aluguel
            word = "a mais" if gap >= 0 else "a menos"
            draft.main.append(
                f"Diferença: ter {article} {thing} custa {brl(abs(gap))} {word} por mês que "
                f"{rent_art} {rent_word} ({brl(abs(gap) * 12)} {word} por ano)."
            )
    if result.custo_anual_ter is not None and result.custo_oportunidade_anual is not None:
        parts = f"{brl(result.custo_oportunidade_anual)} de rendimento que o dinheiro deixa de ter"
        if result.valorizacao_anual is not None:
            parts += f" menos {brl(result.valorizacao_anual)} de valorização"
        line = f"Em 1 ano: ter {article} {thing} custa {parts} = {brl(result.custo_anual_ter)}"
        if result.aluguel_anual is not None:
            gap = result.custo_anual_ter - result.aluguel_anual
            cheaper = "comprar" if gap < 0 else "alugar"
            line += (
                f", contra {brl(result.aluguel_anual)} de {rent_word} (12 × {rent}): "
                f"{cheaper} sai {brl(abs(gap))} mais barato no ano"
            )
        draft.lead.append(line + ".")
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
            "sem IPTU, condomínio e manutenção, e sem reajuste do aluguel"
            if p.valorizacao_anual is not None
            else "sem IPTU, condomínio, manutenção nem a valorização do imóvel, e sem reajuste "
            "do aluguel"
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
        draft.main.append(RESERVE_CONCEPT)
        return
    source = (
        f"Pelas suas despesas registradas ({result.fonte.removeprefix('livro-caixa: ')}: "
        f"{brl(result.despesa_mensal)} por mês)"
        if result.fonte != "informada"
        else f"Com despesas de {brl(result.despesa_mensal)} por mês"
    )
    months = count(result.meses_reserva, "mês")
    draft.lead.append(f"{source}, {months} de reserva são {brl(result.total)}.")
    if result.total_minimo is not None and p.meses_minimo is not None:
        draft.lead.append(
            f"Uma reserva mínima de {count(p.meses_minimo, 'mês')} seria "
            f"{brl(result.total_minimo)}."
        )
    if result.falta is not None and p.ja_guardado is not None:
        # what is saved, in months of the user's own expenses ("tenho quantos meses de reserva?")
        covered = p.ja_guardado / result.despesa_mensal if result.despesa_mensal else ZERO
        cover = (
            f" (cobrem {number(covered, places=0 if covered == int(covered) else 1)} meses das suas"
            " despesas)"
            if covered > 0
            else ""
        )
        draft.lead.append(
            f"Você já tem {brl(p.ja_guardado)}{cover}: faltam {brl(result.falta)}."
            if result.falta > 0
            else f"Você já tem {brl(p.ja_guardado)}{cover}: a reserva está completa."
        )
    # the surplus is "renda menos despesas" only when it was derived so; a saving the user
    # stated ("consigo guardar meio salário") is told as the user's own monthly amount
    derived = (
        result.sobra_mensal is not None
        and result.renda_mensal is not None
        and result.despesa_mensal is not None
        and result.sobra_mensal == result.renda_mensal - result.despesa_mensal
    )
    if result.sobra_mensal is not None and not derived:
        if result.meses_para_montar is not None and result.meses_exatos is not None:
            draft.main.append(
                f"Guardando {brl(result.sobra_mensal)} todo mês rendendo "
                f"{rate(p.rendimento_mensal or ZERO)}, você monta a reserva em "
                f"{number(result.meses_exatos, places=2)} meses pelo cálculo exato: ela fica "
                f"completa no {result.meses_para_montar}º mês."
            )
        elif result.meses_para_montar is not None:
            draft.main.append(
                f"Guardando {brl(result.sobra_mensal)} todo mês, você monta a reserva "
                f"em {count(result.meses_para_montar, 'mês')}, sem contar rendimento."
            )
    elif derived and result.renda_mensal is not None:
        if result.meses_para_montar is not None:
            draft.main.append(
                f"Sua sobra foi de {brl(result.sobra_mensal or ZERO)} (renda de "
                f"{brl(result.renda_mensal)} menos despesas de "
                f"{brl(result.despesa_mensal or ZERO)}): "
                "guardando-a todo mês, você monta a reserva em "
                f"{count(result.meses_para_montar, 'mês')}, "
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


_WHAT_TO_RECORD = (
    'registre os gastos do mês, um por mensagem, com o dia (ex.: "aluguel 1.500 dia 5", '
    '"mercado 320 dia 10", "ifood 45 ontem"): moradia, contas, mercado, delivery, '
    "transporte e assinaturas são os que mais contam. Ou me mande os valores na própria "
    'pergunta (ex.: "gastei 800 de ifood e 400 de uber, onde corto?")'
)


BUDGET_GROUPS = (
    (D(50), "para as necessidades essenciais (moradia, contas, mercado, transporte, saúde)"),
    (D(30), "para os desejos (lazer, delivery, compras, assinaturas)"),
    (
        D(20),
        "para poupar e investir (primeiro a reserva de emergência, depois metas e dívidas caras)",
    ),
)
"""The 50/30/20 guideline, said as a reference (never as the user's own numbers)."""


def budget_guideline(income: Decimal) -> str:
    """A budget over the income the user stated: the 50/30/20 split in reais."""
    at_most = ("até ", "até ", "pelo menos ")
    parts = [
        f"{word}{brl(income * share / 100)} ({percent(share, 0)}) {what}"
        for word, (share, what) in zip(at_most, BUDGET_GROUPS, strict=True)
    ]
    return (
        f"Uma referência comum para dividir a renda é a regra 50/30/20. Com {brl(income)} por "
        f"mês: {parts[0]}; {parts[1]}; e {parts[2]}. É um ponto de partida, não uma regra fixa: "
        "se o aluguel sozinho passa da metade da renda, o ajuste vem dos outros grupos."
    )


BUDGET_NEEDS = ESSENTIAL | {"transporte"}
"""The guideline's "essential" group: the fixed categories and getting around..."""
NEEDED_FOOD = frozenset({"supermercado", "padaria"})
"""... and, of Alimentação, what is bought to cook (restaurants and delivery are the rest)."""


def _essential_part(category: CategoriaGasto) -> Decimal:
    if fold_key(category.categoria) in BUDGET_NEEDS:
        return category.total
    if fold_key(category.categoria) == "alimentacao":
        return sum(
            (s.total for s in category.subcategorias if fold_key(s.nome) in NEEDED_FOOD), ZERO
        )
    return ZERO


def budget_against(income: Decimal, result: DiagnosticoResultado) -> str:
    """The spending of the diagnosis in the guideline's three groups, as shares of the income."""
    essential = sum((_essential_part(c) for c in result.categorias), ZERO)
    rest = result.total - essential
    left = income - result.total

    def share(value: Decimal) -> str:
        return percent(value * 100 / income, 0)

    kept = (
        f"sobram {brl(left)} ({share(left)})"
        if left >= 0
        else f"faltam {brl(-left)}: os gastos passam da renda"
    )
    return (
        f"Nesses números, as necessidades somam {brl(essential)} ({share(essential)} da renda), "
        f"os desejos {brl(rest)} ({share(rest)}), e {kept}."
    )


def diagnosis(question: Question, result: DiagnosticoResultado, draft: Draft) -> None:
    p = question.params
    if isinstance(p, DiagnosticoParams) and p.orcamento:
        income = p.renda_informada or (result.receitas if result.receitas > 0 else None)
        if income is None:
            draft.lead.append(
                "Para montar o seu orçamento, preciso saber quanto entra por mês: qual é a sua "
                "renda mensal (líquida)?"
            )
            return
        draft.lead.append(budget_guideline(income))
        if not result.categorias:
            draft.recommendations.append(
                "Registre os gastos do mês, um por mensagem (ex.: “aluguel 1.200 dia 5”, "
                "“mercado 320 ontem”), que eu comparo com esses limites e aponto onde cortar."
            )
            return
        draft.main.append(budget_against(income, result))
    if not result.categorias and result.livro_vazio:
        draft.lead.append(
            "Seu livro-caixa ainda não tem nenhum gasto registrado, então ainda não tenho "
            f"números seus para apontar onde cortar. Para a análise, {_WHAT_TO_RECORD}. "
            "Quer começar registrando os gastos deste mês?"
        )
        return
    if not result.categorias:
        draft.lead.append(
            f"Não encontrei gastos registrados {_in_period(result.rotulo).lower()}. Para eu "
            "apontar onde cortar, com valores por categoria, registre seus gastos (ex.: "
            '"mercado 320 dia 5/10") ou me diga de qual mês quer a análise?'
        )
        return
    shares = [f"{c.categoria} {brl(c.total)} ({percent(c.pct, 1)})" for c in result.categorias]
    if result.informados:
        draft.lead.append(
            f"Pelos gastos que você citou (não registrei nada: é o contexto da pergunta), são "
            f"{brl(result.total)} no total. Por categoria: {join(shares)}."
        )
        if result.registrado_categorias and result.registrado_total is not None:
            book = [f"{c.categoria} {brl(c.total)}" for c in result.registrado_categorias[:4]]
            draft.lead.append(
                f"No seu livro-caixa, {_in_period(result.registrado_rotulo or '').lower()} "
                f"estão registrados {brl(result.registrado_total)} em gastos ({join(book)}). "
                "Os cortes abaixo usam os valores que você citou; onde eles diferem do "
                "registrado, vale conferir se falta lançar algum gasto."
            )
    else:
        draft.lead.append(
            f"{_in_period(result.rotulo)} você gastou {brl(result.total)} em "
            f"{count(result.lancamentos, 'lançamento')}. "
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
            f"Suas receitas {'informadas' if result.informados else 'registradas no período'} "
            f"foram {brl(result.receitas)}: os gastos "
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
        flexible = next(
            (c for c in result.categorias if fold_key(c.categoria) not in ESSENTIAL), top
        )  # rent and bills are renegotiated, not watched week by week
        draft.recommendations.append(
            f"Comece pelo primeiro corte da lista e acompanhe {flexible.categoria} semana a "
            "semana; "
            "gastos fixos (aluguel, contas) se reduzem renegociando, não cortando no mês."
        )


def quick(question: Question, result: ContaResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, ContaParams)
    what = f" ({p.o_que})" if p.o_que and result.operacao != "ritmo_periodo" else ""
    n = p.n or 1
    r = brl(result.resultado)
    if result.operacao == "parcelas_total":
        draft.lead.append(f"{count(n, 'parcela')} de {brl(p.a)}{what} dão {r} no total.")
    elif result.operacao == "parcela":
        draft.lead.append(
            f"{brl(p.a)}{what} em {n}x sem juros dá {r} por parcela (se a loja cobrar juros, "
            "me diga a taxa que eu refaço a conta)."
        )
    elif result.operacao == "a_vista_ou_parcelado":
        gap = result.diferenca or ZERO
        cash = f"{brl(p.a)} à vista"
        if p.pct:
            cash += f" (com {percent(p.pct)} de desconto)"
        line = (
            f"Parcelado, você paga {n}x de {brl(p.b or ZERO)} = {r}, "
            f"{brl(abs(gap))} {'a mais' if gap >= 0 else 'a menos'} que {cash}"
        )
        if result.taxa_mensal:
            line += f": juros embutidos de cerca de {rate(result.taxa_mensal, places=2)}"
        draft.lead.append(line + ".")
        if result.valor_presente is not None and p.taxa_mensal is not None:
            _cash_or_instalments_at_yield(p, result.valor_presente, draft)
        elif gap > 0 and p.pct:
            draft.recommendations.append(
                "O desconto à vista é o juro escondido no “sem juros”: à vista compensa se o seu "
                "dinheiro rende menos que esses juros por mês (quase sempre: a poupança rende "
                "0,5% ao mês)."
            )
        elif gap > 0:
            draft.recommendations.append(
                "À vista compensa se o seu dinheiro rende menos que esses juros por mês (quase "
                "sempre: a poupança rende 0,5% ao mês); parcelado só compensa sem juros."
            )
        else:
            draft.recommendations.append(
                "Sem juros, parcelar e deixar o dinheiro rendendo até cada parcela vencer compensa."
            )
    elif result.operacao == "ritmo_periodo":
        unit, _, span = (p.o_que or "dia|").partition("|")
        draft.lead.append(
            pace_answer(Pace(p.a, unit, p.dias or 1, span or f"{p.dias} dias"), note=False)
        )
    elif result.operacao == "troca":
        draft.lead.append(swap_answer(Swap(p.a, p.b or ZERO, n), note=False))
    elif result.operacao == "mensal_periodo":
        period = "em 1 ano" if n == 12 else f"em {months_text(n)}"
        draft.lead.append(f"{brl(p.a)} por mês{what} {period} dá {r}.")
    elif result.operacao == "percentual":
        draft.lead.append(f"{percent(p.pct or ZERO)} de {brl(p.a)}{what} é {r}.")
    elif result.operacao == "quantidade":
        draft.lead.append(f"{n} × {brl(p.a)}{what} = {r}.")
    elif result.operacao == "duracao":
        months = result.resultado
        shown = number(months, places=0 if months == int(months) else 1)
        draft.lead.append(
            f"{brl(p.a)} gastando {brl(p.b or ZERO)} por mês duram {shown} meses "
            f"({brl(p.a)} ÷ {brl(p.b or ZERO)}), sem contar rendimento."
        )
        draft.recommendations.append(
            "Deixado numa aplicação com liquidez diária (Tesouro Selic ou CDB a 100% do CDI), "
            "o dinheiro rende enquanto você usa e dura um pouco mais; cortar gastos alonga bem "
            "mais esse prazo."
        )
    elif result.operacao == "juro_real":
        period = p.o_que or "ao ano"
        draft.lead.append(
            f"O rendimento real é de {percent(result.resultado)} {period}: (1 + "
            f"{percent(p.pct or ZERO)}) ÷ (1 + {percent(p.pct_b or ZERO)}) − 1. É um pouco "
            "menos que a simples diferença entre as taxas, porque a inflação corrói também o "
            "rendimento (equação de Fisher)."
        )
    elif result.operacao == "soma":
        draft.lead.append(f"{brl(p.a)} + {brl(p.b or ZERO)} = {r}{what}.")
    elif result.operacao == "rateio_periodo":
        part = result.por_mes or ZERO
        period = _period_text(n)
        draft.lead.append(
            f"Dividindo {brl(p.a)}{what} entre {p.pessoas} pessoas, a sua parte é {brl(part)} "
            f"por mês ({brl(p.a)} ÷ {p.pessoas})"
            + (f"; {period}, você paga {r}." if n > 1 else ".")
        )
    elif result.operacao == "rateio":
        draft.lead.append(
            f"Dividindo {brl(p.a)}{what} entre {p.pessoas} pessoas, a sua parte é {r} "
            f"({brl(p.a)} ÷ {p.pessoas})."
        )
    elif result.operacao == "rateio_economia":
        part = result.por_mes or ZERO
        saved = p.a - part
        draft.lead.append(
            f"Dividindo {brl(p.a)}{what} entre {p.pessoas} pessoas, você paga {brl(part)} por mês "
            f"em vez de {brl(p.a)}: economiza {brl(saved)} por mês"
            + (f"; {_period_text(n)}, {r}." if n > 1 else ".")
        )
    elif result.operacao in ("sobra_periodo", "sobra_prazo"):
        _savings_left(p, result, draft)
    elif result.operacao == "sobra_percentual":
        draft.lead.append(
            f"{brl(p.a)} − {brl(p.b or ZERO)} = {r}{what}, que são "
            f"{percent(result.percentual or ZERO)} de {brl(p.a)} ({r} ÷ {brl(p.a)})."
        )
    elif result.operacao == "grupos":
        parts = " + ".join(f"{g.n} × {brl(g.valor)}" for g in p.grupos or ())
        draft.lead.append(f"{parts} = {r} no total.")
    elif result.operacao in ("aumento_percentual", "reducao_percentual"):
        up = result.operacao == "aumento_percentual"
        draft.lead.append(
            f"{brl(p.a)}{what} {'com aumento' if up else 'com redução'} de "
            f"{percent(p.pct or ZERO)} vai para {r}: {brl(abs(result.diferenca or ZERO))} "
            f"{'a mais' if up else 'a menos'}."
        )
    elif result.operacao == "reajuste_anual_total":
        years = max(1, n // 12)
        draft.lead.append(
            f"Pagando {brl(p.a)} por mês{what} com reajuste de {percent(p.pct or ZERO)} a cada "
            f"ano, em {years} {'ano' if years == 1 else 'anos'} você paga {r} no total (12 × "
            f"{brl(p.a)} no 1º ano, {percent(p.pct or ZERO)} a mais a cada ano seguinte; no "
            f"último ano, {brl(result.por_mes or ZERO)} por mês)."
        )
    elif result.operacao == "valor_no_tempo":
        _time_value(p, result, draft)
    elif result.operacao == "poder_de_compra":
        inflation = p.taxa_mensal or ZERO
        draft.lead.append(
            f"Com inflação de {rate(inflation)}, {brl(p.a)} de hoje vão comprar daqui a "
            f"{months_text(n)} o mesmo que {r} compram hoje: {brl(p.a)} ÷ (1 + "
            f"{percent(inflation * 100)})^{n}, uma perda de {percent(result.percentual or ZERO)} "
            "do poder de compra."
        )
        draft.recommendations.append(
            "Para não perder poder de compra, deixe o dinheiro numa aplicação que renda acima da "
            "inflação (Tesouro IPCA+, ou Tesouro Selic / CDB a 100% do CDI quando os juros estão "
            "acima dela)."
        )
    elif result.operacao == "taxa_equivalente":
        monthly = p.o_que == "mes"
        given = f"{percent(p.pct or ZERO)} {'ao mês' if monthly else 'ao ano'}"
        shown = number(result.resultado, places=2 if monthly else 4)
        if monthly:
            how = f"(1 + {percent(p.pct or ZERO)})^12 − 1"
        else:
            how = f"(1 + {percent(p.pct or ZERO)})^(1/12) − 1"
        draft.lead.append(
            f"{given} equivale a {shown}% {'ao ano' if monthly else 'ao mês'} em juros compostos: "
            f"{how}. {'Não é 12 vezes a taxa mensal' if monthly else 'Não é a taxa anual ÷ 12'}, "
            "porque os juros rendem juros a cada mês."
        )
        if p.pct_b is not None and result.percentual is not None:
            other = number(result.percentual, places=2 if monthly else 4)
            draft.lead.append(
                f"Do mesmo jeito, {percent(p.pct_b)} {'ao mês' if monthly else 'ao ano'} "
                f"equivale a {other}% {'ao ano' if monthly else 'ao mês'}."
            )
    elif result.operacao == "cdi_liquido":
        _net_cdi(p, result, draft)
    elif result.operacao == "cabe_no_orcamento":
        slack = result.saldo_final or ZERO
        part = result.por_mes or ZERO
        draft.lead.append(
            f"Hoje sobram {brl(slack)} por mês ({brl(p.a)} − {brl(p.b or ZERO)}). "
            f"{brl(p.alvo or ZERO)} em {n}x sem juros dá {brl(part)} por mês; depois da compra, "
            f"sobram {r} por mês ({brl(slack)} − {brl(part)})."
        )
        draft.lead.append(
            "Cabe no orçamento, com folga."
            if result.resultado >= slack / 2
            else "Cabe, mas aperta: a parcela come boa parte da sua sobra."
            if result.resultado > 0
            else "Não cabe: a parcela é maior que o que sobra hoje."
        )
        draft.recommendations.append(
            "Lembre que a sobra também cobre imprevistos e a reserva de emergência: se ela "
            "ficar pequena, vale esperar ou dar uma entrada maior."
        )
    elif result.operacao == "juros_da_espera":
        later = result.saldo_final or ZERO
        rate_said = rate(p.taxa_mensal or ZERO, places=2)
        grows = f"({brl(p.a)} × (1 + {rate_said.split()[0]})^{n})"
        if p.b is not None:
            draft.lead.append(
                f"Pagando {brl(p.b)} da fatura, ficam {brl(p.a)} no rotativo a {rate_said}."
            )
        if p.o_que == "agora_ou_depois":
            draft.lead.append(
                f"Quitando agora, você paga {brl(p.a)}. Esperando {months_text(n)}, a dívida a "
                f"{rate_said} vira {brl(later)} {grows}: quitar agora economiza {r} de juros."
            )
        else:
            draft.lead.append(
                f"Sem novos pagamentos, em {months_text(n)} os {brl(p.a)} a {rate_said} viram "
                f"{brl(later)} de saldo devedor {grows}: {r} de juros (sem IOF nem novas "
                "compras)."
            )
        draft.recommendations.append(
            "Juros de rotativo e cheque especial são os mais caros do mercado: quite assim que "
            "tiver o dinheiro (ou troque por um empréstimo mais barato enquanto isso)."
        )
    else:
        draft.lead.append(f"{brl(p.a)} − {brl(p.b or ZERO)} = {r}{what}.")
    draft.main.append("É só uma conta: não registrei nada.")


def _net_cdi(p: ContaParams, result: ContaResultado, draft: Draft) -> None:
    """A taxed % of the CDI net of the term's IR, and an exempt one compared."""
    gross = p.pct or ZERO
    tax = result.percentual or ZERO
    product = p.o_que or "CDB"
    days = p.dias or 1
    draft.lead.append(
        f"Um {product} de {percent(gross)} do CDI por {days} dias paga IR de {percent(tax)} "
        f"sobre o rendimento, então rende líquido {percent(gross)} × (1 − {percent(tax)}) = "
        f"{percent(result.resultado)} do CDI."
    )
    if p.pct_b is not None:
        gap = result.diferenca or ZERO
        better = (
            f"o {product} rende mais ({percent(abs(gap))} do CDI a mais)"
            if gap > 0
            else f"a LCI/LCA rende mais ({percent(abs(gap))} do CDI a mais)"
            if gap < 0
            else "os dois rendem o mesmo"
        )
        draft.lead.append(
            f"A LCI/LCA de {percent(p.pct_b)} do CDI é isenta de IR: rende {percent(p.pct_b)} "
            f"do CDI líquido, então {better}."
        )
    draft.assumptions.append(
        "IR regressivo sobre o rendimento (22,5% até 180 dias, 20% até 360, 17,5% até 720 e "
        "15% acima), o CDI constante no prazo; o percentual líquido não depende do valor "
        "aplicado."
    )


def _time_value(p: ContaParams, result: ContaResultado, draft: Draft) -> None:
    """The unknown of a time-value question, with the numbers it came from and the interest."""
    at = rate(p.taxa_mensal or ZERO, places=2)
    n = p.n or 1
    r = brl(result.resultado)
    interest = brl(abs(result.diferenca or ZERO))
    if p.incognita == "vp" and p.b is None and p.vf is not None:
        exact = rate(p.taxa_mensal or ZERO)  # the formula with the rate it used
        how = f"{brl(p.vf)} ÷ (1 + {exact.split()[0]})^{n}"
        if p.alvo is not None:
            draft.lead.append(
                f"Para ter {brl(p.vf)} daqui a {months_text(n)} rendendo {at}, aplique hoje "
                f"{r}, de uma vez, sem novos aportes: {how}. Os rendimentos completam "
                f"{interest}."
            )
        else:
            draft.lead.append(
                f"{brl(p.vf)} daqui a {months_text(n)} valem hoje {r}, descontados a {exact}: "
                f"{how}. A diferença, {interest}, é o que esse dinheiro renderia nesse prazo à "
                "mesma taxa."
            )
            draft.recommendations.append(
                "Se alguém oferece pagar menos que esse valor hoje em troca dos "
                f"{brl(p.vf)} no futuro, receber depois vale mais; se oferece mais, vale "
                "receber agora (desde que a taxa usada seja a que você consegue aplicar)."
            )
    elif p.incognita == "vp":
        draft.lead.append(
            f"Com parcela de até {brl(p.b or ZERO)} por mês, a {at} em {months_text(n)}, dá para "
            f"financiar até {r}: é o valor presente das parcelas (tabela Price, parcelas fixas). "
            f"Você pagaria {brl((p.b or ZERO) * n)} no total, {interest} de juros."
        )
    elif p.incognita == "saque":
        draft.lead.append(
            f"Com {brl(p.a)} rendendo {at}, dá para sacar {r} por mês durante {months_text(n)}, "
            f"até zerar o saldo (no total, {brl(result.resultado * n)}: {interest} vêm dos "
            "rendimentos)."
        )
    elif p.incognita == "aporte":
        draft.lead.append(
            f"Partindo de {brl(p.vp or ZERO)}, para chegar a {brl(p.vf or ZERO)} em "
            f"{months_text(n)} rendendo {at}, guarde {r} por mês (os rendimentos completam "
            f"{interest})."
        )
    elif p.incognita == "prazo":
        months = result.resultado
        whole = int(months) + (0 if months == int(months) else 1)
        start = f"Começando com {brl(p.vp)}" if p.vp else "Começando do zero"
        deposits = f" e guardando {brl(p.b)} por mês" if p.b else ", sem novos aportes"
        draft.lead.append(
            f"{start}{deposits}, rendendo {at}, você chega a {brl(p.vf or ZERO)} em "
            f"{months_text(whole)} ({number(months, places=2)} meses exatos, ou "
            f"{number(months / 12, places=2)} anos)."
        )
    else:
        deposits = f" com aportes de {brl(p.b)} por mês" if p.b else " sem novos aportes"
        if p.vp:
            said = f"{brl(p.vp)} rendendo {at} por {months_text(n)}{deposits} viram"
        else:
            said = f"Depositando {brl(p.b or ZERO)} por mês a {at}, em {months_text(n)} você tem"
        draft.lead.append(f"{said} {r}: {interest} de rendimento.")
        if not p.b:
            draft.calcs.append(
                Calculo(
                    descricao=f"{brl(p.vp or ZERO)} × (1 + {at.split()[0]})^{n}",
                    resultado=f"{r} (juros compostos)",
                )
            )
    draft.assumptions.append(
        "Taxa fixa durante todo o prazo, aportes, saques ou parcelas no fim de cada mês, sem IR, "
        "taxas nem inflação."
    )


def _period_text(months: int) -> str:
    return "em 1 ano" if months == 12 else f"em {months_text(months)}"


def _savings_left(p: ContaParams, result: ContaResultado, draft: Draft) -> None:
    """What an income less the spending the user states puts aside: over a period, or the
    time to reach a target; no yield (none was said), which the answer says."""
    left = result.por_mes or ZERO
    said = f"Ganhando {brl(p.a)} e gastando {brl(p.b or ZERO)} por mês"
    if left <= 0:
        draft.lead.append(
            f"{said}, não sobra nada para guardar ({brl(p.a)} − {brl(p.b or ZERO)} = "
            f"{brl(left)}): antes de juntar, é preciso cortar gastos ou aumentar a renda."
        )
        return
    if result.operacao == "sobra_periodo":
        n = p.n or 1
        draft.lead.append(
            f"{said}, sobram {brl(left)} por mês; guardando tudo, {_period_text(n)} você junta "
            f"{brl(result.resultado)} ({brl(left)} × {n}), sem contar rendimento."
        )
        if p.alvo is not None:
            need = (p.alvo / n).quantize(Decimal("0.01"))
            draft.lead.append(
                f"Dá para juntar {brl(p.alvo)} nesse prazo: a sobra cobre os {brl(need)} por mês "
                "que a meta pede."
                if result.resultado >= p.alvo
                else f"Não dá para juntar {brl(p.alvo)} nesse prazo só com a sobra: faltariam "
                f"{brl(p.alvo - result.resultado)}; a meta pede {brl(need)} por mês "
                f"({brl(need - left)} a mais do que sobra hoje)."
            )
    else:
        months = result.resultado
        whole = int(months) if months == int(months) else int(months) + 1
        draft.lead.append(
            f"{said}, sobram {brl(left)} por mês; para juntar {brl(p.alvo or ZERO)} guardando "
            f"tudo, são {whole} meses ({brl(p.alvo or ZERO)} ÷ {brl(left)}), sem contar "
            "rendimento."
        )
    draft.recommendations.append(
        "Aplicado numa reserva com liquidez diária (Tesouro Selic ou CDB a 100% do CDI), esse "
        "dinheiro rende e você chega antes: me diga a taxa que eu refaço a conta com os juros."
    )


def _cash_or_instalments_at_yield(p: ContaParams, present: Decimal, draft: Draft) -> None:
    """Cash vs interest-free instalments when the user's money earns `p.taxa_mensal`."""
    assert p.taxa_mensal is not None
    n = p.n or 1
    draft.lead.append(
        f"Deixando o dinheiro rendendo {rate(p.taxa_mensal, places=2)} e pagando uma parcela "
        f"por mês (a primeira daqui a 30 dias), as {n} parcelas de {brl(p.b or ZERO)} valem "
        f"hoje {brl(present)} (valor presente), contra {brl(p.a)} à vista."
    )
    if present > p.a:
        draft.recommendations.append(
            f"À vista compensa: você economiza {brl(present - p.a)} em valor de hoje, mais do "
            "que o seu dinheiro renderia até as parcelas vencerem."
        )
    elif present < p.a:
        draft.recommendations.append(
            f"Parcelado compensa: deixando o dinheiro rendendo, você sai {brl(p.a - present)} "
            "à frente em valor de hoje (desde que não mexa nesse dinheiro)."
        )
    else:
        draft.recommendations.append("Dá no mesmo: escolha pela sua folga no mês.")
