"""What long commands show a person at a terminal: their own lines, a rich progress bar
per long phase, and nothing from the frameworks underneath.

``quiet_frameworks`` sends file descriptors 1 and 2 to a log file for the duration, so
Dagster's DEBUG lines, MLflow's and alembic's notices, warnings and any library's
progress bar land in the log (whose path is printed) instead of between the results.
The command's own output goes to the terminal through a console made before the switch.
"""

from __future__ import annotations

import io
import os
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

Print = Callable[[str], None]
Advance = Callable[[str], None]
_DAY = re.compile(r"\bday (\d+)\b")


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
