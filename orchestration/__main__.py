"""``python -m orchestration``: the Dagster side of Memgov from a shell.

python -m orchestration home              # create DAGSTER_HOME (telemetry off), print it
python -m orchestration dev [args...]     # `dagster dev -w workspace.yaml` on that home
python -m orchestration run [--tenant T]  # register tenants, run curation_job per tenant
                                          # in-process on that instance (seen in the UI)
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dagster import DagsterInstance, JobDefinition

WORKSPACE = Path(__file__).resolve().parent.parent / "workspace.yaml"


def _home() -> int:
    from orchestration.instance import ensure_dagster_home

    home = ensure_dagster_home()
    print(f"export DAGSTER_HOME={home}")
    return 0


def dev_host_args(extra: Sequence[str]) -> list[str]:
    """``extra`` for ``dagster dev``, bound to 127.0.0.1 unless it names a host itself
    (explicit rather than trusting dagster's own default to stay local)."""
    if any(a in ("--host", "-h", "--dagit-host") or a.startswith("--host=") for a in extra):
        return list(extra)
    return ["--host", "127.0.0.1", *extra]


def _dev(extra: Sequence[str]) -> int:
    from orchestration.instance import ensure_dagster_home

    home = ensure_dagster_home()
    env = {**os.environ, "DAGSTER_HOME": str(home)}
    dagster = Path(sys.executable).with_name("dagster")
    command = [str(dagster) if dagster.exists() else "dagster", "dev", "-w", str(WORKSPACE)]
    command += dev_host_args(extra)
    print(f"DAGSTER_HOME={home}\n$ {' '.join(command)}", flush=True)
    return subprocess.call(command, env=env, cwd=WORKSPACE.parent)


def _run(tenants: Sequence[str], job_name: str) -> int:
    from dagster import DagsterInstance

    from orchestration.definitions import defs
    from orchestration.instance import ensure_dagster_home
    from orchestration.partitions import TENANTS, is_valid_partition_key
    from orchestration.resources import StoreResource

    ensure_dagster_home()
    # unset fields fall back to MEMGOV_DATABASE_URL / MEMGOV_EMBEDDER, as in `defs`
    in_store = StoreResource().open().tenants.all()
    chosen = list(tenants) or [t for t in in_store if is_valid_partition_key(t)]
    unknown = sorted(set(chosen) - set(in_store))
    if unknown:
        print(f"unknown tenant(s): {unknown}; the store has {in_store}", file=sys.stderr)
        return 2
    with DagsterInstance.get() as instance:
        known = set(instance.get_dynamic_partitions(TENANTS))
        instance.add_dynamic_partitions(TENANTS, [t for t in chosen if t not in known])
        return run_tenants(defs.resolve_job_def(job_name), chosen, instance)


def run_tenants(job: JobDefinition, tenants: Sequence[str], instance: DagsterInstance) -> int:
    """``job`` for each tenant in turn, a line each; 1 if any failed. Ctrl-C or SIGTERM
    stops it with a line saying where (exit 130, no traceback): the interrupted run's
    apply is atomic, so that tenant is as before the run or after it."""
    from orchestration.in_process import run_for_tenant

    failed = 0
    for done, tenant in enumerate(tenants):
        try:
            result = run_for_tenant(job, tenant, instance)
        except KeyboardInterrupt:
            left = ", ".join(tenants[done + 1 :]) or "none"
            print(
                f"{tenant}: stopped by a signal (its store is as before the run or after it); "
                f"not run: {left}",
                file=sys.stderr,
                flush=True,
            )
            return 130
        checks = result.get_asset_check_evaluations()
        failing = [c.check_name for c in checks if not c.passed]
        status = "ok" if result.success else "FAILED"
        print(
            f"{tenant}: {status}; checks {len(checks) - len(failing)}/{len(checks)} passed"
            + (f" (failing: {', '.join(failing)})" if failing else "")
        )
        failed += not result.success
    return 1 if failed else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m orchestration",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("home", help="create DAGSTER_HOME under the state directory")
    sub.add_parser(
        "dev",
        help="serve the Dagster UI (dagster dev -w workspace.yaml); "
        "further arguments go to dagster dev",
    )
    run = sub.add_parser("run", help="run a job for every tenant (or the given ones)")
    run.add_argument("--tenant", action="append", default=[], help="repeatable")
    run.add_argument("--job", default="curation_job")
    args, extra = parser.parse_known_args(argv)
    if args.command == "dev":
        return _dev(extra)
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "home":
        return _home()
    return _run(args.tenant, args.job)


if __name__ == "__main__":
    raise SystemExit(main())
