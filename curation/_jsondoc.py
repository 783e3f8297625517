"""JSON from outside, parsed and checked so that only what PostgreSQL's ``jsonb`` stores
verbatim gets through; anything else is a ValidationError naming the field.

Why a module of its own: ``json.loads`` accepts duplicate keys (the last silently wins),
lone-surrogate escapes (``"\\ud800"``) and nesting deep enough to raise RecursionError,
and refuses integers over 4,300 digits with a bare ValueError; ``jsonb`` refuses
``\\u0000``, lone surrogates and NaN with a driver error. None of those is an answer a
caller can act on, so every JSON document that reaches the store passes through here.
"""

from __future__ import annotations

import json
import math
from typing import Any

from curation._errors import ValidationError

MAX_JSON_DEPTH = 64
MAX_JSON_INT_DIGITS = 1_000
_LOG10_2 = math.log10(2)


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        self.key = key
        super().__init__(key)


def _unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _DuplicateKey(key)
        obj[key] = value
    return obj


def loads(text: str, field: str) -> Any:
    """``json.loads`` that raises only ValidationError: malformed text, a duplicate key,
    nesting past the recursion limit, an integer too long to convert. NaN and Infinity
    parse (the field that receives them refuses them with a precise reason)."""
    try:
        return json.loads(text, object_pairs_hook=_unique_pairs)
    except _DuplicateKey as exc:
        raise ValidationError(
            field, exc.key, f"duplicate key {exc.key!r} in a JSON object"
        ) from exc
    except json.JSONDecodeError as exc:
        raise ValidationError(field, _preview(text), f"malformed JSON: {exc.msg}") from exc
    except RecursionError as exc:
        raise ValidationError(field, _preview(text), "JSON nested too deeply") from exc
    except ValueError as exc:  # e.g. an integer past the 4,300-digit conversion limit
        raise ValidationError(field, _preview(text), f"malformed JSON: {exc}") from exc


def _preview(text: str) -> str:
    return text if len(text) <= 200 else text[:197] + "..."


def text_problem(value: str) -> str | None:
    """Why ``jsonb`` (or a ``text`` column) would refuse this string, or None."""
    if "\x00" in value:
        return "contains a NUL character"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "is not valid Unicode (lone surrogate)"
    return None


def _scalar_problem(value: Any) -> str | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, str):
        return text_problem(value)
    if isinstance(value, int):
        if value.bit_length() * _LOG10_2 > MAX_JSON_INT_DIGITS:
            return f"has an integer of more than {MAX_JSON_INT_DIGITS} digits"
        return None
    if isinstance(value, float):
        return None if math.isfinite(value) else "contains NaN or an infinite number"
    return f"is not JSON-serialisable ({type(value).__name__})"


def _step(path: str, key: str) -> str:
    """A path into a document, printable on one line whatever the key holds."""
    if key.isidentifier():
        return f"{path}.{key}" if path else key
    return f"{path}[{json.dumps(key)}]"


def document_problem(value: Any) -> str | None:
    """Why ``value`` cannot be stored as ``jsonb`` verbatim, or None. Iterative, so a
    hostile depth is a reason rather than a RecursionError."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        where = f" at {path or 'the top'}"
        if isinstance(item, dict | list | tuple):
            if depth >= MAX_JSON_DEPTH:
                return f"is nested deeper than {MAX_JSON_DEPTH} levels"
            if isinstance(item, dict):
                for key, child in item.items():
                    if not isinstance(key, str):
                        return f"has a key that is not a string ({key!r}){where}"
                    problem = text_problem(key)
                    if problem:
                        return f"has a key that {problem}{where}"
                    stack.append((child, _step(path, key), depth + 1))
            else:
                stack.extend((child, f"{path}[{n}]", depth + 1) for n, child in enumerate(item))
            continue
        problem = _scalar_problem(item)
        if problem:
            return f"{problem}{where}"
    return None


def check_document(field: str, value: Any) -> None:
    """Raise a ValidationError naming ``field`` when ``value`` is not storable as jsonb."""
    problem = document_problem(value)
    if problem:
        raise ValidationError(field, value, problem)
