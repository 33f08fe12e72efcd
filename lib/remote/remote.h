/*
 * remote.h: the result cache's shared level over HTTP (`--cache-url`),
 * with the semantics of ccache's HTTP remote storage, through libcurl.
 *
 * The URL is ccache's syntax: an http:// or https:// URL, then attributes
 * separated by '|':
 *
 *   layout=flat|subdirs|bazel   URL/NAME (default), URL/NA/ME, or
 *                               URL/ac/<64 hex> (bazel-remote's HTTP cache)
 *   read-only=true              never PUT
 *   bearer-token=TOKEN          'Authorization: Bearer TOKEN'
 *   connect-timeout=MS          default 1000
 *   operation-timeout=MS        default 10000
 *
 * USER:PASSWORD@ in the URL is basic authentication; without a
 * bearer-token attribute, $XLAMBDA_CACHE_TOKEN is the bearer token.
 * An object is fetched with GET (200: a hit, 404: a miss) and stored with
 * PUT. Any other answer, or a server that does not answer, is a miss and
 * sets the warning (xl_remote_warning); after a server that does not
 * answer, the store asks nothing more (a dead server costs one timeout).
 * This layer moves bytes only: lib/core/cache.c frames and verifies them.
 *
 * A store is used by one thread at a time (one per checker); it keeps one
 * connection open, made on first use (so a store created before a fork
 * shares no connection with the forked workers).
 */
#ifndef XL_REMOTE_H
#define XL_REMOTE_H

#include "core/cache.h"
#include "xlambda/xlambda.h"

typedef struct xl_remote xl_remote;

/*
 * A store for the URL spec (see above) into *out (caller frees with
 * xl_remote_free). XL_OK; XL_EINVAL with err's message when the spec is
 * bad (an unknown scheme or attribute); XL_ENOMEM.
 */
int xl_remote_new(xl_remote **out, const char *spec, xl_error *err);

/*
 * The core's view of r into *out: get and put of objects by name. r must
 * outlive every use of *out.
 */
void xl_remote_store(xl_cache_store *out, xl_remote *r);

/*
 * Why a request failed (the first failure, one line, lower-case), or NULL
 * while none did. Owned by r.
 */
const char *xl_remote_warning(const xl_remote *r);

/* Release r and its connection. Accepts NULL. */
void xl_remote_free(xl_remote *r);

#endif /* XL_REMOTE_H */
