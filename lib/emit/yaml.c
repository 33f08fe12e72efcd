/*
 * yaml.c: --export-fixes, the YAML clang-apply-replacements reads (the
 * clang::tooling::TranslationUnitDiagnostics schema clang-tidy writes).
 */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

/* A YAML scalar: single-quoted, or double-quoted with escapes when it holds
 * characters a single-quoted scalar cannot (line breaks fold there). */
static void scalar(FILE *out, const char *s) {
  const unsigned char *p;
  int plain = 1;

  for (p = (const unsigned char *)s; *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      plain = 0;
  if (plain) {
    fputc('\'', out);
    for (; *s; s++) {
      if (*s == '\'')
        fputc('\'', out);
      fputc(*s, out);
    }
    fputc('\'', out);
    return;
  }
  fputc('"', out);
  for (p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\')
      fprintf(out, "\\%c", *p);
    else if (*p == '\n')
      fputs("\\n", out);
    else if (*p == '\t')
      fputs("\\t", out);
    else if (*p == '\r')
      fputs("\\r", out);
    else if (*p < 0x20 || *p == 0x7f)
      fprintf(out, "\\x%02x", *p);
    else
      fputc(*p, out);
  }
  fputc('"', out);
}

static void replacements(FILE *out, const xl_fixit *fx, size_t n,
                         const char *indent) {
  size_t i;

  fprintf(out, "%sReplacements:%s\n", indent, n ? "" : "    []");
  for (i = 0; i < n; i++) {
    fprintf(out, "%s  - FilePath:        ", indent);
    scalar(out, fx[i].begin.file);
    fprintf(out, "\n%s    Offset:          %u\n", indent, fx[i].begin.offset);
    fprintf(out, "%s    Length:          %u\n", indent,
            fx[i].end.offset - fx[i].begin.offset);
    fprintf(out, "%s    ReplacementText: ", indent);
    scalar(out, fx[i].text);
    fputc('\n', out);
  }
}

/* A message: Message, FilePath, FileOffset, Replacements. */
static void message(FILE *out, const char *msg, xl_dloc loc,
                    const xl_fixit *fx, size_t n, const char *indent) {
  fputs("Message:         ", out);
  scalar(out, msg);
  fprintf(out, "\n%sFilePath:        ", indent);
  scalar(out, loc.file);
  fprintf(out, "\n%sFileOffset:      %u\n", indent, loc.offset);
  replacements(out, fx, n, indent);
}

/* The one note whose fix --fix-notes applies, or NULL. */
static const xl_note *note_fix(const xl_diag *d, unsigned flags) {
  const xl_note *only = NULL;
  size_t i;

  if (d->nfixits || !(flags & XL_EMIT_FIX_NOTES))
    return NULL;
  for (i = 0; i < d->nnotes; i++) {
    if (!d->notes[i]->nfixits)
      continue;
    if (only)
      return NULL;
    only = d->notes[i];
  }
  return only;
}

static void diagnostic(FILE *out, const xl_diag *d, unsigned flags,
                       const char *build_dir) {
  const xl_note *chosen = note_fix(d, flags);
  size_t i;

  fprintf(out, "  - DiagnosticName:  %s\n    DiagnosticMessage:\n      ",
          d->rule_name);
  message(out, d->message, d->loc, d->fixits, d->nfixits, "      ");
  if (d->nnotes)
    fputs("    Notes:\n", out);
  for (i = 0; i < d->nnotes; i++) {
    const xl_note *n = d->notes[i];
    fputs("      - ", out);
    message(out, n->message, n->loc, n->fixits,
            n == chosen ? n->nfixits : 0, "        ");
  }
  fprintf(out, "    Level:           %s\n    BuildDirectory:  ",
          d->severity == XL_SEV_ERROR ? "Error" : "Warning");
  scalar(out, build_dir);
  fputc('\n', out);
}

int xl_emit_fixes_yaml(FILE *out, const xl_diags *diags,
                       const xl_emit_opts *opts) {
  size_t i, n = 0;
  const char *dir = opts->base_dir ? opts->base_dir : "/";

  for (i = 0; i < diags->count; i++)
    n += diags->items[i]->loc.line != 0;
  fputs("---\nMainSourceFile:  ''\nDiagnostics:", out);
  fputs(n ? "\n" : "     []\n", out);
  for (i = 0; i < diags->count; i++)
    if (diags->items[i]->loc.line)
      diagnostic(out, diags->items[i], opts->flags, dir);
  fputs("...\n", out);
  return ferror(out) ? XL_EIO : XL_OK;
}
