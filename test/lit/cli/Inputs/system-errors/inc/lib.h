#pragma once
// A library's check that fails for every callable (STF's signature check).
template <class F> struct callable_check {
  static_assert(sizeof(F) == 0, "incorrect lambda function signature");
};
template <class F> void run_on_host(F f) {
  callable_check<F> c;
  (void)c;
  f();
}
