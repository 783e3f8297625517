"""The integrity checks sets D to AC share (holdout_checks), run once over each set; what
differs between them stays in each set's own test file (test_holdout_d.py ...
test_holdout_ac.py)."""

from __future__ import annotations

from collections import Counter
from types import ModuleType
from typing import NamedTuple

import pytest
from holdout_checks import (
    MODEL_ROLE,
    check_deterministic,
    check_histories,
    check_labels,
    check_negatives_state_no_new_value,
    check_nothing_for_the_trust_gate,
    check_renders_every_fact,
    check_slots_change_on_their_own_schedules,
    check_store_benchmark_reads,
    check_unknown_family_is_named,
    cross_subject_pairs,
    mentions,
    other_slot_pairs,
    pairs_of_every_kind,
    relation_pairs,
    rendered_memories,
    subjects_by_id,
)

import evaluation.holdout_aa as holdout_aa
import evaluation.holdout_ab as holdout_ab
import evaluation.holdout_ac as holdout_ac
import evaluation.holdout_d as holdout_d
import evaluation.holdout_e as holdout_e
import evaluation.holdout_f as holdout_f
import evaluation.holdout_g as holdout_g
import evaluation.holdout_h as holdout_h
import evaluation.holdout_i as holdout_i
import evaluation.holdout_j as holdout_j
import evaluation.holdout_k as holdout_k
import evaluation.holdout_l as holdout_l
import evaluation.holdout_m as holdout_m
import evaluation.holdout_n as holdout_n
import evaluation.holdout_o as holdout_o
import evaluation.holdout_p as holdout_p
import evaluation.holdout_q as holdout_q
import evaluation.holdout_r as holdout_r
import evaluation.holdout_s as holdout_s
import evaluation.holdout_t as holdout_t
import evaluation.holdout_u as holdout_u
import evaluation.holdout_v as holdout_v
import evaluation.holdout_w as holdout_w
import evaluation.holdout_x as holdout_x
import evaluation.holdout_y as holdout_y
import evaluation.holdout_z as holdout_z
from evaluation.holdout_g.catalogue import domains

