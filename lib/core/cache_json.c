/*
 * cache_json.c: the result cache's entry format (JSON, through jansson).
 *
 *   {"key": "...", "deps": [[path, hash], ...],
 *    "facts": {"main": path, "flags": n, "std": n, "cuda": [major, minor],
 *              "files": [[path, flags, hash], ...], "device": bool},
 *    "files": [[path, hash], ...],            the diagnostics' file table
 *    "diags": [{"rule": id, "sev": n, "flags": n, "loc": LOC, "msg": s,
 *               "ranges": [LOC, ...], "fixits": [FIX, ...],
 *               "notes": [{"loc": LOC, "msg": s, "dropped": 0|1,
 *                          "fixits": [FIX, ...]}, ...]}, ...]}
 *
 * LOC is [file index, line, column, offset, macro], FIX is [LOC, LOC,
 * text]; hashes are 16 hex digits (JSON integers are signed).
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cache.h"
#include "xlambda/rules.h"
#include "util/util.h"

struct xl_cache_entry {
  json_t *doc;
};

/* ---- writing ------------------------------------------------------------- */

static json_t *hash_json(uint64_t h) {
  char hex[17];

  snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)h);
  return json_string(hex);
}

static json_int_t file_index(const xl_diags *l, const char *file) {
  size_t i;

  for (i = 0; i < l->nfiles; i++)
    if (l->files[i] == file || strcmp(l->files[i], file) == 0)
      return (json_int_t)i;
  return -1;
}

static json_t *loc_json(const xl_diags *l, xl_dloc d) {
  return json_pack("[I,i,i,i,i]", file_index(l, d.file), (int)d.line,
                   (int)d.col, (int)d.offset, (int)d.macro);
}

static json_t *fixits_json(const xl_diags *l, const xl_fixit *fx, size_t n) {
  json_t *a = json_array();
  size_t i;

  for (i = 0; a && i < n; i++)
    json_array_append_new(a, json_pack("[o,o,s]", loc_json(l, fx[i].begin),
                                       loc_json(l, fx[i].end), fx[i].text));
  return a;
}

static json_t *diag_json(const xl_diags *l, const xl_diag *d) {
  json_t *ranges = json_array(), *notes = json_array();
  size_t i;

  for (i = 0; i < d->nranges; i++)
    json_array_append_new(ranges, loc_json(l, d->ranges[i]));
  for (i = 0; i < d->nnotes; i++) {
    const xl_note *n = d->notes[i];
    json_array_append_new(
        notes, json_pack("{s:o,s:s,s:i,s:o}", "loc", loc_json(l, n->loc),
                         "msg", n->message, "dropped", n->fix_dropped,
                         "fixits", fixits_json(l, n->fixits, n->nfixits)));
  }
  return json_pack("{s:s,s:i,s:i,s:o,s:s,s:o,s:o,s:o}", "rule", d->rule_name,
                   "sev", (int)d->severity, "flags", (int)d->flags, "loc",
                   loc_json(l, d->loc), "msg", d->message, "ranges", ranges,
                   "fixits", fixits_json(l, d->fixits, d->nfixits), "notes",
                   notes);
}

static json_t *facts_json(const xl_facts *f) {
  json_t *files = json_array(), *deps = json_array();
  uint32_t i;

  for (i = 0; i < f->nfiles; i++)
    json_array_append_new(files,
                          json_pack("[s,i,o]", f->files[i], (int)f->file_flags[i],
                                    hash_json(f->file_hashes[i])));
  for (i = 0; i < f->ndeps; i++)
    json_array_append_new(deps, json_pack("[s,o]", f->deps[i],
                                          hash_json(f->dep_hashes[i])));
  /* "device": whether the device side was parsed (for the reader only) */
  return json_pack("{s:o,s:{s:s,s:i,s:i,s:[i,i],s:o,s:b}}", "deps", deps,
                   "facts", "main", f->main_file, "flags", (int)f->flags,
                   "std", f->cxx_std, "cuda", f->cuda_major, f->cuda_minor,
                   "files", files, "device", f->device != NULL);
}

int xl_cache_entry_write(char **out, const char *key, const xl_diags *diags,
                         const xl_facts *facts) {
  json_t *doc = facts_json(facts), *files = json_array(), *items = json_array();
  size_t i;

  *out = NULL;
  for (i = 0; i < diags->nfiles; i++)
    json_array_append_new(files, json_pack("[s,o]", diags->files[i],
                                           hash_json(diags->hashes[i])));
  for (i = 0; i < diags->count; i++)
    json_array_append_new(items, diag_json(diags, diags->items[i]));
  if (doc) {
    json_object_set_new(doc, "key", json_string(key));
    json_object_set_new(doc, "files", files);
    json_object_set_new(doc, "diags", items);
    *out = json_dumps(doc, JSON_COMPACT);
  } else {
    json_decref(files);
    json_decref(items);
  }
  json_decref(doc);
  return *out ? XL_OK : XL_ENOMEM;
}

