#!/usr/bin/env python3
"""shared-pch.py: would a precompiled header shared across units pay?
(issue 20's optional "across units" item; a measurement, not a feature).

  shared-pch.py --prefix HEADER --units LIST [--clang CLANG] -- CLANG-ARGS

HEADER holds the #include lines the units have in common (for Kokkos'
unit tests: <TestCuda_Category.hpp> then <Kokkos_Core.hpp>); LIST names
one unit a line. The script builds a PCH of HEADER once with CLANG-ARGS
(`-c HEADER -Xclang -emit-pch`), then parses each unit with
`clang++ -fsyntax-only CLANG-ARGS` without and with `-include-pch`, one
after the other, and prints CPU seconds (user + system) and peak RSS of
each, the sums, and the ratio with the PCH's own cost counted once.

It measures clang's bare host parse, not xlambda: a unit whose text does
not start with HEADER's includes (in that order, with no macro defined
before them) would parse differently with the PCH, which this script does
not check; that check, the skip parse's decisions inside the PCH and a walk
that does not deserialize the whole PCH are what building it would need.
"""
import argparse
import os
import sys
import tempfile

from bench import LLVM, load, measure  # bench.py beside this script


def timed(cmd):
    """(CPU seconds, peak RSS MiB, exit status) of one child process."""
    m = measure(cmd)
    return m['cpu'], m['rss'], m['rc']


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--prefix', required=True)
    ap.add_argument('--units', required=True)
    ap.add_argument('--clang', default=LLVM + '/bin/clang++')
    ap.add_argument('args', nargs=argparse.REMAINDER)
    o = ap.parse_args()
    args = o.args[1:] if o.args[:1] == ['--'] else o.args
    units = [l.strip() for l in open(o.units) if l.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        pch = os.path.join(tmp, 'prefix.pch')
        build, build_rss, rc = timed([o.clang] + args + [
            '-c', o.prefix, '-Xclang', '-emit-pch', '-o', pch])
        if rc != 0:
            sys.exit('shared-pch.py: clang could not build the PCH of %s' %
                     o.prefix)
        print('PCH of %s: %.2f s CPU, %.0f MiB, %.1f MiB on disk' % (
            o.prefix, build, build_rss, os.path.getsize(pch) / 2**20))
        print('| unit | plain CPU | with PCH CPU | ratio | plain RSS MiB '
              '| with PCH RSS MiB |')
        print('|---|---|---|---|---|---|')
        plain = shared = 0.0
        for u in units:
            a, ra, rca = timed([o.clang, '-fsyntax-only'] + args + [u])
            b, rb, rcb = timed([o.clang, '-fsyntax-only'] + args +
                               ['-include-pch', pch, u])
            if rca != 0 or rcb != 0:
                print('| %s | exit %d | exit %d | | | |' % (
                    os.path.basename(u), rca, rcb))
                continue
            plain, shared = plain + a, shared + b
            print('| %s | %.2f | %.2f | %.2f | %.0f | %.0f |' % (
                os.path.basename(u), a, b, b / a, ra, rb))
    if plain:
        print('sums: plain %.1f s, with PCH %.1f s (%.3fx), with the PCH '
              'built once %.1f s (%.3fx)' % (plain, shared, shared / plain,
                                             shared + build,
                                             (shared + build) / plain))
    print('load: %s' % load())


if __name__ == '__main__':
    main()
