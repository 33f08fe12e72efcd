/*
 * lsp_merge.h: what `xlambda clangd` decides when it joins clangd's answers
 * with xlambda's: the diagnostics of one document (the union, less clang's
 * CUDA diagnostics that describe an xlambda finding on the same range), the
 * code actions of one request (clangd's, then xlambda's), the initialize
 * result (clangd's, with xlambda's quick-fix kind) and the parameters of
 * xlambda's initialize (the client's, pinned to clangd's position encoding).
 * Pure JSON in, JSON out: the proxy (lsp_proxy.c) does the plumbing.
 */
#ifndef XL_LSP_MERGE_H
#define XL_LSP_MERGE_H

#include <jansson.h>

/*
 * Is this clangd Diagnostic one of clang's CUDA diagnostics that an xlambda
 * finding can describe (capture_bad_target, -Wgpu-maybe-wrong-side, ...)?
 */
int xl_lsp_merge_is_cuda_diag(const json_t *diag);

/*
 * The merged Diagnostic[] of one document: clangd's (c, may be NULL) less
 * the duplicates, then xlambda's (x, may be NULL). A clangd diagnostic is a
 * duplicate when it is a CUDA one (xl_lsp_merge_is_cuda_diag) whose range
 * starts on the line of an xlambda finding and overlaps its range; clangd's
 * code-less notes that quote a dropped diagnostic go with it. Returns a new
 * array (caller owns), or NULL when out of memory.
 */
json_t *xl_lsp_merge_diagnostics(const json_t *c, const json_t *x);

/*
 * The merged answer to textDocument/codeAction: clangd's array (c, may be
 * NULL or null) then xlambda's (x, may be NULL). Returns a new array
 * (caller owns), or NULL when out of memory.
 */
json_t *xl_lsp_merge_actions(const json_t *c, const json_t *x);

/*
 * The initialize result the client sees: a copy of clangd's (c) whose
 * codeActionProvider also offers xlambda's kinds (from x, xlambda's result;
 * may be NULL). Returns a new object (caller owns), or NULL when out of
 * memory or c is not an object.
 */
json_t *xl_lsp_merge_initialize(const json_t *c, const json_t *x);

/*
 * The position encoding clangd chose, from its initialize result:
 * "positionEncoding" in the capabilities, else the legacy "offsetEncoding",
 * else "utf-16". The string is borrowed from c, or static.
 */
const char *xl_lsp_merge_encoding(const json_t *c);

/*
 * xlambda's initialize params: a copy of the client's (params) that offers
 * only `encoding`, so both sides count columns alike. Returns a new object
 * (caller owns), or NULL when out of memory.
 */
json_t *xl_lsp_merge_init_params(const json_t *params, const char *encoding);

#endif /* XL_LSP_MERGE_H */
