/*
 * pipeline.h: what happens after the parse, once for the three shells.
 *
 *   facts -> rules -> one filter -> sorted diagnostics
 *
 * The command line (tools/xlambda), the language server (lib/lsp) and the
 * clang plugin (plugin/) choose their inputs (files from a database, an
 * editor's buffers, a compile's SourceManager) and an emitter; every
 * decision between the facts and the emitter is made here:
 *
 *   xl_profile_*     the options of one file: its configuration (the
 *                    --config-file, else the nearest .xlambda.yaml with its
 *                    parents), the shell's command-line settings on top, and
 *                    the header filters
 *   xl_pipeline_rules the rules over the facts, sorted
 *   xl_pipeline_sift one filter that sorts each finding into kept,
 *                    suppressed (with its reason, XL_DIAG_BY_*) or hidden:
 *                    the header filter, the --diff line filter, NOLINT
 *                    comments, nv_diag_suppress pragmas and nvcc's
 *                    --diag-suppress; unmatched NOLINTBEGIN/END become
 *                    [xlambda-nolint] errors
 *
 * docs/internals/architecture.md shows where a new suppression source or a
 * new configuration key goes.
 */
#ifndef XL_PIPELINE_H
#define XL_PIPELINE_H

#include "core/config.h"
#include "core/diag_impl.h"
#include "core/linefilter.h"
#include "core/suppress_files.h"
#include "rules/registry.h"
#include "xlambda/sys/facts.h"

/* ---- the options of one file -------------------------------------------- */

typedef struct xl_profile xl_profile;

/* What a shell's command line says; every field may be NULL / 0. */
typedef struct xl_profile_args {
  const char *config_file;   /* --config-file: instead of .xlambda.yaml */
  xl_config_cli cli;         /* --rules, --warnings-as-errors, ... */
  const char *header_filter; /* --header-filter: instead of the config's */
  const char *exclude_header_filter;
  const char *cache_dir;     /* --cache-dir */
  const char *cache_url;     /* --cache-url: instead of CacheUrl */
  int no_cache;              /* neither level, not even CacheUrl's */
} xl_profile_args;

/*
 * The key of the configuration that governs `file` into *out (heap string):
 * a->config_file, else the nearest .xlambda.yaml, else "". Files with the
 * same key have the same profile. XL_OK or XL_ENOMEM (*out NULL then).
 */
int xl_profile_key(char **out, const xl_profile_args *a, const char *file);

/*
 * The profile of `file` into *out (caller frees with xl_profile_free): its
 * configuration (a->config_file, else the nearest .xlambda.yaml and its
 * parents, else the defaults) with a's settings on top. A configuration
 * that does not load, a bad command-line value or a header filter that is
 * not a regular expression fails with a negative status and the message in
 * err (*out NULL then).
 */
int xl_profile_load(xl_profile **out, const xl_profile_args *a,
                    const char *file, xl_error *err);

/*
 * Whether a's header filters (a->header_filter, a->exclude_header_filter;
 * either may be NULL) are regular expressions a profile can use, as
 * xl_profile_load decides: XL_OK, or XL_EINVAL with xl_profile_load's
 * message in err. For a shell that takes them before it loads a profile.
 */
int xl_profile_check_filters(const xl_profile_args *a, xl_error *err);

/* Release. Accepts NULL. */
void xl_profile_free(xl_profile *p);

/* The options the checker takes for the file. Lent: valid while p lives. */
const xl_options *xl_profile_options(const xl_profile *p);

/* The configuration as loaded (--dump-config, the plugin's Sources). Lent. */
const xl_config *xl_profile_config(const xl_profile *p);

/*
 * Why the finding d is hidden for a translation unit of `main_file`
 * (clang-tidy 22's rule), or 0 when it is shown: the main file is always
 * shown; a system header (as `facts` records it, facts may be NULL; for
 * clang's own error, as clang classified its place: XL_DIAG_IN_SYSTEM) is
 * hidden (XL_DIAG_BY_SYSTEM) unless --system-headers or SystemHeaders;
 * another header is hidden (XL_DIAG_BY_HEADER) when the header filter does
 * not match it (every header matches by default) or the exclude filter
 * does.
 */
