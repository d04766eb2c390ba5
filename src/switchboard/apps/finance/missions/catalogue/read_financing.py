"""Financing (PRICE/SAC) and buy-vs-rent parameters from a pt-BR question: price, down
payment, amount financed, rate, term, the instalment the user pays, the rent.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Literal

from switchboard.apps.finance.finmath.fmt import brl, pct
from switchboard.apps.finance.missions.catalogue.params import (
    ComprarAlugarParams,
    FinanciamentoParams,
)
from switchboard.apps.finance.missions.catalogue.quantities import (
    Money,
    Quantities,
    Rate,
)
from switchboard.apps.finance.missions.catalogue.reading import (
    PAID_INSTALMENTS,
    Found,
    has,
    money_near,
    monthly_rate,
    months_of,
    near_after,
    near_before,
    objeto_of,
    pick,
    rates_near,
)

D = Decimal

# ---------------------------------------------------------------- financiamento

_DOWN_BEFORE = (
    r"entrada (?:(?:e|eh|foi|seria|sera|vai ser|fica) )?(?:de )?(?:r\$ ?)?$"
    r"|\bcom entrada de (?:r\$ ?)?$"
    r"|\b(?:dando|dou|dar|daria|darei|entrar com|entro com|entrando com|entraria com)"
    r" (?:uns |umas |mais |tipo )?(?:r\$ ?)?$"
)
"""The down payment said before its amount: "entrada de 20 mil", "dando 15 mil", "vou entrar
com 60 mil", "dou 10 mil"."""
_OBJECT_WORDS = (
    r"\b(?:apartamento|apto|ape|ap|imovel|casa|terreno|carro|moto|motocicleta|veiculo|bem|kitnet"
    r"|notebook|celular|iphone|geladeira|tv|televisao|caminhonete|suv|lote|sala|casinha|carrinho"
    r"|pickup|picape|caminhao|van|scooter|motinha|seminovo)\b"
    r"(?: ?0 ?km| zero(?: km| quilometro)?)?"
)
"""The asset financed; "carro 0km de 120 mil": the "0km" belongs to the word, not a number."""
_DOWN_AFTER = (
    r"^ ?(?:de|como|na|da|pra|para a|pra a) entrada\b|^ ?(?:reais )?de entrada"
    r"|^[^.,;\d]{0,8}\b(?:na troca|de troca|como parte do pagamento)\b"
)
_TRADE_OLD = (
    r"\btroc\w* (?:o |a |meu |minha |o meu |a minha )?"
    + _OBJECT_WORDS
    + r"[^.,;\d]{0,14}(?:(?:de|que vale|avaliad[oa] em) )?(?:r\$ ?)?$"
)
"""The user's own asset given in a trade ("trocar meu carro de 45 mil por um de 80 mil"): its
value is the down payment."""
_TRADE_NEW = (
    r"\btroc\w*\b[^.;]{0,45}\b(?:por (?:um |uma |outr[oa] |o |a )?|(?:num|numa|em um|em uma"
    r"|de um|de uma) )"
    r"(?:"
    + _OBJECT_WORDS
    + r")?[^.,;\d]{0,14}(?:(?:de|novo de|nova de|que custa|que sai por) )?(?:r\$ ?)?$"
)
"""What the user trades it for: the price of the new asset."""
_TRADE_OLD_SAID = (
    r"\b(?:o meu|a minha|meu|minha|o atual|a atual|o usado|a usada|o velho|a velha)\b[^.,;\d]{0,22}"
    r"\b(?:vale|valendo|avaliad[oa] em|sai por|de)\s*(?:uns |umas |tipo |cerca de )?(?:r\$ ?)?$"
)
_TRADE_NEW_SAID = (
    r"\b(?:o novo|a nova|o outro|a outra|o que eu quero|a que eu quero)\b[^.,;\d]{0,12}"
    r"\b(?:custa|custando|vale|sai por|sai a|de|e de)\s*(?:r\$ ?)?$"
)
"""The same trade said of both assets in turn ("quero trocar de carro: o meu vale 40 mil e o
novo custa 90 mil"), read only when the message speaks of a trade."""
_INCOME_BEFORE = r"\b(?:renda|salario|ganho|ganhando|recebo|recebendo)\b[^.,;]{0,15}$"
_MARGIN = r"\bmargem\b[^.;,\d]{0,30}(?:r\$ ?)?$"
"""The consignado margin ("a margem do consignado é 35%", "margem consignável de R$ 600")."""
_OF_INCOME = r"^ ?(?:da|de|do) (?:minha |meu |sua |seu )?(?:renda|salario)"
_MAX_LOAN = (
    r"\bmargem\b|\bparcela maxima\b|\bquanto (?:eu )?(?:consigo|posso|da pra|daria pra) "
    r"(?:pegar|financiar|emprestar|tomar|pedir|contratar|de consignado|de emprestimo|de credito"
    r"|de financiamento)\b|\bvalor maximo\b|\bo maximo que\b"
)
"""The most a loan can be: what a margin or an income limit allows."""
_PAYROLL = r"\bconsignado\b|\binss\b|\bmargem consignavel\b"
_INSTALMENT_BEFORE = (
    r"(?:\d+ ?(?:parcelas|prestacoes|x|vezes) de|\bparcelas? (?:do financiamento )?"
    r"(?:seria|sera|fica|ficaria|e|de|sai|vai ser) (?:de )?) ?(?:r\$ ?)?$"
)
"""The instalment the user pays ("48 parcelas de 1.200", "a parcela seria 3.200")."""


