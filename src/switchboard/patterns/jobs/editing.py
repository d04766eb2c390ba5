"""Editing a job's plan and definition of done before it is approved.

A person may change what they are asked to approve: the plan (steps and sub-jobs) and the
criteria. Only while the job awaits approval and no decision was recorded; afterwards (approved,
rejected, expired, cancelled, or not yet planned) the edit is `JobStateError` (HTTP 409). The
write is a compare-and-set on the row (`JobStore.save_record(undecided=True)`): an approval that
lands between the read and the write wins, and the edit is refused rather than lost. The
approved run reads the row (`decided` phase, `load="row"`), so it runs the edited plan.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, model_validator

from switchboard.patterns.jobs import transitions as t
from switchboard.patterns.jobs.errors import InvalidPlanError, JobStateError
from switchboard.patterns.jobs.models import Criterion, Job, JobStatus, Plan, utcnow
from switchboard.patterns.jobs.plan import check_plan


class JobEdit(BaseModel):
    """New plan and/or criteria (each replaces the proposed one whole)."""

    model_config = ConfigDict(extra="forbid")

    plan: Plan | None = None
    validation_criteria: list[Criterion] | None = None

    @model_validator(mode="after")
    def _something(self) -> JobEdit:
        if self.plan is None and self.validation_criteria is None:
            raise ValueError("informe o plano, os critérios ou ambos")
        return self


def check_editable(job: Job) -> None:
    """`JobStateError` (409) unless the job awaits approval with no decision recorded."""
    if job.approval is not None:
        if job.approval.approved:
            raise JobStateError(
                "o job já foi aprovado: plano e critérios não podem mais ser editados",
                job_id=job.id,
            )
        raise JobStateError("o job já recebeu uma decisão e não pode ser editado", job_id=job.id)
    if job.status is not JobStatus.AWAITING_APPROVAL:
        raise JobStateError(
            "só é possível editar o plano e os critérios de um job aguardando aprovação "
            f"(situação: {job.status.label})",
            job_id=job.id,
        )


def apply_edit(job: Job, edit: JobEdit) -> None:
    """Check the edit (non-empty plan, valid sub-job graph, unique criterion ids) and apply
    it, with a history entry saying what changed."""
    check_editable(job)
    changed: list[str] = []
    if edit.plan is not None:
        if not edit.plan.steps and not edit.plan.sub_jobs:
            raise InvalidPlanError("o plano editado está vazio: informe passos ou sub-jobs")
        check_plan(edit.plan)
        ids = [step.id for step in edit.plan.steps]
        if len(set(ids)) != len(ids):
            raise InvalidPlanError("o plano editado repete ids de passos")
        job.plan = edit.plan
        job.state.activity.planned_steps = list(edit.plan.steps)
        changed.append("plano")
    if edit.validation_criteria is not None:
        ids = [criterion.id for criterion in edit.validation_criteria]
        if len(set(ids)) != len(ids):
            raise InvalidPlanError("os critérios editados repetem ids")
        job.validation_criteria = list(edit.validation_criteria)
        job.state.criteria_defined = True
        changed.append("critérios")
    job.updated_at = utcnow()
    t.history(job, "approval", f"{' e '.join(changed)} editados pelo usuário antes da aprovação")


__all__ = ["JobEdit", "apply_edit", "check_editable"]
