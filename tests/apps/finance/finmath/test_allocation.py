"""Allocation simulation: new weights after investing in one asset, concentration warnings."""

from __future__ import annotations

from decimal import Decimal

import pytest

from switchboard.apps.finance.finmath import (
    InvalidAmountError,
    Position,
    UnknownAssetClassError,
    simulate_allocation,
)

D = Decimal

PORTFOLIO = [
    Position("Tesouro Selic", "renda fixa", D(60_000)),
    Position("CDB", "renda fixa", D(20_000)),
    Position("BOVA11", "ações", D(15_000)),
    Position("PETR4", "ações", D(5_000)),
]


def test_flow_4_five_thousand_more_in_petr4() -> None:
    # R$ 100k with R$ 20k (20%) in stocks; R$ 5k more in PETR4. By hand: stocks 25k / 105k =
    # 23.8095% → 23.81; PETR4 10k / 105k = 9.5238% → 9.52.
    result = simulate_allocation(PORTFOLIO, "PETR4", D(5000))
    assert (result.total_before, result.total_after) == (D("100000.00"), D("105000.00"))
    assert (result.asset_share_before, result.asset_share_after) == (D("5.00"), D("9.52"))
    assert (result.class_share_before, result.class_share_after) == (D("20.00"), D("23.81"))
    assert result.class_weights_after == {"ações": D("23.81"), "renda fixa": D("76.19")}
    assert not result.concentrated and result.warnings == ()


def test_concentration_warning_above_the_threshold_in_pt_br() -> None:
    result = simulate_allocation(PORTFOLIO, "PETR4", D(30_000), max_asset_pct=D(20))
    # PETR4 35k / 130k = 26.92%.
    assert result.asset_share_after == D("26.92")
    assert result.concentrated
    assert result.warnings == (
        "Concentração: PETR4 passaria a 26,92% da carteira (acima do limite de 20,00%).",
    )
    by_class = simulate_allocation(PORTFOLIO, "BOVA11", D(1000), max_class_pct=D(20))
    assert any("classe ações" in warning for warning in by_class.warnings)


def test_new_asset_needs_its_class_and_duplicates_merge() -> None:
    with pytest.raises(UnknownAssetClassError):
        simulate_allocation(PORTFOLIO, "VALE3", D(1000))
    result = simulate_allocation(
        [*PORTFOLIO, Position("PETR4", "ações", D(5000))], "VALE3", D(5000), asset_class="ações"
    )
    assert result.weights_after["PETR4"] == D("9.09")  # 10k / 110k
    assert result.asset_share_before == D("0.00")
    assert abs(sum(result.weights_after.values()) - 100) <= D("0.01") * len(result.weights_after)


def test_investing_nothing_or_into_nothing_is_refused() -> None:
    with pytest.raises(InvalidAmountError):
        simulate_allocation(PORTFOLIO, "PETR4", D(0))
    with pytest.raises(InvalidAmountError):
        simulate_allocation([Position("X", "ações", D(-1))], "X", D(10))
    only_new = simulate_allocation([], "PETR4", D(1000), asset_class="ações")
    assert only_new.asset_share_after == D("100.00")
