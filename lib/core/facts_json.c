/*
 * facts_json.c: the --dump-facts serialisation of xl_facts (jansson).
 *
 * Locations print as "file:line:col" and ranges as "file:line:col-line:col",
 * so two frontends' dumps can be compared line by line.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

#include "xlambda/sys/facts.h"
#include "util/util.h"

static const char *file_name(const xl_facts *f, xl_id file) {
  return file < f->nfiles ? f->files[file] : "?";
}

static json_t *loc_json(const xl_facts *f, xl_loc l) {
  char text[64];

  if (!xl_loc_valid(l))
    return json_null();
  snprintf(text, sizeof(text), ":%u:%u%s", l.line, l.col,
           (l.flags & XL_LOC_MACRO) ? " (macro)" : "");
  return json_sprintf("%s%s", file_name(f, l.file), text);
}

static json_t *range_json(const xl_facts *f, xl_range r) {
  if (!xl_loc_valid(r.begin) || !xl_loc_valid(r.end))
    return json_null();
  return json_sprintf("%s:%u:%u-%u:%u", file_name(f, r.begin.file),
                      r.begin.line, r.begin.col, r.end.line, r.end.col);
}

static json_t *id_json(xl_id id) {
  return id == XL_NONE ? json_null() : json_integer(id);
}

static json_t *ids_json(const xl_id *ids, uint32_t n) {
  json_t *a = json_array();
  uint32_t i;

  for (i = 0; i < n; i++)
    json_array_append_new(a, id_json(ids[i]));
  return a;
}

/* Names of set bits, in bit order (a bit without a name is left out). */
static json_t *flags_json(uint32_t flags, const char *const *names,
                          unsigned count) {
  json_t *a = json_array();
  unsigned i;

  for (i = 0; i < count; i++)
    if ((flags & (1u << i)) && names[i])
      json_array_append_new(a, json_string(names[i]));
  return a;
}

#define FLAGS(v, names) flags_json((v), (names), sizeof(names) / sizeof(*names))

/*
 * The names of kinds and flags, from facts_names.def: a kind's name at its
 * value, a flag's at its bit (two flags with one bit are a duplicate
 * initializer, which -Wextra reports).
 */
static const char *const type_kinds[] = {
#define XL_TYPE_KIND(NAME, json) [XL_TYPE_##NAME] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const type_flags[] = {
#define XL_TYPE_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const record_flags[] = {
#define XL_RECORD_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const tparam_flags[] = {
#define XL_TPARAM_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const func_flags[] = {
#define XL_FUNC_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const lambda_flags[] = {
#define XL_LAMBDA_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const capture_flags[] = {
#define XL_CAPTURE_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const capture_kinds[] = {
#define XL_CAPTURE_KIND(NAME, json) [XL_CAPTURE_##NAME] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const use_kinds[] = {
#define XL_USE_KIND(NAME, json) [XL_USE_##NAME] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const use_flags[] = {
#define XL_USE_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const cond_flags[] = {
#define XL_COND_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const field_flags[] = {
#define XL_FIELD_FLAG(NAME, bit, json) [bit] = json,
#include "xlambda/sys/facts_names.def"
};
static const char *const spaces[] = {
#define XL_SPACE(NAME, json) [XL_SPACE_##NAME] = json,
#include "xlambda/sys/facts_names.def"
};

static json_t *types_json(const xl_facts *f) {
  json_t *a = json_array();
  uint32_t i;

  for (i = 0; i < f->ntypes; i++) {
    const xl_type *t = &f->types[i];
    json_t *o = json_pack("{s:i,s:s,s:s,s:o,s:i,s:o,s:o,s:o}", "id", (int)i,
                          "spelling", t->spelling ? t->spelling : "", "kind",
                          type_kinds[t->kind], "flags",
                          FLAGS(t->flags, type_flags), "rank",
                          (int)t->array_rank, "inner", id_json(t->inner),
                          "args", ids_json(t->args, t->nargs), "decl",
                          loc_json(f, t->decl));
    json_object_set_new(o, "access", loc_json(f, t->access));
    json_object_set_new(o, "parent", id_json(t->parent));
    json_object_set_new(o, "lambda", id_json(t->lambda));
    if (t->hoist_text) /* a local type's move (issue 18) */
      json_object_set_new(o, "hoist",
                          json_pack("{s:o,s:o,s:s}", "remove",
                                    range_json(f, t->hoist_remove), "at",
                                    loc_json(f, t->hoist_at), "text",
                                    t->hoist_text));
    json_array_append_new(a, o);
  }
  return a;
}

static json_t *records_json(const xl_facts *f) {
  json_t *a = json_array();
  uint32_t i;

  for (i = 0; i < f->nrecords; i++) {
    const xl_record *r = &f->records[i];
    json_t *o = json_pack(
        "{s:i,s:s,s:o,s:o,s:o,s:o,s:i,s:o}", "id", (int)i, "name",
        r->name ? r->name : "", "loc", loc_json(f, r->loc), "flags",
        FLAGS(r->flags, record_flags), "parent", id_json(r->parent),
        "first_tparam", id_json(r->first_tparam), "ntparams",
        (int)r->ntparams, "targs", ids_json(r->targs, r->ntargs));
    json_object_set_new(o, "access", loc_json(f, r->access));
    json_object_set_new(o, "type", id_json(r->type));
    json_object_set_new(o, "pattern", id_json(r->pattern));
    json_object_set_new(o, "name_at", loc_json(f, r->name_at));
    json_array_append_new(a, o);
  }
  return a;
}

