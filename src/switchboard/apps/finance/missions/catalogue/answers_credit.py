"""The answer templates for credit: a financing (PRICE and SAC with the user's numbers) and
debts (what a debt becomes, when it is paid off, a cheaper credit, portability, the 13º).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from switchboard.apps.finance.finmath import monthly_to_annual, tvm
from switchboard.apps.finance.finmath.fmt import count
from switchboard.apps.finance.finmath.money import money
from switchboard.apps.finance.missions.catalogue.extract import Question
from switchboard.apps.finance.missions.catalogue.params import (
    Divida,
    DividasParams,
    FinanciamentoParams,
)
from switchboard.apps.finance.missions.catalogue.results import (
    DividasResultado,
    FinanciamentoResultado,
    SistemaResultado,
)
from switchboard.apps.finance.missions.catalogue.wording import (
    brl,
    join,
    months_text,
    of_object,
    percent,
    rate,
)
from switchboard.patterns import Calculo, Comparacao, Draft

D = Decimal
ZERO = Decimal(0)

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
    subject = of_object(question.objeto) if question.objeto else ""
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
    if result.credito_maximo and price is not None:
        _most_credit(p, result, price, draft)
        return
    draft.lead.append(head + join([_system_line(s, result.meses) for s in result.sistemas]) + ".")
    if p.entrada:
        # the total the user pays for the thing: the instalments plus the down payment
        draft.lead.append(
            "Somando a entrada de "
            + brl(p.entrada)
            + ", o total pago fica "
            + join(
                [
                    f"{brl(s.total_pago + p.entrada)} no "
                    + ("Price" if s.sistema == "price" else "SAC")
                    for s in result.sistemas
                ]
            )
            + " (parcelas do valor financiado + entrada)."
        )
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
        if s.saldo_devedor is not None and s.parcelas_pagas is not None:
            if s.parcelas_pagas:
                draft.main.append(
                    f"No {name}, depois de {count(s.parcelas_pagas, 'parcela')} "
                    f"{'paga' if s.parcelas_pagas == 1 else 'pagas'}, o saldo devedor é de "
                    f"{brl(s.saldo_devedor)} "
                    f"({'falta' if result.meses - s.parcelas_pagas == 1 else 'faltam'} "
                    f"{count(result.meses - s.parcelas_pagas, 'parcela')})."
                )
            if s.saldo_apos_extra is not None and p.amortizacao_extra is not None:
                left = result.meses - s.parcelas_pagas
                keep = (
                    f"; mantendo a parcela, faltaria{'m' if s.meses_apos_extra != 1 else ''} "
                    f"{count(s.meses_apos_extra, 'parcela')} "
                    f"({count(left - s.meses_apos_extra, 'parcela')} a menos)"
                    if s.meses_apos_extra is not None
                    else ""
                )
                draft.main.append(
                    f"Amortizando {brl(p.amortizacao_extra)} agora, o saldo devedor cai para "
                    f"{brl(s.saldo_apos_extra)}. Mantendo o prazo, a próxima parcela fica em "
                    f"{brl(s.parcela_apos_extra or ZERO)}{keep}."
                )
        if s.parcela_k is not None and s.parcela_numero is not None:
            split = ""
            if s.juros_k is not None:
                # what the instalment pays: the month's interest on the balance, the rest
                # amortizes ("quanto da primeira parcela é juros e quanto é amortização?")
                split = (
                    f": {brl(s.juros_k)} de juros e {brl(s.parcela_k - s.juros_k)} de amortização"
                )
            first = f" (a primeira é {brl(s.primeira_parcela)})" if s.parcela_numero > 1 else ""
            draft.main.append(
                f"No {name}, a parcela do mês {s.parcela_numero} é de {brl(s.parcela_k)}"
                f"{split}{first}."
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
        if not any(s.cabe_na_renda for s in result.sistemas) and result.maximo_price:
            ceilings = [f"{brl(result.maximo_price)} pelo Price"]
            if result.maximo_sac is not None and result.of("sac") is not None:
                ceilings.append(f"{brl(result.maximo_sac)} pelo SAC")
            draft.main.append(
                f"Com parcela de até {brl(result.limite_parcela)}, daria para financiar até "
                f"{join(ceilings)}, nesse prazo e taxa."
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
    elif result.sistemas and not draft.recommendations:
        only = result.sistemas[0]
        interest = f"Os juros somam {brl(only.total_juros)}: "
        if only.sistema == "sac":
            advice = (
                "no SAC a parcela cai todo mês, e amortizações extras (13º, FGTS no "
                "financiamento imobiliário) encurtam o prazo e cortam juros. Confira o CET da "
                "proposta, com tarifas e seguros."
            )
        elif question.objeto:
            advice = (
                "se der para juntar e pagar à vista (ou dar uma entrada maior), negocie "
                "desconto; financiando, amortizações extras reduzem bastante os juros. Confira o "
                "CET da proposta, com tarifas e seguros."
            )
        elif result.meses >= _LONG_FINANCING_MONTHS:
            # a 30-year financing is a home's, not a personal loan: no consignado advice
            advice = (
                "num financiamento longo assim, o SAC costuma sair mais barato no total (a "
                "parcela começa maior e cai todo mês); no Price, amortizações extras (13º, FGTS "
                "no financiamento imobiliário) encurtam o prazo e cortam juros. Confira o CET da "
                "proposta, com seguros (MIP e DFI) e tarifas."
            )
        else:
            advice = (
                "pegue só o que precisa e compare o CET (com tarifas e seguros) de outras "
                "opções; o consignado costuma sair bem mais barato que o empréstimo pessoal, e o "
                "rotativo e o cheque especial são os mais caros."
            )
        draft.recommendations.append(interest + advice)
    draft.assumptions.append(
        f"taxa de {rate(result.taxa_mensal)} fixa durante todo o contrato, sem seguros, taxas "
        "administrativas nem correção (TR/IPCA), que os bancos somam à parcela"
    )


_LONG_FINANCING_MONTHS = 120
"""Ten years or more: a housing financing (or as long as one), never a personal loan."""


def _most_credit(
    p: FinanciamentoParams, result: FinanciamentoResultado, price: SistemaResultado, draft: Draft
) -> None:
    """The loan a margin (or an income limit) buys: the maximum instalment first, then the
    amount it repays at the user's rate and term."""
    ceiling = result.limite_parcela or price.primeira_parcela
    limit_word = "margem" if p.consignado else "limite"
    if p.parcela_maxima is not None:
        source = f"Com {limit_word} disponível de {brl(p.parcela_maxima)}"
    elif p.renda_mensal is not None and p.limite_renda_pct is not None:
        source = (
            f"Com renda de {brl(p.renda_mensal)} e {limit_word} de "
            f"{percent(p.limite_renda_pct)} da renda para a parcela"
        )
    else:
        source = "Com esse limite"
    total = ceiling * result.meses
    loan = "um empréstimo" if p.consignado else "um valor financiado"
    interest = total - result.principal
    draft.lead.append(
        f"{source}, a parcela máxima é de {brl(ceiling)} por mês. Em {result.meses} parcelas a "
        f"{rate(result.taxa_mensal)}, essa parcela paga {loan} de até "
        f"{brl(result.principal)} (total pago de {brl(total)}, dos quais {brl(interest)} de "
        "juros)."
    )
    draft.calcs.append(
        Calculo(
            descricao=f"valor presente de {result.meses} parcelas de {brl(ceiling)} a "
            f"{rate(result.taxa_mensal)} (Price)",
            resultado=f"valor máximo {brl(result.principal)}",
            detalhes={"total_pago": brl(total), "juros": brl(interest)},
        )
    )
    if result.maximo_sac is not None:
        draft.main.append(
            f"Pelo SAC, em que a primeira parcela é a maior, o banco olha essa primeira parcela: "
            f"o valor máximo cai para cerca de {brl(result.maximo_sac)}."
        )
    share = interest / total * 100 if total else ZERO
    draft.main.append(
        f"Dos {brl(total)} que você pagaria, {percent(share, places=0)} são juros; um prazo "
        "menor ou um valor menor reduzem esse custo."
    )
    draft.recommendations.append(
        "Pegue só o que precisa, não o máximo: a parcela sai direto do salário por todo o "
        "prazo e deixa menos folga para imprevistos. O consignado vale a pena sobretudo para "
        "trocar dívidas mais caras (rotativo, cheque especial, empréstimo pessoal)."
        if p.consignado
        else "Não comprometa o limite inteiro: uma parcela menor (com entrada maior ou valor "
        "menor) deixa folga para imprevistos e reduz os juros pagos."
    )
    draft.assumptions.append(
        f"taxa de {rate(result.taxa_mensal)} fixa, parcelas iguais (Price), sem IOF, seguros "
        "nem tarifas (o CET do contrato pode ser maior)"
    )


