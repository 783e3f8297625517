"""The integrity checks sets D to G share (holdout_checks), run once over each set; what
differs between them stays in each set's own test file (test_holdout_d.py ... test_holdout_g.py)."""

from __future__ import annotations

from types import ModuleType

import pytest
from holdout_checks import (
    check_deterministic,
    check_histories,
    check_labels,
    check_negatives_state_no_new_value,
    check_nothing_for_the_trust_gate,
    check_renders_every_fact,
    check_slots_change_on_their_own_schedules,
    check_store_benchmark_reads,
    check_unknown_family_is_named,
)

import evaluation.holdout_d as holdout_d
import evaluation.holdout_e as holdout_e
import evaluation.holdout_f as holdout_f
import evaluation.holdout_g as holdout_g

SETS = [
    pytest.param(holdout_d, id="d"),
    pytest.param(holdout_e, id="e"),
    pytest.param(holdout_f, id="f"),
    pytest.param(holdout_g, id="g"),
]
UNKNOWN = [
    *(pytest.param(holdout_d, family, id=f"d-{family}") for family in ("haiku", "", "TOOL_JSON")),
    *(pytest.param(holdout_e, family, id=f"e-{family}") for family in ("haiku", "", "TABLE_ROW")),
    *(
        pytest.param(holdout_f, family, id=f"f-{family}")
        for family in ("haiku", "", "CHAT_TURN", "chat-turn")
    ),
    *(pytest.param(holdout_g, family, id=f"g-{family}") for family in ("haiku", "", "CHAT_LINE")),
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
    ],
)
def test_every_family_renders_every_fact_mentioning_its_entity_and_value(
    package: ModuleType, fewest: int, most: int | None
) -> None:
    assert len(package.families()) >= fewest
    assert most is None or len(package.families()) <= most
    check_renders_every_fact(package)


@pytest.mark.parametrize(
    "package",
    [
        pytest.param(holdout_e, id="e"),
        pytest.param(holdout_f, id="f"),
        pytest.param(holdout_g, id="g"),
    ],
)
def test_slots_of_one_entity_change_on_their_own_schedules(package: ModuleType) -> None:
    """Sets E, F and G give an entity several slots (set D gives each entity one)."""
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
    ("package", "set_name"),
    [(holdout_d, "d"), (holdout_e, "e"), (holdout_f, "f"), (holdout_g, "g")],
)
def test_the_store_benchmark_reads_the_set_like_the_others(
    package: ModuleType, set_name: str
) -> None:
    check_store_benchmark_reads(package, set_name)


@pytest.mark.parametrize(
    "package", [pytest.param(holdout_f, id="f"), pytest.param(holdout_g, id="g")]
)
def test_the_trust_gate_has_nothing_to_redact_or_quarantine_in_any_memory(
    package: ModuleType,
) -> None:
    check_nothing_for_the_trust_gate(package)
