#!/usr/bin/env python3
"""Turn the CI recipes of docs/ci.md into shell scripts, for ci.test.

    ci_steps.py workflow docs/ci.md    the GitHub Actions job's steps
    ci_steps.py pre-commit docs/ci.md  the pre-commit hook's command

The YAML blocks follow the markers `<!-- ci:workflow -->` and
`<!-- ci:pre-commit -->`. The workflow script runs the `run:` steps in
order as GitHub does: after a failing step only `if: always()` steps run,
and the job's status is the first failure's exit code. Steps that `uses:` an
action cannot run here; the script prints their name and inputs instead.
"""
import shlex
import sys

import yaml


def block(text, marker):
    start = text.index('<!-- ci:%s -->' % marker)
    begin = text.index('```yaml\n', start) + len('```yaml\n')
    end = text.index('```', begin)
    return yaml.safe_load(text[begin:end])


def workflow(doc):
    lines = ['#!/bin/sh', 'status=0']
    for job in doc['jobs'].values():
        for step in job['steps']:
            name = step.get('name', step.get('uses', 'step'))
            always = str(step.get('if', '')).strip() == 'always()'
            guard = '' if always else 'if [ "$status" -eq 0 ]; then '
            done = '' if always else '; fi'
            if 'run' in step:
                cmd = 'sh -ec %s || { rc=$?; [ "$status" -eq 0 ] && status=$rc; }' % (
                    shlex.quote(step['run']))
            else:
                cmd = 'echo %s' % shlex.quote('action %s with %s' % (
                    step['uses'], step.get('with', {})))
            lines.append('echo %s >&2' % shlex.quote('step: ' + name))
            lines.append(guard + cmd + done)
    lines.append('exit "$status"')
    return '\n'.join(lines) + '\n'


def pre_commit(doc):
    hook = doc['repos'][0]['hooks'][0]
    if hook.get('pass_filenames', True):
        return '#!/bin/sh\nexec %s "$@"\n' % hook['entry']
    return '#!/bin/sh\nexec %s\n' % hook['entry']


def main():
    kind, path = sys.argv[1], sys.argv[2]
    with open(path, encoding='utf-8') as f:
        text = f.read()
    doc = block(text, kind)
    sys.stdout.write(workflow(doc) if kind == 'workflow' else pre_commit(doc))
    return 0


if __name__ == '__main__':
    sys.exit(main())
