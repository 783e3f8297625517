"""What ``raw_history`` does: import the tenant's JSONL drop folder and count the writes
that arrived through the API since the last curation run."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from curation import EventType, MemgovError, MemoryStore, RejectedRow

INBOX_ACTOR = "inbox"
REJECTS_SUFFIX = ".rejects.jsonl"


@dataclass(frozen=True)
class FileOutcome:
    name: str
    imported: int = 0
    restated: int = 0
    lines: int = 0
    rejected: tuple[RejectedRow, ...] = ()
    moved_to: str | None = None
    rejects_path: str | None = None
    error: str | None = None


@dataclass
class IngestSummary:
    folder: str | None
    files: list[FileOutcome] = field(default_factory=list)
    note: str | None = None

    @property
    def imported(self) -> int:
        return sum(f.imported for f in self.files)

    @property
    def restated(self) -> int:
        return sum(f.restated for f in self.files)

    @property
    def rejected(self) -> list[tuple[str, RejectedRow]]:
        return [(f.name, row) for f in self.files for row in f.rejected]

    @property
    def failed(self) -> list[FileOutcome]:
        return [f for f in self.files if f.error is not None]


def _free_name(folder: Path, name: str, stamp: str) -> Path:
    target = folder / name
    n = 0
    while target.exists():
        n += 1
        target = folder / f"{Path(name).stem}.{stamp}{'' if n == 1 else f'-{n}'}.jsonl"
    return target


def pending_files(folder: Path) -> list[Path]:
    """The ``*.jsonl`` files waiting in a tenant folder, oldest name first."""
    if not folder.is_dir():
        return []
    return sorted(
        p for p in folder.glob("*.jsonl") if p.is_file() and not p.name.endswith(REJECTS_SUFFIX)
    )


def ingest_inbox(
    store: MemoryStore, tenant: str, folder: Path | None, *, now: datetime
) -> IngestSummary:
    """Import every pending file through ``store.transfer.import_jsonl`` (good rows kept, bad rows
    reported with line and reason), then move it to ``done/`` with its rejects file.
    A file that cannot be imported at all moves to ``failed/`` next to an ``.error.txt``
    and the others still go in. A re-delivered file re-states rather than duplicates."""
    if folder is None:
        return IngestSummary(folder=None, note="tenant name cannot be a folder name; no inbox")
    summary = IngestSummary(folder=str(folder))
    files = pending_files(folder)
    if not files:
        summary.note = "no pending files"
        return summary
    stamp = now.strftime("%Y%m%dT%H%M%S")
    done, failed = folder / "done", folder / "failed"
    for path in files:
        done.mkdir(exist_ok=True)
        target = _free_name(done, path.name, stamp)
        rejects = target.with_name(target.name[: -len(".jsonl")] + REJECTS_SUFFIX)
        try:
            report = store.transfer.import_jsonl(
                path, tenant, rejects_path=rejects, actor=INBOX_ACTOR, now=now
            )
        except (MemgovError, OSError, UnicodeError) as exc:
            failed.mkdir(exist_ok=True)
            moved = _free_name(failed, path.name, stamp)
            path.rename(moved)
            moved.with_name(moved.name + ".error.txt").write_text(
                "".join(traceback.format_exception_only(type(exc), exc)), encoding="utf-8"
            )
            summary.files.append(
                FileOutcome(
                    name=path.name, moved_to=str(moved), error=f"{type(exc).__name__}: {exc}"
                )
            )
            continue
        path.rename(target)
        summary.files.append(
            FileOutcome(
                name=path.name,
                imported=report.imported,
                restated=report.restated,
                lines=report.lines,
                rejected=tuple(report.rejected),
                moved_to=str(target),
                rejects_path=report.rejects_path,
            )
        )
    return summary


@dataclass(frozen=True)
class WritesSinceRun:
    """Write events since the tenant's last curation run (dry or applied)."""

    api: int
    inbox: int
    last_run_at: datetime | None
    truncated: bool  # the scan window ended before the last run: counts are lower bounds

    @property
    def total(self) -> int:
        return self.api + self.inbox


def writes_since_last_run(store: MemoryStore, tenant: str, *, scan: int = 20_000) -> WritesSinceRun:
    """Count ``write`` events after the latest ``curation_run`` event, split into drop
    folder imports (actor ``inbox``) and everything else (the API, other imports)."""
    events = store.ledger.events(
        tenant, types=[EventType.WRITE.value, EventType.CURATION_RUN.value], limit=scan
    )
    api = inbox = 0
    last_run_at: datetime | None = None
    for event in reversed(events):
        if event.type == EventType.CURATION_RUN.value:
            last_run_at = event.at
            break
        if event.actor == INBOX_ACTOR:
            inbox += 1
        else:
            api += 1
    truncated = last_run_at is None and len(events) >= scan
    return WritesSinceRun(api=api, inbox=inbox, last_run_at=last_run_at, truncated=truncated)
