/*
 * json.c: the --format=json output.
 */
#include <jansson.h>
#include <stdlib.h>

#include "emit.h"

static json_t *pos_json(xl_dloc l) {
  return json_pack("{s:s,s:i,s:i,s:i}", "file", l.file, "line", (int)l.line,
                   "column", (int)l.col, "offset", (int)l.offset);
}

static json_t *fixits_json(const xl_fixit *fx, size_t n) {
  json_t *a = json_array();
  size_t i;

  for (i = 0; i < n; i++)
    json_array_append_new(
        a, json_pack("{s:s,s:i,s:i,s:s,s:i,s:i}", "file", fx[i].begin.file,
                     "offset", (int)fx[i].begin.offset, "length",
                     (int)(fx[i].end.offset - fx[i].begin.offset),
                     "replacement", fx[i].text, "line", (int)fx[i].begin.line,
                     "column", (int)fx[i].begin.col));
  return a;
}

static json_t *diag_json(const xl_diag *d) {
  json_t *ranges = json_array(), *notes = json_array(), *o;
  size_t i;

  for (i = 0; i + 1 < d->nranges; i += 2)
    json_array_append_new(ranges,
                          json_pack("{s:o,s:o}", "begin", pos_json(d->ranges[i]),
                                    "end", pos_json(d->ranges[i + 1])));
  for (i = 0; i < d->nnotes; i++) {
    const xl_note *n = d->notes[i];
    json_array_append_new(
        notes, json_pack("{s:s,s:i,s:i,s:s,s:o}", "file", n->loc.file, "line",
                         (int)n->loc.line, "column", (int)n->loc.col,
                         "message", n->message, "fixits",
                         fixits_json(n->fixits, n->nfixits)));
  }
  o = json_pack("{s:s,s:i,s:i,s:i,s:s,s:s,s:s,s:o,s:o,s:o}", "file",
                d->loc.file, "line", (int)d->loc.line, "column",
                (int)d->loc.col, "offset", (int)d->loc.offset, "severity",
                xl_severity_name(d->severity), "rule", d->rule_name, "message",
                d->message, "ranges", ranges, "notes", notes, "fixits",
                fixits_json(d->fixits, d->nfixits));
  return o;
}

int xl_emit_json(FILE *out, const xl_diags *diags, const xl_emit_opts *opts) {
  json_t *arr = json_array(), *doc;
  size_t i;
  int rc;
  (void)opts;

  for (i = 0; i < diags->count; i++)
    json_array_append_new(arr, diag_json(diags->items[i]));
  doc = json_pack("{s:o}", "diagnostics", arr);
  if (!doc)
    return XL_ENOMEM;
  rc = json_dumpf(doc, out, JSON_INDENT(2));
  fputc('\n', out);
  json_decref(doc);
  return rc < 0 || ferror(out) ? XL_EIO : XL_OK;
}
