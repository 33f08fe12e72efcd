/*
 * check.c: options, checkers and results: the public entry points that tie
 * the frontend, the rules and the diagnostics together.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xlambda/xlambda.h"
#include "core/argv.h"
#include "frontend/frontend.h"
#include "core/cache.h"
#include "core/suppress_files.h"
#include "pipeline/pipeline.h"
#include "remote/remote.h"
#include "rules/registry.h"

#include "core/options.h"

struct xl_checker {
  xl_options *opts;
  xl_toolkit toolkit;
  xl_frontend *fe;
  char *tool_id;         /* the cache's identity of this build, made once */
  xl_remote *remote;     /* the store of opts->cache_url, made on first use */
  char *remote_url;      /* the URL it was made for */
  xl_cache_store store;  /* the core's view of it */
  char *remote_error;    /* why the URL could not be used, or NULL */
  const xl_profile *profile; /* lent: its header filters, or NULL */
};

struct xl_result {
  char *file;
  xl_facts *facts;
  xl_diags *diags;
  int incomplete;
  int cached;           /* replayed from the result cache */
  char **unknown;       /* options of the command xlambda did not know */
  char **diag_suppress; /* nvcc --diag-suppress tags of the command */
};

int xl_checker_new(xl_checker **out, const xl_options *opts, xl_error *err) {
  xl_checker *c = calloc(1, sizeof(*c));
  int rc;

  *out = NULL;
  if (!c)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  rc = xl_options_copy(&c->opts, opts);
  if (rc < 0)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  if (rc == XL_OK)
    rc = xl_toolkit_find(&c->toolkit, opts->cuda_path, err);
  if (rc == XL_OK && xl_frontend_new(&c->fe) < 0)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  if (rc < 0) {
    xl_checker_free(c);
    return rc;
  }
  *out = c;
  return XL_OK;
}

