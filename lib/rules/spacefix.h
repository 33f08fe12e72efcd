/*
 * spacefix.h: the edit that makes an extended __device__ lambda a
 * __host__ __device__ one, shared by the rules about host code that needs
 * the lambda's real call operator (extended_lambda_host_function_pointer,
 * extended_lambda_host_introspection), issue 18.
 */
#ifndef XL_SPACEFIX_H
#define XL_SPACEFIX_H

#include "rule_util.h"

/*
 * 1 when '__host__ ' may be written before l's '__device__' without making
 * another rule fire: the annotation is written in the file (no macro), the
 * lambda is not generic (extended_host_device_generic_lambda), has no
 * init-capture (extended_lambda_hd_init_capture), and its body names
 * nothing that exists only on the device (it must compile for the host).
 */
int xl_spacefix_can_add_host(const xl_facts *f, const xl_lambda *l);

/*
 * Add to d a note at l's annotation that offers '__host__ __device__'
 * ("annotate the lambda '__host__ __device__' so that <what>; its body then
 * compiles for the host too"), with the fix-it. Returns the note, or NULL
 * when xl_spacefix_can_add_host refuses (nothing is added).
 */
xl_note *xl_spacefix_add_host(xl_diag *d, const xl_facts *f,
                              const xl_lambda *l, const char *what);

#endif
