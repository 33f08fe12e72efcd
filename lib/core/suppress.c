/*
 * suppress.c: NOLINT comments and nv_diag_suppress pragmas (see suppress.h).
 */
#include <stdlib.h>
#include <string.h>

#include "suppress.h"
#include "util/util.h"

typedef enum nl_type { NL_LINE, NL_NEXTLINE, NL_BEGIN, NL_END } nl_type;

/* One NOLINT directive. */
typedef struct nl_tok {
  nl_type type;
  size_t pos;    /* the "N" of "NOLINT" */
  int has_list;  /* "(...)" given */
  char *list;    /* the globs, each trimmed, joined by ',' */
} nl_tok;

/* A matched NOLINTBEGIN/END pair. */
typedef struct nl_block {
  size_t begin, end;
  const nl_tok *tok; /* the BEGIN (its list) */
} nl_block;

/* The set of tags the pragmas suppress from `pos` on: "|a|b|". */
typedef struct pragma_state {
  size_t pos;
  char *set;
} pragma_state;

struct xl_suppressions {
  size_t *lines; /* byte offset of each line's start */
  size_t nlines, cap_lines;
  nl_tok *toks;
  size_t ntoks, cap_toks;
  nl_block *blocks;
  size_t nblocks, cap_blocks;
  pragma_state *states;
  size_t nstates, cap_states;
  char **stack; /* nv_diagnostic push */
  size_t nstack, cap_stack;
  xl_suppress_error *errors;
  size_t nerrors, cap_errors;
  size_t npragmas;
  int oom;
};

void xl_suppress_free(xl_suppressions *s) {
  size_t i;

  if (!s)
    return;
  for (i = 0; i < s->ntoks; i++)
    free(s->toks[i].list);
  for (i = 0; i < s->nstates; i++)
    free(s->states[i].set);
  for (i = 0; i < s->nstack; i++)
    free(s->stack[i]);
  free(s->lines);
  free(s->toks);
  free(s->blocks);
  free(s->states);
  free(s->stack);
  free(s->errors);
  free(s);
}

