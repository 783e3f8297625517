"""The CLI under hostile arguments and files, in process through Typer's CliRunner.

A refused command exits non-zero with one ``error: field=value: reason`` line on stderr
(or, for a value the argument parser itself refuses, its usage error naming the option),
prints no traceback and writes nothing; an accepted one stores its values verbatim. Any
exception other than the exit itself is a crash and fails the test.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import invoke
from hostile_inputs import HOSTILE, INJECTIONS, RAW_TEXT, fingerprint, hostile_text, label_text
from hypothesis import event, given
from hypothesis import strategies as st
from sqlalchemy import Engine, create_engine, pool
from store_helpers import fresh_database
from typer.testing import Result

from curation import Database, FixedClock, HashingEmbedder, MemoryStore
from curation._store.database import normalise_url
from curation.cli.app import app

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)
TENANT = "acme"
SENTINEL = "sentinel"
NOW = ["--now", T0.isoformat()]
_serial = itertools.count()


@dataclass
class Cli:
    env: dict[str, str]
    store: MemoryStore
    admin: Engine
    memory_id: str
    folder: Path

    def run(self, *args: str) -> Result:
        result = invoke(app, args, env=self.env)
        if not isinstance(result.exception, SystemExit | None):
            raise result.exception  # a crash, not a refusal: fail with its traceback
        return result


@pytest.fixture(scope="module")
def cli(pg_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cli]:
    folder = tmp_path_factory.mktemp("hostile-cli")
    with fresh_database(pg_server) as url:
        database = Database(url)
        store = MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(T0))
        memory_id = store.remember(TENANT, "The release branch is cut on Tuesdays.").id
        store.remember(SENTINEL, "The sentinel's only memory.")
        env = {
            "MEMGOV_DATABASE_URL": url,
            "MEMGOV_HOME": str(folder / "home"),
            "MEMGOV_EMBEDDER": "hashing",
            "HF_HUB_OFFLINE": "1",
        }
        admin = create_engine(normalise_url(url), poolclass=pool.NullPool)
        yield Cli(env, store, admin, memory_id, folder)
        admin.dispose()
        database.dispose()


_BOX = re.compile(r"[│╭╮╰╯─]")


def refusal(result: Result) -> str:
    """The one line that explains a refusal (a usage panel flattened to one line)."""
    assert result.exit_code != 0
    text = result.output
    assert "Traceback" not in text, text
    if "Usage:" in text:  # the argument parser's own refusal of a malformed option
        flat = " ".join(_BOX.sub(" ", text).split())
        assert "Invalid value for" in flat or "Missing" in flat or "No such" in flat, flat
        return flat
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert result.exit_code == 2
    return lines[0]


def names(line: str, fields: set[str]) -> bool:
    """Whether a refusal names one of ``fields`` (``error: field=...`` or the option), or
    is the state refusal such a field allows: an unknown tenant or memory, a memory that
    is not archived."""
    if any(
        f"error: {f}=" in line
        or f"error: --{f}=" in line  # the parser's refusal of an option's value
        or f"error: {f}." in line
        or f"'{f}'" in line
        or f"'--{f}'" in line
        for f in fields
    ):
        return True
    return ("tenant" in fields and line.startswith("error: unknown tenant ")) or (
        "memory_id" in fields and line.startswith(("error: unknown memory ", "error: memory "))
    )


def attempt(cli: Cli, args: list[str], fields: set[str]) -> Result:
    before = fingerprint(cli.admin, SENTINEL)
    result = cli.run(*args)
    if result.exit_code == 0:
        event("accepted")
        assert fingerprint(cli.admin, SENTINEL)["sentinel"] == before["sentinel"]
        return result
    line = refusal(result)
    event("refused")
    assert names(line, fields), (line, fields)
    assert fingerprint(cli.admin, SENTINEL) == before, line
    return result


# argv on Linux turns undecodable bytes into lone surrogates: those are realistic here
ARG_TEXT = st.one_of(RAW_TEXT.filter(lambda t: "\x00" not in t), hostile_text(min_size=1))
NUMBERS = st.sampled_from(
    [
        "nan",
        "inf",
        "-inf",
        "1e999",
        "-0",
        "0.5",
        "1.5",
        "abc",
        "",
        "99999999999999999999",
        "-1",
        "1e-400",
        "0x10",
        "½",
    ]
)
METADATA_TEXT = st.one_of(
    st.sampled_from(
        [
            '{"a": NaN}',
            '{"a": 1, "a": 2}',
            '{"\\ud800": 1}',
            '{"k": "\\u0000"}',
            "[1, 2]",
            '"text"',
            "{",
            "[" * 5000 + "]" * 5000,
            '{"n": ' + "9" * 5000 + "}",
            '{"deep": ' + '{"a": ' * 100 + "1" + "}" * 100 + "}",
        ]
    ),
    st.dictionaries(hostile_text(max_size=8), hostile_text(max_size=8), max_size=3).map(json.dumps),
)


@st.composite
def remember_args(draw: st.DrawFn) -> tuple[str | None, list[str], dict[str, Any]]:
    """``memgov remember`` arguments, at most one of them hostile."""
    target = draw(
        st.sampled_from(
            [
                None,
                "content",
                "tenant",
                "kind",
                "importance",
                "generality",
                "key",
                "metadata",
                "now",
            ]
        )
    )
    content = f"cli-{next(_serial)}: " + draw(hostile_text(max_size=40))
    values: dict[str, Any] = {
        "content": draw(ARG_TEXT) if target == "content" else content,
        "tenant": draw(ARG_TEXT) if target == "tenant" else TENANT,
        "kind": draw(ARG_TEXT) if target == "kind" else "fact",
        "importance": draw(NUMBERS) if target == "importance" else "0.5",
        "generality": draw(NUMBERS) if target == "generality" else "1",
        "key": draw(ARG_TEXT) if target == "key" else draw(label_text("key:")),
        "metadata": draw(METADATA_TEXT)
        if target == "metadata"
        else json.dumps({draw(hostile_text(max_size=6)): draw(st.sampled_from(INJECTIONS))}),
        "now": draw(st.sampled_from(["9999-12-31T23:59:59-05:00", "yesterday", "", "0"]))
        if target == "now"
        else T0.isoformat(),
    }
    args = [
        "remember",
        "-t",
        values["tenant"],
        "--kind",
        values["kind"],
        "--importance",
        values["importance"],
        "--generality",
        values["generality"],
        "--key",
        values["key"],
        "--metadata",
        values["metadata"],
        "--now",
        values["now"],
        "--json",
        "--",
        values["content"],
    ]
    return target, args, values


FIELD_OF = {
    "key": {"supersession_key", "key"},
    "metadata": {"metadata", "--metadata"},
    "now": {"now", "--now"},
    "content": {"content"},
}


@HOSTILE
@given(case=remember_args())
def test_remember(cli: Cli, case: tuple[str | None, list[str], dict[str, Any]]) -> None:
    target, args, values = case
    fields = FIELD_OF.get(target or "", {target or "-"})
    result = attempt(cli, args, fields)
    if result.exit_code != 0:
        assert target is not None, result.output
        return
    written = json.loads(result.stdout)
    memory = cli.store.get(values["tenant"], written["id"])
    assert memory.content == values["content"]
    assert memory.supersession_key == values["key"]
    assert memory.metadata == json.loads(values["metadata"])
    assert memory.importance == float(values["importance"])


@st.composite
def recall_args(draw: st.DrawFn) -> tuple[str | None, list[str]]:
    target = draw(st.sampled_from([None, "query", "tenant", "k", "mode", "now"]))
    query = draw(ARG_TEXT) if target == "query" else "q: " + draw(hostile_text(max_size=30))
    tenant = draw(ARG_TEXT) if target == "tenant" else TENANT
    k = draw(NUMBERS | st.sampled_from(["0", "1001", "-5"])) if target == "k" else "3"
    mode = draw(ARG_TEXT) if target == "mode" else draw(st.sampled_from(["curated", "raw"]))
    now = (
        draw(st.sampled_from(["", "2026-02-30T00:00:00", "tomorrow"]))
        if target == "now"
        else T0.isoformat()
    )
    return target, [
        "recall",
        "-t",
        tenant,
        "-k",
        k,
        "--mode",
        mode,
        "--now",
        now,
        "--json",
        "--",
        query,
    ]


@HOSTILE
@given(case=recall_args())
def test_recall(cli: Cli, case: tuple[str | None, list[str]]) -> None:
    target, args = case
    fields = {target or "-"} | ({"now", "--now"} if target == "now" else set())
    result = attempt(cli, args, fields | ({"-k"} if target == "k" else set()))
    if result.exit_code == 0:
        hits = json.loads(result.stdout)
        assert all(isinstance(h["id"], str) for h in hits)
    elif target is None:
        raise AssertionError(result.output)


@HOSTILE
@given(
    command=st.sampled_from(["explain", "pin", "feedback", "restore", "contest"]),
    memory=st.one_of(st.just("good"), ARG_TEXT, st.uuids().map(str)),
    tenant=st.one_of(st.just(TENANT), st.just(SENTINEL), ARG_TEXT),
)
def test_single_memory_commands(cli: Cli, command: str, memory: str, tenant: str) -> None:
    memory_id = cli.memory_id if memory == "good" else memory
    extra = ["--claim", "c", "--evidence", "e"] if command == "contest" else []
    result = attempt(cli, [command, "-t", tenant, *extra, "--", memory_id], {"memory_id", "tenant"})
    if result.exit_code == 0:
        assert tenant == TENANT and memory_id == cli.memory_id
    elif tenant == SENTINEL and memory == "good":  # another tenant's id is unknown here
        assert "unknown memory" in result.stderr


def test_import_of_a_hostile_file_reports_each_line_and_keeps_the_good(cli: Cli) -> None:
    tenant = f"cli-import-{next(_serial)}"
    source = cli.folder / "hostile.jsonl"
    source.write_bytes(
        b"\n".join(
            [
                b'{"content": "good one"}',
                b'{"content": "caf\xff au lait"}',
                b"[" * 50_000,
                b'{"content": "x", "content": "y"}',
                b'{"content": "bad surrogate", "topic": "\\ud800"}',
                b'{"content": "bad key", "\\udc80": 1}',
                b'{"content": "good two", "metadata": {"q": "\'; DROP TABLE memory; --"}}',
                b"\x00\x01\x02",
            ]
        )
    )
    result = cli.run("import", str(source), "-t", tenant, "--json")
    assert result.exit_code == 1 and "Traceback" not in result.output
    report = json.loads(result.stdout)
    assert (report["lines"], report["imported"]) == (8, 2)
    assert [(r["line"], r["field"]) for r in report["rejected"]] == [
        (2, "line"),
        (3, "line"),
        (4, "line"),
        (5, "topic"),
        (6, '"\\udc80"'),
        (8, "line"),
    ]
    assert sorted(m.content for m in cli.store.memories(tenant)) == ["good one", "good two"]
    human = cli.run("import", str(source), "-t", tenant + "-h")
    assert human.exit_code == 1
    assert [line.split(":")[0] for line in human.stderr.splitlines()[:6]] == [
        f"  line {n}" for n in (2, 3, 4, 5, 6, 8)
    ]


def _missing(cli: Cli) -> list[str]:
    return ["import", str(cli.folder / "absent.jsonl"), "-t", TENANT]


def _directory(cli: Cli) -> list[str]:
    return ["import", str(cli.folder), "-t", TENANT]


def _rejects_nowhere(cli: Cli) -> list[str]:
    source = cli.folder / "one-bad.jsonl"
    source.write_text('{"content": "fine"}\n{"content": 5}\n', "utf-8")
    return ["import", str(source), "-t", TENANT, "--rejects", str(cli.folder / "no" / "r.jsonl")]


def _export_nowhere(cli: Cli) -> list[str]:
    return ["export", str(cli.folder / "no" / "such" / "dir.jsonl"), "-t", TENANT]


def _policy_file(content: bytes) -> Any:
    def build(cli: Cli) -> list[str]:
        path = cli.folder / f"policy-{next(_serial)}.json"
        path.write_bytes(content)
        return ["policy", "set", "-t", TENANT, "--file", str(path)]

    return build


def _pairs_file(content: bytes) -> Any:
    def build(cli: Cli) -> list[str]:
        path = cli.folder / f"pairs-{next(_serial)}.jsonl"
        path.write_bytes(content)
        return ["calibrate", "--pairs", str(path)]

    return build


def _run(*args: str) -> Any:
    """A command line that needs nothing of the test's folder."""
    return lambda cli: list(args)


