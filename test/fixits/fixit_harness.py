#!/usr/bin/env python3
"""The fix-it harness: every fix-it of the test cases is a claim, checked.

For every case (a .cu file under the given directories) whose xlambda output
offers a fix-it, the case is copied to a temporary directory (with its
Inputs/ folder) and fixed twice, separately: `xlambda check --fix` (the
findings' own fix-its) and `xlambda check --fix-notes` (also a note's fix
where the finding has none), with the case's arguments (those of its first
`%xlambda check` RUN line, else its `// ORACLE: args`). Each fixed copy must
pass:

  nvcc      nvcc 13.0 (`--extended-lambda -std=c++17 -cuda` and the full
            `-c`, with the case's `// ORACLE: args`; without
            --extended-lambda for `// ORACLE: no-extended-lambda`) compared
            per line with the original: the line of every finding whose fix
            was applied is no longer an error line, and no error line
            appears that the original did not have, except on a line where
            xlambda reported another error that was not fixed (nvcc 13.0
            instantiates templates only once the file has no other error, so
            fixing one violation can show it the next). A file nvcc accepted
            is still accepted.
  findings  xlambda on the fixed copy reports no finding (rule, line) the
            original did not have, and none of a fixed rule at a fixed line.
  idempotent the same --fix run on the fixed copy changes nothing.
            (Every run adds --fix-errors, so that a case clang cannot parse
            in full, which nvcc accepts, is fixed and judged too.)
  applied   the fixed copy is exactly the original with the offered edits
            applied (a conflict that leaves the file alone fails here).
  export    the `--export-fixes` YAML of that mode (clang-apply-replacements'
            input), written by the same run, holds exactly the edits the
            run applies (`--export-fixes` alone: test/lit/cli/fixes.test).
  plugin    the clang plugin's FixItHints (`-fdiagnostics-parseable-fixits`,
            each on its finding or its note) are xlambda's fix-its (its
            JSON findings'), finding and note alike (skipped for
            `// ORACLE: plugin-skip`).
  lsp       the language server's quick fixes for the whole file carry the
            same edits (preferred = on the finding).

When both modes produce the same fixed text, the findings in it are taken
once (the same text and arguments). Lines of the fixed copy are mapped back
to the original's through a line diff, so a fix that inserts or removes
lines is compared at the right place.

Known failures of fixes being corrected elsewhere are listed in
EXPECTED_FAILURES with the bug; such a case that passes fails as XPASS (empty
the list). Nothing else is excluded.

It then prints the coverage: of the findings (and files) with a finding,
how many offer a fix-it, on the finding or on a note.

--nvcc-cache DIR keeps nvcc's verdicts (keyed by the text, its name, the
arguments, the mode and `nvcc --version`), so a second run needs no nvcc.
The verdicts on the cases themselves are scripts/oracle.py's entries
(oracle.nvcc_cached): with the oracle's cache directory, the oracle's run
has made most of them.

Exit status: 0 all passed, 1 a check failed, 77 nvcc is not installed.
"""
import argparse
import collections
import concurrent.futures
import difflib
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', '..', 'scripts'))
import oracle  # noqa: E402  (directives, nvcc_lines)

# (case path relative to the repository, mode) -> the bug that breaks it.
# Bugs 1-6 are issue 18's wrong fixes (branch issue18-wrong); empty this
# list as they are merged: a listed case that passes fails as XPASS.
EXPECTED_FAILURES = {
}

MODES = ('fix', 'fix-notes')


# ---- running the tools ----------------------------------------------------

def run_args(path):
    """The case's xlambda arguments: its first `%xlambda check` RUN line."""
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'\s*// RUN:.*%xlambda check .*%s -- (.*)$', line)
            if m:
                tail = re.split(r'\s[|>]', m.group(1))[0]
                return shlex.split(tail)
    return None


class Case:
    def __init__(self, path, root):
        self.path = os.path.abspath(path)
        self.rel = os.path.relpath(self.path, root)
        self.nvcc_args, self.mode, skip, self.ext = oracle.directives(path)
        pskip = oracle.directives(path, plugin=True)[2]
        self.plugin_skip = pskip if pskip and pskip != skip else None
        args = run_args(path)
        self.args = args if args is not None else ['-std=c++17'] + self.nvcc_args
        # `// LSP: missing RULE -- why`: a known gap of the language server
        # (test/lit/lsp/Inputs/same-as-check.py reads the same line)
        with open(path, encoding='utf-8', errors='replace') as f:
            self.lsp_missing = set(re.findall(r'// LSP: missing (\S+) -- \S',
                                              f.read()))