static json_t *tparams_json(const xl_facts *f) {
  json_t *a = json_array();
  uint32_t i;

  for (i = 0; i < f->ntparams; i++) {
    const xl_tparam *t = &f->tparams[i];
    json_array_append_new(
        a, json_pack("{s:i,s:o,s:o,s:o,s:o}", "id", (int)i, "name",
                     t->name ? json_string(t->name) : json_null(), "loc",
                     loc_json(f, t->loc), "flags",
                     FLAGS(t->flags, tparam_flags), "name_at",
                     loc_json(f, t->name_at)));
  }
  return a;
}

static json_t *funcs_json(const xl_facts *f) {
  json_t *a = json_array();
  uint32_t i;

  for (i = 0; i < f->nfuncs; i++) {
    const xl_func *fn = &f->funcs[i];
    json_t *o = json_pack(
        "{s:i,s:s,s:o,s:s,s:o,s:o,s:o,s:i,s:o}", "id", (int)i, "name",
        fn->name ? fn->name : "", "loc", loc_json(f, fn->loc), "space",
        spaces[fn->space], "flags", FLAGS(fn->flags, func_flags), "record",
        id_json(fn->record), "first_tparam", id_json(fn->first_tparam),
        "ntparams", (int)fn->ntparams, "targs",
        ids_json(fn->targs, fn->ntargs));
    json_object_set_new(o, "access", loc_json(f, fn->access));
    json_object_set_new(o, "body", range_json(f, fn->body));
    json_object_set_new(o, "ret_range", range_json(f, fn->ret_range));
    json_object_set_new(o, "ret_type", id_json(fn->ret_type));
    json_object_set_new(o, "pattern", id_json(fn->pattern));
    json_object_set_new(o, "poi", loc_json(f, fn->poi));
    json_object_set_new(o, "poi_func", id_json(fn->poi_func));
    json_array_append_new(a, o);
  }
  return a;
}

/* An init-capture's planned rename (issue 18), when there is one. */
static json_t *with_rename(json_t *o, const xl_facts *f, const xl_capture *c) {
  json_t *uses;

  if (!o || !c->rename)
    return o;
  uses = json_array();
  for (uint32_t i = 0; uses && c->uses && i < c->nuses; i++)
    json_array_append_new(uses, loc_json(f, c->uses[i]));
  json_object_set_new(o, "rename", json_string(c->rename));
  json_object_set_new(o, "uses", uses ? uses : json_null());
  return o;
}

static json_t *capture_json(const xl_facts *f, const xl_capture *c) {
  return with_rename(json_pack("{s:s,s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "kind",
                   capture_kinds[c->kind], "name", c->name ? c->name : "",
                   "flags", FLAGS(c->flags, capture_flags), "type",
                   id_json(c->type), "var_type", id_json(c->var_type), "loc",
                   loc_json(f, c->loc), "range", range_json(f, c->range),
                   "init", c->init_text ? json_string(c->init_text) : json_null(), "decl",
                   loc_json(f, c->decl)), f, c);
}

/* The fields added for the type, nesting and specifier rules. */
static json_t *lambda_extra(json_t *o, const xl_facts *f, const xl_lambda *l) {
  json_object_set_new(o, "closure", id_json(l->closure));
  json_object_set_new(o, "pattern", id_json(l->pattern));
  json_object_set_new(o, "annot", loc_json(f, l->annot));
  json_object_set_new(o, "host_annot", range_json(f, l->host_annot));
  json_object_set_new(o, "device_annot", range_json(f, l->device_annot));
  json_object_set_new(o, "stmt_end", loc_json(f, l->stmt_end));
  json_object_set_new(o, "macro_range", range_json(f, l->macro_range));
  json_object_set_new(o, "macro_name", l->macro_name
                                           ? json_string(l->macro_name)
                                           : json_null());
  json_object_set_new(o, "star_this_macro",
                      l->star_this_macro ? json_string(l->star_this_macro)
                                         : json_null());
  json_object_set_new(o, "var", loc_json(f, l->var));
  json_object_set_new(o, "var_name", l->var_name ? json_string(l->var_name)
                                                 : json_null());
  json_object_set_new(o, "spec_range", range_json(f, l->spec_range));
  json_object_set_new(o, "annot_range", range_json(f, l->annot_range));
  json_object_set_new(o, "annot_text", l->annot_text
                                           ? json_string(l->annot_text)
                                           : json_null());
  json_object_set_new(o, "annot_to", loc_json(f, l->annot_to));
  return o;
}

