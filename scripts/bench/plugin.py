#!/usr/bin/env python3
"""plugin.py: the cost of the xlambda clang plugin in a compile.

For each input file, run the same command with and without the plugin,

  clang++ -fsyntax-only -x cuda --cuda-gpu-arch=sm_90 -std=c++17 \\
          -isystem <cuda>/include/cccl FILE            (base)
  ... the same ... -fplugin=build/lib/xlambda-plugin.so \\
          -fplugin-arg-xlambda-time-report              (plugin)

alternating the two (base, plugin, base, plugin, ...) so that the machine's
load affects both alike, and print per file the median of each and their
ratio, for the CPU time of the compile (user + system of clang and its
jobs: the figure a busy build machine pays) and for the wall time. On a
shared machine those ratios carry the load's noise; the plugin also reports
the CPU time of its own work in each job (-fplugin-arg-xlambda-time-report),
whose median over the base compile is the overhead without that noise. The
plugin's findings do not change the work (diagnostics are written to
/dev/null); a compile that clang itself fails is marked, since the plugin
then parses the host side again (docs/plugin.md).

  scripts/bench/plugin.py [--runs 11] [--plugin P] [--clang C] [FILE.cu ...]

Default files: examples/*.cu and scripts/bench/lsp/thrust.cu.

Not a timed test: run it by hand on a quiet machine and copy the table into
docs/performance.md.
"""
import argparse
import glob
import os
import platform
import re
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


OWN = re.compile(r'^xlambda plugin: \w+ job: ([0-9.]+) ms CPU$', re.M)


def run(cmd):
    """(cpu seconds, wall seconds, the plugin's own CPU seconds, exit status)
    of one compile."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          text=True, errors='replace')
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    own = sum(float(m) for m in OWN.findall(proc.stderr)) / 1000.0
    return cpu, wall, own, proc.returncode


def bench(base, plugin, runs):
    times = {'base': [], 'plugin': []}
    rcs = set()
    run(base)  # warm the file cache
    run(plugin)
    for _ in range(runs):
        for name, cmd in (('base', base), ('plugin', plugin)):
            cpu, wall, own, rc = run(cmd)
            times[name].append((cpu, wall, own))
            rcs.add((name, rc))
    return times, rcs


def med(values, i):
    return statistics.median(v[i] for v in values)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--runs', type=int, default=11)
    ap.add_argument('--clang', default='/usr/lib/llvm-22/bin/clang++')
    ap.add_argument('--plugin', default=os.path.join(ROOT, 'build', 'lib',
                                                     'xlambda-plugin.so'))
    ap.add_argument('--cuda', default=os.environ.get('CUDA_PATH', '/usr/local/cuda'))
    ap.add_argument('files', nargs='*')
    opts = ap.parse_args()
    files = opts.files or sorted(glob.glob(os.path.join(ROOT, 'examples', '*.cu'))) + [
        os.path.join(HERE, 'lsp', 'thrust.cu')]
    common = [opts.clang, '-fsyntax-only', '-x', 'cuda', '--cuda-gpu-arch=sm_90',
              '-std=c++17', '-Wno-unknown-cuda-version',
              '-isystem', os.path.join(opts.cuda, 'include', 'cccl')]
    print('# %s, %s, %d CPUs, load %.1f; %d interleaved runs each, medians' % (
        time.strftime('%Y-%m-%d'), platform.processor() or platform.machine(),
        os.cpu_count(), os.getloadavg()[0], opts.runs))
    print('# base:   %s FILE' % ' '.join(common))
    print('# plugin: the same + -fplugin=%s -fplugin-arg-xlambda-time-report' % opts.plugin)
    print('| file | base CPU s | plugin CPU s | CPU ratio | base wall s | plugin wall s | wall ratio | plugin\'s own CPU ms | own / base CPU |')
    print('|---|---|---|---|---|---|---|---|---|')
    for f in files:
        base = common + [f]
        times, rcs = bench(base, common + ['-fplugin=' + opts.plugin,
                                           '-fplugin-arg-xlambda-time-report', f],
                           opts.runs)
        b_cpu, p_cpu = med(times['base'], 0), med(times['plugin'], 0)
        b_wall, p_wall = med(times['base'], 1), med(times['plugin'], 1)
        note = ' (clang fails)' if ('base', 0) not in rcs else ''
        own = med(times['plugin'], 2)
        print('| %s%s | %.3f | %.3f | %.3f | %.3f | %.3f | %.3f | %.1f | %.2f %% |' % (
            os.path.relpath(f, ROOT), note, b_cpu, p_cpu, p_cpu / b_cpu,
            b_wall, p_wall, p_wall / b_wall, own * 1000, 100 * own / b_cpu))
        sys.stdout.flush()
    return 0


if __name__ == '__main__':
    sys.exit(main())
