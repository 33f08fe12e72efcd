#!/usr/bin/env python3
"""The differential test: the clang plugin and the libclang frontend must
extract the same facts.

For every test case (a .cu file under the given paths), run

  xlambda check --parse=full --dump-facts FILE -- ARGS
  clang++ -fsyntax-only -x cuda ARGS -fplugin=PLUGIN \\
          -fplugin-arg-xlambda-dump-facts=OUT FILE

and compare the two JSON documents field by field. ARGS are the arguments
the case's first `%xlambda check ... -- ARGS` RUN line gives (else
-std=c++17). clang also gets what the CLI adds by itself for the CUDA 13
toolkit: -isystem <cuda>/include/cccl, and --cuda-gpu-arch=sm_75 (the
architecture the CLI parses the device side for) when ARGS name none.

Every difference fails the test unless the allow-list (allowlist.txt beside
this script) covers it. Each allow-list line is

  FILE-GLOB  JSON-PATH-REGEX  reason

and a difference is covered when the case's path (relative to the test
root) matches FILE-GLOB and the difference's path (e.g. `lambdas[3].flags`)
matches JSON-PATH-REGEX from its start. A path of `*` covers a case whose
facts could not be produced at all. An entry that covers nothing is
reported too, so that the list cannot go stale.

Exit status: 0 no uncovered difference, 1 otherwise.
"""
import argparse
import concurrent.futures
import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile


def lit_subst(arg, path):
    """arg with lit's %S and %p (the case's directory) and %s (the case)
    replaced, as lit replaces them in the RUN line: without it an
    `-I %S/Inputs` names no directory and both sides fail to include."""
    here = os.path.dirname(os.path.abspath(path))
    return (arg.replace('%S', here).replace('%p', here)
            .replace('%s', os.path.abspath(path)))


def case_args(path):
    """The clang arguments of the case's first `xlambda check ... -- ARGS`
    RUN line, redirections left out; None when its only checks go through
    a compile database (an nvcc command); -std=c++17 when it has no such
    line."""
    database = False
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'\s*//\s*RUN:.*%xlambda check\b(.*)$', line)
            if not m:
                continue
            cmd = m.group(1).split('|')[0]
            if ' -- ' in cmd:
                # a redirection ("2>&1") is the shell's, not clang's
                return [lit_subst(a, path)
                        for a in shlex.split(cmd.split(' -- ', 1)[1])
                        if not re.match(r'\d*[<>]', a)]
            database = True
    return None if database else ['-std=c++17']


def cli_facts(xlambda, path, args):
    # --parse=full: the plugin, inside clang, sees every body, as the
    # libclang frontend does (the default skip parse is compared with that
    # one by ctest -L parse-diff)
    proc = subprocess.run([xlambda, 'check', '--parse=full', '--dump-facts',
                           path, '--'] + args, capture_output=True, text=True)
    try:
        return json.loads(proc.stdout), None
    except ValueError:
        return None, 'xlambda exited %d: %s' % (proc.returncode,
                                                proc.stderr.strip()[-500:])


def plugin_facts(clang, plugin, cuda, path, args, tmp):
    """The plugin's facts; when clang's device compilation rejects the file
    (the host job, where the plugin reports, then never runs), the facts of
    a --cuda-host-only compile, said in the result."""
    facts, err = plugin_run(clang, plugin, cuda, path, args, tmp)
    if facts is not None:
        return facts, None, False
    facts, err2 = plugin_run(clang, plugin, cuda, path,
                             ['--cuda-host-only'] + args, tmp)
    if facts is not None:
        return facts, None, True
    return None, err, False


def plugin_run(clang, plugin, cuda, path, args, tmp):
    out = os.path.join(tmp, 'facts.json')
    if os.path.exists(out):
        os.unlink(out)
    arch = [] if any(a.startswith(('--cuda-gpu-arch', '--offload-arch'))
                     for a in args) else ['--cuda-gpu-arch=sm_75']
    cmd = [clang, '-fsyntax-only', '-x', 'cuda', '-Wno-unknown-cuda-version',
           '-isystem', os.path.join(cuda, 'include', 'cccl')] + arch + args + [
           '-fplugin=' + plugin, '-fplugin-arg-xlambda-dump-facts=' + out, path]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if not os.path.exists(out):
        return None, 'no facts from clang (exit %d): %s' % (
            proc.returncode, proc.stderr.strip()[-500:])
    with open(out) as f:
        return json.load(f), None


LOC = re.compile(r'^(/[^:]*)(:\d+:\d+.*)$')


def same_place(a, b):
    """Two "FILE:LINE:COL" strings naming the same file on disk: libclang
    spells GCC's headers "/../lib/gcc/..." where clang has "/usr/lib/gcc/..."
    (the same file through the /lib -> usr/lib link)."""
    ma, mb = LOC.match(a), LOC.match(b)
    return bool(ma and mb and ma.group(2) == mb.group(2) and
                os.path.realpath(ma.group(1)) == os.path.realpath(mb.group(1)))