def copy_case(case, workdir, text=None):
    """Copy the case (and its Inputs/) into workdir; returns the copy's path."""
    dst = os.path.join(workdir, os.path.basename(case.path))
    inputs = os.path.join(os.path.dirname(case.path), 'Inputs')
    if os.path.isdir(inputs) and not os.path.exists(os.path.join(workdir, 'Inputs')):
        shutil.copytree(inputs, os.path.join(workdir, 'Inputs'))
    if text is None:
        shutil.copyfile(case.path, dst)
    else:
        with open(dst, 'w', encoding='utf-8') as f:
            f.write(text)
    return dst


def xlambda(opts, case, path, extra):
    """Run `xlambda check` on path as the case says; returns the process."""
    workdir = os.path.dirname(path)
    if case.ext:
        cmd = [opts.xlambda, 'check', '--quiet'] + extra + [path, '--'] + case.args
    else:
        entry = {'directory': workdir, 'file': path,
                 'arguments': ['nvcc', '-std=c++17'] + case.nvcc_args + ['-c', path]}
        with open(os.path.join(workdir, 'compile_commands.json'), 'w') as f:
            json.dump([entry], f)
        cmd = [opts.xlambda, 'check', '--quiet'] + extra + ['-p', workdir, path]
    proc = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    if proc.returncode not in (0, 1):
        raise RuntimeError('%s exited %d: %s' % (' '.join(cmd), proc.returncode,
                                                 proc.stderr.strip()[-2000:]))
    return proc


def findings(opts, case, path):
    """xlambda's findings in path (JSON diagnostics of the main file)."""
    proc = xlambda(opts, case, path, ['--format=json'])
    return [d for d in json.loads(proc.stdout)['diagnostics']
            if os.path.abspath(d['file']) == path]


def yaml_edits(out, path):
    """The edits of the --export-fixes YAML out in path:
    {(offset, length, text)}; the YAML is removed."""
    with open(out, encoding='utf-8') as f:
        doc = yaml.safe_load(f) or {}
    os.unlink(out)
    edits = set()
    for d in doc.get('Diagnostics') or []:
        for g in [d['DiagnosticMessage']] + (d.get('Notes') or []):
            for r in g.get('Replacements') or []:
                if os.path.abspath(r['FilePath']) == path:
                    edits.add((r['Offset'], r['Length'], r['ReplacementText']))
    return edits


def offered(diags, path):
    """Every fix-it of the JSON findings in path: {(kind, off, len, text)}."""
    edits = set()
    for d in diags:
        groups = [('finding', d['fixits'])] + [('note', n['fixits']) for n in d['notes']]
        for kind, fixits in groups:
            for e in fixits:
                if os.path.abspath(e['file']) == path:
                    edits.add((kind, e['offset'], e['length'], e['replacement']))
    return edits


def apply_fix(opts, case, path, mode, export=False):
    """Run --fix / --fix-notes on path in place; returns the new text, and
    with export the edits of the same run's --export-fixes YAML."""
    out = path + '.fixes.yaml'
    # --fix-errors: a file clang cannot parse in full (nvcc can) is fixed too
    xlambda(opts, case, path, ['--fix', '--fix-errors'] +
            (['--fix-notes'] if mode == 'fix-notes' else []) +
            (['--export-fixes=' + out] if export else []))
    with open(path, encoding='utf-8') as f:
        text = f.read()
    return (text, yaml_edits(out, path)) if export else text


