"""Strategy files: lookup and start-up validation (spec 003, "Arquivos JSON de Estratégias",
"Validação: Sistema verifica consistência entre pricing e strategies")."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from switchboard.core.errors import ConfigurationError
from switchboard.models.prices import PRICES
from switchboard.patterns.switching import load_strategies
from switchboard.patterns.switching.strategy import PACKAGE_DIR


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A private copy of the packaged strategy and template files, to break."""
    for folder in ("strategies", "templates"):
        shutil.copytree(PACKAGE_DIR / folder, tmp_path / folder)
    return tmp_path


def edit_json(path: Path, change) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def rejected(root: Path) -> str:
    with pytest.raises(ConfigurationError) as caught:
        load_strategies(root)
    return caught.value.message


def test_packaged_files_are_valid_and_cover_every_family():
    book = load_strategies()
    assert sorted(book.providers) == ["anthropic", "deepseek", "default", "gemini", "openai"]
    assert sorted(book.templates) == [
        "direct_command",
        "hierarchical",
        "minimal",
        "reasoning",
        "xml_reset",
    ]
    assert {s.type for s in book.by_model.values()} == {
        "claude-advanced",
        "claude-standard",
        "gpt-advanced",
        "gpt-standard",
        "reasoning-model",
        "google-advanced",
        "google-standard",
        "deepseek-standard",
    }
    assert set(book.by_model) <= set(PRICES)


def test_load_strategies_is_cached():
    assert load_strategies() is load_strategies()


@pytest.mark.parametrize(
    ("model_id", "expected"),
    [
        (
            "anthropic:claude-sonnet-4-0",
            (
                "claude-advanced",
                "xml_reset",
                "high",
                "none",
                ("xml_tags", "repeat_identity_at_end"),
            ),
        ),
        (
            "openai:o3-mini",
            ("reasoning-model", "reasoning", "high", "summary", ("repeat_identity_at_end",)),
        ),
        (
            "deepseek:deepseek-reasoner",
            (
                "reasoning-model",
                "reasoning",
                "high",
                "summary",
                ("no_system_role", "strip_previous_persona_mentions"),
            ),
        ),
        # unknown model of a known provider: that provider's default
        ("openai:gpt-9", ("gpt-standard", "hierarchical", "medium", "summary", ())),
        (
            "anthropic:claude-9",
            (
                "claude-standard",
                "xml_reset",
                "low",
                "recent_4",
                ("xml_tags", "strip_previous_persona_mentions"),
            ),
        ),
        ("gemini:gemini-9", ("google-standard", "direct_command", "medium", "summary", ())),
        ("deepseek:deepseek-v9", ("deepseek-standard", "hierarchical", "medium", "recent_4", ())),
        # unknown provider, and ids without a provider: the global minimal strategy
        ("ollama:llama3.2", ("minimal", "minimal", "low", "none", ())),
        ("embedded", ("minimal", "minimal", "low", "none", ())),
    ],
)
def test_lookup_model_then_provider_default_then_global_default(model_id, expected):
    s = load_strategies().for_model(model_id)
    assert (
        s.type,
        s.switch_template,
        s.assertiveness,
        s.contextual_memory,
        s.special_handling,
    ) == expected


def test_rejects_a_strategy_whose_template_does_not_exist(files):
    def change(data):
        data["models"][0]["strategy"]["switch_template"] = "hierarquico"

    edit_json(files / "strategies" / "openai.json", change)
    assert (
        "strategies/openai.json model 'openai:gpt-4o': strategy 'gpt-advanced' uses template "
        "'hierarquico', but there is no templates/hierarquico.yaml"
    ) in rejected(files)


def test_rejects_a_deleted_template_named_by_a_provider_default(files):
    (files / "templates" / "minimal.yaml").unlink()
    assert (
        "strategies/default.json default: strategy 'minimal' uses template 'minimal', but "
        "there is no templates/minimal.yaml"
    ) in rejected(files)


