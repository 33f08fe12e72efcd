/*
 * regex.c: POSIX extended regular expressions from users (header filters,
 * database selectors, configuration), refused when compiling them would
 * blow up: glibc's regcomp copies the pattern's tree for every repetition,
 * so stacked repetitions ("a++++...") double its size each time and large
 * or nested bounds ("(a{1,1000}){1,1000}") multiply it, which takes
 * minutes and gigabytes (found by fuzz_config).
 */
#include <ctype.h>
#include <stdlib.h>

#include "util.h"

#define MAX_COST 4096.0 /* copies of atoms regcomp may make */
#define MAX_DEPTH 64    /* nested groups */

/* The end of a bracket expression starting at p ('['), or NULL. */
static const char *bracket_end(const char *p) {
  p++;
  if (*p == '^')
    p++;
  if (*p == ']')
    p++;
  for (; *p && *p != ']'; p++)
    if (p[0] == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
      char close = p[1];
      for (p += 2; *p && !(p[0] == close && p[1] == ']'); p++)
        ;
      if (!*p)
        return NULL;
      p++;
    }
  return *p ? p : NULL;
}

/* How many copies a bound "{m}", "{m,}" or "{m,n}" at p makes; *end gets
 * the character after it. 0 when it is not a bound. */
static double bound_factor(const char *p, const char **end) {
  char *e;
  long m = strtol(p + 1, &e, 10), n = -1;

  if (e == p + 1 || m < 0)
    return 0;
  if (*e == ',') {
    n = isdigit((unsigned char)e[1]) ? strtol(e + 1, &e, 10) : (e++, -1);
    if (n < -1)
      return 0;
  }
  if (*e != '}')
    return 0;
  *end = e + 1;
  return n >= 0 ? (double)(n > m ? n : m) + 1 : (double)m + 2;
}

double xl_regex_cost(const char *p) {
  double sum[MAX_DEPTH + 1], last = 0;
  int depth = 0, quantified = 0;

  sum[0] = 0;
  while (*p) {
    double factor = 0;
    const char *next = p + 1;
    if (*p == '*' || *p == '+' || *p == '?')
      factor = 2;
    else if (*p == '{')
      factor = bound_factor(p, &next);
    if (factor > 0) {
      /* a repetition of a repetition is refused outright */
      if (quantified)
        return MAX_COST * 2;
      sum[depth] += last * (factor - 1);
      last *= factor;
      quantified = 1;
      p = next;
      continue;
    }
    quantified = 0;
    if (*p == '(') {
      if (depth == MAX_DEPTH)
        return MAX_COST * 2;
      sum[++depth] = 0;
      last = 0;
    } else if (*p == ')' && depth > 0) {
      last = sum[depth--] + 1;
      sum[depth] += last;
    } else if (*p == '|') {
      last = 0;
    } else {
      if (*p == '[' && bracket_end(p))
        next = bracket_end(p) + 1;
      else if (*p == '\\' && p[1])
        next = p + 2;
      last = 1;
      sum[depth] += 1;
    }
    if (sum[depth] > MAX_COST)
      return sum[depth];
    p = next;
  }
  for (; depth > 0; depth--) /* unclosed groups: regcomp refuses them */
    sum[depth - 1] += sum[depth];
  return sum[0];
}

int xl_regex_compile(regex_t *re, const char *pattern, const char **why) {
  *why = NULL;
  if (xl_regex_cost(pattern) > MAX_COST) {
    *why = "too complex: nested or repeated repetitions";
    return XL_EINVAL;
  }
  if (regcomp(re, pattern, REG_EXTENDED | REG_NOSUB) != 0) {
    *why = "not a valid regular expression";
    return XL_EINVAL;
  }
  return XL_OK;
}