def _policy_set(*args: str) -> Any:
    return _run("policy", "set", "-t", TENANT, *args)


def refused(name: str, field: str, build: Any) -> Any:
    """A command ``build`` makes, refused in one line that names ``field``."""
    return pytest.param(build, {field}, id=name)


COMMAND_REFUSALS = [
    refused("import-missing-file", "path", _missing),
    refused("import-a-directory", "path", _directory),
    refused("import-rejects-nowhere", "rejects_path", _rejects_nowhere),
    refused("export-nowhere", "path", _export_nowhere),
    refused(
        "policy-file-missing",
        "--file",
        lambda c: ["policy", "set", "-t", TENANT, "--file", str(c.folder / "x.json")],
    ),
    refused("policy-file-not-utf8", "--file", _policy_file(b"\xff\xfe{}")),
    refused("policy-file-not-object", "--file", _policy_file(b"[1, 2]")),
    refused("policy-file-deep", "--file", _policy_file(b"[" * 100_000)),
    refused("policy-file-nan", "policy", _policy_file(b'{"recency_hot_days": NaN}')),
    refused(
        "policy-file-nul-key", "policy", _policy_file(b'{"duplicate_threshold": {"m\\u0000": 0.9}}')
    ),
    refused(
        "policy-file-duplicate-key", "--file", _policy_file(b'{"prune_below": 1, "prune_below": 0}')
    ),
    refused("policy-assign-infinity", "policy", _policy_set("max_idle_days=Infinity")),
    refused("policy-assign-deep", "policy", _policy_set("weights=" + "[" * 5000)),
    refused("policy-assign-injection", "assignment", _policy_set("'; DROP TABLE tenant; --")),
    refused("calibrate-pairs-not-utf8", "pairs", _pairs_file(b"\xff")),
    refused(
        "calibrate-pairs-surrogate",
        "pairs",
        _pairs_file(b'{"a": "\\ud800", "b": "x", "duplicate": true}\n'),
    ),
    refused("calibrate-pairs-deep", "pairs", _pairs_file(b"[" * 100_000 + b"\n")),
    refused(
        "calibrate-pairs-missing",
        "pairs",
        lambda c: ["calibrate", "--pairs", str(c.folder / "absent.jsonl")],
    ),
    refused(
        "compact-infinite-grace",
        "grace_days",
        _run("compact", "-t", TENANT, "--grace-days", "inf", "--yes"),
    ),
    refused(
        "curate-bad-now", "--now", _run("curate", "-t", "'; DROP TABLE memory; --", "--now", "x")
    ),
    refused(
        "conflicts-status-injection",
        "status",
        _run("conflicts", "list", "-t", TENANT, "--status", "open'--"),
    ),
    refused(
        "proposals-status-surrogate",
        "status",
        _run("proposals", "list", "-t", TENANT, "--status", "\udcff"),
    ),
    refused(
        "golden-k-zero",
        "k",
        lambda c: [
            "golden",
            "add",
            "-t",
            TENANT,
            "--query",
            "q",
            "--expect",
            c.memory_id,
            "--k",
            "0",
        ],
    ),
    refused("runs-negative-limit", "limit", _run("runs", "-t", TENANT, "--limit", "-1")),
]


@pytest.mark.parametrize(("build", "fields"), COMMAND_REFUSALS)
def test_command_refusals_are_one_line_and_write_nothing(
    cli: Cli, build: Any, fields: set[str]
) -> None:
    args = build(cli)
    before = fingerprint(cli.admin, SENTINEL)
    policy_before = cli.store.tenants.policy(TENANT)
    result = cli.run(*args)
    line = refusal(result)
    assert names(line, fields), line
    assert fingerprint(cli.admin, SENTINEL) == before
    assert cli.store.tenants.policy(TENANT) == policy_before
    assert not (cli.folder / "no").exists()