def nvcc_verdict(opts, case, path, mode):
    """nvcc's error lines of path and whether it failed elsewhere (cached)."""
    with open(path, 'rb') as f:
        data = f.read()
    key = hashlib.sha256(data + json.dumps(
        [os.path.basename(path), case.nvcc_args, mode, case.ext,
         opts.nvcc_version]).encode()).hexdigest()
    entry = os.path.join(opts.nvcc_cache, 'fixit-' + key + '.json') if opts.nvcc_cache else None
    if entry and os.path.exists(entry):
        with open(entry) as f:
            d = json.load(f)
        return set(d['lines']), d['elsewhere'], d['out']
    with tempfile.TemporaryDirectory(prefix='xl-fixit-nvcc-') as tmp:
        lines, elsewhere, proc = oracle.nvcc_lines(opts.nvcc, path, case.nvcc_args,
                                                   mode, case.ext, tmp)
    out = (proc.stdout + proc.stderr)[-3000:]
    if entry:
        tmp = entry + '.%d.tmp' % os.getpid()
        with open(tmp, 'w') as f:
            json.dump({'lines': sorted(lines), 'elsewhere': elsewhere, 'out': out}, f)
        os.replace(tmp, entry)
    return lines, elsewhere, out


# ---- the plugin and the language server ----------------------------------

FIXIT = re.compile(r'^fix-it:"(?P<file>[^"]*)":\{(?P<l1>\d+):(?P<c1>\d+)-'
                   r'(?P<l2>\d+):(?P<c2>\d+)\}:"(?P<text>.*)"$')
DIAG = re.compile(r'^(?P<file>.+?):\d+:\d+: (?P<level>error|warning|note|remark): ')


def unescape(s):
    """Undo llvm::raw_ostream::write_escaped."""
    out, i = bytearray(), 0
    b = s.encode('utf-8')
    while i < len(b):
        if b[i:i + 1] == b'\\' and i + 1 < len(b):
            c = chr(b[i + 1])
            if c in 'nt"\\':
                out += {'n': b'\n', 't': b'\t', '"': b'"', '\\': b'\\'}[c]
                i += 2
                continue
            if c.isdigit():
                out.append(int(b[i + 1:i + 4], 8))
                i += 4
                continue
        out.append(b[i])
        i += 1
    return out.decode('utf-8')


def line_offsets(text):
    starts, pos = [0], 0
    data = text.encode('utf-8')
    while True:
        pos = data.find(b'\n', pos)
        if pos < 0:
            return starts
        pos += 1
        starts.append(pos)


def plugin_fixes(opts, case, path, text):
    """The plugin's fix-its in path: {(kind, offset, length, text)}."""
    starts = line_offsets(text)
    cuda = os.environ.get('CUDA_PATH', '/usr/local/cuda')
    cmd = [opts.clang, '-fsyntax-only', '-x', 'cuda', '--cuda-gpu-arch=sm_75',
           '-Wno-unknown-cuda-version', '-w', '-fno-color-diagnostics',
           '-fdiagnostics-parseable-fixits',  # (printed with the carets only)
           '-isystem', os.path.join(cuda, 'include', 'cccl')] + case.args + [
           '-fplugin=' + opts.plugin, path]
    proc = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    edits, kind = set(), None
    for line in proc.stderr.splitlines():
        m = DIAG.match(line)
        if m:
            kind = 'note' if m.group('level') == 'note' else 'finding'
            continue
        m = FIXIT.match(line)
        if not m or os.path.abspath(m.group('file')) != path:
            continue
        b = starts[int(m.group('l1')) - 1] + int(m.group('c1')) - 1
        e = starts[int(m.group('l2')) - 1] + int(m.group('c2')) - 1
        edits.add((kind, b, e - b, unescape(m.group('text'))))
    return edits


