"""Typed errors: every rejection names the field and the offending value."""

from __future__ import annotations

from typing import Any


class MemgovError(Exception):
    """Base of every error Memgov raises on purpose."""


def printable(text: str) -> str:
    """``text`` with lone surrogates escaped, so it can always be encoded and printed."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def one_line(error: BaseException) -> str:
    """An error as one printable line (a pydantic report spans several)."""
    return " ".join(printable(str(error)).split())


class ValidationError(MemgovError, ValueError):
    """A value a caller passed in is not acceptable."""

    def __init__(self, field: str, value: Any, reason: str) -> None:
        self.field = field
        self.value = value
        self.reason = reason
        shown = repr(value)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        super().__init__(f"{field}={shown}: {reason}")


class EmbeddingMismatchError(ValidationError):
    """An embedding whose model or dimension differs from the store's."""


class NotFoundError(MemgovError, LookupError):
    """An id that does not exist for the tenant (or at all: the two are indistinguishable)."""

    def __init__(self, entity: str, ident: Any, tenant: str | None = None) -> None:
        self.entity = entity
        self.ident = ident
        self.tenant = tenant
        where = f" for tenant {tenant!r}" if tenant is not None else ""
        super().__init__(f"unknown {entity} {ident!r}{where}")


class UnknownTenantError(NotFoundError):
    """The one answer every read, curation call and command gives for a tenant the store
    does not hold (only writes and ``store.tenants.create`` create one)."""

    def __init__(self, tenant: str) -> None:
        super().__init__("tenant", tenant)
        shown = repr(tenant) if len(repr(tenant)) <= 80 else repr(tenant)[:77] + "..."
        self.args = (
            f"tenant={shown}: no such tenant (`memgov tenants` lists them; a write or "
            "`memgov tenants create` makes one)",
        )


class InvalidStateError(MemgovError):
    """The operation does not apply to the entity in its current state."""


class AlreadyDecidedError(InvalidStateError):
    """A held change (or other queue item) the curator has already decided."""

    def __init__(self, entity: str, ident: str, status: str) -> None:
        self.entity = entity
        self.ident = ident
        self.status = status
        super().__init__(f"{entity} {ident!r} is already {status}")


class StateConflictError(InvalidStateError):
    """A well-formed value that the current state refuses (a mode against the agent's
    cohort, feedback on a memory the recall did not return): it names the field."""

    def __init__(self, field: str, value: Any, reason: str) -> None:
        self.field = field
        self.value = value
        shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
        super().__init__(f"{field}={shown}: {reason}")


class ClientIdConflictError(StateConflictError):
    """A client-chosen id (an idempotency key) already stored with other content: ids are
    never reused, so this is neither a retry nor a new memory."""

    def __init__(self, ident: str) -> None:
        super().__init__("id", ident, "already stored with other content")


class BackdatedRunError(ValidationError):
    """An apply asked to act at a time before the tenant's last applied run or newest
    write: refused unless forced with a reason (which the run then records)."""

    def __init__(self, now: Any, later: str) -> None:
        shown = now.isoformat() if hasattr(now, "isoformat") else now
        super().__init__(
            "now",
            shown,
            f"earlier than the tenant's {later}; time only moves forward for applies "
            "(force it with a reason: `--force-now REASON`, or force_now_reason)",
        )


class CurationLockedError(MemgovError):
    """Another curation run holds the tenant's advisory lock."""

    def __init__(self, tenant: str) -> None:
        self.tenant = tenant
        super().__init__(f"a curation run for tenant {tenant!r} is already in progress")


class StalePlanError(MemgovError):
    """A plan was made for a state of the store that no longer holds."""


class ImportFormatError(ValidationError):
    """One line of a JSONL import is malformed."""

    def __init__(self, line: int, field: str, value: Any, reason: str) -> None:
        self.line = line
        super().__init__(field, value, reason)
        self.args = (f"line {line}: {self.args[0]}",)


class DumpFormatError(ValidationError):
    """A tenant dump that is corrupt, truncated, forged or not a dump; nothing was written.
    ``line`` is the offending line (0 when the file as a whole is wrong)."""

    def __init__(self, line: int, field: str, value: Any, reason: str) -> None:
        self.line = line
        super().__init__(field, value, reason)
        if line:
            self.args = (f"line {line}: {self.args[0]}",)


class TenantExistsError(InvalidStateError):
    """A full restore only creates a tenant; it never merges into an existing one."""

    def __init__(self, tenant: str) -> None:
        self.tenant = tenant
        super().__init__(f"tenant {tenant!r} already exists; a dump restores only a new tenant")


class DatabaseRoleError(MemgovError):
    """The runtime connection cannot act as the application role, or that role would
    bypass row-level security; Memgov refuses to serve rather than run unprotected."""
