"""Debt parameters from a pt-BR question: each debt's balance, rate and instalments left, the
extra money (13º), the offer (consignado, portabilidade), and what the user wants computed.
"""

from __future__ import annotations

import re
from decimal import Decimal

from switchboard.apps.finance.finmath.fmt import brl as brl_text
from switchboard.apps.finance.finmath.fmt import pct
from switchboard.apps.finance.missions.catalogue.params import (
    Divida,
    DividasParams,
)
from switchboard.apps.finance.missions.catalogue.quantities import (
    Quantities,
)
from switchboard.apps.finance.missions.catalogue.reading import (
    MONTHLY_BELOW,
    PER_MONTH,
    REVOLVING_MONTHLY_BELOW,
    Found,
    has,
    money_near,
    monthly_rate,
    months_of,
    near_after,
    near_before,
    pick,
)
from switchboard.apps.finance.nlu.payoff import asks_payoff_time

D = Decimal

# ---------------------------------------------------------------- dívidas

_DEBT_WORDS = re.compile(
    r"\b(?P<w>rotativo(?: do cartao)?|cartao(?: de credito| parcelado)?|cheque especial"
    r"|emprestimo(?: pessoal)?|consignado|financiamento|portabilidade"
    r"|parcelamento(?: da fatura)?|parcelar (?:a fatura|o saldo|a divida|o rotativo|tudo)"
    # the debt told as an act: "peguei 10 mil emprestado", "financiei 20 mil"
    r"|emprestad[oa]|financiei)\b"
)
_PORTABILITY = (
    r"\bportabilidade\b|\bportar\b|\boutro banco\b|\boutra (?:instituicao|financeira)\b"
    r"|\bum banco (?:me )?(?:oferec\w*|faz|cobra)\b|\bo banco (?:me )?oferec\w*"
    r"|\bme (?:ofereceu|ofereceram|oferece)\b"
    r"|\b(?:levar|trazer|transferir|passar|mudar) (?:a |o |minha |meu |essa |esse )?"
    r"(?:divida|emprestimo|saldo|consignado|financiamento|credito)\b"
    r"|\bpropost\w*\b|\bofert\w*\b|\b(?:taxa|juros) (?:nova|novos?|menor(?:es)?)\b"
    r"|\b(?:nova|novos?) (?:taxa|juros)\b|\b(?:trocar|mudar) de banco\b|\brefinanci\w*"
)
"""Moving a debt to another lender at a lower rate, with or without the word "portabilidade"."""
_PAYS = r"\b(?:pag(?:ar|ando|o|aria|asse)|quit(?:ar|ando)|abat(?:er|endo))\b"
_CAN_PAY = r"\b(?:consigo|posso|da pra|dou conta de|vou|quero) pagar\b[^.;?\d]{0,14}$"
_TIME_ASKED = (
    r"\b(?:quanto|qnto|qto|qnt) tempo\b|\b(?:quant|qnt|qt)\w* (?:anos|meses)\b"
    r"|\b(?:quando|qnd|qdo) (?:eu )?(?:quito|termino|acabo|zero|me livro)\b"
)
"""A payment the user can afford, said without "por mês" ("a parcela que eu consigo pagar é
730"), is a monthly payment when the time to pay off is asked ("so consigo pagar 800" of a
bill, asked what the next bill will be, is a partial payment)."""
_OFFER_BEFORE = (
    r"\b(?:outro banco|nova|novo|faz|fazem|oferec\w*|cobra|por|pra|para|propost\w*|ofert\w*)"
    r"\b[^.;\d]{0,16}$"
)
"""The words before an offered rate ("me ofereceram 2,5%", "outro banco faz 1,6%")."""
_INSTALMENT_PAID = (
    r"\b\d+ ?(?:parcelas|prestacoes|x|vezes) (?:restantes |faltando |que faltam )?de (?:r\$ ?)?$"
    r"|\b(?:parcela|prestacao) (?:atual |de hoje |hoje |mensal )?(?:de|e|eh|ta|esta|fica|sai)"
    r" (?:em )?(?:r\$ ?)?$"
    r"|\bpago (?:uma )?(?:parcelas? |prestac\w+ )?(?:de )?(?:r\$ ?)?$"
)
"""The instalment the user pays today ("24 parcelas de 750 faltando", "pago 900 por mês")."""
_CREDIT_LINE = re.compile(
    r"\b(?P<w>consignado|emprestimo consignado|credito consignado|emprestimo pessoal"
    r"|credito pessoal|emprestimo|cdc|credito direto ao consumidor|cheque especial"
    r"|rotativo|cartao(?: de credito)?|financiamento)\b"
)
_CREDIT_TYPE = {
    "consignado": "consignado", "emprestimo consignado": "consignado",
    "credito consignado": "consignado", "emprestimo pessoal": "emprestimo",
    "credito pessoal": "emprestimo", "emprestimo": "emprestimo", "cdc": "cdc",
    "credito direto ao consumidor": "cdc", "cheque especial": "cheque_especial",
    "rotativo": "rotativo", "cartao": "cartao", "cartao de credito": "cartao",
    "financiamento": "financiamento",
}  # fmt: skip
_OWED = (
    r"\bdevo\b|\bdevendo\b|\bsaldo\b|\bfaltam\b|\bfaltando\b|\brestantes?\b|\bquit\w*"
    r"|\btrocar\b|\btroco\b|\bja tenho\b|\bestou no\b|\bto no\b|\bentrei no\b"
    r"|\bpago (?:uma |as |a )?(?:parcelas?|prestac\w+)\b"
)
"""A debt the user already has: a switch or a portability, not two offers compared."""
_COMPARE = (
    r"\bou\b|\bvs\.?\b|\bversus\b|\bx\b|\bcompar\w*|\bdiferenca\b|\ba mais\b|\bmelhor\b"
    r"|\bcontra\b|\bdos dois\b|\bdas duas\b|\bcada (?:um|uma|opcao|linha)\b|\bcompensa\b"
)


