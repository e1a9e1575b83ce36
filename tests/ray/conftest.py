"""Shared pieces of the Ray tests (run by scripts/ray-test in the .venv-ray environment).

Each test runs the real `jovian` binary (JOVIAN_BIN, else the test build in target/debug) with
`--ray` on a Ray cluster on this machine: a local cluster the run starts itself (2 CPUs on
127.0.0.1), or a simulated cluster of several nodes (ray.cluster_utils.Cluster). Token
authentication stays on: every cluster gets a fresh token (conftest sets RAY_AUTH_MODE=token and
RAY_AUTH_TOKEN_PATH before Ray is imported).
"""

import os
import pathlib
import secrets
import signal
import subprocess
import sys
import tempfile
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]

# Token authentication for the clusters the tests start themselves (the multi-node one); the
# runs' own local clusters make their own token. Set before any test imports ray.
_token_dir = tempfile.mkdtemp(prefix="jovian-ray-test-token-")
_token_path = os.path.join(_token_dir, "auth_token")
with open(os.open(_token_path, os.O_WRONLY | os.O_CREAT, 0o600), "w") as _f:
    _f.write(secrets.token_hex(32))
os.environ["RAY_AUTH_MODE"] = "token"
os.environ["RAY_AUTH_TOKEN_PATH"] = _token_path
# The simulated cluster's nodes on the loopback interface only (as the runs' local clusters are).
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
# A cluster that does not answer is given up quickly here (60 s by default).
os.environ["JOVIAN_RAY_CONNECT_TIMEOUT_S"] = "20"


def jovian_binary():
    path = os.environ.get("JOVIAN_BIN") or str(REPO / "target" / "debug" / "jovian")
    if not os.path.isfile(path):
        pytest.fail(f"no jovian binary at {path}: build it (cargo build --profile test)")
    return path


@pytest.fixture
def jovian():
    return jovian_binary()


def env():
    """The environment of a run: the driver's Python is this one (the test's venv)."""
    e = dict(os.environ)
    e["JOVIAN_RAY_PYTHON"] = sys.executable
    return e


def run(args, timeout=240, check=True):
    """Runs jovian to the end; returns the CompletedProcess."""
    proc = subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=env())
    if check and proc.returncode != 0:
        raise AssertionError(
            f"{' '.join(map(str, args))} exited {proc.returncode}\n"
            f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    return proc


def start(args):
    """Starts jovian in the background; the caller waits for it."""
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=env())


def records(directory):
    """The run's records by file name, their Date tag left out (a run may cross midnight)."""
    out = {}
    for path in sorted(pathlib.Path(directory).glob("game-*.pgn")):
        lines = [l for l in path.read_text().splitlines() if not l.startswith("[Date ")]
        out[path.name] = "\n".join(lines)
    return out


def leftovers(directory):
    """Half-written records (a run stopped while writing leaves none)."""
    return sorted(p.name for p in pathlib.Path(directory).iterdir() if p.suffix == ".partial")


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"timed out after {timeout} s waiting for {what}")


def processes():
    """(pid, parent pid, command line) of every process."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().split(b"\0")
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        found.append((int(entry), ppid, [c.decode(errors="replace") for c in cmdline if c]))
    return found


def game_processes(binary_name="jovian"):
    """`jovian worker` processes (games being played by Ray tasks)."""
    return [(pid, ppid) for pid, ppid, cmd in processes()
            if len(cmd) >= 2 and os.path.basename(cmd[0]).endswith(binary_name)
            and cmd[1] == "worker"]


def kill(pid):
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
