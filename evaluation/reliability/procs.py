"""Harness subprocesses that talk in lines: spawn ``python -m <module>``, send it JSON,
wait for a line with a given prefix (with a timeout: a hung child fails the harness, it
never hangs it), kill it."""

from __future__ import annotations

import contextlib
import json
import queue
import signal
import subprocess
import sys
import threading
import time
from typing import Any

from evaluation.reliability.scratch import child_env


class ChildError(RuntimeError):
    """A harness child said something unexpected, died, or went silent."""


class LineChild:
    def __init__(self, module: str, *args: str) -> None:
        self.module = module
        self.process = subprocess.Popen(
            [sys.executable, "-m", module, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=child_env(),
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def _drain_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self._stderr.append(line)
            del self._stderr[:-40]  # keep the tail for error messages

    @property
    def pid(self) -> int:
        return self.process.pid

    def stderr_tail(self) -> str:
        return "".join(self._stderr[-20:])

    def send(self, payload: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(payload) + "\n")
        self.process.stdin.flush()

    def expect(self, *prefixes: str, timeout: float = 60.0) -> str:
        """The next line starting with one of ``prefixes`` (other lines are skipped)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ChildError(f"{self.module}: no {prefixes} within {timeout} s")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                self.process.wait(timeout=5)
                raise ChildError(
                    f"{self.module} exited ({self.process.returncode}) before {prefixes}:\n"
                    + self.stderr_tail()
                )
            if line.startswith(prefixes):
                return line

    def sigkill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)

    def wait(self, timeout: float = 60.0) -> int:
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired as exc:
            self.sigkill()
            self.process.wait(timeout=10)
            raise ChildError(f"{self.module} did not exit within {timeout} s") from exc

    def close(self) -> None:
        """Make sure the process is gone (idempotent). Its output pipes close themselves
        when the reader threads hit end of file."""
        self.sigkill()
        self.process.wait(timeout=10)
        if self.process.stdin is not None and not self.process.stdin.closed:
            with contextlib.suppress(OSError):
                self.process.stdin.close()