SETS = [
    pytest.param(holdout_d, id="d"),
    pytest.param(holdout_e, id="e"),
    pytest.param(holdout_f, id="f"),
    pytest.param(holdout_g, id="g"),
    pytest.param(holdout_h, id="h"),
    pytest.param(holdout_i, id="i"),
    pytest.param(holdout_j, id="j"),
    pytest.param(holdout_k, id="k"),
    pytest.param(holdout_l, id="l"),
    pytest.param(holdout_m, id="m"),
    pytest.param(holdout_n, id="n"),
    pytest.param(holdout_o, id="o"),
    pytest.param(holdout_p, id="p"),
    pytest.param(holdout_q, id="q"),
    pytest.param(holdout_r, id="r"),
    pytest.param(holdout_s, id="s"),
    pytest.param(holdout_t, id="t"),
    pytest.param(holdout_u, id="u"),
    pytest.param(holdout_v, id="v"),
    pytest.param(holdout_w, id="w"),
    pytest.param(holdout_x, id="x"),
    pytest.param(holdout_y, id="y"),
    pytest.param(holdout_z, id="z"),
    pytest.param(holdout_aa, id="aa"),
    pytest.param(holdout_ab, id="ab"),
    pytest.param(holdout_ac, id="ac"),
]
UNKNOWN = [
    *(pytest.param(holdout_d, family, id=f"d-{family}") for family in ("haiku", "", "TOOL_JSON")),
    *(pytest.param(holdout_e, family, id=f"e-{family}") for family in ("haiku", "", "TABLE_ROW")),
    *(
        pytest.param(holdout_f, family, id=f"f-{family}")
        for family in ("haiku", "", "CHAT_TURN", "chat-turn")
    ),
    *(pytest.param(holdout_g, family, id=f"g-{family}") for family in ("haiku", "", "CHAT_LINE")),
    *(
        pytest.param(holdout_h, family, id=f"h-{family}")
        for family in ("haiku", "", "TOOL_CALL", "chat_line")
    ),
    *(
        pytest.param(holdout_i, family, id=f"i-{family}")
        for family in ("haiku", "", "TICKER", "xml-snippet", "tool_call")
    ),
    *(
        pytest.param(holdout_j, family, id=f"j-{family}")
        for family in ("haiku", "", "AUDIT_ENTRY", "sql-statement", "xml_snippet")
    ),
    *(
        pytest.param(holdout_k, family, id=f"k-{family}")
        for family in ("haiku", "", "GIT_TAG", "latex-row", "audit_entry")
    ),
    *(
        pytest.param(holdout_l, family, id=f"l-{family}")
        for family in ("haiku", "", "TELEGRAM", "dot-graph", "git_tag")
    ),
    *(
        pytest.param(holdout_m, family, id=f"m-{family}")
        for family in ("haiku", "", "RADIO_CALL", "json-patch", "telegram")
    ),
    *(
        pytest.param(holdout_n, family, id=f"n-{family}")
        for family in ("haiku", "", "DIFF_HUNK", "yaml-document", "json_patch")
    ),
    *(
        pytest.param(holdout_o, family, id=f"o-{family}")
        for family in ("haiku", "", "REACT_TRACE", "tool-use-block", "diff_hunk")
    ),
    *(
        pytest.param(holdout_p, family, id=f"p-{family}")
        for family in ("haiku", "", "OTEL_SPAN", "cypher-query", "react_trace")
    ),
    *(
        pytest.param(holdout_q, family, id=f"q-{family}")
        for family in ("haiku", "", "GIT_BLAME", "kubectl-events", "otel_span")
    ),
    *(
        pytest.param(holdout_r, family, id=f"r-{family}")
        for family in ("haiku", "", "LDIF_RECORD", "mongo-shell", "kubectl_events")
    ),
    *(
        pytest.param(holdout_s, family, id=f"s-{family}")
        for family in ("haiku", "", "IRC_LOG", "rails-console", "turtle_triples")
    ),
    *(
        pytest.param(holdout_t, family, id=f"t-{family}")
        for family in ("haiku", "", "GO_STRUCT", "ripgrep-hits", "mqtt_message")
    ),
    *(
        pytest.param(holdout_u, family, id=f"u-{family}")
        for family in ("haiku", "", "KAFKA_RECORD", "psql-expanded", "podcast_chapters")
    ),
    *(
        pytest.param(holdout_v, family, id=f"v-{family}")
        for family in ("haiku", "", "ETCD_KV", "php-print-r", "psql_expanded")
    ),
    *(
        pytest.param(holdout_w, family, id=f"w-{family}")
        for family in ("haiku", "", "HL7_V2", "zoom-chat", "etcd_kv")
    ),
    *(
        pytest.param(holdout_x, family, id=f"x-{family}")
        for family in ("haiku", "", "GETTEXT_PO", "pino-log", "hl7_v2")
    ),
    *(
        pytest.param(holdout_y, family, id=f"y-{family}")
        for family in ("haiku", "", "GDB_SESSION", "lua-table", "gettext_po")
    ),
    *(
        pytest.param(holdout_z, family, id=f"z-{family}")
        for family in ("haiku", "", "KDL_DOCUMENT", "wiki-talk-page", "slide_deck")
    ),
    *(
        pytest.param(holdout_aa, family, id=f"aa-{family}")
        for family in ("haiku", "", "DNS_ZONE_TXT", "tv-chyron", "saved_memory")
    ),
    *(
        pytest.param(holdout_ab, family, id=f"ab-{family}")
        for family in ("haiku", "", "OCAML_UTOP", "pa-announcement", "context_summary")
    ),
    *(
        pytest.param(holdout_ac, family, id=f"ac-{family}")
        for family in ("haiku", "", "SQLITE_SHELL", "handover-note", "stack_answer")
    ),
]


@pytest.mark.parametrize("package", SETS)
def test_the_set_is_deterministic_across_processes(package: ModuleType) -> None:
    check_deterministic(package)


@pytest.mark.parametrize("package", SETS)
def test_changing_subjects_take_two_to_five_distinct_values_and_stable_ones_keep_theirs(
    package: ModuleType,
) -> None:
    check_histories(package)