def _credit_offers(q: Quantities) -> list[Divida] | None:
    """Credit lines offered for the same new loan ("10 mil: consignado a 1,8% ou empréstimo
    pessoal a 4,5%, em 24 meses"), each with its own rate; None when the question is not such a
    comparison (a debt owed, fewer than two rated lines, no comparison word)."""
    t = q.text
    if has(t, _OWED) or has(t, _EXTRA) or not has(t, _COMPARE):
        return None
    lines = list(_CREDIT_LINE.finditer(t))
    found: dict[str, Divida] = {}
    for r in q.rates:
        if r.period != "cdi":
            name = next((w for w in reversed(lines) if w.end() <= r.start), None)
            if name is None or r.start - name.end() > 45:
                return None
            tipo = _CREDIT_TYPE[name["w"]]
            if tipo in found:
                continue
            found[tipo] = Divida(
                tipo=tipo,  # type: ignore[arg-type]  # a TipoDivida value from _CREDIT_TYPE
                taxa_mensal=monthly_rate(r, Found(), "Taxa"),
            )
    if len(found) < 2:
        return None
    amount = next((m.value for m in q.money), None)
    term = next((d.months for d in q.durations if d.unit in ("parcelas", "meses", "anos")), None)
    return [
        d.model_copy(update={"saldo": amount, "parcelas_restantes": term}) for d in found.values()
    ]


_DEBT_TYPE = {
    "rotativo": "rotativo",
    "cartao": "cartao",
    "cheque especial": "cheque_especial",
    "emprestimo": "emprestimo",
    "consignado": "consignado",
    "financiamento": "financiamento",
}
_EXTRA = (
    r"\b(?:13(?:o|º|°|ª)?(?!\s*[,.]\d|\s*%)|decimo terceiro|bonus|plr|ferias|restituicao|extra)"
    r"(?!\w)"
)


_INSTALMENT_OF = r"\b(?:parcelas?|prestac(?:ao|oes)) (?:fixas? )?(?:de )?(?:r\$ ?)?$"
"""An instalment's amount said after its word ("quantas parcelas de 550 faltam")."""

_SAVED_AFTER = (
    r"^ ?(?:guardad\w* )?(?:na|no|em|de) (?:poupanca|reserva|cdb|aplicac\w*|investiment\w*"
    r"|conta)\b"
)
_KEEP_OR_PAY = (
    r"\b(?:perco|perde\w*|custa\w*|pago|pagando)\b.*\bmant(?:er|endo)\b"
    r"|\bmant(?:er|endo)\b.*\bem vez de (?:quitar|pagar)\b"
)
"""Keeping a debt while savings sit still: the monthly cost of not paying it off."""

