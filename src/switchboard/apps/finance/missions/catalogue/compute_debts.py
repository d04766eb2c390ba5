"""The debt computations of the catalogue: what a debt becomes, months to pay it off, a
cheaper credit or a portability, credit lines compared, the 13º by avalanche or prepayment.
"""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.finmath import (
    DebtBalance,
    avalanche,
    grow,
    nper,
    price_instalment,
)
from switchboard.apps.finance.finmath.money import money
from switchboard.apps.finance.missions.catalogue.compute import (
    ZERO,
    MissingParameterError,
    implied_rate,
    need,
)
from switchboard.apps.finance.missions.catalogue.params import (
    DividasParams,
)
from switchboard.apps.finance.missions.catalogue.results import (
    DividasResultado,
    OpcaoCredito,
    Quitacao,
)

D = Decimal

# ---------------------------------------------------------------- dívidas


def debts(p: DividasParams) -> DividasResultado:
    op = p.operacao
    first = p.dividas[0] if p.dividas else None
    if op == "projetar":
        need(saldo=first and first.saldo, taxa_mensal=first and first.taxa_mensal, meses=p.meses)
        assert first is not None and first.saldo is not None and first.taxa_mensal is not None
        assert p.meses is not None
        grown = grow(first.saldo, first.taxa_mensal, p.meses)
        return DividasResultado(operacao=op, saldo_final=grown.final_balance, juros=grown.interest)
    if op == "manter_ou_quitar":
        need(saldo=first and first.saldo, taxa_mensal=first and first.taxa_mensal)
        assert first is not None and first.saldo is not None and first.taxa_mensal is not None
        # the savings that would pay the debt off stop yielding: only that part counts
        used = min(p.reserva or ZERO, first.saldo)
        cost = money(first.saldo * first.taxa_mensal)
        earned = money(used * (p.rendimento_reserva_mensal or ZERO))
        return DividasResultado(
            operacao=op, juros_atual=cost, juros_novo=earned, economia_total=cost - earned
        )
    if op == "prazo_quitacao":
        need(
            saldo=first and first.saldo,
            taxa_mensal=first and first.taxa_mensal,
            pagamento_mensal=p.pagamento_mensal,
        )
        assert first is not None and first.saldo is not None and first.taxa_mensal is not None
        assert p.pagamento_mensal is not None
        interest = money(first.saldo * first.taxa_mensal)
        if p.pagamento_mensal <= interest:  # the debt never ends: say so, with the numbers
            return DividasResultado(operacao=op, juros_evitados_mes=interest, pagamentos=None)
        months = nper(first.taxa_mensal, p.pagamento_mensal, first.saldo)
        whole = int(months.to_integral_value(rounding="ROUND_CEILING"))
        return DividasResultado(
            operacao=op,
            meses_fracionados=months,
            pagamentos=whole,
            juros=money(p.pagamento_mensal * months - first.saldo),
        )
    if op in ("trocar", "portabilidade"):
        term = (first.parcelas_restantes if first else None) or p.meses
        need(
            saldo=first and first.saldo,
            taxa_atual=first and (first.taxa_mensal or first.parcela),
            nova_taxa_mensal=p.nova_taxa_mensal,
            prazo=term,
        )
        assert first is not None and first.saldo is not None
        assert p.nova_taxa_mensal is not None and term is not None
        implied = None
        if first.taxa_mensal is not None:
            now = price_instalment(first.saldo, first.taxa_mensal, term)
        else:  # "24 parcelas de 750 faltando": the instalment paid today, its rate solved
            assert first.parcela is not None
            now = first.parcela
            implied = implied_rate(first.saldo, now, term)
        new = price_instalment(first.saldo, p.nova_taxa_mensal, term)
        return DividasResultado(
            operacao=op,
            parcela_atual=now,
            parcela_nova=new,
            diferenca_parcela=now - new,
            juros_atual=now * term - first.saldo,
            juros_novo=new * term - first.saldo,
            economia_total=(now - new) * term,
            taxa_atual_implicita=implied,
        )
    if op == "comparar":
        return _compare_credit(p)
    if op == "avalanche":
        need(valor_extra=p.valor_extra)
        assert p.valor_extra is not None
        known = [d for d in p.dividas if d.saldo is not None and d.taxa_mensal is not None]
        if not known:
            need(dividas=None)
        plan = avalanche(
            [
                DebtBalance(d.tipo, d.saldo, d.taxa_mensal)  # type: ignore[arg-type]  # filtered
                for d in known
            ],
            p.valor_extra,
        )
        return DividasResultado(
            operacao=op,
            ordem=tuple(
                Quitacao(rotulo=x.name, pago=x.paid, restante=x.left, taxa_mensal=x.monthly_rate)
                for x in plan.payoffs
            ),
            juros_evitados_mes=plan.interest_avoided_next_month,
            sobra=plan.left_over,
        )
    if (
        op == "amortizar"
        and first is not None
        and first.parcelas_restantes is None
        and first.parcela
    ):
        # the instalment kept and the count asked: the balance after the extra payment, then
        # how many of those instalments pay it off
        need(saldo=first.saldo, taxa_mensal=first.taxa_mensal, valor_extra=p.valor_extra)
        assert first.saldo is not None and first.taxa_mensal is not None
        assert p.valor_extra is not None
        rest = max(first.saldo - p.valor_extra, ZERO)
        months = nper(first.taxa_mensal, first.parcela, rest) if rest > 0 else ZERO
        return DividasResultado(
            operacao=op,
            saldo_final=rest,
            parcela_atual=first.parcela,
            meses_fracionados=months,
            pagamentos=int(months.to_integral_value(rounding="ROUND_CEILING")),
        )
    if op == "amortizar":
        term = first.parcelas_restantes if first else None
        need(
            saldo=first and first.saldo,
            taxa_mensal=first and first.taxa_mensal,
            parcelas_restantes=term,
            valor_extra=p.valor_extra,
        )
        assert first is not None and first.saldo is not None and first.taxa_mensal is not None
        assert term is not None and p.valor_extra is not None
        before = price_instalment(first.saldo, first.taxa_mensal, term)
        rest = max(first.saldo - p.valor_extra, ZERO)
        if rest == 0:
            return DividasResultado(
                operacao=op, parcela_atual=before, parcela_nova=ZERO, diferenca_parcela=before
            )
        if p.manter_prazo:
            after = price_instalment(rest, first.taxa_mensal, term)
            return DividasResultado(
                operacao=op,
                parcela_atual=before,
                parcela_nova=after,
                diferenca_parcela=before - after,
                economia_total=(before - after) * term - p.valor_extra,
            )
        months = nper(first.taxa_mensal, before, rest)
        return DividasResultado(
            operacao=op,
            parcela_atual=before,
            meses_fracionados=months,
            pagamentos=int(months.to_integral_value(rounding="ROUND_CEILING")),
        )
    raise MissingParameterError(f"operação sem cálculo: {op}", missing="operacao")


