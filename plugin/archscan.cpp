/*
 * archscan.cpp: the preprocessor conditionals that depend on __CUDA_ARCH__
 * (lib/frontend/archscan.c): the arms of #if groups that exist in one
 * compilation and not the other, recorded as xl_cond facts, and whether a
 * function holding an extended lambda depends on one (then the device side
 * is parsed: device.cpp).
 */
#include "fe.h"

#include <cstring>

namespace xlp {

static const unsigned MAX_NESTING = 64;

/* Macros whose expansion differs between host and device. */
static const char *const known_arch_macros[] = {
    "NV_IF_TARGET", "NV_IF_ELSE_TARGET", "NV_DISPATCH_TARGET", nullptr};

using ArchNames = std::vector<std::string>;

struct Arm {
  size_t hash = 0, body = 0, text_end = 0;
  bool arch = false, is_else = false;
};

struct Group {
  bool arch = false;
  xl_id id = 0;
  Arm cur;
};

struct Scan {
  Fe &fe;
  FeFile *file = nullptr;
  ArchNames &names;
  bool record = false;
  Group stack[MAX_NESTING];
  unsigned depth = 0;
  xl_id next_group = 0;
  Scan(Fe &f, ArchNames &n) : fe(f), names(n) {}
};

/* ---- names ------------------------------------------------------------- */

static bool is_arch_name(const ArchNames &an, const char *s, size_t n) {
  if (n >= 11 && strncmp(s, "__CUDA_ARCH", 11) == 0)
    return !(n == 18 && strncmp(s, "__CUDA_ARCH_LIST__", 18) == 0);
  for (int i = 0; known_arch_macros[i]; i++)
    if (strlen(known_arch_macros[i]) == n &&
        strncmp(known_arch_macros[i], s, n) == 0)
      return true;
  for (const std::string &name : an)
    if (name.size() == n && strncmp(name.data(), s, n) == 0)
      return true;
  return false;
}

static void add_name(ArchNames &an, const char *s, size_t n) {
  if (!is_arch_name(an, s, n))
    an.emplace_back(s, n);
}

static bool mentions_arch(const ArchNames &an, const char *buf, size_t b,
                          size_t e) {
  xl_lexer lx;
  xl_tok t;

  xl_lex_init(&lx, buf, e, b);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF)
    if (t.kind == XL_TOK_IDENT &&
        is_arch_name(an, buf + t.begin, t.end - t.begin))
      return true;
  return false;
}

/* ---- directives -------------------------------------------------------- */

static bool first_on_line(const char *buf, size_t off) {
  while (off > 0 && (buf[off - 1] == ' ' || buf[off - 1] == '\t'))
    off--;
  return off == 0 || buf[off - 1] == '\n';
}

static size_t line_end(const char *buf, size_t len, size_t off) {
  for (size_t i = off; i < len; i++)
    if (buf[i] == '\n' && !(i > 0 && buf[i - 1] == '\\') &&
        !(i > 1 && buf[i - 1] == '\r' && buf[i - 2] == '\\'))
      return i;
  return len;
}

static void record_arm(Scan &s, const Group &g, size_t end) {
  const Arm &a = g.cur;
  const char *buf = s.file->buf.data();
  size_t te = a.text_end;
  xl_cond *c;
  xl_id id;

  if (!s.record || !a.arch)
    return;
  if (xl_facts_add_cond(&c, &id, s.fe.facts) < 0) {
    fe_oom(s.fe);
    return;
  }
  while (te > a.hash && (buf[te - 1] == '\r' || buf[te - 1] == ' '))
    te--;
  const char *text = xl_facts_strndup(s.fe.facts, buf + a.hash,
                                      te - a.hash > 120 ? 120 : te - a.hash);
  xl_loc loc = fe_loc_at(s.fe, s.file, a.hash);
  xl_loc rb = fe_loc_at(s.fe, s.file, a.body);
  xl_loc re = fe_loc_at(s.fe, s.file, end);
  c = &s.fe.facts->conds[id];
  c->text = text;
  c->group = g.id;
  c->flags = a.is_else ? XL_COND_ELSE : 0;
  c->loc = loc;
  c->range.begin = rb;
  c->range.end = re;
}

static void open_arm(Group &g, size_t hash, size_t eol, size_t len,
                     bool is_else) {
  g.cur.hash = hash;
  g.cur.text_end = eol;
  g.cur.body = eol < len ? eol + 1 : eol;
  g.cur.arch = g.arch;
  g.cur.is_else = is_else;
}

static bool inside_arch_arm(const Scan &s) {
  for (unsigned i = 0; i < s.depth; i++)
    if (s.stack[i].cur.arch)
      return true;
  return false;
}

static void on_define(Scan &s, xl_lexer *lx, size_t eol) {
  const char *buf = s.file->buf.data();
  xl_tok name;

  if (xl_lex_next(lx, &name) != XL_TOK_IDENT)
    return;
  if (inside_arch_arm(s) || mentions_arch(s.names, buf, name.end, eol))
    add_name(s.names, buf + name.begin, name.end - name.begin);
}

