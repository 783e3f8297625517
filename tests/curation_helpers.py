"""Shared setup for the store-level curation tests (tests/test_curation_*.py): policies,
state fingerprints read straight from the tables, and a mixed store that gives every
mechanic something to do."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import text

from curation import CompressionMode, CurationPolicy, MemoryRecord, MemoryStore, Mode
from curation._kinds import MemoryKind

T0 = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)  # the conftest clock (a November)

MECHANICS = ("supersession", "duplicates", "decay", "contradiction", "subsumption")

# what each curation pass mechanic leaves behind when it writes
ARCHIVE_REASON = {"supersession": "superseded", "duplicates": "duplicate", "decay": "decayed"}

# the fields an undo / unmerge must give back exactly
TRACKED = (
    "status",
    "archive_reason",
    "superseded_by",
    "parent_id",
    "recall_count",
    "importance",
    "proven",
    "generality",
    "pinned",
)


# The pass tests exercise decay's idle / cap / undo mechanics on one-off facts, so every
# kind may decay uncovered here; the only-carrier rule is tested in test_decay_carrier.py.
EVERY_KIND = frozenset(MemoryKind)


def seed_mixed_decaying(store: MemoryStore, tenant: str) -> dict[str, Any]:
    """``seed_mixed``, under the tenant's policy with every kind allowed to decay uncovered
    (the seeded stale hotfixes are one-off facts)."""
    ids = seed_mixed(store, tenant)
    policy = store.tenants.policy(tenant)
    store.tenants.set_policy(
        tenant, policy.model_copy(update={"decay_uncovered_kinds": EVERY_KIND})
    )
    return ids


def apply_all(**overrides: Any) -> CurationPolicy:
    overrides.setdefault("decay_uncovered_kinds", EVERY_KIND)
    return CurationPolicy(**overrides).with_all_modes(Mode.APPLY)


def apply_only(*mechanics: str, compression: bool = True, **overrides: Any) -> CurationPolicy:
    """Every write-capable mechanic dry_run except ``mechanics`` (apply)."""
    unknown = set(mechanics) - set(MECHANICS)
    assert not unknown, unknown
    modes: dict[str, Any] = {m: (Mode.APPLY if m in mechanics else Mode.DRY_RUN) for m in MECHANICS}
    modes["compression"] = CompressionMode.PROPOSE if compression else CompressionMode.OFF
    overrides.setdefault("decay_uncovered_kinds", EVERY_KIND)
    return CurationPolicy(**modes, **overrides)


def state(store: MemoryStore, tenant: str) -> dict[str, tuple[Any, ...]]:
    """Per memory id, the TRACKED fields, straight from memory_state."""
    with store.db.transaction(tenant) as conn:
        rows = conn.execute(
            text(
                f"SELECT memory_id, {', '.join(TRACKED)} FROM memory_state"
                " WHERE tenant = :t ORDER BY memory_id"
            ),
            {"t": tenant},
        ).all()
    return {
        str(r.memory_id): tuple(
            str(v) if f in ("superseded_by", "parent_id") and v is not None else v
            for f, v in zip(TRACKED, r[1:], strict=True)
        )
        for r in rows
    }


def field_of(snapshot: dict[str, tuple[Any, ...]], memory_id: str, name: str) -> Any:
    return snapshot[memory_id][TRACKED.index(name)]


def full_state(store: MemoryStore, tenant: str) -> list[dict[str, Any]]:
    """Every column of every memory_state row of the tenant (versions and timestamps too)."""
    with store.db.transaction(tenant) as conn:
        rows = (
            conn.execute(
                text("SELECT * FROM memory_state WHERE tenant = :t ORDER BY memory_id"),
                {"t": tenant},
            )
            .mappings()
            .all()
        )
    return [dict(r) for r in rows]


TABLES = ("memory", "memory_state", "conflict", "proposal", "event", "curation_run")


def table_counts(store: MemoryStore, tenant: str) -> dict[str, int]:
    with store.db.transaction(tenant) as conn:
        return {
            table: int(
                conn.execute(
                    text(f"SELECT count(*) FROM {table} WHERE tenant = :t"), {"t": tenant}
                ).scalar_one()
            )
            for table in TABLES
        }


def conflict_rows(store: MemoryStore, tenant: str) -> list[dict[str, Any]]:
    with store.db.transaction(tenant) as conn:
        rows = (
            conn.execute(
                text("SELECT * FROM conflict WHERE tenant = :t ORDER BY id"), {"t": tenant}
            )
            .mappings()
            .all()
        )
    return [dict(r) for r in rows]


def days_ago(days: float, *, now: datetime = T0) -> datetime:
    return now - timedelta(days=days)


# -- text generators -------------------------------------------------------------------


def lesson_variants(
    core: str, openers: Iterable[str], verbs: Iterable[str], tails: Iterable[str], n: int
) -> list[str]:
    """``n`` lexical variants of one lesson: ``core`` has the slots {opener} {verb} {tail};
    any two variants share the core words, so their token Jaccard stays high."""
    out = [
        core.format(opener=o, verb=v, tail=t).strip()
        for o, v, t in itertools.product(openers, verbs, tails)
    ]
    assert len(out) >= n, f"only {len(out)} variants"
    return out[:n]


MIGRATION_LESSON = lesson_variants(
    "{opener} run the schema migration check before {verb} the billing service{tail}",
    ["Always", "Please always", "Remember to always", "Make sure you always"],
    ["deploying", "releasing", "shipping", "upgrading"],
    ["", " to production", " in every region"],
    40,
)

CACHE_LESSON = lesson_variants(
    "{opener} flush the redis session cache after {verb} the auth gateway{tail}",
    ["Always", "Remember to"],
    ["restarting", "redeploying"],
    ["", " config"],
    4,
)

UNRELATED = [
    "The quarterly report is due on the first Monday of each quarter.",
    "Office plants are watered by the facilities team.",
    "Grafana dashboards live in the observability folder.",
    "Customer Acme prefers invoices in PDF format.",
    "The VPN certificate is rotated by the security team.",
    "Lunch orders go through the shared spreadsheet.",
    "The mobile app uses React Native.",
    "Pager rotations change every Wednesday morning.",
    "Design reviews happen in the large meeting room.",
    "Interns get read-only database credentials.",
    "Python services are formatted with ruff.",
    "The marketing site is hosted on a static CDN.",
    "Weekly backlog grooming is led by the product owner.",
    "Expense reports need a receipt photo attached.",
    "The data warehouse refresh finishes around dawn.",
]


def fillers(prefix: str, n: int) -> list[str]:
    """Distinct one-liners with no shared vocabulary beyond the numbered word."""
    words = [
        "amber",
        "birch",
        "cobalt",
        "dune",
        "ember",
        "fjord",
        "garnet",
        "harbor",
        "indigo",
        "juniper",
        "kelp",
        "lagoon",
        "marble",
        "nectar",
        "onyx",
        "pewter",
        "quartz",
        "russet",
        "saffron",
        "tundra",
        "umber",
        "violet",
        "willow",
        "xenon",
        "yarrow",
        "zephyr",
    ]
    assert n <= len(words)
    return [f"{prefix} {w} {w}{i} note" for i, w in enumerate(words[:n])]


def seed_mixed(store: MemoryStore, tenant: str) -> dict[str, Any]:
    """A store in which every pass mechanic has work (HashingEmbedder thresholds: duplicate
    0.93, contradiction 0.85), written under the default (dry-run) policy so the write-time
    hooks stay out of it. Returns the ids by role."""
    rows: list[dict[str, Any]] = []
    roles: list[str] = []

    def add(role: str, content: str, **fields: Any) -> None:
        rows.append({"content": content, "kind": fields.pop("kind", "fact"), **fields})
        roles.append(role)

    for text_ in fillers("fresh", 12):
        add("filler", text_, created_at=days_ago(1))

    def keyed(role: str, content: str, key: str, days: int, **fields: Any) -> None:
        add(role, content, supersession_key=key, created_at=days_ago(days), **fields)

    # supersession: the newer entry of key deploy-target wins
    keyed("key_old", "The deploy target for the web tier is the blue pool", "deploy-target", 10)
    keyed("key_new", "The deploy target for the web tier is the green pool", "deploy-target", 2)
    # ... and a newer but narrower entry of key region (filed beneath the broad one)
    keyed(
        "key_broad",
        "Every service must run in at least two availability zones",
        "region",
        20,
        generality=2,
    )
    keyed("key_narrow", "The search service runs in two availability zones", "region", 3)
    # duplicates: the same words, different punctuation (cosine 1.0); the first is broader
    add(
        "dup_canonical",
        "The nightly backup job writes snapshots to the cold storage bucket",
        generality=1,
        importance=0.4,
        created_at=days_ago(5),
    )
    add(
        "dup_echo",
        "The nightly backup job writes snapshots to the cold storage bucket!",
        importance=0.9,
        created_at=days_ago(4),
    )
    # contradiction: one value apart; the older carries a key of its own, so the change
    # is not inferred supersession (keys win) but a conflict for the curator
    add(
        "claim_old",
        "For the Hendricks household the customer's approved mortgage"
        " pre-approval amount from the bank is $350,000",
        created_at=days_ago(6),
        supersession_key="hendricks-pre-approval-2024",
    )
    add(
        "claim_new",
        "For the Hendricks household the customer's approved mortgage"
        " pre-approval amount from the bank is $400,000",
        created_at=days_ago(1),
    )
    # decay: one-offs nobody recalled for three months
    for i, text_ in enumerate(
        [
            "hotfix restart cache node seven after oom",
            "hotfix bump worker pool to sixteen",
            "hotfix pin openssl for the legacy image",
        ]
    ):
        add(f"stale{i}", text_, created_at=days_ago(90), importance=0.3 + 0.1 * i)
    # compression: three lexical variants of one lesson
    for i, text_ in enumerate(CACHE_LESSON[:3]):
        add(f"lesson{i}", text_, created_at=days_ago(2))
    results = store.remember_many(tenant, rows)
    assert all(r.created for r in results)
    ids: dict[str, Any] = {"filler": []}
    for role, result in zip(roles, results, strict=True):
        if role == "filler":
            ids["filler"].append(result.id)
        else:
            ids[role] = result.id
    ids["stale"] = [ids[f"stale{i}"] for i in range(3)]
    ids["lessons"] = [ids[f"lesson{i}"] for i in range(3)]
    return ids


def account_manager_change(
    store: MemoryStore, tenant: str, **policy: Any
) -> tuple[MemoryRecord, MemoryRecord]:
    """A key-less change of one slot (Initech's account manager: Dana Ruiz, then Omar Haddad)
    and a policy applying supersession only, so the next pass infers that the newer entry
    supersedes the older: the hashing test embedder scores the pair 0.67, so the detector's
    threshold is set below it. ``policy`` adds fields (``inferred_min_reviewed``)."""
    now = store.clock.now()
    old = store.remember(
        tenant,
        "The account manager for Initech is Dana Ruiz since 2025.",
        created_at=now - timedelta(days=300),
    )
    new = store.remember(
        tenant,
        "The account manager for Initech is Omar Haddad since 2026.",
        created_at=now - timedelta(days=20),
    )
    off = {m: Mode.OFF for m in ("duplicates", "decay", "contradiction", "subsumption")}
    store.tenants.set_policy(
        tenant,
        CurationPolicy(
            **off,
            supersession=Mode.APPLY,
            compression=CompressionMode.OFF,
            contradiction_threshold={"*": 0.6},
            **policy,
        ),
    )
    return old, new
