/*
 * instantiate.h: the end-of-unit template instantiations of `xlambda check
 * --parse=skip` (issue 20), only those the walk can read
 * (instantiate.cpp, in xlambda_cdriver).
 *
 * clang instantiates, at the end of a unit, the body of every function
 * template specialization the unit uses, and the bodies those use in turn.
 * The walk reads few of them: instances.c walks the specializations of
 * user templates that walked code names (the main file, user headers, and
 * the instantiated bodies so reached), and uses.c follows a closure into
 * the specializations it is passed to, system templates included (down to
 * CUB's launch). It walks no specialization of a system template that no
 * closure reaches (the skip parse walks no system-header declaration at
 * all). So a specialization is instantiated when
 *   - its template is a user file's (not a system header's, nor a header
 *     whose findings the run hides: library.h);
 *   - a closure type appears in its template arguments or those of the
 *     classes around it (nested at any depth: a pointer to it, a
 *     specialization over it, a function type naming it), or it is a
 *     member of a closure class (a generic lambda's call operator);
 *   - its template is in a header whose findings are hidden, and a class
 *     declared in a shown file appears there instead of a closure (the
 *     header's declarations are walked, so the walk reads what its body
 *     names of the shown files' templates);
 *   - it is not externally visible (clang requires its definition in the
 *     unit: a function over a type of an unnamed namespace, say);
 *   - or it is an explicit instantiation definition;
 * and every other is not: a system template's specialization over no
 * closure (std::vector<int>'s members, Kokkos' View internals where Kokkos
 * is a system header), with whatever its body would instantiate. What such
 * a body asks for, walked code does not reach through it; where walked
 * code uses the same specialization, its own request instantiates it. (A
 * user specialization that walked code names only in an unevaluated
 * operand, and that only such a body would instantiate, is the case this
 * leaves out: the full parse walks its body, this parse finds none.)
 *
 * Specializations of variables, and the functions they ask for, are left
 * to clang. A unit with an error before its end instantiates everything,
 * as clang does, so that the errors are the full parse's.
 */
#ifndef XLP_INSTANTIATE_H
#define XLP_INSTANTIATE_H

namespace clang {
class Sema;
}

namespace xlp {

class LibraryFiles;

/*
 * Instantiate, in clang's queue of pending instantiations at the end of the
 * unit (Sema::PendingInstantiations, called where an ExternalSemaSource's
 * ReadPendingInstantiations is), the function bodies the walk can read (see
 * above), and those they ask for in turn; leave in the queue only the
 * variables, which clang's own loop then instantiates. Does nothing once
 * the unit has an error. Cannot fail.
 */
void instantiate_reached(clang::Sema &sema, LibraryFiles &lib);

} // namespace xlp

#endif /* XLP_INSTANTIATE_H */