def lsp_fixes(opts, case, path, text):
    """The language server's quick fixes for the whole file, as edits."""
    workdir = os.path.dirname(path)
    uri = 'file://' + path
    with open(os.path.join(workdir, 'compile_flags.txt'), 'w') as f:
        f.write('\n'.join(case.args) + '\n')
    nlines = text.count('\n') + 1
    msgs = [
        {'jsonrpc': '2.0', 'id': 0, 'method': 'initialize', 'params': {'capabilities': {}}},
        {'jsonrpc': '2.0', 'method': 'textDocument/didOpen', 'params': {'textDocument': {
            'uri': uri, 'languageId': 'cuda-cpp', 'version': 1, 'text': text}}},
        {'jsonrpc': '2.0', 'id': 1, 'method': 'sync', 'params': None},
        {'jsonrpc': '2.0', 'id': 2, 'method': 'textDocument/codeAction', 'params': {
            'textDocument': {'uri': uri},
            'range': {'start': {'line': 0, 'character': 0},
                      'end': {'line': nlines, 'character': 0}},
            'context': {'diagnostics': []}}},
        {'jsonrpc': '2.0', 'id': 3, 'method': 'shutdown', 'params': None},
        {'jsonrpc': '2.0', 'method': 'exit', 'params': None}]
    session = '\n---\n'.join(json.dumps(m) for m in msgs) + '\n'
    proc = subprocess.run([opts.xlambda, 'lsp', '--lit-test',
                           '--compile-commands-dir=' + workdir],
                          input=session, capture_output=True, text=True,
                          errors='replace', timeout=300)
    starts = line_offsets(text)

    def offset(pos):  # UTF-16 positions; the cases are ASCII, checked below
        return starts[pos['line']] + pos['character']

    if any(b > 127 for b in text.encode('utf-8')):
        return None
    for doc in re.split(r'Content-Length: \d+\r?\n\r?\n', proc.stdout):
        try:
            msg = json.loads(doc)
        except ValueError:
            continue
        if msg.get('id') != 2:
            continue
        edits = set()
        for action in msg.get('result') or []:
            kind = 'finding' if action.get('isPreferred') else 'note'
            for u, changes in action['edit']['changes'].items():
                if u != uri:
                    continue
                for c in changes:
                    b, e = offset(c['range']['start']), offset(c['range']['end'])
                    edits.add((kind, b, e - b, c['newText']))
        return edits
    raise RuntimeError('the language server gave no code actions: %s'
                       % proc.stderr[-1000:])


# ---- checking one case ----------------------------------------------------

def line_map(old, new):
    """Map each line (1-based) of `new` to a line of `old`, through a diff."""
    a, b = old.split('\n'), new.split('\n')
    back = {}
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        for k in range(j1, j2):
            back[k + 1] = min(i1 + (k - j1), max(i1, i2 - 1)) + 1
    return back


def applied(diags, mode):
    """The findings whose fix --fix (or --fix-notes) applies, and the edits."""
    chosen, edits = [], []
    for d in diags:
        fx = d['fixits']
        if not fx and mode == 'fix-notes':
            with_fix = [n for n in d['notes'] if n['fixits']]
            fx = with_fix[0]['fixits'] if len(with_fix) == 1 else []
        if fx:
            chosen.append(d)
            edits += fx
    return chosen, edits


def apply_edits(text, path, edits):
    data = text.encode('utf-8')
    # identical edits apply once; insertions at one offset keep the order
    # they were offered in (xlambda's order: two types moved before one
    # function), so the sort is stable and by place only
    uniq = list(dict.fromkeys((e['offset'], e['length'], e['replacement'])
                              for e in edits
                              if os.path.abspath(e['file']) == path))
    uniq.sort(key=lambda e: (e[0], e[1]))
    out, pos = bytearray(), 0
    for off, length, repl in uniq:
        out += data[pos:off] + repl.encode('utf-8')
        pos = off + length
    return (bytes(out) + data[pos:]).decode('utf-8')


def original_verdict(opts, case, mode):
    """nvcc's verdict on the case itself, through the oracle's cache (the
    oracle test, which ctest runs first, has most of them)."""
    cache = {'dir': opts.nvcc_cache, 'version': opts.nvcc_version} \
        if opts.nvcc_cache else None
    with tempfile.TemporaryDirectory(prefix='xl-fixit-nvcc-') as tmp:
        lines, elsewhere, proc = oracle.nvcc_cached(
            cache, opts.nvcc, case.path, case.nvcc_args, mode, case.ext, tmp)
    return set(lines), elsewhere, (proc.stdout + proc.stderr)[-3000:]


def check_nvcc(opts, case, fixed, back, fixed_lines, other_errors):
    """nvcc's verdicts on the original and the fixed copy, line by line.
    other_errors: the lines of error findings whose fix was not applied."""
    problems = []
    for mode in ('frontend', 'host'):
        want, w_else, _ = original_verdict(opts, case, mode)
        got, g_else, out = nvcc_verdict(opts, case, fixed, mode)
        got_mapped = {back.get(line, line) for line in got}
        new = got_mapped - want - other_errors
        still = (fixed_lines - other_errors) & want & got_mapped
        name = '-cuda' if mode == 'frontend' else '-c'
        if new:
            problems.append('nvcc %s: new error line(s) %s\n%s' % (name, sorted(new), out[-1500:]))
        if still:
            problems.append('nvcc %s: fixed line(s) %s still error(s)\n%s' % (name, sorted(still), out[-1500:]))
        if g_else and not w_else:
            problems.append('nvcc %s: fails outside the file after the fix\n%s' % (name, out[-1500:]))
    return problems


