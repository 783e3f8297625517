"""A Python client for the Memgov HTTP API (``MemgovClient``, ``AsyncMemgovClient``) and,
with the ``langgraph`` extra, a LangGraph store over it (``memgov_client.langgraph``)."""

from memgov_client.client import AsyncMemgovClient, MemgovClient
from memgov_client.errors import (
    ConflictError,
    ForbiddenError,
    InvalidError,
    MemgovError,
    NotFoundError,
    RateLimitedError,
    ServerError,
    TooLargeError,
    TransportError,
    UnauthorizedError,
    UnprocessableError,
)
from memgov_client.models import MemoryIn
from memgov_client.retry import RetryPolicy

__all__ = [
    "AsyncMemgovClient",
    "ConflictError",
    "ForbiddenError",
    "InvalidError",
    "MemgovClient",
    "MemgovError",
    "MemoryIn",
    "NotFoundError",
    "RateLimitedError",
    "RetryPolicy",
    "ServerError",
    "TooLargeError",
    "TransportError",
    "UnauthorizedError",
    "UnprocessableError",
]
