"""The recall hit's one wire form (``curation.RecallHitWire``): what ``recall_wire`` builds
on the hot path is exactly that model, and the API's ``HitOut`` is it."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from api.models import HitOut, RecallOut
from curation import (
    ConflictRecord,
    RecallHit,
    RecallHitWire,
    RecallResult,
    recall_answer,
    recall_wire,
)

AT = datetime(2026, 3, 1, 12, tzinfo=UTC)


def _result(as_of: datetime | None = None) -> RecallResult:
    conflict = ConflictRecord(
        id="c1",
        memory_id="m1",
        claim="Plan is Pro",
        evidence="invoice",
        source="agent",
        at=AT,
        status="open",
    )
    hit = RecallHit(
        id="m1",
        content="Initech is on Basic",
        kind="fact",
        similarity=0.8,
        score=0.7,
        retention=0.9,
        rank=0.6,
        status="archived",
        generality=2,
        proven=1,
        recall_count=3,
        created_at=AT,
        supersession_key="plan",
        archive_reason="superseded",
        conflicts=[conflict],
        newer_of_slot="m2",
    )
    return RecallResult(
        tenant="acme",
        query="plan?",
        mode="curated",
        at=AT,
        hits=[hit],
        recall_id="r1",
        cohort="curated",
        as_of=as_of,
    )


def test_the_hot_path_builds_the_model_field_for_field() -> None:
    [wire] = recall_wire(_result())
    assert list(wire) == list(RecallHitWire.model_fields)
    parsed = RecallHitWire.model_validate(wire)
    assert parsed.conflicts == _result().hits[0].conflicts
    assert parsed.model_dump(exclude={"conflicts"}) == {
        name: value for name, value in wire.items() if name != "conflicts"
    }
    assert wire["created_at"] == AT.isoformat()
    assert wire["conflicts"][0]["claim"] == "Plan is Pro"
    json.dumps(wire)  # JSON-ready as it is


def test_the_api_states_the_same_hit_and_answer() -> None:
    assert issubclass(HitOut, RecallHitWire)
    schema, wire_schema = HitOut.model_json_schema(), RecallHitWire.model_json_schema()
    for named in ("title", "description"):  # the API's own name and docstring
        del schema[named], wire_schema[named]
    assert schema == wire_schema
    answer = recall_answer(_result(as_of=AT))
    assert list(answer) == list(RecallOut.model_fields)
    parsed = RecallOut.model_validate(answer)
    assert parsed.model_dump(exclude={"hits"}) == {k: v for k, v in answer.items() if k != "hits"}
    assert [hit.id for hit in parsed.hits] == ["m1"]
    assert answer["as_of"] == AT.isoformat() and recall_answer(_result())["as_of"] is None