# ---------------------------------------------------------------- dívidas

DEBT_NAMES = {
    "rotativo": "rotativo do cartão",
    "cartao": "cartão",
    "cheque_especial": "cheque especial",
    "emprestimo": "empréstimo",
    "consignado": "consignado",
    "financiamento": "financiamento",
    "cdc": "CDC",
    "parcelamento": "parcelamento da fatura",
    "outra": "dívida",
}


def _in(name: str) -> str:
    """ " no cartão", " no empréstimo"; nothing for a debt of no named kind ("a dívida de
    R$ 12.000,00 a 2% ao mês", never "no dívida")."""
    return "" if name == "dívida" else f" no {name}"


def _held(name: str) -> str:
    """ "no cartão", "na dívida": where a balance sits, with the article its name takes."""
    return "na dívida" if name == "dívida" else f"no {name}"


def _the(name: str) -> str:
    """ "o cartão", "a dívida": the debt's name with its article."""
    return f"a {name}" if name == "dívida" else f"o {name}"


def _of(name: str) -> str:
    """ "da dívida", "do cartão": the debt's name with its article."""
    return f"da {name}" if name == "dívida" else f"do {name}"


def debts(question: Question, result: DividasResultado, draft: Draft) -> None:
    p = question.params
    assert isinstance(p, DividasParams)
    first = p.dividas[0] if p.dividas else None
    name = DEBT_NAMES[first.tipo] if first else "dívida"
    op = result.operacao
    if op == "manter_ou_quitar" and first is not None and first.saldo is not None:
        used = min(p.reserva or ZERO, first.saldo)
        draft.lead.append(
            f"Mantendo os {brl(first.saldo)} {_held(name)} a {rate(first.taxa_mensal or ZERO)}, "
            "você "
            f"paga {brl(result.juros_atual or ZERO)} de juros por mês; os {brl(used)} guardados a "
            f"{rate(p.rendimento_reserva_mensal or ZERO)} rendem {brl(result.juros_novo or ZERO)}"
            f" por mês. Você perde {brl(result.economia_total or ZERO)} por mês mantendo a dívida."
        )
        draft.recommendations.append(
            "Quitar com o dinheiro guardado compensa quando a dívida custa mais do que ele rende; "
            "depois, refaça a reserva com o que sobrar por mês."
        )
        return
    if op == "projetar" and first is not None and first.saldo is not None:
        draft.lead.append(
            f"Sem pagar nada, os {brl(first.saldo)} {_held(name)} a "
            f"{rate(first.taxa_mensal or ZERO)} "
            f"viram {brl(result.saldo_final or ZERO)} em {months_text(p.meses or 0)}: "
            f"{brl(result.juros or ZERO)} só de juros."
        )
        draft.recommendations.append(
            "Juros assim dobram a dívida em poucos meses: pare de rolar o saldo e troque por um "
            "crédito mais barato (parcelamento da fatura, empréstimo pessoal ou consignado) ou "
            "negocie um acordo à vista."
        )
    elif op == "prazo_quitacao" and first is not None and result.meses_fracionados is None:
        interest = result.juros_evitados_mes or ZERO
        payment = p.pagamento_mensal or ZERO
        draft.lead.append(
            f"Pagando {brl(payment)} por mês, a dívida de {brl(first.saldo or ZERO)}{_in(name)} a "
            f"{rate(first.taxa_mensal or ZERO)} nunca é quitada: só os juros do primeiro mês já "
            f"são {brl(interest)}, então o saldo "
            + ("fica parado." if payment == interest else "cresce todo mês.")
        )
        draft.main.append(
            f"Para a dívida começar a cair, o pagamento precisa passar de {brl(interest)} por "
            "mês; cada real acima disso vai para o saldo."
        )
        draft.recommendations.append(
            "Troque essa dívida por um crédito mais barato (parcelamento da fatura, empréstimo "
            "pessoal ou consignado) ou negocie um acordo: com essa taxa, pagar pouco por mês só "
            "alimenta os juros."
        )
    elif op == "prazo_quitacao" and first is not None and result.meses_fracionados is not None:
        whole = result.pagamentos or 0
        draft.lead.append(
            f"Pagando {brl(p.pagamento_mensal or ZERO)} por mês, a dívida de "
            f"{brl(first.saldo or ZERO)}{_in(name)} a {rate(first.taxa_mensal or ZERO)} é "
            + (
                f"quitada em {count(whole, 'mês')} "
                f"({str(result.meses_fracionados).replace('.', ',')} meses de prazo exato: "
                f"{count(whole - 1, 'pagamento')} de {brl(p.pagamento_mensal or ZERO)} e um "
                "último menor)."
                if whole > 1
                else "quitada em 1 mês, num único pagamento."
            )
        )
        draft.main.append(f"No total você paga cerca de {brl(result.juros or ZERO)} de juros.")
        draft.recommendations.append(
            "Cada real a mais por mês encurta o prazo e corta juros; se conseguir uma taxa menor "
            "(consignado, portabilidade), troque."
        )
    elif op in ("trocar", "portabilidade") and first is not None:
        term = first.parcelas_restantes or p.meses or 0
        new_name = DEBT_NAMES[p.novo_tipo] if p.novo_tipo else "crédito novo"
        if op == "portabilidade":
            saving = (result.economia_total or ZERO) > 0
            draft.lead.append(
                f"Com a portabilidade do saldo de {brl(first.saldo or ZERO)} para "
                f"{rate(p.nova_taxa_mensal or ZERO)}, a parcela {_of(name)} "
                f"{'cai' if saving else 'vai'} de {brl(result.parcela_atual or ZERO)} para "
                f"{brl(result.parcela_nova or ZERO)} ("
                f"{brl(abs(result.diferenca_parcela or ZERO))} a {'menos' if saving else 'mais'} "
                f"por mês) e você {'economiza' if saving else 'pagaria a mais'} "
                f"{brl(abs(result.economia_total or ZERO))} nas {term} parcelas que faltam."
            )
            current = first.taxa_mensal or result.taxa_atual_implicita
            if current is not None:
                draft.main.append(
                    f"Hoje você paga {rate(current)}"
                    + (" (a taxa que a sua parcela implica)" if first.taxa_mensal is None else "")
                    + f": {brl(result.juros_atual or ZERO)} de juros até o fim, contra "
                    f"{brl(result.juros_novo or ZERO)} na taxa nova."
                )
        else:
            draft.lead.append(
                f"A parcela do {new_name} a {rate(p.nova_taxa_mensal or ZERO)} em {term}x fica "
                f"em {brl(result.parcela_nova or ZERO)}, com {brl(result.juros_novo or ZERO)} de "
                f"juros no total, para quitar os {brl(first.saldo or ZERO)}. Parcelando "
                f"{_the(name)} "
                f"na taxa {'dela' if name == 'dívida' else 'dele'} "
                f"({rate(first.taxa_mensal or ZERO)}) em {term}x, a parcela seria "
                f"{brl(result.parcela_atual or ZERO)}, com {brl(result.juros_atual or ZERO)} de "
                "juros."
            )
            draft.main.append(
                f"Trocar {_the(name)} pelo {new_name} economiza "
                f"{brl(result.diferenca_parcela or ZERO)}"
                f" por mês e {brl(result.economia_total or ZERO)} no total."
            )
            if first.saldo and first.taxa_mensal:
                draft.main.append(
                    f"Do jeito que está, {_the(name)} custa "
                    f"{brl((first.saldo * first.taxa_mensal).quantize(D('0.01')))} de juros por "
                    "mês."
                )
        worse = (result.economia_total or ZERO) < 0
        draft.recommendations.append(
            "Não vale a troca: a taxa oferecida é maior que a que você paga hoje. Negocie com o "
            "seu banco atual ou procure outra proposta."
            if worse
            else "Vale a troca: é a mesma dívida a uma taxa menor. Confira o CET (custo efetivo "
            "total, com tarifas e seguros) da proposta antes de assinar."
        )
        draft.assumptions.append(f"parcelas fixas (Price) em {term} meses nas duas taxas")
    elif op == "comparar" and result.opcoes:
        _compare_credit(p, result, draft)
    elif op == "avalanche":
        paid = [q for q in result.ordem if q.pago > 0]
        steps = [
            f"{brl(q.pago)} no {DEBT_NAMES.get(q.rotulo, q.rotulo)} ({rate(q.taxa_mensal)})"
            + (" — quitado" if q.restante == 0 else f", que fica com {brl(q.restante)}")
            for q in paid
        ]
        later = [
            f"o {DEBT_NAMES.get(q.rotulo, q.rotulo)} ({brl(q.restante)} a {rate(q.taxa_mensal)})"
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
        spare = (p.valor_extra or ZERO) - sum((q.pago for q in result.ordem), ZERO)
        if spare > 0:
            # "quito ou invisto?": the dívidas all paid, what is left of the extra money is said
            draft.lead.append(
                f"Com as dívidas quitadas, sobram {brl(spare)} do {source}: guarde numa reserva "
                "de emergência (Tesouro Selic ou CDB com liquidez diária) para não precisar de "
                "crédito caro de novo."
            )
        if p.meses and len(p.dividas) == 1 and paid:
            # "o resto rola 1 mês e vira quanto? e se eu não abater nada?": both balances
            months, debt, rest = p.meses, p.dividas[0], paid[0]
            growth = (1 + rest.taxa_mensal) ** months
            span = count(months, "mês")
            after = (rest.restante * growth).quantize(D("0.01"))
            untouched = ((debt.saldo or ZERO) * growth).quantize(D("0.01"))
            draft.lead.append(
                f"Abatendo, os {brl(rest.restante)} que sobram rolando {span} a "
                f"{rate(rest.taxa_mensal)} viram {brl(after)}; sem abater nada, os "
                f"{brl(debt.saldo or ZERO)} viram {brl(untouched)} (juros compostos)."
            )
        draft.main.append(
            "Suas dívidas: "
            + "; ".join(
                f"{DEBT_NAMES.get(d.tipo, d.tipo)} {brl(d.saldo or ZERO)} a "
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
            "real que a abate deixa de pagar "  # not "do cartão": it may be the cheque especial
            f"{rate(max((q.taxa_mensal for q in result.ordem), default=ZERO))}."
        )
        draft.recommendations.append(
            "Depois, direcione o valor que ia para a parcela quitada à próxima dívida mais cara."
        )
    elif op == "amortizar" and first is not None:
        source = p.origem_extra or "dinheiro extra"
        if result.saldo_final is not None and first.parcelas_restantes is None:
            exact = str((result.meses_fracionados or ZERO).quantize(Decimal("0.1")))
            left = (
                f"com parcelas de {brl(result.parcela_atual or ZERO)} a "
                f"{rate(first.taxa_mensal or ZERO)}, "
                f"{'falta' if result.pagamentos == 1 else 'faltam'} "
                f"{count(result.pagamentos or 0, 'parcela')} "
                f"({exact.replace('.', ',')} exatas; a última menor)"
                if result.pagamentos
                else "a dívida fica quitada"
            )
            draft.lead.append(
                f"Pagando {brl(p.valor_extra or ZERO)} agora (do {source}), o saldo {_of(name)} "
                f"cai de {brl(first.saldo or ZERO)} para {brl(result.saldo_final)}; {left}."
            )
        elif result.parcela_nova is not None:
            draft.lead.append(
                f"Usando {brl(p.valor_extra or ZERO)} do {source} para amortizar {_the(name)} de "
                f"{brl(first.saldo or ZERO)} e mantendo as {first.parcelas_restantes} parcelas, "
                "a parcela cai de "
                f"{brl(result.parcela_atual or ZERO)} para {brl(result.parcela_nova)} "
                f"({brl(result.diferenca_parcela or ZERO)} a menos por mês)."
            )
        elif result.pagamentos is not None:
            draft.lead.append(
                f"Usando {brl(p.valor_extra or ZERO)} do {source} para amortizar e mantendo a "
                f"parcela de {brl(result.parcela_atual or ZERO)}, {_the(name)} termina em "
                f"{result.pagamentos} meses em vez de {first.parcelas_restantes}"
                + (
                    f" ({count(first.parcelas_restantes - result.pagamentos, 'mês')} a menos)."
                    if first.parcelas_restantes
                    else "."
                )
            )
        draft.recommendations.append(
            f"A {rate(first.taxa_mensal or ZERO)}, amortizar rende mais que qualquer aplicação "
            "de baixo risco: vale a pena, desde que você mantenha uma reserva para emergências."
        )
        draft.assumptions.append("parcelas fixas (Price) sobre o saldo devedor")


def _compare_credit(p: DividasParams, result: DividasResultado, draft: Draft) -> None:
    """Each credit line on the same amount and term, the cheapest first."""
    first = p.dividas[0]
    term = first.parcelas_restantes or p.meses or 0
    lines = [
        f"no {DEBT_NAMES.get(o.rotulo, o.rotulo)} a {rate(o.taxa_mensal)}, parcela de "
        f"{brl(o.parcela)} ({brl(o.juros)} de juros, {brl(o.total)} no total)"
        for o in result.opcoes
    ]
    cheapest, dearest = result.opcoes[0], result.opcoes[-1]
    if p.pagamento_unico:
        lines = [
            f"no {DEBT_NAMES.get(o.rotulo, o.rotulo)} a {rate(o.taxa_mensal)}, "
            f"{brl(o.juros)} de juros ({brl(o.total)} a pagar no fim)"
            for o in result.opcoes
        ]
        draft.lead.append(
            f"Usando {brl(first.saldo or ZERO)} por {months_text(term)} e pagando tudo no fim: "
            f"{join(lines)}. A diferença é de {brl(result.economia_total or ZERO)}."
        )
        draft.assumptions.append("juros compostos ao mês, tudo pago de uma vez no fim do prazo")
        return
    cheap_name = DEBT_NAMES.get(cheapest.rotulo, cheapest.rotulo)
    dear_name = DEBT_NAMES.get(dearest.rotulo, dearest.rotulo)
    draft.lead.append(
        f"Para {brl(first.saldo or ZERO)} em {term}x: {join(lines)}. O {cheap_name} sai "
        f"{brl(result.diferenca_parcela or ZERO)} a menos por mês e "
        f"{brl(result.economia_total or ZERO)} a menos no total que o {dear_name}."
    )
    draft.recommendations.append(
        f"Se você tem acesso ao {cheap_name}, ele é o crédito mais barato aqui; compare sempre "
        "pelo CET (custo efetivo total, com tarifas e seguros) e não comprometa mais do que "
        "cabe no orçamento (no consignado, a margem é de até 35% da renda)."
    )
    draft.assumptions.append(f"parcelas fixas (Price) em {term} meses em todas as opções")


ROTATIVO = (
    "O rotativo do cartão é o crédito mais caro do país: saia dele o quanto antes. Pague a "
    "fatura inteira se puder; se não der, troque-o por um crédito mais barato (parcelamento da "
    "fatura, empréstimo pessoal ou consignado) em vez de pagar só o mínimo. Desde 2024, juros e "
    "encargos do rotativo e do parcelamento da fatura não podem passar de 100% do valor "
    "original da dívida (Lei 14.690/2023)."
)
"""What anyone in the rotativo should hear, before the numbers that turn it into reais."""


def swap_by_rates(p: DividasParams) -> str | None:
    """A debt and the cheaper credit offered to pay it ("cheque especial a 7,9%, consignado a
    1,6%, vale?"): the rates say whether the swap pays, before the term the instalment needs."""
    if p.operacao not in ("trocar", "portabilidade") or p.nova_taxa_mensal is None:
        return None
    old = next((d for d in p.dividas if d.taxa_mensal is not None), None)
    if old is None:
        return None
    new = Divida(tipo=p.novo_tipo or "emprestimo", taxa_mensal=p.nova_taxa_mensal)
    told = rates_compared((old, new))
    if told is None or old.saldo is None or old.taxa_mensal is None:
        return told
    # the balance is known: the first month's interest in reais on each line is no assumption
    # ("quanto de juros pago por mês em cada um?"), the term is only needed for the instalment
    dear = money(old.saldo * old.taxa_mensal)
    cheap = money(old.saldo * p.nova_taxa_mensal)
    return (
        f"{told} Sobre o saldo de {brl(old.saldo)}, o primeiro mês de juros é de {brl(dear)} no "
        f"{DEBT_NAMES.get(old.tipo, old.tipo)} e de {brl(cheap)} no "
        f"{DEBT_NAMES.get(new.tipo, new.tipo)}: {brl(abs(dear - cheap))} "
        f"{'a menos' if cheap <= dear else 'a mais'} no mês."
    )


def pay_or_invest(p: DividasParams) -> str | None:
    """Paying a debt down against investing the money ("amortizar o financiamento de 1,2% am ou
    investir a 0,9% am?"): paying down earns the debt's rate, certain and untaxed."""
    debt = p.dividas[0] if p.dividas else None
    earn = p.rendimento_reserva_mensal
    if p.operacao != "amortizar" or debt is None or debt.taxa_mensal is None or earn is None:
        return None
    if debt.taxa_mensal > earn:
        verdict = (
            f"amortizar compensa: cada real abatido deixa de pagar {rate(debt.taxa_mensal)} de "
            f"juros, um ganho certo e sem IR, contra {rate(earn)} do investimento (antes do IR)"
        )
    elif debt.taxa_mensal < earn:
        verdict = (
            f"investir rende mais que os {rate(debt.taxa_mensal)} que a dívida cobra, mas "
            f"{rate(earn)} é antes do IR e sem garantia: confira o rendimento líquido antes"
        )
    else:
        verdict = "as taxas empatam: amortizar dá o mesmo ganho, sem IR e sem risco"
    return (
        f"Pelas taxas, {verdict}. Amortizar reduzindo o prazo economiza mais juros que reduzir "
        "a parcela; mantenha a reserva de emergência fora dessa conta."
    )


def payoff_offer(p: DividasParams) -> str | None:
    """An offer to settle the remaining instalments for less ("faltam 18 parcelas de 1.100 e o
    banco oferece quitar por 16 mil"): what is saved, and the monthly rate the discount is
    worth — the yield the money would need to beat to be worth keeping invested."""
    debt = p.dividas[0] if len(p.dividas) == 1 else None
    if (
        p.operacao != "orientar"
        or debt is None
        or debt.parcela is None
        or debt.parcelas_restantes is None
        or debt.saldo is None
    ):
        return None
    left = debt.parcela * debt.parcelas_restantes
    if not 0 < debt.saldo < left:
        return None
    # the rate at which the instalments left are worth the offer today
    worth = tvm.rate(debt.saldo, -debt.parcela, debt.parcelas_restantes)
    return (
        f"Faltam {debt.parcelas_restantes} parcelas de {brl(debt.parcela)}, {brl(left)} no "
        f"total; quitando por {brl(debt.saldo)} agora, você paga {brl(left - debt.saldo)} a "
        f"menos. Esse desconto equivale a juros de {rate(worth, places=2)}: se o seu dinheiro "
        "aplicado rende menos que isso por mês (o que é o caso de quase toda aplicação segura), "
        "quitar compensa — desde que não use a sua reserva de emergência para isso."
    )


def rates_compared(lines: Sequence[Divida]) -> str | None:
    """Credit lines compared by their monthly rates ("cartão a 14% ao mês ou empréstimo a 3%?"):
    the cheaper one and each rate a year, said before the amounts the instalments need (a
    comparison asked without them got only the concept and "preciso de: o valor")."""
    rated = sorted(
        (d for d in lines if d.taxa_mensal is not None), key=lambda d: d.taxa_mensal or 0
    )
    if len(rated) < 2 or rated[0].taxa_mensal == rated[-1].taxa_mensal:
        return None

    def said(d: Divida) -> str:
        monthly = d.taxa_mensal or ZERO
        yearly = monthly_to_annual(monthly) * 100
        return f"{DEBT_NAMES.get(d.tipo, d.tipo)} a {rate(monthly)} (≈ {percent(yearly, 1)} ao ano)"

    cheap, dear = rated[0], rated[-1]
    much = " bem" if (dear.taxa_mensal or 0) >= 2 * (cheap.taxa_mensal or 0) else ""
    return (
        f"Pelas taxas, o {said(cheap)} sai{much} mais barato que o {said(dear)}: trocar a dívida "
        "mais cara pela mais barata compensa, desde que a nova parcela caiba no seu orçamento e "
        "você não volte a usar a linha cara."
    )
