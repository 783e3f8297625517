"""The fleet simulator: determinism, ground-truth consistency, the failures the sources
name, paraphrase variety, value disagreements, popularity skew and scale. No database."""

from __future__ import annotations

import itertools
import statistics
import time
import uuid
from collections import Counter, defaultdict
from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from curation._tokens import jaccard, token_set
from curation._values import compare_profiles, extract_values, value_differences
from evaluation.fleet import ROLES, Fleet, FleetConfig, SimQuery, SimWrite
from evaluation.simulator import fleet_summary, simulate_fleet, validate_fleet
from evaluation.simulator.core import FAMILIES, NAMESPACE, uuid5_str
from evaluation.simulator.packs import PACKS

REFERENCE = FleetConfig(tenants=4, days=90, writes_per_day=60, recalls_per_day=30)


@pytest.fixture(scope="module")
def fleet() -> Fleet:
    return simulate_fleet(REFERENCE)


def _by_subject(fleet: Fleet, role: str | None = None) -> dict[tuple[str, str], list[SimWrite]]:
    groups: dict[tuple[str, str], list[SimWrite]] = defaultdict(list)
    for w in fleet.writes:
        if role is None or w.role == role:
            groups[(w.tenant, w.subject)].append(w)
    return groups


# -- determinism -------------------------------------------------------------------------


def test_same_seed_same_fleet() -> None:
    config = FleetConfig(tenants=2, days=21, writes_per_day=15, recalls_per_day=10, seed=11)
    a, b = simulate_fleet(config), simulate_fleet(replace(config))
    assert a.writes == b.writes
    assert a.recalls == b.recalls
    assert a.contests == b.contests
    assert a.queries == b.queries


def test_different_seed_different_fleet() -> None:
    config = FleetConfig(tenants=2, days=21, writes_per_day=15, recalls_per_day=10, seed=11)
    a, b = simulate_fleet(config), simulate_fleet(replace(config, seed=12))
    assert {w.id for w in a.writes}.isdisjoint(w.id for w in b.writes)
    assert [w.content for w in a.writes] != [w.content for w in b.writes]
    assert [r.query for r in a.recalls] != [r.query for r in b.recalls]


def test_ids_are_uuid5_of_seed_tenant_counter(fleet: Fleet) -> None:
    for name in ("7/acme-support/1", "x" * 80, ""):
        assert uuid5_str(name) == str(uuid.uuid5(NAMESPACE, name))
    for tenant in fleet.tenants:
        ids = {w.id for w in fleet.writes if w.tenant == tenant}
        minted = {
            str(uuid.uuid5(NAMESPACE, f"{REFERENCE.seed}/{tenant}/{n}"))
            for n in range(1, len(ids) + 1)
        }
        assert ids == minted


# -- ground truth self-consistency ---------------------------------------------------------

# tenants, days, writes and recalls per day, queries per checkpoint, days between
# checkpoints, seed (FleetConfig's field order)
CONFIGS = [
    FleetConfig(*fields)
    for fields in [
        (1, 10, 10, 5, 20, 7, 1),
        (2, 60, 40, 30, 20, 7, 2),
        (5, 30, 20, 12, 30, 3, 3),
        (3, 14, 0, 0, 20, 7, 4),
        (13, 8, 6, 3, 20, 7, 5),
        (1, 1, 50, 50, 20, 7, 6),
        (2, 45, 30, 30, 5, 1, 7),
    ]
]


@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: f"t{c.tenants}-d{c.days}-w{c.writes_per_day}"
)
def test_validate_fleet_finds_no_problem(config: FleetConfig) -> None:
    fleet = simulate_fleet(config)
    assert validate_fleet(fleet) == []
    assert len(fleet.tenants) == config.tenants
    assert len({t.split("-", 1)[0] for t in fleet.tenants}) == config.tenants  # distinct names


def test_validate_fleet_reports_broken_truth(fleet: Fleet) -> None:
    writes = list(fleet.writes[:200])
    writes.append(writes[0])  # duplicate id
    writes.insert(10, replace(writes[50], id="late", at=writes[50].at + timedelta(days=30)))
    first = writes[0]
    queries = [
        SimQuery("q1", first.tenant, first.at, "?", first.subject, frozenset({"missing"})),
        SimQuery(
            "q2",
            first.tenant,
            first.at,
            "?",
            first.subject,
            frozenset({first.id}),
            stale_ids=frozenset({first.id}),
        ),
        SimQuery("q3", first.tenant, first.at + timedelta(days=1), "?", first.subject, frozenset()),
    ]
    contests = [replace(fleet.contests[0], memory_id=first.id)] if first.role != "claim" else []
    broken = Fleet(config=fleet.config, writes=writes, queries=queries, contests=contests)
    text = "\n".join(validate_fleet(broken))
    assert "duplicate id" in text
    assert "out of time order" in text
    assert "was never written" in text
    assert "both correct and stale" in text
    assert "written after it" in text
    assert "no correct id" in text
    if contests:
        assert "contest" in text


