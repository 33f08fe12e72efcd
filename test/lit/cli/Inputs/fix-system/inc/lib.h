#pragma once
namespace lib {
template <class F> int bar(F) { return 2; }
template <class F> int run(F f) { return bar(f); }
} // namespace lib