def check_mode(opts, case, mode, tmp, orig_path, text, diags, seen):
    """All checks of one fix mode; returns (ran, [problems]). seen maps a
    fixed text an earlier mode produced to xlambda's findings in it (the
    same text with the same arguments: the run is not repeated)."""
    chosen, edits = applied(diags, mode)
    if not chosen:
        return False, []
    work = os.path.join(tmp, mode)
    os.makedirs(work)
    path = copy_case(case, work)
    fixed, exported = apply_fix(opts, case, path, mode, export=True)
    problems = []
    if fixed != apply_edits(text, orig_path, edits):
        problems.append('applied: the fixed file is not the original with the offered edits')
    want = {(e['offset'], e['length'], e['replacement']) for e in edits
            if os.path.abspath(e['file']) == orig_path}
    if exported != want:
        problems.append('export-fixes: the YAML has %s, --%s applies %s'
                        % (sorted(exported), mode, sorted(want)))
    if fixed == text:
        return True, problems
    back = line_map(text, fixed)
    fixed_lines = {d['line'] for d in chosen}
    fixed_keys = {(d['rule'], d['line']) for d in chosen} - \
        {(d['rule'], d['line']) for d in diags if d not in chosen}
    orig_keys = {(d['rule'], d['line']) for d in diags}
    other_errors = {d['line'] for d in diags
                    if d['severity'] == 'error' and d not in chosen}
    problems += check_nvcc(opts, case, path, back, fixed_lines, other_errors)
    if fixed not in seen:
        seen[fixed] = {(d['rule'], back.get(d['line'], d['line']))
                       for d in findings(opts, case, path)}
    after = seen[fixed]
    if after - orig_keys:
        problems.append('findings: new %s' % sorted(after - orig_keys))
    if after & fixed_keys:
        problems.append('findings: still %s' % sorted(after & fixed_keys))
    again_dir = os.path.join(tmp, mode + '-again')
    os.makedirs(again_dir)
    again = copy_case(case, again_dir, fixed)
    if apply_fix(opts, case, again, mode) != fixed:
        problems.append('idempotent: a second --%s changes the file' % mode)
    return True, problems


def check_case(opts, case):
    """Returns a dict: findings, fix offers, and per mode its problems."""
    res = {'case': case, 'diags': [], 'modes': {}, 'tools': []}
    with tempfile.TemporaryDirectory(prefix='xl-fixit-') as tmp:
        orig_dir = os.path.join(tmp, 'orig')
        os.makedirs(orig_dir)
        orig = copy_case(case, orig_dir)
        with open(orig, encoding='utf-8') as f:
            text = f.read()
        diags = findings(opts, case, orig)
        res['diags'] = [d for d in diags if d['rule'] != 'clang-diagnostic-error']
        if opts.coverage_only:
            return res
        seen = {}
        for mode in MODES:
            try:
                ran, problems = check_mode(opts, case, mode, tmp, orig, text,
                                           diags, seen)
            except RuntimeError as e:  # xlambda failed: the case fails
                ran, problems = True, ['error: %s' % e]
            if ran:
                res['modes'][mode] = problems
        if not res['modes']:
            return res
        try:
            res['tools'] = compare_tools(opts, case, orig, text, offered(diags, orig),
                                         offered([d for d in diags if d['rule']
                                                  not in case.lsp_missing], orig))
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            res['tools'] = ['error: %s' % e]
    return res


def compare_tools(opts, case, orig, text, ours, ours_lsp):
    """The plugin's and the language server's fix-its against ours (for the
    server, without the rules of the case's known gaps: ours_lsp)."""
    problems = []
    if opts.plugin and not case.plugin_skip:
        theirs = plugin_fixes(opts, case, orig, text)
        if theirs != ours:
            problems.append('plugin: FixItHints differ: only xlambda %s, only plugin %s'
                            % (sorted(ours - theirs), sorted(theirs - ours)))
    if opts.lsp:
        theirs = lsp_fixes(opts, case, orig, text)
        if theirs is not None and theirs != ours_lsp:
            problems.append('lsp: quick fixes differ: only xlambda %s, only lsp %s'
                            % (sorted(ours_lsp - theirs), sorted(theirs - ours_lsp)))
    return problems