def _compare_credit(p: DividasParams) -> DividasResultado:
    """The same amount and term on each credit line offered (PRICE): instalment, interest."""
    options = [d for d in p.dividas if d.taxa_mensal is not None]
    amount = next((d.saldo for d in p.dividas if d.saldo is not None), None)
    term = p.meses or next((d.parcelas_restantes for d in p.dividas if d.parcelas_restantes), None)
    need(valor=amount, prazo=term, taxas=options[1:] or None)
    assert amount is not None and term is not None
    rows = []
    for d in options:
        assert d.taxa_mensal is not None
        if p.pagamento_unico:  # "pagar tudo no fim": compound interest, one payment
            due = grow(amount, d.taxa_mensal, term).final_balance
            rows.append(
                OpcaoCredito(
                    rotulo=d.tipo,
                    taxa_mensal=d.taxa_mensal,
                    parcela=due,
                    juros=due - amount,
                    total=due,
                )
            )
            continue
        pmt = price_instalment(amount, d.taxa_mensal, term)
        rows.append(
            OpcaoCredito(
                rotulo=d.tipo,
                taxa_mensal=d.taxa_mensal,
                parcela=pmt,
                juros=pmt * term - amount,
                total=pmt * term,
            )
        )
    rows.sort(key=lambda r: r.parcela)
    cheapest, dearest = rows[0], rows[-1]
    return DividasResultado(
        operacao="comparar",
        opcoes=tuple(rows),
        diferenca_parcela=dearest.parcela - cheapest.parcela,
        economia_total=dearest.total - cheapest.total,
    )


__all__ = ["debts"]
