"""``conflict``: the columns of a conflict record."""

from __future__ import annotations

CONFLICT_COLUMNS = """
    id, memory_id, claim, evidence, source, at, status, detected_by, related_memory_id,
    resolution, resolution_note, resolved_at
"""
