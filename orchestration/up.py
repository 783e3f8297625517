"""``make up``: the three UIs side by side on localhost — Dagster (platform engineers),
the Streamlit dashboard (analysts, curators) and MLflow (ML engineers) — and the HTTP/MCP
API for agents (``memgov serve``). All bind to 127.0.0.1 by default; ports come from
MEMGOV_DAGSTER_PORT, MEMGOV_DASHBOARD_PORT, MEMGOV_MLFLOW_PORT and MEMGOV_API_PORT.
Ctrl-C stops them all.

``--production`` (``make up MODE=production``) starts the production deployment instead:
the Dagster instance on PostgreSQL with the run queue (``orchestration.production``),
``dagster-daemon run`` (schedules, sensors, the queue), ``dagster-webserver``, the API
and the dashboard; MLflow's UI is left to the tracking server you run (docs/deployment.md)."""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from curation import Settings, ValidationError

ROOT = Path(__file__).resolve().parent.parent


def _bin(name: str) -> str:
    candidate = Path(sys.executable).with_name(name)
    return str(candidate) if candidate.exists() else name


def bind_host() -> str:
    """``MEMGOV_BIND``, or 127.0.0.1 when unset or blank (a blank host would make some of
    the servers listen on every interface)."""
    return Settings.from_env().bind


def lineage_url(dagster: str) -> str:
    """Dagster's asset lineage with every asset group open. Dagster 1.13 opens the groups
    collapsed and has no server or instance setting for it: the UI reads the open groups
    only from the ``expanded`` query parameter (``global@global:<group>``, see its
    ``AssetGraphExplorer``) or the browser's local storage, so the printed link carries
    them."""
    from orchestration.definitions import defs

    groups = sorted({spec.group_name for spec in defs.resolve_all_asset_specs() if spec.group_name})
    return f"{dagster}/asset-groups?expanded=" + ",".join(f"global@global:{g}" for g in groups)


def commands(host: str) -> list[tuple[str, str, list[str]]]:
    from evaluation import tracking_uri

    settings = Settings.from_env()
    dagster_port, dashboard_port = str(settings.dagster_port), str(settings.dashboard_port)
    mlflow_port, api_port = str(settings.mlflow_port), str(settings.api_port)
    return [
        (
            "Dagster UI",
            lineage_url(f"http://{host}:{dagster_port}"),
            [sys.executable, "-m", "orchestration", "dev", "--host", host, "--port", dagster_port],
        ),
        (
            "Dashboard",
            f"http://{host}:{dashboard_port}",
            [
                sys.executable,
                "-m",
                "streamlit",
                "run",
                str(ROOT / "dashboard" / "app.py"),
                "--server.address",
                host,
                "--server.port",
                dashboard_port,
                "--server.headless",
                "true",
                "--browser.gatherUsageStats",
                "false",
            ],
        ),
        (
            "MLflow UI",
            f"http://{host}:{mlflow_port}",
            [
                _bin("mlflow"),
                "ui",
                "--backend-store-uri",
                tracking_uri(),
                "--host",
                host,
                "--port",
                mlflow_port,
            ],
        ),
        (
            "HTTP API",
            f"http://{host}:{api_port}/docs",
            [_bin("memgov"), "serve", "--host", host, "--port", api_port],
        ),
    ]


def production_commands(host: str) -> list[tuple[str, str, list[str]]]:
    """The daemon and the webserver on the production instance (created here: the
    embedded PostgreSQL's ``dagster`` database unless MEMGOV_DAGSTER_PG_URL names one),
    then the API and the dashboard as in the default mode."""
    from orchestration.production import daemon_command, ensure_production_home, webserver_command

    ensure_production_home()  # DAGSTER_HOME for everything started below
    by_name = {name: (name, url, command) for name, url, command in commands(host)}
    dagster_port = str(Settings.from_env().dagster_port)
    return [
        ("Dagster daemon", "schedules, sensors and the run queue", daemon_command()),
        ("Dagster UI", by_name["Dagster UI"][1], webserver_command(host, dagster_port)),
        by_name["HTTP API"],
        by_name["Dashboard"],
    ]


def _signal_group(process: subprocess.Popen[bytes], sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError):  # the whole group has exited
        os.killpg(process.pid, sig)


def _stop(_signum: int, _frame: object) -> None:
    """SIGTERM (a service manager's stop) shuts them all down like Ctrl-C does."""
    raise KeyboardInterrupt


def main(argv: list[str] | None = None) -> int:
    from evaluation import tracking_uri

    parser = argparse.ArgumentParser(
        prog="python -m orchestration.up", description=__doc__, allow_abbrev=False
    )
    parser.add_argument(
        "--production",
        action="store_true",
        help="the PostgreSQL-backed instance with dagster-daemon and the webserver",
    )
    production = parser.parse_args(argv or []).production
    signal.signal(signal.SIGTERM, _stop)
    try:  # every setting is checked first: a bad one is named before anything starts
        settings = Settings.from_env()
        host = settings.bind
        os.environ.setdefault("MLFLOW_TRACKING_URI", tracking_uri())
        if not production:  # no MLflow UI is started there: no link to a dead port
            os.environ.setdefault("MEMGOV_MLFLOW_UI_URL", f"http://{host}:{settings.mlflow_port}")
        chosen = production_commands(host) if production else commands(host)
    except ValidationError as exc:
        print(f"python -m orchestration.up: {exc}", file=sys.stderr)
        return 2
    processes = []
    try:
        for name, url, command in chosen:
            # each UI in its own process group, so stopping one stops everything it started
            processes.append(subprocess.Popen(command, cwd=ROOT, start_new_session=True))
            print(f"{name:12} {url}", flush=True)
        print("Ctrl-C stops them all.", flush=True)
        while all(p.poll() is None for p in processes):
            time.sleep(1)
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM, at any point: stop quietly
        print("stopping...", flush=True)
    finally:
        # a second signal (make forwards one, impatient users press twice) must not cut
        # the shutdown short with a traceback
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for process in processes:
            _signal_group(process, signal.SIGINT)
        for process in processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=20)
            _signal_group(process, signal.SIGKILL)  # whatever of the group outlived it
    return max((p.returncode or 0) for p in processes)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
