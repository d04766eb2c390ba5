"""Allocation simulation: the portfolio's new weights after investing an amount in one asset.

Weights are percentages (23.81 means 23.81%) rounded half-even to 2 places; because each weight is
rounded on its own they may sum to 99.99 or 100.01. Values are money, rounded half-up to the cent.
The concentration warning text is pt-BR: it is meant to reach the user through the coordinator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from switchboard.apps.finance.finmath.errors import FinMathError, InvalidAmountError
from switchboard.apps.finance.finmath.fmt import pct
from switchboard.apps.finance.finmath.money import calc, check_amount, money, percent

DEFAULT_MAX_ASSET_PCT = Decimal(20)
"""A single asset above 20% of the portfolio is the usual concentration red flag for retail
investors (CVM suitability guides and most wealth managers use 10–25%); configurable."""


class UnknownAssetClassError(FinMathError):
    """A new asset (not in the portfolio) was given without its asset class."""

    code = "finmath_unknown_asset_class"


@dataclass(frozen=True, slots=True)
class Position:
    """What the user holds in one asset: `asset` is a ticker or product name, `value` in R$."""

    asset: str
    asset_class: str
    value: Decimal


@dataclass(frozen=True, slots=True)
class AllocationResult:
    """Before/after exposure of the asset and its class, every new weight, and warnings."""

    asset: str
    asset_class: str
    amount: Decimal
    total_before: Decimal
    total_after: Decimal
    asset_share_before: Decimal
    asset_share_after: Decimal
    class_share_before: Decimal
    class_share_after: Decimal
    weights_after: dict[str, Decimal]
    """asset → % of the portfolio after the investment."""
    class_weights_after: dict[str, Decimal]
    """asset class → % of the portfolio after the investment."""
    concentrated: bool
    warnings: tuple[str, ...]


def simulate_allocation(
    positions: Sequence[Position],
    asset: str,
    amount: Decimal,
    *,
    asset_class: str | None = None,
    max_asset_pct: Decimal = DEFAULT_MAX_ASSET_PCT,
    max_class_pct: Decimal | None = None,
) -> AllocationResult:
    """New weights after investing `amount` in `asset` (new or already held).

    share = value / total · 100, before (current positions) and after (the asset's value plus
    `amount`, over the total plus `amount`). Positions of the same asset are merged (one asset in
    two brokers). `asset_class` is required only for an asset not held yet. A warning is raised
    when the asset's share after exceeds `max_asset_pct`, or its class exceeds `max_class_pct`.
    E.g. R$ 100k with R$ 20k in stocks, R$ 5k more in PETR4 → stocks 23.81% (spec flow 4).
    """
    invest = money(check_amount(amount, "amount", allow_zero=False))
    values: dict[str, Decimal] = {}
    classes: dict[str, str] = {}
    for position in positions:
        value = money(check_amount(position.value, f"value of {position.asset}"))
        values[position.asset] = values.get(position.asset, Decimal(0)) + value
        classes.setdefault(position.asset, position.asset_class)
    if asset not in classes:
        if asset_class is None:
            raise UnknownAssetClassError(
                f"{asset!r} is not in the portfolio: give its asset_class", asset=asset
            )
        classes[asset] = asset_class
        values[asset] = Decimal(0)
    klass = classes[asset]
    total_before = sum(values.values(), Decimal(0))
    total_after = total_before + invest
    after = dict(values)
    after[asset] += invest
    if total_after <= 0:
        raise InvalidAmountError("the portfolio is empty", asset=asset)

    def share(part: Decimal, total: Decimal) -> Decimal:
        with calc():
            return percent(part * 100 / total) if total > 0 else Decimal("0.00")

    def class_total(holdings: dict[str, Decimal], name: str) -> Decimal:
        return sum((v for a, v in holdings.items() if classes[a] == name), Decimal(0))

    class_names = sorted(set(classes.values()))
    result_asset_after = share(after[asset], total_after)
    result_class_after = share(class_total(after, klass), total_after)
    warnings: list[str] = []
    if result_asset_after > max_asset_pct:
        warnings.append(
            f"Concentração: {asset} passaria a {pct(result_asset_after)} da carteira "
            f"(acima do limite de {pct(max_asset_pct)})."
        )
    if max_class_pct is not None and result_class_after > max_class_pct:
        warnings.append(
            f"Concentração: a classe {klass} passaria a {pct(result_class_after)} da carteira "
            f"(acima do limite de {pct(max_class_pct)})."
        )
    return AllocationResult(
        asset=asset,
        asset_class=klass,
        amount=invest,
        total_before=total_before,
        total_after=total_after,
        asset_share_before=share(values[asset], total_before),
        asset_share_after=result_asset_after,
        class_share_before=share(class_total(values, klass), total_before),
        class_share_after=result_class_after,
        weights_after={a: share(v, total_after) for a, v in sorted(after.items())},
        class_weights_after={c: share(class_total(after, c), total_after) for c in class_names},
        concentrated=bool(warnings),
        warnings=tuple(warnings),
    )
