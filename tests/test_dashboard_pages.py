"""Every dashboard page under ``streamlit.testing.v1.AppTest``, against a real embedded
PostgreSQL seeded with the demo fleet: pages render, show the store's figures, and each
curator action changes the store as the curation API says (checked through the API)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import pytest
from curation_helpers import account_manager_change
from dashboard_support import (
    APP,
    DEVOPS,
    SUPPORT,
    TENANTS,
    app,
    clear_streamlit_caches,
    dashboard_env,
    demo_now,
    demo_template,
    fleet_database_url,
    metric,
    texts,
)
from streamlit.testing.v1 import AppTest

from curation import (
    FixedClock,
    HashingEmbedder,
    MemoryRecord,
    MemoryStore,
)
from curation._store.database import Database
from curation._store.services.insights import ARCHIVE_REASONS

__all__ = ["demo_template", "fleet_database_url"]  # fixtures shared through dashboard_support

PAGES = {
    "overview": "Overview",
    "curator_queue": "Curator queue",
    "archive": "Archive explorer",
    "recall": "Recall playground",
    "experiments": "Experiments",
}


@pytest.fixture
def fleet(
    fleet_database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MemoryStore]:
    """The demo fleet in this test's own database, the app pointed at it."""
    database = Database(fleet_database_url)
    dashboard_env(monkeypatch, fleet_database_url, tmp_path, demo_now())
    clear_streamlit_caches()
    yield MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(demo_now()))
    clear_streamlit_caches()
    database.dispose()


# -- every page -------------------------------------------------------------------------------
@pytest.mark.parametrize("tenant", TENANTS)
def test_every_page_renders_for_every_tenant(fleet: MemoryStore, tenant: str) -> None:
    at = app()
    at.sidebar.selectbox(key="tenant").set_value(tenant).run()
    for page, title in PAGES.items():
        at.switch_page(f"views/{page}.py").run()
        assert not at.exception, (page, [e.value for e in at.exception])
        assert [t.value for t in at.title] == [title]
        assert not at.error, (page, [e.value for e in at.error])
        assert at.session_state["tenant"] == tenant


def test_tenant_selector_lists_the_demo_tenants_on_every_page(fleet: MemoryStore) -> None:
    at = app()
    for page in PAGES:
        at.switch_page(f"views/{page}.py").run()
        selector = at.sidebar.selectbox(key="tenant")
        assert selector.options == TENANTS == fleet.tenants.all()
        assert selector.value == TENANTS[0]


def test_a_tenant_in_the_url_is_the_first_choice(fleet: MemoryStore) -> None:
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.query_params["tenant"] = DEVOPS
    at.run()
    assert at.session_state["tenant"] == DEVOPS
    assert metric(at, "Active entries") == str(fleet.counts(DEVOPS).active)


# -- overview -------------------------------------------------------------------------------
@pytest.mark.parametrize("tenant", TENANTS)
def test_overview_shows_the_store_figures(fleet: MemoryStore, tenant: str) -> None:
    at = app()
    at.sidebar.selectbox(key="tenant").set_value(tenant).run()
    counts = fleet.counts(tenant)
    assert metric(at, "Active entries") == str(counts.active)
    assert metric(at, "Archived") == str(counts.archived)
    assert metric(at, "Open conflicts") == str(len(fleet.ledger.conflicts(tenant)))
    assert metric(at, "Pending proposals") == str(len(fleet.curator.proposals(tenant)))
    assert metric(at, "Contested recalls") == "0"

    report = fleet.runs.latest(tenant)[0].report
    assert metric(at, "Active after") == str(report.active_after) == str(counts.active)
    assert metric(at, "Decayed") == str(report.applied["decayed"])
    assert metric(at, "Skipped by cap") == str(report.planned["skipped_by_cap"])
    done = report.planned if report.dry_run else report.applied
    assert metric(at, "Held for review") == str(done.get("held_for_review", 0))

    shown = texts(at)
    assert "0 by construction" in shown
    for check in (
        "prune cap",
        "golden recall probes",
        "pinned untouched",
        "no cross-tenant action",
        "near-duplicate share",
    ):
        assert f"<b>{check}</b>" in shown
    assert "✘" not in shown  # every check passes on the demo fleet
    # the trends are charts, not tables: active size, archived per week, retention,
    # near-duplicates, queues, recalls
    assert len(at.get("vega_lite_chart")) == 6
    assert not at.dataframe


