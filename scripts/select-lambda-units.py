#!/usr/bin/env python3
"""Print the units of a compile database whose text may hold an extended
lambda: the main file (and, with --test-headers, the Test*.hpp headers it
includes by name, as Kokkos's generated unit-test wrappers do) spells
`__device__` (or CCCL's `_CCCL_DEVICE`/`_CCCL_HOST_DEVICE`, Kokkos's
`KOKKOS_LAMBDA`/`KOKKOS_CLASS_LAMBDA`) and a lambda introducer. Used for the
real-project runs of docs/real-projects.md; a text filter, so it may keep a
unit without an extended lambda, never the reverse for the forms it knows.

usage: select-lambda-units.py [--test-headers] SRC_ROOT BUILD_DIR > units.txt
"""
import json
import os
import re
import sys

DEVICE = re.compile(r'__device__|_CCCL_DEVICE|_CCCL_HOST_DEVICE|'
                    r'KOKKOS_LAMBDA|KOKKOS_CLASS_LAMBDA')
INTRO = re.compile(r'\[[^\[\]]*\]\s*(?:\(|__|_CCCL|mutable|->|\{|<)|'
                   r'KOKKOS_(?:CLASS_)?LAMBDA')
INCLUDE = re.compile(r'#\s*include\s*[<"]([^>"]+)[>"]')


def headers_by_name(root):
    found = {}
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if x != 'build' and not x.startswith('.')]
        for f in files:
            if f.startswith('Test') and f.endswith(('.hpp', '.h')):
                found.setdefault(f, []).append(os.path.join(d, f))
    return found


def read(path):
    try:
        with open(path, errors='ignore') as f:
            return f.read()
    except OSError:
        return ''


def main(argv):
    test_headers = '--test-headers' in argv
    args = [a for a in argv if a != '--test-headers']
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    root, build = args
    with open(os.path.join(build, 'compile_commands.json')) as f:
        db = json.load(f)
    names = headers_by_name(root) if test_headers else {}
    keep = set()
    for e in db:
        path = os.path.join(e['directory'], e['file'])
        texts = [read(path)]
        for inc in INCLUDE.findall(texts[0]):
            texts += [read(h) for h in names.get(os.path.basename(inc), [])]
        if any(DEVICE.search(t) and INTRO.search(t) for t in texts):
            keep.add(os.path.normpath(path))
    print('\n'.join(sorted(keep)))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
