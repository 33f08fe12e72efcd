#!/usr/bin/env python3
"""SIGKILL `xlambda check --fix` at random points; no edit may be lost.

    fix-kill.py --xlambda BIN --dir DIR [--files N] [--lambdas M] [--runs R]

Generates N small CUDA files with M fixable findings each (reference
captures; `-nocudainc` and the attribute macros written out keep each parse
to milliseconds, so the run is dominated by the fix phase), then:

1. fixes a copy completely: the reference; fixing it again must change
   nothing (the fixes are idempotent);
2. R times: restores the originals, starts `xlambda check --fix`, waits until
   the first file is replaced (its inode, time or size changes) and kills
   the process with SIGKILL after a random delay within the observed write
   phase (one run in five is killed at a random time before the first
   write instead); then every file must be, byte for byte, the original or
   the fully fixed version. Temporary files (`*.xlambda-XXXXXX`) a kill may
   leave are counted and removed. Every tenth run, a full `--fix`
   afterwards must bring every file to the fixed version.

Prints one summary line and exits 1 on the first violation, or when fewer
than a fifth of the runs were killed while files were being written (the
test would then not test what it claims).
"""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import time

HEADER = """#define __device__ __attribute__((device))
"""


def source(index, lambdas):
    body = [HEADER, 'void f%d(int *p) {' % index]
    for k in range(lambdas):
        body.append('  int x%d = %d;' % (k, k))
        body.append('  auto l%d = [&x%d, p] __device__ (int i) '
                    '{ p[i] = x%d; };' % (k, k, k))
        body.append('  (void)l%d;' % k)
    body.append('}')
    return ('\n'.join(body) + '\n').encode()


def command(args, files):
    return [args.xlambda, 'check', '--fix', '--quiet', '-j%d' % args.jobs] + \
        files + ['--', '-nocudainc']


def restore(work, originals):
    for name, data in originals.items():
        path = os.path.join(work, name)
        with open(path + '.tmp', 'wb') as f:
            f.write(data)
        os.replace(path + '.tmp', path)
    for name in os.listdir(work):
        if name not in originals:
            os.unlink(os.path.join(work, name))


def inodes(work, names):
    out = {}
    for n in names:
        try:
            st = os.stat(os.path.join(work, n))
            out[n] = (st.st_ino, st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            out[n] = None
    return out


def fail(msg):
    print('fix-kill: FAIL: ' + msg)
    sys.exit(1)


def reference(args, ref, originals):
    restore(ref, originals)
    files = [os.path.join(ref, n) for n in sorted(originals)]
    r = subprocess.run(command(args, files), capture_output=True, text=True)
    fixed = {}
    for n in originals:
        with open(os.path.join(ref, n), 'rb') as f:
            fixed[n] = f.read()
        if fixed[n] == originals[n]:
            fail('the reference run did not fix %s (exit %d): %s' %
                 (n, r.returncode, r.stderr))
    # Fixing the fixed files changes nothing, byte for byte.
    r2 = subprocess.run(command(args, files), capture_output=True, text=True)
    for n in originals:
        with open(os.path.join(ref, n), 'rb') as f:
            if f.read() != fixed[n]:
                fail('a second --fix changed %s' % n)
    if r2.returncode != 0:
        fail('a second --fix exited %d: %s' % (r2.returncode, r2.stderr))
    return fixed


def measure(args, work, originals):
    """Seconds from start to the first replaced file and to the last."""
    names = sorted(originals)
    restore(work, originals)
    before = inodes(work, names)
    start = time.monotonic()
    p = subprocess.Popen(command(args, [os.path.join(work, n) for n in names]),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    first = last = None
    while p.poll() is None:
        now = inodes(work, names)
        changed = sum(1 for n in names if now[n] != before[n])
        t = time.monotonic() - start
        if changed and first is None:
            first = t
        if changed == len(names):
            last = t
            break
        time.sleep(0.001)
    p.wait()
    t = time.monotonic() - start
    return first if first is not None else t, last if last is not None else t


def kill_run(args, work, originals, rng, early, window):
    names = sorted(originals)
    restore(work, originals)
    before = inodes(work, names)
    p = subprocess.Popen(command(args, [os.path.join(work, n) for n in names]),
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if early is not None:
        time.sleep(rng.uniform(0, early))
    else:
        while p.poll() is None:
            now = inodes(work, names)
            if any(now[n] != before[n] for n in names):
                break
            time.sleep(0.001)
        time.sleep(rng.uniform(0, window))
    if p.poll() is None:
        p.send_signal(signal.SIGKILL)
    p.wait()


def classify(work, originals, fixed):
    done = 0
    for n in sorted(originals):
        with open(os.path.join(work, n), 'rb') as f:
            data = f.read()
        if data == fixed[n]:
            done += 1
        elif data != originals[n]:
            fail('%s is neither the original nor the fixed version' % n)
    temps = [n for n in os.listdir(work) if '.xlambda-' in n]
    return done, len(temps)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('--dir', required=True)
    ap.add_argument('--files', type=int, default=20)
    ap.add_argument('--lambdas', type=int, default=30)
    ap.add_argument('--runs', type=int, default=50)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--seed', type=int, default=9)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    ref, work = os.path.join(args.dir, 'ref'), os.path.join(args.dir, 'work')
    shutil.rmtree(args.dir, ignore_errors=True)
    os.makedirs(ref)
    os.makedirs(work)
    originals = {'k%03d.cu' % i: source(i, args.lambdas)
                 for i in range(args.files)}
    fixed = reference(args, ref, originals)
    first, last = measure(args, work, originals)
    window = max(last - first, 0.01) * 1.2
    counts = {'before': 0, 'during': 0, 'after': 0}
    temps = 0
    for run in range(args.runs):
        early = first if run % 5 == 4 else None
        kill_run(args, work, originals, rng, early, window)
        done, left = classify(work, originals, fixed)
        temps += left
        state = 'before' if done == 0 else \
            'after' if done == len(originals) else 'during'
        counts[state] += 1
        if run % 10 == 0:
            for n in os.listdir(work):
                if '.xlambda-' in n:
                    os.unlink(os.path.join(work, n))
            subprocess.run(command(args, [os.path.join(work, n)
                                          for n in sorted(originals)]),
                           capture_output=True)
            if classify(work, originals, fixed)[0] != len(originals):
                fail('a --fix after a killed one did not finish the fixes')
    print('fix-kill: %d runs, %d files x %d fixes; killed before any file '
          'was replaced: %d, while replacing: %d, after the last: %d; '
          'temporary files left: %d; write phase %.2f s after %.2f s; every '
          'file was the original or the fixed version' %
          (args.runs, args.files, args.lambdas, counts['before'],
           counts['during'], counts['after'], temps, last - first, first))
    if counts['during'] * 5 < args.runs:
        fail('too few runs were killed while files were being replaced')
    return 0


if __name__ == '__main__':
    sys.exit(main())
