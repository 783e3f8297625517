"""``POST /v1/curator/forget`` (curator scope): the explicit hard delete by source,
metadata, ids or text, answered with its receipt — the same store call as ``memgov
forget``. The body's shape is checked here (422); the one-selector rule and the values'
own rules are the store's (400, naming the field and the value)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import ConfigDict, Field, field_validator

from api.auth import CuratorKey, Store
from api.errors import ERROR_RESPONSES
from api.fields import Label, Query, Uuid
from api.models import StrictBody, record_answer
from api.service import actor
from curation import ForgetReceipt

MAX_FORGET_IDS = 10_000

router = APIRouter(prefix="/v1/curator", tags=["curator"], responses=ERROR_RESPONSES)


SELECTORS = ("source", "metadata", "ids", "match")


def _one_selector_schema(schema: dict[str, Any]) -> None:
    """A selector is absent or a value, never null; exactly one is present."""
    for name in SELECTORS:
        prop = schema["properties"][name]
        branches = [b for b in prop.pop("anyOf", []) if b.get("type") != "null"]
        prop.update(branches[0] if branches else {})
    schema["oneOf"] = [{"required": [name]} for name in SELECTORS]


class ForgetIn(StrictBody):
    """Exactly one selector; ``dry_run`` counts without deleting."""

    model_config = ConfigDict(**StrictBody.model_config, json_schema_extra=_one_selector_schema)

    source: Label | None = Field(None, description="Memories with this source.")
    metadata: dict[Label, str] | None = Field(
        None,
        min_length=1,
        description="Memories whose metadata has every key: value (values as text).",
    )
    ids: list[Uuid] | None = Field(
        None, min_length=1, max_length=MAX_FORGET_IDS, description="Memory ids."
    )
    match: Query | None = Field(
        None, description="Memories whose content contains this text (any case)."
    )
    dry_run: bool = Field(False, description="True: the receipt's counts, nothing deleted.")

    @field_validator(*SELECTORS, mode="before")
    @classmethod
    def _not_null(cls, value: Any) -> Any:
        if value is None:  # only an explicit null gets here (defaults are not validated)
            raise ValueError("leave the selector out instead of sending null")
        return value


ForgetOut = record_answer(
    "ForgetOut",
    ForgetReceipt,
    "The receipt: counts per table and SHA-256 hashes, never a forgotten text or id.",
)


@router.post("/forget", response_model=ForgetOut)
def forget(body: ForgetIn, key: CuratorKey, store: Store) -> dict[str, Any]:
    """Hard-delete the memories one selector names and all derived from them."""
    receipt = store.forget(
        key.tenant,
        source=body.source,
        metadata=body.metadata,
        ids=body.ids,
        match=body.match,
        dry_run=body.dry_run,
        actor=actor(key),
    )
    return receipt.to_dict()