_PARTS = {"metade": D("0.5"), "um terco": D(1) / 3, "um quarto": D("0.25")}
_DOWN_PART = (
    r"\b(?:a )?(?P<part>metade|um terco|um quarto)(?: do valor| do preco)?"
    r" (?:de|como|na|da|pra) entrada\b|\bentrada (?:de|com|da) (?:a )?(?P<part2>metade)\b"
)
"""A down payment said as a fraction of the price ("dou metade de entrada")."""
_SHARE_MIN = D(20)
"""The smallest percentage read as a share financed; below it, a rate ("financiamento de
1,99%")."""


def _financed_share(q: Quantities) -> Rate | None:
    """A share of the price financed ("financiado 100%", "financiar 80% do valor"): a
    percentage right after a financing word with no period of its own ("ao mês"), or followed
    by "do valor financiado"; never the financing's rate."""
    return next(
        (
            r
            for r in q.rates
            if r.period != "cdi"
            and r.percent >= _SHARE_MIN  # "financiamento de 1,99%" is a rate, not a share
            and not near_after(q, r.end, r"^ ?(?:a\.? ?[ma]\.?|ao (?:mes|ano)|por (?:mes|ano))")
            and (
                near_before(q, r.start, r"\bfinanci\w*(?: em| de)? $", 16)
                or near_after(q, r.end, r"^ ?(?:do valor|do imovel|do bem) financiad\w*")
            )
        ),
        None,
    )


def _instalments(q: Quantities) -> list[Money]:
    """Amounts read as the instalment — only when no rate is given: with a rate, "a parcela de
    30 mil em 36x a 2,1%" names the amount financed."""
    if any(r.period != "cdi" for r in q.rates):
        return []
    return money_near(q, before=_INSTALMENT_BEFORE)


_GIVE_OLD = (
    r"\b(?:dou|dar|dando|daria|darei|entrego|entregar|entregando|passo|passar|uso|usar|usando)"
    r"\s+(?:o |a )?(?:meu|minha)\s+(?:"
    + _OBJECT_WORDS
    + r"|usad[oa]|velh[oa]|antig[oa])[^.,;\d]{0,14}"
    r"(?:(?:de|que vale|vale|valendo|avaliad[oa] em) )?(?:uns |umas )?(?:r\$ ?)?$"
)
"""The user's own asset given as part of the payment without the word "troca" ("dou meu usado
de 20k", "entrego minha moto que vale 8 mil")."""
_CASH_TOO = (
    r"^ ?(?:reais )?(?:em dinheiro|a vista|em especie|no pix|do bolso|em cash)\b",
    r"\b(?:mais|e mais|alem de|com mais) (?:uns |umas )?(?:r\$ ?)?$",
)
"""Cash given beside a traded asset ("meu usado de 20k mais 10k em dinheiro")."""


