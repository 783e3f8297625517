"""``make up`` stops everything it started, whether by Ctrl-C or by SIGTERM (a service
manager's stop), grandchildren included: each UI runs in its own process group; and it
stops quietly, without a traceback, even when a second signal arrives mid-shutdown."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

# A stand-in for the three UIs: each starts a grandchild (as `dagster dev` starts its
# webserver and daemon), reports the grandchild's pid, and sleeps.
UI = textwrap.dedent(
    """
    import signal, subprocess, sys, time
    # like a real UI, take a moment to shut down
    signal.signal(signal.SIGINT, lambda *_: (time.sleep(1.5), sys.exit(0)))
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    with open(sys.argv[1], "a") as out:
        out.write(f"{child.pid}\\n")
    time.sleep(600)
    """
)
LAUNCHER = textwrap.dedent(
    """
    import sys
    import orchestration.up as up
    pids, script = sys.argv[1], sys.argv[2]
    up.commands = lambda host: [
        (name, "-", [sys.executable, script, pids]) for name in ("dagster", "dashboard", "mlflow")
    ]
    raise SystemExit(up.main())
    """
)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purposes (its parent has not reaped it yet)
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split(") ")[-1][0] != "Z"


def test_sigterm_stops_every_ui_and_what_they_started(tmp_path: Path) -> None:
    pids, script = tmp_path / "pids", tmp_path / "ui.py"
    script.write_text(UI)
    launcher = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER, str(pids), str(script)],
        cwd=Path(__file__).resolve().parents[1],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 60
    while not pids.exists() or len(pids.read_text().split()) < 3:
        assert time.monotonic() < deadline, "the stand-in UIs did not start"
        assert launcher.poll() is None, launcher.stdout.read() if launcher.stdout else ""
        time.sleep(0.1)
    grandchildren = [int(p) for p in pids.read_text().split()]
    assert all(alive(pid) for pid in grandchildren)

    launcher.send_signal(signal.SIGTERM)
    time.sleep(0.5)
    if launcher.poll() is None:  # a second, impatient signal during the shutdown
        launcher.send_signal(signal.SIGTERM)
    _, err = launcher.communicate(timeout=60)
    # (the stand-ins share stderr and may print their own interrupted start-up)
    assert "orchestration/up.py" not in err, err  # no traceback through make up itself
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in grandchildren) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert [pid for pid in grandchildren if alive(pid)] == []


def test_the_printed_dagster_link_opens_every_asset_group() -> None:
    """Dagster opens asset groups collapsed and reads the open ones only from the link's
    ``expanded`` parameter (checked in a headless browser on Dagster 1.13: the groups of
    this link are drawn open, without it collapsed)."""
    import re
    from urllib.parse import parse_qs, urlsplit

    from orchestration.definitions import defs
    from orchestration.up import commands

    link = dict((name, url) for name, url, _ in commands("127.0.0.1"))["Dagster UI"]
    parts = urlsplit(link)
    assert (parts.netloc, parts.path) == ("127.0.0.1:3000", "/asset-groups")
    opened = parse_qs(parts.query)["expanded"][0].split(",")
    assert all(re.fullmatch(r"[^@:]+@[^@:]+:.+", group) for group in opened)  # Dagster's form
    groups = {spec.group_name for spec in defs.resolve_all_asset_specs()}
    assert {g.split(":", 1)[1] for g in opened} == groups >= {"curation", "evaluation"}
