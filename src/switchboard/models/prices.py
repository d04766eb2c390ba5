"""Token prices per model, in USD per million tokens (input, output).

Used for cost accounting and validated against the agent-switching strategy files at start-up:
every model id a strategy names must have a price here.
"""

from __future__ import annotations

from pydantic import BaseModel


class Price(BaseModel):
    input_per_million: float
    output_per_million: float

    def cost(self, input_tokens: int, output_tokens: int) -> float:
        return (
            input_tokens * self.input_per_million + output_tokens * self.output_per_million
        ) / 1_000_000


PRICES: dict[str, Price] = {
    # OpenAI
    "openai:gpt-4o": Price(input_per_million=2.50, output_per_million=10.00),
    "openai:gpt-4o-mini": Price(input_per_million=0.15, output_per_million=0.60),
    "openai:gpt-4.1": Price(input_per_million=2.00, output_per_million=8.00),
    "openai:gpt-4.1-mini": Price(input_per_million=0.40, output_per_million=1.60),
    "openai:o3-mini": Price(input_per_million=1.10, output_per_million=4.40),
    "openai:o4-mini": Price(input_per_million=1.10, output_per_million=4.40),
    # Anthropic
    "anthropic:claude-3-5-haiku-latest": Price(input_per_million=0.80, output_per_million=4.00),
    "anthropic:claude-sonnet-4-0": Price(input_per_million=3.00, output_per_million=15.00),
    "anthropic:claude-opus-4-0": Price(input_per_million=15.00, output_per_million=75.00),
    # Google (OpenAI-compatible endpoint)
    "gemini:gemini-2.0-flash": Price(input_per_million=0.10, output_per_million=0.40),
    "gemini:gemini-2.5-flash": Price(input_per_million=0.30, output_per_million=2.50),
    "gemini:gemini-2.5-pro": Price(input_per_million=1.25, output_per_million=10.00),
    # DeepSeek
    "deepseek:deepseek-chat": Price(input_per_million=0.27, output_per_million=1.10),
    "deepseek:deepseek-reasoner": Price(input_per_million=0.55, output_per_million=2.19),
    # Local and test models cost nothing
    "ollama:llama3.2": Price(input_per_million=0.0, output_per_million=0.0),
    "embedded": Price(input_per_million=0.0, output_per_million=0.0),
    "scripted": Price(input_per_million=0.0, output_per_million=0.0),
}


def price_for(model_id: str) -> Price | None:
    return PRICES.get(model_id)
