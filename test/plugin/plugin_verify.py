#!/usr/bin/env python3
"""Run a rule test case through the xlambda plugin under clang's -verify.

  plugin_verify.py CLANG PLUGIN CUDA [--prefixes P1,P2] [--print]
                   FILE [-- CLANG-ARGS...]

The test's FileCheck lines for `xlambda check` (prefix CHECK unless
--prefixes says otherwise) are the expectations. Each one becomes clang's
own `expected-<kind>` directive, appended to a copy of FILE (so no line
moves):

  // CHECK: :[[@LINE-1]]:15: error: MSG      ->  expected-error@N {{MSG}}
  // CHECK: hdr.h:4:70: note: MSG            ->  expected-note@Inputs/hdr.h:4
  // CHECK: note: MSG                        ->  expected-note@* {{MSG}}

A message with FileCheck regex blocks ({{...}}) becomes an
`expected-<kind>-re` directive. A header that is not found next to FILE or
in its Inputs/ (a system header, say) is matched at any location (@*).
Columns are FileCheck's business, not -verify's.

The copy is then compiled, host side only (the plugin reports from the host
compilation, and parses the device side itself where the
__CUDA_ARCH__ rules need it), with

  clang++ -x cuda --cuda-host-only -fsyntax-only -fplugin=PLUGIN -w
          -Xclang -verify -I <dir of FILE> -isystem <cuda>/include/cccl
          [--cuda-gpu-arch=sm_75] ARGS COPY

Unlike FileCheck with --implicit-check-not, -verify also fails on a note the
test does not expect, and on an expected diagnostic seen more or fewer times
than listed. A test with no expectation gets `expected-no-diagnostics`.
clang's own warnings are hidden by -w (the plugin's findings are custom
diagnostics, which -w does not hide in clang 22: docs/plugin.md).

Exit status: clang's (0 when every expectation held and nothing else was
reported), 2 for a CHECK line this script cannot turn into a directive.
--print writes the directives on stdout and compiles nothing.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

KINDS = ('error', 'warning', 'note', 'remark')
# "// PREFIX: body" (CHECK-NEXT, -SAME and -DAG count as CHECK, CHECK-COUNT-N
# as N of them; -NOT and -EMPTY carry no diagnostic).
CHECK_RE = re.compile(r'//\s*([A-Za-z0-9_]+?)(-NEXT|-SAME|-DAG|-COUNT-(\d+))?:'
                      r'\s?(.*)$')
# [FILE]:LINE:COL: KIND: MSG, or KIND: MSG alone.
LOC_RE = re.compile(r'^(?:(?P<file>[^:\s]*):(?P<line>[^:]+):(?P<col>[^:]+):\s*)?'
                    r'(?P<kind>%s):\s(?P<msg>.*)$' % '|'.join(KINDS))
AT_LINE_RE = re.compile(r'^\[\[@LINE([+-]\d+)?\]\]$')


class BadCheck(Exception):
    pass


def pattern_of(msg):
    """Returns (is_regex, body) for a FileCheck message pattern."""
    if '[[' in msg:
        raise BadCheck('FileCheck variables are not supported: %s' % msg)
    if '{{' not in msg:
        return False, msg
    # The text outside {{...}} is literal in clang's -re directives too.
    return True, msg


def location_of(loc, check_line, test_dir):
    """Returns the text after '@' for one CHECK line's location."""
    if loc.group('line') is None:
        return '*'
    line = loc.group('line')
    at = AT_LINE_RE.match(line)
    if loc.group('file') == '' and at:
        return str(check_line + int(at.group(1) or 0))
    name = loc.group('file')
    if not name:
        raise BadCheck('a location without a file needs [[@LINE]]: %s' % line)
    for rel in (name, os.path.join('Inputs', name)):
        if os.path.isfile(os.path.join(test_dir, rel)) and line.isdigit():
            return '%s:%s' % (rel, line)
    return '*'


def directives(path, prefixes):
    """Returns the expected-* directives for the CHECK lines of PATH."""
    out = []
    test_dir = os.path.dirname(os.path.abspath(path))
    with open(path, encoding='utf-8') as f:
        for number, text in enumerate(f, start=1):
            check = CHECK_RE.search(text)
            if not check or check.group(1) not in prefixes:
                continue
            loc = LOC_RE.match(check.group(4).strip())
            if not loc:
                raise BadCheck('%s:%d: not a diagnostic: %s'
                               % (path, number, check.group(4).strip()))
            is_re, body = pattern_of(loc.group('msg'))
            out += [('expected-%s%s@%s' % (
                loc.group('kind'), '-re' if is_re else '',
                location_of(loc, number, test_dir)) + '\0' + body)
                    ] * int(check.group(3) or 1)
    if not out:
        return ['// expected-no-diagnostics']
    # The same expectation listed N times is one directive with count N.
    counts = {}
    for d in out:
        counts[d] = counts.get(d, 0) + 1
    return ['// %s%s {{%s}}' % (d.split('\0')[0],
                                 ' %d' % counts[d] if counts[d] > 1 else '',
                                 d.split('\0')[1])
            for d in dict.fromkeys(out)]


def compile_verify(clang, plugin, cuda, path, lines, args):
    """Compiles a copy of PATH with LINES appended under -verify."""
    if not any(a.startswith(('--cuda-gpu-arch', '--offload-arch')) for a in args):
        args = ['--cuda-gpu-arch=sm_75'] + args
    with tempfile.TemporaryDirectory(prefix='xl-verify-') as tmp:
        copy = os.path.join(tmp, os.path.basename(path))
        shutil.copyfile(path, copy)
        with open(copy, 'a', encoding='utf-8') as f:
            f.write('\n' + '\n'.join(lines) + '\n')
        cmd = [clang, '-x', 'cuda', '--cuda-host-only', '-fsyntax-only',
               '-fplugin=' + plugin, '-w', '-fno-caret-diagnostics',
               '-fno-color-diagnostics', '-Xclang', '-verify',
               '-Xclang', '-verify-ignore-unexpected=note',
               '-I', os.path.dirname(os.path.abspath(path)),
               '-isystem', os.path.join(cuda, 'include', 'cccl')] + args + [copy]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        sys.stdout.write(proc.stdout)
        sys.stdout.write('plugin_verify.py: -verify failed for %s (exit %d); '
                         'directives:\n%s\n' % (path, proc.returncode,
                                                '\n'.join(lines)))
    return proc.returncode


def main(argv):
    clang, plugin, cuda = argv[:3]
    rest, prefixes, show = argv[3:], ['CHECK'], False
    while rest and rest[0].startswith('--') and rest[0] != '--':
        if rest[0] == '--print':
            show, rest = True, rest[1:]
        elif rest[0] == '--prefixes' and len(rest) > 1:
            prefixes, rest = rest[1].split(','), rest[2:]
        else:
            sys.exit('plugin_verify.py: unknown option %s' % rest[0])
    if not rest:
        sys.exit('plugin_verify.py: no test file')
    path, args = rest[0], rest[2:] if rest[1:2] == ['--'] else []
    try:
        lines = directives(path, prefixes)
    except BadCheck as e:
        sys.stderr.write('plugin_verify.py: %s\n' % e)
        return 2
    if show:
        print('\n'.join(lines))
        return 0
    return compile_verify(clang, plugin, cuda, path, lines, args)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
