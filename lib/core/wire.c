/*
 * wire.c: the byte encoding of diagnostic lists (see wire.h).
 */
#include <stdlib.h>
#include <string.h>

#include "wire.h"
#include "xlambda/rules.h"

/* ---- numbers and strings ------------------------------------------------- */

void xl_wire_put_u32(xl_buf *out, uint32_t v) {
  unsigned char b[4];

  b[0] = (unsigned char)v;
  b[1] = (unsigned char)(v >> 8);
  b[2] = (unsigned char)(v >> 16);
  b[3] = (unsigned char)(v >> 24);
  xl_buf_put(out, b, 4);
}

void xl_wire_put_u64(xl_buf *out, uint64_t v) {
  xl_wire_put_u32(out, (uint32_t)v);
  xl_wire_put_u32(out, (uint32_t)(v >> 32));
}

void xl_wire_put_str(xl_buf *out, const char *s) {
  size_t n = s ? strlen(s) : 0;

  xl_wire_put_u32(out, (uint32_t)n);
  xl_buf_put(out, s ? s : "", n);
  xl_buf_putc(out, '\0');
}

uint32_t xl_wire_u32(xl_wire_in *in) {
  const unsigned char *b = (const unsigned char *)in->p;

  if (in->bad || in->end - in->p < 4) {
    in->bad = 1;
    return 0;
  }
  in->p += 4;
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
         (uint32_t)b[3] << 24;
}

uint64_t xl_wire_u64(xl_wire_in *in) {
  uint64_t lo = xl_wire_u32(in);

  return lo | (uint64_t)xl_wire_u32(in) << 32;
}

const char *xl_wire_str(xl_wire_in *in) {
  uint32_t n = xl_wire_u32(in);
  const char *s = in->p;

  if (in->bad || (size_t)(in->end - in->p) <= n || s[n] != '\0' ||
      memchr(s, '\0', n) != NULL) {
    in->bad = 1;
    return "";
  }
  in->p += n + 1;
  return s;
}

/* A count of items that each take at least `least` bytes: refused when the
 * message cannot hold that many (no huge allocation from a bad length). */
static uint32_t wire_count(xl_wire_in *in, size_t least) {
  uint32_t n = xl_wire_u32(in);

  if (!in->bad && (size_t)(in->end - in->p) / least < n)
    in->bad = 1;
  return in->bad ? 0 : n;
}

/* ---- encoding ------------------------------------------------------------ */

static void put_loc(xl_buf *out, xl_dloc l) {
  xl_wire_put_str(out, l.file);
  xl_wire_put_u32(out, l.line);
  xl_wire_put_u32(out, l.col);
  xl_wire_put_u32(out, l.offset);
  xl_wire_put_u32(out, l.macro);
}

static void put_fixits(xl_buf *out, const xl_fixit *fx, size_t n) {
  size_t i;

  xl_wire_put_u32(out, (uint32_t)n);
  for (i = 0; i < n; i++) {
    put_loc(out, fx[i].begin);
    put_loc(out, fx[i].end);
    xl_wire_put_str(out, fx[i].text);
  }
}

static void put_diag(xl_buf *out, const xl_diag *d) {
  size_t i;

  xl_wire_put_u32(out, (uint32_t)d->rule);
  xl_wire_put_str(out, d->rule_name);
  xl_wire_put_u32(out, (uint32_t)d->severity);
  xl_wire_put_u32(out, d->flags);
  put_loc(out, d->loc);
  xl_wire_put_str(out, d->message);
  xl_wire_put_u32(out, (uint32_t)d->nranges);
  for (i = 0; i < d->nranges; i++)
    put_loc(out, d->ranges[i]);
  put_fixits(out, d->fixits, d->nfixits);
  xl_wire_put_u32(out, (uint32_t)d->nnotes);
  for (i = 0; i < d->nnotes; i++) {
    put_loc(out, d->notes[i]->loc);
    xl_wire_put_str(out, d->notes[i]->message);
    xl_wire_put_u32(out, (uint32_t)d->notes[i]->fix_dropped);
    put_fixits(out, d->notes[i]->fixits, d->notes[i]->nfixits);
  }
}

int xl_diags_encode(xl_buf *out, const xl_diags *l) {
  size_t i;

  xl_wire_put_u32(out, (uint32_t)l->nfiles);
  for (i = 0; i < l->nfiles; i++) {
    xl_wire_put_str(out, l->files[i]);
    xl_wire_put_u64(out, l->hashes[i]);
  }
  xl_wire_put_u32(out, (uint32_t)l->count);
  for (i = 0; i < l->count; i++)
    put_diag(out, l->items[i]);
  return out->oom ? XL_ENOMEM : XL_OK;
}

/* ---- decoding ------------------------------------------------------------ */

