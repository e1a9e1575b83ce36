"""Jovian's Ray driver: plays a lab run's or a match's games as Ray tasks.

`jovian lab|match --ray [ADDRESS]` starts it (the binary embeds this file,
crates/cli/src/matches/ray.rs) and stays the run's owner. Protocol, one JSON object a line:
  stdin, first line: the request: address ("local" or HOST:PORT or "auto"), concurrency, shared,
      binary, programs, version, worker (the `jovian worker` request less its game numbers:
      the settings and, for a variant file's game, the file's text and definition hash), tasks
      (lists of game numbers: a game, or a match's pair).
  stdin, later: "stop" (an SPRT decided: start no task, cancel those under way); end of input
      (the owner died) stops too.
  stdout: events: ready {cpus, nodes}, busy {busy}, result {task, node, records}, stopped
      {cancelled}, fatal {error}, done.
Ray's own messages go to stderr, which the owner keeps in the run's ray.log.

Each task runs `jovian worker` on some node with one CPU. The binary reaches the node in Ray's
runtime environment (working_dir, uploaded once per run), or with "shared" at the same path. The
worker request (a variant file's text among it) is put in Ray's object store once and read from
there by every task; the worker checks that the text makes the driver's game (its definition hash).
Either way the task first checks that the file is the driver's build (its SHA-256): a node with
another build is refused and the run stops, so no results are mixed. A task whose worker dies
(a killed process, a lost node) is retried by Ray (max_retries); a game that fails otherwise
stops the run.
"""

import collections
import ctypes
import hashlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

MAX_RETRIES = 3
"""Tries after the first for a task whose worker died (Ray's task retries)."""

BUSY_EVERY_S = 1.0
"""How often the cluster's busy CPUs are reported."""

CONNECT_TIMEOUT_S = float(os.environ.get("JOVIAN_RAY_CONNECT_TIMEOUT_S", "60"))
"""How long joining a cluster may take before the run gives up (Ray itself retries forever)."""


def emit(event, **fields):
    sys.stdout.write(json.dumps({"event": event, **fields}) + "\n")
    sys.stdout.flush()


def file_sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class Refused(Exception):
    """A node's binary is not the driver's build: never retried, the run stops."""


class WorkerLost(Exception):
    """The game's process was killed by a signal: retried like a lost worker."""


class GameFailed(Exception):
    """`jovian worker` failed on the request: the same request would fail again."""


_digests = {}


def _cached_sha256(path):
    """The file's SHA-256, computed once per file version in this worker process."""
    st = os.stat(path)
    key = (path, st.st_ino, st.st_size, st.st_mtime_ns)
    if key not in _digests:
        _digests[key] = file_sha256(path)
    return _digests[key]


def _die_with_parent():
    """In the game's process: be killed when the Ray worker dies (a cancelled or lost task)."""
    try:
        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def play_task(worker_request, binary, digests, programs, indices):
    """Runs on a node: checks the binaries, plays the games, returns their records."""
    import ray

    node = ray.get_runtime_context().get_node_id()[:8]
    here = os.getcwd()
    local = {name: (path if os.path.isabs(path) else os.path.join(here, path))
             for name, path in [("jovian", binary)] + list(programs.items())}
    for name, path in local.items():
        try:
            got = _cached_sha256(path)
        except OSError as e:
            raise Refused(f"node {node} ({socket.gethostname()}): cannot read {path}: {e}")
        if got != digests[name]:
            raise Refused(
                f"node {node} ({socket.gethostname()}): {path} is another build than the "
                f"driver's (SHA-256 {got[:12]} there, {digests[name][:12]} on the driver); "
                f"refused, so that no results are mixed")
    request = dict(worker_request, indices=indices,
                   programs={name: path for name, path in local.items() if name != "jovian"})
    proc = subprocess.run([local["jovian"], "worker"], input=json.dumps(request),
                          capture_output=True, text=True, preexec_fn=_die_with_parent)
    if proc.returncode < 0:
        raise WorkerLost(f"node {node}: the game process was killed (signal {-proc.returncode})")
    if proc.returncode != 0:
        raise GameFailed(f"node {node}: jovian worker failed: {proc.stderr.strip()}")
    answer = json.loads(proc.stdout)
    return {"node": node, "records": answer["records"]}


def bundle_binaries(binary, programs):
    """Copies the binaries into a fresh directory for Ray's runtime environment: the name each
    has there, by the name the request gives it ("jovian", or a cmd: program as written)."""
    bundle = tempfile.mkdtemp(prefix="jovian-ray-bundle-")
    names = {}
    for n, (name, path) in enumerate([("jovian", binary)] + list(programs.items())):
        there = f"bin{n}-{os.path.basename(path)}"
        shutil.copy2(path, os.path.join(bundle, there))
        names[name] = there
    return bundle, names


def resolve_program(program):
    """A cmd: player's program as a file on this machine (a path, or a name on PATH)."""
    path = program if os.sep in program else shutil.which(program)
    if not path or not os.path.isfile(path):
        raise SystemExit(f"--ray: the cmd: program {program!r} is not a file here")
    return os.path.realpath(path)