def _trade_in(q: Quantities, used: set[int]) -> tuple[Money | None, Money | None]:
    """(the user's asset given in the trade, the new asset's price): both when the message
    names both; the asset alone when it is given explicitly ("dou meu usado de 20k") and a
    larger price is said elsewhere (the caller reads it); else (None, None), so a lone "meu
    carro de 45 mil" stays whatever else it is."""
    forms = [(_TRADE_OLD, _TRADE_NEW)]
    if has(q.text, r"\btroc\w*"):
        forms += [
            (_TRADE_OLD_SAID, _TRADE_NEW_SAID),
            (_TRADE_OLD_SAID, _TRADE_NEW),
            (_TRADE_OLD, _TRADE_NEW_SAID),
        ]
    for old_form, new_form in forms:
        old = [m for m in money_near(q, before=old_form) if m.start not in used]
        new = [m for m in money_near(q, before=new_form) if m.start not in used]
        new = [m for m in new if not old or m.start != old[0].start]
        if old and new:
            used.update((old[0].start, new[0].start))
            return old[0], new[0]
    given = [m for m in money_near(q, before=_GIVE_OLD) if m.start not in used]
    if given and any(m.value > given[0].value for m in q.money):
        used.add(given[0].start)
        return given[0], None
    return None, None


def _cash_beside(q: Quantities, traded: Money, used: set[int]) -> list[Money]:
    """Cash the user adds to a traded asset, each amount once."""
    after, before = _CASH_TOO
    out = [
        m
        for m in money_near(q, before=before, after=after)
        if m.start not in used and m.start > traded.start and m.value < traded.value * 10
    ]
    used.update(m.start for m in out)
    return out


