// A user header (-I): --parse=skip keeps the bodies of its templates as
// tokens and parses them when the unit instantiates them, or at its end when
// their tokens may hold an extended lambda (see parse-skip-late.cu).
#pragma once

// Never instantiated, but holds an extended lambda: parsed at the end of
// the unit, so the finding below is reported in both modes.
template <typename T> void never_called(T t) {
  int x = static_cast<int>(t);
  auto l = [&x] __device__ () { return x; };
  (void)l, (void)__builtin_bitreverse8(1);
}

// Holds no lambda; the unit instantiates it with the closure of 'run':
// uses.c follows the closure into its body and finds the launch.
template <typename F> __global__ void user_kernel(F f) { f(); }
template <typename F> void user_launch(F f) { user_kernel<<<1, 1>>>(f); }

// Holds no lambda and is never instantiated: never parsed.
template <typename T> T unused_twice(T t) { return t + t; }