unsigned xl_profile_hides(const xl_profile *p, const struct xl_diag *d,
                          const char *main_file,
                          const struct xl_facts *facts);

/*
 * Whether the header filters of p show the findings of the header `file`
 * (an absolute path): 1, or 0 when --header-filter does not match it or
 * --exclude-header-filter does (xl_profile_hides's XL_DIAG_BY_HEADER).
 * Cannot fail.
 */
int xl_profile_shows_header(const xl_profile *p, const char *file);

/* Whether p has a header filter or an exclude filter. */
int xl_profile_filters_headers(const xl_profile *p);

/*
 * Set checker's options to p's (xl_checker_set_options) and keep p, lent
 * until the next call, for the skip parse: the bodies of the headers whose
 * findings p hides are skipped as a system header's are. XL_OK or
 * XL_ENOMEM (err says so; the checker is unchanged).
 */
int xl_checker_set_profile(xl_checker *checker, const xl_profile *p,
                           xl_error *err);

/*
 * xl_document_new with p's options (xl_profile_options), p lent to the
 * document, which it must outlive: with XL_DOCUMENT_SKIP_HEADER_BODIES,
 * the headers whose findings p's header filters hide are precompiled as
 * system headers are (their templates' bodies skipped too), as the
 * command line's skip parse treats them. Same contract as
 * xl_document_new.
 */
int xl_document_new_profiled(xl_document **out, xl_checker *checker,
                             const xl_profile *p, const char *file,
                             const char *const *argv, int argc,
                             const char *directory, unsigned flags,
                             xl_error *err);

/*
 * xl_result_suppress, and also drop the findings that p's header filters
 * hide (xl_profile_hides; p may be NULL: none), as `xlambda check` hides
 * them. The suppression comments of a file among files[0, nfiles) (the
 * other open documents' texts the check parsed; may be NULL) are read
 * from that text, not from the file on disk. Same contract as
 * xl_result_suppress; *nsuppressed counts the suppressed findings, not
 * the hidden ones.
 */
int xl_result_sift(size_t *nsuppressed, xl_result *r, const char *text,
                   size_t len, const xl_unsaved_file *files, size_t nfiles,
                   const xl_profile *p, xl_error *err);

/* ---- rules and the filter ------------------------------------------------ */

/*
 * Run `rules` over `facts`, appending the findings to `out`, then sort them
 * and take their line hashes from the facts. XL_OK or XL_ENOMEM (out then
 * holds what was found before memory ran out).
 */
int xl_pipeline_rules(xl_diags *out, const struct xl_facts *facts,
                      const xl_rule_config *rules);

/* What the filter reads; only `diags` and `main_file` are required. */
typedef struct xl_sift_in {
  const xl_diags *diags;             /* the findings of one unit */
  const char *main_file;             /* its main file */
  const struct xl_facts *facts;      /* which files are system headers */
  const char *const *diag_suppress;  /* nvcc --diag-suppress tags */
  const xl_profile *profile;         /* header filters; NULL: none */
  const xl_linefilter *lines;        /* --diff; NULL: every line */
  xl_supp_files *texts;              /* where suppressions are read; NULL:
                                        from disk */
} xl_sift_in;

/* Where the filter puts each finding (copies); suppressed and hidden may
 * be NULL (dropped). */
typedef struct xl_sift_out {
  xl_diags *kept, *suppressed, *hidden;
} xl_sift_out;

/*
 * Sort every finding of in->diags into out, in order: hidden when its file
 * is (xl_profile_hides) or its line is outside in->lines (XL_DIAG_BY_LINES);
 * suppressed (flag XL_DIAG_BY_NOLINT, _PRAGMA or _FLAG) when a NOLINT
 * comment, an nv_diag_suppress pragma or --diag-suppress covers it; else
 * kept. Then one [xlambda-nolint] error per unmatched NOLINTBEGIN/END of the
 * files read, on the lines in->lines keeps, is appended to out->kept.
 * Returns the number suppressed, or XL_ENOMEM (set in err).
 */
int xl_pipeline_sift(const xl_sift_out *out, const xl_sift_in *in,
                     xl_error *err);

#endif /* XL_PIPELINE_H */
