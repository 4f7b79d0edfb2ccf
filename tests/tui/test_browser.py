"""The browser face in a real browser: `domino-tui web` started as a user starts it, headless Chromium (the Debian
package) opens the page through the DevTools protocol, the table is drawn, and a key typed into the page plays a
tile. The page's terminal draws on a canvas, so what it was sent is read from its websocket (wrapped before the
page's script runs); a screenshot is kept for a person to look at (DOMINO_TUI_SCREENSHOT=path.png).

The game is hosted by a room in the app's process, as at a terminal; its log, the saved game, has the move.

It never skips: CI installs chromium (.ci/run)."""

from __future__ import annotations

import base64
import itertools
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.client import ClientConnection, connect

from domino_tui.paths import CONFIG_ENV

ROOT = Path(__file__).resolve().parents[2]
SEED = 2  # classic: the computer opens with [3|3]; your first tile is [0|3]
BROWSER_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
    "--remote-debugging-port=0",
    "--window-size=1100,700",
    # No network beyond this machine: the page's web font (Google's) fails at once instead of waiting.
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
# Before the page's own script: keep the text of everything the app's websocket sends, as the terminal gets it.
RECORD_SCREEN = """
window.__screen = "";
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    const decoder = new TextDecoder();
    this.addEventListener("message", (e) => {
      if (typeof e.data !== "string") window.__screen += decoder.decode(e.data, {stream: true});
    });
  }
};
"""
ANSI = re.compile(r"\x1b\[[0-9;?<>]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"nothing listens on port {port} after {timeout} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


class DevTools:
    """A page of the browser, driven over the DevTools protocol (one flat session on the browser's socket)."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.ids = itertools.count(1)
        self.session: str | None = None

    def call(self, method: str, **params: object) -> dict:
        ident = next(self.ids)
        message: dict[str, object] = {"id": ident, "method": method, "params": params}
        if self.session is not None:
            message["sessionId"] = self.session
        self.ws.send(json.dumps(message))
        while True:
            reply = json.loads(self.ws.recv(timeout=15))
            if reply.get("id") == ident:
                assert "error" not in reply, reply
                return reply["result"]

    def evaluate(self, expression: str) -> object:
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def screen_text(self) -> str:
        return ANSI.sub("", str(self.evaluate("window.__screen")))

    def wait_for_text(self, text: str, timeout: float = 10) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen_text()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"the page never showed {text!r}; it showed: {self.screen_text()[-600:]!r}")

    def key(self, key: str, code: str, vk: int, text: str | None = None) -> None:
        down: dict[str, object] = {"key": key, "code": code, "windowsVirtualKeyCode": vk}
        if text is not None:
            self.call("Input.dispatchKeyEvent", type="keyDown", text=text, **down)
        else:
            self.call("Input.dispatchKeyEvent", type="rawKeyDown", **down)
        self.call("Input.dispatchKeyEvent", type="keyUp", **down)

    def screenshot(self) -> bytes:
        return base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])


@pytest.fixture
def web_url(tmp_path: Path) -> Iterator[str]:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps({"tour_seen": True}))
    port = free_port()
    env = {**os.environ, CONFIG_ENV: str(config)}
    command = [sys.executable, "-m", "domino_tui", "web", "--port", str(port), "--seed", str(SEED)]
    command += ["--variant", "classic", "--pause", "0"]
    proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, 15)
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(proc)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[DevTools]:
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    assert exe, "the browser test needs Chromium: apt-get install -y chromium (.ci/run installs it)"
    profile = tmp_path / "profile"
    proc = subprocess.Popen(
        [exe, *BROWSER_FLAGS, f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stderr is not None
        deadline = time.monotonic() + 20
        url = None
        while url is None and time.monotonic() < deadline:
            line = proc.stderr.readline().decode(errors="replace")
            if not line and proc.poll() is not None:
                break
            if line.startswith("DevTools listening on "):
                url = line.split(" on ", 1)[1].strip()
        assert url, "Chromium did not start its DevTools server"
        with connect(url, max_size=None, open_timeout=10) as ws:
            tools = DevTools(ws)
            target = tools.call("Target.createTarget", url="about:blank")["targetId"]
            tools.session = tools.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            tools.call("Page.enable")
            tools.call("Page.addScriptToEvaluateOnNewDocument", source=RECORD_SCREEN)
            yield tools
    finally:
        stop(proc)


def test_a_port_in_use_is_a_message_not_a_traceback() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "domino_tui", "web", "--port", str(port)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert f"domino-tui web: cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_browser_opens_the_table_and_a_key_plays(web_url: str, browser: DevTools, tmp_path: Path) -> None:
    """The game is a room in the app's process, as at a terminal: the move the page shows is in the room's log,
    the saved game (written before the move is shown)."""
    browser.call("Page.navigate", url=web_url)
    browser.wait_for_text("Your turn", timeout=15)
    browser.wait_for_text("Computer")  # the seats are drawn, not only the status bar
    browser.wait_for_text("You · 7 tiles")  # and your hand
    before = browser.screenshot()
    browser.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
    browser.key("1", "Digit1", 49, text="1")  # your first tile, [0|3]: both ends show 3, so it goes left
    browser.wait_for_text("[0|3] on the left")
    saved = json.loads((tmp_path / "config" / "room.json").read_text(encoding="utf-8"))
    assert saved["format"] == "domino-tui room" and not (tmp_path / "config" / "game.json").exists()
    yours = [e["move"] for e in saved["entries"] if e["e"] == "move" and e["by"] == "person"]
    assert [move[:2] for move in yours] == [["play", [0, 3]]]
    time.sleep(0.3)  # the canvas draws on the next animation frame
    after = browser.screenshot()
    assert after.startswith(b"\x89PNG") and after != before
    keep = os.environ.get("DOMINO_TUI_SCREENSHOT")
    if keep:
        Path(keep).write_bytes(after)
