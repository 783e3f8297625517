"""``delegate``: one line per facade method. ``remember = delegate("memories",
MemoryService.remember)`` makes ``store.remember`` the bound method of the store's
``memories`` service — same signature, docstring and return value, typed for mypy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

S = TypeVar("S")
P = ParamSpec("P")
R = TypeVar("R")


class delegate(Generic[S, P, R]):
    def __init__(self, service: str, method: Callable[Concatenate[S, P], R]) -> None:
        self.service = service
        self.name = method.__name__
        self.__doc__ = method.__doc__

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> delegate[S, P, R]: ...

    @overload
    def __get__(self, instance: object, owner: type[Any]) -> Callable[P, R]: ...

    def __get__(
        self, instance: object | None, owner: type[Any]
    ) -> delegate[S, P, R] | Callable[P, R]:
        if instance is None:
            return self
        bound: Callable[P, R] = getattr(getattr(instance, self.service), self.name)
        return bound
