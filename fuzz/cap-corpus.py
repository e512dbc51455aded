#!/usr/bin/env python3
"""Cap a fuzz corpus for checking in: the fewest inputs (at most LIMIT) that cover the most
coverage edges, plus the hand-written seeds (the files whose names are not 40-hex hashes).

Run from fuzz/ after `cargo fuzz build --sanitizer none TARGET` (and, usually, after
`cargo fuzz cmin --sanitizer none TARGET`):

    python3 cap-corpus.py TARGET [LIMIT]     # LIMIT defaults to 190

It asks libFuzzer for every input's edges (a -merge run with -merge_control_file and counters
off), picks inputs greedily by new edges covered (smaller first on ties), and replaces
corpus/TARGET with them. It prints how many of the corpus's edges the kept inputs cover.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HASH = re.compile(r"^[0-9a-f]{40}$")


def main() -> None:
    target = sys.argv[1]
    limit = int(sys.argv[2]) if len(sys.argv) > 2 else 190
    binary = f"target/x86_64-unknown-linux-gnu/release/{target}"
    corpus = f"corpus/{target}"
    with tempfile.TemporaryDirectory() as tmp:
        control = os.path.join(tmp, "control")
        empty = os.path.join(tmp, "merged")
        os.mkdir(empty)
        subprocess.run(
            [binary, "-merge=1", "-use_counters=0", "-use_value_profile=0",
             f"-merge_control_file={control}", empty, corpus],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        lines = open(control).read().split("\n")
        n = int(lines[0])
        files = lines[2:2 + n]
        edges = {}
        for line in lines[2 + n:]:
            parts = line.split()
            if parts and parts[0] == "COV":
                edges[int(parts[1])] = set(map(int, parts[2:]))
        every = set().union(*edges.values()) if edges else set()

        seeds = [f for f in files if not HASH.match(os.path.basename(f))]
        covered = set()
        for i, f in enumerate(files):
            if f in seeds:
                covered |= edges.get(i, set())
        chosen = []
        while len(chosen) < limit:
            best, gain = None, 0
            for i, e in edges.items():
                g = len(e - covered)
                if g > gain or (g and g == gain and
                                os.path.getsize(files[i]) < os.path.getsize(files[best])):
                    best, gain = i, g
            if not gain:
                break
            chosen.append(files[best])
            covered |= edges[best]

        keep = os.path.join(tmp, "keep")
        os.mkdir(keep)
        for f in seeds + chosen:
            shutil.copy(f, keep)
        shutil.rmtree(corpus)
        shutil.copytree(keep, corpus)
    print(f"{target}: kept {len(seeds)} seeds + {len(chosen)} inputs, "
          f"covering {len(covered)} of {len(every)} edges")


if __name__ == "__main__":
    main()
