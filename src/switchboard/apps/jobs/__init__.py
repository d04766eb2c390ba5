"""The `jobs` reference app: autonomous jobs (spec 004) started from chat, API, CLI or web.

Personas (`personas.yaml`): "relatorios" builds a spending report as a job tree
(coletar → calcular → renderizar → validar) writing real files; "dev" edits files in a git
working directory. Offline, deterministic executors (`offline.py`) drive the whole loop; with a
hosted model, `GenericAgentExecutor` does.
"""
