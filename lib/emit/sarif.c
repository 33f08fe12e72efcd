/*
 * sarif.c: --format=sarif, SARIF 2.1.0 as GitHub code scanning reads it
 * (docs/output-formats.md): rule metadata, repository-relative URIs,
 * UTF-16 columns, primaryLocationLineHash fingerprints, related locations
 * for notes, fixes as byte regions.
 */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "xlambda/rules.h"

#define SCHEMA "https://json.schemastore.org/sarif-2.1.0.json"
#define SRCROOT "%SRCROOT%"

/* ---- the source of the current file ------------------------------------ */

typedef struct src {
  const char *path; /* interned in the diags list */
  char *text;
  size_t len;
  size_t *starts;   /* byte offset of each line */
  size_t nlines;
  char **hashes;    /* primaryLocationLineHash per line */
  size_t nhashes;
} src;

static void src_clear(src *s) {
  size_t i;

  for (i = 0; i < s->nhashes; i++)
    free(s->hashes[i]);
  free(s->hashes);
  free(s->starts);
  free(s->text);
  memset(s, 0, sizeof(*s));
}

static void src_index(src *s) {
  size_t i, n = 1;

  for (i = 0; i < s->len; i++)
    n += s->text[i] == '\n';
  s->starts = malloc(n * sizeof(*s->starts));
  if (!s->starts)
    return;
  s->starts[0] = 0;
  for (i = 0, n = 1; i < s->len; i++)
    if (s->text[i] == '\n')
      s->starts[n++] = i + 1;
  s->nlines = n;
}

static void src_load(src *s, const char *path) {
  if (s->path == path)
    return;
  src_clear(s);
  s->path = path;
  if (xl_read_file(&s->text, &s->len, path, NULL) < 0)
    return;
  src_index(s);
  if (xl_line_hashes(&s->hashes, &s->nhashes, s->text, s->len) < 0)
    s->nhashes = 0;
}

/* A byte column as a UTF-16 column (unchanged when the line is unknown). */
static unsigned utf16_col(const src *s, unsigned line, unsigned col) {
  size_t start, end;

  if (!s->starts || line == 0 || line > s->nlines)
    return col;
  start = s->starts[line - 1];
  end = line < s->nlines ? s->starts[line] : s->len;
  return xl_utf16_column(s->text + start, end - start, col);
}

/* ---- locations ---------------------------------------------------------- */

/* Percent-encode what is not unreserved or '/'. */
static void uri_escape(xl_buf *b, const char *p) {
  static const char hex[] = "0123456789ABCDEF";

  for (; *p; p++) {
    unsigned char c = (unsigned char)*p;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
        (c >= '0' && c <= '9') || strchr("-._~/", c))
      xl_buf_putc(b, (char)c);
    else
      xl_buf_printf(b, "%%%c%c", hex[c >> 4], hex[c & 15]);
  }
}

static json_t *artifact(const char *file, const char *base) {
  size_t n = base ? strlen(base) : 0;
  xl_buf b = XL_BUF_INIT;
  json_t *o;
  int rel = n > 0 && strncmp(file, base, n) == 0 && file[n] == '/';

  if (!rel)
    xl_buf_puts(&b, "file://");
  uri_escape(&b, rel ? file + n + 1 : file);
  o = rel ? json_pack("{s:s?,s:s}", "uri", b.data, "uriBaseId", SRCROOT)
          : json_pack("{s:s?}", "uri", b.data);
  xl_buf_free(&b);
  return o;
}

static json_t *region(const src *s, xl_dloc loc, unsigned end_col) {
  unsigned c = utf16_col(s, loc.line, loc.col);
  unsigned e = utf16_col(s, loc.line, end_col);

  return json_pack("{s:i,s:i,s:i,s:i}", "startLine", (int)loc.line,
                   "startColumn", (int)c, "endLine", (int)loc.line,
                   "endColumn", (int)(e > c ? e : c + 1));
}

static json_t *location(src *s, xl_dloc loc, unsigned end_col,
                        const char *base) {
  src_load(s, loc.file);
  return json_pack("{s:{s:o,s:o}}", "physicalLocation", "artifactLocation",
                   artifact(loc.file, base), "region",
                   region(s, loc, end_col));
}