static int is_alpha(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

static int is_tag_char(char c) {
  return is_alpha(c) || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* ---- NOLINT comments ---------------------------------------------------- */

/* The globs of "(a, b )" trimmed and joined: "a,b". NULL on OOM. */
static char *trim_list(const char *p, size_t n) {
  xl_buf b = XL_BUF_INIT;
  size_t i = 0, start, end;

  xl_buf_puts(&b, "");
  for (;;) {
    start = i;
    while (i < n && p[i] != ',')
      i++;
    end = i;
    while (start < end && is_blank(p[start]))
      start++;
    while (end > start && is_blank(p[end - 1]))
      end--;
    xl_buf_put(&b, p + start, end - start);
    if (i >= n)
      break;
    xl_buf_putc(&b, ',');
    i++;
  }
  if (b.oom) {
    xl_buf_free(&b);
    return NULL;
  }
  return xl_buf_detach(&b);
}

static int type_of(const char *p, size_t n, nl_type *out) {
  static const struct { const char *name; nl_type type; } names[] = {
      {"NOLINT", NL_LINE}, {"NOLINTNEXTLINE", NL_NEXTLINE},
      {"NOLINTBEGIN", NL_BEGIN}, {"NOLINTEND", NL_END}};
  size_t k;

  for (k = 0; k < sizeof(names) / sizeof(*names); k++)
    if (strlen(names[k].name) == n && memcmp(p, names[k].name, n) == 0) {
      *out = names[k].type;
      return 1;
    }
  return 0;
}

/* Record the NOLINT at buf[pos]; returns where scanning goes on. */
static size_t nolint_at(xl_suppressions *s, const char *buf, size_t end,
                        size_t pos) {
  size_t i = pos + 6, close;
  nl_tok t;

  while (i < end && is_alpha(buf[i]))
    i++;
  memset(&t, 0, sizeof(t));
  if (!type_of(buf + pos, i - pos, &t.type))
    return i;
  t.pos = pos;
  if (i < end && buf[i] == '(') {
    for (close = i + 1; close < end && buf[close] != ')'; close++)
      ;
    if (close < end) {
      t.has_list = 1;
      t.list = trim_list(buf + i + 1, close - i - 1);
      if (!t.list)
        s->oom = 1;
      i = close + 1;
    }
  }
  if (XL_GROW(s->toks, s->cap_toks, s->ntoks + 1) < 0) {
    free(t.list);
    s->oom = 1;
    return end;
  }
  s->toks[s->ntoks++] = t;
  return i;
}

/* Every NOLINT in the line buf[start..end). */
static void scan_nolints(xl_suppressions *s, const char *buf, size_t start,
                         size_t end) {
  size_t i = start;

  while (i + 6 <= end) {
    const char *hit = memchr(buf + i, 'N', end - i);
    if (!hit)
      return;
    i = (size_t)(hit - buf);
    if (i + 6 <= end && memcmp(hit, "NOLINT", 6) == 0)
      i = nolint_at(s, buf, end, i);
    else
      i++;
  }
}

/* Pair BEGINs with ENDs (a stack, as clang-tidy does); report the rest. */
static int same_list(const nl_tok *a, const nl_tok *b) {
  if (a->has_list != b->has_list)
    return 0;
  return !a->has_list || strcmp(a->list, b->list) == 0;
}

static void add_error(xl_suppressions *s, const nl_tok *t) {
  if (XL_GROW(s->errors, s->cap_errors, s->nerrors + 1) < 0) {
    s->oom = 1;
    return;
  }
  memset(&s->errors[s->nerrors], 0, sizeof(*s->errors));
  s->errors[s->nerrors].offset = t->pos;
  s->errors[s->nerrors++].message =
      t->type == NL_BEGIN ? "unmatched 'NOLINTBEGIN' comment without a "
                            "subsequent 'NOLINTEND' comment"
                          : "unmatched 'NOLINTEND' comment without a "
                            "previous 'NOLINTBEGIN' comment";
}

static int cmp_error(const void *pa, const void *pb) {
  const xl_suppress_error *a = pa, *b = pb;

  return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static void form_blocks(xl_suppressions *s) {
  const nl_tok **stack = calloc(s->ntoks + 1, sizeof(*stack));
  size_t i, depth = 0;

  if (!stack) {
    s->oom = 1;
    return;
  }
  for (i = 0; i < s->ntoks; i++) {
    const nl_tok *t = &s->toks[i];
    if (t->type == NL_BEGIN) {
      stack[depth++] = t;
    } else if (t->type == NL_END && depth && same_list(stack[depth - 1], t)) {
      if (XL_GROW(s->blocks, s->cap_blocks, s->nblocks + 1) < 0) {
        s->oom = 1;
        break;
      }
      s->blocks[s->nblocks].begin = stack[depth - 1]->pos;
      s->blocks[s->nblocks].end = t->pos;
      s->blocks[s->nblocks++].tok = stack[--depth];
    } else if (t->type == NL_END) {
      add_error(s, t);
    }
  }
  while (depth)
    add_error(s, stack[--depth]);
  if (s->nerrors) /* qsort's array may not be NULL, even when empty */
    qsort(s->errors, s->nerrors, sizeof(*s->errors), cmp_error);
  free(stack);
}

/* ---- nv_diag pragmas ---------------------------------------------------- */

static const char *current_set(const xl_suppressions *s) {
  return s->nstates ? s->states[s->nstates - 1].set : "|";
}

static void push_state(xl_suppressions *s, size_t pos, char *set) {
  if (!set || XL_GROW(s->states, s->cap_states, s->nstates + 1) < 0) {
    free(set);
    s->oom = 1;
    return;
  }
  s->states[s->nstates].pos = pos;
  s->states[s->nstates++].set = set;
}

/* The current set with `tag` added (add) or removed. */
static char *edit_set(const char *set, const char *tag, size_t n, int add) {
  xl_buf b = XL_BUF_INIT, key = XL_BUF_INIT;
  const char *hit;

  xl_buf_printf(&key, "|%.*s|", (int)n, tag);
  hit = key.data ? strstr(set, key.data) : NULL;
  if (hit && !add) {
    xl_buf_put(&b, set, (size_t)(hit - set) + 1);
    xl_buf_puts(&b, hit + key.len);
  } else {
    xl_buf_puts(&b, set);
    if (!hit && add)
      xl_buf_printf(&b, "%.*s|", (int)n, tag);
  }
  xl_buf_free(&key);
  if (b.oom) {
    xl_buf_free(&b);
    return NULL;
  }
  return xl_buf_detach(&b);
}

/* Apply "tag, tag ..." of a suppress (add) or default (remove) pragma. */
static void pragma_tags(xl_suppressions *s, size_t pos, const char *p,
                        const char *end, int add) {
  char *set = xl_strdup(current_set(s));

  while (set && p < end) {
    const char *t = p;
    char *next;
    if (p + 1 < end && p[0] == '/' && (p[1] == '/' || p[1] == '*'))
      break;
    while (p < end && is_tag_char(*p))
      p++;
    if (p == t) {
      p++;
      continue;
    }
    next = edit_set(set, t, (size_t)(p - t), add);
    free(set);
    set = next;
  }
  push_state(s, pos, set);
}

static void pragma_stack(xl_suppressions *s, size_t pos, int push) {
  if (push) {
    char *copy = xl_strdup(current_set(s));
    if (!copy || XL_GROW(s->stack, s->cap_stack, s->nstack + 1) < 0) {
      free(copy);
      s->oom = 1;
      return;
    }
    s->stack[s->nstack++] = copy;
  } else if (s->nstack) {
    push_state(s, pos, s->stack[--s->nstack]);
  }
}

static int word_is(const char *p, size_t n, const char *w) {
  return strlen(w) == n && memcmp(p, w, n) == 0;
}

/* Interpret the pragma text p..end ("nv_diag_suppress a, b"). */
static void pragma_text(xl_suppressions *s, size_t pos, const char *p,
                        const char *end) {
  const char *w;
  size_t n;

  while (p < end && is_blank(*p))
    p++;
  w = p;
  while (p < end && (is_alpha(*p) || *p == '_'))
    p++;
  n = (size_t)(p - w);
  if (n > 3 && memcmp(w, "nv_", 3) == 0) {
    w += 3;
    n -= 3;
  }
  if (word_is(w, n, "diag_suppress")) {
    pragma_tags(s, pos, p, end, 1);
  } else if (word_is(w, n, "diag_default") || word_is(w, n, "diag_warning") ||
             word_is(w, n, "diag_error")) {
    pragma_tags(s, pos, p, end, 0);
  } else if (word_is(w, n, "diagnostic")) {
    while (p < end && is_blank(*p))
      p++;
    if (end - p >= 4 && memcmp(p, "push", 4) == 0)
      pragma_stack(s, pos, 1);
    else if (end - p >= 3 && memcmp(p, "pop", 3) == 0)
      pragma_stack(s, pos, 0);
  } else {
    return;
  }
  s->npragmas++;
}

/* "#pragma ..." at the start of the line buf[start..end). */
static void scan_pragma_line(xl_suppressions *s, const char *buf,
                             size_t start, size_t end) {
  size_t i = start;

  while (i < end && is_blank(buf[i]))
    i++;
  if (i >= end || buf[i] != '#')
    return;
  i++;
  while (i < end && is_blank(buf[i]))
    i++;
  if (end - i < 7 || memcmp(buf + i, "pragma", 6) != 0 ||
      !is_blank(buf[i + 6]))
    return;
  pragma_text(s, start, buf + i + 7, buf + end);
}

/* _Pragma("nv_diag_suppress x") anywhere in the line. */
static void scan_operator_pragmas(xl_suppressions *s, const char *buf,
                                  size_t start, size_t end) {
  size_t i = start, q;

  while (i + 7 < end) {
    if (memcmp(buf + i, "_Pragma", 7) != 0) {
      i++;
      continue;
    }
    i += 7;
    while (i < end && (is_blank(buf[i]) || buf[i] == '('))
      i++;
    if (i >= end || buf[i] != '"')
      continue;
    for (q = i + 1; q < end && buf[q] != '"'; q++)
      if (buf[q] == '\\')
        q++;
    if (q < end)
      pragma_text(s, i, buf + i + 1, buf + q);
    i = q;
  }
}

/* ---- the whole buffer --------------------------------------------------- */

static void add_line(xl_suppressions *s, size_t start) {
  if (XL_GROW(s->lines, s->cap_lines, s->nlines + 1) < 0) {
    s->oom = 1;
    return;
  }
  s->lines[s->nlines++] = start;
}

/* Index of the line holding offset (lines[i] <= offset < lines[i + 1]). */
static size_t line_of(const xl_suppressions *s, size_t offset) {
  size_t lo = 0, hi = s->nlines;

  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (s->lines[mid] <= offset)
      lo = mid;
    else
      hi = mid;
  }
  return lo;
}

int xl_suppress_parse(xl_suppressions **out, const char *buf, size_t len) {
  xl_suppressions *s = calloc(1, sizeof(*s));
  size_t start = 0, end, i;

  *out = NULL;
  if (!s)
    return XL_ENOMEM;
  while (start <= len && !s->oom) {
    const char *nl = start < len ? memchr(buf + start, '\n', len - start)
                                 : NULL;
    end = nl ? (size_t)(nl - buf) : len;
    add_line(s, start);
    scan_nolints(s, buf, start, end);
    scan_pragma_line(s, buf, start, end);
    scan_operator_pragmas(s, buf, start, end);
    start = end + 1;
  }
  form_blocks(s);
  for (i = 0; i < s->nerrors && s->nlines; i++) {
    size_t l = line_of(s, s->errors[i].offset);
    s->errors[i].line = (unsigned)l + 1;
    s->errors[i].col = (unsigned)(s->errors[i].offset - s->lines[l]) + 1;
  }
  if (s->oom) {
    xl_suppress_free(s);
    return XL_ENOMEM;
  }
  *out = s;
  return XL_OK;
}

/* ---- matching ----------------------------------------------------------- */

/* Whether a NOLINT's glob list covers rule (no list: every rule). */
static int list_covers(const nl_tok *t, const char *rule) {
  const char *p;
  char glob[256];

  if (!t->has_list)
    return 1;
  for (p = t->list; *p;) {
    size_t n = strcspn(p, ",");
    if (n > 0 && n < sizeof(glob) && p[0] != '-') {
      memcpy(glob, p, n);
      glob[n] = '\0';
      if (xl_glob_match(glob, rule))
        return 1;
    }
    p += n;
    if (*p)
      p++;
  }
  return 0;
}

static int nolint_covers(const xl_suppressions *s, const char *rule,
                         size_t offset) {
  size_t l = line_of(s, offset), i;
  size_t ls = s->lines[l], prev = l ? s->lines[l - 1] : 0;
  size_t le = l + 1 < s->nlines ? s->lines[l + 1] : (size_t)-1;

  for (i = 0; i < s->ntoks; i++) {
    const nl_tok *t = &s->toks[i];
    if (t->type == NL_LINE && t->pos >= ls && t->pos < le &&
        list_covers(t, rule))
      return 1;
    if (t->type == NL_NEXTLINE && l > 0 && t->pos >= prev && t->pos < ls &&
        list_covers(t, rule))
      return 1;
  }
  for (i = 0; i < s->nblocks; i++)
    if (s->blocks[i].begin < offset && offset < s->blocks[i].end &&
        list_covers(s->blocks[i].tok, rule))
      return 1;
  return 0;
}

static int pragma_covers(const xl_suppressions *s, const char *rule,
                         size_t offset) {
  const char *set = NULL;
  size_t i, n = strlen(rule);

  for (i = 0; i < s->nstates && s->states[i].pos <= offset; i++)
    set = s->states[i].set;
  if (!set || !n)
    return 0;
  set = strstr(set, rule);
  while (set) {
    if (set[-1] == '|' && set[n] == '|')
      return 1;
    set = strstr(set + 1, rule);
  }
  return 0;
}

int xl_suppress_match(const xl_suppressions *s, const char *rule,
                      size_t offset) {
  if (!s || !s->nlines)
    return 0;
  if (nolint_covers(s, rule, offset))
    return XL_SUPPRESSED_NOLINT;
  if (pragma_covers(s, rule, offset))
    return XL_SUPPRESSED_PRAGMA;
  return 0;
}

const xl_suppress_error *xl_suppress_errors(const xl_suppressions *s,
                                            size_t *n) {
  *n = s ? s->nerrors : 0;
  return s ? s->errors : NULL;
}

size_t xl_suppress_count(const xl_suppressions *s) {
  return s ? s->ntoks + s->npragmas : 0;
}
