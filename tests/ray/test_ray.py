"""`jovian lab|match --ray` on Ray clusters on this machine: the same records as a local run,
an SPRT decided through Ray, a killed worker retried, a killed driver resumed, another build
refused, and tasks spread over a simulated cluster of three nodes (docs/cluster.md)."""

import os
import pathlib
import re
import shutil
import time

import pytest

from conftest import (game_processes, kill, leftovers, records, run, start, wait_for)

# Short Scirocco games: about a second each with the test build.
LAB = ["lab", "scirocco", "--nodes", "2000", "--max-plies", "200", "--seed", "5", "-q"]


@pytest.fixture(scope="module")
def local_run(tmp_path_factory):
    """The reference: 8 games played on this machine's threads."""
    from conftest import jovian_binary
    out = tmp_path_factory.mktemp("local") / "run"
    run([jovian_binary(), *LAB, "--games", "8", "--concurrency", "2", "--out", out])
    return out


def test_ray_run_gives_the_local_records(jovian, local_run, tmp_path):
    out = tmp_path / "ray"
    started = time.monotonic()
    proc = run([jovian, *LAB, "--games", "8", "--out", out, "--ray", "--concurrency", "2"])
    wall = time.monotonic() - started
    assert records(out) == records(local_run)
    assert len(records(out)) == 8
    # The same settings file: a Ray run resumes locally and the other way round.
    assert (out / "lab.txt").read_text() == (local_run / "lab.txt").read_text()
    assert re.search(r"^Ray: 8 games on 1 node \(\w+ 8\), 2 CPUs$", proc.stdout, re.M), proc.stdout
    assert (out / "report.html").is_file()
    print(f"8 Scirocco games through Ray on 2 CPUs: {wall:.1f} s")


def test_sprt_match_decides_through_ray(jovian, tmp_path):
    out = tmp_path / "match"
    proc = run([jovian, "match", "--game", "scirocco", "--a", "nodes:2000", "--b", "random",
                "--games", "60", "--seed", "3", "--max-plies", "200", "--sprt", "0,200",
                "--out", out, "--ray", "--concurrency", "2", "-q"])
    assert "H1 accepted" in proc.stdout, proc.stdout
    games = records(out)
    assert 0 < len(games) < 60, proc.stdout
    # Pairs are tasks: both games of a pair are saved, or neither.
    numbers = sorted(int(name[5:8]) for name in games)
    pairs = {}
    for n in numbers:
        pairs.setdefault((n - 1) // 2, []).append(n)
    assert all(len(p) == 2 for p in pairs.values()), numbers
    assert leftovers(out) == []
    # Resumed with the decision already standing: nothing more is played.
    again = run([jovian, "match", "--game", "scirocco", "--a", "nodes:2000", "--b", "random",
                 "--games", "60", "--max-plies", "200", "--sprt", "0,200", "--out", out,
                 "--resume", "--ray",
                 "--concurrency", "2", "-q"])
    assert "H1 accepted" in again.stdout
    assert records(out) == games


def test_killed_worker_loses_only_its_game(jovian, local_run, tmp_path):
    out = tmp_path / "ray"
    proc = start([jovian, *LAB, "--games", "8", "--out", out, "--ray", "--concurrency", "2"])
    try:
        # A game under way: kill the Ray worker process that runs it (and so the game).
        pid, ray_worker = wait_for(lambda: next(iter(game_processes()), None), 120,
                                   "a game under way")
        killed_at = time.monotonic()
        kill(ray_worker)
        stdout, stderr = proc.communicate(timeout=240)
    finally:
        proc.kill()
    print(f"killed Ray worker {ray_worker} (game process {pid}); the run finished "
          f"{time.monotonic() - killed_at:.1f} s later")
    assert proc.returncode == 0, stderr
    # Every game exactly once, and each the game of its number.
    assert records(out) == records(local_run)
    assert leftovers(out) == []
    assert "came twice" not in stdout


def test_killed_driver_resumes_without_replaying(jovian, local_run, tmp_path):
    out = tmp_path / "ray"
    proc = start([jovian, *LAB, "--games", "8", "--out", out, "--ray", "--concurrency", "2"])
    try:
        wait_for(lambda: len(records(out)) >= 2, 120, "two finished games")
        proc.kill()  # the owner dies; its driver sees the end of its input and stops
        proc.wait(timeout=30)
    finally:
        proc.kill()
    # The driver and its local cluster go away by themselves.
    wait_for(lambda: not game_processes(), 60, "the cancelled games to stop")
    done_before = records(out)
    assert 2 <= len(done_before) < 8
    stamps = {name: (out / name).stat().st_mtime_ns for name in done_before}
    again = run([jovian, *LAB, "--games", "8", "--out", out, "--resume", "--ray",
                 "--concurrency", "2"])
    assert f"Resumed: {len(done_before)} games read from the records, " \
           f"{8 - len(done_before)} played now" in again.stdout
    assert records(out) == records(local_run)
    # Nothing finished was played again: the saved records were not rewritten.
    assert all((out / n).stat().st_mtime_ns == t for n, t in stamps.items())


def test_another_build_is_refused(jovian, tmp_path):
    # Shared mode: every node runs the binary at the same path. Replace it there mid-run with
    # another build (the same program with bytes appended: it runs, but it is not the same file).
    shared = tmp_path / "shared"
    shared.mkdir()
    binary = shared / "jovian"
    shutil.copy2(jovian, binary)
    out = tmp_path / "ray"
    proc = start([binary, *LAB, "--games", "12", "--out", out, "--ray", "--ray-shared",
                  "--concurrency", "2"])
    try:
        wait_for(lambda: len(records(out)) >= 2, 120, "two finished games")
        other = shared / "jovian.new"
        shutil.copy2(jovian, other)
        with open(other, "ab") as f:
            f.write(b"another build")
        os.replace(other, binary)
        stdout, stderr = proc.communicate(timeout=240)
    finally:
        proc.kill()
    assert proc.returncode == 2, stdout
    assert "is another build than the driver's" in stderr, stderr
    assert "refused, so that no results are mixed" in stderr
    assert len(records(out)) < 12
    assert leftovers(out) == []


def test_tasks_spread_over_three_nodes(jovian, local_run, tmp_path):
    import ray
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True,
                      head_node_args={"num_cpus": 1, "include_dashboard": False})
    try:
        for _ in range(2):
            cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        out = tmp_path / "ray"
        # --ray-shared: the simulated nodes share this machine's disk, and with it Ray's session
        # directory, where each node would unpack the runtime environment into the same place
        # (a worker then dies while another node replaces its files). Real nodes have disks of
        # their own; the runtime environment is tested by the local clusters above.
        proc = run([jovian, *LAB, "--games", "8", "--out", out, "--ray", cluster.address,
                    "--ray-shared"])
    finally:
        ray.shutdown()
        cluster.shutdown()
    line = re.search(r"^Ray: 8 games on (\d) nodes? \((.*)\), 3 CPUs$", proc.stdout, re.M)
    assert line, proc.stdout
    per_node = [int(x.split()[1]) for x in line.group(2).split(", ")]
    assert len(per_node) >= 2 and sum(per_node) == 8, line.group(0)
    # Which node played a game does not change it.
    assert records(out) == records(local_run)


