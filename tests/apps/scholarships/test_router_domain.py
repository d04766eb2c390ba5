"""Cold questions about the editais' world go to the Sisu/Prouni agent (which answers or says it
did not find it), and how/which/when questions are not taken for an eligibility check."""

from __future__ import annotations

import pytest

from switchboard.apps.scholarships.router import Workflow, route_offline


@pytest.mark.parametrize(
    ("text", "active", "target"),
    [
        ("quanto é o valor da bolsa permanência?", None, "prouni"),
        ("o fies cobra juros de quanto?", None, "prouni"),
        ("qual o valor do salário mínimo em 2026?", None, "prouni"),
        ("tem vestibular nas federais", None, "sisu"),
        ("pode trancar a matrícula?", "onboarding", "sisu"),
        ("e a bolsa, continua se eu reprovar?", "prouni", None),  # the agent in charge keeps it
        ("sou autônomo, como comprovo minha renda no prouni?", None, "prouni"),
        ("zerei a redação, ainda consigo bolsa do prouni?", None, "prouni"),
    ],
)
def test_domain_questions_go_to_the_editais(
    text: str, active: Workflow | None, target: str | None
) -> None:
    decision = route_offline(text, active)
    if target is None:
        assert decision.intent == "CONTINUE_WORKFLOW"
    else:
        assert (decision.intent, decision.target) == ("CHANGE_WORKFLOW", target)


@pytest.mark.parametrize(
    "text",
    ["a renda da casa é 3000", "Maria", "moro em recife", "17", "Ensino médio completo"],
)
def test_data_answers_still_continue(text: str) -> None:
    assert route_offline(text, "onboarding").intent == "CONTINUE_WORKFLOW"


def test_a_request_to_check_eligibility_is_still_a_simulation() -> None:
    assert route_offline("tenho direito ao prouni?", None).target == "simulation"
    assert route_offline("quero calcular minha renda pro prouni", None).target == "simulation"


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("ate q dia da pra se inscrever no sisu", "sisu"),  # no "?", names the program
        ("posso ficar na lista de espera dos meus 2 cursos?", "sisu"),  # "lista" is no action
        ("meu avo é aposentado e mora com a gente, qual documento de renda dele", "prouni"),
        ("preciso de carta de recomendação pro sisu?", "sisu"),  # no request for suggestions
    ],
)
def test_questions_without_a_question_mark_or_with_lista_de_espera(text: str, target: str) -> None:
    assert route_offline(text, None).target == target


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("conta de luz no nome da minha mãe serve de comprovante de residência?", "prouni"),
        ("a faculdade precisa me devolver os documentos originais?", "sisu"),
        ("perdi meu certificado de conclusão, e agora?", "sisu"),
        ("meu curso só inicia em agosto, isso muda alguma coisa?", "sisu"),
        ("em que semestre começam as aulas?", "sisu"),
    ],
)
def test_paperwork_and_course_start_questions_go_to_the_editais_cold(
    text: str, target: str
) -> None:
    """Documents, proofs, certificates and when a course starts are the editais' subjects even
    when no program is named; onboarding resumes after the answer."""
    assert route_offline(text, "onboarding") == route_offline(text, None)
    assert route_offline(text, None).target == target


@pytest.mark.parametrize("text", ["não sei qual curso", "Ensino médio completo", "meu curso"])
def test_a_bare_course_word_is_not_an_editais_question(text: str) -> None:
    assert route_offline(text, "onboarding").intent == "CONTINUE_WORKFLOW"


def test_pre_selecionado_leans_to_the_prouni() -> None:
    assert route_offline("quem foi pré-selecionado leva o que na faculdade?", None).target == (
        "prouni"
    )


def test_who_rules_on_a_right_is_a_rule_question_not_an_eligibility_check() -> None:
    decision = route_offline("quem decide se eu tenho direito a vaga de cota?", None)
    assert decision.target == "sisu"
