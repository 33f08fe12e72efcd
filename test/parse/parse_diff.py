#!/usr/bin/env python3
"""The skip parse against the full one (issue 20): for every .cu file under
the given paths (the rule cases, the seeds, the frontend cases and the
examples), `xlambda check --parse=skip` must report exactly what
`--parse=full` reports: the same findings (rule, file, line, column,
offset, message, severity), with the same ranges, notes and fix-its
(`--format=json`, compared whole).

Each case is checked with the ARGS of its first `%xlambda check ... -- ARGS`
RUN line (else -std=c++17, as test/facts/verify_facts.py reads them; %S is
the case's directory). A
third run, `--parse=skip --dump-facts`, says whether the skip parse really
ran (the facts' "bodies_skipped"; a parse with errors falls back to the
full one, by design) and whether it parsed the device side with bodies
skipped (the device facts' "bodies_skipped"): the summary counts them, and
with --min-skipped N the test fails when fewer than N cases went through
the skip parse (the driver was not built, or it fell back everywhere).

Exit status: 0 no difference, 1 a difference (or too few skipped).
"""
import argparse
import concurrent.futures
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'facts'))
import verify_facts  # noqa: E402  (case_args, cases)


def findings(xlambda, path, args, mode):
    cmd = [xlambda, 'check', '--parse=' + mode, '--format=json', '--quiet',
           '--no-progress', path, '--'] + args
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        return None, 'exit %d: %s' % (proc.returncode, proc.stderr[-1500:])
    try:
        return json.loads(proc.stdout)['diagnostics'], None
    except (ValueError, KeyError) as e:
        return None, 'bad json (%s): %s' % (e, proc.stdout[:500])


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


def case_args(path):
    """verify_facts.case_args, with lit's %S (the case's directory)."""
    here = os.path.dirname(os.path.abspath(path))
    return [a.replace('%S', here) for a in verify_facts.case_args(path)]


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return 'finding %d:\n  full: %s\n  skip: %s' % (
                i, json.dumps(x)[:600], json.dumps(y)[:600])
    return '%d findings (full) against %d (skip)' % (len(a), len(b))


def run_case(xlambda, path):
    args = case_args(path)
    full, err = findings(xlambda, path, args, 'full')
    if err:
        return path, 'full: ' + err, (False, False)
    skip, err = findings(xlambda, path, args, 'skip')
    if err:
        return path, 'skip: ' + err, (False, False)
    if full != skip:
        return path, first_difference(full, skip), (False, False)
    return path, None, skipped(xlambda, path, args)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('-j', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--min-skipped', type=int, default=1)
    ap.add_argument('paths', nargs='+')
    opts = ap.parse_args()
    files = list(verify_facts.cases(opts.paths))
    failed = nskipped = ndevice = 0
    with concurrent.futures.ThreadPoolExecutor(opts.j) as pool:
        for path, err, skip in pool.map(
                lambda p: run_case(opts.xlambda, p), files):
            nskipped += skip[0]
            ndevice += skip[1]
            if err:
                failed += 1
                print('DIFF %s\n%s' % (path, err))
    print('parse-diff: %d cases, %d differ, %d parsed with bodies skipped '
          '(%d of them parsed the device side with bodies skipped), '
          '%d fell back to the full parse (parse errors)'
          % (len(files), failed, nskipped, ndevice,
             len(files) - failed - nskipped))
    if nskipped < opts.min_skipped:
        print('parse-diff: fewer than %d cases went through the skip parse'
              % opts.min_skipped)
        return 1
    return 1 if failed or not files else 0


if __name__ == '__main__':
    sys.exit(main())
