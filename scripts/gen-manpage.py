#!/usr/bin/env python3
"""Write xlambda.1 (roff) from `xlambda --help` and `xlambda --version`.

    gen-manpage.py XLAMBDA OUTPUT

The help text is the one source: its "usage:" lines become SYNOPSIS, the
paragraph after them DESCRIPTION, every "heading:" block a section of
OPTIONS (an option line "  -x, --long  text" a tagged paragraph), and
"exit codes:" EXIT STATUS. Run at build time (cmake/XlInstall.cmake).
"""
import re
import subprocess
import sys


def esc(text):
    text = text.replace('\\', '\\e').replace('-', '\\-')
    return ('\\&' + text) if text.startswith(('.', "'")) else text


def blocks(help_text):
    """Split the help into (heading, lines) blocks separated by blank lines."""
    out, cur, head = [], [], None
    for line in help_text.splitlines():
        if not line.strip():
            if cur or head:
                out.append((head, cur))
            cur, head = [], None
        elif not cur and head is None and re.match(r'^[a-z][^:]*:$', line):
            head = line[:-1]
        else:
            cur.append(line)
    if cur or head:
        out.append((head, cur))
    return out


def items(lines):
    """Option lines ("  -x, --long TEXT   help") with their continuations."""
    res = []
    for line in lines:
        m = re.match(r'^  (\S.*?)(?:\s{2,}(\S.*))?$', line)
        if m and not line.startswith('   '):
            res.append([m.group(1), m.group(2) or ''])
        elif res:
            res[-1][1] += ' ' + line.strip()
        else:
            res.append(['', line.strip()])
    return res


def main():
    exe, out = sys.argv[1], sys.argv[2]
    help_text = subprocess.run([exe, '--help'], check=True, text=True,
                               capture_output=True).stdout
    version = subprocess.run([exe, '--version'], check=True, text=True,
                             capture_output=True).stdout.split()[-1]
    parts = blocks(help_text)
    r = ['.TH XLAMBDA 1 "" "xlambda %s" "User Commands"' % version,
         '.SH NAME', 'xlambda \\- static checker for CUDA extended lambdas',
         '.SH SYNOPSIS', '.nf']
    (_, usage), (_, desc), rest = parts[0], parts[1], parts[2:]
    r += [esc(re.sub(r'^(usage:)?\s+', '', u)) for u in usage]
    r += ['.fi', '.SH DESCRIPTION', esc(' '.join(d.strip() for d in desc))]
    r.append('.SH OPTIONS')
    for head, lines in rest:
        if head == 'exit codes':
            r.append('.SH "EXIT STATUS"')
        elif head:
            r.append('.SS "%s"' % esc(head.capitalize()))
        else:
            r += ['.PP', esc(' '.join(x.strip() for x in lines))]
            continue
        for tag, text in items(lines):
            r += ['.TP', '.B ' + esc(tag), esc(text)] if tag else \
                 ['.PP', esc(text)]
    r += ['.SH "SEE ALSO"', 'clang(1), nvcc(1); the rule pages in '
          '/usr/share/doc/xlambda/rules/']
    with open(out, 'w') as f:
        f.write('\n'.join(r) + '\n')


if __name__ == '__main__':
    main()
