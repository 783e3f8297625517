"""What long commands show a person at a terminal: their own lines, a rich progress bar
per long phase, and nothing from the frameworks underneath.

``quiet_frameworks`` sends file descriptors 1 and 2 to a log file for the duration, so
Dagster's DEBUG lines, MLflow's and alembic's notices, warnings and any library's
progress bar land in the log (whose path is printed) instead of between the results.
The command's own output goes to the terminal through a console made before the switch.
"""

from __future__ import annotations

import functools
import io
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TextIO, TypeVar

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

Print = Callable[[str], None]
Advance = Callable[[str], None]
_DAY = re.compile(r"\bday (\d+)\b")
_OF = re.compile(r"\b(\d+)/(\d+)\b")
Command = TypeVar("Command", bound=Callable[..., Any])


def _to_stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


_current: ContextVar[Advance] = ContextVar("memgov_progress", default=_to_stderr)


class Terminal:
    """Lines and progress bars for a person; plain lines when not on a terminal."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdout
        self.console = Console(file=self.stream, highlight=False, soft_wrap=True)

    def line(self, text: str = "") -> None:
        self.console.print(text, markup=False, emoji=False)

    @contextmanager
    def progress(self, description: str, total: int) -> Iterator[Callable[[int], None]]:
        """A bar for a phase of ``total`` steps; yields ``set_done(n)``. Off a terminal
        (a pipe, a test) the bar is drawn once, when the phase ends."""
        columns = (
            TextColumn("  {task.description}"),
            BarColumn(bar_width=30),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=self.console, transient=False) as bar:
            task = bar.add_task(description, total=max(total, 1))

            def set_done(n: int) -> None:
                bar.update(task, completed=min(n, total))

            yield set_done
            bar.update(task, completed=total)


@contextmanager
def progress(
    terminal: Terminal | None, description: str, total: int
) -> Iterator[Callable[[int], None]]:
    """``terminal.progress`` when there is a terminal, else a no-op ``set_done``."""
    if terminal is None:
        yield lambda _n: None
        return
    with terminal.progress(description, total) as set_done:
        yield set_done


def day_progress(set_done: Callable[[int], None]) -> Advance:
    """A ``progress(message)`` callback that moves a bar to the day a message names."""

    def advance(message: str) -> None:
        match = _DAY.search(message)
        if match:
            set_done(int(match.group(1)))

    return advance


@contextmanager
def message_progress(
    description: str, total: int | None = None, step: re.Pattern[str] | None = None
) -> Iterator[Advance]:
    """A bar on standard error driven by a runner's ``progress(message)`` callback, so the
    runner itself needs no change. Each message is printed above the bar (they carry the
    interim figures); ``step`` (one group: steps done) or an ``N/M`` in the message moves
    the bar. Off a terminal the messages are plain stderr lines and no bar is drawn:
    standard output keeps only the command's result (``--json`` stays parseable)."""
    if not sys.stderr.isatty():
        yield _to_stderr
        return
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(bar_width=30),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True, highlight=False),
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=total)

        def advance(message: str) -> None:
            bar.console.print(message, markup=False, emoji=False)
            found = step.search(message) if step else None
            if found:
                bar.update(task, completed=int(found.group(1)))
            elif of := _OF.search(message):
                bar.update(task, completed=int(of.group(1)), total=int(of.group(2)))
            else:
                bar.advance(task)

        yield advance


def report(message: str) -> None:
    """A runner's progress message, to the bar of the command running it (stderr)."""
    _current.get()(message)


def with_progress(description: str) -> Callable[[Command], Command]:
    """Run a command under ``message_progress``, its ``report`` calls moving the bar: a
    command whose runner already takes a ``progress`` callback gets a bar unchanged."""

    def wrap(command: Command) -> Command:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            with message_progress(description) as advance:
                token = _current.set(advance)
                try:
                    return command(*args, **kwargs)
                finally:
                    _current.reset(token)

        return run  # type: ignore[return-value]

    return wrap


@contextmanager
def quiet_frameworks(log_path: Path) -> Iterator[Terminal]:
    """Send everything written to fds 1 and 2 into ``log_path`` while the block runs;
    yield a Terminal that still writes to the real standard output."""
    log_path.parent.mkdir(parents=True, exist_ok=True)
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        saved_out, saved_err = os.dup(1), os.dup(2)
    except (OSError, io.UnsupportedOperation):  # no real descriptors (an embedded runner)
        yield Terminal()
        return
    terminal = Terminal(os.fdopen(os.dup(saved_out), "w", buffering=1, encoding="utf-8"))
    with log_path.open("ab") as log:
        os.dup2(log.fileno(), 1)
        os.dup2(log.fileno(), 2)
        try:
            yield terminal
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            terminal.stream.flush()
            os.dup2(saved_out, 1)
            os.dup2(saved_err, 2)
            os.close(saved_out)
            os.close(saved_err)
            terminal.stream.close()
