#!/usr/bin/env python3
"""The nvcc oracle: nvcc 13.0 is the judge of what is an error.

For every test case (a .cu file under the given directories), run nvcc and
xlambda and compare the lines where each reports an error:

* nvcc's front end (`nvcc --extended-lambda -std=c++17 -cuda`) by default;
* the full host compile (`nvcc --extended-lambda -c`) for files marked
  `// ORACLE: host`, for rules nvcc's front end misses but its host compile
  rejects.

An error line counts when it names the case file: nvcc's front end
("t.cu(12): error"), the host compiler ("t.cu:12:5: error"), or, for a
front-end error inside a header, the last "at line N of t.cu" of its
instantiation trace.

xlambda's error lines counted are those of rules whose table entry says nvcc
diagnoses them ("frontend", or "host" in host mode). Findings of rules that
nvcc compiles silently ("silent") are left out of the comparison, so their
files still prove that nvcc accepts the code. A case passes when the two sets
of lines are equal: nvcc errors exactly where xlambda does, and accepts every
compliant twin.

In host mode, some failures are in the stub file nvcc generates (the
closure types handed to kernels are named there), with no line of the test
file. Those count as one failure "elsewhere": the case passes when nvcc's
lines in the file equal xlambda's lines minus the lines that only xlambda
has, and those extra lines exist exactly when nvcc failed elsewhere. Keep
such a case alone in its file, so that the line stays exact.

With --plugin, the xlambda side is the clang plugin instead of the CLI:
`clang++ -fsyntax-only -x cuda --cuda-gpu-arch=sm_75 -std=c++17 ARGS
-fplugin=PLUGIN FILE` (sm_75 is nvcc 13.0's default architecture), whose
error lines tagged with an xlambda rule id count as above. clang's own
errors are accepted on a line where the plugin reports an error too (clang
rejects some of the same code, e.g. a __device__ lambda converted to a
function pointer); anywhere else they fail the case, as the CLI's
[clang-diagnostic-error] findings do. Cases nvcc checks without
--extended-lambda are skipped (clang has no such mode).

--nvcc-cache DIR keeps nvcc's verdicts, keyed by the case's text, the
arguments, the mode and `nvcc --version`, so that the CLI and plugin runs of
the suite run nvcc once.

Directives in a test file:
  // ORACLE: args -std=c++20      extra arguments for both tools (%S is
                                  the test file's folder, as in lit)
  // ORACLE: host                 compare against `nvcc -c`
  // ORACLE: no-extended-lambda   nvcc without --extended-lambda; xlambda
                                  checks it as an nvcc command (through a
                                  compile database) without the flag
  // ORACLE: skip <reason>        not an oracle case (the reason is printed)
  // ORACLE: plugin-skip <reason> not a case for --plugin (clang itself
                                  rejects the file; the reason is printed)

Exit status: 0 all passed, 1 a case failed, 77 nvcc is not installed (ctest
reports the suite as skipped).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

NVCC_ERROR = re.compile(r'^(?P<file>.+?)\((?P<line>\d+)\): (catastrophic |internal )?error')
# the host compiler (gcc) in nvcc -c: "file.cu:12:5: error: ..."
HOST_ERROR = re.compile(r'^(?P<file>[^:\s]+?):(?P<line>\d+):(\d+:)? (fatal )?error')
# nvcc's front end, for an error inside a header instantiated from the case:
# "          instantiation of ... at line 18 of t.cu"
EDG_TRACE = re.compile(r'\bat line (?P<line>\d+) of (?P<file>\S+)$')
# gcc, for an error in a header reached from the case: "t.cu:14:50:   required from here"
GCC_TRACE = re.compile(r'^(?P<file>[^:\s]+?):(?P<line>\d+):(\d+:)?\s+required from')


def directives(path, plugin=False):
    args, mode, skip, ext = [], 'frontend', None, True
    with open(path, encoding='utf-8', errors='replace') as f:
        for line in f:
            m = re.match(r'\s*// ORACLE:\s*(\w+)\s*(.*)$', line)
            if not m:
                continue
            key, value = m.group(1), m.group(2).strip()
            if key == 'args':  # %S: the test file's folder, as in lit
                here = os.path.dirname(os.path.abspath(path))
                args += [a.replace('%S', here) for a in shlex.split(value)]
            elif key == 'host':
                mode = 'host'
            elif key == 'no':
                ext = False  # "no-extended-lambda"
            elif key == 'skip':
                skip = value or 'no reason given'
            elif key == 'plugin' and plugin and value.startswith('-skip'):
                skip = value[len('-skip'):].strip() or 'no reason given'
    if plugin and not ext and not skip:
        skip = 'nvcc without --extended-lambda: clang has no such mode'
    return args, mode, skip, ext


def nvcc_lines(nvcc, path, args, mode, ext, workdir):
    """nvcc's error lines in the file, and whether it also failed elsewhere."""
    out = os.path.join(workdir, 'out')
    cmd = [nvcc] + (['--extended-lambda'] if ext else []) + ['-std=c++17']
    cmd += ['-c', '-o', out + '.o'] if mode == 'host' else ['-cuda', '-o', out + '.ii']
    cmd += args + [path]
    proc = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    lines, elsewhere = set(), False
    base = os.path.basename(path)
    pending = False  # an error in another file, not yet traced back
    required = None  # the case file's line a gcc "required from" names
    for text in (proc.stdout + proc.stderr).splitlines():
        r = GCC_TRACE.match(text)
        if r and os.path.basename(r.group('file')) == base:
            required = int(r.group('line'))
            continue
        m = NVCC_ERROR.match(text) or HOST_ERROR.match(text)
        if m:
            if os.path.basename(m.group('file')) == base:
                lines.add(int(m.group('line')))
                pending = False
            elif required:
                lines.add(required)  # gcc traced it to the case file above
                pending = False
            else:
                pending = True  # maybe traced back to the case file below
            required = None
            continue
        t = EDG_TRACE.search(text)
        if pending and t and os.path.basename(t.group('file')) == base:
            # the innermost point of the case file that leads to it
            lines.add(int(t.group('line')))
            pending = False
        elif pending and not text.startswith(' '):
            elsewhere = True  # an error in another file, not traced back
            pending = False
    elsewhere = elsewhere or pending
    # a compile that fails without a line we can read failed elsewhere too
    if proc.returncode != 0 and not lines:
        elsewhere = True
    return lines, elsewhere, proc


