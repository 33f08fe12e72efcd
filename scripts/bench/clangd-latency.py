#!/usr/bin/env python3
"""clangd-latency.py: edit -> diagnostics latency of `xlambda clangd` against
clangd alone and `xlambda lsp` alone, on the same input and edits.

For each server (clangd alone, xlambda lsp alone, the two side by side as
two servers, the proxy in front of both): copy the input into a fresh directory with a compile_flags.txt that
both clangd and xlambda read, open it, wait for the first diagnostics of
each side (the cold parse, which builds the precompiled preamble), make a
few warm-up edits, then time RUNS one-line edits of the line marked
"// EDIT": each is a didChange (incremental, one line) followed by waiting
for the diagnostics of that version. For the proxy that means both sides':
each side's publication of a version makes the proxy publish once, so the
second publication of the version is the merged one holding both (the
latest of each side). Edits are spaced by --gap seconds so that none is
coalesced with the next. "pair" (clangd and xlambda lsp as two servers,
each sent every message, an edit done when both have published) does the
same work as the proxy on the same cores: the proxy's own cost is its
difference to "pair". The servers run one at a time (modes in turn,
--rounds times, to spread the machine's load evenly).

  scripts/bench/clangd-latency.py [--xlambda build/bin/xlambda]
      [--clangd /usr/lib/llvm-22/bin/clangd] [--runs 10] [--rounds 2]
      [--pin 0,1]
      [FILE.cu]                      (default: scripts/bench/lsp/thrust.cu)

--pin gives each server a core of its own (taskset: clangd on --pin's
first CPU, xlambda on its second, in every set-up, the proxy's clangd
child through a wrapper): on a machine with fewer free cores than
servers, the two parsers otherwise share cores, and clangd's adaptive
debounce (its last rebuild times) grows with its slower rebuilds, so the
side-by-side figures measure the sharing, not the proxy.

The proxy runs with --log=verbose into --proxy-log: it logs how long it
held each publication (from the frame read to the merged one written);
the summary gives their median and maximum, the proxy's own share of the
latency.

Not a timed test: run it by hand and copy the figures into
docs/performance.md.
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

import lsp_client

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FLAGS = ['-std=c++17', '-I/usr/local/cuda/include/cccl',
         '-Wno-unknown-cuda-version']


class Client(lsp_client.Client):
    def __init__(self, argv, cwd, log=None):
        super().__init__(argv, cwd, log)
        self.extra = 0  # publications of a version already counted

    def wait_publish(self, uri, version, count):
        """The diagnostics of the count-th publication of version."""
        seen = 0
        while True:
            m = self.read()
            if (m.get('method') == 'textDocument/publishDiagnostics' and
                    m['params']['uri'] == uri and
                    m['params'].get('version') == version):
                seen += 1
                if seen == count:
                    return m['params']['diagnostics']
            elif m.get('method') == 'textDocument/publishDiagnostics':
                self.extra += 1  # one more of an earlier version

    def close(self):
        self.request('shutdown', None)
        self.notify('exit', None)
        self.p.wait(timeout=60)


def session(args, mode, path):
    """Times (ms) of the edits of one server on a copy of path."""
    d = tempfile.mkdtemp(prefix='xl-bench-')
    try:
        src = os.path.join(d, os.path.basename(path))
        shutil.copy(path, src)
        with open(os.path.join(d, 'compile_flags.txt'), 'w') as f:
            f.write('\n'.join(FLAGS) + '\n')
        cpu_c, cpu_x = pins(args, d)
        clangd = cpu_c + [args.clangd, '--background-index=false']
        lsp = cpu_x + [args.xlambda, 'lsp']
        argv = {'clangd': clangd, 'pair': None, 'lsp': lsp,
                'proxy': cpu_x + [args.xlambda, 'clangd',
                                  '--clangd=' + pinned_clangd(args, d),
                                  '--log=verbose', '--',
                                  '--background-index=false']
                }[mode]
        if mode == 'pair':
            return edits(args, [Client(clangd, d), Client(lsp, d)], src, 1)
        count = 2 if mode == 'proxy' else 1
        return edits(args, [Client(argv, d, args.proxy_log if
                                   mode == 'proxy' else None)], src, count)
    finally:
        shutil.rmtree(d, ignore_errors=True)


def pins(args, d):
    """The taskset prefixes of clangd and xlambda (empty without --pin)."""
    if not args.pin:
        return [], []
    c, x = args.pin.split(',')
    return ['taskset', '-c', c], ['taskset', '-c', x]


def pinned_clangd(args, d):
    """The clangd the proxy starts: a wrapper onto clangd's core with --pin."""
    if not args.pin:
        return args.clangd
    path = os.path.join(d, 'clangd-pinned')
    with open(path, 'w') as f:
        f.write('#!/bin/sh\nexec taskset -c %s %s "$@"\n' %
                (args.pin.split(',')[0], args.clangd))
    os.chmod(path, 0o755)
    return path


