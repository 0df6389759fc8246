"""A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, a unix socket there, stopped after.

Finds the server binaries with `pg_config --bindir`, else under /usr/lib/postgresql/*/bin (Debian's
`postgresql` package; scripts/test.sh installs it when missing). PostgreSQL refuses to run as root, so as
root the cluster runs as the `postgres` user (or `nobody`).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.tools import free_port


def bindir() -> Path | None:
    candidates = []
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.CalledProcessError):
            candidates.append(subprocess.run([pg_config, "--bindir"], capture_output=True, text=True,
                                             check=True).stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for c in candidates:
        if c and (Path(c) / "initdb").exists() and (Path(c) / "pg_ctl").exists():
            return Path(c)
    return None


def _run_as() -> list[str]:
    if os.geteuid() != 0:
        return []
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            pwd.getpwnam(name)
            return ["runuser", "-u", name, "--"]
    raise RuntimeError("PostgreSQL will not run as root and there is no other user to run it as")


@contextlib.contextmanager
def cluster(tcp: bool = False) -> Iterator[str]:
    """A running cluster; yields its connection address (unix socket, or loopback TCP with `tcp`)."""
    bin_ = bindir()
    if bin_ is None:
        raise RuntimeError("PostgreSQL's server binaries are missing: install Debian's 'postgresql' package")
    prefix = _run_as()
    root = Path(tempfile.mkdtemp(prefix="attention-pg-"))
    data, sock = root / "data", root / "sock"
    sock.mkdir()
    if prefix:
        user = prefix[2]
        pw = pwd.getpwnam(user)
        for p in (root, sock):
            os.chown(p, pw.pw_uid, pw.pw_gid)
    port = free_port()
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
    subprocess.run([*prefix, str(bin_ / "initdb"), "-D", str(data), "-U", "attention", "--auth=trust",
                    "-E", "UTF8", "--no-sync"], check=True, capture_output=True, env=env)
    options = f"-k {sock} -p {port} -c listen_addresses={'127.0.0.1' if tcp else ''} -c fsync=off"
    subprocess.run([*prefix, str(bin_ / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log"),
                    "-w", "-t", "120", "start"], check=True, capture_output=True, env=env)
    try:
        host = "127.0.0.1" if tcp else str(sock)
        yield f"postgresql://attention@/postgres?host={host}&port={port}"
    finally:
        subprocess.run([*prefix, str(bin_ / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
                       capture_output=True, env=env)
        shutil.rmtree(root, ignore_errors=True)
