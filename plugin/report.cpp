/*
 * report.cpp: xlambda's findings through clang's DiagnosticsEngine.
 *
 * Each finding becomes an error or a warning "message [rule_id]" (custom
 * diagnostic IDs that stay out of system headers), its notes follow at their
 * own locations, and fix-its travel as FixItHints on the diagnostic or on
 * the note, as the rule attached them, so that -Xclang -fixit and
 * -fdiagnostics-parseable-fixits see them. A finding that a NOLINT comment
 * or an nv_diag_suppress pragma suppresses is left out, as in the CLI.
 * In a preprocessed compile (-save-temps, distcc's plain mode, ccache's
 * preprocessor mode) the comments are gone from the buffer: NOLINT is then
 * read from the original file the line markers name, at the presumed line
 * and column.
 */
#include "plugin.h"

#include <cstring>
#include <map>

#include "llvm/Support/MemoryBuffer.h"

extern "C" {
#include "core/suppress.h"
}

using namespace clang;

namespace xlp {

namespace {

class Reporter {
public:
  explicit Reporter(CompilerInstance &ci)
      : ci_(ci), d_(ci.getDiagnostics()), sm_(ci.getSourceManager()) {}
  ~Reporter() {
    for (auto &s : supp_)
      xl_suppress_free(s.second);
    for (auto &o : originals_)
      xl_suppress_free(o.second.supp);
  }

  void finding(const xl_diag *d);
  void nolint_errors();
  const xl_suppressions *suppressions(const char *file);

private:
  /* An original file named by line markers: its text and suppressions. */
  struct Original {
    std::string text;
    xl_suppressions *supp = nullptr;
  };
  bool suppressed(const xl_diag *d);
  const Original *original(const std::string &name);
  FileID file_id(const char *file);
  SourceLocation at(const xl_dloc &l);
  unsigned id(xl_severity sev);
  void add_fixits(DiagnosticBuilder &b, const xl_fixit *f, size_t n);

