"""The web chat page: static files in `server/web/`, no build step."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

WEB_DIR = Path(__file__).resolve().parent.parent / "web"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def index() -> FileResponse:
    return FileResponse(
        WEB_DIR / "index.html", media_type="text/html", headers={"Cache-Control": "no-cache"}
    )
