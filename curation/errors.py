"""Typed errors: every rejection names the field and the offending value."""

from __future__ import annotations

from typing import Any


class MemgovError(Exception):
    """Base of every error Memgov raises on purpose."""


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
    def __init__(self, tenant: str) -> None:
        super().__init__("tenant", tenant)


class InvalidStateError(MemgovError):
    """The operation does not apply to the entity in its current state."""


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
