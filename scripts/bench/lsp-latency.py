#!/usr/bin/env python3
"""lsp-latency.py: time from didChange to publishDiagnostics in `xlambda lsp`.

For each input file: start the server, open the file, wait for the first
publishDiagnostics (the cold parse, which builds the precompiled preamble),
make a few warm-up edits, then time RUNS one-line edits of the line marked
"// EDIT" in the main file: each is a didChange (incremental, one line)
followed by waiting for the publishDiagnostics of that version. Edits are
spaced by --gap seconds so that none is coalesced with the next. Prints one
line per file: cold time, then median / p90 / min / max of the edits.

  scripts/bench/lsp-latency.py [--xlambda build/bin/xlambda] [--runs 20]
      [--server-arg=--parse-header-bodies ...] [--also OTHER.cu ...]
      [FILE.cu ...]

--also opens OTHER.cu (repeatable) before FILE.cu, each waited for, and
keeps them open while FILE.cu is edited: the server's peak memory with
several documents open.

XL_BENCH_LOG=FILE keeps the server's log (add --server-arg=--log=verbose
for the time each check took inside the server).

Not a timed test: run it by hand on a quiet machine and copy the figures
into docs/performance.md.
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

import lsp_client

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


class Client(lsp_client.Client):
    def __init__(self, argv):
        # the server's stderr
        super().__init__(argv, log=os.environ.get('XL_BENCH_LOG'))

    def wait_publish(self, uri, version):
        while True:
            m = self.read()
            if (m.get('method') == 'textDocument/publishDiagnostics' and
                    m['params']['uri'] == uri and
                    m['params'].get('version') == version):
                return m['params']['diagnostics']

    def close(self):
        self.request('shutdown', None)
        self.notify('exit', None)
        self.p.wait(timeout=60)


def peak_rss(pid):
    """The server's peak resident memory (VmHWM), as text."""
    try:
        with open('/proc/%d/status' % pid) as f:
            for line in f:
                if line.startswith('VmHWM:'):
                    return '%.0f MiB' % (int(line.split()[1]) / 1024.0)
    except OSError:
        pass
    return '?'


def did_open(c, uri, text):
    """Open uri with text (version 1) in the server."""
    c.notify('textDocument/didOpen', {'textDocument': {
        'uri': uri, 'languageId': 'cuda-cpp', 'version': 1, 'text': text}})


def open_others(c, paths):
    """Open each of paths in the server and wait for its diagnostics."""
    for p in paths:
        uri = 'file://' + os.path.abspath(p)
        did_open(c, uri, open(p, encoding='utf-8').read())
        c.wait_publish(uri, 1)


def bench(args, path):
    text = open(path, encoding='utf-8').read()
    lines = text.split('\n')
    edit_line = next(i for i, l in enumerate(lines) if '// EDIT' in l)
    uri = 'file://' + os.path.abspath(path)
    with tempfile.TemporaryDirectory() as nodb:
        c = Client([args.xlambda, 'lsp', '--compile-commands-dir=' + nodb] +
                   args.server_arg)
        c.request('initialize', {'capabilities': {}})
        c.read()
        c.notify('initialized', {})
        open_others(c, args.also)
        t0 = time.perf_counter()
        did_open(c, uri, text)
        found = c.wait_publish(uri, 1)
        cold = time.perf_counter() - t0
        times = []
        version = 1
        for i in range(args.warmup + args.runs):
            version += 1
            old = lines[edit_line]
            new = '  int edited = %d; // EDIT' % version
            lines[edit_line] = new
            change = {'range': {
                'start': {'line': edit_line, 'character': 0},
                'end': {'line': edit_line, 'character': len(old)}},
                'text': new}
            time.sleep(args.gap)
            t0 = time.perf_counter()
            c.notify('textDocument/didChange', {
                'textDocument': {'uri': uri, 'version': version},
                'contentChanges': [change]})
            got = c.wait_publish(uri, version)
            if i >= args.warmup:
                times.append(time.perf_counter() - t0)
            if len(got) != len(found):
                sys.exit('%s: %d findings after an edit, %d before' %
                         (path, len(got), len(found)))
        rss = peak_rss(c.p.pid)
        c.close()
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
    print('%-14s findings=%d cold=%6.0f ms  edit: median=%5.0f ms p90=%5.0f '
          'min=%5.0f max=%5.0f (n=%d)  peak RSS %s' %
          (os.path.basename(path), len(found), cold * 1000,
           statistics.median(ms), p90, ms[0], ms[-1], len(ms), rss))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xlambda', default=os.path.join(ROOT, 'build', 'bin',
                                                      'xlambda'))
    ap.add_argument('--runs', type=int, default=20)
    ap.add_argument('--warmup', type=int, default=3)
    ap.add_argument('--gap', type=float, default=0.3,
                    help='seconds between edits (default 0.3)')
    ap.add_argument('--server-arg', action='append', default=[],
                    help='an extra argument for xlambda lsp')
    ap.add_argument('--also', action='append', default=[],
                    help='a document opened first and kept open')
    ap.add_argument('files', nargs='*',
                    default=[os.path.join(HERE, 'lsp', f) for f in
                             ('small.cu', 'thrust.cu', 'noinclude.cu')])
    args = ap.parse_args()
    for f in args.files:
        bench(args, f)


if __name__ == '__main__':
    main()
