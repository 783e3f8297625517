"""Hypothesis over the MCP tools' arguments and over ``memgov import`` lines: whatever
arrives, the answer is a success or a typed error (on MCP the documented JSON error,
never ``internal``), never a traceback, and an import loses no line."""

from __future__ import annotations

import json
import uuid
from pathlib import Path
from typing import Any

import anyio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from api.mcp_server import AGENT_TOOLS, ARGUMENTS, build_mcp, current_key
from curation import MemgovError, MemoryStore

A = "acme"
ERROR_KEYS = {"type", "field", "value", "message"}
FIXTURES = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]

# JSON as clients send it, and worse: NaN, infinities, lone surrogates, wrong types
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=40)
    | st.sampled_from(["\ud800", "a\x00b", " ", ""])
    | st.uuids().map(str)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)


@st.composite
def tool_calls(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A tool and arguments: its own parameter names (and sometimes another), each with
    a plausible value or any value."""
    name = draw(st.sampled_from(AGENT_TOOLS))
    fields = list(ARGUMENTS[name].model_fields)
    chosen = draw(st.lists(st.sampled_from(fields), unique=True, max_size=len(fields)))
    plausible = {
        "content": st.text(min_size=1, max_size=30),
        "query": st.text(min_size=1, max_size=30),
        "k": st.integers(-2, 1002),
        "importance": st.floats(-1, 2),
        "useful": st.booleans(),
        "memory_id": st.uuids().map(str),
        "recall_id": st.uuids().map(str),
        "metadata": st.dictionaries(st.text(max_size=5), scalars, max_size=3),
    }
    arguments = {field: draw(st.one_of(plausible.get(field, values), values)) for field in chosen}
    if draw(st.booleans()):
        arguments[draw(st.text(min_size=1, max_size=8))] = draw(values)
    return name, arguments


@settings(max_examples=120, deadline=None, database=None, suppress_health_check=FIXTURES)
@given(call=tool_calls())
def test_every_tool_call_succeeds_or_answers_the_json_error(
    store: MemoryStore, call: tuple[str, dict[str, Any]]
) -> None:
    name, arguments = call
    store.tenants.create(A)
    key = store.keys.authenticate(store.keys.create(A, "agent").key)
    assert key is not None
    server = build_mcp(store)

    async def called() -> Any:
        current_key.set(lambda: key)
        return await server.call_tool(name, arguments)

    result = anyio.run(called)
    if result.is_error:
        body = json.loads(result.content[0].text)
        assert set(body) == {"error"} and set(body["error"]) == ERROR_KEYS, body
        assert body["error"]["type"] != "internal", body
    else:
        assert result.structured_content is not None


# -- memgov import --------------------------------------------------------------------

good_rows = st.fixed_dictionaries(
    {"content": st.text(alphabet="abcdefgh ", min_size=3, max_size=30).filter(str.strip)},
    optional={
        "kind": st.sampled_from(["fact", "preference", "tool_output", "conversation"]),
        "importance": st.floats(0, 1),
        "topic": st.sampled_from(["ops", "billing"]),
    },
)
bad_rows = st.dictionaries(
    st.sampled_from(
        [
            "content",
            "kind",
            "importance",
            "generality",
            "id",
            "metadata",
            "created_at",
            "embedding",
            "colour",
        ]
    ),
    values,
    min_size=1,
    max_size=4,
)
lines = st.one_of(
    good_rows.map(json.dumps),
    bad_rows.map(lambda row: json.dumps(row, ensure_ascii=True)),
    st.text(max_size=40),
    st.binary(max_size=20).map(lambda raw: raw.decode("latin-1")),
).filter(lambda line: "\n" not in line and "\r" not in line)  # one line each
JSON_BLANK = " \t\r\n"  # what the importer skips as a blank line


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=FIXTURES)
@given(batch=st.lists(lines, min_size=1, max_size=12))
def test_an_import_accounts_for_every_line(
    store: MemoryStore, tmp_path: Path, batch: list[str]
) -> None:
    tenant = f"imp-{uuid.uuid4().hex[:8]}"
    store.tenants.create(tenant)
    path = tmp_path / f"{tenant}.jsonl"
    path.write_bytes("\n".join(batch).encode("utf-8", "surrogatepass") + b"\n")
    try:
        report = store.transfer.import_jsonl(path, tenant)
    except MemgovError:
        return  # a typed refusal of the whole file is an answer too
    nonblank = sum(1 for line in batch if line.strip(JSON_BLANK))
    assert report.imported + report.restated + len(report.rejected) == nonblank
    stored = {memory.content for memory in store.memories(tenant)}
    rejected = {row.line for row in report.rejected}
    for number, line in enumerate(batch, start=1):
        if number in rejected or not line.strip(JSON_BLANK):
            continue
        assert json.loads(line)["content"] in stored, (number, line)
    assert all(row.field and row.reason for row in report.rejected)
