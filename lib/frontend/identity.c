/*
 * identity.c: what names the code that computes a check's findings, beside
 * xlambda's own executable (whose hash lib/core/cache.c takes): libclang's
 * version and the build of the skip parse's library, which is rebuilt
 * alone when only plugin/ changes. The result cache's key holds both.
 */
#define _GNU_SOURCE /* dl_iterate_phdr */
#include <clang-c/Index.h>
#include <link.h>
#include <stdio.h>
#include <string.h>

#include "cdriver.h"
#include "frontend.h"

typedef struct id_search {
  ElfW(Addr) addr; /* an address inside the object */
  char *hex;       /* its GNU build id, as hex */
  size_t size;     /* of hex */
  int found;
} id_search;

/* Whether info's object maps addr. */
static int maps(const struct dl_phdr_info *info, ElfW(Addr) addr) {
  int i;

  for (i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    ElfW(Addr) lo = info->dlpi_addr + ph->p_vaddr;
    if (ph->p_type == PT_LOAD && addr >= lo && addr - lo < ph->p_memsz)
      return 1;
  }
  return 0;
}

/* The GNU build id among the notes [p, p + len) (aligned to align), as
 * hex into s; whether there was one. */
static int build_id_note(id_search *s, const char *p, size_t len,
                         size_t align) {
  while (len >= sizeof(ElfW(Nhdr))) {
    const ElfW(Nhdr) *nh = (const void *)p;
    size_t name = (nh->n_namesz + align - 1) & ~(align - 1);
    size_t desc = (nh->n_descsz + align - 1) & ~(align - 1);
    size_t whole = sizeof(*nh) + name + desc, i, at = 0;

    if (whole > len)
      return 0;
    if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
        memcmp(p + sizeof(*nh), "GNU", 4) == 0) {
      const unsigned char *d = (const void *)(p + sizeof(*nh) + name);
      for (i = 0; i < nh->n_descsz && at + 3 <= s->size; i++, at += 2)
        snprintf(s->hex + at, 3, "%02x", d[i]);
      return 1;
    }
    p += whole;
    len -= whole;
  }
  return 0;
}

static int find_build_id(struct dl_phdr_info *info, size_t size, void *data) {
  id_search *s = data;
  int i;
  (void)size;

  if (!maps(info, s->addr))
    return 0;
  for (i = 0; i < info->dlpi_phnum && !s->found; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_NOTE)
      s->found = build_id_note(
          s, (const char *)(info->dlpi_addr + ph->p_vaddr), ph->p_memsz,
          ph->p_align == 8 ? 8 : 4);
  }
  return 1; /* the object holding addr: stop */
}

void xl_frontend_identity(char *buf, size_t n) {
  CXString v = clang_getClangVersion();
  char id[129] = "";
  id_search s;

  memset(&s, 0, sizeof(s));
  s.hex = id;
  s.size = sizeof(id);
#ifdef XL_HAVE_CDRIVER
  s.addr = (ElfW(Addr))&xl_cdriver_parse;
  dl_iterate_phdr(find_build_id, &s);
#endif
  snprintf(buf, n, "%s; parse library %s",
           clang_getCString(v) ? clang_getCString(v) : "",
           s.found ? id : "none");
  clang_disposeString(v);
}