/* The fewest bytes an encoded item takes (empty strings, no sub-items). */
#define LOC_BYTES 21u  /* a file name and four numbers */
#define DIAG_BYTES 55u /* 6 numbers, 2 strings, a location */

static xl_dloc get_loc(xl_diags *l, xl_wire_in *in) {
  xl_dloc d;

  memset(&d, 0, sizeof(d));
  d.file = xl_diags_intern(l, xl_wire_str(in));
  if (!d.file)
    d.file = "";
  d.line = xl_wire_u32(in);
  d.col = xl_wire_u32(in);
  d.offset = xl_wire_u32(in);
  d.macro = xl_wire_u32(in) != 0;
  return d;
}

/* Fix-its are stored as they were sent: they were checked when made. */
static void get_fixits(xl_diags *l, xl_wire_in *in, xl_fixit **arr, size_t *n,
                       size_t *cap) {
  uint32_t k = wire_count(in, 2 * LOC_BYTES + 5), i;

  for (i = 0; i < k && !in->bad; i++) {
    xl_fixit fx;
    fx.begin = get_loc(l, in);
    fx.end = get_loc(l, in);
    fx.text = xl_arena_strdup(&l->arena, xl_wire_str(in));
    if (!fx.text || XL_GROW(*arr, *cap, *n + 1) < 0) {
      l->oom = 1;
      return;
    }
    (*arr)[(*n)++] = fx;
  }
}

static void get_notes(xl_diag *d, xl_wire_in *in) {
  uint32_t k = wire_count(in, LOC_BYTES + 13), i;

  for (i = 0; i < k && !in->bad; i++) {
    xl_dloc loc = get_loc(d->list, in);
    const char *msg = xl_wire_str(in);
    int dropped = xl_wire_u32(in) != 0;
    xl_note *n = in->bad ? NULL : xl_diag_add_dnote(d, loc, msg);
    if (!n)
      return;
    n->fix_dropped = dropped;
    get_fixits(d->list, in, &n->fixits, &n->nfixits, &n->cap_fixits);
  }
}

/* The rule's name as the table spells it, else a copy owned by the list. */
static const char *rule_name(xl_diags *l, int rule, const char *name) {
  if (rule >= 0 && (size_t)rule < xl_rule_count() &&
      strcmp(xl_rule_name((size_t)rule), name) == 0)
    return xl_rule_name((size_t)rule);
  return xl_arena_strdup(&l->arena, name);
}

static void get_ranges(xl_diag *d, xl_wire_in *in) {
  uint32_t k = wire_count(in, LOC_BYTES), i;

  if (k % 2) {
    in->bad = 1;
    return;
  }
  if (XL_GROW(d->ranges, d->cap_ranges, k) < 0) {
    d->list->oom = 1;
    return;
  }
  for (i = 0; i < k && !in->bad; i++)
    d->ranges[d->nranges++] = get_loc(d->list, in);
}

static void get_diag(xl_diags *l, xl_wire_in *in) {
  int rule = (int)xl_wire_u32(in);
  const char *name = rule_name(l, rule, xl_wire_str(in));
  uint32_t sev = xl_wire_u32(in), flags = xl_wire_u32(in);
  xl_dloc loc = get_loc(l, in);
  const char *msg = xl_wire_str(in);
  xl_diag *d;

  if (!name) {
    l->oom = 1;
    return;
  }
  if (sev > XL_SEV_ERROR)
    in->bad = 1;
  if (in->bad)
    return;
  d = xl_diags_add(l, rule, name, (xl_severity)sev, loc, msg);
  if (!d)
    return; /* out of memory: the list remembers */
  d->flags = flags;
  get_ranges(d, in);
  get_fixits(l, in, &d->fixits, &d->nfixits, &d->cap_fixits);
  get_notes(d, in);
}

int xl_diags_decode(xl_diags **out, xl_wire_in *in) {
  xl_diags *l = NULL;
  uint32_t n, i;

  *out = NULL;
  if (xl_diags_new(&l) < 0)
    return XL_ENOMEM;
  n = wire_count(in, 13);
  for (i = 0; i < n && !in->bad && !l->oom; i++) {
    const char *file = xl_wire_str(in);
    uint64_t hash = xl_wire_u64(in);
    if (!in->bad)
      xl_diags_set_hash(l, file, hash);
  }
  n = wire_count(in, DIAG_BYTES);
  for (i = 0; i < n && !in->bad && !l->oom; i++)
    get_diag(l, in);
  if (in->bad || l->oom) {
    int rc = l->oom && !in->bad ? XL_ENOMEM : XL_EPARSE;
    xl_diags_free(l);
    in->bad = 1;
    return rc;
  }
  *out = l;
  return XL_OK;
}