static void on_conditional(Scan &s, xl_lexer *lx, const xl_tok &t,
                           size_t hash, size_t eol, bool arch) {
  size_t len = s.file->buf.size();

  if (xl_tok_is(lx, &t, "if") || xl_tok_is(lx, &t, "ifdef") ||
      xl_tok_is(lx, &t, "ifndef")) {
    if (s.depth >= MAX_NESTING)
      return;
    Group &g = s.stack[s.depth++];
    g.arch = arch;
    g.id = s.next_group++;
    open_arm(g, hash, eol, len, false);
  } else if (s.depth == 0) {
    return;
  } else if (xl_tok_is(lx, &t, "elif") || xl_tok_is(lx, &t, "elifdef") ||
             xl_tok_is(lx, &t, "elifndef") || xl_tok_is(lx, &t, "else")) {
    Group &g = s.stack[s.depth - 1];
    record_arm(s, g, hash);
    g.arch |= arch;
    open_arm(g, hash, eol, len, xl_tok_is(lx, &t, "else"));
  } else if (xl_tok_is(lx, &t, "endif")) {
    record_arm(s, s.stack[s.depth - 1], hash);
    s.depth--;
  }
}

static void on_directive(Scan &s, size_t hash, size_t eol) {
  const char *buf = s.file->buf.data();
  xl_lexer lx;
  xl_tok t;

  xl_lex_init(&lx, buf, eol, hash + 1);
  if (xl_lex_next(&lx, &t) != XL_TOK_IDENT)
    return;
  bool arch = mentions_arch(s.names, buf, t.end, eol);
  if (xl_tok_is(&lx, &t, "define"))
    on_define(s, &lx, eol);
  else
    on_conditional(s, &lx, t, hash, eol, arch);
}

static void scan_file(Scan &s) {
  const char *buf = s.file->buf.data();
  size_t len = s.file->buf.size();
  xl_lexer lx;
  xl_tok t;

  s.depth = 0;
  xl_lex_init(&lx, buf, len, 0);
  while (xl_lex_next(&lx, &t) != XL_TOK_EOF) {
    if (!(t.kind == XL_TOK_PUNCT && buf[t.begin] == '#' &&
          first_on_line(buf, t.begin)))
      continue;
    size_t eol = line_end(buf, len, t.begin);
    on_directive(s, t.begin, eol);
    xl_lex_init(&lx, buf, len, eol);
  }
}

/* ---- the files of the translation unit ----------------------------------- */

/* The user files, in clang_getInclusions' order (archscan.c collect_file). */
static std::vector<clang::FileEntryRef> user_files(const Tu *tu) {
  std::vector<clang::FileEntryRef> out;
  const clang::SourceManager &sm = tu->sm;

  for (unsigned i = 0; i < sm.local_sloc_entry_size(); i++) {
    const clang::SrcMgr::SLocEntry &sl = sm.getLocalSLocEntry(i);
    if (!sl.isFile())
      continue;
    const clang::SrcMgr::FileInfo &fi = sl.getFile();
    clang::OptionalFileEntryRef f = fi.getContentCache().OrigEntry;
    if (!f)
      continue;
    Loc inc;
    inc.raw = fi.getIncludeLoc();
    inc.tu = tu;
    if (inc.raw.isValid() && in_system_header(inc))
      continue;
    if (in_system_header(location_for_offset(tu, *f, 0)))
      continue;
    out.push_back(*f);
  }
  return out;
}

static void scan_all(Scan &s, const std::vector<clang::FileEntryRef> &files) {
  for (int pass = 0; pass < 3; pass++) {
    s.record = pass == 2;
    s.next_group = 0;
    for (clang::FileEntryRef f : files) {
      s.file = fe_file(s.fe, f);
      if (s.file && s.file->buf.data() && !s.file->system)
        scan_file(s);
    }
  }
}

/* ---- does the file need the device side? ------------------------------- */

static bool func_has_extended_lambda(const xl_facts *f, xl_id fn) {
  for (uint32_t i = 0; i < f->nlambdas; i++)
    if (f->lambdas[i].func == fn && (f->lambdas[i].flags & XL_LAMBDA_EXTENDED))
      return true;
  return false;
}

static bool func_needs_device(Fe &fe, const ArchNames &an, const xl_func &fn) {
  const xl_facts *f = fe.facts;
  xl_loc b = fn.range.begin, e = fn.range.end;

  if (!xl_loc_valid(b) || b.file != e.file || b.file >= f->nfiles)
    return false;
  for (uint32_t i = 0; i < f->nconds; i++) {
    const xl_cond &c = f->conds[i];
    if (c.loc.file != b.file)
      continue;
    if ((c.loc.offset >= b.offset && c.loc.offset < e.offset) ||
        (c.range.begin.offset <= b.offset && b.offset < c.range.end.offset))
      return true;
  }
  FeFile *ff = fe_file(
      fe, fe.tu->sm.getFileManager().getOptionalFileRef(f->files[b.file]));
  return ff && ff->buf.data() && e.offset <= ff->buf.size() &&
         mentions_arch(an, ff->buf.data(), b.offset, e.offset);
}

int fe_arch_scan(bool *out_needed, Fe &fe) {
  ArchNames names;
  Scan s(fe, names);

  *out_needed = false;
  scan_all(s, user_files(fe.tu));
  for (uint32_t i = 0; i < fe.facts->nfuncs && !*out_needed; i++)
    if (func_has_extended_lambda(fe.facts, i))
      *out_needed = func_needs_device(fe, names, fe.facts->funcs[i]);
  return fe.status;
}

} // namespace xlp
