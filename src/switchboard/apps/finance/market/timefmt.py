"""Dates as Brazilian users read them: São Paulo time, DD/MM/YYYY."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

SAO_PAULO = ZoneInfo("America/Sao_Paulo")


def br_date(moment: datetime) -> str:
    return moment.astimezone(SAO_PAULO).strftime("%d/%m/%Y")


def br_datetime(moment: datetime) -> str:
    return moment.astimezone(SAO_PAULO).strftime("%d/%m/%Y %H:%M")
