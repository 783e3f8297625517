"""The Python client's models against the live ``/openapi.json``: every component the
server names has a client model of that name with the same fields, JSON types and
required fields, so a change on either side fails here until the other follows."""

from __future__ import annotations

from typing import Any

import httpx
from api_helpers import serving
from memgov_client.models import SCHEMA_MODELS

from curation import MemoryStore

# the recursive "any JSON value" of metadata: the client reads it as Any
ANY_VALUE = {"MetadataValue"}


def json_types(node: dict[str, Any] | bool) -> frozenset[str]:
    """A property's JSON types, nested containers spelled out (formats, patterns, limits
    and titles left out: the server checks those)."""
    if node is True or node == {}:
        return frozenset({"any"})
    assert isinstance(node, dict), node
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        return frozenset({"any"} if name in ANY_VALUE else {f"ref:{name}"})
    for union in ("anyOf", "oneOf"):
        if union in node:
            return frozenset().union(*(json_types(branch) for branch in node[union]))
    if "const" in node or "enum" in node:
        values = node.get("enum", [node.get("const")])
        return frozenset(type(value).__name__ for value in values)
    kind = node.get("type")
    if kind == "object" and "patternProperties" in node:  # keys with a pattern: their values
        (values,) = node["patternProperties"].values()
        return frozenset({f"object[{','.join(sorted(json_types(values)))}]"})
    if kind == "array":
        return frozenset({f"array[{','.join(sorted(json_types(node.get('items', {}))))}]"})
    if kind == "object":
        extra = node.get("additionalProperties")
        inner = "" if extra is None else ",".join(sorted(json_types(extra)))
        return frozenset({f"object[{inner}]"})
    if kind is None:
        return frozenset({"any"})
    return frozenset({"str" if kind == "string" else kind})


def shape(component: dict[str, Any]) -> dict[str, Any]:
    properties = component.get("properties", {})
    return {
        "fields": {name: sorted(json_types(node)) for name, node in properties.items()},
        "required": sorted(component.get("required", [])),
    }


def client_shape(model: Any) -> dict[str, Any]:
    return shape(model.model_json_schema(ref_template="#/components/schemas/{model}"))


def live_components(store: MemoryStore) -> dict[str, Any]:
    with serving(store) as live:
        answer = httpx.get(f"{live.url}/openapi.json", timeout=30)
    assert answer.status_code == 200
    return answer.json()["components"]["schemas"]  # type: ignore[no-any-return]


def test_the_client_has_a_model_for_every_component(store: MemoryStore) -> None:
    components = live_components(store)
    client = {model.__name__ for model in SCHEMA_MODELS}
    assert client == set(components) - ANY_VALUE


def test_each_model_has_the_fields_types_and_required_fields_of_its_component(
    store: MemoryStore,
) -> None:
    components = live_components(store)
    drift = {
        model.__name__: {"server": shape(components[model.__name__]), "client": client_shape(model)}
        for model in SCHEMA_MODELS
        if shape(components[model.__name__]) != client_shape(model)
    }
    assert drift == {}


def test_a_drifted_model_is_caught() -> None:
    """The comparison sees a renamed field, a changed type and a field made optional."""
    from pydantic import BaseModel

    class Server(BaseModel):
        id: str
        count: int
        tags: list[str]

    class Renamed(BaseModel):
        ident: str
        count: int
        tags: list[str]

    class Retyped(BaseModel):
        id: str
        count: float
        tags: list[str]

    class Optional(BaseModel):
        id: str
        count: int = 0
        tags: list[str]

    for drifted in (Renamed, Retyped, Optional):
        assert client_shape(drifted) != client_shape(Server), drifted.__name__
