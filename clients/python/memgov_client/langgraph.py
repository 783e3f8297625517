"""``MemgovStore``: a LangGraph ``BaseStore`` over the Memgov HTTP API, so a graph's
long-term memory is curated (deduplicated, superseded, ranked) like any agent's.

How an item is a memory (docs/clients.md says why):

- ``put(ns, key, value)`` writes one memory: its text is the value's fields
  (``[a.b] key: field: text; ...``), its ``topic`` the joined namespace, its ``source``
  ``langgraph``, its ``supersession_key`` ``langgraph:<ns>:<key>``, and its metadata
  ``lg_store``, ``lg_namespace`` (the labels joined by ".", which LangGraph forbids inside
  a label), one ``lg_ns.<i>`` per label (so a namespace *prefix* is an exact metadata
  filter), ``lg_key``, ``lg_value`` (the value itself) and ``lg_v.<field>`` for each
  scalar field (so an equality ``filter`` runs inside the search).
- ``search(prefix, query=...)`` is a curated recall filtered on those metadata keys;
  without a query it lists the prefix's items (a scan of filtered recalls).
- A key written again keeps one current version: with a curator key the older versions
  are archived (``retired``, through contest and resolve: restorable, with their trail);
  with an agent key they stay active and reads take the one written last.
- ``delete`` archives the same way (a curator key): nothing is hard-deleted, unless the
  store was made with ``delete="forget"``: then a delete is the explicit forget
  (``POST /v1/curator/forget``) of every version of the key, archived ones included.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Any, Literal

from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from memgov_client.client import MemgovClient
from memgov_client.errors import ForbiddenError
from memgov_client.models import HitOut, Kind

MAX_K = 1000  # the API's largest recall
SOURCE = "langgraph"
MARKER = "lg_store"
_WRITE_EVENTS = frozenset({"write", "restate", "revive"})
_SCALARS = (str, int, float, bool)


def joined(namespace: tuple[str, ...]) -> str:
    return ".".join(namespace)


def namespace_filter(prefix: tuple[str, ...]) -> dict[str, str | int | float | bool]:
    """The exact metadata conditions that select a namespace prefix's items."""
    return {MARKER: SOURCE, **{f"lg_ns.{i}": label for i, label in enumerate(prefix)}}


def memory_text(namespace: tuple[str, ...], key: str, value: Mapping[str, Any]) -> str:
    """What is embedded and shown: the namespace, the key and the value's fields."""
    fields = "; ".join(
        f"{name}: {text if isinstance(text, str) else json.dumps(text, sort_keys=True)}"
        for name, text in value.items()
    )
    return f"[{joined(namespace)}] {key}: {fields or '{}'}"


def memory_metadata(
    namespace: tuple[str, ...], key: str, value: Mapping[str, Any]
) -> dict[str, Any]:
    scalars = {f"lg_v.{k}": v for k, v in value.items() if isinstance(v, _SCALARS)}
    return {
        **namespace_filter(namespace),
        "lg_namespace": joined(namespace),
        "lg_depth": len(namespace),
        "lg_key": key,
        "lg_value": dict(value),
        **scalars,
    }


def _matches(value: Any, condition: Any) -> bool:
    """LangGraph's filter semantics: a value, or ``{"$eq"|"$ne"|"$gt"|...: x}``."""
    if not isinstance(condition, Mapping):
        return bool(value == condition)
    tests = {
        "$eq": lambda x: value == x,
        "$ne": lambda x: value != x,
        "$gt": lambda x: value is not None and value > x,
        "$gte": lambda x: value is not None and value >= x,
        "$lt": lambda x: value is not None and value < x,
        "$lte": lambda x: value is not None and value <= x,
    }
    return all(tests[op](operand) if op in tests else False for op, operand in condition.items())


def _namespace_matches(namespace: tuple[str, ...], condition: MatchCondition) -> bool:
    path = tuple(condition.path)
    if len(path) > len(namespace):
        return False
    part = namespace[: len(path)] if condition.match_type == "prefix" else namespace[-len(path) :]
    return all(want in ("*", got) for want, got in zip(path, part, strict=True))