# ---- the run --------------------------------------------------------------

def coverage(results, missing=False):
    by_rule = collections.OrderedDict()
    totals = collections.Counter()
    for r in results:
        if r['diags']:
            totals['files'] += 1
            if any(d['fixits'] or any(n['fixits'] for n in d['notes']) for d in r['diags']):
                totals['files_fix'] += 1
        for d in r['diags']:
            own = bool(d['fixits'])
            note = any(n['fixits'] for n in d['notes'])
            c = by_rule.setdefault(d['rule'], collections.Counter())
            if missing and not (own or note):
                print('no fix-it: %s:%s: [%s] %s' % (r['case'].rel, d['line'],
                                                    d['rule'], d['message']))
            for counter in (c, totals):
                counter['findings'] += 1
                counter['fix'] += own or note
                counter['own'] += own
    print('\ncoverage by rule (findings / with a fix-it / on the finding):')
    for rule in sorted(by_rule):
        c = by_rule[rule]
        print('  %-52s %3d %3d %3d' % (rule, c['findings'], c['fix'], c['own']))
    print('coverage: %d of %d findings offer a fix-it (%.0f%%), %d on the finding; '
          '%d of %d files with a finding offer one'
          % (totals['fix'], totals['findings'],
             100.0 * totals['fix'] / max(1, totals['findings']), totals['own'],
             totals['files_fix'], totals['files']))


def report(results):
    counts = collections.Counter()
    for r in results:
        rel = r['case'].rel
        for mode, problems in r['modes'].items():
            problems = problems + r['tools']
            bug = EXPECTED_FAILURES.get((rel, mode))
            if problems and bug:
                status = 'XFAIL'
            elif problems:
                status = 'FAIL'
            elif bug:
                status = 'XPASS'
                problems = ['listed in EXPECTED_FAILURES (%s) but passes: remove it' % bug]
            else:
                status = 'PASS'
            counts[status] += 1
            print('%s: %s --%s' % (status, rel, mode))
            if status in ('FAIL', 'XPASS') or (status == 'XFAIL' and os.environ.get('XL_FIXIT_VERBOSE')):
                for p in problems:
                    print('    ' + p.replace('\n', '\n    '))
    return counts


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('--nvcc', default=os.path.join(os.environ.get('CUDA_PATH', '/usr/local/cuda'), 'bin', 'nvcc'))
    ap.add_argument('--plugin', help='compare the clang plugin\'s FixItHints')
    ap.add_argument('--clang', default='/usr/lib/llvm-22/bin/clang++')
    ap.add_argument('--no-lsp', dest='lsp', action='store_false',
                    help='do not compare the language server\'s quick fixes')
    ap.add_argument('--nvcc-cache', help='directory keeping nvcc verdicts')
    ap.add_argument('--coverage-only', action='store_true',
                    help='only print the coverage (no fix is applied)')
    ap.add_argument('--list-missing', action='store_true',
                    help='with the coverage, list every finding without a fix-it')
    ap.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
    ap.add_argument('-j', type=int, default=os.cpu_count() or 2)
    ap.add_argument('paths', nargs='+')
    opts = ap.parse_args()
    if not os.path.exists(opts.nvcc) and not opts.coverage_only:
        print('fixit_harness: nvcc not found at %s; skipping' % opts.nvcc)
        return 77
    opts.nvcc_version = '' if opts.coverage_only else subprocess.run(
        [opts.nvcc, '--version'], capture_output=True, text=True).stdout
    if opts.nvcc_cache:
        os.makedirs(opts.nvcc_cache, exist_ok=True)
    start = time.time()
    cases = [Case(p, os.path.abspath(opts.root)) for p in oracle.collect(opts.paths)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.j) as pool:
        results = list(pool.map(lambda c: check_case(opts, c), cases))
    counts = report(results)
    coverage(results, opts.list_missing)
    print('%d passed, %d failed, %d expected failures, %d unexpected passes '
          '(%d cases, %.0f s)' % (counts['PASS'], counts['FAIL'], counts['XFAIL'],
                                  counts['XPASS'], len(cases), time.time() - start))
    return 1 if counts['FAIL'] or counts['XPASS'] else 0


if __name__ == '__main__':
    sys.exit(main())