static json_t *lambda_json(const xl_facts *f, const xl_lambda *l) {
  json_t *caps = json_array();
  char def[2] = {l->capture_default, 0};
  uint32_t i;
  json_t *o;

  for (i = 0; i < l->ncaptures; i++)
    json_array_append_new(caps, capture_json(f, xl_lambda_capture(f, l, i)));
  o = lambda_extra(json_pack(
      "{s:o,s:o,s:o,s:s,s:o,s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "loc",
      loc_json(f, l->loc), "range", range_json(f, l->range), "intro",
      range_json(f, l->intro), "space", spaces[l->space], "flags",
      FLAGS(l->flags, lambda_flags), "capture_default", def, "func",
      id_json(l->func), "parent", id_json(l->parent), "ret_type",
      id_json(l->ret_type), "params", ids_json(l->params, l->nparams),
      "stmt", loc_json(f, l->stmt), "params_loc", loc_json(f, l->params_loc),
      "captures", caps), f, l);
  /* the two compilations (printed only when a device parse ran) */
  if (o && (f->device || (f->flags & XL_FACTS_DEVICE_SIDE))) {
    json_object_set_new(o, "spelling", loc_json(f, l->spelling));
    json_object_set_new(o, "peer", id_json(l->peer));
    json_object_set_new(o, "number", json_integer(l->number));
  }
  return o;
}

static json_t *uses_json(const xl_facts *f) {
  json_t *a = json_array();
  uint32_t i;

  for (i = 0; i < f->nuses; i++) {
    const xl_use *u = &f->uses[i];
    json_array_append_new(
        a, json_pack("{s:s,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "kind",
                     use_kinds[u->kind], "lambda", id_json(u->lambda), "loc",
                     loc_json(f, u->loc), "callee",
                     u->callee ? json_string(u->callee) : json_null(),
                     "callee_decl", loc_json(f, u->callee_decl), "flags",
                     FLAGS(u->flags, use_flags), "site", loc_json(f, u->site),
                     "detail",
                     u->detail ? json_string(u->detail) : json_null()));
  }
  return a;
}

static json_t *conds_json(const xl_facts *f) {
  json_t *a = json_array();
  uint32_t i;

  for (i = 0; i < f->nconds; i++) {
    const xl_cond *c = &f->conds[i];
    json_array_append_new(
        a, json_pack("{s:o,s:o,s:s,s:o,s:o,s:o}", "loc", loc_json(f, c->loc),
                     "range", range_json(f, c->range), "text",
                     c->text ? c->text : "", "group", id_json(c->group),
                     "flags", FLAGS(c->flags, cond_flags), "removal",
                     range_json(f, c->removal)));
  }
  return a;
}

static json_t *fields_json(const xl_facts *f) {
  json_t *a = json_array();
  uint32_t i;

  for (i = 0; i < f->nfields; i++) {
    const xl_field *m = &f->fields[i];
    json_array_append_new(
        a, json_pack("{s:s,s:o,s:o,s:o,s:o,s:o}", "name",
                     m->name ? m->name : "", "type", id_json(m->type), "owner",
                     id_json(m->owner), "loc", loc_json(f, m->loc), "why",
                     m->why_name ? json_string(m->why_name) : json_null(),
                     "flags", FLAGS(m->flags, field_flags)));
  }
  return a;
}

static json_t *facts_json(const xl_facts *f) {
  json_t *lambdas = json_array();
  char cuda_version[32];
  uint32_t i;
  json_t *o;

  snprintf(cuda_version, sizeof(cuda_version), "%d.%d", f->cuda_major,
           f->cuda_minor);
  for (i = 0; i < f->nlambdas; i++)
    json_array_append_new(lambdas, lambda_json(f, &f->lambdas[i]));
  o = json_pack(
      "{s:s,s:s,s:i,s:s,s:b,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "main_file",
      f->main_file, "side",
      (f->flags & XL_FACTS_DEVICE_SIDE) ? "device" : "host", "cxx_std",
      f->cxx_std, "cuda_version",
      cuda_version, "extended_lambda",
      (f->flags & XL_FACTS_EXTENDED_LAMBDA) != 0, "types", types_json(f),
      "records", records_json(f), "tparams", tparams_json(f), "funcs",
      funcs_json(f), "lambdas", lambdas, "uses", uses_json(f), "device",
      f->device ? facts_json(f->device) : json_null());
  if (o && f->nconds)
    json_object_set_new(o, "conds", conds_json(f));
  if (o && (f->flags & XL_FACTS_BODIES_SKIPPED))
    json_object_set_new(o, "bodies_skipped", json_true());
  if (o && (f->flags & XL_FACTS_FROM_TOKENS))
    json_object_set_new(o, "from_tokens", json_true());
  if (o && f->nfields)
    json_object_set_new(o, "fields", fields_json(f));
  return o;
}

int xl_facts_to_json(char **out, const xl_facts *f) {
  json_t *doc = facts_json(f);

  *out = NULL;
  if (!doc)
    return XL_ENOMEM;
  *out = json_dumps(doc, JSON_INDENT(1));
  json_decref(doc);
  return *out ? XL_OK : XL_ENOMEM;
}