def connect(request, runtime_env):
    """Starts a local cluster or joins one, with token authentication, and returns ray. The
    runtime environment (the binaries) is the job's: Ray uploads it once for all tasks."""
    address = request["address"]
    if address == "local":
        # A cluster for this run alone, on the loopback address, with its own token
        # (Ray 2.60's token authentication, kept on): nothing else can submit work to it.
        token_dir = tempfile.mkdtemp(prefix="jovian-ray-token-")
        token_path = os.path.join(token_dir, "auth_token")
        with open(os.open(token_path, os.O_WRONLY | os.O_CREAT, 0o600), "w") as f:
            f.write(secrets.token_hex(32))
        os.environ["RAY_AUTH_MODE"] = "token"
        os.environ["RAY_AUTH_TOKEN_PATH"] = token_path
        # Every address of the cluster on the loopback interface, none on the network: Ray's
        # switch for a single-machine cluster (named for the platforms where it is the default).
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    import ray  # after the environment: Ray reads its authentication settings on import

    kwargs = {"log_to_driver": False, "logging_level": "warning", "runtime_env": runtime_env}
    if address == "local":
        cpus = request.get("concurrency") or os.cpu_count() or 1
        ray.init(num_cpus=cpus, include_dashboard=False, _node_ip_address="127.0.0.1", **kwargs)
    elif address == "auto":
        ray.init(address="auto", **kwargs)
    else:
        ray.init(address=address, **kwargs)
    return ray


def main():
    try:  # Ray sends the task function by value: the file is not needed past this point
        os.remove(__file__)
    except OSError:
        pass
    request = json.loads(sys.stdin.readline())
    stop = threading.Event()

    def watch_stdin():
        for line in sys.stdin:
            if line.strip() == "stop":
                stop.set()
        stop.set()  # end of input: the owner is gone

    threading.Thread(target=watch_stdin, daemon=True).start()

    programs = {p: resolve_program(p) for p in request.get("programs", [])}
    binary = os.path.realpath(request["binary"])
    digests = {"jovian": file_sha256(binary)}
    digests.update({name: file_sha256(path) for name, path in programs.items()})

    bundle = None
    if request.get("shared"):
        task_binary, task_programs, runtime_env = binary, programs, None
    else:
        bundle, names = bundle_binaries(binary, programs)
        task_binary = names["jovian"]
        task_programs = {name: names[name] for name in programs}
        runtime_env = {"working_dir": bundle}
    def give_up():  # Ray itself would go on trying to join for ever
        emit("fatal", error=f"--ray: cannot reach the cluster at {request['address']}: "
                            f"no answer in {CONNECT_TIMEOUT_S:g} s")
        emit("done")
        os._exit(1)

    watchdog = threading.Timer(CONNECT_TIMEOUT_S, give_up)
    watchdog.daemon = True
    watchdog.start()
    try:
        ray = connect(request, runtime_env)  # on the main thread, as Ray wants
    except Exception as e:  # Ray's errors are many; each says what went wrong
        watchdog.cancel()
        emit("fatal", error=f"--ray: cannot reach the cluster at {request['address']}: {e}")
        emit("done")
        return
    finally:
        if bundle:  # uploaded by now (or never to be)
            shutil.rmtree(bundle, ignore_errors=True)
    watchdog.cancel()
    remote_options = {"num_cpus": 1, "max_retries": MAX_RETRIES, "retry_exceptions": [WorkerLost]}
    task = ray.remote(**remote_options)(play_task)
    # Once for all tasks: a variant file's text (up to Jupiter's 33 KB) is not sent with each.
    worker_request = ray.put(request["worker"])

    cpus = int(ray.cluster_resources().get("CPU", 0))
    nodes = sum(1 for n in ray.nodes() if n.get("Alive"))
    emit("ready", cpus=cpus, nodes=nodes)
    cap = max(1, request.get("concurrency") or cpus)
    pending = collections.deque(enumerate(request["tasks"]))
    in_flight = {}
    last_busy = 0.0
    failed = False
    while (pending or in_flight) and not stop.is_set():
        while pending and len(in_flight) < cap:
            number, indices = pending.popleft()
            ref = task.remote(worker_request, task_binary, digests, task_programs, indices)
            in_flight[ref] = number
        ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=0.5)
        for ref in ready:
            number = in_flight.pop(ref)
            try:
                result = ray.get(ref)
            except ray.exceptions.RayTaskError as e:
                cause = e.cause if e.cause is not None else e
                emit("fatal", error=str(cause))
                failed = True
                break
            except ray.exceptions.RayError as e:  # the worker died on every try
                emit("fatal", error=f"task {number} failed after {MAX_RETRIES} retries: {e}")
                failed = True
                break
            emit("result", task=number, node=result["node"], records=result["records"])
        if failed:
            break
        now = time.monotonic()
        if now - last_busy >= BUSY_EVERY_S:
            last_busy = now
            free = ray.available_resources().get("CPU", 0)
            emit("busy", busy=min(len(in_flight), max(0, round(cpus - free))))
    if in_flight:
        for ref in in_flight:
            ray.cancel(ref, force=True)
        emit("stopped", cancelled=len(in_flight))
    emit("done")
    ray.shutdown()


if __name__ == "__main__":
    try:
        main()
    except Exception as e:  # anything unforeseen still ends the protocol with a clear error
        emit("fatal", error=f"the Ray driver failed: {type(e).__name__}: {e}")
        emit("done")
        raise