def edits(args, cs, src, count):
    """Each of cs (servers side by side) gets every message; an edit is
    done when all have published its version."""
    text = open(src, encoding='utf-8').read()
    lines = text.split('\n')
    edit_line = next(i for i, l in enumerate(lines) if '// EDIT' in l)
    uri = 'file://' + src

    def to_all(method, params):
        for c in cs:
            c.notify(method, params)

    def publications(version):
        return sum((c.wait_publish(uri, version, count) for c in cs), [])

    for c in cs:
        c.request('initialize', {'capabilities': {}})
        c.read()
    to_all('initialized', {})
    t0 = time.perf_counter()
    to_all('textDocument/didOpen', {'textDocument': {
        'uri': uri, 'languageId': 'cuda-cpp', 'version': 1, 'text': text}})
    found = publications(1)
    cold = (time.perf_counter() - t0) * 1000
    times = []
    for i in range(args.warmup + args.runs):
        version = i + 2
        old = lines[edit_line]
        lines[edit_line] = '  int edited = %d; // EDIT' % version
        time.sleep(args.gap)
        t0 = time.perf_counter()
        to_all('textDocument/didChange', {
            'textDocument': {'uri': uri, 'version': version},
            'contentChanges': [{'range': {
                'start': {'line': edit_line, 'character': 0},
                'end': {'line': edit_line, 'character': len(old)}},
                'text': lines[edit_line]}]})
        got = publications(version)
        if i >= args.warmup:
            times.append((time.perf_counter() - t0) * 1000)
        if len(got) != len(found):
            sys.exit('%d diagnostics after an edit, %d before' %
                     (len(got), len(found)))
    for c in cs:
        c.close()
        if c.extra:
            sys.exit('%d publications more than %d per version: the timing '
                     'would not be of the merged ones' % (c.extra, count))
    return cold, len(found), times


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xlambda', default=os.path.join(ROOT, 'build', 'bin',
                                                      'xlambda'))
    ap.add_argument('--clangd', default='/usr/lib/llvm-22/bin/clangd')
    ap.add_argument('--runs', type=int, default=10)
    ap.add_argument('--warmup', type=int, default=3)
    ap.add_argument('--rounds', type=int, default=2)
    ap.add_argument('--gap', type=float, default=0.5)
    ap.add_argument('--pin', metavar='CPU,CPU',
                    help='clangd on the first CPU, xlambda on the second')
    ap.add_argument('--proxy-log', default=os.path.join(
        tempfile.gettempdir(), 'xl-clangd-bench.log'),
        help="the proxy's verbose log (default: TMPDIR/xl-clangd-bench.log)")
    ap.add_argument('file', nargs='?',
                    default=os.path.join(HERE, 'lsp', 'thrust.cu'))
    args = ap.parse_args()
    modes = ('clangd', 'lsp', 'pair', 'proxy')
    open(args.proxy_log, 'w').close()
    all_times = {m: [] for m in modes}
    for r in range(args.rounds):
        for m in modes:
            cold, n, times = session(args, m, args.file)
            all_times[m] += times
            print('round %d %-6s diagnostics=%d cold=%6.0f ms edit median=%5.0f'
                  ' ms' % (r + 1, m, n, cold, statistics.median(times)),
                  flush=True)
    for m in modes:
        ms = sorted(all_times[m])
        p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
        print('%-6s edit: median=%5.0f ms p90=%5.0f min=%5.0f max=%5.0f (n=%d)'
              % (m, statistics.median(ms), p90, ms[0], ms[-1], len(ms)))
    slower = max(statistics.median(all_times['clangd']),
                 statistics.median(all_times['lsp']))
    print('proxy median - slower alone median = %+.0f ms' %
          (statistics.median(all_times['proxy']) - slower))
    print('proxy median - pair median = %+.0f ms' %
          (statistics.median(all_times['proxy']) -
           statistics.median(all_times['pair'])))
    held = sorted(float(l.split(' in ')[1].split()[0])
                  for l in open(args.proxy_log)
                  if 'publication passed on in' in l)
    if held:
        print('the proxy held each publication (parse, merge, write): '
              'median=%.3f ms max=%.3f ms (n=%d)' %
              (statistics.median(held), held[-1], len(held)))


if __name__ == '__main__':
    main()
