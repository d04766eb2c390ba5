"""The sandbox every command of a job runs in: bubblewrap namespaces, only the job's workspace
writable, no network, no secrets, resource limits (see `docs/sandbox.md`).

    from switchboard.patterns.jobs.sandbox import Sandbox

    result = await Sandbox().run(["git", "status"], workspace=path, timeout_s=10)
    result.exit_code, result.output, result.timed_out

Modules: `runner` (Sandbox.run, CommandResult), `bwrap` (the command line: namespaces, mounts),
`environment` (the environment, git's rules), `limits` (rlimits and which of them hold),
`identity` (which uid runs the command), `probe` (is a sandbox usable here), `folders` (what
may be a workspace, host project folders), `repository` (each workspace its own git repo).
"""

from switchboard.patterns.jobs.sandbox.folders import (
    allowed_workspace,
    check_mountable,
    host_workspace,
    installation_root,
)
from switchboard.patterns.jobs.sandbox.limits import MIB, SandboxLimits
from switchboard.patterns.jobs.sandbox.probe import SandboxStatus, log_status
from switchboard.patterns.jobs.sandbox.repository import prepare_workspace
from switchboard.patterns.jobs.sandbox.runner import CommandResult, Sandbox

__all__ = [
    "MIB",
    "CommandResult",
    "Sandbox",
    "SandboxLimits",
    "SandboxStatus",
    "allowed_workspace",
    "check_mountable",
    "host_workspace",
    "installation_root",
    "log_status",
    "prepare_workspace",
]
