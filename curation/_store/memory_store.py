"""``MemoryStore``: the public API agents and curators use. The agent's verbs (remember,
recall, feedback, contest, explain, pin, restore, forget …) are the store's own
attributes; everything else is reached through the typed service of its area —
``store.tenants``, ``store.runs``, ``store.curator``, ``store.quarantine``,
``store.experiments``, ``store.transfer``, ``store.keys``, ``store.history``,
``store.ledger`` — each built on the store's one ``StoreContext``. Every call is
tenant-scoped; an id that belongs to another tenant is indistinguishable from one that
does not exist."""

from __future__ import annotations

from typing import Generic, Never, Self, TypeVar, cast, overload

from curation._clock import Clock, SystemClock
from curation._embedding import Embedder, default_embedder, embedder_from_env
from curation._policy import BULK_MIN_ROWS, CurationPolicy
from curation._store.database import Database
from curation._store.services.context import StoreContext
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

T = TypeVar("T")


class _FromContext(Generic[T]):
    """A store attribute read from the context its services share."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, store: None, owner: type) -> Self: ...
    @overload
    def __get__(self, store: MemoryStore, owner: type) -> T: ...
    def __get__(self, store: MemoryStore | None, owner: type) -> T | Self:
        return self if store is None else cast(T, getattr(store.context, self.name))

    def __set__(self, store: MemoryStore, value: Never) -> None:
        raise AttributeError(f"{self.name} is read-only")


class _SharedSetting(_FromContext[T]):
    """A store attribute of the shared context that may be swapped (for every service)."""

    def __set__(self, store: MemoryStore, value: T) -> None:
        setattr(store.context, self.name, value)


class MemoryStore:
    """Remember, recall, contest, give feedback, pin, restore, explain and forget
    memories; the curator's and operator's areas as typed services.

    Dependencies are passed in (database, embedder, clock) so tests and simulations swap
    them; every method that needs the time also accepts ``now=`` explicitly. A new method
    is a method of the service of its area; an agent verb is also bound here."""

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
        # -- the areas, each a typed service on the one context ---------------------------
        self.tenants = TenantService(self.context)  # tenants and their policies
        self.memory = MemoryService(self.context)  # writes, reads, pins, feedback
        self.ledger = LedgerService(self.context, self.memory)  # conflicts, events
        self.recalls = RecallService(self.context)
        self.runs = RunService(self.context)  # snapshot, plan, apply, curate, undo
        self.curator = CuratorQueue(self.context)  # proposals, conflicts, held changes
        self.quarantine = QuarantineService(self.context)  # the trust gate's queue
        self.experiments = ExperimentService(self.context)  # online experiments
        self.transfer = TransferService(self.context, self.memory)  # JSONL, dump, restore
        self.keys = KeyService(self.context)  # API keys
        self.history = RewindService(self.context)  # rewind, the curated set as of
        self.forgetting = ForgetService(self.context)  # the explicit hard delete

        # -- the agent's verbs: the services' own bound methods (signatures, docstrings) --
        self.remember = self.memory.remember
        self.remember_many = self.memory.remember_many
        self.get = self.memory.get
        self.get_many = self.memory.get_many
        self.memories = self.memory.memories
        self.counts = self.memory.counts
        self.feedback = self.memory.feedback
        self.pin = self.memory.pin
        self.unpin = self.memory.unpin
        self.restore = self.memory.restore
        self.recall = self.recalls.recall
        self.recall_by_key = self.recalls.recall_by_key
        self.outcome = self.experiments.outcome
        self.contest = self.ledger.contest
        self.explain = self.ledger.explain
        self.forget = self.forgetting.forget

    @classmethod
    def open(cls, *, embedder: Embedder | None = None, clock: Clock | None = None) -> MemoryStore:
        """The store configured by the environment (embedded server unless
        MEMGOV_DATABASE_URL is set; the embedder MEMGOV_EMBEDDER names unless one is
        passed), migrated to the current schema."""
        database = Database.from_settings()
        if not database.is_current():
            database.upgrade()
        return cls(database, embedder=embedder or embedder_from_env(), clock=clock)

    # -- the context every service shares: set here, set for all of them --------------
    db = _FromContext[Database]()
    dimension = _FromContext[int]()
    embedding_model = _FromContext[str]()
    embedder = _SharedSetting[Embedder]()
    clock = _SharedSetting[Clock]()
    default_policy = _SharedSetting[CurationPolicy]()
