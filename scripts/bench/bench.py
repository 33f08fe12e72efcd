#!/usr/bin/env python3
"""bench.py: xlambda against nvcc and clang, side by side (issue 8).

Every tool runs on the same translation unit one after the other before
the next unit starts, so a change of load affects all of them alike; the
tables give sums and ratios. Each run is one process, measured with
wait4(2): wall time, CPU time (user + system, children included: nvcc's
pipeline) and peak RSS. The load average is printed before and after.

  bench.py real  --set kokkos:BUILD:LIST --set cccl:BUILD:LIST --per 10
                 [--skip] [--repeat N]
      For each picked entry of each compile database (LIST: one source
      path a line; --per N picks N evenly spaced ones): nvcc with its own
      command turned into `-cuda --time` (the host front end is
      `gcc (preprocessing 4)` + `cudafe++`; the whole run is nvcc -cuda),
      `xlambda check --parse=full` (cold: the rows "cold check"; the
      cache's runs parse in full too), the bare libclang parse of the same clang
      arguments (parse_floor.c), `clang++ -fsyntax-only` with them, and
      `xlambda check --cache-dir` twice (a miss that stores, then a hit).
      Units whose device side xlambda parses also get a device-side floor.
      --skip also times `xlambda check --parse=skip` (cold, the default
      since issue 20) and compares its JSON output and exit code with the
      full parse's. --repeat N runs nvcc -cuda, nvcc's front end and both
      checks N times each and keeps the least CPU time of each (the runs
      of one command on this machine spread by a third); every skip run
      must equal the full one.
  bench.py jobs  --db BUILD --match REGEX --count 60
      `xlambda check -j1` and `-j2` on the same entries, twice each,
      alternating.
  bench.py growth [--lambdas 1,10,100,1000] [--tus 1,10,100,500]
      Generated inputs: N extended lambdas in one file (xlambda and the
      floor), and N small translation units in one database (-j2, cold,
      then warm through the cache).

  bench.py parse [--db BUILD (--match REGEX --count N | --units LIST)]
                 [-j N] [FILES...]
      `xlambda check --parse=full` against `--parse=skip` (issue 20), one
      after the other on each unit, --repeat times: CPU time and peak RSS
      of each, and whether the two JSON outputs and exit codes are equal.
      FILES are test cases (their `%xlambda check ... -- ARGS` RUN line
      gives the arguments) or directories of them; --db picks entries of
      a compile database (--units: the entries whose file is a line of
      LIST, as scripts/select-lambda-units.py prints them). -j N measures
      N units at once, each process still -j1 and measured alone.
      --device-share also times a copy of each of FILES with
      __CUDA_ARCH__ renamed (it and the files it includes with quotes):
      the host side alone, so the difference is the device side's cost.
      --baseline XLAMBDA times that build's --parse=skip too, interleaved,
      and compares its findings with the full parse's apart ("equal" on a
      unit's line is the skip parse's against the full parse's).
      --reference JSON takes each unit's --parse=full run from an earlier
      run's --json (same units) instead of running it again: its CPU time
      and peak RSS, and its output's hash, which runs since 2026-11-28
      keep (an older JSON has none: findings are then not compared).
      scripts/bench/amrex holds AMReX-style units whose every lambda tests
      __CUDA_ARCH__.

--json FILE keeps the raw measurements. Not a timed test: run it by hand
and copy the tables into docs/performance.md with the load it printed.
"""
import argparse
import concurrent.futures
import csv
import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LLVM = '/usr/lib/llvm-22'


def load():
    with open('/proc/loadavg') as f:
        return ' '.join(f.read().split()[:3])


def measure(argv, cwd=None, out=None, timeout=None):
    """Run argv; wall and CPU seconds, peak RSS (MiB), exit code, stdout."""
    with tempfile.TemporaryFile() as so, open(out or os.devnull, 'wb') as se:
        t0 = time.monotonic()
        p = subprocess.Popen(argv, cwd=cwd, stdout=so, stderr=se)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.monotonic() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        so.seek(0)
        text = so.read().decode(errors='replace')
    return {'wall': wall, 'cpu': ru.ru_utime + ru.ru_stime,
            'rss': ru.ru_maxrss / 1024.0, 'rc': p.returncode,
            'stdout': text}


def result(r):
    """What two xlambda runs must agree on: exit code and output."""
    return (r['rc'], r['stdout'])


def clang_errors(r):
    """Whether a JSON run reported clang's own errors."""
    return 'clang-diagnostic-error' in r['stdout']


def build_floor(tmp):
    exe = os.path.join(tmp, 'parse_floor')
    subprocess.check_call(['cc', '-O2', os.path.join(HERE, 'parse_floor.c'),
                           '-I' + LLVM + '/include', '-L' + LLVM + '/lib',
                           '-Wl,-rpath,' + LLVM + '/lib', '-lclang', '-o',
                           exe])
    return exe


