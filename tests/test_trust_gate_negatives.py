"""The trust gate's ordinary negatives (``evaluation/trust_gate``): memories as agents and
people write them — transcripts, records, tool calls, configs — are never taken for
instructions written in a role."""

from __future__ import annotations

from curation.internals import find_instructions, find_secrets
from evaluation.trust_gate.labelled import agent_memories


def test_no_hold_out_memory_reads_as_an_instruction() -> None:
    texts = agent_memories()
    transcripts = [t for t in texts if "\nassistant:" in t.lower()]
    records = [t for t in texts if t.lower().startswith("system:")]
    assert len(texts) > 10_000 and transcripts and records  # the shapes that once fired
    assert [t for t in texts if find_instructions(t)] == []


def test_no_hold_out_memory_holds_a_secret() -> None:
    """Webhook URLs, hostnames and version strings are the values these memories state:
    redacting them as "high-entropy strings" destroyed the fact."""
    texts = agent_memories()
    assert any("https://" in t for t in texts)
    assert [t for t in texts if find_secrets(t)] == []
