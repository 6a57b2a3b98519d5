"""Helpers for the table server's tests: examples, free ports, a server in a process."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PG_DIRS = (
    *sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True),
    "/usr/local/bin",
    "/usr/bin",
)


def example_paths() -> list[Path]:
    return sorted(EXAMPLES.glob("*/*.yaml"))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_bin(name: str) -> str | None:
    for folder in PG_DIRS:
        path = os.path.join(folder, name)
        if os.access(path, os.X_OK):
            return path
    return None


class Server:
    """`shiftdrive serve` in a process of its own."""

    def __init__(self, db: str, port: int) -> None:
        self.db, self.port = db, port
        self.base = f"http://127.0.0.1:{port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "shiftdrive.cli.main",
                "serve",
                "--db",
                self.db,
                "--port",
                str(self.port),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"serve stopped: {self.proc.stderr.read().decode()}")  # type: ignore[union-attr]
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("serve did not start in 30 s")

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()  # SIGKILL: no clean shutdown
            self.proc.wait()
            self.proc = None


@pytest.fixture(scope="session", name="postgres_url")
def postgres_url_fixture() -> Iterator[str]:
    """A PostgreSQL server of its own in a temp dir (as the `postgres` user when run as root:
    PostgreSQL refuses to run as root), stopped at the end."""
    initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
    if initdb is None or pg_ctl is None:
        if os.environ.get("CI"):
            pytest.fail("no PostgreSQL binaries (initdb, pg_ctl): .ci/run installs them")
        pytest.skip("no PostgreSQL binaries (initdb, pg_ctl) here: apt-get install postgresql")
    folder = tempfile.mkdtemp(prefix="shiftdrive-pg-")
    prefix: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(folder, "data")
    port = free_port()
    initialise = [*prefix, initdb, "-D", data, "-A", "trust", "-U", "postgres"]
    subprocess.run(initialise, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=on"
    subprocess.run(
        [*prefix, pg_ctl, "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        stop = [*prefix, pg_ctl, "-D", data, "-m", "immediate", "stop"]
        subprocess.run(stop, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(name="fresh_pg")
def fresh_pg_fixture(postgres_url: str) -> Iterator[str]:
    """The cluster with empty tables."""
    import psycopg

    with psycopg.connect(postgres_url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS tokens, commands, tables")
    yield postgres_url


@pytest.fixture(name="server")
def server_fixture(tmp_path: Path) -> Iterator[Server]:
    running = Server(str(tmp_path / "tables.db"), free_port())
    running.start()
    try:
        yield running
    finally:
        running.kill()
