"""`switchboard chat`: a terminal conversation with a reference app."""

from __future__ import annotations

import asyncio

from rich.console import Console
from rich.panel import Panel

from switchboard.cli.render import EventPrinter
from switchboard.config import Settings
from switchboard.core.errors import SwitchboardError

_EXIT = {"sair", "exit", "quit", ":q"}


def run_chat(*, app_name: str, session_id: str, user_id: str, database_url: str | None) -> None:
    asyncio.run(_chat(app_name, session_id, user_id, database_url))


async def _chat(app_name: str, session_id: str, user_id: str, database_url: str | None) -> None:
    from switchboard.apps import load_app
    from switchboard.cli.local_jobs import local_jobs
    from switchboard.models.registry import default_model_id

    settings = Settings()
    store = database_url or settings.database_url
    console = Console()
    app = load_app(app_name, store=store, settings=settings, model=settings.model)
    titles = {agent.name: agent.role for agent in app.agents()}
    printer = EventPrinter(console, titles)
    console.print(
        Panel.fit(
            f"[bold]Switchboard[/] · app [cyan]{app_name}[/] · modelo "
            f"[cyan]{settings.model or default_model_id()}[/] · sessão [cyan]{session_id}[/]\n"
            "Digite sua mensagem (ou 'sair').",
            border_style="blue",
        )
    )
    try:
        async with local_jobs([app], store):
            while True:
                try:
                    text = await asyncio.to_thread(console.input, "[bold green]Você:[/] ")
                except (EOFError, KeyboardInterrupt):
                    break
                if text.strip().lower() in _EXIT:
                    break
                if not text.strip():
                    continue
                try:
                    async for event in app.stream(session_id, text, user_id=user_id):
                        printer(event)
                except SwitchboardError as exc:
                    console.print(f"[bold red]Erro:[/] {exc.message}")
    finally:
        await app.shutdown()
        console.print("[dim]Até logo![/]")
