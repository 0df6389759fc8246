"""Small tools the tests share: a free local port, the Node binary."""

from __future__ import annotations

import shutil
import socket


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def node() -> str:
    """The path of `node` (scripts/test.sh installs it, with npm, before the tests)."""
    found = shutil.which("node")
    assert found, "node not found: scripts/test.sh installs it (with npm) before the tests"
    return found