def test_rejects_a_model_id_without_a_price(files):
    def change(data):
        data["models"].append({"model_id": "openai:gpt-9", "strategy": data["default"]})

    edit_json(files / "strategies" / "openai.json", change)
    assert (
        "strategies/openai.json: model 'openai:gpt-9' has no price in "
        "switchboard.models.prices.PRICES"
    ) in rejected(files)


def test_rejects_a_model_filed_under_another_provider_or_listed_twice(files):
    def change(data):
        data["models"].append({"model_id": "gemini:gemini-2.0-flash", "strategy": data["default"]})
        data["models"].append(data["models"][0])

    edit_json(files / "strategies" / "openai.json", change)
    message = rejected(files)
    assert (
        "strategies/openai.json: model 'gemini:gemini-2.0-flash' does not belong to "
        "provider 'openai'"
    ) in message
    assert "strategies/openai.json: model 'openai:gpt-4o' is listed twice" in message


@pytest.mark.parametrize(
    ("field", "value", "error"),
    [
        ("special_handling", ["xml_tags", "telepathy"], "models.0.strategy.special_handling.1"),
        ("special_handling", ["xml_tags", "xml_tags"], "lists a behaviour twice"),
        ("assertiveness", "extreme", "models.0.strategy.assertiveness"),
        ("contextual_memory", "recent_0", "models.0.strategy.contextual_memory"),
        ("priority", 1, "models.0.strategy.priority: Extra inputs are not permitted"),
    ],
)
def test_rejects_invalid_strategy_fields(files, field, value, error):
    def change(data):
        data["models"][0]["strategy"][field] = value

    edit_json(files / "strategies" / "anthropic.json", change)
    message = rejected(files)
    assert "strategies/anthropic.json: " in message
    assert error in message


def test_rejects_a_file_not_named_after_its_provider(files):
    shutil.copy(files / "strategies" / "openai.json", files / "strategies" / "azure.json")
    assert (
        "strategies/azure.json: declares provider 'openai'; the file must be named after its "
        "provider"
    ) in rejected(files)


def test_rejects_invalid_json(files):
    (files / "strategies" / "gemini.json").write_text('{"provider": "gemini",', encoding="utf-8")
    assert "strategies/gemini.json: invalid JSON" in rejected(files)


def test_requires_the_global_default(files):
    (files / "strategies" / "default.json").unlink()
    assert "strategies/default.json is missing" in rejected(files)


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        (
            "{agent_prompt}",
            "{agent_instructions}",
            "reset uses unknown placeholders ['agent_instructions']",
        ),
        ("{memory}", "", "reset lacks required placeholders ['memory']"),
        ("  high: |-\n", "  extreme: |-\n", "override.extreme.[key]: Input should be"),
        (
            "  high: |-\n    AVISO: você NÃO é mais {previous_agent}. Você é {agent_name}. Siga apenas as "
            "instruções abaixo.\n",
            "",
            "override has no text for ['high']",
        ),
        ("{excerpt}", "{excerpt", "memory: malformed braces"),
    ],
)
def test_rejects_broken_templates(files, old, new, error):
    path = files / "templates" / "minimal.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    message = rejected(files)
    assert "templates/minimal.yaml: " in message
    assert error in message
    assert "no templates/minimal.yaml" not in message  # invalid, not missing: reported once


def test_reports_every_problem_at_once(files):
    def no_template(data):
        data["default"]["switch_template"] = "nenhum"

    def no_price(data):
        data["models"][0]["model_id"] = "gemini:gemini-0"

    edit_json(files / "strategies" / "default.json", no_template)
    edit_json(files / "strategies" / "gemini.json", no_price)
    message = rejected(files)
    assert message.startswith(f"invalid agent-switching strategies in {files}:\n- ")
    assert "templates/nenhum.yaml" in message
    assert "'gemini:gemini-0' has no price" in message