def _financing_core(q: Quantities, found: Found, used: set[int]) -> dict[str, object]:
    """What financing questions share: price, down payment, principal, rate, term."""
    objeto, _ = objeto_of(q)
    out: dict[str, object] = {}
    rent = r"\b(?:alug\w*|assin\w*)\b[^.;]{0,12}$"
    skip = {m.start for m in money_near(q, before=rent + "|" + _INCOME_BEFORE + "|" + _MARGIN)}
    traded, trade = _trade_in(q, used)
    down = money_near(q, before=_DOWN_BEFORE, after=_DOWN_AFTER)
    entrada = pick(down, used) if traded is None else traded
    if traded is not None:
        cash = _cash_beside(q, traded, used) or [m for m in [pick(down, used)] if m is not None]
        if cash:
            total = traded.value + sum((m.value for m in cash), D(0))
            entrada = Money(total, traded.start, traded.end)
            found.assumptions.append(
                f"Entrada de {brl(total)}: o que você dá na troca ({brl(traded.value)}) mais "
                f"{brl(total - traded.value)} em dinheiro, financiando a diferença."
            )
        else:
            found.assumptions.append(
                f"Considerei o que você dá na troca ({brl(traded.value)}) como entrada, "
                "financiando a diferença."
            )
    price = trade or pick(
        [
            m
            for m in money_near(
                q,
                before=_OBJECT_WORDS
                + r"[^.,;\d]{0,14}(?:(?:de|por|custa|custando|no valor de|vale|avaliad[oa] em) )?"
                r"(?:r\$ ?)?$",
            )
            if m.start not in skip
        ],
        used,
    )
    skip |= {m.start for m in _instalments(q)}
    pct_down = rates_near(q, before=r"\bentrada (?:de )?$", after=r"^ ?(?:de |da |como )?entrada")
    principal = None
    explicit = money_near(q, before=r"\bfinanci\w*(?: d[eo]s?| os| um| uma)?(?: r\$ ?)?$")
    principal = pick([m for m in explicit if m.start not in skip], used)
    if price is None and principal is None:
        first = pick([m for m in q.money if m.start not in skip], used)
        if first is not None and (
            (entrada is not None and entrada.value < first.value) or (entrada is None and pct_down)
        ):
            # "300 mil, entrada 60 mil" or "entrada de 30%": the price, not the financed amount
            price = first
        else:
            principal = first
    if entrada is None and has(q.text, r"\bsem entrada\b"):
        out["entrada"] = D(0)
    elif entrada is not None:
        value = entrada.value
        base = price.value if price is not None else None
        if base is not None and value < 1000 and value * 1000 < base:
            found.assumptions.append(
                f"Entendi a entrada de {value.normalize():f} como R$ {value.normalize():f} mil."
            )
            value *= 1000
        out["entrada"] = value
    else:
        part = re.search(_DOWN_PART, q.text)
        if pct_down and price is not None:
            out["entrada"] = (price.value * pct_down[0].fraction).quantize(D("0.01"))
            found.assumptions.append(
                f"Entrada de {pct(pct_down[0].percent, places=0)} do valor do bem."
            )
        elif part is not None and price is not None:
            said = part["part"] or part["part2"]
            out["entrada"] = (price.value * _PARTS[said]).quantize(D("0.01"))
            words = said.replace("terco", "terço")
            found.assumptions.append(f"Entrada de {words} do valor do bem.")
    share = _financed_share(q)
    if share is not None and price is not None and "entrada" not in out:
        # "financiado 100%", "financiar 80%": the share of the price financed, not a rate
        out["entrada"] = (price.value * (1 - share.fraction)).quantize(D("0.01"))
        found.assumptions.append(
            f"Financiamento de {pct(share.percent, places=0)} do valor do bem."
        )
    if price is not None:
        out["valor_bem"] = price.value
    if principal is not None:
        out["principal"] = principal.value
    if (
        price is not None
        and principal is not None
        and "entrada" not in out
        and principal.value < price.value
    ):
        out["entrada"] = price.value - principal.value
    rates = [
        r
        for r in q.rates
        if r.period != "cdi"
        and not near_after(q, r.end, r"^ ?(?:da|de) renda|^ ?(?:de |da |como )?entrada|^ ?do valor")
        and not near_before(
            q,
            r.start,
            r"\b(?:renda|rende\w*|rendimento|desvaloriz\w*)\b[^.,;]{0,15}$|\bentrada (?:de )?$",
            25,
        )
        and not near_before(q, r.start, _MARGIN, 40)
        and not near_after(q, r.end, r"^ ?(?:de )?desconto")
        and not near_before(q, r.start, r"\bdesconto (?:de )?$", 14)
        and not near_after(q, r.end, _OF_INCOME)
        and r != share
    ]
    if rates:
        out["taxa_mensal"] = monthly_rate(rates[0], found, "Taxa do financiamento")
    months = months_of(
        [
            d
            for d in q.durations
            if not near_after(q, d.end, r"^ ?de reserva") and d.start not in _paid_spans(q)
        ]
    )
    if months is not None:
        out["meses"] = months
    out["objeto"] = objeto
    return out


_PAID = re.compile(PAID_INSTALMENTS)


def _paid_spans(q: Quantities) -> dict[int, int]:
    """Start of each paid-instalments count in the text → the count."""
    out: dict[int, int] = {}
    for m in _PAID.finditer(q.text):
        group = next(g for g in range(1, (m.re.groups or 0) + 1) if m.group(g))
        out[m.start(group)] = int(m.group(group))
    return out


