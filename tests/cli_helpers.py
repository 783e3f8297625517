"""Running the installed ``memgov`` console script in a subprocess, as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

MEMGOV = str(Path(sys.executable).parent / "memgov")


def memgov(env: dict[str, str], *args: str, code: int = 0) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [MEMGOV, *args], env=env, capture_output=True, text=True, timeout=180, check=False
    )
    assert done.returncode == code, (args, done.returncode, done.stdout, done.stderr)
    return done


def as_json(done: subprocess.CompletedProcess[str]) -> Any:
    return json.loads(done.stdout)