def test_bad_config_is_refused() -> None:
    with pytest.raises(ValueError, match="tenants"):
        simulate_fleet(FleetConfig(tenants=0))
    with pytest.raises(ValueError, match="writes_per_day"):
        simulate_fleet(FleetConfig(writes_per_day=-1))
    with pytest.raises(ValueError, match="checkpoint_every_days"):
        simulate_fleet(FleetConfig(checkpoint_every_days=0))
    with pytest.raises(ValueError, match="key_share"):
        simulate_fleet(FleetConfig(key_share=1.5))


def test_sparse_keys_drop_most_state_keys_and_change_nothing_else() -> None:
    config = FleetConfig(tenants=1, days=60, writes_per_day=10, recalls_per_day=2, seed=5)
    full = simulate_fleet(config)
    sparse = simulate_fleet(replace(config, key_share=0.1))
    states = [w for w in full.writes if w.role == "state"]
    sparse_states = [w for w in sparse.writes if w.role == "state"]
    assert all(w.supersession_key for w in states)
    keyed = sum(w.supersession_key is not None for w in sparse_states)
    assert 0 < keyed < 0.35 * len(sparse_states)
    assert [(w.id, w.content) for w in sparse.writes] == [(w.id, w.content) for w in full.writes]
    assert [q.query for q in sparse.queries] == [q.query for q in full.queries]


def test_ground_truth_names_the_query_subject(fleet: Fleet) -> None:
    """The A/B runner judges "on topic" by subject: every id a query names is about it."""
    by_id = {w.id: w for w in fleet.writes}
    for q in fleet.queries:
        for memory_id in q.correct_ids | q.stale_ids | q.refuted_ids:
            assert by_id[memory_id].subject == q.subject


# -- every failure of the sources is there ---------------------------------------------------


def test_every_role_and_query_kind_is_present(fleet: Fleet) -> None:
    summary = fleet_summary(fleet)
    assert set(summary["by_role"]) == set(ROLES)
    assert set(summary["queries_by_kind"]) == set(FAMILIES)
    assert summary["writes"] == sum(summary["by_role"].values()) == len(fleet.writes)
    assert summary["queries"] == sum(summary["queries_by_kind"].values())
    assert set(summary["by_tenant"]) == set(fleet.tenants)
    for tenant in fleet.tenants:
        roles = {w.role for w in fleet.writes if w.tenant == tenant}
        assert roles == set(ROLES), tenant
    print(
        "\nreference fleet:",
        {k: summary[k] for k in ("writes", "recalls", "contests", "queries", "by_role")},
    )


def test_role_attributes_follow_the_design(fleet: Fleet) -> None:
    for w in fleet.writes:
        if w.role == "principle":
            assert (w.kind, w.generality) == ("fact", 2) and 0.8 <= w.importance <= 0.9
        elif w.role == "hotfix":
            assert w.generality == 0
        elif w.role == "tool_output":
            assert w.kind == "tool_output" and 0.2 <= w.importance <= 0.4
            assert "#" in w.content or "job " in w.content  # a reference number
        elif w.role == "preference":
            assert w.kind == "preference"
        elif w.role == "state":
            assert w.supersession_key is not None
        if w.role in ("lesson", "claim", "correction", "hotfix", "rewrite"):
            assert w.supersession_key is None


def test_state_changes_make_older_values_stale(fleet: Fleet) -> None:
    """After a change, the older value's ids are stale and the latest value's correct,
    with ``value_differences`` as the independent judge of "a different value"."""
    states = _by_subject(fleet, "state")
    checked_changes = 0
    for q in (q for q in fleet.queries if q.kind == "state"):
        seen = [w for w in states[(q.tenant, q.subject)] if w.at < q.at]
        latest = seen[-1]
        assert latest.id in q.correct_ids
        assert len({w.supersession_key for w in seen}) == 1
        for w in seen[:-1]:
            if value_differences(w.content, latest.content):
                assert w.id in q.stale_ids, (w.content, latest.content)
                checked_changes += 1
            else:
                assert w.id in q.correct_ids, (w.content, latest.content)
    assert checked_changes > 50


def test_hotfix_goes_stale_after_the_rewrite(fleet: Fleet) -> None:
    groups = _by_subject(fleet)
    before = after = 0
    for q in (q for q in fleet.queries if q.kind == "hotfix"):
        writes = groups[(q.tenant, q.subject)]
        rewrite = next(w for w in writes if w.role == "rewrite")
        hotfixes = {w.id for w in writes if w.role == "hotfix" and w.at < q.at}
        if rewrite.at < q.at:
            assert q.correct_ids == {rewrite.id} and q.stale_ids == hotfixes
            after += 1
        else:
            assert q.correct_ids == hotfixes and not q.stale_ids
            before += 1
    assert before > 10 and after > 10


