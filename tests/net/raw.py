"""A WebSocket client by hand, over a bare socket: it sends what it likes and reads only when told, as a hostile
client does (the websockets client answers a close and reads in the background by itself)."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct


class RawClient:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int, receive_buffer: int | None = None) -> RawClient:
        """A WebSocket; ``receive_buffer``: the socket's receive buffer in bytes (small: the server's bytes for it
        wait on the server's side rather than in this end's kernel)."""
        sock = socket.socket()
        if receive_buffer is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        reader, writer = await asyncio.open_connection(sock=sock)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        assert head.startswith(b"HTTP/1.1 101"), head
        return cls(reader, writer)

    def send(self, payload: bytes | str | dict, opcode: int = 1) -> None:
        self.writer.write(frame(payload, opcode))

    async def recv(self) -> tuple[int, bytes]:
        """The next frame from the server: its opcode and payload."""
        first, second = await self.reader.readexactly(2)
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif length == 127:
            (length,) = struct.unpack("!Q", await self.reader.readexactly(8))
        return first & 0x0F, await self.reader.readexactly(length)

    async def until_closed(self) -> tuple[list[dict], int]:
        """Every message up to the server's close frame, and the close code."""
        messages = []
        while True:
            opcode, payload = await asyncio.wait_for(self.recv(), 5)
            if opcode == 8:
                return messages, struct.unpack("!H", payload[:2])[0]
            if opcode == 1:
                messages.append(json.loads(payload))

    def close(self) -> None:
        self.writer.close()


def frame(payload: bytes | str | dict, opcode: int = 1) -> bytes:
    """One masked frame (a client's frames are masked; the all-zero mask leaves the payload as it is)."""
    if isinstance(payload, dict):
        payload = json.dumps(payload)
    data = payload.encode() if isinstance(payload, str) else payload
    n = len(data)
    if n < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
    elif n < 1 << 16:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
    return head + b"\0\0\0\0" + data
