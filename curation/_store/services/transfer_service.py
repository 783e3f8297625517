"""Import and export: JSON lines in and out (validated, rejects reported per line) and
the lossless tenant dump and its all-or-nothing restore."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from curation._records import ImportReport
from curation._store.services.context import StoreContext, StoreService
from curation._store.services.memory_service import MemoryService
from curation._store.transfer.dump import dump_tenant
from curation._store.transfer.dump_format import DumpReport, RestoreReport
from curation._store.transfer.jsonl import export_file, import_file
from curation._store.transfer.restore import restore_tenant
from curation._validation import validate_path


class TransferService(StoreService):
    def __init__(self, ctx: StoreContext, memories: MemoryService) -> None:
        super().__init__(ctx)
        self.memories = memories

    def import_jsonl(
        self,
        path: str | Path,
        tenant: str,
        *,
        rejects_path: str | Path | None = None,
        batch_size: int = 2000,
        actor: str = "import",
        now: datetime | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> ImportReport:

        return import_file(
            self.memories,
            validate_path("path", path),
            tenant,
            rejects_path=rejects_path,
            batch_size=batch_size,
            actor=actor,
            now=self.ctx.now(now),
            progress=progress,
        )

    def export_jsonl(self, path: str | Path, tenant: str, *, include_archived: bool = True) -> int:

        return export_file(
            self.memories,
            validate_path("path", path),
            self.ctx.require_tenant(tenant),
            include_archived=include_archived,
        )

    def dump(self, path: str | Path, tenant: str, *, now: datetime | None = None) -> DumpReport:
        """A full, lossless dump of the tenant; see ``curation._store.transfer.dump``."""

        return dump_tenant(self.ctx.db, tenant, Path(path), now=self.ctx.now(now))

    def restore(self, path: str | Path, *, tenant: str | None = None) -> RestoreReport:
        """Recreate a dumped tenant here, all or nothing; refuses an existing tenant."""

        report = restore_tenant(
            self.ctx.db, Path(path), expect_tenant=tenant, bulk_min_rows=self.ctx.bulk_min_rows
        )
        self.ctx.forget_meta()  # the restore may have fixed the store's embedding model
        return report
