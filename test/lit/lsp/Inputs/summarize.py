#!/usr/bin/env python3
"""summarize.py: one line per message of a server's Content-Length output
on stdin: "PUB <file name> v<version> [codes]" for publishDiagnostics,
"ID <id>" for answers, so a test can check the order of publications."""
import json
import os
import re
import sys

data = sys.stdin.buffer.read().decode('utf-8')
for body in re.split(r'Content-Length: \d+\r?\n\r?\n', data)[1:]:
    m = json.loads(body)
    if m.get('method') == 'textDocument/publishDiagnostics':
        p = m['params']
        print('PUB %s v%s [%s]' % (os.path.basename(p['uri']),
                                   p.get('version'),
                                   ' '.join(d.get('code', '-')
                                            for d in p['diagnostics'])))
    elif 'id' in m and 'method' not in m:
        print('ID %s' % m['id'])