# ---- compile databases -------------------------------------------------------

def entry_argv(e):
    return e['arguments'] if 'arguments' in e else shlex.split(e['command'])


def pick(items, n):
    """n evenly spaced items of a sorted list (deterministic)."""
    items = sorted(items)
    if n >= len(items):
        return items
    return [items[(2 * i + 1) * len(items) // (2 * n)] for i in range(n)]


def one_entry_db(tmp, e, name):
    d = os.path.join(tmp, 'db', name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, 'compile_commands.json'), 'w') as f:
        json.dump([e], f)
    return d


def nvcc_cuda_argv(e, ii, csv_path):
    """The entry's nvcc command, producing the .ii (-cuda) with --time."""
    argv, out, skip = [], [], False
    for a in entry_argv(e):
        if skip:
            skip = False
            continue
        if a in ('-c', '--compile'):
            continue
        if a in ('-o', '--output-file'):
            skip = True
            continue
        out.append(a)
    argv = out + ['-cuda', '-o', ii, '--time', csv_path]
    if not any('extended-lambda' in a for a in argv):
        argv.insert(1, '--extended-lambda')
    return argv


def nvcc_phases(csv_path):
    """(host front end ms, all phases ms) from nvcc --time's CSV."""
    fe = total = 0.0
    try:
        with open(csv_path) as f:
            rows = list(csv.reader(f))
    except OSError:
        return None, None
    for r in rows[1:]:
        if len(r) < 7:
            continue
        phase, ms = r[1].strip(), float(r[6])
        total += ms
        if phase in ('gcc (preprocessing 4)', 'cudafe++'):
            fe += ms
    return fe / 1000.0, total / 1000.0


def nvcc_fe_cpu(e, tmp):
    """CPU seconds of nvcc's host front end alone: the `gcc -E` and
    `cudafe++` commands of `nvcc -cuda --dryrun`, run with its settings."""
    argv = nvcc_cuda_argv(e, os.path.join(tmp, 'dry.ii'),
                          os.path.join(tmp, 'dry.csv'))
    argv = [a for a in argv if a != '--time' and not a.endswith('dry.csv')]
    r = subprocess.run(argv + ['--dryrun'], cwd=e['directory'],
                       capture_output=True, text=True)
    env, steps = dict(os.environ), []
    for line in r.stderr.splitlines():
        if not line.startswith('#$ '):
            continue
        cmd = line[3:]
        m = re.match(r'^([A-Za-z_][A-Za-z0-9_]*)=(.*)$', cmd)
        if m and ' ' not in m.group(1):
            val = subprocess.run(['sh', '-c', 'printf %s "' + m.group(2)
                                  .replace('"', '') + '"'], env=env,
                                 capture_output=True, text=True).stdout
            env[m.group(1)] = val
            continue
        # the host compiler (gcc, or -ccbin's) preprocessing for the host
        host_cpp = ' -E ' in cmd and '-D__CUDA_ARCH__=' not in cmd
        if (host_cpp and not steps) or (cmd.startswith('cudafe++') and
                                         len(steps) == 1):
            steps.append(cmd)
    cpu = wall = 0.0
    for cmd in steps:
        t0 = time.monotonic()
        p = subprocess.Popen(['sh', '-c', cmd], cwd=e['directory'], env=env,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        wall += time.monotonic() - t0
        cpu += ru.ru_utime + ru.ru_stime
        if p.returncode != 0:
            return None
    return {'cpu': cpu, 'wall': wall} if len(steps) == 2 else None


def dump_args(xlambda, db):
    r = measure([xlambda, 'check', '-p', db, '--dump-args'])
    return [l for l in r['stdout'].splitlines() if l and not l.startswith('# ')]


def device_args(host):
    args = ['--cuda-device-only' if a == '--cuda-host-only' else a
            for a in host]
    args.append('-include/xlambda-device-prelude.h')
    if not any(a.startswith(('--cuda-gpu-arch', '--offload-arch'))
               for a in host):
        args.append('--cuda-gpu-arch=sm_75')
    return args


PRELUDE = ('#if defined(__CUDA_ARCH__)\n'
           'extern "C" int cudaConfigureCall(dim3, dim3, size_t = 0,\n'
           '                                   cudaStream_t = 0);\n'
           '#endif\n')


def device_parsed(cache):
    for dirpath, _, files in os.walk(cache):
        for f in files:
            if f.endswith('.json'):
                with open(os.path.join(dirpath, f)) as fh:
                    return bool(json.load(fh)['facts'].get('device'))
    return False


# ---- real: one unit ----------------------------------------------------------

def least_cpu(n, run):
    """The result of least CPU time among n calls of run() (--repeat), with
    every call's CPU seconds under 'cpu_runs'; None when a call gives
    None (nvcc_fe_cpu: the front end's commands not found or failed)."""
    rs = [run() for _ in range(max(n, 1))]
    if any(r is None for r in rs):
        return None
    best = dict(min(rs, key=lambda r: r['cpu']))
    best['cpu_runs'] = [r['cpu'] for r in rs]
    return best


def bench_unit(a, tmp, floor, e, label):
    file = e['file']
    db = one_entry_db(tmp, e, label)
    xl = a.xlambda
    res = {'file': file, 'set': label.split('-')[0]}
    ii = os.path.join(tmp, 'nvcc.ii')
    tcsv = os.path.join(tmp, 'nvcc.csv')
    def check(mode):
        return [xl, 'check', '--parse=' + mode, '-p', db, '-j1',
                '--no-progress', '--format=json']

    def nvcc():  # its --time CSV (the phases) kept from the last run
        if os.path.exists(tcsv):
            os.unlink(tcsv)
        return measure(nvcc_cuda_argv(e, ii, tcsv), cwd=e['directory'])

    def skip():
        runs.append(measure(check('skip')))
        return runs[-1]

    runs = []
    res['nvcc'] = least_cpu(a.repeat, nvcc)
    res['nvcc_fe'], res['nvcc_phases'] = nvcc_phases(tcsv)
    res['nvcc_fe_run'] = least_cpu(a.repeat, lambda: nvcc_fe_cpu(e, tmp))
    res['xlambda'] = least_cpu(a.repeat, lambda: measure(
        check('full'), out=os.path.join(tmp, label + '.xl.err')))
    if a.skip:  # the same check with --parse=skip; equal output and exit code
        res['skip'] = least_cpu(a.repeat, skip)
        res['skip_equal'] = all(result(r) == result(res['xlambda'])
                                for r in runs)
        res['clang_errors'] = clang_errors(res['xlambda'])
    args = dump_args(xl, db)
    res['floor'] = measure([floor, file] + args)
    res['clang'] = measure([LLVM + '/bin/clang++'] + args +
                           ['-fsyntax-only', file])
    cache = os.path.join(tmp, 'cache', label)
    res['store'] = measure([xl, 'check', '-p', db, '-j1', '--no-progress',
                            '--cache-dir', cache])
    res['hit'] = measure([xl, 'check', '-p', db, '-j1', '--no-progress',
                          '--cache-dir', cache],
                         out=os.path.join(tmp, label + '.hit.err'))
    with open(os.path.join(tmp, label + '.hit.err')) as f:
        res['hit_ok'] = 'cache: 1 hit, 0 misses' in f.read()
    res['device'] = device_parsed(cache)
    if res['device']:
        prelude = os.path.join(tmp, 'prelude.h')
        with open(prelude, 'w') as f:
            f.write(PRELUDE)
        res['floor_device'] = measure(
            [floor, '--unsaved', '/xlambda-device-prelude.h=' + prelude,
             file] + device_args(args))
    for k in ('nvcc', 'xlambda', 'floor', 'clang', 'store', 'hit',
              'floor_device', 'skip'):
        if k in res:
            res[k].pop('stdout', None)
    return res


def fmt(x):
    return '%.1f' % x if x >= 10 else '%.2f' % x


def real_table(units):
    print('\nCPU seconds (user + system) per unit; wall seconds in brackets:')
    print('\n| unit | nvcc FE | nvcc -cuda | xlambda | floor | clang++ | hit '
          '| xl/FE | xl/floor | RSS xl/clang |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for u in units:
        name = u['set'] + ':' + os.path.basename(u['file'])
        fe = (u['nvcc_fe_run'] or {}).get('cpu', float('nan'))
        print('| %s%s | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s (%s) | %s '
              '| %.2f | %.3f | %.2f |' % (
                  name, ' (dev)' if u['device'] else '', fmt(fe),
                  fmt(u['nvcc_fe'] or float('nan')), fmt(u['nvcc']['cpu']),
                  fmt(u['nvcc']['wall']), fmt(u['xlambda']['cpu']),
                  fmt(u['xlambda']['wall']), fmt(u['floor']['cpu']),
                  fmt(u['floor']['wall']), fmt(u['clang']['cpu']),
                  fmt(u['clang']['wall']), fmt(u['hit']['cpu']),
                  u['xlambda']['cpu'] / fe,
                  u['xlambda']['cpu'] / u['floor']['cpu'],
                  u['xlambda']['rss'] / u['clang']['rss']))


def compiled(units):
    """The units with every measurement: nvcc compiled them and the cold
    check ran to the end (exit code 0 or 1)."""
    return [u for u in units if u['nvcc_fe'] and u['nvcc_fe_run'] and
            u['nvcc']['rc'] == 0 and u['xlambda']['rc'] in (0, 1)]


def real_summary(units):
    ok = compiled(units)
    if not ok:
        print('\nno unit with all measurements')
        return
    s = lambda key, f: sum(u[key][f] for u in ok)
    fe_cpu = sum(u['nvcc_fe_run']['cpu'] for u in ok)
    fe_wall = sum(u['nvcc_fe'] for u in ok)
    dev = [u for u in ok if u['device']]
    print('\nsums over the %d units nvcc compiled:' % len(ok))
    print('| measure | compared with | xlambda | other | ratio | goal |')
    print('|---|---|---|---|---|---|')
    rows = [
        ('cold check, CPU', "nvcc's host front end (gcc -E + cudafe++), CPU",
         s('xlambda', 'cpu'), fe_cpu, '<= 0.8'),
        ('cold check, wall', "nvcc's host front end, wall (nvcc --time)",
         s('xlambda', 'wall'), fe_wall, '<= 0.8'),
        ('cold check, CPU', 'nvcc --extended-lambda -cuda, CPU',
         s('xlambda', 'cpu'), s('nvcc', 'cpu'), '<= 0.35'),
        ('cold check, wall', 'nvcc --extended-lambda -cuda, wall',
         s('xlambda', 'wall'), s('nvcc', 'wall'), '<= 0.35'),
        ('cold check, CPU', 'bare libclang parse, CPU', s('xlambda', 'cpu'),
         s('floor', 'cpu'), '<= 1.05'),
        ('cold check, wall', 'bare libclang parse, wall', s('xlambda', 'wall'),
         s('floor', 'wall'), '<= 1.05'),
        ('bare libclang parse, CPU', 'clang++ -fsyntax-only, CPU',
         s('floor', 'cpu'), s('clang', 'cpu'), ''),
        ('cache hit, CPU', 'cold check, CPU', s('hit', 'cpu'),
         s('xlambda', 'cpu'), '<= 0.05'),
        ('cache hit, wall', 'cold check, wall', s('hit', 'wall'),
         s('xlambda', 'wall'), '<= 0.05'),
        ('cache miss (records, stores), CPU', 'cold check, CPU',
         s('store', 'cpu'), s('xlambda', 'cpu'), ''),
    ]
    if dev:
        rows.append(('device-side floor (%d units), CPU' % len(dev),
                     'host floor of those units, CPU',
                     sum(u['floor_device']['cpu'] for u in dev),
                     sum(u['floor']['cpu'] for u in dev), ''))
    for name, other, x, y, goal in rows:
        print('| %s | %s | %s s | %s s | %s | %s |' % (
            name, other, fmt(x), fmt(y), '%.3f' % (x / y) if y else '-',
            goal))
    rss = sorted(u['xlambda']['rss'] / u['clang']['rss'] for u in ok)
    print('| peak RSS per unit | clang++ -fsyntax-only | max %.2f, median '
          '%.2f | | | <= 1.2 |' % (rss[-1], rss[len(rss) // 2]))
    print('cache hits confirmed by the summary line: %d of %d' % (
        sum(1 for u in ok if u['hit_ok']), len(ok)))


def real_skip(units):
    """--skip: the cold check with --parse=skip against nvcc and the full
    parse, per unit and summed over the units nvcc compiled."""
    ok = compiled(units)
    print('\n--parse=skip, CPU seconds (peak RSS MiB):')
    print('\n| unit | nvcc FE | nvcc -cuda | full | skip | skip/full '
          '| skip/FE | skip/-cuda | RSS full / skip | findings |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for u in ok:
        fe = u['nvcc_fe_run']['cpu']
        print('| %s:%s%s%s | %s | %s | %s | %s | %.2f | %.2f | %.2f '
              '| %.0f / %.0f | %s |' % (
                  u['set'], os.path.basename(u['file']),
                  ' (dev)' if u['device'] else '',
                  ' (clang errors)' if u['clang_errors'] else '', fmt(fe),
                  fmt(u['nvcc']['cpu']), fmt(u['xlambda']['cpu']),
                  fmt(u['skip']['cpu']),
                  u['skip']['cpu'] / u['xlambda']['cpu'],
                  u['skip']['cpu'] / fe, u['skip']['cpu'] / u['nvcc']['cpu'],
                  u['xlambda']['rss'], u['skip']['rss'],
                  'equal' if u['skip_equal'] else 'DIFFERENT'))
    if not ok:
        return
    fe = sum(u['nvcc_fe_run']['cpu'] for u in ok)
    cuda = sum(u['nvcc']['cpu'] for u in ok)
    full = sum(u['xlambda']['cpu'] for u in ok)
    skip = sum(u['skip']['cpu'] for u in ok)
    worst = max(ok, key=lambda u: u['skip']['cpu'] / u['nvcc_fe_run']['cpu'])
    print('\n| measure | compared with | xlambda | other | ratio | goal |')
    print('|---|---|---|---|---|---|')
    for other, y, goal in (("nvcc's host front end, CPU", fe, '<= 0.6'),
                           ('nvcc --extended-lambda -cuda, CPU', cuda,
                            '<= 0.25'),
                           ('cold check --parse=full, CPU', full, '')):
        print('| cold check --parse=skip, CPU | %s | %s s | %s s | %.3f | %s |'
              % (other, fmt(skip), fmt(y), skip / y, goal))
    print('highest unit: %s, %.2fx the front end (goal <= 0.8); %d of %d '
          'units equal to --parse=full; %d with clang errors' % (
              os.path.basename(worst['file']),
              worst['skip']['cpu'] / worst['nvcc_fe_run']['cpu'],
              sum(u['skip_equal'] for u in ok), len(ok),
              sum(u['clang_errors'] for u in ok)))


def cmd_real(a):
    units, entries = [], []
    for spec in a.set:
        name, build, lst = spec.split(':')
        with open(os.path.join(build, 'compile_commands.json')) as f:
            db = {e['file']: e for e in json.load(f)}
        with open(lst) as f:
            files = [l.strip() for l in f if l.strip() in db]
        entries += [(name, db[x]) for x in pick(files, a.per)]
    tmp = tempfile.mkdtemp(prefix='xl-bench-')
    floor = build_floor(tmp)
    print('load before: %s; %d units' % (load(), len(entries)), flush=True)
    t0 = time.time()
    for i, (name, e) in enumerate(entries):
        u = bench_unit(a, tmp, floor, e, '%s-%d' % (name, i))
        units.append(u)
        if a.json:  # kept as it goes: a long run that fails keeps its data
            with open(a.json, 'w') as f:
                json.dump({'cmd': sys.argv, 'partial': True, 'results': units},
                          f, indent=1)
        print('[%d/%d] %s nvcc %.1f fe %s xlambda %.1f floor %.1f clang %.1f '
              'hit %.2f%s load %s' % (
                  i + 1, len(entries), os.path.basename(e['file']),
                  u['nvcc']['wall'], u['nvcc_fe'], u['xlambda']['wall'],
                  u['floor']['wall'], u['clang']['wall'], u['hit']['wall'],
                  ' skip %.1f %s' % (u['skip']['wall'], 'equal' if
                                     u['skip_equal'] else 'DIFFERENT')
                  if a.skip else '', load()), flush=True)
    print('load after: %s; %.0f s in all' % (load(), time.time() - t0))
    real_table(units)
    real_summary(units)
    if a.skip:
        real_skip(units)
    shutil.rmtree(tmp, ignore_errors=True)
    return units


# ---- jobs ---------------------------------------------------------------------

def cmd_jobs(a):
    with open(os.path.join(a.db, 'compile_commands.json')) as f:
        db = [e for e in json.load(f) if re.search(a.match, e['file'])]
    entries = pick([e['file'] for e in db], a.count)
    byfile = {e['file']: e for e in db}
    tmp = tempfile.mkdtemp(prefix='xl-bench-jobs-')
    d = one_entry_db(tmp, byfile[entries[0]], 'all')
    with open(os.path.join(d, 'compile_commands.json'), 'w') as f:
        json.dump([byfile[x] for x in entries], f)
    res = {'count': len(entries), 'runs': []}
    print('load before: %s; %d units' % (load(), len(entries)), flush=True)
    for rep in range(a.repeat):
        for j in (1, 2):
            r = measure([a.xlambda, 'check', '-p', d, '-j%d' % j,
                         '--no-progress'])
            r.pop('stdout')
            r['j'] = j
            r['load'] = load()
            res['runs'].append(r)
            print('-j%d: wall %.1f s, CPU %.1f s, load %s' % (
                j, r['wall'], r['cpu'], r['load']), flush=True)
    w1 = sum(r['wall'] for r in res['runs'] if r['j'] == 1)
    w2 = sum(r['wall'] for r in res['runs'] if r['j'] == 2)
    print('\n| units | -j1 wall | -j2 wall | speed-up | goal |')
    print('|---|---|---|---|---|')
    print('| %d | %.1f s | %.1f s | %.2f | >= 1.8 |' % (
        len(entries), w1 / a.repeat, w2 / a.repeat, w1 / w2))
    shutil.rmtree(tmp, ignore_errors=True)
    return res


# ---- growth -------------------------------------------------------------------

KERNEL = 'template <class F> __global__ void kernel(F f) { f(0); }\n'


def lambdas_file(n):
    """n extended lambdas, one per function; every 10th captures by
    reference (a finding)."""
    out = [KERNEL]
    for i in range(n):
        cap = '&' if i % 10 == 9 else '='
        out.append('void f%d(float *p, float a) {\n'
                   '  kernel<<<1, 1>>>([%s] __device__ (int j) '
                   '{ p[j] *= a + %d; });\n}\n' % (i, cap, i))
    return ''.join(out)


def cmd_growth(a):
    tmp = tempfile.mkdtemp(prefix='xl-bench-growth-')
    floor = build_floor(tmp)
    res = {'lambdas': [], 'tus': []}
    print('load before: %s' % load(), flush=True)
    for n in [int(x) for x in a.lambdas.split(',') if x]:
        src = os.path.join(tmp, 'l%d.cu' % n)
        with open(src, 'w') as f:
            f.write(lambdas_file(n))
        e = {'directory': tmp, 'file': src,
             'arguments': ['nvcc', '--extended-lambda', '-c', src]}
        db = one_entry_db(tmp, e, 'l%d' % n)
        xl = measure([a.xlambda, 'check', '-p', db, '-j1', '--no-progress'])
        fl = measure([floor, src] + dump_args(a.xlambda, db))
        res['lambdas'].append({'n': n, 'xlambda': xl['wall'],
                               'xlambda_cpu': xl['cpu'], 'floor': fl['wall'],
                               'floor_cpu': fl['cpu'], 'rss': xl['rss']})
        print('%d lambdas: xlambda %.2f s (CPU %.2f), floor %.2f s (CPU %.2f),'
              ' load %s' % (n, xl['wall'], xl['cpu'], fl['wall'], fl['cpu'],
                            load()), flush=True)
    for n in [int(x) for x in a.tus.split(',') if x]:
        d = os.path.join(tmp, 'tus%d' % n)
        os.makedirs(d)
        db = []
        for i in range(n):
            src = os.path.join(d, 't%d.cu' % i)
            with open(src, 'w') as f:
                f.write(lambdas_file(3).replace('void f', 'void t%d_f' % i))
            db.append({'directory': d, 'file': src,
                       'arguments': ['nvcc', '--extended-lambda', '-c', src]})
        with open(os.path.join(d, 'compile_commands.json'), 'w') as f:
            json.dump(db, f)
        cache = os.path.join(d, 'cache')
        cold = measure([a.xlambda, 'check', '-p', d, '-j2', '--no-progress',
                        '--cache-dir', cache])
        warm = measure([a.xlambda, 'check', '-p', d, '-j2', '--no-progress',
                        '--cache-dir', cache])
        res['tus'].append({'n': n, 'cold': cold['wall'], 'cold_cpu': cold['cpu'],
                           'warm': warm['wall'], 'warm_cpu': warm['cpu']})
        print('%d units: cold %.1f s (CPU %.1f), warm %.2f s (CPU %.2f), '
              'load %s' % (n, cold['wall'], cold['cpu'], warm['wall'],
                           warm['cpu'], load()), flush=True)
    print('load after: %s' % load())
    print('\nCPU seconds (wall in brackets):')
    print('\n| lambdas in one file | xlambda | floor | xlambda - floor '
          '| per lambda | peak RSS |')
    print('|---|---|---|---|---|---|')
    for r in res['lambdas']:
        extra = r['xlambda_cpu'] - r['floor_cpu']
        print('| %d | %.2f (%.2f) | %.2f (%.2f) | %.2f | %.3f ms | %.0f MiB |' % (
            r['n'], r['xlambda_cpu'], r['xlambda'], r['floor_cpu'], r['floor'],
            extra, 1000 * extra / r['n'], r['rss']))
    print('\n| units (-j2) | cold CPU (wall) | CPU per unit | warm CPU (wall) '
          '| warm CPU per unit |')
    print('|---|---|---|---|---|')
    for r in res['tus']:
        print('| %d | %.1f (%.1f) | %.2f | %.2f (%.2f) | %.2f ms |' % (
            r['n'], r['cold_cpu'], r['cold'], r['cold_cpu'] / r['n'],
            r['warm_cpu'], r['warm'], 1000 * r['warm_cpu'] / r['n']))
    shutil.rmtree(tmp, ignore_errors=True)
    return res


def parse_units(a, tmp):
    """(label, argv prefix, argv suffix) of each unit of `bench.py parse`."""
    units = []
    if a.db:
        with open(os.path.join(a.db, 'compile_commands.json')) as f:
            entries = [e for e in json.load(f) if re.search(a.match, e['file'])]
        by_file = {e['file']: e for e in entries}
        if a.units:
            with open(a.units) as f:
                wanted = [l.strip() for l in f if l.strip()]
            missing = [w for w in wanted if w not in by_file]
            if missing:
                sys.exit('bench.py: %d units of %s are not in the database, '
                         'the first: %s' % (len(missing), a.units, missing[0]))
            picked = sorted(set(wanted))
        else:
            picked = pick(list(by_file), a.count)
        for i, file in enumerate(picked):
            db = one_entry_db(tmp, by_file[file], 'parse-%d' % i)
            units.append((file, ['-p', db], []))
    sys.path.insert(0, os.path.join(ROOT, 'test', 'facts'))
    import verify_facts
    for path in verify_facts.cases(a.files):
        args = shlex.split(a.args) if a.args else verify_facts.case_args(path)
        units.append((path, [path], ['--'] + args))
    return units


NO_ARCH = 'XL_BENCH_NO_ARCH__'
COPY_LOCK = threading.Lock()


def host_only_copy(path, tmp, done=None):
    """Copy path, and the files it includes with quotes from beside it
    (recursively), into tmp with __CUDA_ARCH__ renamed to an undefined
    name: the host side preprocesses the copy exactly as the original,
    and no file needs the device side. Returns the copy's path."""
    done = {} if done is None else done
    path = os.path.abspath(path)
    if path in done:
        return done[path]
    out = os.path.join(tmp, 'host-only', os.path.relpath(path, '/'))
    done[path] = out
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    with open(out, 'w', encoding='utf-8') as f:
        f.write(text.replace('__CUDA_ARCH__', NO_ARCH))
    for inc in re.findall(r'^\s*#\s*include\s*"([^"]+)"', text, re.M):
        near = os.path.join(os.path.dirname(path), inc)
        if os.path.isfile(near):
            host_only_copy(near, tmp, done)
    return out


def parse_variants(a):
    """(name, xlambda, --parse mode) of each run of a unit."""
    out = [('skip', a.xlambda, 'skip')]
    if not a.reference:
        out.insert(0, ('full', a.xlambda, 'full'))
    if a.baseline:
        out.append(('base', a.baseline, 'skip'))
    return out


def parse_runs(a, row, pre, post, key=''):
    """Each variant a.repeat times, interleaved, into row."""
    names = [v[0] for v in parse_variants(a)]
    for name in names:
        row[name + key] = []
    for _ in range(a.repeat):
        for name, xlambda, mode in parse_variants(a):
            row[name + key].append(measure(
                [xlambda, 'check', '--parse=' + mode, '-j1',
                 '--format=json', '--no-progress', '--quiet'] + pre + post))
    for n in names:
        rc, text = result(row[n + key][0])
        row[n + key + '_sha'] = hashlib.sha256(
            ('%d\n%s' % (rc, text)).encode()).hexdigest()
    if a.reference:
        from_reference(a, row, key)
    else:
        row['clang_errors' + key] = clang_errors(row['full' + key][0])
    # equal: the skip parse's findings are the full parse's; the
    # baseline's are compared apart (it may have the gap being fixed)
    row['equal' + key] = same_sha(row, key, 'skip')
    if a.baseline:
        row['base_equal' + key] = same_sha(row, key, 'base')
    for n in names:
        row[n + key + '_cpu'] = min(r['cpu'] for r in row[n + key])
        row[n + key + '_rss'] = max(r['rss'] for r in row[n + key])
        for r in row[n + key]:
            r.pop('stdout')


def same_sha(row, key, name):
    """Whether variant name's output is the full parse's (None: not
    compared)."""
    shas = (row.get('full' + key + '_sha'), row.get(name + key + '_sha'))
    return None if None in shas else shas[0] == shas[1]


def from_reference(a, row, key):
    """The --parse=full run of row's unit from --reference's JSON."""
    ref = a.reference_rows.get(row['file'])
    if ref is None or ('full' + key) not in ref:
        sys.exit('bench.py: %s: not in --reference %s' % (row['file'],
                                                          a.reference))
    for f in ('', '_cpu', '_rss', '_sha'):
        row['full' + key + f] = ref.get('full' + key + f)
    row['clang_errors' + key] = ref.get('clang_errors' + key, False)


def print_share(a, res):
    """The device side's share of each variant (--device-share)."""
    for n in [v[0] for v in parse_variants(a)]:
        tot = sum(r[n + '_cpu'] for r in res)
        host = sum(r[n + '_host_cpu'] for r in res)
        print('%s: %.2f s CPU, host side alone %.2f s: device side %.2f s '
              '(%.0f%%)' % (n, tot, host, tot - host,
                            100 * (tot - host) / max(tot, 1e-9)))


def parse_unit(a, tmp, unit):
    """Every run of one unit of `bench.py parse`; prints its line."""
    label, pre, post = unit
    row = {'file': label}
    parse_runs(a, row, pre, post)
    if a.device_share and len(pre) == 1:
        with COPY_LOCK:  # units at once (-j) may include the same header
            copy = host_only_copy(pre[0], tmp)
        parse_runs(a, row, [copy], post, '_host')
    lines = ['%-60s full %6.2f s %5.0f MiB  skip %6.2f s %5.0f MiB  %.2fx %s'
             % (label[-60:], row['full_cpu'], row['full_rss'],
                row['skip_cpu'], row['skip_rss'],
                row['skip_cpu'] / max(row['full_cpu'], 1e-9),
                {True: 'equal', False: 'DIFFERENT',
                 None: 'not compared'}[row['equal']])]
    if 'base_cpu' in row:
        lines.append('%-60s baseline skip %6.2f s %5.0f MiB %s'
                     % ('', row['base_cpu'], row['base_rss'],
                        {True: 'equal', False: 'DIFFERENT',
                         None: 'not compared'}[row['base_equal']]))
    if 'full_host_cpu' in row:
        lines.append('%-60s host side alone: %s' % ('', '  '.join(
            '%s %6.2f s' % (v[0], row[v[0] + '_host_cpu'])
            for v in parse_variants(a))))
    print('\n'.join(lines), flush=True)
    return row


def cmd_parse(a):
    a.reference_rows = {}
    if a.reference:
        with open(a.reference) as f:
            a.reference_rows = {r['file']: r for r in json.load(f)['results']}
    print('load before: %s' % load())
    with tempfile.TemporaryDirectory() as tmp:
        units = parse_units(a, tmp)
        with concurrent.futures.ThreadPoolExecutor(max(a.jobs, 1)) as ex:
            res = list(ex.map(lambda u: parse_unit(a, tmp, u), units))
    full = sum(r['full_cpu'] for r in res)
    skip = sum(r['skip_cpu'] for r in res)
    print('%d units: full %.2f s CPU, skip %.2f s CPU (%.2fx); peak RSS '
          'max full %.0f MiB, skip %.0f MiB; %d with different findings'
          % (len(res), full, skip, skip / max(full, 1e-9),
             max([r['full_rss'] for r in res] or [0]),
             max([r['skip_rss'] for r in res] or [0]),
             sum(r['equal'] is False for r in res)))
    if any(r['equal'] is None for r in res):
        print('%d units not compared (--reference without hashes)'
              % sum(r['equal'] is None for r in res))
    if a.baseline:
        print('baseline: %d with findings different from the full parse\'s'
              % sum(r['base_equal'] is False for r in res))
    print('%d units with clang errors' % sum(r['clang_errors'] for r in res))
    if res and all('full_host_cpu' in r for r in res):
        print_share(a, res)
    print('load after: %s' % load())
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument('--xlambda', default=os.path.join(ROOT, 'build', 'bin',
                                                      'xlambda'))
    ap.add_argument('--json', help='write the raw measurements here')
    sub = ap.add_subparsers(dest='cmd', required=True)
    p = sub.add_parser('real')
    p.add_argument('--set', action='append', required=True,
                   help='NAME:BUILD_DIR:LIST_OF_FILES')
    p.add_argument('--per', type=int, default=10)
    p.add_argument('--repeat', type=int, default=1,
                   help='run nvcc -cuda, its front end and both checks N '
                   'times per unit and keep the least CPU time of each '
                   '(the runs of --parse=skip must all equal the full one)')
    p.add_argument('--skip', action='store_true',
                   help='also time the cold check with --parse=skip and '
                   'compare its output with --parse=full')
    p = sub.add_parser('jobs')
    p.add_argument('--db', required=True)
    p.add_argument('--match', default='.')
    p.add_argument('--count', type=int, default=60)
    p.add_argument('--repeat', type=int, default=2)
    p = sub.add_parser('growth')
    p.add_argument('--lambdas', default='1,10,100,1000')
    p.add_argument('--tus', default='1,10,100,500')
    p = sub.add_parser('parse')
    p.add_argument('--db')
    p.add_argument('--match', default='.')
    p.add_argument('--count', type=int, default=10)
    p.add_argument('--repeat', type=int, default=1)
    p.add_argument('--units', help='with --db: the entries whose file is a '
                   'line of this list (instead of --match and --count)')
    p.add_argument('-j', '--jobs', type=int, default=1,
                   help='units measured at once (each process -j1)')
    p.add_argument('--args', help='the clang arguments of FILES '
                   '(default: their RUN line, else -std=c++17)')
    p.add_argument('--device-share', action='store_true',
                   help='also time a copy of each of FILES (and of the '
                   'files it includes with quotes) with __CUDA_ARCH__ '
                   'renamed: the host side alone; the difference is the '
                   'device side\'s')
    p.add_argument('--reference', help='an earlier run\'s --json: its '
                   '--parse=full runs stand for this run\'s')
    p.add_argument('--baseline', help='another xlambda (say, a build '
                   'before a change): its --parse=skip is timed too, '
                   'interleaved with the others')
    p.add_argument('files', nargs='*')
    a = ap.parse_args()
    a.xlambda = os.path.abspath(a.xlambda)
    res = {'real': cmd_real, 'jobs': cmd_jobs, 'growth': cmd_growth,
           'parse': cmd_parse}[a.cmd](a)
    if a.json:
        with open(a.json, 'w') as f:
            json.dump({'cmd': sys.argv, 'load': load(), 'results': res}, f,
                      indent=1)


if __name__ == '__main__':
    main()
