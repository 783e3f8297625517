"""Long commands show a progress bar on a terminal and keep machine output clean: with
standard error on a real pseudo-terminal the bar is drawn there, while standard output
(a pipe) holds only the command's JSON; off a terminal no bar is drawn at all."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path

import pytest
from cli_helpers import MEMGOV
from timeqa_fixture import write_timeqa

BAR_GLYPH = "━"  # rich's bar; never part of a command's own output


def run_with_tty_stderr(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    """Run memgov with stdout a pipe and stderr a pseudo-terminal; (code, stdout, tty)."""
    master, slave = os.openpty()
    chunks: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        done = subprocess.run(
            [MEMGOV, *args],
            env=env,
            stdout=subprocess.PIPE,
            stderr=slave,
            text=True,
            timeout=300,
            check=False,
        )
    finally:
        os.close(slave)
        reader.join(timeout=10)
        os.close(master)
    return done.returncode, done.stdout, b"".join(chunks).decode("utf-8", "replace")


@pytest.fixture
def env(cli_env: dict[str, str]) -> dict[str, str]:
    return dict(cli_env, MEMGOV_EMBEDDER="hashing", TERM="xterm-256color", COLUMNS="100")


def test_eval_draws_its_bar_on_a_terminal_and_its_json_stays_clean(
    env: dict[str, str], tmp_path: Path
) -> None:
    data = write_timeqa(tmp_path / "timeqa")
    code, out, tty = run_with_tty_stderr(env, "eval", "timeqa", str(data), "--json", "--no-mlflow")
    assert code == 0, tty
    assert json.loads(out)["arms"]["raw"]["overall"]["n"] == 2  # stdout: the JSON alone
    assert "TimeQA" in tty and BAR_GLYPH in tty  # the bar, on the terminal
    assert "facts," in tty  # the runner's interim lines, above the bar

    piped = subprocess.run(
        [MEMGOV, "eval", "timeqa", str(data), "--json", "--no-mlflow"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert piped.returncode == 0, piped.stderr
    json.loads(piped.stdout)
    assert BAR_GLYPH not in piped.stderr and "facts," in piped.stderr  # lines, no bar


def test_import_and_curate_json_stays_clean_under_their_bars(
    env: dict[str, str], tmp_path: Path
) -> None:
    lines = tmp_path / "notes.jsonl"
    lines.write_text(
        "".join(
            json.dumps({"content": f"note {n}: deploys need review {n}"}) + "\n" for n in range(50)
        )
    )
    code, out, tty = run_with_tty_stderr(env, "import", str(lines), "-t", "acme", "--json")
    assert code == 0, tty
    assert json.loads(out)["imported"] == 50
    code, out, tty = run_with_tty_stderr(env, "curate", "-t", "acme", "--json")
    assert code == 0, tty
    report = json.loads(out)
    assert report["dry_run"] is True and report["planned"]["active_before"] == 50
