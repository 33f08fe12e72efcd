#!/usr/bin/env python3
"""find-unnamed-default-classes.py DIR...: list the class templates whose
parameter list has an unnamed parameter with a default after a named first
one (`template <class T, class = void> struct S`), and whether the class
body holds an extended-lambda token (`] __device__`, `KOKKOS_LAMBDA`, ...).

A text scan (comments are not stripped), used to tell whether the check of
extended_lambda_nest_parent_template_param_unnamed for such parameters
(issue 19) can fire on a code base at all: docs/real-projects.md.
"""
import os, re, sys
LAMBDA = re.compile(r'\]\s*(\([^)]*\)\s*)?(__host__\s+)?__device__|KOKKOS_LAMBDA|KOKKOS_CLASS_LAMBDA|_CCCL_DEVICE_LAMBDA|\]\s*__device__')
def params(text, i):
    # text[i] == '<'; return list of params and end index
    depth, j, cur, out = 0, i, [], []
    while j < len(text):
        c = text[j]
        if c in '<([{': depth += 1
        elif c in '>)]}':
            depth -= 1
            if depth == 0:
                out.append(''.join(cur)); return out, j
        if depth == 1 and c == ',':
            out.append(''.join(cur)); cur = []
        elif not (depth == 1 and c == '<' and j == i):
            cur.append(c)
        j += 1
    return out, j
def unnamed_default(p):
    p = ' '.join(p.split())
    if '=' not in p: return False
    head = p.split('=')[0].strip()
    toks = re.findall(r'[A-Za-z_]\w*|\S', head)
    if not toks: return False
    last = toks[-1]
    # unnamed if the head ends with a keyword/type token, not a fresh identifier after a type
    if last in ('typename', 'class', 'int', 'bool', 'auto', 'size_t', '*', '&', '>', 'unsigned', 'long', 'char', 'short', '...'): return True
    if len(toks) == 1: return True   # e.g. 'Foo = ...'? a type alone (non-type param of type Foo)
    return False
hits = 0
for root in sys.argv[1:]:
    for dp, dn, fn in os.walk(root):
        for f in fn:
            if not f.endswith(('.h', '.hpp', '.cuh', '.cu', '.cpp', '.inl', '.cxx')): continue
            path = os.path.join(dp, f)
            try: text = open(path, errors='replace').read()
            except Exception: continue
            for m in re.finditer(r'template\s*<', text):
                ps, end = params(text, m.end() - 1)
                if len(ps) < 2: continue
                first = ' '.join(ps[0].split())
                if unnamed_default(first) or re.fullmatch(r'(typename|class|int|bool|auto)(\.\.\.)?', first): continue
                k = next((n for n, p in enumerate(ps[1:], 1) if unnamed_default(p)), None)
                if k is None: continue
                after = text[end + 1:end + 200]
                mm = re.match(r'\s*(struct|class)\s+(?:\w+\s+)*?(\w+)\s*(?:final\s*)?[:{]', after)
                if not mm: continue
                # the class body: from '{' to its matching '}'
                b = text.find('{', end)
                depth, e = 0, b
                while e < len(text):
                    if text[e] == '{': depth += 1
                    elif text[e] == '}':
                        depth -= 1
                        if depth == 0: break
                    e += 1
                body = text[b:e]
                lam = bool(LAMBDA.search(body))
                hits += 1
                print('%s:%d: %s <%s> lambda=%s' % (path, text.count('\n', 0, m.start()) + 1, mm.group(2), ', '.join(' '.join(p.split()) for p in ps), lam))
print('classes with an unnamed defaulted parameter after a named one:', hits, file=sys.stderr)
