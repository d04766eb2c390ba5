"""Seeded synthetic PII set: real-format identifiers in pt-BR sentences, and ledger-like negatives.

Positives carry the exact values that must disappear (valid CPFs/CNPJs by construction, Luhn-valid
card numbers, secrets and bank numbers after the cues people actually type). Negatives are
statement lines, amounts, dates, instalments, phones, CEPs, protocol numbers and numbers with
broken check digits — text the finance memory must keep verbatim.

    python bench/pii/make_data.py            # writes bench/pii/data.jsonl (seed 2026)
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

SEED = 2026
OUT = Path(__file__).with_name("data.jsonl")


def cpf_digits(rng: random.Random) -> str:
    while True:
        d = [rng.randint(0, 9) for _ in range(9)]
        if len(set(d)) > 1:
            break
    for size in (9, 10):
        total = sum(v * w for v, w in zip(d, range(size + 1, 1, -1), strict=False))
        d.append((total * 10) % 11 % 10)
    return "".join(map(str, d))


def cnpj_digits(rng: random.Random) -> str:
    d = [rng.randint(0, 9) for _ in range(8)] + [0, 0, 0, rng.randint(1, 3)]
    weights = (6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2)
    for size in (12, 13):
        rest = sum(v * w for v, w in zip(d, weights[13 - size :], strict=False)) % 11
        d.append(0 if rest < 2 else 11 - rest)
    return "".join(map(str, d))


def luhn_complete(prefix: str, length: int, rng: random.Random) -> str:
    body = prefix + "".join(str(rng.randint(0, 9)) for _ in range(length - len(prefix) - 1))
    total = 0
    for i, ch in enumerate(reversed(body)):
        v = int(ch)
        if i % 2 == 0:
            v *= 2
            if v > 9:
                v -= 9
        total += v
    return body + str((10 - total % 10) % 10)


def break_last(number: str) -> str:
    return number[:-1] + str((int(number[-1]) + 1) % 10)


def fmt_cpf(d: str, rng: random.Random) -> str:
    style = rng.choice(["dots", "dots", "bare", "dash"])
    if style == "dots":
        return f"{d[:3]}.{d[3:6]}.{d[6:9]}-{d[9:]}"
    if style == "dash":
        return f"{d[:9]}-{d[9:]}"
    return d


def fmt_cnpj(d: str, rng: random.Random) -> str:
    if rng.random() < 0.7:
        return f"{d[:2]}.{d[2:5]}.{d[5:8]}/{d[8:12]}-{d[12:]}"
    return d


def fmt_card(d: str, rng: random.Random) -> str:
    sep = rng.choice([" ", " ", "-", ""])
    if len(d) == 15:
        return sep.join([d[:4], d[4:10], d[10:]])
    groups = [d[i : i + 4] for i in range(0, 16, 4)] + ([d[16:]] if len(d) > 16 else [])
    return sep.join(groups)


CPF_T = [
    "meu cpf é {v}",
    "CPF: {v}",
    "segue meu cpf {v} pra cadastro",
    "o cpf da minha mãe é {v}, ela é a titular",
    "cpf {v} nome Maria Souza",
    "pode usar o {v} que é meu cpf",
    "Titular: João, CPF {v}, conta no Itaú",
    "cadastra o cpf {v} por favor",
    "meu cpf eh {v}",
    "{v} é o cpf do meu marido",
]
CNPJ_T = [
    "o cnpj da empresa é {v}",
    "CNPJ {v} — minha MEI",
    "paguei pro fornecedor cnpj {v}",
    "nota emitida pelo CNPJ: {v}",
    "minha empresa {v} faturou pouco",
]
CARD_T = [
    "o número do cartão é {v}",
    "cartão {v} validade 08/29",
    "anota meu cartão: {v}",
    "usei o cartão final... na verdade o número todo é {v}",
    "meu nubank {v}",
    "cartao de credito {v} ta bloqueado",
    "{v} é o cartão da minha esposa",
]
SENHA_T = [
    ("minha senha é {v}", "SENHA"),
    ("senha: {v}", "SENHA"),
    ("a senha do banco é {v}", "SENHA"),
    ("senha do app {v}", "SENHA"),
    ("troquei a senha, agora é {v}", None),
    ("minha senha agora é {v}", "SENHA"),
    ("password: {v}", "SENHA"),
    ("senha do cartão é {v}", "SENHA"),
    ("senha = {v}", "SENHA"),
    ("minha senha era {v} mas mudei", "SENHA"),
]
PIN_T = [
    "pin {v}",
    "meu pin é {v}",
    "PIN: {v}",
    "código de segurança {v}",
    "cvv {v}",
    "o cvv do cartão é {v}",
    "codigo de seguranca: {v}",
    "cvc {v}",
]
BANK_T = [
    "agência {a} conta {c}",
    "ag {a} cc {c}",
    "Agência: {a} / Conta corrente: {c}",
    "deposita na ag. {a} c/c {c}",
    "minha conta é {c} agência {a}",
    "agencia {a} conta poupança {c}",
    "banco 341 agência {a} conta {c}",
]


def secret(rng: random.Random) -> str:
    words = ["Bola", "gato", "Flamengo", "maria", "sol", "Brasil", "casa", "luz"]
    kind = rng.random()
    if kind < 0.3:
        return "".join(str(rng.randint(0, 9)) for _ in range(rng.choice([4, 6, 8])))
    if kind < 0.7:
        return rng.choice(words) + str(rng.randint(10, 9999)) + rng.choice(["", "!", "@", "#"])
    return rng.choice(words).lower() + rng.choice(["_", ".", ""]) + str(rng.randint(1, 99))


def agency(rng: random.Random) -> str:
    a = "".join(str(rng.randint(0, 9)) for _ in range(4))
    return a + (f"-{rng.randint(0, 9)}" if rng.random() < 0.5 else "")


def account(rng: random.Random) -> str:
    n = "".join(str(rng.randint(0, 9)) for _ in range(rng.choice([5, 6, 7, 8])))
    return n + (f"-{rng.choice('0123456789X')}" if rng.random() < 0.8 else "")


NEG_T = [
    "{d} PIX RECEBIDO {name} R$ {m}",
    "{d} COMPRA CARTAO {shop} {m}",
    "{d} PAGTO BOLETO {shop} R$ {m}",
    "gastei R$ {m} no {shop} dia {d}",
    "recebi {big} reais de salário",
    "paguei a conta de luz de R$ {m}",
    "parcelei em {n}x de R$ {m}",
    "saldo em {d}: R$ {big}",
    "rendimento de {p}% no CDB",
    "transferi {big} reais pra poupança",
    "boleto {boleto}",
    "protocolo {luhn}",
    "pedido nº {luhn} chegou",
    "código de barras {boleto}",
    "meu celular é ({ddd}) 9{ph1}-{ph2}",
    "me liga no {ddd}9{ph1}{ph2}",
    "CEP {cep}, número 120",
    "em {year} gastei R$ {big} com aluguel",
    "fatura de {mon} fechou em R$ {m}, vence {d} às {h}",
    "o número {badcpf} não é um cpf válido",
    "conta {badcard}",
    "nota {badcard} emitida",
    "ID {badcpf} do sistema",
    "total do ano: {huge} reais",
    "a conta de internet deu {m}",
    "TED {d} {name} 1.500,00 saldo 12.345,67",
    "rendeu {p}% ao mês em {mon}/{year}",
    "comprei {n} unidades a R$ {m} cada",
    "esqueci minha senha do banco, como recupero?",
    "o pin do cartão bloqueou",
    "qual a agência mais perto de casa?",
    "abri uma conta no Nubank em {year}",
    "liguei pro CVV 188 ontem",
    "fiz {n} pix hoje totalizando R$ {m}",
    "meu investimento de {huge} reais",
]


def money(rng: random.Random, hi: int = 5000) -> str:
    v = rng.randint(1, hi * 100)
    reais, cents = divmod(v, 100)
    return f"{reais:,}".replace(",", ".") + f",{cents:02d}"


def negative(rng: random.Random) -> str:
    t = rng.choice(NEG_T)
    bad_cpf = break_last(cpf_digits(rng))
    bad_card = break_last(luhn_complete("4", 16, rng))
    return t.format(
        d=f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.choice([2025, 2026])}",
        name=rng.choice(["MARIA S", "JOAO P", "ANA C", "PEDRO L"]),
        shop=rng.choice(["MERCADO EXTRA", "POSTO SHELL", "IFOOD", "UBER", "DROGASIL"]),
        m=money(rng),
        big=money(rng, 90000),
        huge=money(rng, 99_999_999),
        n=rng.randint(2, 24),
        p=f"{rng.randint(0, 15)},{rng.randint(0, 99):02d}",
        boleto=" ".join(str(rng.randint(10000, 99999)) for _ in range(5)),
        luhn=luhn_complete("9", rng.choice([13, 15, 16]), rng),
        ddd=rng.choice(["11", "21", "31", "61", "71"]),
        ph1=rng.randint(1000, 9999),
        ph2=rng.randint(1000, 9999),
        cep=f"{rng.randint(10000, 99999)}-{rng.randint(0, 999):03d}",
        year=rng.randint(2019, 2027),
        mon=rng.choice(["jan", "mar", "ago", "dez"]),
        h=f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}",
        badcpf=bad_cpf if is_bad_cpf(bad_cpf) else "12345678900",
        badcard=bad_card,
    )


def is_bad_cpf(value: str) -> bool:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "src"))
    from switchboard.memory.pii import is_valid_cpf

    return not is_valid_cpf(value)


def build(rng: random.Random) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []

    def add(text: str, values: list[tuple[str, str]]) -> None:
        rows.append({"text": text, "pii": [{"kind": k, "value": v} for k, v in values]})

    for _ in range(300):
        v = fmt_cpf(cpf_digits(rng), rng)
        add(rng.choice(CPF_T).format(v=v), [("CPF", v)])
    for _ in range(200):
        v = fmt_cnpj(cnpj_digits(rng), rng)
        add(rng.choice(CNPJ_T).format(v=v), [("CNPJ", v)])
    for _ in range(300):
        prefix, length = rng.choice(
            [
                ("4", 16),
                ("51", 16),
                ("55", 16),
                ("37", 15),
                ("6062", 16),
                ("4", 13),
                ("4", 19),
                ("636", 16),
            ]
        )
        v = fmt_card(luhn_complete(prefix, length, rng), rng)
        add(rng.choice(CARD_T).format(v=v), [("CARTAO", v)])
    for _ in range(250):
        template, _kind = rng.choice(SENHA_T)
        v = secret(rng)
        add(template.format(v=v), [("SENHA", v)])
    for _ in range(200):
        v = "".join(str(rng.randint(0, 9)) for _ in range(rng.choice([3, 4, 4, 6])))
        if v == "188":
            v = "189"
        add(rng.choice(PIN_T).format(v=v), [("PIN", v)])
    for _ in range(250):
        a, c = agency(rng), account(rng)
        add(rng.choice(BANK_T).format(a=a, c=c), [("AGENCIA", a), ("CONTA", c)])
    for _ in range(600):
        add(negative(rng), [])
    return rows


def main() -> None:
    rows = build(random.Random(SEED))
    with OUT.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} rows -> {OUT}")


if __name__ == "__main__":
    main()