def test_claims_are_refuted_by_correction_and_contest(fleet: Fleet) -> None:
    groups = _by_subject(fleet)
    contests = {c.memory_id: c for c in fleet.contests}
    claims = [w for w in fleet.writes if w.role == "claim"]
    assert len(contests) == len(claims)
    for claim in claims:
        correction = next(
            w for w in groups[(claim.tenant, claim.subject)] if w.role == "correction"
        )
        contest = contests[claim.id]
        assert claim.at < correction.at <= contest.at <= correction.at + timedelta(minutes=5)
        assert contest.claim == claim.content and contest.evidence
    asked = [q for q in fleet.queries if q.kind == "claim"]
    assert asked
    for q in asked:
        writes = groups[(q.tenant, q.subject)]
        assert q.refuted_ids == {w.id for w in writes if w.role == "claim"}
        assert q.correct_ids == {w.id for w in writes if w.role == "correction"}


def test_lessons_count_every_restatement_as_correct(fleet: Fleet) -> None:
    lessons = _by_subject(fleet, "lesson")
    counts = [len(ws) for ws in lessons.values()]
    assert min(counts) >= 8 and max(counts) <= 60
    for q in (q for q in fleet.queries if q.kind == "lesson"):
        assert q.correct_ids == {w.id for w in lessons[(q.tenant, q.subject)] if w.at < q.at}
        assert not q.stale_ids and not q.refuted_ids
    print(
        f"\nrestatements per lesson: min {min(counts)}, median "
        f"{statistics.median(counts)}, max {max(counts)}"
    )


def test_tool_outputs_are_noise_except_for_their_own_status(fleet: Fleet) -> None:
    by_id = {w.id: w for w in fleet.writes}
    tool_ids = {w.id for w in fleet.writes if w.role == "tool_output"}
    assert len(tool_ids) > 0.9 * len(fleet.writes)
    status_queries = 0
    for q in fleet.queries:
        named = q.correct_ids | q.stale_ids | q.refuted_ids
        if q.kind != "tool_output":
            assert not named & tool_ids
            continue
        status_queries += 1
        for memory_id in q.correct_ids:
            assert q.at - by_id[memory_id].at < timedelta(days=1, hours=12)
    assert status_queries > 0


def test_queries_are_questions_not_copies(fleet: Fleet) -> None:
    contents = {w.content for w in fleet.writes}
    for q in fleet.queries:
        assert q.query not in contents
        assert q.query.endswith("?")
    recall_texts = {r.query for r in fleet.recalls}
    assert not recall_texts & {q.query for q in fleet.queries}


def test_queries_are_spread_over_the_families(fleet: Fleet) -> None:
    counts = Counter(q.kind for q in fleet.queries)
    main = [counts[f] for f in FAMILIES if f != "tool_output"]
    assert min(main) >= 0.4 * max(main), counts
    per_checkpoint = Counter((q.tenant, q.at) for q in fleet.queries)
    assert set(per_checkpoint.values()) == {REFERENCE.queries_per_checkpoint}


# -- paraphrases and values --------------------------------------------------------------------


def test_lesson_paraphrases_have_real_lexical_variety(fleet: Fleet) -> None:
    means = []
    for (tenant, subject), writes in _by_subject(fleet, "lesson").items():
        texts = [w.content for w in writes]
        sets = [token_set(t) for t in texts]
        mean = statistics.mean(jaccard(a, b) for a, b in itertools.combinations(sets, 2))
        means.append(mean)
        assert 0.2 < mean < 0.85, (tenant, subject, mean)
        assert len(set(texts)) >= max(6, 0.6 * len(texts)), (tenant, subject)
    print(f"\nmean pairwise token Jaccard per lesson: {min(means):.2f}..{max(means):.2f}")


def test_different_subjects_are_not_token_near_duplicates(fleet: Fleet) -> None:
    """Compression clusters at Jaccard >= 0.6: only restatements of one subject may."""
    for tenant in fleet.tenants:
        writes = [w for w in fleet.writes if w.tenant == tenant and w.role != "tool_output"]
        sets = [token_set(w.content) for w in writes]
        for (a, sa), (b, sb) in itertools.combinations(zip(writes, sets, strict=True), 2):
            if a.subject != b.subject:
                assert jaccard(sa, sb) < 0.6, (a.content, b.content)


