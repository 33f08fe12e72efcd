#!/usr/bin/env python3
"""Check that every rule keeps its code, docs and tests together.

For each rule listed by `xlambda --list-rules --format=json`:
  * lib/rules/<id>.c exists;
  * docs/rules/<id>.md exists, starts with '# <id>', and its first sentence is
    the rule's summary from rules.def;
  * at least one lit test under test/lit/ is named after it (<id>*.cu);
  * the top comment of lib/rules/<id>.c names the frontend code that
    computes the facts the rule reads, in a paragraph of the form
      * Detector: lib/frontend/<file>.c (<what>)[, lib/frontend/<f2>.c (...)]
    (continued on lines ' *   ...'): every lib/frontend file it names
    exists, and every function written 'name()' inside the parentheses
    after a file occurs in that file.
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


def detector_text(source):
    """The text of the ' * Detector: ' paragraph of the top comment, or None."""
    m = re.match(r'/\*(.*?)\*/', source, re.S)
    if not m:
        return None
    lines = m.group(1).split('\n')
    for i, line in enumerate(lines):
        if line.startswith(' * Detector: '):
            text = [line[len(' * Detector: '):]]
            for more in lines[i + 1:]:
                if not more.startswith(' *   '):
                    break
                text.append(more[len(' *   '):])
            return ' '.join(t.strip() for t in text)
    return None


def detector_entries(text):
    """(path, text in the parentheses after it) for each lib/frontend path."""
    entries = []
    for m in re.finditer(r'lib/frontend/[^\s(),;]+', text):
        rest, what = text[m.end():].lstrip(), ''
        if rest.startswith('('):
            depth = 0
            for j, ch in enumerate(rest):
                depth += {'(': 1, ')': -1}.get(ch, 0)
                if depth == 0:
                    what = rest[1:j]
                    break
        entries.append((m.group(0), what))
    return entries


def detector_problems(root, rid):
    src = os.path.join(root, 'lib', 'rules', rid + '.c')
    text = detector_text(open(src, encoding='utf-8').read())
    if text is None:
        return ['lib/rules/%s.c: its top comment has no " * Detector: " line'
                % rid]
    entries = detector_entries(text)
    if not entries:
        return ['lib/rules/%s.c: the Detector line names no lib/frontend file'
                % rid]
    problems = []
    for path, what in entries:
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            problems.append('lib/rules/%s.c: Detector names %s, which does '
                            'not exist' % (rid, path))
            continue
        code = open(full, encoding='utf-8').read()
        for fn in re.findall(r'\b([A-Za-z_]\w*)\(\)', what):
            if not re.search(r'\b%s\s*\(' % re.escape(fn), code):
                problems.append('lib/rules/%s.c: Detector names %s() in %s, '
                                'which does not occur there' % (rid, fn, path))
    return problems


def main():
    xlambda, root = sys.argv[1], sys.argv[2]
    rules = json.loads(subprocess.run([xlambda, '--list-rules', '--format=json'],
                                      capture_output=True, text=True, check=True).stdout)['rules']
    passed = failed = 0
    for r in rules:
        rid, problems = r['id'], []
        if not os.path.exists(os.path.join(root, 'lib', 'rules', rid + '.c')):
            problems.append('no lib/rules/%s.c' % rid)
        else:
            problems += detector_problems(root, rid)
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
