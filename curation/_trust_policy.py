"""A tenant's trust-gate policy, part of its ``CurationPolicy`` (``trust``)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class SecretAction(StrEnum):
    REDACT = "redact"  # replaced by a typed placeholder, e.g. [secret:aws-access-key]
    REJECT = "reject"  # the write is refused with a typed error naming the field
    ALLOW = "allow"


class PiiAction(StrEnum):
    REDACT = "redact"  # [pii:email]
    MASK = "mask"  # all but the last four characters hidden
    ALLOW = "allow"


class TrustPolicy(BaseModel):
    """What the write path does with secrets and personal data; which sources it trusts.

    ``sources``: trust level per writer (an API key's actor ``key:NAME``) or memory
    ``source``; others get ``default_trust``. Instruction-like content written below
    ``threshold`` is quarantined for the curator. By default nothing is trusted: a tenant
    names its trusted keys and sources."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    enabled: bool = True  # off: writes go in as written (what the gate's cost is measured against)
    secrets: SecretAction = SecretAction.REDACT
    pii: dict[str, PiiAction] = Field(
        default_factory=lambda: {
            "email": PiiAction.ALLOW,
            "phone": PiiAction.ALLOW,
            "card": PiiAction.REDACT,
            "iban": PiiAction.REDACT,
            "ssn": PiiAction.REDACT,
            "national_id": PiiAction.REDACT,  # as an SSN: an id is useless once masked
            # redacted, not masked: the last four characters of an address are its
            # postcode or town, which with the rest of a memory still locate a person
            "address": PiiAction.REDACT,
        }
    )
    sources: dict[str, int] = Field(default_factory=dict)
    default_trust: int = Field(0, ge=0, le=10)
    threshold: int = Field(1, ge=0, le=10)

    def pii_action(self, kind: str) -> PiiAction:
        return self.pii.get(kind, PiiAction.ALLOW)

    def trusts(self, actor: str, source: str | None) -> bool:
        """The writer (an API key's actor ``key:NAME``, a CLI or library actor) and the
        memory's stated source must both reach the threshold: a trusted key relaying web
        text labels it, and an untrusted key cannot raise itself by naming a source."""
        named = [actor] if source is None else [actor, source]
        level = min(self.sources.get(n, self.default_trust) for n in named)
        return level >= self.threshold
