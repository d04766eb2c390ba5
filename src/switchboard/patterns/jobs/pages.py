"""Pages of a user's job list: top-level jobs only, newest first, with an opaque cursor.

The cursor is the last job's (created_at, id), so a page is stable while new jobs (and any
number of sub-jobs) arrive: sub-jobs are never counted, and an older job is always reachable by
following `next_cursor` (the old list kept the newest 100 rows of any kind, and a tree with many
sub-jobs silently pushed older jobs out).
"""

from __future__ import annotations

import base64
import binascii
from datetime import datetime

from pydantic import BaseModel

from switchboard.patterns.jobs.errors import JobError
from switchboard.patterns.jobs.models import Job

MAX_PAGE = 200


class InvalidCursorError(JobError):
    code = "invalid_cursor"
    http_status = 422


class JobPage(BaseModel):
    jobs: list[Job]
    next_cursor: str | None = None
    """Pass it back for the next (older) page; None: this is the last page."""


def encode_cursor(job: Job) -> str:
    raw = f"{job.created_at.isoformat()}|{job.id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        created, job_id = raw.split("|", 1)
        when = datetime.fromisoformat(created)
    except (ValueError, binascii.Error, UnicodeDecodeError):
        raise InvalidCursorError("cursor inválido; use o next_cursor da página anterior") from None
    if when.tzinfo is None or not job_id:
        raise InvalidCursorError("cursor inválido; use o next_cursor da página anterior")
    return when, job_id


__all__ = ["MAX_PAGE", "InvalidCursorError", "JobPage", "decode_cursor", "encode_cursor"]
