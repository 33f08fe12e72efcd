#!/usr/bin/env python3
"""The facts' invariant check over every test case: each location the
frontend records must hold the text the facts say is there (an introducer
starts with '[', a parameter list with '(', an annotation spells
'__host__'/'__device__' or a macro, ...; see xl_facts_verify).

For every .cu file under the given paths, run
  xlambda check --verify-facts --format=json --quiet FILE -- ARGS
with the ARGS of the case's first `%xlambda check ... -- ARGS` RUN line
(else -std=c++17; lit's %S is the case's directory). The case fails when
xlambda reports an internal error (a mismatch, exit 2); findings (exit 1)
are what the cases are for and do not matter here.

--parse-diff (issue 20) also runs each case with `--parse=skip`, whose
facts must pass the same check and whose findings must equal the full
parse's, compared whole (rule, place, message, severity, ranges, notes and
fix-its). On every --sample-every'th case a third run, `--parse=skip
--dump-facts`, says whether the skip parse really ran (the facts'
"bodies_skipped"; a parse with errors falls back to the full one, by
design) and whether the device side was parsed with bodies skipped; the
summary counts them, and the test fails when fewer than --min-skipped of
the sampled cases went through the skip parse (the driver was not built,
or it fell back everywhere). One run of each mode serves both checks: the
suite may run under the sanitizers, where each parse costs seconds.

Exit status: 0 every case passed, 1 otherwise.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys


def case_args(path):
    """The clang arguments of the case's first `xlambda check ... -- ARGS`
    RUN line (lit's %S replaced by the case's directory, redirections
    left out), else -std=c++17."""
    here = os.path.dirname(os.path.abspath(path))
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'\s*//\s*RUN:.*%xlambda check\b(.*)$', line)
            if m and ' -- ' in m.group(1).split('|')[0]:
                cmd = m.group(1).split('|')[0]
                # a redirection ("2>&1") is the shell's, not clang's
                return [a.replace('%S', here)
                        for a in shlex.split(cmd.split(' -- ', 1)[1])
                        if not re.match(r'\d*[<>]', a)]
    return ['-std=c++17']


def checked(xlambda, path, args, mode):
    """The findings of one --verify-facts run in MODE, or (None, error)."""
    cmd = [xlambda, 'check', '--parse=' + mode, '--verify-facts',
           '--format=json', '--quiet', '--no-progress', path, '--'] + args
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode not in (0, 1) or 'internal error' in proc.stderr:
        return None, '%s: exit %d: %s' % (mode, proc.returncode,
                                          proc.stderr.strip()[-2000:])
    try:
        return json.loads(proc.stdout)['diagnostics'], None
    except (ValueError, KeyError) as e:
        return None, '%s: bad json (%s): %s' % (mode, e, proc.stdout[:500])


def skipped(xlambda, path, args):
    """Whether the skip parse ran on the host side, and whether it parsed
    the device side with bodies skipped (the facts' "bodies_skipped")."""
    cmd = [xlambda, 'check', '--parse=skip', '--dump-facts', '--quiet',
           '--no-progress', path, '--'] + args
    proc = subprocess.run(cmd, capture_output=True, text=True)
    try:
        facts = json.loads(proc.stdout[proc.stdout.index('{'):])
    except ValueError:
        return False, False
    device = facts.get('device') or {}
    return bool(facts.get('bodies_skipped')), bool(device.get('bodies_skipped'))


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return 'finding %d:\n  full: %s\n  skip: %s' % (
                i, json.dumps(x)[:600], json.dumps(y)[:600])
    return '%d findings (full) against %d (skip)' % (len(a), len(b))


def run_case(opts, path, sample):
    """(path, error or None, (sampled, skipped, device side skipped))."""
    args = case_args(path)
    full, err = checked(opts.xlambda, path, args, 'full')
    if err or not opts.parse_diff:
        return path, err, (False, False, False)
    skip, err = checked(opts.xlambda, path, args, 'skip')
    if err:
        return path, err, (False, False, False)
    if full != skip:
        return path, first_difference(full, skip), (False, False, False)
    if not sample:
        return path, None, (False, False, False)
    return path, None, (True,) + skipped(opts.xlambda, path, args)


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


def report(opts, n, failed, counts):
    print('verify-facts: %d cases, %d failed' % (n, failed))
    if not opts.parse_diff:
        return 0
    sampled, nskipped, ndevice = counts
    print('parse-diff: %d cases, findings of --parse=skip equal to '
          '--parse=full in %d; of %d sampled, %d parsed with bodies skipped '
          '(%d of them the device side too), %d fell back to the full '
          'parse (parse errors)' % (n, n - failed, sampled, nskipped, ndevice,
                                    sampled - nskipped))
    if nskipped < opts.min_skipped:
        print('parse-diff: fewer than %d sampled cases went through the '
              'skip parse' % opts.min_skipped)
        return 1
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('-j', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--parse-diff', action='store_true')
    ap.add_argument('--sample-every', type=int, default=1)
    ap.add_argument('--min-skipped', type=int, default=1)
    ap.add_argument('paths', nargs='+')
    opts = ap.parse_args()
    files = list(cases(opts.paths))
    failed = 0
    counts = [0, 0, 0]
    with concurrent.futures.ThreadPoolExecutor(opts.j) as pool:
        for path, err, skip in pool.map(
                lambda ip: run_case(opts, ip[1],
                                    ip[0] % opts.sample_every == 0),
                enumerate(files)):
            counts = [c + s for c, s in zip(counts, skip)]
            if err:
                failed += 1
                print('FAIL %s\n%s' % (path, err))
    rc = report(opts, len(files), failed, counts)
    return 1 if rc or failed or not files else 0


if __name__ == '__main__':
    sys.exit(main())
