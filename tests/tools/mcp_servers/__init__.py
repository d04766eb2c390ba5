"""Real MCP servers the MCP tests start as subprocesses (stdio) or under uvicorn (HTTP)."""