class MemgovStore(BaseStore):
    """LangGraph's store over Memgov: ``MemgovStore(url, api_key)`` (a curator key lets
    overwrites and deletes archive the replaced versions; an agent key cannot archive;
    ``delete="forget"`` makes a delete the explicit, irreversible forget).
    ``kind`` is the kind of every memory it writes; ``agent_id`` goes with its recalls."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        client: MemgovClient | None = None,
        kind: Kind = "fact",
        agent_id: str | None = None,
        scan_page: int = MAX_K,
        delete: Literal["archive", "forget"] = "archive",
    ) -> None:
        if client is None:
            if base_url is None:
                raise ValueError("MemgovStore needs base_url (and api_key) or a client")
            client = MemgovClient(base_url, api_key, agent_id=agent_id)
        self.client = client
        self.kind: Kind = kind
        if not 2 <= scan_page <= MAX_K:
            raise ValueError(f"scan_page={scan_page}: must be between 2 and {MAX_K}")
        self.scan_page = scan_page  # the recall depth of a listing (a scan splits beyond)
        self._can_archive: bool | None = None
        self.delete_by: Literal["archive", "forget"] = delete
        self._meta: dict[str, dict[str, Any]] = {}  # a memory's metadata never changes

    # --- the two methods LangGraph asks for -----------------------------------------

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        return [self._run(op) for op in ops]

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        # the sync client in a worker thread: one connection pool, one code path
        return await asyncio.to_thread(self.batch, list(ops))

    def _run(self, op: Op) -> Result:
        if isinstance(op, GetOp):
            return self._get(op.namespace, op.key)
        if isinstance(op, PutOp):
            if op.value is None and self.delete_by == "forget":
                self._forget(op.namespace, op.key)
            elif op.value is None:
                self._archive(self._versions(op.namespace, op.key), "deleted")
            else:
                self._put(op.namespace, op.key, op.value)
            return None
        if isinstance(op, SearchOp):
            return self._search(op)
        if isinstance(op, ListNamespacesOp):
            return self._list_namespaces(op)
        raise TypeError(f"unknown store operation {type(op).__name__}")

    # --- items ----------------------------------------------------------------------

    def _versions(self, namespace: tuple[str, ...], key: str) -> list[HitOut]:
        """The active memories of one key (normally one)."""
        metadata = {**namespace_filter(namespace), "lg_namespace": joined(namespace)}
        metadata["lg_key"] = key
        hits = self.client.recall(key, k=MAX_K, mode="curated", metadata=metadata).hits
        return [hit for hit in hits if hit.status == "active"]

    def _current(self, versions: list[HitOut]) -> HitOut | None:
        """The version written last: by its events when a re-statement made an older
        memory current again (its own creation time is then not the last write)."""
        if len(versions) <= 1:
            return versions[0] if versions else None

        def last_write(hit: HitOut) -> int:
            events = self.client.explain(hit.id).events
            return max(e.id for e in events if e.type in _WRITE_EVENTS)

        return max(versions, key=last_write)

    def _get(self, namespace: tuple[str, ...], key: str) -> Item | None:
        hit = self._current(self._versions(namespace, key))
        return None if hit is None else self._item(hit, Item, self._metadata(hit))

    def _put(self, namespace: tuple[str, ...], key: str, value: Mapping[str, Any]) -> None:
        written = self.client.remember(
            memory_text(namespace, key, value),
            kind=self.kind,
            topic=joined(namespace)[:512],
            source=SOURCE,
            supersession_key=f"langgraph:{joined(namespace)}:{key}"[:512],
            metadata=memory_metadata(namespace, key, value),
        )
        older = [hit for hit in self._versions(namespace, key) if hit.id != written.id]
        if older and self._archives():
            self._archive(older, f"replaced by {written.id}")

    def _archives(self) -> bool:
        """Whether this key may archive (curator scope), asked once with a read."""
        if self._can_archive is None:
            try:
                self.client.change_gate()
                self._can_archive = True
            except ForbiddenError:
                self._can_archive = False
        return self._can_archive

    def _archive(self, hits: list[HitOut], why: str) -> None:
        """Archive (``retired``), never delete: contest each, then resolve it as retire.
        An agent key gets the server's 403 before anything is written."""
        if hits and not self._archives():
            raise ForbiddenError(
                "deleting or replacing a LangGraph item archives it, which needs a curator key",
                status=403,
                type="forbidden",
            )
        for hit in hits:
            conflict = self.client.contest(
                hit.id, f"LangGraph store: {why}", f"LangGraph store: {why}", source=SOURCE
            )
            self.client.resolve(conflict.id, "retire", note=f"LangGraph store: {why}")

    def _forget(self, namespace: tuple[str, ...], key: str) -> None:
        """The explicit hard delete of every version of the key (a curator key)."""
        selector = {MARKER: SOURCE, "lg_namespace": joined(namespace), "lg_key": key}
        self.client.forget(metadata=selector)

    @staticmethod
    def _item(hit: HitOut, cls: type[Item], meta: Mapping[str, Any]) -> Any:
        at = datetime.fromisoformat(hit.created_at)
        fields = {
            "namespace": tuple(meta["lg_namespace"].split(".")),
            "key": meta["lg_key"],
            "value": meta["lg_value"],
            "created_at": at,
            "updated_at": at,
        }
        if cls is SearchItem:
            return SearchItem(**fields, score=hit.score)
        return Item(**fields)

    # --- search and listing ---------------------------------------------------------

    def _search(self, op: SearchOp) -> list[SearchItem]:
        server = {f"lg_v.{k}": v for k, v in (op.filter or {}).items() if isinstance(v, _SCALARS)}
        rest = {k: v for k, v in (op.filter or {}).items() if not isinstance(v, _SCALARS)}
        metadata = {**namespace_filter(op.namespace_prefix), **server}
        wanted = op.offset + op.limit
        if op.query:
            k = min(MAX_K, max(2 * wanted, wanted + 10))  # room for versions and `rest`
            hits = self.client.recall(op.query, k=k, mode="curated", metadata=metadata).hits
        else:
            hits = self._scan(metadata, joined(op.namespace_prefix) or "langgraph")
        found = self._current_items(hits, rest)
        return found[op.offset : wanted]

    def _current_items(self, hits: list[HitOut], rest: Mapping[str, Any]) -> list[SearchItem]:
        """One item per key (its current version), in the recall's order."""
        by_key: dict[tuple[str, str], list[HitOut]] = {}
        for hit in hits:
            if hit.status == "active":
                meta = self._metadata(hit)
                by_key.setdefault((meta["lg_namespace"], meta["lg_key"]), []).append(hit)
        items = []
        for versions in by_key.values():
            current = self._current(versions)
            assert current is not None
            item = self._item(current, SearchItem, self._metadata(current))
            if all(_matches(item.value.get(f), c) for f, c in rest.items()):
                items.append(item)
        return items

    def _metadata(self, hit: HitOut) -> dict[str, Any]:
        """A hit's metadata (recall hits carry none: read once per memory, cached)."""
        if hit.id not in self._meta:
            self._meta[hit.id] = self.client.explain(hit.id).memory.metadata
        return self._meta[hit.id]

    def _scan(self, metadata: dict[str, Any], query: str) -> list[HitOut]:
        """Every active memory matching ``metadata``: filtered recalls over time windows,
        a window split in two while a recall fills its page (so none is left out)."""
        found: dict[str, HitOut] = {}
        windows: list[tuple[datetime | None, datetime | None]] = [(None, None)]
        while windows:
            after, before = windows.pop()
            hits = self.client.recall(
                query,
                k=self.scan_page,
                mode="curated",
                metadata=metadata,
                written_after=after,
                written_before=before,
            ).hits
            found.update((hit.id, hit) for hit in hits if hit.status == "active")
            if len(hits) < self.scan_page:
                continue
            times = sorted(datetime.fromisoformat(hit.created_at) for hit in hits)
            # below the newest hit: each half leaves out a hit of this window, so it ends
            middle = times[len(times) // 2 - 1]
            if times[0] == times[-1]:
                raise RuntimeError(
                    f"more than {self.scan_page} items written at one instant {middle}: "
                    "raise scan_page"
                )
            # written_after/before are strict: (after, middle] and (middle, before)
            windows += [(after, middle + timedelta(microseconds=1)), (middle, before)]
        return sorted(found.values(), key=lambda hit: hit.created_at)

    def _list_namespaces(self, op: ListNamespacesOp) -> list[tuple[str, ...]]:
        namespaces = {
            tuple(self._metadata(hit)["lg_namespace"].split("."))
            for hit in self._scan(namespace_filter(()), "langgraph")
        }
        conditions = op.match_conditions or ()
        kept = {
            ns[: op.max_depth] if op.max_depth is not None else ns
            for ns in namespaces
            if all(_namespace_matches(ns, c) for c in conditions)
        }
        return sorted(kept)[op.offset : op.offset + op.limit]
