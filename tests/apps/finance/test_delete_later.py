"""A delete order a few turns after the recording ("apaga o uber, lancei errado" after two
questions) deletes it when it names it, and never guesses otherwise: it used to be read as a
new entry and answered "Qual foi o valor?"."""

from __future__ import annotations

from decimal import Decimal

from switchboard.apps.finance.nlu.correct import deletes_the_entry, is_delete_request
from switchboard.apps.finance.nlu.draft import TransactionDraft

from .app_helpers import make_app, say

UBER = TransactionDraft(
    valor=Decimal("23.50"), tipo="despesa", categoria="Transporte", descricao="uber"
)


def test_which_orders_delete_and_which_name_the_entry() -> None:
    for order in ("apaga o uber, lancei errado", "exclui o último lançamento", "apaga"):
        assert is_delete_request(order), order
    for other in ("esquece", "lancei errado", "cancela a netflix", "apaga 50"):
        assert not is_delete_request(other), other
    assert deletes_the_entry("apaga o uber, lancei errado", UBER)
    assert deletes_the_entry("exclui o último lançamento", UBER)
    assert not deletes_the_entry("apaga o mercado", UBER)
    assert not deletes_the_entry("apaga", UBER)  # long after, no clear order


async def test_a_named_entry_is_deleted_turns_later_and_nothing_else_is() -> None:
    app = make_app()
    await app.start()
    await say(app, "uber 23,50")
    assert "23,50" in await say(app, "quanto gastei esse mês?")
    other = await say(app, "apaga o mercado")
    assert other.startswith("Não apaguei nada") and "23,50" in other
    assert "23,50" in await say(app, "quanto gastei esse mês?")
    deleted = await say(app, "apaga o uber, lancei errado")
    assert deleted.startswith("Pronto, apaguei o último lançamento") and "23,50" in deleted
    assert "R$ 0,00" in await say(app, "quanto gastei esse mês?")
    again = await say(app, "apaga o uber")
    assert again.startswith("Não apaguei nada") and "não há nenhum" in again
