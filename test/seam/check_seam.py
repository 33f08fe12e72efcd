#!/usr/bin/env python3
"""The walk's seam (lib/frontend/seam.h) holds: the walk calls exactly the
libclang functions lib/frontend/seam.def lists, and the clang plugin's shim
renames exactly those.

  check_seam.py --nm NM --objects 'OBJ;OBJ;...' --root SRC WALK_SOURCE...

WALK_SOURCE: the walk's files (XL_WALK_SOURCES in CMakeLists.txt); OBJ: the
objects of the library they are compiled into (xlambda_frontend), among which
each walk file's object is the one named after its path (lib/frontend/walk.c
-> .../lib/frontend/walk.c.o). Fails, one line per problem, when
  * a walk object references a clang_* function seam.def does not list
    (`nm -u`: what the walk calls, through any header, and nothing else);
  * seam.def lists a function no walk object references (a stale entry);
  * lib/frontend/seam_prefix.h does not rename (#define clang_X xlp_X) exactly the
    listed functions;
  * a walk file, or a project header it includes, includes a <clang-c/...>
    header itself: only seam.h does;
  * a walk file or header reads an opaque field of libclang's structs
    (int_data, ptr_data, ...) that seam.def does not list as XL_SEAM_FIELD,
    or one listed is read nowhere. (`data` is not checked: the name is too
    common to tell CXCursor.data from a buffer's.)

Exit status: 0 when the seam holds, 1 otherwise.
"""
import argparse
import os
import re
import subprocess
import sys

OPAQUE_FIELDS = ('int_data', 'begin_int_data', 'end_int_data', 'ptr_data',
                 'xdata', 'private_flags')


def strip_comments(text):
    """C text without its comments, lines kept (string literals are not
    special here)."""
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'),
                  text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def read_def(path):
    """seam.def's entries: its functions and its fields, each {name: line}
    (preprocessor lines, such as XL_SEAM_FIELD's default, are skipped)."""
    fns, fields = {}, {}
    with open(path, encoding='utf-8') as f:
        lines = strip_comments(f.read()).split('\n')
    for num, code in enumerate(lines, 1):
        if code.lstrip().startswith('#'):
            continue
        for m in re.finditer(r'XL_SEAM_FN\(\s*(\w+)\s*\)', code):
            fns[m.group(1)] = num
        for m in re.finditer(r'XL_SEAM_FIELD\(\s*\w+\s*,\s*(\w+)\s*\)', code):
            fields[m.group(1)] = num
    return fns, fields


def read_shim(path):
    """lib/frontend/seam_prefix.h's renames: {clang_X: replacement}."""
    renames = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'\s*#\s*define\s+(clang_\w+)\s+(\w+)\s*$', line)
            if m:
                renames[m.group(1)] = m.group(2)
    return renames


def calls_of(nm, obj):
    """The clang_* functions an object file references."""
    out = subprocess.run([nm, '-u', '-P', obj], capture_output=True,
                         text=True, check=True).stdout
    return {fields[0] for fields in (l.split() for l in out.splitlines())
            if fields and fields[0].startswith('clang_')}


def walk_objects(sources, objects, root, problems):
    """{source: its object}; a source without one is a problem."""
    found = {}
    for src in sources:
        suffix = '/' + os.path.relpath(src, root) + '.o'
        match = [o for o in objects if o.replace(os.sep, '/').endswith(suffix)]
        if len(match) == 1:
            found[src] = match[0]
        else:
            problems.append('%s: %d objects named *%s among --objects'
                            % (os.path.relpath(src, root), len(match), suffix))
    return found


def included_files(sources, root):
    """The walk files and the project headers they include, transitively."""
    seen, todo = [], list(sources)
    while todo:
        path = os.path.normpath(todo.pop())
        if path in seen:
            continue
        seen.append(path)
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for name in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, flags=re.M):
            for base in (os.path.dirname(path), os.path.join(root, 'lib'),
                         os.path.join(root, 'include')):
                cand = os.path.join(base, name)
                if os.path.exists(cand):
                    todo.append(cand)
                    break
    return seen


