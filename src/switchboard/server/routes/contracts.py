"""`GET /apps/{app}/contracts`: the agent contracts an app publishes on its message bus.

Generic on purpose: any app object with a `contracts() -> list[dict]` method (`ContractSource`)
exposes them here — today the finance app (spec 001 §3.1: the coordinators' and executors'
operations with full JSON schemas and examples). An app without contracts answers 404
`no_contracts`, an unknown app 404 `unknown_app`. Authenticated like the rest of the API: the
contracts are not secret, but they describe the system's internals.
"""

from __future__ import annotations

from typing import Annotated, Any, Protocol, runtime_checkable

from fastapi import APIRouter, Depends, Path, Request

from switchboard.core.errors import SwitchboardError
from switchboard.server.deps import AUTHED, current_user, errors, get_runtime
from switchboard.server.text import SafeText

router = APIRouter(tags=["meta"])
AppPath = Annotated[SafeText, Path(min_length=1, max_length=100, description="App name.")]


@runtime_checkable
class ContractSource(Protocol):
    def contracts(self) -> list[dict[str, Any]]: ...


class NoContractsError(SwitchboardError):
    code = "no_contracts"
    http_status = 404


@router.get(
    "/apps/{app}/contracts",
    responses=errors(*AUTHED, 404, 422),
    summary="The agent contracts an app publishes on its message bus",
)
async def app_contracts(
    app: AppPath, request: Request, user_id: str = Depends(current_user)
) -> list[dict[str, Any]]:
    served, found = get_runtime(request).app(app)
    if not isinstance(found, ContractSource):
        raise NoContractsError(f"app {served!r} publishes no agent contracts", app=served)
    return found.contracts()


__all__ = ["ContractSource", "NoContractsError", "router"]