class Verdict:
    """What nvcc_lines() keeps of a run (a cache entry)."""
    def __init__(self, d):
        self.returncode, self.stdout, self.stderr = d['rc'], d['out'], ''


def nvcc_cached(cache, nvcc, path, args, mode, ext, workdir):
    """nvcc_lines(), remembered in the cache directory when there is one."""
    if not cache:
        return nvcc_lines(nvcc, path, args, mode, ext, workdir)
    with open(path, 'rb') as f:
        key = hashlib.sha256(f.read() + json.dumps(
            [os.path.abspath(path), args, mode, ext, cache['version']]).encode())
    entry = os.path.join(cache['dir'], key.hexdigest() + '.json')
    if os.path.exists(entry):
        with open(entry) as f:
            d = json.load(f)
        return set(d['lines']), d['elsewhere'], Verdict(d)
    lines, elsewhere, proc = nvcc_lines(nvcc, path, args, mode, ext, workdir)
    d = {'lines': sorted(lines), 'elsewhere': elsewhere, 'rc': proc.returncode,
         'out': (proc.stdout + proc.stderr)[-4000:]}
    tmp = entry + '.%d.tmp' % os.getpid()
    with open(tmp, 'w') as f:
        json.dump(d, f)
    os.replace(tmp, entry)
    return lines, elsewhere, proc


PLUGIN_DIAG = re.compile(r'^(?P<file>.+?):(?P<line>\d+):\d+: error: (?P<msg>.*?)'
                         r'(?: \[(?P<rule>[a-z0-9_]+)(?:,[^\]]*)?\])?$')


def plugin_lines(plugin, path, args, mode, oracle_of):
    """The plugin's error lines of oracle rules, or ('clang', [...])."""
    cuda = os.environ.get('CUDA_PATH', '/usr/local/cuda')
    cmd = [plugin['clang'], '-fsyntax-only', '-x', 'cuda', '-std=c++17',
           '--cuda-gpu-arch=sm_75', '-Wno-unknown-cuda-version',
           '-fno-caret-diagnostics', '-fno-color-diagnostics',
           '-isystem', os.path.join(cuda, 'include', 'cccl')] + args + [
           '-fplugin=' + plugin['so'], path]
    proc = subprocess.run(cmd, capture_output=True, text=True, errors='replace')
    lines, ours, clang = set(), set(), []
    for text in proc.stderr.splitlines():
        m = PLUGIN_DIAG.match(text)
        if not m or os.path.abspath(m.group('file')) != os.path.abspath(path):
            continue
        line = int(m.group('line'))
        if not m.group('rule'):
            clang.append({'line': line, 'message': m.group('msg')})
            continue
        ours.add(line)
        kind = oracle_of.get(m.group('rule'), 'frontend')
        if kind == mode or (mode == 'host' and kind == 'frontend'):
            lines.add(line)
    clang = [c for c in clang if c['line'] not in ours]
    if clang:
        return ('clang', clang), proc
    return lines, proc


def xlambda_command(xlambda, path, args, ext, workdir):
    """The xlambda command line: a plain check, or, without --extended-lambda,
    a check of an nvcc command through a compile database."""
    if ext:
        return [xlambda, 'check', '--quiet', '--format=json', path, '--'] + args
    entry = {'directory': os.path.dirname(os.path.abspath(path)),
             'file': os.path.abspath(path),
             'arguments': ['nvcc', '-std=c++17'] + args + ['-c', os.path.abspath(path)]}
    with open(os.path.join(workdir, 'compile_commands.json'), 'w') as f:
        json.dump([entry], f)
    return [xlambda, 'check', '--quiet', '--format=json', '-p', workdir, os.path.abspath(path)]


