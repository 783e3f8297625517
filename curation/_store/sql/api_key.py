"""``api_key``'s statements: its columns and the SECURITY DEFINER lookup by hash
(``memgov_authenticate``, migration 0004; run on the driver's cursor, hence ``%s``)."""

from __future__ import annotations

KEY_COLUMNS = ("id", "tenant", "name", "scope", "created_at", "last_used_at", "revoked_at")
KEY_SELECT = ", ".join(KEY_COLUMNS)
AUTHENTICATE = f"SELECT {KEY_SELECT} FROM memgov_authenticate(%s, %s)"
