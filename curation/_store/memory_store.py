"""``MemoryStore``: the public API agents and curators use, a thin facade. Every method is
one line naming the service that does the work (``curation._store.services``); each
service is built on the store's one ``StoreContext``. Every call is tenant-scoped; an id
that belongs to another tenant is indistinguishable from one that does not exist."""

from __future__ import annotations

from curation._clock import Clock, SystemClock
from curation._embedding import Embedder, default_embedder, embedder_from_env
from curation._policy import BULK_MIN_ROWS, CurationPolicy
from curation._store.database import Database
from curation._store.services.context import StoreContext
from curation._store.services.delegate import delegate
from curation._store.services.experiment_service import ExperimentService
from curation._store.services.forget_service import ForgetService
from curation._store.services.key_service import KeyService
from curation._store.services.ledger_service import LedgerService
from curation._store.services.memory_service import MemoryService
from curation._store.services.quarantine_service import QuarantineService
from curation._store.services.queue_service import CuratorQueue
from curation._store.services.recall_service import RecallService
from curation._store.services.rewind_service import RewindService
from curation._store.services.run_service import RunService
from curation._store.services.tenant_service import TenantService
from curation._store.services.transfer_service import TransferService


class MemoryStore:
    """Remember, recall, contest, give feedback, pin, restore and explain memories;
    curate, decide the curator's queue, run experiments, import and export; manage API keys.

    Dependencies are passed in (database, embedder, clock) so tests and simulations swap
    them; every method that needs the time also accepts ``now=`` explicitly. A new method
    is a method of the service of its area plus one ``delegate`` line here."""

    def __init__(
        self,
        database: Database,
        *,
        embedder: Embedder | None = None,
        clock: Clock | None = None,
        default_policy: CurationPolicy | None = None,
        bulk_min_rows: int | None = BULK_MIN_ROWS,
    ) -> None:
        self.context = StoreContext(
            database,
            embedder=embedder or default_embedder(),
            clock=clock or SystemClock(),
            default_policy=default_policy or CurationPolicy(),
            bulk_min_rows=bulk_min_rows,
        )
        self.tenant_service = TenantService(self.context)
        self.memory_service = MemoryService(self.context)
        self.ledger_service = LedgerService(self.context, self.memory_service)
        self.recall_service = RecallService(self.context)
        self.run_service = RunService(self.context)
        self.curator_queue = CuratorQueue(self.context)
        self.experiment_service = ExperimentService(self.context)
        self.transfer_service = TransferService(self.context, self.memory_service)
        self.key_service = KeyService(self.context)
        self.forget_service = ForgetService(self.context)
        self.quarantine_service = QuarantineService(self.context)
        self.rewind_service = RewindService(self.context)

    @classmethod
    def open(cls, *, embedder: Embedder | None = None, clock: Clock | None = None) -> MemoryStore:
        """The store configured by the environment (embedded server unless
        MEMGOV_DATABASE_URL is set; the embedder MEMGOV_EMBEDDER names unless one is
        passed), migrated to the current schema."""
        database = Database.from_settings()
        if not database.is_current():
            database.upgrade()
        return cls(database, embedder=embedder or embedder_from_env(), clock=clock)

    # -- the context every service shares ---------------------------------------------
    @property
    def db(self) -> Database:
        return self.context.db

    @property
    def embedder(self) -> Embedder:
        return self.context.embedder

    @embedder.setter
    def embedder(self, embedder: Embedder) -> None:
        self.context.embedder = embedder

    @property
    def clock(self) -> Clock:
        return self.context.clock

    @clock.setter
    def clock(self, clock: Clock) -> None:
        self.context.clock = clock

    @property
    def default_policy(self) -> CurationPolicy:
        return self.context.default_policy

    @default_policy.setter
    def default_policy(self, policy: CurationPolicy) -> None:
        self.context.default_policy = policy

    @property
    def dimension(self) -> int:
        return self.context.dimension

    @property
    def embedding_model(self) -> str:
        return self.context.embedding_model

    meta = delegate("context", StoreContext.meta)
    prepare = delegate("context", StoreContext.prepare)
    _check_embedder = delegate("context", StoreContext.check_embedder)

    # -- tenants and policy ---------------------------------------------------------------
    require_tenant = delegate("tenant_service", TenantService.require_tenant)
    create_tenant = delegate("tenant_service", TenantService.create_tenant)
    delete_tenant = delegate("tenant_service", TenantService.delete_tenant)
    tenants = delegate("tenant_service", TenantService.tenants)
    policy = delegate("tenant_service", TenantService.policy)
    set_policy = delegate("tenant_service", TenantService.set_policy)

    # -- memories -----------------------------------------------------------------------
    remember = delegate("memory_service", MemoryService.remember)
    remember_many = delegate("memory_service", MemoryService.remember_many)
    get = delegate("memory_service", MemoryService.get)
    get_many = delegate("memory_service", MemoryService.get_many)
    existing_ids = delegate("memory_service", MemoryService.existing_ids)
    feedback = delegate("memory_service", MemoryService.feedback)
    pin = delegate("memory_service", MemoryService.pin)
    unpin = delegate("memory_service", MemoryService.unpin)
    restore = delegate("memory_service", MemoryService.restore)
    memories = delegate("memory_service", MemoryService.memories)
    counts = delegate("memory_service", MemoryService.counts)

    # -- conflicts, events, explanations ----------------------------------------------------
    contest = delegate("ledger_service", LedgerService.contest)
    explain = delegate("ledger_service", LedgerService.explain)
    conflicts = delegate("ledger_service", LedgerService.conflicts)
    events = delegate("ledger_service", LedgerService.events)
    count_events = delegate("ledger_service", LedgerService.count_events)

    # -- recall -------------------------------------------------------------------------
    recall = delegate("recall_service", RecallService.recall)
    recall_by_key = delegate("recall_service", RecallService.recall_by_key)

    # -- curation runs, golden probes, compaction -----------------------------------------
    snapshot = delegate("run_service", RunService.snapshot)
    plan = delegate("run_service", RunService.plan)
    apply = delegate("run_service", RunService.apply)
    curate = delegate("run_service", RunService.curate)
    undo_run = delegate("run_service", RunService.undo_run)
    runs = delegate("run_service", RunService.runs)
    add_golden_probe = delegate("run_service", RunService.add_golden_probe)
    golden_probes = delegate("run_service", RunService.golden_probes)
    compact = delegate("run_service", RunService.compact)

    # -- the curator's queue ----------------------------------------------------------------
    proposals = delegate("curator_queue", CuratorQueue.proposals)
    approve = delegate("curator_queue", CuratorQueue.approve)
    reject = delegate("curator_queue", CuratorQueue.reject)
    unmerge = delegate("curator_queue", CuratorQueue.unmerge)
    resolve = delegate("curator_queue", CuratorQueue.resolve)
    reopen = delegate("curator_queue", CuratorQueue.reopen)
    inferred_supersessions = delegate("curator_queue", CuratorQueue.inferred_supersessions)
    changes = delegate("curator_queue", CuratorQueue.changes)
    change_gate = delegate("curator_queue", CuratorQueue.change_gate)
    confirm_change = delegate("curator_queue", CuratorQueue.confirm_change)
    reject_change = delegate("curator_queue", CuratorQueue.reject_change)

    # -- online experiments ---------------------------------------------------------------
    start_experiment = delegate("experiment_service", ExperimentService.start_experiment)
    stop_experiment = delegate("experiment_service", ExperimentService.stop_experiment)
    experiment = delegate("experiment_service", ExperimentService.experiment)
    experiments = delegate("experiment_service", ExperimentService.experiments)
    active_experiment = delegate("experiment_service", ExperimentService.active_experiment)
    experiment_observations = delegate(
        "experiment_service", ExperimentService.experiment_observations
    )
    experiment_feedback = delegate("experiment_service", ExperimentService.experiment_feedback)
    outcome = delegate("experiment_service", ExperimentService.outcome)

    # -- import / export ------------------------------------------------------------------
    import_jsonl = delegate("transfer_service", TransferService.import_jsonl)
    export_jsonl = delegate("transfer_service", TransferService.export_jsonl)
    dump_tenant = delegate("transfer_service", TransferService.dump_tenant)
    restore_tenant = delegate("transfer_service", TransferService.restore_tenant)

    # -- API keys -------------------------------------------------------------------------
    create_key = delegate("key_service", KeyService.create_key)
    keys = delegate("key_service", KeyService.keys)
    revoke_key = delegate("key_service", KeyService.revoke_key)
    authenticate = delegate("key_service", KeyService.authenticate)
    live_key_count = delegate("key_service", KeyService.live_key_count)

    # -- forget (the explicit hard delete) ------------------------------------------------
    forget = delegate("forget_service", ForgetService.forget)

    # the trust gate's queue
    quarantined = delegate("quarantine_service", QuarantineService.quarantined)
    release = delegate("quarantine_service", QuarantineService.release)
    reject_quarantined = delegate("quarantine_service", QuarantineService.reject_quarantined)

    # -- a tenant back to a moment (undone by ``undo_run``) -------------------------------
    rewind = delegate("rewind_service", RewindService.rewind)
    curated_as_of = delegate("rewind_service", RewindService.curated_as_of)