_LUMP_SUM = (
    r"\b(?:pagar|quitar|devolver) tudo (?:de uma vez )?no (?:fim|final)\b"
    r"|\bde uma vez (?:so )?no (?:fim|final)\b|\bpagamento unico\b"
)
"""Everything paid at the end of the term: compound interest, no instalments."""

_PARTIAL_PAYMENT = (
    r"\b(?:pag(?:ar|o|uei|aria|ando|ar so|o so)|quitar|cobrir)\s+(?:so\s+|apenas\s+|somente\s+)?"
    r"(?:r\$\s*)?$"
)
_REST = r"\bo (?:resto|restante)\b|\bo que (?:faltar|sobrar)\b|\bsaldo restante\b"


def _rest_of_the_bill(q: Quantities, debts: tuple[Divida, ...]) -> tuple[Divida, ...]:
    """'fatura de 2.800, só consigo pagar 800, o resto vai pro rotativo': the revolving balance
    is what is left of the bill after the partial payment, not the whole bill."""
    if len(debts) != 1 or debts[0].saldo is None or not has(q.text, _REST):
        return debts
    owed = debts[0].saldo
    paid = [m for m in money_near(q, before=_PARTIAL_PAYMENT) if m.value < owed]
    if not paid:
        return debts
    return (debts[0].model_copy(update={"saldo": owed - paid[0].value}),)


def _balance_from_instalment(debts: tuple[Divida, ...], found: Found) -> tuple[Divida, ...]:
    """'pago 1.200 de parcela a 3% ao mês, faltam 24': the balance still owed is what the
    remaining instalments repay at the debt's rate (their present value), stated as such."""
    if not debts:
        return debts
    first = debts[0]
    if (
        first.saldo is not None
        or first.parcela is None
        or first.taxa_mensal is None
        or first.parcelas_restantes is None
    ):
        return debts
    rate, n = first.taxa_mensal, first.parcelas_restantes
    balance = (
        first.parcela * n if rate == 0 else first.parcela * (1 - (1 + rate) ** -n) / rate
    ).quantize(D("0.01"))
    found.assumptions.append(
        f"Saldo devedor estimado em {brl_text(balance)}: o que as {n} parcelas de "
        f"{brl_text(first.parcela)} que faltam quitam a {pct(rate * 100)} ao mês (o valor "
        "exato está no extrato do contrato)."
    )
    return (first.model_copy(update={"saldo": balance}), *debts[1:])


_OWED_AFTER = (
    r"^ ?(?:reais |conto )?(?:no|na|em|de|do|da) (?:rotativo|cheque especial|cartao|emprestimo"
    r"|divida|financiamento|consignado|fatura)\b"
)
"""An amount right before a debt's name ("2.800 no rotativo") is that debt's balance."""


_EXTRA_BEFORE = (
    r"\b(?:usar|receber|recebo|recebi|ganhei|vou receber|tenho|com)\b[^.;]{0,8}$"
    # "13º de 3.500", "o 13 é 3.500", "meu 13 vai ser de 3.500"
    r"|\b(?:13(?:o|º|°|ª)?|decimo terceiro|plr|bonus)(?: salario)?[,:]?"
    r"(?: (?:e|eh|vai ser|sera|deu|foi|vem|cai|fica|ficou))? (?:de )?(?:uns )?(?:r\$ ?)?$"
    # "se eu amortizar 15 mil": the extra payment said by its verb, whatever its source
    r"|\b(?:amortizar|amortizo|amortizando|abater|abato|antecipar|adiantar)\b(?: mais)?"
    r"(?: uns| r\$)? ?$"
)


_SHORTER_TERM = (
    r"\b(?:reduzir|diminuir|encurtar|reduzo|diminuo|encurto|reduzindo|diminuindo|encurtando)"
    r" (?:o )?prazo\b"
    r"|\b(?:manter|mantendo|mantenho|mantiver|manter o valor d|mesma) (?:a )?(?:parcela|prestacao)"
    r"|\b(?:quant[oa]s|qnts|qts) (?:meses|parcelas|prestacoes) a menos\b"
    r"|\b(?:em )?quanto (?:tempo )?(?:encurta|diminui|reduz|cai) o prazo\b"
)
"""The extra payment shortens the term (the instalment kept): "mantendo a parcela", "quantos
meses a menos"; otherwise the term is kept and the instalment falls."""


