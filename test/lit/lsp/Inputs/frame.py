#!/usr/bin/env python3
"""frame.py FILE: turn a '---'-delimited session into LSP frames on stdout.

Lines starting with '#' are dropped. Each message becomes
"Content-Length: N\\r\\n\\r\\n" + body. A message that starts with "@raw "
is a Python bytes literal written as is (for broken frames).
"""
import ast
import sys


def main():
    out = sys.stdout.buffer
    with open(sys.argv[1], encoding='utf-8') as f:
        text = f.read()
    lines = [l for l in text.split('\n') if not l.lstrip().startswith('#')]
    for msg in '\n'.join(lines).split('\n---\n'):
        msg = msg.strip()
        if not msg:
            continue
        if msg.startswith('@raw '):
            out.write(ast.literal_eval(msg[5:]))
            continue
        body = msg.encode('utf-8')
        out.write(b'Content-Length: %d\r\n\r\n' % len(body) + body)


if __name__ == '__main__':
    main()
