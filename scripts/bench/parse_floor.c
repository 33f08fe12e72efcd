/*
 * parse_floor.c: the floor xlambda is measured against: one bare libclang
 * parse of a file with given arguments, as xlambda's frontend starts it
 * (clang_parseTranslationUnit2, CXTranslationUnit_KeepGoing), and nothing
 * else: no walk, no rules.
 *
 *   parse_floor [--skip-preamble-bodies [--reparse N]] [--unsaved PATH=FILE]
 *               FILE ARGS...
 *
 * CLANG-ARGS are what `xlambda check --dump-args` prints for the entry.
 * --unsaved maps PATH to FILE's contents (the device side's prelude).
 * --skip-preamble-bodies parses as the language server's documents do (a
 * precompiled preamble of the leading #include block, whose headers' function
 * bodies are skipped): what "parse less" could save, measured. --reparse N
 * then reparses FILE N times, its text with one more line at the end each
 * time (the preamble reused, as the language server's edits do), and
 * prints the milliseconds of each reparse on a line "reparse MS".
 * Prints the number of clang errors. Built by scripts/bench/bench.py:
 *   cc -O2 parse_floor.c -I/usr/lib/llvm-22/include -L/usr/lib/llvm-22/lib -lclang
 */
#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *slurp(const char *path, unsigned long *len) {
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  long n;

  if (!f)
    return NULL;
  if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
      fseek(f, 0, SEEK_SET) == 0) {
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
      free(buf);
      buf = NULL;
    }
    *len = (unsigned long)n;
  }
  fclose(f);
  return buf;
}

static double now_ms(void) {
  struct timespec t;

  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Reparse tu n times with path's text and one more line each time. */
static int reparse(CXTranslationUnit tu, const char *path, int n) {
  unsigned long len = 0;
  char *text = slurp(path, &len), *grown;
  struct CXUnsavedFile u;
  double t;
  int i;

  if (!text)
    return 1;
  for (i = 0; i < n; i++) {
    grown = realloc(text, len + 2);
    if (!grown)
      break;
    text = grown;
    text[len++] = '\n';
    u.Filename = path;
    u.Contents = text;
    u.Length = len;
    t = now_ms();
    if (clang_reparseTranslationUnit(tu, 1, &u,
                                     clang_defaultReparseOptions(tu)) != 0)
      break;
    printf("reparse %.0f\n", now_ms() - t);
  }
  free(text);
  return i < n;
}

int main(int argc, char **argv) {
  struct CXUnsavedFile unsaved = {NULL, NULL, 0};
  CXTranslationUnit tu = NULL;
  CXIndex index;
  unsigned i, errors = 0, nunsaved = 0;
  char *eq, *text = NULL;
  unsigned opts = CXTranslationUnit_KeepGoing;
  int first = 1, reparses = 0;

  if (argc > 1 && strcmp(argv[1], "--skip-preamble-bodies") == 0) {
    opts |= CXTranslationUnit_PrecompiledPreamble |
            CXTranslationUnit_CreatePreambleOnFirstParse |
            CXTranslationUnit_SkipFunctionBodies |
            CXTranslationUnit_LimitSkipFunctionBodiesToPreamble;
    argv++;
    argc--;
    if (argc > 2 && strcmp(argv[1], "--reparse") == 0) {
      reparses = atoi(argv[2]);
      argv += 2;
      argc -= 2;
    }
  }
  if (argc > 2 && strcmp(argv[1], "--unsaved") == 0) {
    eq = strchr(argv[2], '=');
    if (!eq)
      return 2;
    *eq = '\0';
    text = slurp(eq + 1, &unsaved.Length);
    if (!text)
      return 2;
    unsaved.Filename = argv[2];
    unsaved.Contents = text;
    nunsaved = 1;
    first = 3;
  }
  if (argc <= first) {
    fprintf(stderr, "usage: parse_floor [--unsaved PATH=FILE] FILE ARGS...\n");
    return 2;
  }
  if (opts & CXTranslationUnit_PrecompiledPreamble) { /* as a document's */
    CXIndexOptions io;
    memset(&io, 0, sizeof(io));
    io.Size = sizeof(io);
    io.ExcludeDeclarationsFromPCH = 1;
    io.StorePreamblesInMemory = 1;
    index = clang_createIndexWithOptions(&io);
  } else {
    index = clang_createIndex(0, 0);
  }
  if (clang_parseTranslationUnit2(index, argv[first],
                                  (const char *const *)argv + first + 1,
                                  argc - first - 1, &unsaved, nunsaved, opts,
                                  &tu) != CXError_Success) {
    fprintf(stderr, "parse_floor: libclang failed on %s\n", argv[first]);
    return 1;
  }
  for (i = 0; i < clang_getNumDiagnostics(tu); i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    errors += clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  printf("%u\n", errors);
  if (reparses > 0 && reparse(tu, argv[first], reparses))
    fprintf(stderr, "parse_floor: a reparse failed\n");
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  free(text);
  return 0;
}
