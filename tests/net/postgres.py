"""A real PostgreSQL server of the tests' own, in a temporary folder, for the room server's PostgreSQL store.

Debian's binaries (the `postgresql` package; .ci/run installs it where missing). initdb and postgres refuse to
run as root, and the tests run as root in CI: there they run as `nobody`, owning the folder. The server listens
on 127.0.0.1 at a free port and on a unix socket in its folder, trusts every local connection (nothing else can
reach it), and skips fsync (a test's data need not outlive the machine; the store's own commits are what the
tests are of, and PostgreSQL commits the same without it).
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import psycopg

BINARIES = Path("/usr/lib/postgresql")

# Waits until its standard input closes, then stops the server at once and removes its folder ($1 pg_ctl, $2 the
# data folder, $3 the server's folder).
WATCHDOG = 'read -r _; "$1" -D "$2" -m immediate -w stop; rm -rf "$3"'


def binaries() -> Path:
    """The folder of the newest PostgreSQL installed, or a failure that says what to install."""
    found = sorted(
        (folder for folder in BINARIES.glob("*/bin") if (folder / "initdb").exists()),
        key=lambda folder: int(folder.parent.name) if folder.parent.name.isdigit() else 0,
    )
    if not found:
        raise RuntimeError(
            f"no PostgreSQL server under {BINARIES}: the PostgreSQL store's tests need Debian's postgresql "
            "package (apt-get install postgresql)"
        )
    return found[-1]


def as_server_user() -> list[str]:
    """The command's prefix that runs PostgreSQL's programs as a user they accept: root's own are refused."""
    if os.geteuid() != 0:
        return []
    return ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


class PostgresServer:
    def __init__(self, port: int) -> None:
        self.port = port
        self.bin = binaries()
        self.folder = Path(tempfile.mkdtemp(prefix="domino-tui-postgres-"))
        self.data = self.folder / "data"
        self._names = itertools.count()
        self.running = False
        self.watchdog: subprocess.Popen[bytes] | None = None

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [*as_server_user(), *command], capture_output=True, text=True, timeout=60, check=False, cwd=self.folder
        )
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.folder, "nobody", "nogroup")
        os.chmod(self.folder, 0o700)
        self._run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync",
            "-E", "UTF8", "--locale=C", "--no-instructions",
        )  # fmt: skip
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off "
            "-c shared_buffers=16MB"
        )
        log = str(self.folder / "server.log")
        # The server is stopped by a watchdog that waits on a pipe only this process holds open: when this process
        # ends, however it ends (a run killed mid-test, whose own `stop` never comes), the pipe closes and the
        # watchdog stops the server and removes its folder, so no PostgreSQL outlives the tests that started it.
        self.watchdog = subprocess.Popen(
            [
                *as_server_user(),
                "sh",
                "-c",
                WATCHDOG,
                "watchdog",
                str(self.bin / "pg_ctl"),
                str(self.data),
                str(self.folder),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=self.folder,
        )
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", log, "-o", options, "-w", "start")
        self.running = True

    def new_database(self, password: str | None = None) -> str:
        """A fresh database's URL (with ``password`` in it, which the server, trusting local connections, does not
        ask for)."""
        name = f"rooms_{next(self._names)}"
        with psycopg.connect(self.url("postgres"), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        return self.url(name, password)

    def url(self, database: str, password: str | None = None) -> str:
        user = "postgres" if password is None else f"postgres:{password}"
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        try:
            if self.watchdog is not None:
                assert self.watchdog.stdin is not None
                self.watchdog.stdin.close()  # the watchdog stops the server, as if this process had ended
                self.watchdog.wait(timeout=60)
                self.watchdog = None
                self.running = False
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
