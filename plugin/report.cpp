/*
 * report.cpp: xlambda's findings through clang's DiagnosticsEngine.
 *
 * The findings go through the same filter as in the command line and the
 * language server (lib/pipeline: NOLINT comments, nv_diag_suppress pragmas,
 * the configuration's header filters); the plugin only says where the
 * files' text is. Each kept finding becomes an error or a warning "message
 * [rule_id]" (custom diagnostic IDs that stay out of system headers), its
 * notes follow at their own locations, and fix-its travel as FixItHints on
 * the diagnostic or on the note, as the rule attached them, so that
 * -Xclang -fixit and -fdiagnostics-parseable-fixits see them.
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
#include "pipeline/pipeline.h"
#include "util/util.h"
}

using namespace clang;

namespace xlp {

namespace {

class Reporter {
public:
  explicit Reporter(CompilerInstance &ci)
      : ci_(ci), d_(ci.getDiagnostics()), sm_(ci.getSourceManager()) {}

  void finding(const xl_diag *d);
  bool known(const char *file) { return file_id(file).isValid(); }
  int read(const char *file, char **text, size_t *len);
  int locate(const xl_dloc *loc, const char **file, size_t *offset);

private:
  FileID file_id(const char *file);
  SourceLocation at(const xl_dloc &l);
  unsigned id(xl_severity sev);
  void add_fixits(DiagnosticBuilder &b, const xl_fixit *f, size_t n);
  const std::string *original(const std::string &name);

  CompilerInstance &ci_;
  DiagnosticsEngine &d_;
  SourceManager &sm_;
  std::map<std::string, FileID> files_;
  std::map<std::string, std::string> originals_; /* text of marker files */
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

/* A file the compile loaded: its buffer (what clang parsed), not the disk. */
int Reporter::read(const char *file, char **text, size_t *len) {
  FileID fid = file_id(file);
  if (fid.isInvalid())
    return 0;
  llvm::StringRef buf = sm_.getBufferData(fid);
  *text = static_cast<char *>(malloc(buf.size() + 1));
  if (!*text)
    return 0;
  memcpy(*text, buf.data(), buf.size());
  (*text)[buf.size()] = '\0';
  *len = buf.size();
  return 1;
}

const std::string *Reporter::original(const std::string &name) {
  auto it = originals_.find(name);
  if (it == originals_.end()) {
    auto buf = llvm::MemoryBuffer::getFile(name);
    it = originals_.emplace(name, buf ? (*buf)->getBuffer().str() : "").first;
  }
  return &it->second;
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

/* Line markers that name another file: its comments govern the finding. */
int Reporter::locate(const xl_dloc *loc, const char **file, size_t *offset) {
  SourceLocation sl = at(*loc);
  PresumedLoc p = sl.isValid() ? sm_.getPresumedLoc(sl) : PresumedLoc();
  OptionalFileEntryRef fe =
      p.isValid() ? sm_.getFileEntryRefForID(sm_.getFileID(sl)) : std::nullopt;
  if (!fe || fe->getName() == p.getFilename())
    return 0;
  *file = p.getFilename(); /* owned by the SourceManager */
  *offset = offset_of(*original(p.getFilename()), p.getLine(), p.getColumn());
  return 1;
}

void Reporter::finding(const xl_diag *d) {
  std::string rule = d->rule_name;

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

int read_text(void *ctx, const char *file, char **text, size_t *len) {
  return static_cast<Reporter *>(ctx)->read(file, text, len);
}

int locate_text(void *ctx, const xl_dloc *loc, const char **file,
                size_t *offset) {
  return static_cast<Reporter *>(ctx)->locate(loc, file, offset);
}

} // namespace

void report_diags(CompilerInstance &ci, const xl_diags *diags,
                  const char *main_file) {
  Reporter r(ci);
  xl_supp_source src = {read_text, locate_text, &r};
  xl_sift_in in = {diags, main_file, nullptr, nullptr, nullptr, nullptr,
                   nullptr};
  xl_sift_out out = {nullptr, nullptr, nullptr};

  bool ok = xl_supp_files_new(&in.texts) == XL_OK &&
            xl_diags_new(&out.kept) == XL_OK;
  if (ok) {
    xl_supp_files_set_source(in.texts, &src);
    ok = xl_pipeline_sift(&out, &in, nullptr) >= 0;
  }
  for (size_t i = 0; ok && i < out.kept->count; i++) {
    const xl_diag *d = out.kept->items[i];
    /* an unmatched NOLINTBEGIN in a file the compile did not load (the
       original of a preprocessed one) has no place to be shown */
    if ((d->flags & XL_DIAG_TOOL) && !r.known(d->loc.file))
      continue;
    r.finding(d);
  }
  if (!ok)
    plugin_error(ci.getDiagnostics(), "out of memory while filtering");
  xl_diags_free(out.kept);
  xl_supp_files_free(in.texts);
}

} // namespace xlp
