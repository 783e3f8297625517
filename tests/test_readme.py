"""Every code block in README.md runs as written (see the README's note on info strings).

``python`` blocks run twice in a subprocess against a test database (the second run proves
the example idempotent); ``json`` blocks parse; ``bash`` blocks run line by line from the
repository root. Blocks marked ``long`` or ``server`` are checked without being run: a
``make`` target with ``make -n``, a ``memgov`` command line parsed (options, arguments,
sub-commands) by the CLI itself. An unknown info string fails: a new kind of block must
say how it is checked."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import typer.main

from api.app import openapi_document
from curation.cli.app import _load_plugins, app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
_FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```\s*$", re.DOTALL | re.MULTILINE)
_ASSIGNMENT = re.compile(r"^[A-Z_][A-Z0-9_]*=")
# ``js`` blocks (the Vercel AI SDK agent) run in tests/test_ai_sdk_node.py, against a server;
# ``python client`` blocks (the LangGraph agent) in tests/test_client_readme.py
KNOWN = {
    "python", "python client", "json", "json sketch", "bash", "bash long", "bash server",
    "text", "js",
}  # fmt: skip  # a flat list of names, read as a paragraph


@dataclass(frozen=True)
class Block:
    info: str
    code: str
    line: int

    def __str__(self) -> str:
        return f"README.md:{self.line} ({self.info})"


def blocks() -> list[Block]:
    text = README.read_text(encoding="utf-8")
    return [
        Block(m.group(1).strip(), m.group(2), text.count("\n", 0, m.start()) + 1)
        for m in _FENCE.finditer(text)
    ]


def _commands(code: str) -> list[list[str]]:
    """Each shell line as words, comments and leading VAR=value assignments dropped."""
    out = []
    for raw in code.splitlines():
        words = shlex.split(raw, comments=True)
        while words and _ASSIGNMENT.match(words[0]):
            words.pop(0)
        if words:
            out.append(words)
    return out


def _rest(ctx: Any) -> list[str]:
    """What a group left for its sub-command (typer's click keeps the name apart)."""
    return [*getattr(ctx, "_protected_args", []), *ctx.args]


def _check_memgov(words: list[str]) -> None:
    """Parse a memgov command line as the CLI would, without running it."""
    _load_plugins()
    command = typer.main.get_command(app)
    ctx = command.make_context("memgov", list(words), resilient_parsing=False)
    while _rest(ctx):
        rest = _rest(ctx)
        sub = command.get_command(ctx, rest[0])  # type: ignore[attr-defined]
        assert sub is not None, f"no memgov command {rest[0]!r} in {words}"
        ctx = sub.make_context(rest[0], rest[1:], parent=ctx, resilient_parsing=False)
        command = sub


def _check_route(words: list[str]) -> None:
    """A curl line must call a route of the HTTP API: its path is in the OpenAPI document
    the app states (the one the Node client's types are generated from)."""
    urls = [word for word in words[1:] if "/v1/" in word]
    assert len(urls) == 1, f"no single API URL in {words!r}"
    path = "/v1/" + urls[0].split("/v1/", 1)[1].split("?", 1)[0]
    assert path in openapi_document()["paths"], f"{path} is not a route of the HTTP API"


def _check_line(words: list[str]) -> None:
    program = Path(words[0]).name
    if program == "make":
        done = subprocess.run(
            ["make", "-n", "-C", str(ROOT), *words[1:]], capture_output=True, text=True
        )
        assert done.returncode == 0, (words, done.stderr)
    elif program == "memgov":
        _check_memgov(words[1:])
    elif program in ("python3", "pip") or words[0].endswith("/pip"):
        pass  # installs: what `make demo` / `make test` run on every clean clone
    elif program == "curl":
        _check_route(words)
    else:
        raise AssertionError(f"no way to check {words!r}: mark the block or extend the test")


ALL = blocks()


def test_the_readme_has_its_code_blocks() -> None:
    kinds = {b.info for b in ALL}
    assert "python" in kinds and "bash long" in kinds, kinds
    unknown = [str(b) for b in ALL if b.info not in KNOWN]
    assert not unknown, f"blocks with an undocumented info string: {unknown}"


@pytest.mark.parametrize("block", [b for b in ALL if b.info == "python"], ids=str)
def test_python_blocks_run_twice(block: Block, cli_env: dict[str, str], tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(block.code)
    env = dict(cli_env, MEMGOV_EMBEDDER="hashing", PYTHONPATH=str(ROOT))
    for attempt in (1, 2):
        done = subprocess.run(
            [sys.executable, str(script)],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (attempt, done.stdout, done.stderr[-3000:])


@pytest.mark.parametrize("block", [b for b in ALL if b.info == "json"], ids=str)
def test_json_blocks_parse(block: Block) -> None:
    json.loads(block.code)


@pytest.mark.parametrize(
    "block", [b for b in ALL if b.info in ("bash long", "bash server")], ids=str
)
def test_long_and_server_blocks_name_real_commands(block: Block) -> None:
    for words in _commands(block.code):
        _check_line(words)


def test_bash_blocks_run(cli_env: dict[str, str]) -> None:
    """Plain ``bash`` blocks (none today: every shell block installs, runs long or starts
    servers) run from the repository root against a test database."""
    env = dict(cli_env, MEMGOV_EMBEDDER="hashing", PATH=os.environ.get("PATH", ""))
    for block in (b for b in ALL if b.info == "bash"):
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", block.code],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, (str(block), done.stdout[-2000:], done.stderr[-2000:])


def test_the_api_table_names_every_field_of_recall_and_outcomes() -> None:
    """The table's ``{...}`` bodies are written by hand: a field added to the API (recall's
    ``as_of`` was missed once) must be added there too."""
    from api.models import OutcomeIn, RecallIn, RecallOut

    rows = {
        line.split("|")[1].strip(): line
        for line in README.read_text(encoding="utf-8").splitlines()
        if line.startswith("| `POST /v1/")
    }

    def bodies(route: str) -> list[set[str]]:
        return [
            {field.strip() for field in body.split(",")}
            for body in re.findall(r"`\{([^}\"]*)\}`", rows[f"`POST /v1/{route}`"])
        ]

    assert bodies("recall") == [set(RecallIn.model_fields), set(RecallOut.model_fields)]
    assert bodies("outcomes") == [set(OutcomeIn.model_fields)]
