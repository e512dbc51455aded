#!/usr/bin/env python3
"""Soak of the relay on a shared PostgreSQL store (not in CI; see benches/README.md).

    python3 benches/soak.py --minutes 30 [--bin target/bench-fast/recruit]

Three listeners (`webhooks listen --store postgres://...`, fixed ports) share one PostgreSQL
server started for the run (Debian's initdb/pg_ctl, a Unix socket, fsync off as in the
tests). A sender posts signed events at --rate a second to one listener after another, trying
the next when one does not answer 200 (as the service retries). Meanwhile:

  * the app answers 503 during the first half of every minute and 200 during the second;
  * one listener (in turn) is killed with SIGKILL every --kill-every seconds and started again;
  * PostgreSQL is stopped with `-m immediate` (as a crash) and started every --pg-every seconds.

After --minutes the sender and the faults stop, the backlog drains, and the run reports: events
accepted (answered 200), lost (accepted, never taken by the app: must be 0), duplicates (taken
again after a first 200), first forwards out of stored order, and the longest pause: the
longest stretch of the app's up half-minutes with events waiting and none forwarded.
"""

import argparse
import hashlib
import hmac
import http.server
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

KEY = "whsec_soak"


def pg_bin():
    for d in os.environ.get("PATH", "").split(os.pathsep):
        if os.path.isfile(os.path.join(d, "initdb")):
            return d
    versions = sorted(
        (int(v), v) for v in os.listdir("/usr/lib/postgresql") if v.isdigit()
    )
    return os.path.join("/usr/lib/postgresql", versions[-1][1], "bin")


class Pg:
    def __init__(self, work):
        self.dir = work
        self.bin = pg_bin()
        self.root = os.geteuid() == 0
        if self.root:
            shutil.chown(work, "postgres", "postgres")
        self.data = os.path.join(work, "data")
        self.tool("initdb", "-D", self.data, "-U", "recruit", "--auth=trust", "-E", "UTF8",
                  "--locale=C.UTF-8", "-N")
        self.url = "postgres://recruit@%s/postgres" % work.replace("/", "%2F")
        self.start()

    def tool(self, name, *args):
        cmd = [os.path.join(self.bin, name), *args]
        if self.root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def start(self):
        self.tool("pg_ctl", "-D", self.data, "-o", "-k %s -c listen_addresses= -F" % self.dir,
                  "-l", os.path.join(self.dir, "log"), "-w", "-t", "60", "start")

    def crash(self):
        self.tool("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")