@pytest.mark.parametrize(
    ("package", "fewest", "most"),
    [
        pytest.param(holdout_d, 8, None, id="d"),
        pytest.param(holdout_e, 9, 10, id="e"),
        pytest.param(holdout_f, 12, 12, id="f"),
        pytest.param(holdout_g, 10, 10, id="g"),
        pytest.param(holdout_h, 8, 10, id="h"),
        pytest.param(holdout_i, 10, 10, id="i"),
        pytest.param(holdout_j, 10, 10, id="j"),
        pytest.param(holdout_k, 10, 10, id="k"),
        pytest.param(holdout_l, 10, 10, id="l"),
        pytest.param(holdout_m, 10, 10, id="m"),
        pytest.param(holdout_n, 10, 10, id="n"),
        pytest.param(holdout_o, 10, 10, id="o"),
        pytest.param(holdout_p, 10, 10, id="p"),
        pytest.param(holdout_q, 10, 10, id="q"),
        pytest.param(holdout_r, 10, 10, id="r"),
        pytest.param(holdout_s, 10, 10, id="s"),
        pytest.param(holdout_t, 10, 10, id="t"),
        pytest.param(holdout_u, 10, 10, id="u"),
        pytest.param(holdout_v, 10, 10, id="v"),
        pytest.param(holdout_w, 10, 10, id="w"),
        pytest.param(holdout_x, 10, 10, id="x"),
        pytest.param(holdout_y, 10, 10, id="y"),
        pytest.param(holdout_z, 10, 10, id="z"),
        pytest.param(holdout_aa, 10, 10, id="aa"),
        pytest.param(holdout_ab, 10, 10, id="ab"),
        pytest.param(holdout_ac, 10, 10, id="ac"),
    ],
)
def test_every_family_renders_every_fact_mentioning_its_entity_and_value(
    package: ModuleType, fewest: int, most: int | None
) -> None:
    assert len(package.families()) >= fewest
    assert most is None or len(package.families()) <= most
    check_renders_every_fact(package)


@pytest.mark.parametrize("package", SETS[1:])  # E on
def test_slots_of_one_entity_change_on_their_own_schedules(package: ModuleType) -> None:
    """Sets E to AC give an entity several slots (set D gives each entity one)."""
    check_slots_change_on_their_own_schedules(package)


@pytest.mark.parametrize("package", SETS)
def test_labels_follow_kinds_and_the_histories(package: ModuleType) -> None:
    check_labels(package)


@pytest.mark.parametrize("package", SETS)
def test_no_negative_states_a_new_value_of_one_subjects_slot(package: ModuleType) -> None:
    check_negatives_state_no_new_value(package)


@pytest.mark.parametrize(("package", "family"), UNKNOWN)
def test_an_unknown_family_is_named(package: ModuleType, family: str) -> None:
    check_unknown_family_is_named(package, family)


@pytest.mark.parametrize(
    ("package", "set_name"), [pytest.param(*p.values, p.id, id=p.id) for p in SETS]
)
def test_the_store_benchmark_reads_the_set_like_the_others(
    package: ModuleType, set_name: str
) -> None:
    check_store_benchmark_reads(package, set_name)


@pytest.mark.parametrize("package", SETS)
def test_the_trust_gate_has_nothing_to_redact_or_quarantine_in_any_memory(
    package: ModuleType,
) -> None:
    check_nothing_for_the_trust_gate(package)


class Floors(NamedTuple):
    """The fewest pairs a set in G's shape builds: in all and of each kind, then per note or
    kind (same value, same slot, other slot, multi-valued, recurring event)."""

    pairs: int
    per_kind: int
    same_value: int
    same_slot: int
    other_slot: int
    multi_valued: int
    recurring_event: int