def xlambda_lines(xlambda, path, args, mode, ext, oracle_of, workdir):
    proc = subprocess.run(xlambda_command(xlambda, path, args, ext, workdir),
                          capture_output=True, text=True, errors='replace')
    if proc.returncode not in (0, 1):
        return None, proc
    lines, clang_errors = set(), []
    for d in json.loads(proc.stdout)['diagnostics']:
        if d['severity'] != 'error' or os.path.abspath(d['file']) != os.path.abspath(path):
            continue
        if d['rule'] == 'clang-diagnostic-error':
            clang_errors.append(d)
            continue
        kind = oracle_of.get(d['rule'], 'frontend')
        if kind == mode or (mode == 'host' and kind == 'frontend'):
            lines.add(d['line'])
    if clang_errors:
        return ('clang', clang_errors), proc
    return lines, proc


def rule_oracles(xlambda):
    """rule id -> frontend|host|silent, from `xlambda --list-rules --format=json`."""
    proc = subprocess.run([xlambda, '--list-rules', '--format=json'],
                          capture_output=True, text=True, check=True)
    return {r['id']: r['oracle'] for r in json.loads(proc.stdout)['rules']}


def run_case(path, nvcc, xlambda, oracle_of, plugin=None, cache=None):
    args, mode, skip, ext = directives(path, plugin is not None)
    if skip:
        return 'SKIP', path, skip
    with tempfile.TemporaryDirectory(prefix='xl-oracle-') as tmp:
        want, elsewhere, nproc = nvcc_cached(cache, nvcc, path, args, mode,
                                             ext, tmp)
        if plugin:
            got, xproc = plugin_lines(plugin, path, args, mode, oracle_of)
        else:
            got, xproc = xlambda_lines(xlambda, path, args, mode, ext,
                                       oracle_of, tmp)
    if got is None:
        return 'FAIL', path, 'xlambda exited %d: %s' % (xproc.returncode, xproc.stderr.strip())
    if isinstance(got, tuple):
        first = got[1][0]
        return 'FAIL', path, 'clang could not parse it: line %d: %s' % (first['line'], first['message'])
    extra = got - want
    if want <= got and bool(extra) == (elsewhere and mode == 'host') and \
            (not elsewhere or mode == 'host'):
        where = ' (+ %s: nvcc failed in its generated files)' % sorted(extra) if extra else ''
        return 'PASS', path, '%s: %d error line(s) agree%s' % (mode, len(want), where)
    detail = 'nvcc (%s) errors on lines %s%s, xlambda on %s' % (
        mode, sorted(want), ' and elsewhere' if elsewhere else '', sorted(got))
    if elsewhere:
        detail += '\n' + (nproc.stdout + nproc.stderr)[-2000:]
    return 'FAIL', path, detail


def collect(paths):
    for p in paths:
        if os.path.isdir(p):
            for dirpath, dirnames, filenames in os.walk(p):
                dirnames[:] = sorted(d for d in dirnames if d not in ('Inputs', 'Output'))
                for name in sorted(filenames):
                    if name.endswith('.cu'):
                        yield os.path.join(dirpath, name)
        else:
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('--nvcc', default=os.path.join(os.environ.get('CUDA_PATH', '/usr/local/cuda'), 'bin', 'nvcc'))
    ap.add_argument('--plugin', help='check through this clang plugin instead')
    ap.add_argument('--clang', default='/usr/lib/llvm-22/bin/clang++')
    ap.add_argument('--nvcc-cache', help='directory keeping nvcc verdicts')
    ap.add_argument('-j', type=int, default=os.cpu_count() or 2)
    ap.add_argument('paths', nargs='+')
    opts = ap.parse_args()
    if not os.path.exists(opts.nvcc):
        print('oracle: nvcc not found at %s; skipping the nvcc oracle suite' % opts.nvcc)
        return 77
    oracle_of = rule_oracles(opts.xlambda)
    plugin = {'so': opts.plugin, 'clang': opts.clang} if opts.plugin else None
    cache = None
    if opts.nvcc_cache:
        os.makedirs(opts.nvcc_cache, exist_ok=True)
        version = subprocess.run([opts.nvcc, '--version'], capture_output=True,
                                 text=True).stdout
        cache = {'dir': opts.nvcc_cache, 'version': version}
    cases = list(collect(opts.paths))
    counts = {'PASS': 0, 'FAIL': 0, 'SKIP': 0}
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts.j) as pool:
        futures = [pool.submit(run_case, c, opts.nvcc, opts.xlambda, oracle_of,
                               plugin, cache) for c in cases]
        for fut in futures:
            status, path, detail = fut.result()
            counts[status] += 1
            print('%s: %s (%s)' % (status, os.path.relpath(path), detail), flush=True)
    print('%d passed, %d failed, %d skipped' % (counts['PASS'], counts['FAIL'], counts['SKIP']))
    return 1 if counts['FAIL'] else 0


if __name__ == '__main__':
    sys.exit(main())