/* The end of the highlighted range that starts at or covers loc. */
static unsigned end_column(const xl_diag *d) {
  size_t i;

  for (i = 0; i + 1 < d->nranges; i += 2) {
    xl_dloc b = d->ranges[i], e = d->ranges[i + 1];
    if (b.file == d->loc.file && b.line == d->loc.line &&
        e.line == d->loc.line && b.col <= d->loc.col && e.col > d->loc.col)
      return e.col;
  }
  return d->loc.col + 1;
}

/* ---- rules -------------------------------------------------------------- */

/* Rule ids that are not in the rule table, with their descriptions. */
static const struct {
  const char *id, *summary;
} extra_rules[] = {
    {"clang-diagnostic-error",
     "clang could not parse this code with the translated compile command; "
     "the analysis of the file may be incomplete."},
    {"xlambda-nolint",
     "A NOLINTBEGIN comment has no matching NOLINTEND comment, or the other "
     "way round."},
};
#define NEXTRA (sizeof(extra_rules) / sizeof(*extra_rules))

static const char *oracle_sentence(const char *oracle) {
  if (strcmp(oracle, "frontend") == 0)
    return "nvcc 13.0 rejects this code with an error.";
  if (strcmp(oracle, "host") == 0)
    return "nvcc 13.0 rejects this code when it compiles the host side.";
  return "nvcc 13.0 compiles this code without a diagnostic, and the program "
         "goes wrong at run time.";
}

/* "extended_lambda_pack_capture" -> "ExtendedLambdaPackCapture". */
static char *camel(const char *id) {
  xl_buf b = XL_BUF_INIT;
  int up = 1;

  for (; *id; id++) {
    if (*id == '_' || *id == '-') {
      up = 1;
      continue;
    }
    xl_buf_putc(&b, (char)(up && *id >= 'a' && *id <= 'z' ? *id - 32 : *id));
    up = 0;
  }
  return xl_buf_detach(&b);
}

static json_t *rule_json(const char *id, const char *summary, const char *full,
                         const char *level, const char *docs_url) {
  xl_buf help = XL_BUF_INIT, md = XL_BUF_INIT, link = XL_BUF_INIT;
  char *name = camel(id);
  json_t *r;

  if (docs_url && *docs_url)
    xl_buf_printf(&link, "%s/%s.md", docs_url, id);
  else
    xl_buf_printf(&link, "docs/rules/%s.md", id);
  xl_buf_printf(&help, "%s See docs/rules/%s.md for what nvcc does, an "
                "example and the fix.", summary, id);
  xl_buf_printf(&md, "%s\n\nSee [docs/rules/%s.md](%s) for what nvcc does, an "
                "example and the fix.", summary, id, link.data);
  r = json_pack("{s:s,s:s?,s:{s:s},s:{s:s},s:{s:s?,s:s?},s:{s:s},"
                "s:{s:[s,s],s:s,s:s}}",
                "id", id, "name", name, "shortDescription", "text", summary,
                "fullDescription", "text", full, "help", "text", help.data,
                "markdown", md.data, "defaultConfiguration", "level", level,
                "properties", "tags", "cuda", "correctness", "precision",
                "high", "problem.severity", level);
  if (r && docs_url && *docs_url)
    json_object_set_new(r, "helpUri", json_string(link.data));
  free(name);
  xl_buf_free(&help);
  xl_buf_free(&md);
  xl_buf_free(&link);
  return r;
}

static json_t *rules_json(const char *docs_url) {
  json_t *a = json_array();
  char full[2048];
  size_t i;

  for (i = 0; i < xl_rule_count(); i++) {
    const char *sev =
        xl_rule_default_severity(i) == XL_SEV_ERROR ? "error" : "warning";
    snprintf(full, sizeof(full), "%s %s", xl_rule_summary(i),
             oracle_sentence(xl_rule_oracle(i)));
    json_array_append_new(a, rule_json(xl_rule_name(i), xl_rule_summary(i),
                                       full, sev, docs_url));
  }
  for (i = 0; i < NEXTRA; i++)
    json_array_append_new(a, rule_json(extra_rules[i].id,
                                       extra_rules[i].summary,
                                       extra_rules[i].summary, "error",
                                       docs_url));
  return a;
}

static int rule_index(const char *id) {
  int i = xl_rule_find(id);
  size_t k;

  if (i >= 0)
    return i;
  for (k = 0; k < NEXTRA; k++)
    if (strcmp(extra_rules[k].id, id) == 0)
      return (int)(xl_rule_count() + k);
  return -1;
}