/* ---- reading ------------------------------------------------------------- */

int xl_cache_entry_read(xl_cache_entry **out, const char *text, size_t len,
                        const char *key) {
  json_t *doc = json_loadb(text, len, 0, NULL);
  const char *stored = json_string_value(json_object_get(doc, "key"));

  *out = NULL;
  if (!stored || strcmp(stored, key) != 0 ||
      !json_is_array(json_object_get(doc, "deps"))) {
    json_decref(doc);
    return XL_OK;
  }
  *out = calloc(1, sizeof(**out));
  if (!*out) {
    json_decref(doc);
    return XL_ENOMEM;
  }
  (*out)->doc = doc;
  return XL_OK;
}

void xl_cache_entry_free(xl_cache_entry *e) {
  if (!e)
    return;
  json_decref(e->doc);
  free(e);
}

/* A 16-hex-digit hash; 1 when well formed. */
static int hash_value(json_t *j, uint64_t *out) {
  const char *s = json_string_value(j);
  char *end;

  if (!s || strlen(s) != 16)
    return 0;
  *out = strtoull(s, &end, 16);
  return *end == '\0';
}

int xl_cache_entry_dep(const xl_cache_entry *e, size_t i, const char **path,
                       uint64_t *hash) {
  json_t *d = json_array_get(json_object_get(e->doc, "deps"), i);

  *path = json_string_value(json_array_get(d, 0));
  if (!*path || !hash_value(json_array_get(d, 1), hash)) {
    *path = ""; /* a malformed dependency matches no file */
    *hash = 0;
  }
  return d != NULL;
}

/* ---- the stored result ---------------------------------------------------- */

typedef struct reader {
  xl_diags *l;
  int bad;
} reader;

static xl_dloc loc_value(reader *r, json_t *j) {
  xl_dloc d;
  json_int_t f = json_integer_value(json_array_get(j, 0));

  memset(&d, 0, sizeof(d));
  d.file = "";
  if (!json_is_array(j) || json_array_size(j) != 5 || f < 0 ||
      (size_t)f >= r->l->nfiles) {
    r->bad = 1;
    return d;
  }
  d.file = r->l->files[f];
  d.line = (unsigned)json_integer_value(json_array_get(j, 1));
  d.col = (unsigned)json_integer_value(json_array_get(j, 2));
  d.offset = (unsigned)json_integer_value(json_array_get(j, 3));
  d.macro = (unsigned)json_integer_value(json_array_get(j, 4));
  return d;
}

/* Append the fix-its of a JSON array as stored (they were accepted once). */
static void fixits_value(reader *r, json_t *a, xl_fixit **arr, size_t *n,
                         size_t *cap) {
  size_t i;

  for (i = 0; i < json_array_size(a); i++) {
    json_t *f = json_array_get(a, i);
    const char *text = json_string_value(json_array_get(f, 2));
    if (!text || XL_GROW(*arr, *cap, *n + 1) < 0) {
      r->bad = 1;
      return;
    }
    (*arr)[*n].begin = loc_value(r, json_array_get(f, 0));
    (*arr)[*n].end = loc_value(r, json_array_get(f, 1));
    (*arr)[*n].text = xl_arena_strdup(&r->l->arena, text);
    if (!(*arr)[(*n)++].text)
      r->l->oom = 1;
  }
}

static void note_value(reader *r, xl_diag *d, json_t *j) {
  const char *msg = json_string_value(json_object_get(j, "msg"));
  xl_note *n;

  if (!msg) {
    r->bad = 1;
    return;
  }
  n = xl_diag_add_dnote(d, loc_value(r, json_object_get(j, "loc")), msg);
  if (!n)
    return;
  n->fix_dropped = (int)json_integer_value(json_object_get(j, "dropped"));
  fixits_value(r, json_object_get(j, "fixits"), &n->fixits, &n->nfixits,
               &n->cap_fixits);
}

/* The table's spelling of a rule id (findings keep the pointer). */
static const char *rule_name(const char *id, int *index) {
  *index = xl_rule_find(id);
  if (*index >= 0)
    return xl_rule_name((size_t)*index);
  return strcmp(id, "clang-diagnostic-error") == 0 ? "clang-diagnostic-error"
                                                   : NULL;
}