_PROPERTY = r"\b(?:apartamento|apto|ape|imovel|casa|terreno|kitnet|lote|sala comercial|casinha)\b"
_CONSUMER = (
    r"\b(?:carro|moto|motocicleta|veiculo|caminhonete|suv|pickup|picape|scooter|caminhao"
    r"|notebook|celular|iphone|geladeira|tv"
    r"|televisao|computador|sofa|emprestimo|consignado|cdc|credito pessoal|fatura|cartao"
    r"|parcelamento|0 ?km|zero km|seminovo)\b"
)


def _consumer_credit(q: Quantities) -> bool:
    """A vehicle, a consumer good or a personal/payroll loan: in Brazil these are financed with
    fixed instalments (PRICE); SAC is a property-financing system."""
    return has(q.text, _CONSUMER) and not has(q.text, _PROPERTY)


_EXTRA_BEFORE = (
    r"\b(?:amortizar|abater|amortizacao (?:extra )?de|adiantar|antecipar)\b(?: mais)?(?: r\$)? ?$"
)
_EXTRA_AFTER = (
    r"^ ?(?:reais )?(?:do|de|da|com o|com a) (?:meu |minha )?(?:13o?|decimo terceiro|bonus|plr"
    r"|fgts|ferias|restituicao|premio)\b"
    r"|^ ?(?:reais )?(?:pra|para) (?:amortizar|abater|adiantar)\b"
)


_BALANCE_NOW = (
    r"\A(?=.*\bsaldo (?:devedor )?(?:de |e |eh |atual (?:de |e )?)?(?:r\$ ?)?\d)"
    r"(?=.*\b(?:faltam|faltando|restam|restando|ainda tenho) \d+ (?:parcelas|prestacoes|meses)\b)"
)
"""A contract described as it stands today ("saldo de 80 mil, faltam 96 parcelas"): the
balance is the amount still financed and the instalments left are the term, so an extra
payment applies to it right now (no instalment counted as paid)."""


def _balance_now(q: Quantities) -> bool:
    return has(q.text, _BALANCE_NOW) and not _paid_spans(q)


def _extra_payment(q: Quantities) -> Money | None:
    """An extra payment on a contract already running ("usar 5 mil do 13º pra amortizar",
    "quero amortizar 3 mil", "abater 4.500 com o 13º"): only with instalments already paid,
    where the balance it cuts is known."""
    if not _paid_spans(q) and not _balance_now(q):
        return None
    return next(iter(money_near(q, before=_EXTRA_BEFORE, after=_EXTRA_AFTER)), None)


