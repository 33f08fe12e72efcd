#!/usr/bin/env python3
"""The facts' invariant check over every test case: each location the
frontend records must hold the text the facts say is there (an introducer
starts with '[', a parameter list with '(', an annotation spells
'__host__'/'__device__' or a macro, ...; see xl_facts_verify).

For every .cu file under the given paths, run
  xlambda check --verify-facts --quiet FILE -- ARGS
with the ARGS of the case's first `%xlambda check ... -- ARGS` RUN line
(else -std=c++17, as test/plugin/facts_diff.py reads them). The case fails
when xlambda reports an internal error (a mismatch, exit 2); findings
(exit 1) are what the cases are for and do not matter here.

Exit status: 0 every case passed, 1 otherwise.
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys


def case_args(path):
    """The clang arguments of the case's first `xlambda check ... -- ARGS`
    RUN line, else -std=c++17."""
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'\s*//\s*RUN:.*%xlambda check\b(.*)$', line)
            if m and ' -- ' in m.group(1).split('|')[0]:
                cmd = m.group(1).split('|')[0]
                return shlex.split(cmd.split(' -- ', 1)[1])
    return ['-std=c++17']


def run_case(xlambda, path):
    cmd = [xlambda, 'check', '--verify-facts', '--quiet', '--no-progress',
           path, '--'] + case_args(path)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode in (0, 1) and 'internal error' not in proc.stderr:
        return path, None
    return path, 'exit %d: %s' % (proc.returncode, proc.stderr.strip()[-2000:])


def cases(paths):
    for p in paths:
        if os.path.isfile(p):
            yield p
            continue
        for dirpath, dirnames, filenames in os.walk(p):
            # Inputs are the files of .test cases, checked through them
            dirnames[:] = sorted(d for d in dirnames
                                 if d not in ('Inputs', 'Output'))
            for name in sorted(filenames):
                if name.endswith('.cu'):
                    yield os.path.join(dirpath, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('-j', type=int, default=os.cpu_count() or 2)
    ap.add_argument('paths', nargs='+')
    opts = ap.parse_args()
    files = list(cases(opts.paths))
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(opts.j) as pool:
        for path, err in pool.map(lambda p: run_case(opts.xlambda, p), files):
            if err:
                failed += 1
                print('FAIL %s\n%s' % (path, err))
    print('verify-facts: %d cases, %d failed' % (len(files), failed))
    return 1 if failed or not files else 0


if __name__ == '__main__':
    sys.exit(main())
