// A user header (-I): --parse=skip parses its templates at their
// definition, as --parse=full does (until 2026-11-29 it kept them as tokens
// until instantiated or their tokens held 'device'; see parse-skip-late.cu).
#pragma once

// Never instantiated, but holds an extended lambda: parsed at its
// definition, so the finding below is reported in both modes.
template <typename T> void never_called(T t) {
  int x = static_cast<int>(t);
  auto l = [&x] __device__ () { return x; };
  (void)l, (void)__builtin_bitreverse8(1);
}

// Holds no lambda; the unit instantiates it with the closure of 'run':
// uses.c follows the closure into its body and finds the launch.
template <typename F> __global__ void user_kernel(F f) { f(); }
template <typename F> void user_launch(F f) { user_kernel<<<1, 1>>>(f); }

// Holds no lambda and is never instantiated: parsed, not instantiated.
template <typename T> T unused_twice(T t) { return t + t; }

