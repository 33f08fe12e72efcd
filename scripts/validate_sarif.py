#!/usr/bin/env python3
"""Validate a SARIF file the way GitHub code scanning reads it.

    validate_sarif.py [--schema SCHEMA.json] [--root DIR] FILE.sarif

Two layers, both always strict:

1. GitHub's own requirements (docs "SARIF support for code scanning"):
   $schema, version 2.1.0, runs[].tool.driver.name, driver.rules[] with a
   non-empty id, shortDescription.text, fullDescription.text and help.text
   (each at most 1024 characters), and for every result a ruleId known to
   the driver, message.text, a first location with artifactLocation.uri and
   region.startLine/startColumn/endLine/endColumn (1-based, end after
   start), a partialFingerprints.primaryLocationLineHash, and a URI that is
   relative (resolving under --root when given) or a file:// URI.
2. The SARIF 2.1.0 JSON schema (oasis-tcs/sarif-spec
   sarif-2.1/schema/sarif-schema-2.1.0.json), when --schema names it, with
   the python3 jsonschema module (Debian: python3-jsonschema).

Prints one line per problem and exits 1 when there is any; exit 2 when the
file or schema cannot be read, or --schema is given without jsonschema.
"""
import argparse
import json
import os
import sys
import urllib.parse

LIMIT = 1024


def text_of(obj, key):
    v = obj.get(key)
    return v.get('text') if isinstance(v, dict) else None


def check_rules(driver, problems):
    ids = set()
    rules = driver.get('rules')
    if not isinstance(rules, list) or not rules:
        problems.append('tool.driver.rules is missing or empty')
        return ids
    for i, r in enumerate(rules):
        where = 'rules[%d]' % i
        if not r.get('id'):
            problems.append(where + ': no id')
            continue
        ids.add(r['id'])
        for key in ('shortDescription', 'fullDescription', 'help'):
            t = text_of(r, key)
            if not t:
                problems.append('%s (%s): empty %s.text' % (where, r['id'], key))
            elif len(t) > LIMIT:
                problems.append('%s (%s): %s.text longer than %d' %
                                (where, r['id'], key, LIMIT))
        level = r.get('defaultConfiguration', {}).get('level', 'warning')
        if level not in ('none', 'note', 'warning', 'error'):
            problems.append('%s: bad defaultConfiguration.level %r' % (where, level))
    return ids


def check_uri(uri, base_id, root, where, problems):
    if uri.startswith('file://'):
        return
    if '://' in uri or uri.startswith('/'):
        problems.append('%s: uri %r is neither relative nor file://' % (where, uri))
        return
    if base_id not in (None, '%SRCROOT%'):
        problems.append('%s: unknown uriBaseId %r' % (where, base_id))
    if root and not os.path.exists(os.path.join(root, urllib.parse.unquote(uri))):
        problems.append('%s: %r does not exist under %s' % (where, uri, root))


def check_region(region, where, problems):
    for key in ('startLine', 'startColumn', 'endLine', 'endColumn'):
        if not isinstance(region.get(key), int) or region[key] < 1:
            problems.append('%s: region.%s missing or < 1' % (where, key))
            return
    if (region['endLine'], region['endColumn']) <= (region['startLine'],
                                                    region['startColumn']):
        problems.append('%s: region ends before it starts' % where)


def check_result(res, i, rule_ids, root, problems):
    where = 'results[%d]' % i
    if res.get('ruleId') not in rule_ids:
        problems.append('%s: ruleId %r is not a driver rule' % (where, res.get('ruleId')))
    if not text_of(res, 'message'):
        problems.append(where + ': empty message.text')
    locs = res.get('locations')
    if not isinstance(locs, list) or not locs:
        problems.append(where + ': no locations')
        return
    phys = locs[0].get('physicalLocation', {})
    art = phys.get('artifactLocation', {})
    if not art.get('uri'):
        problems.append(where + ': no artifactLocation.uri')
    else:
        check_uri(art['uri'], art.get('uriBaseId'), root, where, problems)
    check_region(phys.get('region', {}), where, problems)
    fp = res.get('partialFingerprints', {}).get('primaryLocationLineHash')
    if not fp or ':' not in fp:
        problems.append(where + ': no partialFingerprints.primaryLocationLineHash')
    if res.get('level') not in (None, 'none', 'note', 'warning', 'error'):
        problems.append('%s: bad level %r' % (where, res.get('level')))


def check_github(doc, root):
    problems = []
    if not doc.get('$schema'):
        problems.append('$schema is missing')
    if doc.get('version') != '2.1.0':
        problems.append('version is not 2.1.0')
    runs = doc.get('runs')
    if not isinstance(runs, list) or not runs:
        return problems + ['runs is missing or empty']
    for run in runs:
        driver = run.get('tool', {}).get('driver', {})
        if not driver.get('name'):
            problems.append('tool.driver.name is missing')
        ids = check_rules(driver, problems)
        for i, res in enumerate(run.get('results', [])):
            check_result(res, i, ids, root, problems)
    return problems


def check_schema(doc, schema_path):
    try:
        import jsonschema
    except ImportError:
        print('validate_sarif: --schema needs python3-jsonschema', file=sys.stderr)
        sys.exit(2)
    with open(schema_path, encoding='utf-8') as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    return ['schema: %s at /%s' % (e.message, '/'.join(str(p) for p in e.path))
            for e in validator.iter_errors(doc)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('sarif')
    ap.add_argument('--schema')
    ap.add_argument('--root')
    args = ap.parse_args()
    try:
        with open(args.sarif, encoding='utf-8') as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        print('validate_sarif: %s' % e, file=sys.stderr)
        return 2
    problems = check_github(doc, args.root)
    if args.schema:
        problems += check_schema(doc, args.schema)
    for p in problems:
        print('%s: %s' % (args.sarif, p))
    if not problems:
        print('%s: valid (%s)' % (args.sarif, 'GitHub rules and the SARIF 2.1.0 schema'
                                  if args.schema else 'GitHub rules'))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
