"""One rule for tenants on every command: an unknown tenant is a typed one-line error with
exit status 2 (never an empty answer, a traceback or a tenant created by a typo); a name
that could not be told apart from another, or that Dagster could not schedule, is refused;
tenants are created by writes or ``memgov tenants create`` and deleted only with a fresh
dump (or --force) after a confirmation. Plus the CLI's other unhappy paths.

Commands run in process (Typer's CliRunner) so walking every command stays quick; the
concurrency case runs the installed console script in subprocesses, as users would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_helpers import MEMGOV, invoke
from typer.testing import Result

from curation.cli.app import _load_plugins, app

_load_plugins()  # the walk covers plugin commands (experiment ...) too

ROOT = Path(__file__).resolve().parents[1]

KNOWN = "acme"
UNKNOWN = "no-such-tenant"
ID = str(uuid.UUID(int=1))
# every command that names a tenant with -t, with placeholder arguments of the right shape
TENANT_COMMANDS: list[list[str]] = [
    ["recall", "release"],
    ["contest", ID, "--claim", "c", "--evidence", "e"],
    ["explain", ID],
    ["restore", ID],
    ["pin", ID],
    ["feedback", ID],
    ["outcome", ID, "--success"],
    ["export", "{folder}/out.jsonl"],
    ["export", "{folder}/out.dump", "--full"],
    ["curate"],
    ["curate", "--apply"],
    ["undo", ID],
    ["rewind", "--to", "2026-01-01T00:00:00Z"],
    ["rewind", "--to", "2026-01-01T00:00:00Z", "--dry-run"],
    ["runs"],
    ["compact", "--grace-days", "1", "--yes"],
    ["policy", "show"],
    ["policy", "set", "prune_below=0.2"],
    ["proposals", "list"],
    ["proposals", "approve", ID],
    ["proposals", "reject", ID],
    ["proposals", "unmerge", ID],
    ["conflicts", "list"],
    ["conflicts", "resolve", ID, "--resolution", "dismiss"],
    ["conflicts", "reopen", ID],
    ["golden", "add", "--query", "q", "--expect", ID],
    ["golden", "list"],
    ["experiment", "start", "exp", "--days", "7"],
    ["experiment", "stop", "exp"],
    ["experiment", "status", "exp"],
    ["experiment", "list"],
    ["keys", "create"],
    ["keys", "list"],
    ["keys", "revoke", ID],
]
# names no surface may use: mixed scripts, a Dagster-invalid key, control characters
HOSTILE_NAMES = [
    "\u0430cme",  # Cyrillic a + "cme"
    "team...x",
    "tab\tname",
    " padded ",
    "zero\u200bwidth",
]


@dataclass
class Cli:
    env: dict[str, str]
    folder: Path

    def run(self, *args: str, input: str | None = None) -> Result:
        argv = [a.format(folder=self.folder) for a in args]
        result = invoke(app, argv, env=self.env, input=input)
        if not isinstance(result.exception, SystemExit | None):
            raise result.exception  # a crash, not a refusal
        return result

    def tenants(self) -> list[str]:
        listed = self.run("tenants", "--json")
        assert listed.exit_code == 0, listed.output
        names: list[str] = json.loads(listed.stdout)
        return names


@pytest.fixture
def cli(cli_env: dict[str, str], tmp_path: Path) -> Iterator[Cli]:
    env = dict(cli_env, MEMGOV_EMBEDDER="hashing")
    runner = Cli(env, tmp_path)
    (tmp_path / "one.jsonl").write_text(json.dumps({"content": "One line to import."}) + "\n")
    done = runner.run("remember", "The release branch is cut on Tuesdays.", "-t", KNOWN)
    assert done.exit_code == 0, done.output
    yield runner


def _one_line_error(result: Result, field: str) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: {field}="), lines[0]
    return lines[0]


def test_every_command_refuses_an_unknown_tenant_the_same_way(cli: Cli) -> None:
    for command in TENANT_COMMANDS:
        line = _one_line_error(cli.run(*command, "-t", UNKNOWN), "tenant")
        assert line.startswith(f"error: tenant='{UNKNOWN}': no such tenant"), (command, line)
    assert cli.tenants() == [KNOWN]  # nothing, not even `policy set`, created it


def test_every_command_refuses_hostile_tenant_names(cli: Cli) -> None:
    for name in HOSTILE_NAMES:
        for command in [
            *TENANT_COMMANDS,
            ["remember", "x"],
            ["import", "{folder}/one.jsonl"],
        ]:
            _one_line_error(cli.run(*command, "-t", name), "tenant")
        _one_line_error(cli.run("tenants", "create", name), "tenant")
    assert cli.tenants() == [KNOWN]


def test_names_are_normalised_and_look_alikes_refused(cli: Cli) -> None:
    nfd, nfc = "cafe\u0301", "caf\u00e9"
    assert cli.run("remember", "Espresso costs 2 euros.", "-t", nfd).exit_code == 0
    recalled = cli.run("recall", "espresso", "-t", nfc, "--json")
    assert recalled.exit_code == 0, recalled.output
    assert [hit["content"] for hit in json.loads(recalled.stdout)] == ["Espresso costs 2 euros."]
    for look_alike in ("ACME", "Acme", "cafe", "CAF\u00c9", "acm\u0435"):
        line = _one_line_error(cli.run("tenants", "create", look_alike), "tenant")
        assert "looks like the existing tenant" in line or "mixes scripts" in line, line
    assert sorted(cli.tenants()) == sorted([KNOWN, nfc])


def test_tenants_create_then_delete_with_a_fresh_dump(cli: Cli) -> None:
    created = cli.run("tenants", "create", "demo-empty")
    assert created.exit_code == 0 and "created" in created.stdout, created.output
    assert cli.run("runs", "-t", "demo-empty").exit_code == 0  # exists now: empty, no error
    # no dump: refused before anything is asked or deleted
    line = _one_line_error(cli.run("tenants", "delete", KNOWN, "--yes"), "--dump")
    assert "export --full" in line
    dump = cli.folder / "acme.dump"
    assert cli.run("export", str(dump), "--full", "-t", KNOWN).exit_code == 0
    # a write after the dump makes it stale
    assert cli.run("remember", "Deploys freeze on Fridays.", "-t", KNOWN).exit_code == 0
    stale = cli.run("tenants", "delete", KNOWN, "--dump", str(dump), "--yes")
    assert stale.exit_code == 2 and "not fresh" in stale.stderr, stale.output
    assert cli.run("export", str(dump), "--full", "-t", KNOWN).exit_code == 0
    # the confirmation: answering no keeps the tenant
    declined = cli.run("tenants", "delete", KNOWN, "--dump", str(dump), input="n\n")
    assert declined.exit_code == 1 and KNOWN in cli.tenants(), declined.output
    deleted = cli.run("tenants", "delete", KNOWN, "--dump", str(dump), input="y\n")
    assert deleted.exit_code == 0, deleted.output
    assert "2 memories" in deleted.stdout
    assert cli.tenants() == ["demo-empty"]
    _one_line_error(cli.run("recall", "release", "-t", KNOWN), "tenant")
    # the dump brings it back as it was
    restored = cli.run("import", str(dump), "--full")
    assert restored.exit_code == 0, restored.output
    assert sorted(cli.tenants()) == ["acme", "demo-empty"]
    forced = cli.run("tenants", "delete", "demo-empty", "--force", "--yes")
    assert forced.exit_code == 0, forced.output
    assert cli.tenants() == [KNOWN]


def test_curate_apply_on_a_dry_run_tenant_says_nothing_was_archived(cli: Cli) -> None:
    done = cli.run("curate", "-t", KNOWN, "--apply")
    assert done.exit_code == 0, done.output
    assert "nothing was archived" in done.stdout
    assert f"memgov policy set -t {KNOWN} --enable-writes" in done.stdout
    assert cli.run("policy", "set", "-t", KNOWN, "--enable-writes").exit_code == 0
    again = cli.run("curate", "-t", KNOWN, "--apply")
    assert "nothing was archived" not in again.stdout


@pytest.mark.parametrize(
    ("assignment", "field"),
    [("prune_below=5", "policy.prune_below"), ("no_such_field=1", "policy.no_such_field")],
)
def test_policy_set_errors_are_one_line(cli: Cli, assignment: str, field: str) -> None:
    _one_line_error(cli.run("policy", "set", "-t", KNOWN, assignment), field)


def test_import_unhappy_paths(cli: Cli) -> None:
    line = _one_line_error(cli.run("import", str(cli.folder), "-t", KNOWN), "path")
    assert "is a directory" in line
    bad = cli.folder / "bad.jsonl"
    bad.write_text("".join(json.dumps({"content": ""}) + "\n" for _ in range(23)))
    done = cli.run("import", str(bad), "-t", KNOWN)
    assert done.exit_code == 1
    assert done.stderr.count("  line ") == 20
    assert "... and 3 more rejected line(s)" in done.stderr


def test_an_empty_embedder_variable_means_the_default(cli: Cli) -> None:
    env = dict(cli.env, MEMGOV_EMBEDDER="")
    result = invoke(app, ["tenants"], env=env)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == KNOWN


def test_server_status_names_the_data_folder(cli: Cli) -> None:
    result = cli.run("server", "status", "--json")
    assert result.exit_code == 0, result.output
    state = json.loads(result.stdout)
    assert state["running"] is False and state["pid"] is None  # tests use their own server
    assert state["external_database"] is True
    stopped = cli.run("server", "stop")
    assert stopped.exit_code == 0 and "not running" in stopped.stdout


def test_concurrent_imports_of_a_file_with_ids_end_cleanly(cli: Cli) -> None:
    lines = cli.folder / "with_ids.jsonl"
    lines.write_text(
        "".join(
            json.dumps({"id": str(uuid.UUID(int=1000 + n)), "content": f"Runbook step {n}."}) + "\n"
            for n in range(200)
        )
    )
    procs = [
        subprocess.Popen(
            [MEMGOV, "import", str(lines), "-t", "demo-race"],
            env=cli.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outputs = [p.communicate(timeout=180) for p in procs]
    for proc, (out, err) in zip(procs, outputs, strict=True):
        assert "Traceback" not in err and "UniqueViolation" not in err, err
        assert proc.returncode == 0, (out, err)
    summaries = sorted(out.strip() for out, _ in outputs)
    assert summaries == [
        "200 lines: 0 imported, 200 restated (of which 0 revived), 0 rejected",
        "200 lines: 200 imported, 0 restated (of which 0 revived), 0 rejected",
    ], summaries


NO_EMBEDDING = """
import sys
from typer.testing import CliRunner
from curation.cli.app import _load_plugins, app
_load_plugins()
for args in {commands!r}:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, (args, result.output)
loaded = sorted(m for m in ("sentence_transformers", "transformers", "torch") if m in sys.modules)
print(",".join(loaded) or "none")
"""


def test_commands_that_embed_nothing_load_no_model(cli: Cli) -> None:
    """With the default embedder (MiniLM) configured, listing, reading and curating
    never import the model's libraries: only writes and recalls embed."""
    commands = [
        ["tenants"],
        ["runs", "-t", KNOWN],
        ["policy", "show", "-t", KNOWN],
        ["proposals", "list", "-t", KNOWN],
        ["conflicts", "list", "-t", KNOWN],
        ["experiment", "list", "-t", KNOWN],
        ["curate", "-t", KNOWN],
        ["server", "status"],
    ]
    env = {k: v for k, v in cli.env.items() if k != "MEMGOV_EMBEDDER"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", NO_EMBEDDING.format(commands=commands)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "none", done.stdout