def debts_params(q: Quantities, found: Found) -> DividasParams:
    t = q.text
    lines = _credit_offers(q)
    if lines is not None:
        for r in q.rates:
            if r.period != "cdi":
                monthly_rate(r, found, "Taxa")  # the conversions, stated
        params = DividasParams(
            operacao="comparar", dividas=tuple(lines), pagamento_unico=has(t, _LUMP_SUM)
        )
        if lines[0].saldo is None:
            found.missing.append("o valor do empréstimo")
        if lines[0].parcelas_restantes is None:
            found.missing.append("o prazo (quantas parcelas)")
        return params
    words = list(_DEBT_WORDS.finditer(t))
    owed_here = {
        m.start for m in q.money if near_after(q, m.end, _OWED_AFTER)
    }  # "to com 2.800 no rotativo": the balance, not the extra money ("com")
    extra_money = (
        pick(
            [
                m
                for m in money_near(
                    q,
                    before=_EXTRA_BEFORE,
                    after=r"^ ?(?:do|de) (?:13|decimo)",
                )
                if m.start not in owed_here
            ]
            or money_near(q, after=r"^[^.;]{0,12}" + _EXTRA)
            # "os 10 mil que sobraram", "5 mil parados": money at hand to pay down with
            or money_near(q, after=r"^ ?(?:reais )?(?:que )?(?:sobr\w*|de sobra|parad[oa]s?)\b")
            # "se eu pagar 3 mil agora com o 13º"
            or money_near(
                q,
                after=r"^ ?(?:reais )?(?:agora |hoje |ja )?(?:com|do|da|usando) "
                r"(?:o |a |meu |minha )?" + _EXTRA,
            ),
            set(),
        )
        if has(t, _EXTRA + r"|\bamortiz\w*|\babat(?:er|o)\b")
        else None
    )
    payment = pick(
        money_near(q, before=r"\bpagando\b[^.;]{0,6}$", after=r"^ ?(?:reais )?por mes")
        or [
            m
            for m in q.money
            if near_before(q, m.start, _PAYS + r"[^.;?\d]{0,14}$", 40)
            and (
                near_after(q, m.end, PER_MONTH)
                or (near_before(q, m.start, _CAN_PAY, 40) and has(t, _TIME_ASKED))
            )
        ],
        set(),
    )  # "se eu pagar 480 todo mes", "a parcela que eu consigo pagar é 730"
    if payment is None and has(t, _TIME_ASKED):
        # "paguei 500 do cartão, em quanto tempo eu quito?": the payment just made, kept
        payment = pick(money_near(q, before=r"\b(?:paguei|pagamos)\s+(?:r\$\s*)?$"), set())
        if payment is not None:
            found.assumptions.append(
                f"Considerei que você vai continuar pagando {brl_text(payment.value)} por mês, "
                "como o pagamento de agora."
            )
    if payment is None and asks_payoff_time(t) and not has(t, _PORTABILITY):
        # "fiz um empréstimo de 15 mil a 3% am, parcela de 700, quando fico livre?": the
        # instalment paid every month is the payoff plan
        payment = pick(
            money_near(q, before=r"\b(?:parcela|prestacao) (?:mensal )?(?:de|e|eh) (?:r\$ ?)?$"),
            set(),
        )
    moving = has(t, _PORTABILITY)
    paying = pick(money_near(q, before=_INSTALMENT_PAID), set()) if moving else None
    if paying is not None and payment is not None and paying.start == payment.start:
        payment = None  # "pago 900 por mês" in a portability: the instalment, not a payoff plan
    skip = {m.start for m in (extra_money, payment, paying) if m is not None}
    skip |= {m.start for m in q.money if re.fullmatch(r"13(?:o|º|°|ª)?", t[m.start : m.end])}
    skip |= {
        m.start
        for m in q.money
        if near_before(
            q, m.start, r"\b(?:paguei|pagamos|quitei|amortizei|abati)\s+(?:r\$\s*)?$", 20
        )
    }  # "paguei 500 do cartão, faltam 3 mil": what was paid is not the balance
    minimum = next(
        (r for r in q.rates if near_before(q, r.start, r"\bminimo (?:de |da fatura de )?$", 20)),
        None,
    )  # "pagar só o mínimo de 15%": what is left goes to the rotativo
    # a debt's segment starts at its amount when the amount comes first ("2.800 no rotativo")
    starts: list[int] = []
    for word in words:
        lead = next(
            (
                m
                for m in q.money
                if m.start not in skip
                and m.end <= word.start()
                and re.fullmatch(r"\s*(?:reais\s+)?(?:no|na|do|da|de|em|com|pro|pra)?\s*",
                                 t[m.end : word.start()])
            ),
            None,
        )  # fmt: skip
        starts.append(lead.start if lead is not None else word.start())
    items: list[dict[str, object]] = []
    new_rate: Decimal | None = None
    new_kind: str | None = None
    new_terms: int | None = None
    offer = r"\b(?:pego|pegar|pegando|fazer|faco|fizer|contratar|trocar por|troco por|oferec\w*)\b"
    for index, word in enumerate(words):
        kind = word["w"].split(" do ")[0]
        kind = "cartao" if kind.startswith("cartao") else kind
        kind = "emprestimo" if kind.startswith(("emprestimo", "emprestad")) else kind
        kind = "financiamento" if kind == "financiei" else kind
        kind = "parcelamento" if kind.startswith("parcela") else kind
        start = 0 if index == 0 and starts[0] == word.start() else starts[index]
        end = starts[index + 1] if index + 1 < len(words) else len(t)
        money = [m for m in q.money if start <= m.start < end and m.start not in skip]
        rates = [
            r
            for r in q.rates
            if start <= r.start < end
            and r.period != "cdi"
            and r is not minimum
            and not (moving and near_before(q, r.start, _OFFER_BEFORE, 30))
        ]  # an offered rate ("o banco x me ofereceu 1,4%") is not the debt's own
        terms = [
            d for d in q.durations if start <= d.start < end and d.unit in ("parcelas", "meses")
        ]
        offered = kind in ("consignado", "emprestimo") and near_before(
            q, word.start(), offer + r"[^.;?]{0,12}$", 30
        )
        reads_new = (
            kind in ("portabilidade", "consignado", "parcelamento") and not money and items
        ) or offered
        if reads_new and rates:
            new_rate = monthly_rate(rates[0], found, "Taxa nova")
            new_kind = kind if kind in ("consignado", "emprestimo", "parcelamento") else None
            if terms:
                new_terms = terms[0].months
            continue
        if kind == "portabilidade" or (new_kind is not None and kind == new_kind):
            continue
        tipo = _DEBT_TYPE.get(kind, "outra")
        same = next((i for i in items if i["tipo"] == tipo), None)
        item: dict[str, object] = (
            same if same is not None else {"tipo": tipo, "saldo": None, "taxa": None}
        )
        if item["saldo"] is None and money:
            item["saldo"] = money[0].value
            if minimum is not None and tipo in ("rotativo", "cartao"):
                paid = (money[0].value * minimum.fraction).quantize(D("0.01"))
                item["saldo"] = money[0].value - paid
                found.assumptions.append(
                    f"Pagando o mínimo de {pct(minimum.percent, places=0)} da fatura "
                    f"({brl_text(paid)}), ficam {brl_text(money[0].value - paid)} no rotativo."
                )
        if item["taxa"] is None and rates:
            item["taxa"] = monthly_rate(
                rates[0],
                found,
                "Taxa da dívida",
                REVOLVING_MONTHLY_BELOW
                if tipo in ("rotativo", "cartao", "cheque_especial")
                else MONTHLY_BELOW,
            )
        if tipo in ("rotativo", "cheque_especial"):
            # "o resto rola 1 mês": a horizon for a revolving balance, not instalments
            terms = [d for d in terms if d.unit == "parcelas"]
        if item.get("parcelas") is None:
            item["parcelas"] = terms[0].months if terms else None
        if same is None:
            items.append(item)
    if any(i["saldo"] is not None for i in items):
        # "cartão tem R$ 6 mil no rotativo": the card word named the rotativo, not a second debt
        items = [i for i in items if i["saldo"] is not None or i["taxa"] is not None]
    card = [i for i in items if i["tipo"] in ("cartao", "rotativo")]
    if len(items) == 2 and len(card) == 2:
        # "devendo 7 mil no cartão, rotativo de 12% a.m.": one card debt, said in two pieces
        owed = next((i for i in card if i["saldo"] is not None and i["taxa"] is None), None)
        rated = next((i for i in card if i["saldo"] is None and i["taxa"] is not None), None)
        if owed is not None and rated is not None:
            items = [{**rated, "saldo": owed["saldo"], "tipo": "rotativo"}]
    if new_terms is not None and items and not items[0].get("parcelas"):
        items[0]["parcelas"] = new_terms
    if not items and q.money:
        rates = [
            r
            for r in q.rates
            if r.period != "cdi"
            and r is not minimum
            and not (moving and near_before(q, r.start, _OFFER_BEFORE, 30))
        ]
        plain = [m for m in q.money if m.start not in skip]
        items.append(
            {
                "tipo": "outra",
                "saldo": plain[0].value if plain else None,
                "taxa": monthly_rate(rates[0], found, "Taxa da dívida") if rates else None,
                "parcelas": months_of([d for d in q.durations if d.unit != "dias"]),
            }
        )
    if paying is not None and items:
        items[0]["parcela"] = paying.value
    if new_rate is None and moving and items:
        # "... 2,05% ao mes; outro banco faz 1,6%": the second rate is the offer
        own = items[0].get("taxa")
        offers = [
            r for r in q.rates if r.period != "cdi" and near_before(q, r.start, _OFFER_BEFORE, 30)
        ]
        offered_rate = next((r for r in offers if own is None or r.fraction != own), None)
        others = [r for r in q.rates if r.period != "cdi" and r is not minimum]
        if offered_rate is None and own is not None and len(others) == 2:
            # "... a 2,8% a.m.; se eu refinanciar a 2,1%": the debt's rate and one other, the offer
            offered_rate = next((r for r in others if monthly_rate(r, Found(), "") != own), None)
        if offered_rate is not None:
            new_rate = monthly_rate(offered_rate, found, "Taxa nova")
            # the line named just before the offered rate ("ofereceu consignado a 1,6% em 12x")
            # and the term said after it are the new credit's
            before = [w for w in words if w.end() <= offered_rate.start]
            if before and before[-1]["w"] in ("consignado", "emprestimo", "parcelamento"):
                new_kind = before[-1]["w"]
            term = next(
                (
                    d.months
                    for d in q.durations
                    if d.start >= offered_rate.end and d.unit in ("parcelas", "meses")
                ),
                None,
            )
            if term is not None and not items[0].get("parcelas"):
                items[0]["parcelas"] = term
    debts = tuple(
        Divida(
            tipo=i["tipo"],  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
            saldo=i["saldo"],  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
            taxa_mensal=i["taxa"],  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
            parcelas_restantes=i["parcelas"],  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
            parcela=i.get("parcela"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        )
        for i in items
    )
    debts = _rest_of_the_bill(q, debts)
    debts = _balance_from_instalment(debts, found)
    horizon = next(
        (
            d.months
            for d in q.durations
            if near_after(q, d.end, r"^ ?(?:sem pagar|rolando)")
            or near_before(
                q,
                d.start,
                r"\b(?:rola|rolar|rolando|deixar|ficar|por|durante|em|daqui(?: a)?)\b ?$",
                12,
            )
        ),
        None,
    )
    if horizon is None and has(
        t, r"\b(?:no )?mes que vem\b|\bproximo mes\b|\bdaqui a? ?um mes\b|\bproxima fatura\b"
    ):
        horizon = 1
    extra_said = has(t, _EXTRA)
    savings = next(iter(money_near(q, after=_SAVED_AFTER)), None)
    savings_rate = next(
        (
            r
            for r in q.rates
            if near_before(q, r.start, r"\b(?:rend\w*|invest\w*|aplic\w*)\s*(?:a\s*)?$", 20)
        ),
        None,
    )
    projection = has(
        t,
        r"\bsem pagar\b|\brolando\b|\bvira quanto\b|\bquanto vira\b|\bvai virar\b"
        r"|\bquanto vai (?:estar|ficar|ser)\b|\bnao pagar\b|\bnao cobrir\b"
        r"|\bquanto (?:vou )?dev(?:o|er|erei)\b",
    )
    if projection and horizon is not None and len(debts) == 1 and extra_money is None:
        extra_said = False  # "vira quanto em 6 meses? compensa quitar com o 13º?": project first
    if moving and (new_rate is not None or has(t, r"\bportabilidade\b")) and new_kind is None:
        op = "portabilidade"
    elif new_rate is not None:
        op = "trocar"
    elif extra_said and (
        len(debts) >= 2
        or (debts and debts[0].tipo in ("rotativo", "cartao", "cheque_especial", "outra")
            and debts[0].parcelas_restantes is None)
    ):  # fmt: skip
        op = "avalanche"
    elif extra_said or has(t, r"\bamortiz\w*"):
        op = "amortizar"
    elif payment is not None:
        op = "prazo_quitacao"
    elif len(debts) == 1 and savings is not None and has(t, _KEEP_OR_PAY):
        op = "manter_ou_quitar"
    elif len(debts) == 1 and has(t, r"\bjuros (?:por|ao|todo|no|de um) mes\b|\bpor mes de juros\b"):
        op, horizon = "projetar", 1
    elif has(
        t,
        r"\bsem pagar\b|\brolando\b|\bvira quanto\b|\bquanto vira\b|\bvai virar\b"
        r"|\bquanto vai (?:estar|ficar|ser)\b|\bnao pagar\b|\bnao cobrir\b"
        r"|\bquanto (?:vou )?dev(?:o|er|erei)(?: daqui| no mes que vem| no proximo mes)\b",
    ) or (horizon is not None and len(debts) == 1):
        op = "projetar"
    else:
        op = "orientar"
    params = DividasParams(
        operacao=op,  # type: ignore[arg-type]  # one of the Literal values assigned above
        dividas=debts,
        meses=horizon if op == "projetar" or (op == "avalanche" and projection) else None,
        pagamento_mensal=payment.value if payment else None,
        valor_extra=extra_money.value if extra_money else None,
        origem_extra="13° salário" if has(t, r"\b13|\bdecimo terceiro\b") else None,
        nova_taxa_mensal=new_rate,
        novo_tipo=new_kind,  # type: ignore[arg-type]  # "consignado" or None, a valid Literal
        reserva=savings.value if savings else None,
        rendimento_reserva_mensal=(
            monthly_rate(savings_rate, found, "Rendimento") if savings_rate else None
        ),
        pagamento_unico=has(t, _LUMP_SUM),
        manter_prazo=not has(t, _SHORTER_TERM),
    )
    first = debts[0] if debts else None
    extra_skip = {m.start for m in (extra_money, payment) if m is not None}
    if first is None or first.saldo is None:
        found.missing.append("quanto você deve (o saldo devedor)")
    if first is None or (first.taxa_mensal is None and first.parcela is None):
        found.missing.append("a taxa de juros da dívida (ao mês)")
    if op == "portabilidade" and params.nova_taxa_mensal is None:
        found.missing.append("a taxa que o outro banco oferece (ao mês)")
    if (
        op == "amortizar"
        and first is not None
        and first.parcelas_restantes is None
        and first.parcela is None
        and (said := pick(money_near(q, before=_INSTALMENT_OF), set(extra_skip))) is not None
    ):
        # "quantas parcelas de 550 faltam?": the instalment kept, the count asked
        first = first.model_copy(update={"parcela": said.value})
        params = params.model_copy(update={"dividas": (first, *params.dividas[1:])})
    if (
        op == "amortizar"
        and (first is None or first.parcelas_restantes is None)
        and (first is None or first.parcela is None)
    ):
        found.missing.append("quantas parcelas faltam")
    if op in ("amortizar", "avalanche") and params.valor_extra is None:
        found.missing.append("o valor do 13º (ou do dinheiro extra)")
    if op == "projetar" and params.meses is None:
        found.missing.append("por quantos meses")
    if op in ("trocar", "portabilidade") and first is not None and first.parcelas_restantes is None:
        found.missing.append("o prazo (quantas parcelas)")
    named = {_CREDIT_TYPE[w["w"]] for w in _CREDIT_LINE.finditer(t)}
    if op == "orientar" and len(named) >= 2 and has(t, _COMPARE) and not has(t, _OWED):
        # "consignado ou cartão parcelado, qual é melhor?": two credit lines, no numbers
        found.missing[:] = ["o valor, o prazo e a taxa ao mês de cada opção"]
    elif op == "orientar":
        found.missing.append(
            "o que você quer saber: quanto a dívida vira, em quanto tempo quita, "
            "ou se vale trocar por um crédito mais barato"
        )
    return params