  CompilerInstance &ci_;
  DiagnosticsEngine &d_;
  SourceManager &sm_;
  std::map<std::string, FileID> files_;
  std::map<std::string, xl_suppressions *> supp_;
  std::map<std::string, Original> originals_;
};

FileID Reporter::file_id(const char *file) {
  auto it = files_.find(file);
  if (it != files_.end())
    return it->second;
  FileID fid;
  if (OptionalFileEntryRef fe = ci_.getFileManager().getOptionalFileRef(file))
    fid = sm_.translateFile(*fe);
  files_[file] = fid;
  return fid;
}

SourceLocation Reporter::at(const xl_dloc &l) {
  if (!l.file || !*l.file || !l.line)
    return SourceLocation();
  FileID fid = file_id(l.file);
  if (fid.isInvalid())
    return SourceLocation();
  return sm_.getComposedLoc(fid, l.offset);
}

unsigned Reporter::id(xl_severity sev) {
  using CD = DiagnosticIDs::CustomDiagDesc;
  DiagnosticIDs &ids = *d_.getDiagnosticIDs();

  switch (sev) {
  case XL_SEV_ERROR:
    return ids.getCustomDiagID(
        CD(diag::Severity::Error, "%0", DiagnosticIDs::CLASS_ERROR));
  case XL_SEV_WARNING:
    return ids.getCustomDiagID(
        CD(diag::Severity::Warning, "%0", DiagnosticIDs::CLASS_WARNING));
  default:
    return ids.getCustomDiagID(
        CD(diag::Severity::Fatal, "%0", DiagnosticIDs::CLASS_NOTE));
  }
}

void Reporter::add_fixits(DiagnosticBuilder &b, const xl_fixit *f, size_t n) {
  for (size_t i = 0; i < n; i++) {
    SourceLocation s = at(f[i].begin), e = at(f[i].end);
    if (s.isInvalid() || e.isInvalid())
      continue;
    b << FixItHint::CreateReplacement(CharSourceRange::getCharRange(s, e),
                                      f[i].text ? f[i].text : "");
  }
}

const xl_suppressions *Reporter::suppressions(const char *file) {
  auto it = supp_.find(file);
  if (it != supp_.end())
    return it->second;
  xl_suppressions *s = nullptr;
  FileID fid = file_id(file);
  if (fid.isValid()) {
    llvm::StringRef text = sm_.getBufferData(fid);
    xl_suppress_parse(&s, text.data(), text.size());
  }
  supp_[file] = s;
  return s;
}

const Reporter::Original *Reporter::original(const std::string &name) {
  auto it = originals_.find(name);
  if (it != originals_.end())
    return it->second.supp ? &it->second : nullptr;
  Original &o = originals_[name];
  auto buf = llvm::MemoryBuffer::getFile(name);
  if (buf) {
    o.text = (*buf)->getBuffer().str();
    xl_suppress_parse(&o.supp, o.text.data(), o.text.size());
  }
  return o.supp ? &o : nullptr;
}

/* Byte offset of line:col (1-based) in text, or text.size(). */
static size_t offset_of(const std::string &text, unsigned line, unsigned col) {
  size_t at = 0;
  for (unsigned l = 1; l < line && at < text.size(); l++) {
    at = text.find('\n', at);
    at = at == std::string::npos ? text.size() : at + 1;
  }
  return std::min(text.size(), at + (col ? col - 1 : 0));
}

bool Reporter::suppressed(const xl_diag *d) {
  if (!d->loc.line)
    return false;
  SourceLocation loc = at(d->loc);
  PresumedLoc p = loc.isValid() ? sm_.getPresumedLoc(loc) : PresumedLoc();
  OptionalFileEntryRef fe =
      p.isValid() ? sm_.getFileEntryRefForID(sm_.getFileID(loc)) : std::nullopt;
  /* line markers name another file: read its comments there */
  if (fe && fe->getName() != p.getFilename()) {
    const Original *o = original(p.getFilename());
    if (o)
      return xl_suppress_match(o->supp, d->rule_name,
                               offset_of(o->text, p.getLine(), p.getColumn()));
  }
  return xl_suppress_match(suppressions(d->loc.file), d->rule_name,
                           d->loc.offset);
}

void Reporter::finding(const xl_diag *d) {
  std::string rule = d->rule_name;

  if (suppressed(d))
    return;
  if (d->flags & XL_DIAG_AS_ERROR)
    rule += ",-warnings-as-errors";
  {
    DiagnosticBuilder b = d_.Report(at(d->loc), id(d->severity));
    b << (std::string(d->message) + " [" + rule + "]");
    for (size_t i = 0; i + 1 < d->nranges; i += 2) {
      SourceLocation s = at(d->ranges[i]), e = at(d->ranges[i + 1]);
      if (s.isValid() && e.isValid())
        b << CharSourceRange::getCharRange(s, e);
    }
    add_fixits(b, d->fixits, d->nfixits);
  }
  for (size_t j = 0; j < d->nnotes; j++) {
    const xl_note *n = d->notes[j];
    DiagnosticBuilder b = d_.Report(at(n->loc), id(XL_SEV_NOTE));
    b << std::string(n->message);
    add_fixits(b, n->fixits, n->nfixits);
  }
}

/* [xlambda-nolint] errors for unmatched NOLINTBEGIN/END, as the CLI. */
void Reporter::nolint_errors() {
  for (auto &s : supp_) {
    size_t n = 0;
    const xl_suppress_error *e = s.second ? xl_suppress_errors(s.second, &n)
                                          : nullptr;
    FileID fid = file_id(s.first.c_str());
    for (size_t k = 0; k < n && fid.isValid(); k++) {
      SourceLocation loc = sm_.getComposedLoc(fid, (unsigned)e[k].offset);
      d_.Report(loc, id(XL_SEV_ERROR))
          << (std::string(e[k].message) + " [xlambda-nolint]");
    }
  }
}

} // namespace

void report_diags(CompilerInstance &ci, const xl_diags *diags,
                  const char *main_file) {
  Reporter r(ci);

  r.suppressions(main_file);
  for (size_t i = 0; i < diags->count; i++)
    r.finding(diags->items[i]);
  r.nolint_errors();
}

} // namespace xlp
