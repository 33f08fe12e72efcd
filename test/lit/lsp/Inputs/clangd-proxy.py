#!/usr/bin/env python3
"""clangd-proxy.py PROJ CLANGD XLAMBDA-CLANGD: drive clangd alone, then the
same session through the proxy (xlambda-clangd --xlambda-clangd=CLANGD),
and print what a test checks: answers equal clangd's, diagnostics the union
less the duplicates, the quick fix applied, then the faults (clangd killed,
xlambda killed) and the utf-8 encoding."""
import json
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lsp_client import Client, publications  # noqa: E402

PROJ, CLANGD, PROXY = sys.argv[1], sys.argv[2], sys.argv[3]
URI = 'file://' + os.path.join(PROJ, 'k.cu')
TEXT = open(os.path.join(PROJ, 'k.cu'), encoding='utf-8').read()


def caps(encoding):
    return {'general': {'positionEncodings': [encoding]},
            'textDocument': {
                'publishDiagnostics': {'relatedInformation': True},
                'codeAction': {'codeActionLiteralSupport': {
                    'codeActionKind': {'valueSet': ['quickfix', 'refactor']}}},
                'hover': {'contentFormat': ['markdown', 'plaintext']}}}


def start(argv, encoding='utf-16', uri=URI, text=TEXT):
    c = Client(argv, cwd=PROJ, stderr=open(os.devnull, 'w'))
    init = c.call('initialize', {'processId': os.getpid(),
                                 'rootUri': 'file://' + PROJ,
                                 'capabilities': caps(encoding)})
    c.notify('initialized', {})
    c.notify('textDocument/didOpen', {'textDocument': {
        'uri': uri, 'languageId': 'cuda', 'version': 1, 'text': text}})
    return c, init['result']


def has(src, code=None):
    return lambda m: any(d.get('source') == src and
                         (code is None or d.get('code') == code)
                         for d in m['params']['diagnostics'])


def settled(c, pred, timeout=120, uri=URI):
    """The first publication of uri (k.cu) for which pred holds."""
    pub = publications(uri)
    return c.wait(lambda m: pub(m) and pred(m), timeout)


def summary(diags):
    return sorted('%s:%s@%d' % (d.get('source', '-'), d.get('code', '-'),
                                d['range']['start']['line']) for d in diags)


def queries(c):
    comp = c.call('textDocument/completion', {
        'textDocument': {'uri': URI}, 'position': {'line': 7, 'character': 11}})
    hover = c.call('textDocument/hover', {
        'textDocument': {'uri': URI}, 'position': {'line': 3, 'character': 6}})
    return comp['result'], hover['result']


def end(c):
    c.call('shutdown', None)
    c.notify('exit', None)
    return c.p.wait(timeout=30)


def children(pid):
    out = []
    for tid in os.listdir('/proc/%d/task' % pid):
        with open('/proc/%d/task/%s/children' % (pid, tid)) as f:
            out += [int(x) for x in f.read().split()]
    return out


def child(pid, name):
    for c in children(pid):
        if os.path.basename(os.readlink('/proc/%d/exe' % c)).startswith(name):
            return c
    return None


def alone_then_proxy():
    c, init_c = start([CLANGD])
    alone = settled(c, has('clang', 'capture_bad_target'))
    print('ALONE', ' '.join(summary(alone['params']['diagnostics'])))
    comp_c, hover_c = queries(c)
    print('ALONE EXIT', end(c))

    p, init_p = start([PROXY, '--xlambda-clangd=' + CLANGD])
    cap = init_p['capabilities'].pop('codeActionProvider')
    init_c['capabilities'].pop('codeActionProvider')
    print('CAPS', 'same' if init_p == init_c else 'differ', json.dumps(cap))
    merged = settled(p, lambda m: has('xlambda')(m) and has('clang')(m))
    print('MERGED', ' '.join(summary(merged['params']['diagnostics'])))
    comp_p, hover_p = queries(p)
    print('COMPLETION', 'same' if comp_p == comp_c else 'differ',
          ' '.join(sorted(i['filterText'] for i in comp_c['items'])))
    print('HOVER', 'same' if hover_p == hover_c else 'differ',
          hover_c is not None)
    fix(p, merged)
    print('PROXY EXIT', end(p))


def apply(text, edits):
    lines = text.split('\n')
    for e in sorted(edits, key=lambda e: (e['range']['start']['line'],
                                          e['range']['start']['character']),
                    reverse=True):
        s, t = e['range']['start'], e['range']['end']
        assert s['line'] == t['line']
        ln = lines[s['line']]
        b = len(ln.encode('utf-16-le')[:2 * s['character']].decode('utf-16-le'))
        f = len(ln.encode('utf-16-le')[:2 * t['character']].decode('utf-16-le'))
        lines[s['line']] = ln[:b] + e['newText'] + ln[f:]
    return '\n'.join(lines)


