#!/usr/bin/env python3
"""Copy a compile_commands.json with some include folders made system ones.

    system-db.py --from BUILD_DIR --to OUT_DIR PREFIX...

Every -I option of BUILD_DIR/compile_commands.json whose folder is one of
the PREFIX folders or inside one becomes `-isystem DIR` (nvcc, gcc and
clang all take it), in the order the command gave; the rest is copied as
is to OUT_DIR/compile_commands.json.

What for: a library's own build includes its headers with -I (user
headers), an application that uses the installed library gets them as
system headers (CMake marks an imported target's include folders SYSTEM).
The benchmarks measure `xlambda check` on a library's units both ways
(docs/performance.md). Exit status 1 when no -I option matched.
"""
import argparse
import json
import os
import shlex
import sys


def below(folder, prefixes):
    """Whether folder is one of prefixes or inside one."""
    folder = folder.rstrip('/') + '/'
    return any(folder.startswith(p.rstrip('/') + '/') for p in prefixes)


def rewrite_args(args, prefixes):
    """args with the matching -I options made -isystem; and how many."""
    out, n, i = [], 0, 0
    while i < len(args):
        a = args[i]
        folder = None
        if a == '-I' and i + 1 < len(args):
            folder, i = args[i + 1], i + 1
        elif a.startswith('-I') and len(a) > 2:
            folder = a[2:]
        if folder is not None and below(folder, prefixes):
            out += ['-isystem', folder]
            n += 1
        elif folder is not None:
            out.append('-I' + folder)
        else:
            out.append(a)
        i += 1
    return out, n


def rewrite_command(cmd, prefixes):
    """A `command` string with the matching -I options made -isystem."""
    args, n = rewrite_args(shlex.split(cmd), prefixes)
    return ' '.join(shlex.quote(x) for x in args), n


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument('--from', dest='src', required=True)
    ap.add_argument('--to', dest='dst', required=True)
    ap.add_argument('prefixes', nargs='+')
    a = ap.parse_args()
    with open(os.path.join(a.src, 'compile_commands.json')) as f:
        entries = json.load(f)
    total = 0
    for e in entries:
        if 'arguments' in e:
            e['arguments'], n = rewrite_args(e['arguments'], a.prefixes)
        else:
            e['command'], n = rewrite_command(e['command'], a.prefixes)
        total += n
    os.makedirs(a.dst, exist_ok=True)
    with open(os.path.join(a.dst, 'compile_commands.json'), 'w') as f:
        json.dump(entries, f, indent=1)
    print('system-db.py: %d -I options of %d entries made -isystem'
          % (total, len(entries)))
    return 0 if total else 1


if __name__ == '__main__':
    sys.exit(main())