def test_no_cluster_is_one_clear_error(jovian, tmp_path):
    proc = run([jovian, *LAB, "--games", "2", "--out", tmp_path / "x", "--ray", "127.0.0.1:1"],
               check=False, timeout=180)
    assert proc.returncode == 2
    assert "cannot reach the cluster at 127.0.0.1:1" in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_two_builds_meet_through_ray(jovian, tmp_path):
    # B is another binary, driven over CECP: shipped in the runtime environment with jovian,
    # each checked against the driver's copy; the records keep the player's name as written.
    other = tmp_path / "old-jovian"
    shutil.copy2(jovian, other)
    with open(other, "ab") as f:
        f.write(b"an older build")
    b = f"cmd:{other} xboard"
    out = tmp_path / "match"
    proc = run([jovian, "match", "--game", "scirocco", "--a", "depth:2", "--b", b,
                "--cmd-limit", "depth:1", "--games", "4", "--seed", "8", "--max-plies", "60",
                "--out", out, "--ray", "--concurrency", "2", "-q"])
    games = records(out)
    assert len(games) == 4, proc.stdout
    assert all(f'"{b}"' in text for text in games.values())
    assert "forfeit" not in proc.stdout, proc.stdout


def wagon_game(jovian, directory):
    """A variant file's game: Scirocco with a Wagon that also leaps as a Knight."""
    text = run([jovian, "variant", "export", "scirocco"]).stdout
    text = text.replace('id = "scirocco"', 'id = "ray-wagon"')
    text = text.replace('betza = "jR"', 'betza = "jRN"')
    path = directory / "ray-wagon.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("kind,shared", [("lab", False), ("match", True)],
                         ids=["lab-shipped-binary", "match-ray-shared"])
def test_variant_file_travels_to_the_workers(jovian, tmp_path, kind, shared):
    # The file is read by the run's owner and then deleted, before any task starts: the workers
    # play from the text the owner sent them, and play the very games a local run plays.
    files = tmp_path / "files"
    files.mkdir()
    game = wagon_game(jovian, files)
    where = os.path.realpath(files)
    if kind == "lab":
        args = ["lab", str(game), "--nodes", "2000"]
        settings = "lab.txt"
    else:
        args = ["match", "--game", str(game), "--a", "nodes:2000", "--b", "greedy"]
        settings = "match.txt"
    args += ["--games", "4", "--max-plies", "200", "--seed", "5", "-q"]
    local = tmp_path / "local"
    run([jovian, *args, "--concurrency", "2", "--out", local])
    out = tmp_path / "ray"
    proc = start([jovian, *args, "--out", out, "--ray", "--concurrency", "2",
                  *(["--ray-shared"] if shared else [])])
    try:
        wait_for(lambda: (out / settings).is_file(), 60, f"the run's {settings}")
        assert records(out) == {}, "a game was played before the file was deleted"
        shutil.rmtree(files)
        stdout, stderr = proc.communicate(timeout=240)
    finally:
        proc.kill()
    assert proc.returncode == 0, stderr
    assert not game.exists()
    # The run names the file by the path it no longer has; its records are the local run's,
    # each with the game's definition hash.
    assert where in (out / settings).read_text()
    assert re.search(r"^Ray: 4 games on 1 node", stdout, re.M), stdout
    games = records(out)
    assert len(games) == 4
    assert games == records(local)
    assert all('[Variant "ray-wagon"]\n[VariantHash "' in text for text in games.values())