def fix(p, merged):
    x = [d for d in merged['params']['diagnostics']
         if d.get('source') == 'xlambda'][0]
    acts = p.call('textDocument/codeAction', {
        'textDocument': {'uri': URI}, 'range': x['range'],
        'context': {'diagnostics': [x]}})['result']
    quick = [a for a in acts if a.get('isPreferred')]
    print('ACTIONS', len(acts), '|'.join(a['title'] for a in acts))
    text = apply(TEXT, quick[0]['edit']['changes'][URI])
    p.notify('textDocument/didChange', {
        'textDocument': {'uri': URI, 'version': 2},
        'contentChanges': [{'text': text}]})
    after = settled(p, lambda m: m['params'].get('version') == 2 and
                    not has('xlambda')(m) and has('clang')(m))
    print('FIXED', after is not None,
          ' '.join(summary(after['params']['diagnostics'])) if after else '')


def kill_clangd():
    p, _ = start([PROXY, '--xlambda-clangd=' + CLANGD])
    settled(p, has('clang'))
    os.kill(child(p.p.pid, 'clangd'), signal.SIGKILL)
    print('CLANGD KILLED eof', p.eof(30), 'code', p.p.wait(timeout=30))


def kill_xlambda():
    p, _ = start([PROXY, '--xlambda-clangd=' + CLANGD])
    # both sides published first: the republication is then clangd's alone
    # (killed after xlambda's first publication but before clangd's, which
    # a loaded machine allows, it held nothing of clangd's yet)
    settled(p, lambda m: has('xlambda')(m) and has('clang')(m))
    os.kill(child(p.p.pid, 'xlambda'), signal.SIGKILL)
    gone = settled(p, lambda m: not has('xlambda')(m), 30)
    print('XLAMBDA KILLED republished', gone is not None and has('clang')(gone))
    p.notify('textDocument/didChange', {
        'textDocument': {'uri': URI, 'version': 2},
        'contentChanges': [{'text': TEXT + '\n'}]})
    v2 = settled(p, lambda m: m['params'].get('version') == 2)
    acts = p.call('textDocument/codeAction', {
        'textDocument': {'uri': URI}, 'range': {
            'start': {'line': 4, 'character': 0},
            'end': {'line': 4, 'character': 0}},
        'context': {'diagnostics': []}}, 30)
    print('AFTER clangd v2', v2 is not None and has('clang')(v2),
          'codeAction answered', acts is not None and 'result' in acts)
    print('XLAMBDA KILLED EXIT', end(p))


def utf8():
    p, init = start([PROXY, '--xlambda-clangd=' + CLANGD], 'utf-8')
    merged = settled(p, lambda m: has('xlambda')(m) and has('clang')(m))
    x = [d for d in merged['params']['diagnostics']
         if d.get('source') == 'xlambda'][0]
    line = TEXT.split('\n')[x['range']['start']['line']]
    amp = len(line[:line.index('[&') + 1].encode('utf-8'))
    print('UTF8', init['capabilities'].get('positionEncoding'),
          ' '.join(summary(merged['params']['diagnostics'])),
          'at', x['range']['start']['character'], 'amp', amp)
    print('UTF8 EXIT', end(p))


def cancel():
    p, _ = start([PROXY, '--xlambda-clangd=' + CLANGD])
    merged = settled(p, has('xlambda'))
    x = [d for d in merged['params']['diagnostics']
         if d.get('source') == 'xlambda'][0]
    i = p.request('textDocument/codeAction', {
        'textDocument': {'uri': URI}, 'range': x['range'],
        'context': {'diagnostics': [x]}})
    p.notify('$/cancelRequest', {'id': i})
    a = p.wait(lambda m: m.get('id') == i and 'method' not in m, 30)
    print('CANCEL answered', a is not None,
          'cancelled' if a and a.get('error', {}).get('code') == -32800
          else 'result' if a and 'result' in a else a)
    _, hover = queries(p)
    print('AFTER CANCEL hover', hover is not None)
    p.p.stdin.close()  # the editor goes away without shutdown
    print('INPUT CLOSED eof', p.eof(30), 'code', p.p.wait(timeout=30))


def this_capture():
    """t.cu: clang's -Wgpu-maybe-wrong-side (the kernel that calls the lambda
    is visible) and xlambda's finding on the same range: the proxy shows
    xlambda's alone."""
    uri = 'file://' + os.path.join(PROJ, 't.cu')
    text = open(os.path.join(PROJ, 't.cu'), encoding='utf-8').read()
    c, _ = start([CLANGD], uri=uri, text=text)
    alone = settled(c, has('clang'), uri=uri)
    print('THIS ALONE', ' '.join(summary(alone['params']['diagnostics'])),
          json.dumps(alone['params']['diagnostics'][0]['range']))
    end(c)
    p, _ = start([PROXY, '--xlambda-clangd=' + CLANGD], uri=uri, text=text)
    merged = settled(p, lambda m: has('xlambda')(m), uri=uri)
    print('THIS MERGED', ' '.join(summary(merged['params']['diagnostics'])),
          json.dumps(merged['params']['diagnostics'][0]['range']))
    print('THIS EXIT', end(p))


if __name__ == '__main__':
    {'main': alone_then_proxy, 'this': this_capture, 'kill-clangd': kill_clangd,
     'kill-xlambda': kill_xlambda, 'utf8': utf8,
     'cancel': cancel}[sys.argv[4]]()
