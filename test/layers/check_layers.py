#!/usr/bin/env python3
"""The include graph follows the layers (docs/internals/architecture.md).

    api       include/xlambda          the public C API
    util      lib/util                 clang-free helpers
    core      lib/core                 the floor: diagnostics, commands,
                                       configuration, facts, the rule table
    frontend  lib/frontend             libclang -> facts (the walk, the seam)
    rules     lib/rules                facts -> findings
    emit      lib/emit                 findings -> text, JSON, SARIF, YAML
    remote    lib/remote               the result cache's shared level (HTTP,
                                       libcurl)
    pipeline  lib/pipeline             profile, rules, one filter; the public
                                       entry points (check.c, over the frontend)
    lsp       lib/lsp                  the language server (a shell library)
    shells    tools/, plugin/          the command line, the clang plugin

A file may include its own folder and any folder of a lower layer; folders
of one layer do not include each other. The floor (api, util, core) and the
clang-free layers (rules, emit, remote, pipeline) include no clang header. Nothing
under lib/ or include/ includes tools/ or plugin/, and no CMake file
force-includes (-include) a header from tools/ or plugin/. Each lib/ folder
is one CMake library, named xlambda_<folder>.

Usage: check_layers.py SOURCE_ROOT. Prints one line per problem; exit 1 when
there is one.
"""
import os
import re
import sys

LAYERS = [('api',), ('util',), ('core',),
          ('frontend', 'rules', 'emit', 'remote'),
          ('pipeline',), ('lsp',), ('tools', 'plugin')]
RANK = {name: i for i, group in enumerate(LAYERS) for name in group}
CLANG_FREE = {'api', 'util', 'core', 'rules', 'emit', 'remote', 'pipeline'}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def folder_of(root, path):
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[0] == 'include':
        return 'api'
    if rel[0] == 'lib' and len(rel) > 2:
        return rel[1]
    if rel[0] in ('tools', 'plugin'):
        return rel[0]
    return None


def target_of(root, src, name):
    """The folder an #include "name" in src reaches, or None (outside)."""
    first = name.split('/')[0]
    if first == 'xlambda':
        return 'api'
    if first in RANK and first not in ('api', 'tools', 'plugin'):
        if os.path.exists(os.path.join(root, 'lib', name)):
            return first
    local = os.path.normpath(os.path.join(os.path.dirname(src), name))
    if os.path.exists(local):
        return folder_of(root, local)
    return None


def sources(root):
    for top in ('include', 'lib', 'tools', 'plugin'):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith(('.c', '.h', '.cpp', '.def')):
                    yield os.path.join(d, f)


def check_file(root, path, problems):
    here = folder_of(root, path)
    if here is None:
        return 0
    n = 0
    with open(path, encoding='utf-8', errors='replace') as f:
        for lineno, line in enumerate(f, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            n += 1
            where = '%s:%d' % (os.path.relpath(path, root), lineno)
            kind, name = m.groups()
            if kind == '<':
                if here in CLANG_FREE and name.startswith(('clang-c/',
                                                           'clang/', 'llvm/')):
                    problems.append('%s: the clang-free layer %s includes <%s>'
                                    % (where, here, name))
                continue
            there = target_of(root, path, name)
            if there is None or there == here:
                continue
            if RANK[there] >= RANK[here]:
                problems.append('%s: %s includes "%s" (%s): an arrow up or '
                                'across the layers' % (where, here, name,
                                                       there))
    return n


def check_cmake(root, problems):
    libs = set()
    for d, _, files in os.walk(root):
        if os.path.relpath(d, root).split(os.sep)[0] in ('build', '.git') or \
                os.path.basename(d).startswith('build'):
            continue
        for f in files:
            if f != 'CMakeLists.txt':
                continue
            path = os.path.join(d, f)
            text = open(path, encoding='utf-8').read()
            for m in re.finditer(r'-include\s+(\S+)', text):
                inc = m.group(1)
                if re.search(r'(^|/)(plugin|tools)/', inc) or \
                        'CMAKE_CURRENT_SOURCE_DIR' in inc and \
                        os.path.relpath(d, root).startswith(('plugin',
                                                             'tools')):
                    problems.append('%s: force-includes %s from a shell'
                                    % (os.path.relpath(path, root), inc))
            libs.update(re.findall(r'xl_add_layer\(([a-z]\w*)', text))
    for name in sorted(os.listdir(os.path.join(root, 'lib'))):
        if os.path.isdir(os.path.join(root, 'lib', name)) and \
                name not in libs:
            problems.append('lib/%s is not a CMake library of its own '
                            '(xl_add_layer(%s ...))' % (name, name))
    return len(libs)


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    root = sys.argv[1]
    problems = []
    n = sum(check_file(root, p, problems) for p in sources(root))
    nlibs = check_cmake(root, problems)
    for p in problems:
        print('FAIL: ' + p)
    print('%d includes, %d layer libraries, %d problem%s' %
          (n, nlibs, len(problems), '' if len(problems) == 1 else 's'))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