static void diag_value(reader *r, json_t *j) {
  const char *id = json_string_value(json_object_get(j, "rule"));
  const char *msg = json_string_value(json_object_get(j, "msg"));
  json_t *a;
  xl_diag *d;
  int rule = -1;
  size_t i;

  id = id ? rule_name(id, &rule) : NULL;
  if (!id || !msg) {
    r->bad = 1;
    return;
  }
  d = xl_diags_add(r->l, rule, id,
                   (xl_severity)json_integer_value(json_object_get(j, "sev")),
                   loc_value(r, json_object_get(j, "loc")), msg);
  if (!d)
    return;
  d->flags = (unsigned)json_integer_value(json_object_get(j, "flags"));
  a = json_object_get(j, "ranges");
  for (i = 0; i < json_array_size(a); i++) {
    if (XL_GROW(d->ranges, d->cap_ranges, d->nranges + 1) < 0) {
      r->l->oom = 1;
      return;
    }
    d->ranges[d->nranges++] = loc_value(r, json_array_get(a, i));
  }
  fixits_value(r, json_object_get(j, "fixits"), &d->fixits, &d->nfixits,
               &d->cap_fixits);
  a = json_object_get(j, "notes");
  for (i = 0; i < json_array_size(a); i++)
    note_value(r, d, json_array_get(a, i));
}

static int diags_value(xl_diags **out, json_t *doc) {
  json_t *files = json_object_get(doc, "files");
  json_t *items = json_object_get(doc, "diags");
  reader r;
  uint64_t h;
  size_t i;

  *out = NULL;
  if (xl_diags_new(&r.l) < 0)
    return XL_ENOMEM;
  r.bad = !json_is_array(files) || !json_is_array(items);
  for (i = 0; !r.bad && i < json_array_size(files); i++) {
    json_t *f = json_array_get(files, i);
    const char *name = json_string_value(json_array_get(f, 0));
    const char *in = name ? xl_diags_intern(r.l, name) : NULL;
    r.bad = !in || r.l->nfiles != i + 1 ||
            !hash_value(json_array_get(f, 1), &h);
    if (!r.bad)
      r.l->hashes[i] = h;
  }
  for (i = 0; !r.bad && i < json_array_size(items); i++)
    diag_value(&r, json_array_get(items, i));
  if (r.bad || r.l->oom) {
    int rc = r.l->oom ? XL_ENOMEM : XL_EPARSE;
    xl_diags_free(r.l);
    return rc;
  }
  *out = r.l;
  return XL_OK;
}

static int facts_value(xl_facts **out, json_t *j) {
  const char *main_file = json_string_value(json_object_get(j, "main"));
  json_t *files = json_object_get(j, "files"), *cuda = json_object_get(j, "cuda");
  xl_facts *f = NULL;
  size_t i;
  int rc;

  *out = NULL;
  if (!main_file || !json_is_array(files))
    return XL_EPARSE;
  rc = xl_facts_new(&f, main_file);
  for (i = 0; rc == XL_OK && i < json_array_size(files); i++) {
    json_t *e = json_array_get(files, i);
    const char *name = json_string_value(json_array_get(e, 0));
    xl_id id;
    uint64_t h;
    rc = name && hash_value(json_array_get(e, 2), &h) ? XL_OK : XL_EPARSE;
    if (rc == XL_OK)
      rc = xl_facts_add_file(
          &id, f, name, (uint32_t)json_integer_value(json_array_get(e, 1)));
    if (rc == XL_OK)
      f->file_hashes[id] = h;
  }
  if (rc < 0) {
    xl_facts_free(f);
    return rc;
  }
  f->flags = (uint32_t)json_integer_value(json_object_get(j, "flags"));
  f->cxx_std = (int)json_integer_value(json_object_get(j, "std"));
  f->cuda_major = (int)json_integer_value(json_array_get(cuda, 0));
  f->cuda_minor = (int)json_integer_value(json_array_get(cuda, 1));
  *out = f;
  return XL_OK;
}

int xl_cache_entry_result(xl_diags **diags, xl_facts **facts,
                          const xl_cache_entry *e) {
  int rc = facts_value(facts, json_object_get(e->doc, "facts"));

  *diags = NULL;
  if (rc == XL_OK)
    rc = diags_value(diags, e->doc);
  if (rc < 0) {
    xl_facts_free(*facts);
    *facts = NULL;
  }
  return rc;
}