def differences(a, b, path=''):
    """Paths where two JSON values differ (lists index by position)."""
    if isinstance(a, str) and isinstance(b, str) and a != b and \
            same_place(a, b):
        return []
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for k in sorted(set(a) | set(b)):
            sub = '%s.%s' % (path, k) if path else k
            if k not in a or k not in b:
                out.append((sub, a.get(k, '<absent>'), b.get(k, '<absent>')))
            else:
                out += differences(a[k], b[k], sub)
        return out
    if isinstance(a, list) and isinstance(b, list):
        out = []
        for i in range(max(len(a), len(b))):
            sub = '%s[%d]' % (path, i)
            if i >= len(a) or i >= len(b):
                out.append((sub, a[i] if i < len(a) else '<absent>',
                            b[i] if i < len(b) else '<absent>'))
            else:
                out += differences(a[i], b[i], sub)
        return out
    return [] if a == b else [(path, a, b)]


def load_allowlist(path):
    entries = []
    if not os.path.exists(path):
        return entries
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = line.split(None, 2)
            if len(parts) < 3:
                sys.exit('%s:%d: expected FILE-GLOB JSON-PATH-REGEX reason'
                         % (path, n))
            entries.append({'file': parts[0], 'path': parts[1],
                            'reason': parts[2], 'line': n, 'used': 0})
    return entries


def covered(entries, case, diff_path):
    for e in entries:
        if not fnmatch.fnmatch(case, e['file']):
            continue
        if e['path'] == '*' if diff_path == '*' else \
                (e['path'] != '*' and re.match(e['path'], diff_path)):
            e['used'] += 1
            return e
    return None


def run_case(opts, path):
    args = case_args(path)
    if args is None:
        return path, None, 'an nvcc compile-database case (CLI only)'
    with tempfile.TemporaryDirectory(prefix='xl-facts-') as tmp:
        a, err = cli_facts(opts.xlambda, path, args)
        if err:
            return path, [('*', err, None)], None
        b, err, host_only = plugin_facts(opts.clang, opts.plugin, opts.cuda,
                                         path, args, tmp)
        if err:
            return path, [('*', None, err)], None
    return path, differences(a, b), 'host-only' if host_only else None


def collect(paths):
    for p in paths:
        if os.path.isdir(p):
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames[:] = sorted(d for d in dirnames
                                     if d not in ('Inputs', 'Output'))
                for name in sorted(filenames):
                    if name.endswith('.cu'):
                        yield os.path.join(dirpath, name)
        else:
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('--plugin', required=True)
    ap.add_argument('--clang', default='/usr/lib/llvm-22/bin/clang++')
    ap.add_argument('--cuda', default='/usr/local/cuda')
    ap.add_argument('--root', default=os.getcwd(),
                    help='test root the allow-list globs are relative to')
    ap.add_argument('--allowlist', default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), 'allowlist.txt'))
    ap.add_argument('-j', type=int, default=os.cpu_count() or 2)
    ap.add_argument('-v', action='store_true', help='print covered ones too')
    ap.add_argument('paths', nargs='+')
    opts = ap.parse_args()
    entries = load_allowlist(opts.allowlist)
    cases = sorted(set(os.path.abspath(p) for p in collect(opts.paths)))
    failed = same = skipped = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.j) as pool:
        for path, diffs, skip in pool.map(lambda p: run_case(opts, p), cases):
            rel = os.path.relpath(path, opts.root)
            note = ''
            if skip == 'host-only':
                skip, note = None, ' (--cuda-host-only: clang rejects the device side)'
            if skip:
                skipped += 1
                print('SKIP: %s (%s)' % (rel, skip))
                continue
            bad = []
            for d in diffs:
                e = covered(entries, rel, d[0])
                if not e:
                    bad.append(d)
                elif opts.v:
                    print('  allowed %s %s (%s)' % (rel, d[0], e['reason']))
            if bad:
                failed += 1
                print('FAIL: %s%s: %d difference(s)' % (rel, note, len(bad)))
                for p, x, y in bad[:20]:
                    print('  %s: cli=%s plugin=%s' % (
                        p, json.dumps(x)[:200], json.dumps(y)[:200]))
            else:
                same += 1
                print('PASS: %s%s%s' % (rel, note, ' (%d allowed)' % len(diffs)
                                        if diffs else ''))
    for e in entries:
        if not e['used']:
            failed += 1
            print('FAIL: allow-list line %d covers nothing: %s %s'
                  % (e['line'], e['file'], e['path']))
    print('%d same, %d different, %d skipped' % (same, failed, skipped))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