def test_overview_warns_about_a_long_tail_above_the_prune_threshold(
    database: Database, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = demo_now()
    store = MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(now))
    store.remember_many(
        "generous",
        [
            {"content": f"Lesson number {i} about deploy step {i}", "importance": 0.15}
            for i in range(10)
        ],
        now=now,
    )
    dashboard_env(monkeypatch, database_url, tmp_path, now)
    clear_streamlit_caches()
    try:
        at = app()
        assert not at.exception
        warnings = [w.value for w in at.warning]
        assert any("Long tail: 100% of the active set" in w for w in warnings), warnings
        assert any("importance scores are probably too generous" in w for w in warnings)
        assert "No curation run yet" in texts(at)
    finally:
        clear_streamlit_caches()


def test_overview_shows_a_dry_run_s_planned_active_and_an_undone_run_as_undone(
    database: Database, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = demo_now()
    store = MemoryStore(database, embedder=HashingEmbedder(), clock=FixedClock(now))
    text = "The nightly backup job writes snapshots to the cold storage bucket"
    store.remember_many("ops", [{"content": text}, {"content": text + "!"}], now=now)
    store.tenants.set_policy("ops", {"duplicates": "apply", "compression": "off"})
    dashboard_env(monkeypatch, database_url, tmp_path, now)
    try:
        dry = store.runs.curate("ops", apply=False)
        clear_streamlit_caches()
        at = app()
        assert metric(at, "Active after (planned)") == "1" == str(dry.planned["active_after"])
        assert " · dry run · " in texts(at)

        applied = store.runs.curate("ops", apply=True, now=now + timedelta(minutes=1))
        store.runs.undo("ops", applied.run_id, now=now + timedelta(minutes=2))
        clear_streamlit_caches()
        at = app()
        assert metric(at, "Active after") == str(applied.active_after) == "1"
        assert " · undone · " in texts(at) and " · applied · " not in texts(at)
    finally:
        clear_streamlit_caches()


def test_an_empty_store_says_what_to_run(
    database: Database, database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dashboard_env(monkeypatch, database_url, tmp_path, demo_now())
    clear_streamlit_caches()
    try:
        at = app()
        for page in ("overview", "curator_queue", "archive", "recall"):
            at.switch_page(f"views/{page}.py").run()
            assert not at.exception
            assert any("No tenants yet" in i.value and "make demo" in i.value for i in at.info)
    finally:
        clear_streamlit_caches()


def test_an_unreachable_store_says_how_to_configure_one(
    database_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = database_url.replace("/t_", "/missing_", 1)
    assert missing != database_url
    dashboard_env(monkeypatch, missing, tmp_path, demo_now())
    clear_streamlit_caches()
    try:
        at = app()
        assert not at.exception
        (warning,) = at.warning
        assert "The memory store cannot be opened" in warning.value
        assert "MEMGOV_DATABASE_URL" in warning.value
        at.switch_page("views/experiments.py").run()  # MLflow does not need the store
        assert not at.exception
        assert [t.value for t in at.title] == ["Experiments"]
    finally:
        clear_streamlit_caches()


# -- curator queue: approve, reject, unmerge, resolve ---------------------------------------
def test_curator_queue_shows_proposals_with_members_evidence_and_diff(fleet: MemoryStore) -> None:
    at = app("curator_queue")
    pending = fleet.curator.proposals(SUPPORT)
    assert len(pending) == 2
    shown = texts(at)
    for proposal in pending:
        assert proposal.text in shown
        for member in proposal.member_ids:
            words = fleet.get(SUPPORT, member).content.split()
            assert words[-1] in shown  # each member is shown, word by word
    assert "<del" in shown and "<ins" in shown  # the word-level diff highlights
    assert len(at.dataframe) == 2  # one Jaccard-pairs table per proposal
    options = at.multiselect(key="proposal_batch").options
    assert len(options) == 2


def test_approve_a_batch_then_unmerge_it(fleet: MemoryStore) -> None:
    proposal = fleet.curator.proposals(SUPPORT)[0]
    at = app("curator_queue")
    at.multiselect(key="proposal_batch").set_value([proposal.id])
    at.button(key="approve").click().run()
    assert not at.exception
    assert any("Approved 1 proposal(s)" in s.value for s in at.success), [
        s.value for s in at.success
    ]

    approved = fleet.curator.proposals(SUPPORT, status="approved")
    assert [p.id for p in approved] == [proposal.id]
    principle = approved[0].principle_id
    members = [m for m in proposal.member_ids if m != principle]
    assert members
    for member in members:
        record = fleet.get(SUPPORT, member)
        assert (record.status, record.archive_reason, record.parent_id) == (
            "archived",
            "subsumed",
            principle,
        )
    approval = fleet.ledger.events(SUPPORT, types=["approve"])[-1]
    assert approval.actor == "dashboard"
    assert metric(app(), "Pending proposals") == "1"  # every page reads fresh data

    at.switch_page("views/curator_queue.py").run()
    at.selectbox(key="unmerge_choice").set_value(proposal.id)
    at.button(key="unmerge").click().run()
    assert not at.exception
    assert any(f"Unmerged: {len(members)} entries restored" in s.value for s in at.success)
    assert fleet.curator.proposals(SUPPORT, status="unmerged")[0].id == proposal.id
    for member in members:
        assert fleet.get(SUPPORT, member).status == "active"
    assert fleet.ledger.events(SUPPORT, types=["unmerge"])[-1].actor == "dashboard"


def test_approve_with_the_text_as_the_curator_edited_it(fleet: MemoryStore) -> None:
    proposal = fleet.curator.proposals(SUPPORT)[0]
    edited = "Refunds above <b>500</b> need a manager's approval"
    at = app("curator_queue")
    area = at.text_area(key=f"principle_text_{proposal.id}")
    assert area.value == proposal.text  # the proposed text, ready to edit
    area.input("   ")
    at.multiselect(key="proposal_batch").set_value([proposal.id])
    at.button(key="approve").click().run()
    assert not at.exception
    assert any("text=" in e.value and "must not be empty" in e.value for e in at.error)
    assert proposal.id in {p.id for p in fleet.curator.proposals(SUPPORT)}  # nothing approved

    at.text_area(key=f"principle_text_{proposal.id}").input(edited)
    at.multiselect(key="proposal_batch").set_value([proposal.id])
    at.button(key="approve").click().run()

    assert not at.exception
    assert any("1 with the text as you edited it" in s.value for s in at.success)
    [approved] = fleet.curator.proposals(SUPPORT, status="approved")
    assert fleet.get(SUPPORT, approved.principle_id).content == edited
    approval = fleet.ledger.events(SUPPORT, types=["approve"])[-1]
    assert (approval.data["proposed_text"], approval.data["edited_text"]) == (
        proposal.text,
        edited,
    )
    assert approval.actor == "dashboard"
    shown = [str(getattr(e, "proto", e)) for e in at.get("html")]
    assert any("&lt;b&gt;500" in h for h in shown)  # the edit is shown escaped
    assert not any("<b>500" in h for h in shown)


def test_approve_two_proposals_in_one_action(fleet: MemoryStore) -> None:
    ids = [p.id for p in fleet.curator.proposals(SUPPORT)]
    at = app("curator_queue")
    at.multiselect(key="proposal_batch").set_value(ids)
    at.button(key="approve").click().run()
    assert any("Approved 2 proposal(s)" in s.value for s in at.success)
    assert fleet.curator.proposals(SUPPORT) == []
    assert sorted(p.id for p in fleet.curator.proposals(SUPPORT, status="approved")) == sorted(ids)
    assert any("No pending proposals" in i.value for i in at.info)


def test_reject_a_proposal_keeps_its_members(fleet: MemoryStore) -> None:
    proposal = fleet.curator.proposals(SUPPORT)[1]
    at = app("curator_queue")
    at.multiselect(key="proposal_batch").set_value([proposal.id])
    at.text_input(key="reject_note").input("too broad")
    at.button(key="reject").click().run()
    assert any("Rejected 1 proposal(s)" in s.value for s in at.success)
    assert [p.id for p in fleet.curator.proposals(SUPPORT, status="rejected")] == [proposal.id]
    assert all(fleet.get(SUPPORT, m).status == "active" for m in proposal.member_ids)
    assert fleet.ledger.events(SUPPORT, types=["reject"])[-1].reason == "too broad"


def test_an_action_without_a_selection_says_so(fleet: MemoryStore) -> None:
    at = app("curator_queue")
    at.button(key="approve").click().run()
    assert any("Select at least one proposal" in w.value for w in at.warning)
    assert len(fleet.curator.proposals(SUPPORT)) == 2


def test_resolve_a_conflict_by_retiring_the_contested_entry(fleet: MemoryStore) -> None:
    (conflict,) = fleet.ledger.conflicts(SUPPORT)
    at = app("curator_queue")
    shown = texts(at)
    assert conflict.claim in shown and conflict.evidence in shown
    assert fleet.get(SUPPORT, conflict.memory_id).content in shown
    at.radio(key=f"resolution_{conflict.id}").set_value("retire")
    at.button(key=f"resolve_{conflict.id}").click().run()
    assert not at.exception
    assert any("Conflict resolved (retire)" in s.value for s in at.success)
    assert fleet.ledger.conflicts(SUPPORT) == []
    (closed,) = fleet.ledger.conflicts(SUPPORT, status="resolved")
    assert closed.resolution == "retire"
    record = fleet.get(SUPPORT, conflict.memory_id)
    assert (record.status, record.archive_reason) == ("archived", "retired")
    assert fleet.ledger.events(SUPPORT, types=["resolve"])[-1].actor == "dashboard"


def test_resolve_a_conflict_with_a_replacement(fleet: MemoryStore) -> None:
    (conflict,) = fleet.ledger.conflicts(SUPPORT)
    at = app("curator_queue")
    at.radio(key=f"resolution_{conflict.id}").set_value("replace").run()
    replacement = "EU customer data moved from Frankfurt to the Dublin data center in October"
    at.text_input(key=f"replacement_{conflict.id}").input(replacement)
    at.text_input(key=f"note_{conflict.id}").input("migration finished")
    at.button(key=f"resolve_{conflict.id}").click().run()
    assert any("replacement" in s.value for s in at.success)
    old = fleet.get(SUPPORT, conflict.memory_id)
    assert (old.status, old.archive_reason) == ("archived", "superseded")
    assert old.superseded_by is not None
    new = fleet.get(SUPPORT, old.superseded_by)
    assert (new.content, new.status) == (replacement, "active")
    assert (
        fleet.ledger.conflicts(SUPPORT, status="resolved")[0].resolution_note
        == "migration finished"
    )


def test_dismiss_a_conflict_leaves_the_entry(fleet: MemoryStore) -> None:
    (conflict,) = fleet.ledger.conflicts(SUPPORT)
    at = app("curator_queue")
    at.radio(key=f"resolution_{conflict.id}").set_value("dismiss")
    at.button(key=f"resolve_{conflict.id}").click().run()
    assert any("Conflict dismissed" in s.value for s in at.success)
    assert fleet.ledger.conflicts(SUPPORT, status="dismissed")[0].id == conflict.id
    assert fleet.get(SUPPORT, conflict.memory_id).status == "active"


# -- archive explorer ---------------------------------------------------------------------------
def test_archive_search_by_text_reason_and_date(fleet: MemoryStore) -> None:
    at = app("archive")
    archived = fleet.memories(SUPPORT, status="archived", limit=1000)
    assert f"{len(archived)} matching archived entries" in texts(at)

    at.text_input(key="archive_text").input("Basic plan").run()
    assert "1 matching archived entries" in texts(at)
    (basic,) = [m for m in archived if "Basic plan" in m.content]
    assert at.selectbox(key="archive_pick").value == basic.id

    at.text_input(key="archive_text").input("").run()
    at.multiselect(key="archive_reasons").set_value(["superseded"]).run()
    superseded = [m for m in archived if m.archive_reason == "superseded"]
    assert f"{len(superseded)} matching archived entries" in texts(at)
    assert set(at.multiselect(key="archive_reasons").options) == {*ARCHIVE_REASONS, "rewound"}

    at.multiselect(key="archive_reasons").set_value([])
    day = demo_now().date()
    at.date_input(key="archive_dates").set_value((day, day)).run()
    assert f"{len(archived)} matching archived entries" in texts(at)
    at.date_input(key="archive_dates").set_value((date(2026, 9, 1), date(2026, 9, 2))).run()
    assert any("No archived entries match" in i.value for i in at.info)


def _archive_page_on_basic(fleet: MemoryStore) -> tuple[MemoryRecord, AppTest]:
    """The archive page with the fleet's one archived Basic-plan entry picked."""
    (basic,) = [
        m
        for m in fleet.memories(SUPPORT, status="archived", limit=1000)
        if "Basic plan" in m.content
    ]
    at = app("archive")
    at.selectbox(key="archive_pick").set_value(basic.id).run()
    return basic, at


def test_why_was_this_removed_shows_the_trail_and_the_chain(fleet: MemoryStore) -> None:
    basic, at = _archive_page_on_basic(fleet)
    shown = texts(at)
    assert "Archived as superseded" in shown
    assert "Superseded by" in shown
    why = fleet.explain(SUPPORT, basic.id)
    assert why.superseded_chain
    assert fleet.get(SUPPORT, why.superseded_chain[0]).content in shown
    trail = at.dataframe[-1].value
    assert list(trail["event"]) == [e.type for e in why.events]


def test_restore_an_archived_entry(fleet: MemoryStore) -> None:
    basic, at = _archive_page_on_basic(fleet)
    at.button(key="restore").click().run()
    assert not at.exception
    assert any("Restored 1 entry" in s.value and "Basic plan" in s.value for s in at.success)
    restored = fleet.get(SUPPORT, basic.id)
    assert (restored.status, restored.archive_reason) == ("active", None)
    event = fleet.ledger.events(SUPPORT, types=["restore"])[-1]
    assert (event.memory_id, event.actor) == (basic.id, "dashboard")
    assert event.data["prior"]["archive_reason"] == "superseded"
    assert basic.id not in at.selectbox(key="archive_pick").options


def _infer_a_supersession(
    fleet: MemoryStore, min_reviewed: int = 0
) -> tuple[MemoryRecord, MemoryRecord]:
    """A key-less change of one slot (the account manager), curated with only supersession
    in apply: the pass infers that the newer entry supersedes the older — applied with the
    review gate open (``min_reviewed`` 0), held for review otherwise."""
    old, new = account_manager_change(fleet, SUPPORT, inferred_min_reviewed=min_reviewed)
    fleet.runs.curate(SUPPORT, apply=True)
    return old, new


def test_an_inferred_supersession_is_shown_as_such_and_undone_in_one_action(
    fleet: MemoryStore,
) -> None:
    old, new = _infer_a_supersession(fleet)
    archived = fleet.get(SUPPORT, old.id)
    assert (archived.status, archived.superseded_by) == ("archived", new.id)
    at = app("archive")
    at.selectbox(key="archive_pick").set_value(old.id).run()
    shown = texts(at)
    assert "Archived as inferred supersession" in shown and "Omar Haddad" in shown
    at.button(key="restore").click().run()
    assert fleet.get(SUPPORT, old.id).status == "active"


def test_the_curator_queue_lists_inferred_supersessions_with_a_one_action_undo(
    fleet: MemoryStore,
) -> None:
    old, new = _infer_a_supersession(fleet)
    [item] = [i for i in fleet.curator.inferred_supersessions(SUPPORT) if i.memory_id == old.id]
    assert item.superseded_by == new.id and "'Dana Ruiz' -> 'Omar Haddad'" in item.evidence

    at = app("curator_queue")
    shown = texts(at)
    assert "Inferred supersessions" in shown
    assert item.content in shown and str(item.current_content) in shown
    assert item.evidence in shown and "Omar Haddad" in str(item.current_content)
    at.button(key=f"undo_inferred_{old.id}").click().run()

    assert not at.exception
    assert any("Restored" in s.value for s in at.success)
    assert fleet.get(SUPPORT, old.id).status == "active"
    assert fleet.get(SUPPORT, new.id).status == "active"
    assert all(i.memory_id != old.id for i in fleet.curator.inferred_supersessions(SUPPORT))
    assert f"undo_inferred_{old.id}" not in {b.key for b in at.button}


def _raw_html(at: AppTest) -> str:
    return "\n".join(str(getattr(e, "proto", e)) for e in at.get("html"))


def test_the_curator_queue_holds_an_unearned_change_and_confirm_archives_it(
    fleet: MemoryStore,
) -> None:
    old, new = _infer_a_supersession(fleet, min_reviewed=1)
    assert fleet.get(SUPPORT, old.id).status == "active"  # held, not archived
    [held] = fleet.curator.changes(SUPPORT)

    at = app("curator_queue")
    shown = texts(at)
    assert "Held changes" in shown and "not earned" in shown
    assert (held.older_content, held.newer_content) == (
        fleet.get(SUPPORT, old.id).content,
        fleet.get(SUPPORT, new.id).content,
    )
    assert held.older_content in shown and held.newer_content in shown and held.detail in shown
    assert "'Dana Ruiz' -> 'Omar Haddad'" in held.detail
    raw = _raw_html(at)  # agents' text and the evidence are escaped, never markup
    assert "&#x27;Dana Ruiz&#x27; -&gt; &#x27;Omar Haddad&#x27;" in raw
    assert "'Dana Ruiz' -> 'Omar Haddad'" not in raw

    at.text_input(key=f"change_note_{held.id}").set_value("moved accounts").run()
    at.button(key=f"confirm_change_{held.id}").click().run()
    assert not at.exception
    assert any("Confirmed" in s.value for s in at.success)
    archived = fleet.get(SUPPORT, old.id)
    assert (archived.status, archived.superseded_by) == ("archived", new.id)
    [decided] = fleet.curator.changes(SUPPORT, status="confirmed")
    assert (decided.note, decided.decided_by) == ("moved accounts", "dashboard")
    assert f"confirm_change_{held.id}" not in {b.key for b in at.button}
    assert "earned" in texts(at) and "not earned" not in texts(at)


def test_the_curator_queue_rejects_a_held_change_keeping_both(fleet: MemoryStore) -> None:
    old, new = _infer_a_supersession(fleet, min_reviewed=1)
    [held] = fleet.curator.changes(SUPPORT)
    at = app("curator_queue")
    at.button(key=f"reject_change_{held.id}").click().run()
    assert not at.exception
    assert any("Rejected" in s.value for s in at.success)
    assert fleet.get(SUPPORT, old.id).status == "active"
    assert fleet.get(SUPPORT, new.id).status == "active"
    assert fleet.curator.change_gate(SUPPORT).rejected == 1 and fleet.curator.changes(SUPPORT) == []


def test_a_link_opens_the_explanation_of_one_entry(fleet: MemoryStore) -> None:
    (basic,) = fleet.memories(SUPPORT, status="archived", contains="Basic plan")
    at = AppTest.from_file(str(APP), default_timeout=120)
    at.switch_page("views/archive.py")
    at.query_params["memory"] = basic.id
    at.run()
    assert at.selectbox(key="archive_pick").value == basic.id
    assert "Archived as superseded" in texts(at)


# -- recall playground --------------------------------------------------------------------------
def test_recall_side_by_side_and_what_curation_suppressed(fleet: MemoryStore) -> None:
    query = "What plan is Initech on?"
    before = fleet.ledger.events(SUPPORT, types=["recall"])
    at = app("recall")
    assert any("Type a query" in i.value for i in at.info)
    at.text_input(key="recall_query").input(query).run()
    assert not at.exception
    raw = fleet.recall(SUPPORT, query, k=6, mode="raw")
    curated = fleet.recall(SUPPORT, query, k=6, mode="curated", record=False)
    shown = texts(at)
    for hit in raw.hits + curated.hits:
        assert hit.content in shown
        assert f"similarity **{hit.similarity:.3f}**" in shown
    for hit in curated.hits:
        assert f"score **{hit.score:.3f}**" in shown
    suppressed = [h for h in raw.hits if h.status == "archived" and h.id not in curated.ids]
    assert suppressed, "the demo's stale Initech fact is archived but raw recall finds it"
    assert f"{len(suppressed)} archived entries raw recall returned" in shown
    for hit in suppressed:
        assert f"{hit.archive_reason}</span> {hit.content}" in shown  # as text, in red
    links = [link.proto for link in at.get("page_link")]
    assert [link.query_string for link in links] == [f"memory={h.id}" for h in suppressed]
    assert fleet.ledger.events(SUPPORT, types=["recall"]) == before  # nothing recorded


def test_recall_shows_conflicts_curated_attaches_and_raw_omits(fleet: MemoryStore) -> None:
    (conflict,) = fleet.ledger.conflicts(SUPPORT)
    contested = fleet.get(SUPPORT, conflict.memory_id)
    at = app("recall")
    at.text_input(key="recall_query").input(contested.content).run()
    shown = texts(at)
    assert f"contested: {conflict.claim}" in shown  # curated attaches the conflict
    assert "raw recall does not attach them" in shown
