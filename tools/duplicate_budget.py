"""The duplicate-code budget of ``make lint``.

    python tools/duplicate_budget.py BUDGET

Runs pylint's duplicate-code check (R0801: six or more identical lines in two or more
modules, comments, docstrings, imports and signatures ignored; settings in
``[tool.pylint.*]`` of pyproject.toml) over every package and the tests, and fails when it
finds more similar blocks than BUDGET. A copy is then either written once or the budget
is raised on purpose, in the diff, where a reviewer sees it; lower the budget whenever a
change removes one.
"""

from __future__ import annotations

import re
import subprocess
import sys

PATHS = [
    "curation",
    "evaluation",
    "orchestration",
    "dashboard",
    "api",
    "clients/python/memgov_client",
    "tests",
]
BLOCK = re.compile(r"^\S+:\d+:\d+: R0801: ", re.MULTILINE)


def main(argv: list[str]) -> int:
    if len(argv) != 2 or not argv[1].isdigit():
        print(__doc__, file=sys.stderr)
        return 2
    budget = int(argv[1])
    done = subprocess.run(
        [sys.executable, "-m", "pylint", *PATHS], capture_output=True, text=True, check=False
    )
    if done.returncode & 1 or done.returncode & 32:  # fatal or usage error: no count at all
        print(done.stdout + done.stderr, file=sys.stderr)
        return 2
    found = len(BLOCK.findall(done.stdout))
    if found > budget:
        print(done.stdout)
        print(f"duplicate code: {found} similar blocks, over the budget of {budget}")
        return 1
    print(f"duplicate code: {found} similar blocks (budget {budget})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
