#!/usr/bin/env python3
"""sweep.py: check every entry of a compile database, in chunks that can be
resumed, and summarise what was found (docs/real-projects.md, issue 25).

  scripts/sweep.py run --db BUILD --out DIR [--xlambda PATH] [--chunk 50]
                   [-j 2] [--nice 5] [--no-verify-facts] [-- XLAMBDA-ARGS]
  scripts/sweep.py summary DIR

run: split BUILD/compile_commands.json into DIR/NN/compile_commands.json
(CHUNK entries each), then check each chunk not done yet with
`xlambda check -p DIR/NN -jJ --verify-facts --format=json -o
DIR/NN/result.json`, its stderr in DIR/NN/err.txt. --verify-facts turns the
result cache off, so chunks are what makes a long sweep resumable: run the
same command again after an interruption. Each chunk's wall and CPU time,
the peak resident size of its largest process and the load average before
and after go to DIR/NN/stats.json. Copy the xlambda executable somewhere
first if the build may change during the sweep.

summary: entries, checked (and of them analysed incompletely: clang
errors), errors, warnings, not checked (and why: the first line of each
per-file error), non-CUDA commands skipped, the time and the load; then
every finding of a rule, one line each, and clang's own errors counted by
message.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY = re.compile(r'^xlambda: (\d+) files? checked: (\d+) errors?, '
                     r'(\d+) warnings?')
INCOMPLETE = re.compile(r'; (\d+) analysed incompletely')
FAILED = re.compile(r'; (\d+) could not be checked')
SKIPPED = re.compile(r'^xlambda: (\d+) compile commands? not compiled as '
                     r'CUDA skipped')


def load():
    with open('/proc/loadavg') as f:
        return float(f.read().split()[0])


def split(db, out, size):
    """DIR/NN/compile_commands.json for every CHUNK entries of db."""
    with open(os.path.join(db, 'compile_commands.json')) as f:
        entries = json.load(f)
    for e in entries:  # a relative folder is relative to the database's
        e['directory'] = os.path.normpath(os.path.join(
            os.path.abspath(db), e.get('directory', '.')))
    dirs = []
    for i in range(0, len(entries), size):
        d = os.path.join(out, '%03d' % (i // size))
        path = os.path.join(d, 'compile_commands.json')
        if not os.path.exists(path):
            os.makedirs(d, exist_ok=True)
            with open(path + '.tmp', 'w') as f:
                json.dump(entries[i:i + size], f, indent=1)
            os.replace(path + '.tmp', path)
        dirs.append(d)
    return dirs


def run_chunk(args, d):
    """Check one chunk; its stats in d/stats.json (written last: done)."""
    argv = ['nice', '-n', str(args.nice), args.xlambda, 'check', '-p', d,
            '-j%d' % args.jobs, '--no-progress', '--format=json',
            '-o', os.path.join(d, 'result.json')] + args.extra
    if not args.no_verify_facts:
        argv.append('--verify-facts')
    l0, t0 = load(), time.time()
    with open(os.path.join(d, 'err.txt'), 'w') as err:
        p = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
    stats = {'rc': os.waitstatus_to_exitcode(status),
             'wall_s': round(time.time() - t0, 1),
             'cpu_s': round(ru.ru_utime + ru.ru_stime, 1),
             'maxrss_kib': ru.ru_maxrss, 'load_start': l0, 'load_end': load(),
             'started': time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(t0))}
    with open(os.path.join(d, 'stats.json'), 'w') as f:
        json.dump(stats, f)
    return stats


def cmd_run(args):
    dirs = split(args.db, args.out, args.chunk)
    for d in dirs:
        if os.path.exists(os.path.join(d, 'stats.json')):
            continue
        s = run_chunk(args, d)
        print('%s: rc %d, %.0f s, CPU %.0f s, load %.1f-%.1f' % (
            os.path.basename(d), s['rc'], s['wall_s'], s['cpu_s'],
            s['load_start'], s['load_end']), flush=True)
    return cmd_summary(args.out)


def chunk_counts(d):
    """The counts of one chunk's summary line, its errors and findings."""
    c = {'checked': 0, 'errors': 0, 'warnings': 0, 'incomplete': 0,
         'failed': 0, 'skipped': 0}
    why = []
    with open(os.path.join(d, 'err.txt'), errors='replace') as f:
        for line in f:
            m = SUMMARY.match(line)
            if m:
                inc, failed = INCOMPLETE.search(line), FAILED.search(line)
                c.update(checked=int(m[1]), errors=int(m[2]),
                         warnings=int(m[3]),
                         incomplete=int(inc[1]) if inc else 0,
                         failed=int(failed[1]) if failed else 0)
            m = SKIPPED.match(line)
            if m:
                c['skipped'] = int(m[1])
            if line.startswith('xlambda: error: '):
                why.append(line[16:].strip())
    found = []
    try:
        with open(os.path.join(d, 'result.json')) as f:
            found = json.load(f)['diagnostics']
    except (OSError, ValueError, KeyError):
        pass
    return c, why, found


