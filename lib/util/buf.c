/*
 * buf.c: growable byte buffers, the bump arena and growable arrays.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

int xl_grow(void **items, size_t *cap, size_t need, size_t elem) {
  size_t ncap;
  void *p;

  if (need <= *cap)
    return XL_OK;
  ncap = *cap ? *cap : 8;
  while (ncap < need)
    ncap *= 2;
  if (ncap > SIZE_MAX / elem)
    return XL_ENOMEM;
  p = realloc(*items, ncap * elem);
  if (!p)
    return XL_ENOMEM;
  memset((char *)p + *cap * elem, 0, (ncap - *cap) * elem);
  *items = p;
  *cap = ncap;
  return XL_OK;
}

static int buf_reserve(xl_buf *buf, size_t extra) {
  size_t need = buf->len + extra + 1;

  if (buf->oom)
    return XL_ENOMEM;
  if (need < buf->len) {
    buf->oom = 1;
    return XL_ENOMEM;
  }
  if (XL_GROW(buf->data, buf->cap, need) < 0) {
    buf->oom = 1;
    return XL_ENOMEM;
  }
  return XL_OK;
}

int xl_buf_put(xl_buf *buf, const void *data, size_t n) {
  if (buf_reserve(buf, n) < 0)
    return XL_ENOMEM;
  if (n)
    memcpy(buf->data + buf->len, data, n);
  buf->len += n;
  buf->data[buf->len] = '\0';
  return XL_OK;
}

int xl_buf_puts(xl_buf *buf, const char *s) {
  return xl_buf_put(buf, s, strlen(s));
}

int xl_buf_putc(xl_buf *buf, char c) { return xl_buf_put(buf, &c, 1); }

int xl_buf_vprintf(xl_buf *buf, const char *fmt, va_list ap) {
  va_list ap2;
  int n;

  va_copy(ap2, ap);
  n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0)
    return XL_EINVAL;
  if (buf_reserve(buf, (size_t)n) < 0)
    return XL_ENOMEM;
  vsnprintf(buf->data + buf->len, (size_t)n + 1, fmt, ap);
  buf->len += (size_t)n;
  return XL_OK;
}

int xl_buf_printf(xl_buf *buf, const char *fmt, ...) {
  va_list ap;
  int rc;

  va_start(ap, fmt);
  rc = xl_buf_vprintf(buf, fmt, ap);
  va_end(ap);
  return rc;
}

void xl_buf_clear(xl_buf *buf) {
  buf->len = 0;
  if (buf->data)
    buf->data[0] = '\0';
}

void xl_buf_free(xl_buf *buf) {
  free(buf->data);
  buf->data = NULL;
  buf->len = buf->cap = 0;
  buf->oom = 0;
}

char *xl_buf_detach(xl_buf *buf) {
  char *p;

  if (buf->oom) {
    xl_buf_free(buf);
    return NULL;
  }
  p = buf->data ? buf->data : xl_strdup("");
  buf->data = NULL;
  buf->len = buf->cap = 0;
  return p;
}

/* ---- arena ------------------------------------------------------------- */

struct xl_arena_block {
  xl_arena_block *next;
  size_t used, size;
  max_align_t data[];
};

#define ARENA_BLOCK 65536

void *xl_arena_alloc(xl_arena *a, size_t n) {
  xl_arena_block *b = a->head;
  size_t aligned = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
  void *p;

  if (aligned < n)
    return NULL;
  if (!b || b->size - b->used < aligned) {
    size_t size = aligned > ARENA_BLOCK ? aligned : ARENA_BLOCK;
    b = malloc(sizeof(*b) + size);
    if (!b)
      return NULL;
    b->next = a->head;
    b->used = 0;
    b->size = size;
    a->head = b;
  }
  p = (char *)b->data + b->used;
  b->used += aligned;
  memset(p, 0, n);
  return p;
}

char *xl_arena_strndup(xl_arena *a, const char *s, size_t n) {
  char *p = xl_arena_alloc(a, n + 1);

  if (!p)
    return NULL;
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

char *xl_arena_strdup(xl_arena *a, const char *s) {
  if (!s)
    return NULL;
  return xl_arena_strndup(a, s, strlen(s));
}

char *xl_arena_printf(xl_arena *a, const char *fmt, ...) {
  va_list ap;
  int n;
  char *p;

  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    return NULL;
  p = xl_arena_alloc(a, (size_t)n + 1);
  if (!p)
    return NULL;
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

void xl_arena_free(xl_arena *a) {
  xl_arena_block *b = a->head;

  while (b) {
    xl_arena_block *next = b->next;
    free(b);
    b = next;
  }
  a->head = NULL;
}
