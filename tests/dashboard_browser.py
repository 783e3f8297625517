"""Drive Debian's headless Chromium over the DevTools protocol: load a Streamlit page,
wait until it has finished running, read what it shows, and take a screenshot.

``chromium --headless --screenshot/--dump-dom --virtual-time-budget`` returns before a
Streamlit page has rendered: the page is drawn from messages that arrive over a websocket
after the script has run on the server, and virtual time does not wait for them. So the
browser is started with the same flags plus ``--remote-debugging-port=0`` and polled until
the page is idle (no running indicator) and shows its title.
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import tempfile
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.sync.client import ClientConnection, connect

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
]

# What the page shows, as JSON: its h1, whether a script is still running, errors.
_STATE_JS = """
(() => {
  const q = (s) => Array.from(document.querySelectorAll(s));
  const main = document.querySelector('[data-testid="stMain"]');
  const block = document.querySelector('[data-testid="stMainBlockContainer"]');
  return JSON.stringify({
    ready: !!document.querySelector('[data-testid="stApp"]'),
    running: !!document.querySelector('[data-testid="stStatusWidgetRunningIcon"]')
      || !!document.querySelector('[data-testid="stSkeleton"]'),
    titles: q('[data-testid="stMain"] h1').map((e) => e.innerText.trim()),
    exceptions: q('[data-testid="stException"]').map((e) => e.innerText),
    errors: q('[data-testid="stAlertContentError"]').map((e) => e.innerText),
    charts: q('[data-testid="stMain"] .vega-embed').length,
    text: main ? main.innerText : '',
    sidebar: (document.querySelector('[data-testid="stSidebar"]') || {}).innerText || '',
    selects: q('[data-testid="stSidebar"] [data-testid="stSelectbox"] input').map(
      (e) => e.getAttribute('aria-label') + '=' + e.value),
    height: block ? Math.ceil(block.getBoundingClientRect().height) + 160 : 0,
  });
})()
"""


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


@dataclass(frozen=True)
class PageState:
    titles: list[str]
    exceptions: list[str]
    errors: list[str]
    charts: int
    text: str
    sidebar: str
    sidebar_selects: list[str]
    height: int


class Browser:
    """One headless Chromium with one tab, driven over the DevTools protocol."""

    def __init__(
        self,
        executable: str,
        *,
        width: int = 1400,
        height: int = 1000,
        extra_flags: tuple[str, ...] = (),
    ) -> None:
        self.width, self.height = width, height
        self._profile = Path(tempfile.mkdtemp(prefix="mg-chromium-"))
        self._proc = subprocess.Popen(
            [
                executable,
                *CHROMIUM_FLAGS,
                *extra_flags,
                f"--user-data-dir={self._profile}",
                f"--window-size={width},{height}",
                "--remote-debugging-address=127.0.0.1",
                "--remote-debugging-port=0",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._ids = 0
        self._ws: ClientConnection = self._connect()
        self.call("Page.enable")
        self.call("Runtime.enable")
        self._viewport(height)

    def _connect(self) -> ClientConnection:
        port_file = self._profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if self._proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as reply:
            targets = json.load(reply)
        page = next(t for t in targets if t.get("type") == "page")
        return connect(page["webSocketDebuggerUrl"], max_size=64 * 1024 * 1024, open_timeout=10)

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self._ids += 1
        ident = self._ids
        self._ws.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            message = json.loads(self._ws.recv(timeout=60))
            if message.get("id") == ident:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result

    def _viewport(self, height: int) -> None:
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=self.width,
            height=height,
            deviceScaleFactor=1,
            mobile=False,
        )

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (JSON-serialisable)."""
        reply = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return reply.get("result", {}).get("value")

    def state(self) -> dict[str, Any]:
        reply = self.call("Runtime.evaluate", expression=_STATE_JS, returnByValue=True)
        value = reply.get("result", {}).get("value")
        return json.loads(value) if isinstance(value, str) else {}

    def load(self, url: str, title: str, *, timeout: float = 90, settle: float = 1.5) -> PageState:
        """Open ``url`` and wait until the page shows ``title`` as its h1 and has stopped
        running (stable for ``settle`` seconds, so charts have drawn)."""
        self._viewport(self.height)
        self.call("Page.navigate", url=url)
        deadline = time.monotonic() + timeout
        stable_since: float | None = None
        last: dict[str, Any] = {}
        while time.monotonic() < deadline:
            last = self.state()
            done = (
                last.get("ready")
                and not last.get("running")
                and (title in last.get("titles", []) or last.get("exceptions"))
            )
            if done:
                stable_since = stable_since or time.monotonic()
                if time.monotonic() - stable_since >= settle:
                    break
            else:
                stable_since = None
            time.sleep(0.25)
        else:
            raise TimeoutError(
                f"{url} did not finish rendering {title!r} in {timeout:.0f} s; "
                f"last state: titles={last.get('titles')} running={last.get('running')} "
                f"text={str(last.get('text', ''))[:300]!r}"
            )
        return PageState(
            titles=list(last.get("titles", [])),
            exceptions=list(last.get("exceptions", [])),
            errors=list(last.get("errors", [])),
            charts=int(last.get("charts", 0)),
            text=str(last.get("text", "")),
            sidebar=str(last.get("sidebar", "")),
            sidebar_selects=[str(v) for v in last.get("selects", [])],
            height=int(last.get("height", 0)),
        )

    def screenshot(self, path: Path, *, full_height: int | None = None) -> None:
        """A PNG of the page; with ``full_height`` the viewport grows to show it all."""
        if full_height and full_height > self.height:
            self._viewport(min(full_height, 6000))
            time.sleep(1.5)  # charts re-lay out to the new size
        shot = self.call("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))
        self._viewport(self.height)

    def close(self) -> None:
        try:
            self._ws.close()
        finally:
            self._proc.terminate()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait(timeout=10)
            shutil.rmtree(self._profile, ignore_errors=True)