def check_calls(args, fns, problems):
    """Walk calls outside seam.def, and seam.def entries nothing calls."""
    objects = [o for o in args.objects.split(';') if o]
    called = set()
    for src, obj in sorted(walk_objects(args.sources, objects, args.root,
                                        problems).items()):
        calls = calls_of(args.nm, obj)
        called |= calls
        for fn in sorted(calls - set(fns)):
            problems.append('%s calls %s, which lib/frontend/seam.def does '
                            'not list' % (os.path.relpath(src, args.root), fn))
    for fn in sorted(set(fns) - called):
        problems.append('lib/frontend/seam.def:%d lists %s, which no walk '
                        'file calls' % (fns[fn], fn))


def check_shim(root, fns, problems):
    """lib/frontend/seam_prefix.h renames exactly seam.def's functions, to xlp_*."""
    renames = read_shim(os.path.join(root, 'lib', 'frontend', 'seam_prefix.h'))
    for fn in sorted(set(fns) - set(renames)):
        problems.append('lib/frontend/seam_prefix.h does not rename %s (listed in '
                        'lib/frontend/seam.def)' % fn)
    for fn in sorted(set(renames) - set(fns)):
        problems.append('lib/frontend/seam_prefix.h renames %s, which '
                        'lib/frontend/seam.def does not list' % fn)
    for fn in sorted(set(renames) & set(fns)):
        if renames[fn] != 'xlp_' + fn[len('clang_'):]:
            problems.append('lib/frontend/seam_prefix.h renames %s to %s, not xlp_%s'
                            % (fn, renames[fn], fn[len('clang_'):]))


def check_sources(args, fields, problems):
    """Direct clang-c includes and opaque fields in the walk's text."""
    seam = os.path.normpath(os.path.join(args.root, 'lib', 'frontend', 'seam.h'))
    files = included_files(args.sources, args.root)
    if seam not in files:
        problems.append('no walk file includes lib/frontend/seam.h')
    read = set()
    for path in files:
        rel = os.path.relpath(path, args.root)
        with open(path, encoding='utf-8') as f:
            code = strip_comments(f.read())
        if path != seam and re.search(r'^\s*#\s*include\s+<clang-c/', code,
                                      flags=re.M):
            problems.append('%s includes a <clang-c/...> header: the walk '
                            'gets libclang through seam.h' % rel)
        for m in re.finditer(r'(?:\.|->)\s*(%s)\b' % '|'.join(OPAQUE_FIELDS),
                             code):
            read.add(m.group(1))
            if m.group(1) not in fields:
                problems.append('%s reads the opaque field %s, which '
                                'lib/frontend/seam.def does not list'
                                % (rel, m.group(1)))
    for field in sorted(set(fields) - read):
        problems.append('lib/frontend/seam.def:%d lists the field %s, which '
                        'no walk file reads' % (fields[field], field))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--nm', default='nm')
    ap.add_argument('--objects', required=True,
                    help="the objects of the library, ';'-separated")
    ap.add_argument('--root', required=True, help='the source tree')
    ap.add_argument('sources', nargs='+', help="the walk's files")
    args = ap.parse_args()
    args.root = os.path.abspath(args.root)
    args.sources = [os.path.abspath(s) for s in args.sources]

    fns, fields = read_def(os.path.join(args.root, 'lib', 'frontend',
                                        'seam.def'))
    problems = []
    if not fns:
        problems.append('lib/frontend/seam.def lists no function')
    check_calls(args, fns, problems)
    check_shim(args.root, fns, problems)
    check_sources(args, fields, problems)
    for p in problems:
        print('FAIL: ' + p)
    print('walk seam: %d functions, %d fields, %d walk files; %d problems'
          % (len(fns), len(fields), len(args.sources), len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
