"""A real `domino-tui serve` under two attacks at full size, its memory and an honest client's wait measured
beside the figures the same attacks cost before the server bounded them.

    python benchmarks/hostile_network.py [--frames 100000] [--spectators 60] [--seconds 20]

1. Junk past the strikes: one connection sends a create and then ``--frames`` one-byte text frames at once,
   never reading, never answering the server's close. Before: 99,980 close tasks pending, 31 -> 391 MB, nobody
   answered for more than 230 s.
2. A chat flood within the rate limit: ``--spectators`` spectators from one address chat at 19 a second each and
   never read, for ``--seconds``. Before: 535-691 MB, new connections waited up to 20 s.
The server runs in a process of its own (its resident memory read from /proc); the attackers and the honest
client run here. The honest client's wait is the time from opening a connection to its welcome (to a new room;
in the flood, to watching the flooded room).
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parent.parent


def frame(payload: bytes, opcode: int = 1) -> bytes:
    """One masked client frame (the all-zero mask leaves the payload as it is)."""
    n = len(payload)
    head = struct.pack("!BB", 0x80 | opcode, 0x80 | n) if n < 126 else struct.pack("!BBH", 0x80 | opcode, 0xFE, n)
    return head + b"\0\0\0\0" + payload


async def raw_socket(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A WebSocket opened by hand, which reads nothing unless told to."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
    reader, writer = await asyncio.open_connection(sock=sock)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    return reader, writer


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def honest_wait(port: int, room: str | None = None) -> float:
    """Seconds from opening a connection to the welcome of a new room (or, given a ``room``, to watching it)."""
    start = time.monotonic()
    async with connect(f"ws://127.0.0.1:{port}", open_timeout=300) as ws:
        hello = {"type": "watch", "room": room} if room else {"type": "create", "name": "Ana", "variant": "block"}
        await ws.send(json.dumps({**hello, "v": 1}))
        while json.loads(await asyncio.wait_for(ws.recv(), 300))["type"] != "welcome":
            pass
    return time.monotonic() - start


async def junk(port: int, pid: int, frames: int) -> None:
    before = rss_mb(pid)
    _, writer = await raw_socket(port)
    writer.write(frame(json.dumps({"type": "create", "v": 1, "name": "Junk", "variant": "block"}).encode()))
    writer.write(b"".join(frame(b"x") for _ in range(frames)))
    waits, peak = [], before
    for _ in range(10):
        waits.append(await honest_wait(port))
        peak = max(peak, rss_mb(pid))
    writer.close()
    print(f"junk: {frames:,} frames from one connection")
    print(f"  server memory     {before:6.1f} -> {peak:6.1f} MB      before the bound: 31 -> 391 MB")
    print(f"  honest wait (max) {max(waits):8.3f} s                before the bound: over 230 s")


async def flood(port: int, pid: int, spectators: int, seconds: float) -> None:
    owner = await connect(f"ws://127.0.0.1:{port}")
    await owner.send(json.dumps({"type": "create", "v": 1, "name": "Ana", "variant": "block"}))
    room = ""
    while not room:
        msg = json.loads(await owner.recv())
        room = msg.get("room", "") if msg["type"] == "welcome" else ""
    writers = []
    for _ in range(spectators):
        _, writer = await raw_socket(port)
        writer.write(frame(json.dumps({"type": "watch", "v": 1, "room": room}).encode()))
        writers.append(writer)
    before = rss_mb(pid)
    peak, waits = before, list[float]()
    deadline = time.monotonic() + seconds
    chat = frame(json.dumps({"type": "chat", "text": "x" * 150}).encode())
    while time.monotonic() < deadline:
        tick = time.monotonic()
        for writer in writers:
            writer.write(chat)
        if len(waits) < seconds:
            waits.append(await honest_wait(port, room))
        peak = max(peak, rss_mb(pid))
        await asyncio.sleep(max(0.0, 1 / 19 - (time.monotonic() - tick)))
    heard = 0  # what reached the room's owner, who reads: the flood was real, and its relay bounded
    try:
        while True:
            heard += json.loads(await asyncio.wait_for(owner.recv(), 2))["type"] == "chat"
    except TimeoutError:
        pass
    for writer in writers:
        writer.close()
    await owner.close()
    print(f"chat flood: {spectators} spectators at 19 a second for {seconds:g} s, never reading")
    print(f"  chat sent         {spectators * 19 * seconds:8,.0f}; relayed to the owner, who reads: {heard:,}")
    print(f"  server memory     {before:6.1f} -> {peak:6.1f} MB      before the bound: 535-691 MB")
    print(f"  honest wait (max) {max(waits):8.3f} s                before the bound: up to 20 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--spectators", type=int, default=60)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        command = [sys.executable, "-m", "domino_tui", "serve", "--port", str(port), "--quiet"]
        command += ["--db", str(Path(folder) / "rooms.sqlite3"), "--per-address", "200"]
        server = subprocess.Popen(command, cwd=ROOT)
        try:
            deadline = time.monotonic() + 30
            while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
                if time.monotonic() > deadline:
                    raise SystemExit("the server did not start")
                time.sleep(0.05)
            asyncio.run(junk(port, server.pid, args.frames))
            asyncio.run(flood(port, server.pid, args.spectators, args.seconds))
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


if __name__ == "__main__":
    main()
