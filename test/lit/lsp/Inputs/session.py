#!/usr/bin/env python3
"""session.py FILE -- SERVER ARGS...: play a '---'-delimited session
against a server speaking Content-Length framing, and copy everything it
writes to stdout.

Lines starting with '#' are dropped. A message "@run COMMAND" runs COMMAND
in a shell once every request sent so far has been answered, so a test can
change files on disk between two steps of a session. The server's exit
code is returned.
"""
import json
import subprocess
import sys


def read_message(out):
    length = None
    while True:
        line = out.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b'content-length:'):
            length = int(line.split(b':')[1])
    return out.read(length)


def main():
    script, server = sys.argv[1], sys.argv[3:]
    text = open(script, encoding='utf-8').read()
    lines = [l for l in text.split('\n') if not l.lstrip().startswith('#')]
    p = subprocess.Popen(server, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    pending = set()
    for msg in '\n'.join(lines).split('\n---\n'):
        msg = msg.strip()
        if not msg:
            continue
        if msg.startswith('@run '):
            while pending:
                body = read_message(p.stdout)
                if body is None:
                    sys.exit('session.py: the server stopped early')
                sys.stdout.write(body.decode() + '\n')
                pending.discard(json.loads(body).get('id'))
            subprocess.run(msg[5:], shell=True, check=True)
            continue
        if 'id' in json.loads(msg) and 'method' in json.loads(msg):
            pending.add(json.loads(msg)['id'])
        body = msg.encode()
        p.stdin.write(b'Content-Length: %d\r\n\r\n' % len(body) + body)
        p.stdin.flush()
    p.stdin.close()
    while True:
        body = read_message(p.stdout)
        if body is None:
            break
        sys.stdout.write(body.decode() + '\n')
    return p.wait()


if __name__ == '__main__':
    sys.exit(main())