int xl_checker_set_options(xl_checker *c, const xl_options *opts,
                           xl_error *err) {
  xl_options *copy = NULL;

  if (xl_options_copy(&copy, opts) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  xl_options_free(c->opts);
  c->opts = copy;
  c->profile = NULL;
  return XL_OK;
}

int xl_checker_set_profile(xl_checker *c, const xl_profile *p,
                           xl_error *err) {
  int rc = xl_checker_set_options(c, xl_profile_options(p), err);

  if (rc == XL_OK)
    c->profile = p;
  return rc;
}

void xl_checker_free(xl_checker *c) {
  if (!c)
    return;
  xl_options_free(c->opts);
  xl_toolkit_free(&c->toolkit);
  xl_frontend_free(c->fe);
  free(c->tool_id);
  xl_remote_free(c->remote);
  free(c->remote_url);
  free(c->remote_error);
  free(c);
}

void xl_result_free(xl_result *r) {
  if (!r)
    return;
  free(r->file);
  xl_argv_free(r->unknown);
  xl_argv_free(r->diag_suppress);
  xl_facts_free(r->facts);
  xl_diags_free(r->diags);
  free(r);
}

const xl_diags *xl_result_diags(const xl_result *r) { return r->diags; }
const struct xl_facts *xl_result_facts(const xl_result *r) { return r->facts; }
int xl_result_incomplete(const xl_result *r) { return r->incomplete; }
int xl_result_cached(const xl_result *r) { return r->cached; }
const char *xl_result_file(const xl_result *r) { return r->file; }

const char *const *xl_result_unknown_options(const xl_result *r) {
  return (const char *const *)r->unknown;
}

const char *const *xl_result_diag_suppress(const xl_result *r) {
  return (const char *const *)r->diag_suppress;
}

/* A missing, unreadable, non-regular or binary input is reported before
 * parsing: the first 64 KiB are read (a NUL byte there means it is not
 * source code). */
static int check_readable(const char *file, xl_error *err) {
  char head[65536];
  struct stat st;
  ssize_t n;
  int fd;

  if (stat(file, &st) < 0)
    return xl_error_set(err, XL_ENOTFOUND, "no such file: '%s'", file);
  if (S_ISDIR(st.st_mode))
    return xl_error_set(err, XL_EINVAL, "'%s' is a directory, not a file",
                        file);
  if (!S_ISREG(st.st_mode))
    return xl_error_set(err, XL_EINVAL, "'%s' is not a regular file", file);
  fd = open(file, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return xl_error_set(err, XL_EIO, "cannot read '%s': %s", file,
                        strerror(errno));
  do
    n = read(fd, head, sizeof(head));
  while (n < 0 && errno == EINTR);
  close(fd);
  if (n < 0)
    return xl_error_set(err, XL_EIO, "cannot read '%s': %s", file,
                        strerror(errno));
  if (memchr(head, '\0', (size_t)n))
    return xl_error_set(err, XL_EINVAL, "'%s' is not a source file (it "
                        "contains NUL bytes)", file);
  return XL_OK;
}

/* Apply the options' extra and removed arguments to cmd. */
static int edit_command(xl_command *cmd, const xl_options *o, xl_error *err) {
  if (!o->before.n && !o->after.n && !o->removed.n)
    return XL_OK;
  if (xl_command_edit(cmd, (const char *const *)o->before.v, o->before.n,
                      (const char *const *)o->after.v, o->after.n,
                      (const char *const *)o->removed.v, o->removed.n) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  return XL_OK;
}

/* A new, empty result for `file`; NULL when out of memory. */
static xl_result *result_new(const char *file) {
  xl_result *r = calloc(1, sizeof(*r));

  if (!r || xl_diags_new(&r->diags) < 0 || !(r->file = xl_strdup(file))) {
    xl_result_free(r);
    return NULL;
  }
  return r;
}

/*
 * After a parse that filled r->facts (rc: its status): run the rules with
 * `rules`, then sort. Frees r and returns rc on failure, else stores r in
 * *out.
 */
static int result_finish(xl_result **out, xl_result *r, int rc,
                         const xl_rule_config *rules, xl_error *err) {
  if (rc == XL_OK) {
    r->incomplete = (r->facts->flags & XL_FACTS_INCOMPLETE) != 0;
    rc = xl_pipeline_rules(r->diags, r->facts, rules);
    if (rc < 0)
      xl_error_set(err, rc, "out of memory");
  }
  if (rc < 0) {
    xl_result_free(r);
    return rc;
  }
  *out = r;
  return XL_OK;
}

/* ---- the result cache (cache.c) ---------------------------------------- */

/* The cache key of cmd parsed with po into *key (heap string), or NULL
 * when the options name no cache directory. XL_OK or XL_ENOMEM. */
static int cache_key_of(char **key, xl_checker *c, const xl_command *cmd,
                        const xl_parse_opts *po) {
  char **argv = NULL, extra[160], clang[384];
  int argc = 0, rc = XL_OK;

  *key = NULL;
  if (!c->opts->cache_dir && !c->opts->cache_url)
    return XL_OK;
  if (!c->tool_id) {
    xl_frontend_identity(clang, sizeof(clang));
    rc = xl_cache_tool_id(&c->tool_id, clang);
  }
  if (rc == XL_OK)
    rc = xl_frontend_args(&argv, &argc, cmd, po);
  snprintf(extra, sizeof(extra), "parse %u cuda %d.%d nvcc %d ext %d",
           po->flags, po->cuda_major, po->cuda_minor, cmd->nvcc,
           cmd->extended_lambda);
  if (rc == XL_OK)
    rc = xl_cache_key(key, c->tool_id, &c->opts->rules, extra,
                      (const char *const *)argv, argc);
  xl_argv_free(argv);
  return rc;
}

/*
 * The shared level for the options' URL (made when the URL is new), or
 * NULL: none, or a URL that cannot be used (c->remote_error says why; the
 * check goes on with the local level). XL_ENOMEM only from *out's making.
 */
static int remote_of(const xl_cache_store **out, xl_checker *c) {
  const char *url = c->opts->cache_url;
  xl_error *err = NULL;
  int rc = XL_OK;

  *out = NULL;
  if (!url)
    return XL_OK;
  if (!c->remote_url || strcmp(c->remote_url, url) != 0) {
    xl_remote_free(c->remote);
    c->remote = NULL;
    free(c->remote_url);
    c->remote_url = xl_strdup(url);
    rc = c->remote_url ? xl_error_new(&err) : XL_ENOMEM;
    if (rc == XL_OK)
      rc = xl_remote_new(&c->remote, url, err);
    if (rc == XL_EINVAL && !c->remote_error)
      c->remote_error = xl_strdup(xl_error_message(err));
    xl_error_free(err);
    if (c->remote)
      xl_remote_store(&c->store, c->remote);
  }
  *out = c->remote ? &c->store : NULL;
  return rc == XL_ENOMEM ? rc : XL_OK;
}

const char *xl_checker_remote_warning(const xl_checker *c) {
  if (c->remote_error)
    return c->remote_error;
  return c->remote ? xl_remote_warning(c->remote) : NULL;
}

/* The stored result for key into r: 1 on a hit, 0 on a miss, XL_ENOMEM. */
static int cache_replay(xl_result *r, xl_checker *c, const char *key) {
  xl_diags *diags = NULL;
  const xl_cache_store *remote = NULL;
  int rc = remote_of(&remote, c);

  if (rc == XL_OK)
    rc = xl_cache_get(&diags, &r->facts, c->opts->cache_dir, remote, key,
                      r->file);

  if (rc == 1) {
    xl_diags_free(r->diags);
    r->diags = diags;
    r->incomplete = (r->facts->flags & XL_FACTS_INCOMPLETE) != 0;
    r->cached = 1;
  }
  return rc;
}

/* ---- checking ----------------------------------------------------------- */

/* xl_parse_shows_fn over a profile's header filters. */
static int profile_shows(const void *ctx, const char *file) {
  return xl_profile_shows_header(ctx, file);
}

static void parse_opts_of(xl_parse_opts *po, const xl_checker *c) {
  memset(po, 0, sizeof(*po));
  po->toolkit = &c->toolkit;
  po->side = XL_SIDE_HOST;
  po->cuda_major = c->opts->cuda_major;
  po->cuda_minor = c->opts->cuda_minor;
  if (c->opts->system_headers)
    po->flags |= XL_PARSE_SYSTEM_HEADERS;
  if (c->opts->parse_skip)
    po->flags |= XL_PARSE_SKIP_BODIES;
  if (c->opts->parse_skip && c->opts->defer_full_parse)
    po->flags |= XL_PARSE_DEFER_FULL;
  if (c->opts->cache_dir || c->opts->cache_url)
    po->flags |= XL_PARSE_RECORD_DEPS;
  if (c->profile && xl_profile_filters_headers(c->profile)) {
    po->shows = profile_shows;
    po->shows_ctx = c->profile;
  }
}

/* Parse (or replay from the cache), run the rules, sort, store in the
 * cache. Takes the command's option lists. */
static int run(xl_result **out, xl_checker *c, xl_command *cmd,
               xl_error *err) {
  xl_result *r;
  xl_parse_opts po;
  char *key = NULL;
  int rc;

  *out = NULL;
  rc = check_readable(cmd->file, err);
  if (rc == XL_OK)
    rc = edit_command(cmd, c->opts, err);
  if (rc < 0)
    return rc;
  if (!cmd->is_cuda)
    return xl_error_set(err, XL_ENOTCUDA,
                        "'%s' is not compiled as CUDA (no '-x cu', no nvcc "
                        "driver, not a .cu file)",
                        cmd->file);
  r = result_new(cmd->file);
  parse_opts_of(&po, c);
  rc = r ? cache_key_of(&key, c, cmd, &po) : XL_ENOMEM;
  if (rc == XL_OK && key)
    rc = cache_replay(r, c, key);
  if (rc < 0) {
    xl_result_free(r);
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  }
  r->unknown = cmd->unknown;
  r->diag_suppress = cmd->diag_suppress;
  cmd->unknown = cmd->diag_suppress = NULL;
  if (rc == 1) {
    free(key);
    *out = r;
    return XL_OK;
  }
  rc = xl_frontend_parse(&r->facts, c->fe, cmd, &po, r->diags, err);
  if (rc == XL_OK && (xl_facts_absolute_paths(r->facts, cmd->directory) < 0 ||
                      xl_diags_absolute_paths(r->diags, cmd->directory) < 0))
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  rc = result_finish(out, r, rc, &c->opts->rules, err);
  if (rc == XL_OK && key) /* best effort: a cache that fails only misses */
    (void)xl_cache_put(c->opts->cache_dir,
                       c->opts->cache_url && c->remote ? &c->store : NULL,
                       key, (*out)->diags, (*out)->facts);
  free(key);
  return rc;
}

int xl_check_file(xl_result **out, xl_checker *c, const char *file,
                  const char *const *args, int nargs, xl_error *err) {
  xl_command cmd;
  int rc;

  *out = NULL;
  if (xl_command_from_args(&cmd, file, args, nargs, NULL) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  rc = run(out, c, &cmd, err);
  xl_command_free(&cmd);
  return rc;
}

int xl_check_command(xl_result **out, xl_checker *c, const char *file,
                     const char *const *argv, int argc, const char *directory,
                     xl_error *err) {
  xl_command cmd;
  int rc;

  *out = NULL;
  rc = xl_command_from_argv(&cmd, file, argv, argc, directory, err);
  if (rc < 0)
    return rc;
  rc = run(out, c, &cmd, err);
  xl_command_free(&cmd);
  return rc;
}

/* A copy of a NULL-terminated list (NULL for NULL or no memory). */
static char **copy_list(char *const *v) {
  size_t n = 0, i;
  char **c;

  while (v && v[n])
    n++;
  c = v ? calloc(n + 1, sizeof(char *)) : NULL;
  for (i = 0; c && i < n; i++) {
    c[i] = xl_strdup(v[i]);
    if (!c[i]) {
      xl_argv_free(c);
      return NULL;
    }
  }
  return c;
}

/* ---- documents (editors) ----------------------------------------------- */

struct xl_document {
  xl_checker *checker; /* lent */
  xl_options *opts;    /* the document's own, or NULL: the checker's */
  const xl_profile *profile; /* lent: its header filters, or NULL */
  xl_command cmd;
  xl_parse_opts po;
  xl_frontend_doc *fe;
  xl_frontend_doc *deep; /* po with the header bodies kept, while the last
                            check needed it */
  int used_deep;         /* the last check's result is deep's */
};

static const xl_options *doc_options(const xl_document *doc) {
  return doc->opts ? doc->opts : doc->checker->opts;
}

/* The command and parse options of a new document, from its options. */
static int doc_setup(xl_document *doc, const char *file,
                     const char *const *argv, int argc, const char *directory,
                     unsigned flags, xl_error *err) {
  const xl_options *o = doc_options(doc);
  int rc = xl_command_from_argv(&doc->cmd, file, argv, argc, directory, err);

  if (rc == XL_OK && !doc->cmd.is_cuda)
    rc = xl_error_set(err, XL_EINVAL, "'%s' is not compiled as CUDA", file);
  if (rc == XL_OK)
    rc = edit_command(&doc->cmd, o, err);
  if (rc < 0)
    return rc;
  doc->po.toolkit = &doc->checker->toolkit;
  doc->po.side = XL_SIDE_HOST;
  doc->po.cuda_major = o->cuda_major;
  doc->po.cuda_minor = o->cuda_minor;
  if (o->system_headers)
    doc->po.flags |= XL_PARSE_SYSTEM_HEADERS;
  if (flags & XL_DOCUMENT_SKIP_HEADER_BODIES)
    doc->po.flags |= XL_PARSE_SKIP_HEADER_BODIES;
  if (doc->profile && xl_profile_filters_headers(doc->profile)) {
    doc->po.shows = profile_shows;
    doc->po.shows_ctx = doc->profile;
  }
  if (xl_frontend_doc_new(&doc->fe, &doc->cmd, &doc->po) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  return XL_OK;
}

/* xl_document_new, with p (may be NULL) lent to the document. */
static int doc_new(xl_document **out, xl_checker *c, const xl_options *opts,
                   const xl_profile *p, const char *file,
                   const char *const *argv, int argc, const char *directory,
                   unsigned flags, xl_error *err) {
  xl_document *doc = calloc(1, sizeof(*doc));
  int rc = XL_OK;

  *out = NULL;
  if (!doc)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  doc->checker = c;
  doc->profile = p;
  if (opts && xl_options_copy(&doc->opts, opts) < 0)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  if (rc == XL_OK)
    rc = doc_setup(doc, file, argv, argc, directory, flags, err);
  if (rc < 0) {
    xl_document_free(doc);
    return rc;
  }
  *out = doc;
  return XL_OK;
}

int xl_document_new(xl_document **out, xl_checker *c, const xl_options *opts,
                    const char *file, const char *const *argv, int argc,
                    const char *directory, unsigned flags, xl_error *err) {
  return doc_new(out, c, opts, NULL, file, argv, argc, directory, flags, err);
}

int xl_document_new_profiled(xl_document **out, xl_checker *c,
                             const xl_profile *p, const char *file,
                             const char *const *argv, int argc,
                             const char *directory, unsigned flags,
                             xl_error *err) {
  return doc_new(out, c, xl_profile_options(p), p, file, argv, argc,
                 directory, flags, err);
}

void xl_document_free(xl_document *doc) {
  if (!doc)
    return;
  xl_frontend_doc_free(doc->fe);
  xl_frontend_doc_free(doc->deep);
  xl_command_free(&doc->cmd);
  xl_options_free(doc->opts);
  free(doc);
}

const char *xl_document_file(const xl_document *doc) { return doc->cmd.file; }

int xl_document_base_pch(const xl_document *doc) {
  return xl_frontend_doc_base_pch(doc->fe);
}

int xl_document_block_pch(const xl_document *doc) {
  return xl_frontend_doc_block_pch(doc->fe);
}

int xl_document_kept_inclusions(const xl_document *doc) {
  return xl_frontend_doc_kept_inclusions(doc->fe);
}

int xl_document_check(xl_result **out, xl_document *doc, const char *text,
                      size_t len, xl_error *err) {
  return xl_document_check_files(out, doc, text, len, NULL, 0, err);
}

int xl_document_header_bodies(const xl_document *doc) {
  return doc->used_deep;
}

/* Parse text with fe into a new result (*out; NULL when rc < 0). */
static int doc_parse(xl_result **out, xl_document *doc, xl_frontend_doc *fe,
                     const char *text, size_t len,
                     const xl_unsaved_file *files, size_t nfiles,
                     xl_error *err) {
  xl_result *r = result_new(doc->cmd.file);
  int rc;

  *out = NULL;
  if (r)
    r->diag_suppress = copy_list(doc->cmd.diag_suppress);
  if (!r || (doc->cmd.diag_suppress && !r->diag_suppress)) {
    xl_result_free(r);
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  }
  rc = xl_frontend_doc_parse(&r->facts, fe, text, len, files, nfiles,
                             r->diags, err);
  if (rc < 0) {
    xl_result_free(r);
    return rc;
  }
  *out = r;
  return XL_OK;
}

/* Whether the skip parse's facts ask for the header bodies (uses.c). */
static int wants_bodies(const xl_result *r) {
  return r->facts && (r->facts->flags & XL_FACTS_WANTS_HEADER_BODIES);
}

/* The document's parse with header bodies, made on first need. */
static int deep_fe(xl_document *doc, xl_error *err) {
  xl_parse_opts po = doc->po; /* copied by xl_frontend_doc_new */

  if (doc->deep)
    return XL_OK;
  po.flags &= ~XL_PARSE_SKIP_HEADER_BODIES;
  if (xl_frontend_doc_new(&doc->deep, &doc->cmd, &po) < 0)
    return xl_error_set(err, XL_ENOMEM, "out of memory");
  return XL_OK;
}

/*
 * A document that skips header bodies parses again with them when its
 * facts ask (a lambda that is not extended given to a library template:
 * only the template's body tells whether a kernel takes it), and returns
 * that result, which is `xlambda check`'s; the second parse is kept while
 * the document needs it and freed once it does not.
 */
int xl_document_check_files(xl_result **out, xl_document *doc,
                            const char *text, size_t len,
                            const xl_unsaved_file *files, size_t nfiles,
                            xl_error *err) {
  xl_result *r = NULL;
  int rc = doc_parse(&r, doc, doc->fe, text, len, files, nfiles, err);

  *out = NULL;
  doc->used_deep = 0;
  if (rc == XL_OK && wants_bodies(r)) {
    xl_result_free(r);
    r = NULL;
    rc = deep_fe(doc, err);
    if (rc == XL_OK)
      rc = doc_parse(&r, doc, doc->deep, text, len, files, nfiles, err);
    doc->used_deep = rc == XL_OK;
  } else if (rc == XL_OK && doc->deep) {
    xl_frontend_doc_free(doc->deep);
    doc->deep = NULL;
  }
  if (rc < 0)
    return rc;
  return result_finish(out, r, rc, &doc_options(doc)->rules, err);
}

int xl_check_command_args(char ***out, int *n, xl_checker *c,
                          const char *file, const char *const *argv, int argc,
                          const char *directory, xl_error *err) {
  xl_command cmd;
  xl_parse_opts po;
  int rc;

  *out = NULL;
  *n = 0;
  rc = xl_command_from_argv(&cmd, file, argv, argc, directory, err);
  if (rc < 0)
    return rc;
  rc = edit_command(&cmd, c->opts, err);
  memset(&po, 0, sizeof(po));
  po.toolkit = &c->toolkit;
  po.side = XL_SIDE_HOST;
  if (rc == XL_OK && xl_frontend_args(out, n, &cmd, &po) < 0)
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
  xl_command_free(&cmd);
  return rc;
}

int xl_result_suppress(size_t *nsuppressed, xl_result *r, const char *text,
                       size_t len, xl_error *err) {
  return xl_result_sift(nsuppressed, r, text, len, NULL, 0, NULL, err);
}

/* The texts a result's suppression comments are read from: the file's,
 * then the other open documents'. XL_OK or XL_ENOMEM. */
static int sift_texts(xl_supp_files **out, const xl_result *r,
                      const char *text, size_t len,
                      const xl_unsaved_file *files, size_t nfiles) {
  size_t i;
  int rc = xl_supp_files_new(out);

  if (rc == XL_OK)
    rc = xl_supp_files_set_text(*out, r->file, text, len);
  for (i = 0; rc == XL_OK && i < nfiles; i++)
    if (strcmp(files[i].path, r->file) != 0)
      rc = xl_supp_files_set_text(*out, files[i].path, files[i].text,
                                  files[i].len);
  return rc;
}

int xl_result_sift(size_t *nsuppressed, xl_result *r, const char *text,
                   size_t len, const xl_unsaved_file *files, size_t nfiles,
                   const xl_profile *p, xl_error *err) {
  xl_sift_in in = {r->diags, r->file, r->facts,
                   (const char *const *)r->diag_suppress, p, NULL, NULL};
  xl_sift_out out = {NULL, NULL, NULL};
  int rc;

  if (nsuppressed)
    *nsuppressed = 0;
  if (sift_texts(&in.texts, r, text, len, files, nfiles) < 0 ||
      xl_diags_new(&out.kept) < 0) {
    rc = xl_error_set(err, XL_ENOMEM, "out of memory");
    goto cleanup;
  }
  rc = xl_pipeline_sift(&out, &in, err);
  if (rc < 0)
    goto cleanup;
  if (nsuppressed)
    *nsuppressed = (size_t)rc;
  rc = XL_OK;
  xl_diags_sort_unique(out.kept);
  xl_diags_take_hashes(out.kept, r->facts);
  xl_diags_free(r->diags);
  r->diags = out.kept;
  out.kept = NULL;
cleanup:
  xl_diags_free(out.kept);
  xl_supp_files_free(in.texts);
  return rc;
}
