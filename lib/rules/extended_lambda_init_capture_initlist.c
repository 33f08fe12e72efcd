/*
 * extended_lambda_init_capture_initlist: an init-capture of type
 * std::initializer_list in an extended lambda (x = {1, 2} or x = il).
 *
 * Detector: lib/frontend/types.c (decl_flags(): XL_TYPE_INITIALIZER_LIST),
 *   lib/frontend/capture.c (from_fields(): type; fill_explicit():
 *   XL_CAPTURE_INIT_BRACED, init_text)
 */
#include "rule_util.h"

#include <stdlib.h>

/* 1 when the translation unit includes <cuda/std/array> already. */
static int has_cuda_array(const xl_facts *f) {
  static const char suffix[] = "/cuda/std/array";
  for (uint32_t i = 0; i < f->nfiles; i++) {
    size_t n = f->files[i] ? strlen(f->files[i]) : 0;
    if (n >= sizeof(suffix) - 1 &&
        strcmp(f->files[i] + n - (sizeof(suffix) - 1), suffix) == 0)
      return 1;
  }
  return 0;
}

/* The element count of a braced list's backing array ('const int[3]'), or 0. */
static unsigned long list_size(const xl_facts *f, const xl_capture *c) {
  const xl_type *arr = xl_facts_type(f, c->var_type);
  const char *open;
  char *end;
  unsigned long n;

  if (!arr || arr->kind != XL_TYPE_ARRAY || arr->array_rank != 1 ||
      !arr->spelling)
    return 0;
  open = strrchr(arr->spelling, '[');
  if (!open)
    return 0;
  n = strtoul(open + 1, &end, 10);
  return *end == ']' && end[1] == '\0' ? n : 0;
}

/*
 * A braced list written in the main file ('[v = {1, 2, 3}]') becomes a
 * cuda::std::array of its element type and size, which a body reads alike
 * (size(), begin(), range for, v[i]); <cuda/std/array> is included first
 * when the file does not include it yet. On a note: the capture's type
 * changes. A list from a variable ('[w = il]') has no size to write.
 */
static void offer_array(xl_note *n, const xl_facts *f,
                        const xl_capture *c, const xl_type *list) {
  const xl_type *elem = list->nargs == 1 ? xl_facts_type(f, list->args[0]) : NULL;
  unsigned long size = list_size(f, c);
  char buf[512];
  int len;
  xl_loc top = c->init.begin;

  if (!(c->flags & XL_CAPTURE_INIT_BRACED) || !elem || !elem->spelling ||
      size == 0 || !c->init_text || c->init_text[0] != '{' ||
      !xl_loc_valid(c->init.begin) || c->init.begin.file >= f->nfiles ||
      !(f->file_flags[c->init.begin.file] & XL_FILE_MAIN))
    return;
  len = snprintf(buf, sizeof(buf), "cuda::std::array<%s, %lu>", elem->spelling,
                 size);
  if (len <= 0 || (size_t)len >= sizeof(buf))
    return;
  xl_note_add_fixit(n, xl_range_at(c->init.begin), buf);
  if (has_cuda_array(f))
    return;
  top.line = 1;
  top.col = 1;
  top.offset = 0;
  xl_note_add_fixit(n, xl_range_at(top), "#include <cuda/std/array>\n");
}

void xl_check_extended_lambda_init_capture_initlist(xl_rule_ctx *ctx,
                                                    const xl_facts *f) {
  XL_FOR_EACH_EXTENDED_LAMBDA(f, l) {
    /* __host__ __device__ lambdas reject every init-capture already */
    if (l->space == XL_SPACE_HOST_DEVICE)
      continue;
    XL_FOR_EACH_CAPTURE(f, l, c) {
      const xl_type *t = xl_facts_type(f, c->type);
      xl_diag *d;
      xl_note *n;
      if (c->kind != XL_CAPTURE_INIT || !t ||
          !(t->flags & XL_TYPE_INITIALIZER_LIST))
        continue;
      d = xl_report_extended_lambda_init_capture_initlist(
          ctx, c->loc, xl_lambda_space(l), c->name, t->spelling);
      xl_diag_add_range(d, c->range);
      n = xl_diag_add_note(d, c->loc,
                           "nvcc cannot pass a std::initializer_list to the "
                           "device; capture an array-like object such as "
                           "cuda::std::array instead");
      offer_array(n, f, c, t);
    }
  }
}