/* ---- results ------------------------------------------------------------ */

static json_t *fixes_json(const xl_fixit *fx, size_t n, const char *base) {
  json_t *repl = json_array(), *change, *fix;
  size_t i;

  for (i = 0; i < n; i++)
    json_array_append_new(
        repl, json_pack("{s:{s:i,s:i},s:{s:s}}", "deletedRegion", "byteOffset",
                        (int)fx[i].begin.offset, "byteLength",
                        (int)(fx[i].end.offset - fx[i].begin.offset),
                        "insertedContent", "text", fx[i].text));
  change = json_pack("{s:o,s:o}", "artifactLocation",
                     artifact(fx[0].begin.file, base), "replacements", repl);
  fix = json_pack("{s:{s:s},s:[o]}", "description", "text",
                  "apply the fix-it", "artifactChanges", change);
  return json_pack("[o]", fix);
}

static json_t *related(src *s, const xl_diag *d, const char *base) {
  json_t *a = json_array();
  size_t i;

  for (i = 0; i < d->nnotes; i++) {
    const xl_note *n = d->notes[i];
    json_t *l;
    if (!n->loc.line)
      continue;
    l = location(s, n->loc, n->loc.col + 1, base);
    json_object_set_new(l, "id", json_integer((json_int_t)i + 1));
    json_object_set_new(l, "message", json_pack("{s:s}", "text", n->message));
    json_array_append_new(a, l);
  }
  return a;
}

static json_t *result_json(src *s, const xl_diag *d, const char *base) {
  json_t *r, *loc = location(s, d->loc, end_column(d), base);
  const char *hash = d->loc.line && d->loc.line <= s->nhashes
                         ? s->hashes[d->loc.line - 1]
                         : NULL;

  r = json_pack("{s:s,s:i,s:s,s:{s:s},s:[o]}", "ruleId", d->rule_name,
                "ruleIndex", rule_index(d->rule_name), "level",
                d->severity == XL_SEV_ERROR ? "error" : "warning", "message",
                "text", d->message, "locations", loc);
  if (!r)
    return NULL;
  if (hash)
    json_object_set_new(r, "partialFingerprints",
                        json_pack("{s:s}", "primaryLocationLineHash", hash));
  if (d->nnotes)
    json_object_set_new(r, "relatedLocations", related(s, d, base));
  if (d->nfixits)
    json_object_set_new(r, "fixes", fixes_json(d->fixits, d->nfixits, base));
  return r;
}

static json_t *run_json(const xl_diags *diags, const xl_emit_opts *o) {
  json_t *results = json_array(), *run;
  xl_buf root = XL_BUF_INIT;
  src s;
  size_t i;

  memset(&s, 0, sizeof(s));
  for (i = 0; i < diags->count; i++)
    json_array_append_new(results,
                          result_json(&s, diags->items[i], o->base_dir));
  src_clear(&s);
  run = json_pack("{s:{s:{s:s,s:s,s:s,s:o}},s:s,s:o}", "tool", "driver",
                  "name", "xlambda", "semanticVersion",
                  o->tool_version ? o->tool_version : XL_VERSION_STRING,
                  "version",
                  o->tool_version ? o->tool_version : XL_VERSION_STRING,
                  "rules", rules_json(o->docs_url), "columnKind",
                  "utf16CodeUnits", "results", results);
  if (run && o->base_dir) {
    xl_buf_puts(&root, "file://");
    uri_escape(&root, o->base_dir);
    xl_buf_puts(&root, "/");
    json_object_set_new(run, "originalUriBaseIds",
                        json_pack("{s:{s:s?}}", SRCROOT, "uri", root.data));
  }
  xl_buf_free(&root);
  return run;
}

int xl_emit_sarif(FILE *out, const xl_diags *diags, const xl_emit_opts *opts) {
  json_t *doc = json_pack("{s:s,s:s,s:[o]}", "$schema", SCHEMA, "version",
                          "2.1.0", "runs", run_json(diags, opts));
  int rc;

  if (!doc)
    return XL_ENOMEM;
  rc = json_dumpf(doc, out, JSON_INDENT(2));
  fputc('\n', out);
  json_decref(doc);
  return rc < 0 || ferror(out) ? XL_EIO : XL_OK;
}
