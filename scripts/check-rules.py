#!/usr/bin/env python3
"""Check that every rule keeps its code, docs and tests together.

For each rule listed by `xlambda --list-rules --format=json`:
  * lib/rules/<id>.c exists;
  * docs/rules/<id>.md exists, starts with '# <id>', and its first sentence is
    the rule's summary from rules.def;
  * at least one lit test under test/lit/ is named after it (<id>*.cu).
Prints one line per problem and 'N passed, N failed'.
"""
import glob
import json
import os
import re
import subprocess
import sys


def first_sentence(text):
    body = [l for l in text.split('\n\n')[1:] if l.strip()]
    para = ' '.join(body[0].split()) if body else ''
    m = re.match(r'(.+?\.)(\s|$)', para)
    return m.group(1) if m else para


def main():
    xlambda, root = sys.argv[1], sys.argv[2]
    rules = json.loads(subprocess.run([xlambda, '--list-rules', '--format=json'],
                                      capture_output=True, text=True, check=True).stdout)['rules']
    passed = failed = 0
    for r in rules:
        rid, problems = r['id'], []
        if not os.path.exists(os.path.join(root, 'lib', 'rules', rid + '.c')):
            problems.append('no lib/rules/%s.c' % rid)
        doc = os.path.join(root, 'docs', 'rules', rid + '.md')
        if not os.path.exists(doc):
            problems.append('no docs/rules/%s.md' % rid)
        else:
            text = open(doc, encoding='utf-8').read()
            if not text.startswith('# %s\n' % rid):
                problems.append('%s does not start with "# %s"' % (doc, rid))
            if first_sentence(text) != r['summary']:
                problems.append('%s: first sentence %r differs from the summary %r'
                                % (doc, first_sentence(text), r['summary']))
        if not glob.glob(os.path.join(root, 'test', 'lit', '**', rid + '*'), recursive=True):
            problems.append('no lit test named %s*' % rid)
        for p in problems:
            print('FAIL: %s: %s' % (rid, p))
        if problems:
            failed += 1
        else:
            passed += 1
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
