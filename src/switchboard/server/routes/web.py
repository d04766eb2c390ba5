"""The web chat page: static files in `server/web/`, no build step.

Served with security headers (issue 22): a Content-Security-Policy that allows only the page's
own scripts, styles and API (no inline script or style, no framing, no plugins, no foreign
hosts), `X-Frame-Options: DENY` for browsers without `frame-ancestors`, `nosniff` and no
referrer (the login key rides in the URL's fragment, which a referrer never carries; the policy
is belt and braces).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import Scope

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

router = APIRouter(include_in_schema=False)


@router.get("/")
async def index() -> FileResponse:
    return FileResponse(
        WEB_DIR / "index.html",
        media_type="text/html",
        headers={"Cache-Control": "no-cache", **SECURITY_HEADERS},
    )


class WebFiles(StaticFiles):
    """The page's scripts and styles, with the same security headers."""

    async def get_response(self, path: str, scope: Scope) -> Any:
        response = await super().get_response(path, scope)
        response.headers.update(SECURITY_HEADERS)
        return response