def financing_params(q: Quantities, found: Found) -> FinanciamentoParams:
    used: set[int] = set()
    extra = pick([m for m in [_extra_payment(q)] if m is not None], used)
    core = _financing_core(q, found, used)
    systems: tuple[Literal["price", "sac"], ...] = ("price", "sac")
    has_sac, has_price = has(q.text, r"\bsac\b"), has(q.text, r"\bprice\b")
    if has_sac and not has_price:
        systems = ("sac",)
    elif has_price and not has_sac:
        systems = ("price",)
    elif has(
        q.text, r"\b(?:parcelas|prestacoes) (?:iguais|fixas)\b|\b(?:rotativo|cheque especial)\b"
    ) or (not has_sac and has(q.text, r"\b(?:parcela|prestacao) fixa\b")):
        # "quitar em 6 parcelas iguais": equal instalments are the PRICE table; a card or
        # overdraft balance split in N is always PRICE (banks do not offer SAC there)
        systems = ("price",)
        found.assumptions.append("Parcelas iguais: tabela Price, com os juros da própria dívida.")
    elif not has_sac and _consumer_credit(q):
        systems = ("price",)
        found.assumptions.append(
            "Crédito de veículo, de consumo e empréstimos usam parcelas fixas (tabela Price)."
        )
    income = pick(money_near(q, before=_INCOME_BEFORE), used)
    limit = rates_near(q, after=_OF_INCOME, before=_MARGIN)
    margin = pick(money_near(q, before=_MARGIN), used)
    instalment = pick(_instalments(q), used)
    limit_pct = limit[0].percent if limit else None
    wants_max = has(q.text, _MAX_LOAN) and "principal" not in core and "valor_bem" not in core
    payroll = has(q.text, _PAYROLL)
    fits_asked = has(q.text, r"\bcabe\b|\bcaber\b|\bcomprometer\b|\baprova\w*|\bconsigo pagar\b")
    if fits_asked and not wants_max and limit_pct is None and income is not None:
        limit_pct = D(30)  # "ganho 8 mil ... cabe na renda?": the banks' usual limit
        found.assumptions.append(
            "Limite de 30% da renda para a parcela, o que os bancos costumam aceitar."
        )
    if wants_max and margin is None and limit_pct is None and income is not None:
        limit_pct = D(35) if payroll else D(30)
        found.assumptions.append(
            "Margem consignável de 35% da renda líquida para empréstimo (regra do consignado "
            "do INSS e do CLT; o cartão consignado tem margem separada)."
            if payroll
            else "Parcela máxima de 30% da renda, o limite que os bancos costumam aceitar."
        )
    params = FinanciamentoParams(
        valor_bem=core.get("valor_bem"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        entrada=core.get("entrada"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        principal=core.get("principal"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        taxa_mensal=core.get("taxa_mensal"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        meses=core.get("meses"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        sistemas=systems,
        parcela_numero=q.ordinal,
        parcelas_pagas=next(
            iter(_paid_spans(q).values()), 0 if extra is not None and _balance_now(q) else None
        ),
        amortizacao_extra=extra.value if extra else None,
        renda_mensal=income.value if income else None,
        limite_renda_pct=limit_pct,
        parcela_maxima=margin.value if margin else None,
        consignado=payroll,
        objeto=core.get("objeto"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        parcela_informada=instalment.value if instalment else None,
    )
    if params.financed() is None and wants_max and params.max_instalment() is None:
        found.missing.append("a sua renda líquida (ou a margem disponível, em reais)")
    elif params.financed() is None and not (wants_max and params.max_instalment() is not None):
        found.missing.append("o valor a financiar (ou o preço do bem e a entrada)")
    elif params.principal is None and params.entrada is None and params.valor_bem is not None:
        if params.taxa_mensal is not None and params.meses is not None:
            found.assumptions.append(
                "Considerei financiar o valor todo, sem entrada (você não disse a entrada)."
            )
        else:
            found.missing.append("a entrada")
    if params.taxa_mensal is None and params.parcela_informada is None:
        found.missing.append("a taxa de juros (ao mês ou ao ano)")
    if params.meses is None:
        found.missing.append("o prazo (quantas parcelas)")
    return params


# ---------------------------------------------------------------- comprar x alugar


def buy_or_rent_params(q: Quantities, found: Found) -> ComprarAlugarParams:
    used: set[int] = set()
    objeto, vehicle = objeto_of(q)
    rent = pick(
        # the amount right at the word first ("aluguel de 2200"), then one further away ("alugo
        # um igual por 1700"), never across a question mark ("comprar ou alugar? imóvel de …")
        money_near(q, before=r"\b(?:aluguel|assinatura)\b (?:\w+ )?(?:de |por |e |r\$ ?)*$")
        or money_near(
            q, before=r"\b(?:alug\w*|assin\w*)\b[^.;?\d]{0,30}$", after=r"^ ?(?:de )?aluguel"
        ),
        used,
    )
    # financing is said by name, or by its parts: a down payment, an instalment, a term
    # ("imóvel de 450 mil, entrada 90 mil, 360 meses a 0,65%"); a yield word keeps it cash
    financed = has(q.text, r"\bfinanc(?!eir|as\b)\w*") or (
        has(q.text, r"\b(?:entrada|presta[cç]\w*|parcelas?|tabela price|price)\b")
        and bool(q.durations)
        and bool(q.rates)
        and not has(q.text, r"\b(?:rend\w*|aplica\w*|invest\w*)\b")
    )
    instalment = pick(_instalments(q), used)
    core = _financing_core(q, found, used) if financed else {}
    price = core.get("valor_bem")
    if price is None and core.get("principal") is not None:
        # only the financed amount said: the price is it plus the down payment (0 when none)
        price = core["principal"] + (core.get("entrada") or D(0))  # type: ignore[operator]
    if price is None:
        rest = [m for m in q.money if m.start not in used]
        biggest = max(rest, key=lambda m: m.value, default=None)
        price = biggest.value if biggest is not None else None
    yields = rates_near(q, before=r"\b(?:rend\w*|aplica\w*|invest\w*|dinheiro|paga)\b[^.;]{0,25}$")
    if not yields and not financed and len(q.rates) == 1:
        yields = list(q.rates)  # buying cash: the one rate said can only be the money's yield
    cdi_yield = next((r for r in yields if r.period == "cdi"), None)
    yields = [r for r in yields if r.period != "cdi"]
    if cdi_yield is not None:
        found.indices.append("cdi")
    depreciation = rates_near(
        q, before=r"\b(?:desvaloriz\w*|deprecia\w*|perde|perdendo)\b[^.;\d]{0,8}$"
    )
    appreciation = rates_near(q, before=r"\b(?:valoriz\w*|aprecia\w*)\b[^.;\d]{0,8}$")
    params = ComprarAlugarParams(
        valor_bem=price,  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        aluguel=rent.value if rent else None,
        rendimento_mensal=monthly_rate(yields[0], found, "Rendimento do seu dinheiro")
        if yields
        else None,
        financiar=financed,
        entrada=core.get("entrada"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        principal=core.get("principal"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        taxa_mensal=core.get("taxa_mensal"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        meses=core.get("meses"),  # type: ignore[arg-type]  # read from an untyped dict; the pydantic model validates it
        depreciacao_anual=depreciation[0].fraction
        if depreciation and depreciation[0].period != "mes"
        else (depreciation[0].fraction * 12 if depreciation else None),
        valorizacao_anual=(
            appreciation[0].fraction * (12 if appreciation[0].period == "mes" else 1)
            if appreciation
            else None
        ),
        anual=has(
            q.text,
            r"\b(?:conta|calculo|comparacao|custo|comparar|compara)\s+(?:de|em|para|pra|por)\s+"
            r"(?:1|um)\s+ano\b|\bno (?:primeiro|1o?) ano\b|\bem (?:1|um) ano\b|\bpor ano\b"
            # "compara no ano", "a conta do ano": the year's figures asked
            r"|\b(?:compar\w*|conta|calculo|custo)\s+(?:no|do|num|ao)\s+ano\b",
        ),
        objeto=objeto,
        veiculo=vehicle,
        rendimento_pct_cdi=cdi_yield.percent if cdi_yield is not None else None,
        parcela_informada=instalment.value if instalment else None,
    )
    if params.valor_bem is None and params.parcela_informada is None:
        found.missing.append("o preço do bem")
    if params.aluguel is None:
        found.missing.append("o valor do aluguel (ou da assinatura)")
    if cdi_yield is not None:
        found.assumptions.append(
            f"Rendimento do seu dinheiro: {pct(cdi_yield.percent, places=0)} do CDI, antes do IR."
        )
    elif params.rendimento_mensal is None and params.parcela_informada is None:
        # the comparison is the money's yield against the rent: without a rate said, the money
        # is assumed at 100% of the CDI (a safe, liquid investment), and the answer says so
        params = params.model_copy(update={"rendimento_pct_cdi": Decimal(100)})
        found.indices.append("cdi")
        found.assumptions.append(
            "Rendimento do seu dinheiro: 100% do CDI, antes do IR (uma aplicação segura com "
            "liquidez diária); você não disse a taxa."
        )
    if (
        financed
        and params.parcela_informada is None
        and (params.taxa_mensal is None or params.meses is None)
    ):
        found.missing.append("a taxa e o prazo do financiamento")
    return params