def cmd_summary(out):
    dirs = sorted(os.path.join(out, n) for n in os.listdir(out)
                  if os.path.isdir(os.path.join(out, n)))
    total = dict.fromkeys(('entries', 'chunks', 'done', 'checked', 'errors',
                           'warnings', 'incomplete', 'failed', 'skipped'), 0)
    wall = cpu = rss = 0
    loads, why, found = [], [], []
    for d in dirs:
        with open(os.path.join(d, 'compile_commands.json')) as f:
            total['entries'] += len(json.load(f))
        total['chunks'] += 1
        try:
            with open(os.path.join(d, 'stats.json')) as f:
                s = json.load(f)
        except OSError:
            continue
        c, w, fd = chunk_counts(d)
        total['done'] += 1
        for k in c:
            total[k] += c[k]
        wall += s['wall_s']
        cpu += s['cpu_s']
        rss = max(rss, s['maxrss_kib'])
        loads += [s['load_start'], s['load_end']]
        why += w
        found += fd
    print('%(done)d of %(chunks)d chunks done, %(entries)d entries in all' %
          total)
    print('checked %(checked)d (analysed incompletely %(incomplete)d), '
          'errors %(errors)d, warnings %(warnings)d, not checked %(failed)d, '
          'non-CUDA skipped %(skipped)d' % total)
    if loads:
        print('wall %.0f s, CPU %.0f s, peak RSS %.0f MiB, load %.1f to %.1f'
              % (wall, cpu, rss / 1024, min(loads), max(loads)))
    for w in why:
        print('not checked:', w)
    print_found(found)
    return 0


def print_found(found):
    """Every finding of a rule; clang's own errors (the units analysed
    incompletely) counted by message, the most frequent first."""
    clang = collections.Counter()
    files = set()
    for x in found:
        if x['rule'] == 'clang-diagnostic-error':
            clang[x['message']] += 1
            files.add(x['file'])
            continue
        print('%s:%d:%d: %s [%s]' % (x['file'], x['line'], x['column'],
                                     x['severity'], x['rule']))
    if clang:
        print('clang errors: %d in %d files, by message:' % (
            sum(clang.values()), len(files)))
    for msg, n in clang.most_common():
        print('  %6d  %s' % (n, msg[:160]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='cmd', required=True)
    r = sub.add_parser('run')
    r.add_argument('--db', required=True, help='the build folder')
    r.add_argument('--out', required=True)
    r.add_argument('--xlambda', default=os.path.join(
        os.path.dirname(HERE), 'build', 'bin', 'xlambda'))
    r.add_argument('--chunk', type=int, default=50)
    r.add_argument('-j', '--jobs', type=int, default=2)
    r.add_argument('--nice', type=int, default=5)
    r.add_argument('--no-verify-facts', action='store_true')
    r.add_argument('extra', nargs='*', help='more xlambda check arguments')
    s = sub.add_parser('summary')
    s.add_argument('out')
    args = ap.parse_args()
    if args.cmd == 'run':
        return cmd_run(args)
    return cmd_summary(args.out)


if __name__ == '__main__':
    sys.exit(main())