def test_claim_and_correction_disagree_on_a_value(fleet: Fleet) -> None:
    groups = _by_subject(fleet)
    pairs = 0
    for (_, _), writes in groups.items():
        claims = [w for w in writes if w.role == "claim"]
        corrections = [w for w in writes if w.role == "correction"]
        for claim, correction in itertools.product(claims, corrections):
            assert value_differences(claim.content, correction.content), (
                claim.content,
                correction.content,
            )
            pairs += 1
    assert pairs == len(fleet.contests)


def test_lesson_restatements_agree_on_values(fleet: Fleet) -> None:
    total = agreeing = 0
    for writes in _by_subject(fleet, "lesson").values():
        profiles = [extract_values(w.content) for w in writes]  # value_differences, cached
        for a, b in itertools.combinations(profiles, 2):
            total += 1
            agreeing += not compare_profiles(a, b)
    share = agreeing / total
    print(f"\nlesson restatement pairs without value differences: {share:.1%} of {total}")
    assert share >= 0.9


@pytest.mark.parametrize("pack", PACKS, ids=lambda p: p.name)
def test_every_pack_value_pair_is_a_value_difference(pack: object) -> None:
    """Any two values of a state or claim disagree for curation._values, in any phrasing."""
    from evaluation.simulator.packs import DomainPack

    assert isinstance(pack, DomainPack)
    entities: dict[str, str] = {}
    for pool, names in pack.entities.items():
        for k, name in enumerate(names[:5], start=1):
            entities[pool if k == 1 else f"{pool}{k}"] = name
    for spec in pack.states:
        for v1, v2 in itertools.permutations(spec.values, 2):
            for p1, p2 in itertools.product(spec.phrasings, repeat=2):
                a = p1.format_map({**entities, "value": v1})
                b = p2.format_map({**entities, "value": v2})
                assert value_differences(a, b), (a, b)
    for claim in pack.claims:
        for v1, v2 in itertools.permutations(claim.values, 2):
            for phrasing in claim.corrections:
                a = claim.claim.format_map({**entities, "value": v1})
                b = phrasing.format_map({**entities, "value": v2})
                assert value_differences(a, b), (a, b)


# -- recall popularity -------------------------------------------------------------------------


def test_recall_popularity_is_skewed(fleet: Fleet) -> None:
    subjects = {(w.tenant, w.subject) for w in fleet.writes if w.role != "tool_output"}
    counts = Counter((r.tenant, r.subject) for r in fleet.recalls)
    for tenant in fleet.tenants:
        mine = sorted((counts[s] for s in subjects if s[0] == tenant), reverse=True)
        median = statistics.median(mine)
        assert mine[0] >= 5 * median, (tenant, mine)
        principles = [
            counts[s] for s in subjects if s[0] == tenant and s[1].startswith("principle:")
        ]
        assert statistics.mean(principles) < median / 3, (principles, median)
    top = counts.most_common(1)[0]
    print(f"\nmost recalled: {top}; recalls {len(fleet.recalls)}")


def test_hotfixes_are_recalled_before_their_rewrite(fleet: Fleet) -> None:
    rewrites = {(w.tenant, w.subject): w.at for w in fleet.writes if w.role == "rewrite"}
    first: dict[tuple[str, str], datetime] = {}
    for w in fleet.writes:
        if w.role == "hotfix":
            first.setdefault((w.tenant, w.subject), w.at)
    before: Counter[tuple[str, str]] = Counter()
    after: Counter[tuple[str, str]] = Counter()
    for r in fleet.recalls:
        key = (r.tenant, r.subject)
        if key in rewrites:
            assert r.at > first[key]  # nothing is recalled before it is written
            (before if r.at < rewrites[key] else after)[key] += 1
    end = fleet.end()
    for key, rewritten in rewrites.items():
        assert before[key] >= 5, key
        rate_before = before[key] / max((rewritten - first[key]).days, 1)
        rate_after = after[key] / max((end - rewritten).days, 1)
        assert rate_after < rate_before / 2, (key, rate_before, rate_after)


def test_recalls_never_precede_their_subject(fleet: Fleet) -> None:
    first: dict[tuple[str, str], datetime] = {}
    for w in fleet.writes:
        first.setdefault((w.tenant, w.subject), w.at)
    for r in fleet.recalls:
        assert (r.tenant, r.subject) in first
        assert r.at > first[(r.tenant, r.subject)]


# -- scale ---------------------------------------------------------------------------------------


def test_reference_scale_builds_fast() -> None:
    started = time.perf_counter()
    fleet = simulate_fleet(REFERENCE)
    elapsed = time.perf_counter() - started
    summary = fleet_summary(fleet)
    print(
        f"\n{REFERENCE.tenants} tenants x {REFERENCE.days} days x "
        f"{REFERENCE.writes_per_day}/day: {summary['writes']} writes, "
        f"{summary['recalls']} recalls, {summary['queries']} queries "
        f"in {elapsed:.2f} s"
    )
    assert summary["writes"] >= 20_000