IN_GS_SHAPE = [
    pytest.param(holdout_g, Floors(600, 20, 5, 100, 60, 60, 30), id="g"),
    pytest.param(holdout_h, Floors(900, 13, 10, 200, 80, 20, 50), id="h"),
    pytest.param(holdout_i, Floors(950, 15, 8, 200, 80, 40, 70), id="i"),
    pytest.param(holdout_j, Floors(950, 3, 10, 300, 70, 20, 18), id="j"),
    pytest.param(holdout_k, Floors(950, 15, 30, 200, 60, 40, 50), id="k"),
    pytest.param(holdout_l, Floors(950, 11, 40, 200, 60, 20, 50), id="l"),
    pytest.param(holdout_m, Floors(1000, 9, 40, 200, 80, 25, 60), id="m"),
    pytest.param(holdout_n, Floors(1050, 15, 70, 200, 80, 35, 45), id="n"),
    pytest.param(holdout_o, Floors(1000, 10, 30, 240, 80, 25, 60), id="o"),
    pytest.param(holdout_p, Floors(850, 10, 35, 160, 80, 25, 20), id="p"),
    pytest.param(holdout_q, Floors(950, 20, 10, 250, 100, 35, 30), id="q"),
    pytest.param(holdout_r, Floors(950, 20, 10, 200, 100, 35, 30), id="r"),
    pytest.param(holdout_s, Floors(950, 20, 30, 200, 100, 45, 40), id="s"),
    pytest.param(holdout_t, Floors(950, 20, 30, 200, 100, 45, 40), id="t"),
    pytest.param(holdout_u, Floors(950, 20, 30, 200, 100, 45, 40), id="u"),
    pytest.param(holdout_v, Floors(1000, 20, 90, 120, 100, 70, 60), id="v"),
    pytest.param(holdout_w, Floors(1100, 25, 150, 170, 60, 95, 100), id="w"),
    pytest.param(holdout_x, Floors(1200, 17, 165, 300, 60, 95, 85), id="x"),
    pytest.param(holdout_y, Floors(1100, 18, 150, 250, 90, 80, 55), id="y"),
    pytest.param(holdout_z, Floors(1000, 25, 60, 180, 80, 100, 110), id="z"),
    pytest.param(holdout_aa, Floors(1000, 25, 60, 180, 80, 100, 110), id="aa"),
    pytest.param(holdout_ab, Floors(1000, 25, 60, 180, 80, 100, 110), id="ab"),
    pytest.param(holdout_ac, Floors(1000, 25, 60, 180, 80, 100, 110), id="ac"),
]


def _domain_of(subject_id: str) -> str:
    parts = subject_id.split("/")
    return parts[1] if parts[0] in ("multi", "event") else parts[0]


@pytest.mark.parametrize(("package", "floors"), IN_GS_SHAPE)
def test_pairs_cover_every_kind_label_family_and_domain(
    package: ModuleType, floors: Floors
) -> None:
    by_kind = pairs_of_every_kind(package, floors.pairs, floors.per_kind)
    every = {d.name for d in domains(package.SOURCE)}
    for kind in ("positive", "restatement", "cross_subject"):
        assert {_domain_of(p.older.subject_id) for p in by_kind[kind]} == every, kind


@pytest.mark.parametrize(("package", "floors"), IN_GS_SHAPE)
def test_negatives_are_built_as_their_kind_says(package: ModuleType, floors: Floors) -> None:
    """Cross-subject negatives share the slot (some the value too), other-slot ones are real
    subjects of one entity, relations and events hold current values, additions name the
    entity."""
    subjects = subjects_by_id(package)
    cross = cross_subject_pairs(package)
    for pair in cross:
        assert subjects[pair.older.subject_id].slot == subjects[pair.newer.subject_id].slot
    notes = Counter(p.note for p in cross)
    assert notes["same value"] >= floors.same_value and notes["same slot"] >= floors.same_slot
    assert len(other_slot_pairs(package)) >= floors.other_slot
    by_kind = relation_pairs(package)
    assert len(by_kind["multi_valued"]) >= floors.multi_valued
    assert len(by_kind["recurring_event"]) >= floors.recurring_event
    for pair in by_kind["addition"]:
        assert mentions(pair.newer.text, subjects[pair.older.subject_id].entity)


@pytest.mark.parametrize(
    "package",
    [
        *(holdout_u, holdout_v, holdout_w, holdout_x, holdout_y, holdout_z),
        *(holdout_aa, holdout_ab, holdout_ac),
    ],
)
def test_no_line_opens_with_a_model_role(package: ModuleType) -> None:
    """Sets U on write no role tag at a line's start (the trust gate would hold it)."""
    memories = rendered_memories(package)
    assert [m.text for m in memories if MODEL_ROLE.search(m.text)] == []
