"""The trust gate on the write path: before a memory is embedded or stored, secrets and
personal data in its text fields are redacted, masked or refused under the tenant's
``TrustPolicy``; instruction-like content from a source below the trust threshold marks
the memory for quarantine. Every write surface goes through ``MemoryService.
remember_many``, so this runs once for all of them.

A report names what was found and where (field, kind, offsets in the text as written),
never the value."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from curation._errors import ValidationError
from curation._trust import Finding, find_instructions, find_pii, find_secrets, merged
from curation._trust_policy import PiiAction, SecretAction, TrustPolicy
from curation._validation import MemoryInput

# (field, category, kind, start, end, action, country of a national id or address, else "")
Change = tuple[str, str, str, int, int, str, str]


class SecretRejectedError(ValidationError):
    """A write carried a secret and the tenant's policy is ``reject``."""


@dataclasses.dataclass(frozen=True)
class GateReport:
    """What the gate did to one memory, one ``Change`` per span."""

    changes: tuple[Change, ...] = ()
    quarantine_reasons: tuple[str, ...] = ()

    @property
    def quarantined(self) -> bool:
        return bool(self.quarantine_reasons)

    def as_event_data(self) -> dict[str, Any]:
        return {
            "findings": [
                {"field": f, "category": c, "kind": k, "start": s, "end": e, "action": a}
                | ({"country": country} if country else {})
                for f, c, k, s, e, a, country in self.changes
            ],
            "quarantine_reasons": list(self.quarantine_reasons),
        }


def placeholder(finding: Finding) -> str:
    return f"[{finding.category}:{finding.kind}]"


def mask(value: str) -> str:
    """All but the last four characters hidden (``****1234``); an e-mail keeps its domain."""
    if "@" in value:
        local, domain = value.rsplit("@", 1)
        return f"{local[:1]}***@{domain}"
    return "*" * max(len(value) - 4, 0) + value[-4:]


def clean_text(field: str, value: str, policy: TrustPolicy) -> tuple[str, list[Change]]:
    """``value`` with its secrets and personal data handled; the changes made."""
    found = merged(find_secrets(value) + find_pii(value))
    out: list[str] = []
    changes: list[Change] = []
    cursor = 0
    for f in found:
        if f.category == "secret":
            action = policy.secrets.value
            if policy.secrets is SecretAction.REJECT:
                raise SecretRejectedError(
                    field, placeholder(f), f"holds a secret ({f.kind}) at {f.start}-{f.end}"
                )
        else:
            action = policy.pii_action(f.kind).value
        if action == "allow":
            continue
        replacement = mask(value[f.start : f.end]) if action == PiiAction.MASK else placeholder(f)
        out += [value[cursor : f.start], replacement]
        cursor = f.end
        changes.append((field, f.category, f.kind, f.start, f.end, action, f.country))
    out.append(value[cursor:])
    return "".join(out), changes


def _clean_json(field: str, value: Any, policy: TrustPolicy, changes: list[Change]) -> Any:
    if isinstance(value, str):
        cleaned, found = clean_text(field, value, policy)
        changes.extend(found)
        return cleaned
    if isinstance(value, dict):
        return {k: _clean_json(f"{field}.{k}", v, policy, changes) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean_json(f"{field}[{i}]", v, policy, changes) for i, v in enumerate(value)]
    return value


def gate_item(
    item: MemoryInput, policy: TrustPolicy, actor: str, prefix: str = ""
) -> tuple[MemoryInput, GateReport]:
    changes: list[Change] = []
    content, found = clean_text(f"{prefix}content", item.content, policy)
    changes += found
    metadata = _clean_json(f"{prefix}metadata", item.metadata, policy, changes)
    topic = item.topic
    if topic is not None:
        topic, found = clean_text(f"{prefix}topic", topic, policy)
        changes += found
    reasons: tuple[str, ...] = ()
    if not policy.trusts(actor, item.source):
        reasons = tuple(
            sorted({f"{f.kind} at {f.start}-{f.end}" for f in find_instructions(item.content)})
        )
    if not changes:
        return item, GateReport(quarantine_reasons=reasons)
    cleaned = dataclasses.replace(item, content=content, metadata=metadata, topic=topic)
    return cleaned, GateReport(tuple(changes), reasons)


def gate_items(
    items: Sequence[MemoryInput], policy: TrustPolicy, actor: str
) -> tuple[list[MemoryInput], list[GateReport]]:
    """Each item through ``gate_item``; a refusal names the item's index in the batch."""
    if not policy.enabled:
        return list(items), [GateReport()] * len(items)
    out: list[MemoryInput] = []
    reports: list[GateReport] = []
    for index, item in enumerate(items):
        prefix = f"items[{index}]." if len(items) > 1 else ""
        cleaned, report = gate_item(item, policy, actor, prefix)
        out.append(cleaned)
        reports.append(report)
    return out, reports