class App:
    """Answers 503 in the first half of every minute of the run, 200 in the second; records
    every 200 (seq, when)."""

    def __init__(self, start):
        self.start = start
        self.taken = []
        self.lock = threading.Lock()
        self.failing = True
        app = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", 0)))
                now = time.monotonic()
                if app.failing and (now - app.start) % 60 < 30:
                    self.send_response(503)
                    self.end_headers()
                    return
                seq = json.loads(body)["seq"]
                with app.lock:
                    app.taken.append((seq, now))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *a):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = "http://127.0.0.1:%d/hook" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def up_seconds(self, a, b):
        """The part of [a, b] when the app answered 200."""
        if not self.failing:
            return b - a
        total, t = 0.0, a
        while t < b:
            minute = self.start + ((t - self.start) // 60) * 60
            up_from, end = minute + 30, min(b, minute + 60)
            total += max(0.0, end - max(t, up_from))
            t = minute + 60
        return total


class Listeners:
    def __init__(self, args, work, store, app_url):
        self.args, self.work, self.store, self.app_url = args, work, store, app_url
        self.ports = [args.port + i for i in range(args.listeners)]
        self.procs = [None] * len(self.ports)
        self.home = os.path.join(work, "home")
        os.makedirs(self.home, exist_ok=True)
        for i in range(len(self.ports)):
            self.start(i)

    def start(self, i):
        log = open(os.path.join(self.work, "listener-%d.log" % i), "ab")
        env = dict(os.environ, HOME=self.home, XDG_CONFIG_HOME=self.home,
                   XDG_DATA_HOME=self.home, XDG_STATE_HOME=self.home, RUST_BACKTRACE="1")
        self.procs[i] = subprocess.Popen(
            [self.args.bin, "webhooks", "listen", "--port", str(self.ports[i]),
             "--signing-key", KEY, "--store", self.store, "--forward-to", self.app_url,
             "--lease", str(self.args.lease), "--retry-schedule", "1s,2s,5s", "-o", "ndjson"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log, env=env)

    def kill(self, i):
        self.procs[i].send_signal(signal.SIGKILL)
        self.procs[i].wait()
        self.start(i)

    def stop(self):
        for p in self.procs:
            p.send_signal(signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


def signed(body):
    t = str(int(time.time()))
    mac = hmac.new(KEY.encode(), t.encode() + b"." + body, hashlib.sha256).hexdigest()
    return "t=%s,v1=%s" % (t, mac)


def send(ports, seq, stop_at):
    """Post event `seq` until a listener answers 200: when it did, or None."""
    body = json.dumps({"action": "candidate_stage_changed", "seq": seq,
                       "candidate": {"code": "C%d" % seq}}).encode()
    for attempt in range(100000):
        port = ports[(seq + attempt) % len(ports)]
        req = urllib.request.Request(
            "http://127.0.0.1:%d/" % port, data=body, method="POST",
            headers={"content-type": "application/json",
                     "service-webhook-signature": signed(body)})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                if r.status == 200:
                    return time.monotonic()
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > stop_at:
            return None
        time.sleep(0.05)
    return None


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--minutes", type=float, default=30)
    p.add_argument("--bin", default=None, help="recruit binary (default: the newest build)")
    p.add_argument("--listeners", type=int, default=3)
    p.add_argument("--rate", type=float, default=20, help="events sent a second")
    p.add_argument("--kill-every", type=float, default=60)
    p.add_argument("--pg-every", type=float, default=300)
    p.add_argument("--lease", type=int, default=5)
    p.add_argument("--port", type=int, default=18461)
    args = p.parse_args()
    if args.bin is None:
        found = [b for b in ("target/bench-fast/recruit", "target/release/recruit",
                             "target/debug/recruit") if os.path.exists(b)]
        args.bin = max(found, key=os.path.getmtime)
    work = tempfile.mkdtemp(prefix="rsoak", dir="/tmp")
    # A copy: a build during the run must not change the listeners started again.
    shutil.copy(args.bin, os.path.join(work, "recruit"))
    args.bin = os.path.join(work, "recruit")
    os.chmod(work, 0o755)
    pg = Pg(work)
    start = time.monotonic()
    app = App(start)
    ls = Listeners(args, work, pg.url, app.url)
    time.sleep(1)
    end = start + args.minutes * 60
    accepted, kills, restarts = {}, 0, 0
    print("soak: %s, %g min, work dir %s" % (args.bin, args.minutes, work), file=sys.stderr)

    def sender():
        seq, t = 0, time.monotonic()
        while time.monotonic() < end:
            at = send(ls.ports, seq, end + 120)
            if at is not None:
                accepted[seq] = at
            seq += 1
            t += 1 / args.rate
            time.sleep(max(0.0, t - time.monotonic()))

    th = threading.Thread(target=sender)
    th.start()
    next_kill, next_pg = start + args.kill_every, start + args.pg_every
    while time.monotonic() < end:
        now = time.monotonic()
        if now >= next_kill:
            ls.kill(kills % len(ls.ports))
            kills += 1
            next_kill += args.kill_every
        if now >= next_pg:
            pg.crash()
            pg.start()
            restarts += 1
            next_pg += args.pg_every
        time.sleep(0.2)
    th.join()
    # The drain: no more faults; the app keeps its half-minute outages.
    drain_from = time.monotonic()
    while time.monotonic() - drain_from < 600:
        with app.lock:
            got = {s for s, _ in app.taken}
        if all(s in got for s in accepted):
            break
        time.sleep(1)
    drained = time.monotonic() - drain_from
    ls.stop()
    pg.crash()

    with app.lock:
        taken = sorted(app.taken, key=lambda x: x[1])
    first = {}
    for seq, at in taken:
        first.setdefault(seq, at)
    lost = [s for s in accepted if s not in first]
    dups = len(taken) - len(first)
    order = [s for s, _ in sorted(first.items(), key=lambda x: x[1])]
    out_of_order = sum(1 for a, b in zip(order, order[1:]) if b < a)
    # Longest pause: between two forwards taken, the app's up time, when the second one's
    # event had been accepted before the first was taken (it was waiting all along).
    pause = 0.0
    for (_, a), (s, b) in zip(taken, taken[1:]):
        if accepted.get(s, b) <= a:
            pause = max(pause, app.up_seconds(a, b))
    wait = max((app.up_seconds(accepted[s], first[s]) for s in accepted if s in first),
               default=0.0)
    result = {
        "minutes": args.minutes, "listeners": args.listeners, "rate": args.rate,
        "kills": kills, "pg_restarts": restarts, "accepted": len(accepted),
        "lost": len(lost), "duplicates": dups, "out_of_order": out_of_order,
        "longest_pause_s": round(pause, 2), "longest_wait_s": round(wait, 2),
        "drain_s": round(drained, 1),
    }
    print(json.dumps(result))
    print("| run | listeners | events accepted | listener kills | PostgreSQL crashes | lost | "
          "duplicates | out of order | longest pause | longest wait of one event |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print("| %g min at %g events/s | %d | %d | %d | %d | **%d** | %d | %d | %.1f s | %.1f s |"
          % (args.minutes, args.rate, args.listeners, len(accepted), kills, restarts,
             len(lost), dups, out_of_order, pause, wait))
    if lost:
        print("lost: %s" % lost[:50], file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
