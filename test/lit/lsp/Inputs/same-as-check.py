#!/usr/bin/env python3
"""same-as-check.py [--every N] [--server-arg ARG]... XLAMBDA FILE...: the language server reports
what `xlambda check` reports.

For each file, `xlambda check --format=json FILE -- ARGS` (ARGS from the
file's first RUN line) gives the findings (those in the file, and those in
a header that a note places in the file, at that note, as the server
publishes them); an `xlambda lsp` session (one
per file) opens the file with the same ARGS as fallback flags, then changes it
(a newline at the end, so the second check is a reparse that uses the
precompiled preamble) and compares what it publishes for that version:
the same rules, lines, messages and severities, each check column inside
the published range, and the same notes in the same order (for a finding
in a header, the server's related information starts with the finding at
its place in the header). Prints a line per file; exits 1 on any
difference.

--server-arg ARG (repeatable) passes ARG to `xlambda lsp`.

A known difference is written in the file, `// LSP: missing RULE -- why`:
the server's findings must then equal check's without RULE's, and check
must have at least one of RULE's (the line says "same but for RULE").
`// LSP: differs RULE -- why` is a finding both report, with another
severity or other notes: both sides' findings of RULE are left out, and
each side must have at least one (the line says "same but for RULE").

--every N checks every Nth file of the sorted list, and the first file of
each set of arguments the sample would otherwise miss (the CI's time: a file
costs four parses, about 11 s under AddressSanitizer on a loaded 2-core
machine).
"""
import json
import os
import re
import subprocess
import sys


def run_args(path):
    """The ARGS of the file's first `%s -- ARGS` RUN line, lit's %S (the
    file's folder) replaced, without the shell's redirections (2>&1)."""
    here = os.path.dirname(os.path.abspath(path))
    for line in open(path, encoding='utf-8'):
        m = re.search(r'RUN:.*%s -- ([^|]*)', line)
        if m:
            return [a.replace('%S', here) for a in m.group(1).split()
                    if not re.match(r'\d*[<>]', a)]
    return []


def known_missing(path, kind='missing'):
    """The rules of the file's `// LSP: KIND RULE -- why` lines (KIND:
    missing or differs)."""
    return {m.group(1) for m in re.finditer(r'// LSP: %s (\S+) -- \S' % kind,
                                            open(path, encoding='utf-8').read())}


def check(xlambda, path, args):
    out = subprocess.run([xlambda, 'check', '--format=json', '--quiet', path,
                          '--'] + args, capture_output=True, text=True).stdout
    found = []
    for d in json.loads(out)['diagnostics']:
        if d['rule'] == 'clang-diagnostic-error':
            continue
        notes = tuple(n['message'] for n in d['notes'])
        if d['file'] == path:
            found.append((d['line'] - 1, d['column'] - 1, d['rule'],
                          d['message'], d['severity'], notes))
            continue
        # a finding in a header shows at its first note in the document
        for n in d['notes']:
            if n['file'] == path and n['line'] > 0:
                found.append((n['line'] - 1, n['column'] - 1, d['rule'],
                              "%s (in '%s', line %d)" % (
                                  d['message'], os.path.basename(d['file']),
                                  d['line']), d['severity'],
                              (d['message'],) + notes))
                break
    return sorted(found)


class Server:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)

    def send(self, **msg):
        msg['jsonrpc'] = '2.0'
        body = json.dumps(msg).encode()
        self.p.stdin.write(b'Content-Length: %d\r\n\r\n' % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline().strip()
            if not line:
                break
            if line.lower().startswith(b'content-length:'):
                length = int(line.split(b':')[1])
        return json.loads(self.p.stdout.read(length))

    def until_reply(self, rid, published):
        while True:
            m = self.read()
            if m.get('id') == rid:
                return
            if m.get('method') == 'textDocument/publishDiagnostics':
                p = m['params']
                published[(p['uri'], p.get('version'))] = p['diagnostics']


SEVERITY = {1: 'error', 2: 'warning', 3: 'note', 4: 'note'}


def lsp_findings(diags):
    out = []
    for d in diags:
        r = d['range']
        out.append((r['start']['line'], r['start']['character'],
                    r['end']['character'], d['code'], d['message'],
                    SEVERITY.get(d.get('severity'), '?'),
                    tuple(i['message']
                          for i in d.get('relatedInformation', []))))
    return sorted(out)


def same(want, got):
    if len(want) != len(got):
        return False
    for (line, col, rule, msg, sev, notes), (l, c0, c1, code, m, sv, rel) \
            in zip(want, got):
        if (line, rule, msg, sev, notes) != (l, code, m, sv, rel) or \
                not c0 <= col <= c1:
            return False
    return True


def sample(files, every):
    """Every Nth file, and the first of each set of arguments not in it."""
    args = {f: tuple(run_args(f)) for f in files}
    chosen = set(files[::every])
    seen = {args[f] for f in chosen}
    for f in files:
        if args[f] not in seen:
            seen.add(args[f])
            chosen.add(f)
    return sorted(chosen)


def main():
    argv, every, server_args = sys.argv[1:], 1, []
    while argv[:1] in (['--every'], ['--server-arg']):
        if argv[0] == '--every':
            every = int(argv[1])
        else:
            server_args.append(argv[1])
        argv = argv[2:]
    xlambda = argv[0]
    every_file = sorted(os.path.abspath(f) for f in argv[1:])
    files = sample(every_file, every)
    print('same-as-check: %d of %d files' % (len(files), len(every_file)))
    published, failed = {}, 0
    for i, path in enumerate(files):
        s = Server([xlambda, 'lsp', '--test-methods',
                    '--compile-commands-dir=/nonexistent'] + server_args)
        s.send(id=0, method='initialize', params={
            'capabilities': {'general': {'positionEncodings': ['utf-8']}},
            'initializationOptions': {'fallbackFlags': run_args(path)}})
        s.until_reply(0, published)
        uri = 'file://' + path
        text = open(path, encoding='utf-8').read()
        s.send(method='textDocument/didOpen', params={'textDocument': {
            'uri': uri, 'languageId': 'cuda-cpp', 'version': 1,
            'text': text}})
        s.send(id=1, method='sync')
        s.until_reply(1, published)
        s.send(method='textDocument/didChange', params={
            'textDocument': {'uri': uri, 'version': 2},
            'contentChanges': [{'text': text + '\n'}]})
        s.send(id=2, method='sync')
        s.until_reply(2, published)
        s.send(id=3, method='shutdown')
        s.until_reply(3, published)
        s.send(method='exit')
        s.p.wait()
        want = check(xlambda, path, run_args(path))
        missing = known_missing(path)
        differs = known_missing(path, 'differs')
        kept = [w for w in want if w[2] not in missing | differs]
        ok = (not missing or any(w[2] in missing for w in want)) and \
            (not differs or any(w[2] in differs for w in want))
        for v in (1, 2):
            got = lsp_findings(published.get((uri, v), []))
            ok = ok and same(kept, [g for g in got if g[3] not in differs]) \
                and (not differs or any(g[3] in differs for g in got))
        failed += not ok
        both = missing | differs
        but = ' but for %s' % ', '.join(sorted(both)) if both else ''
        print('%s%s %s: %d findings' % ('same' if ok else 'DIFFERENT', but,
                                        os.path.basename(path), len(want)))
        if not ok:
            print('  check: %s' % want)
            for v in (1, 2):
                print('  lsp v%d: %s' % (v, lsp_findings(
                    published.get((uri, v), []))))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
