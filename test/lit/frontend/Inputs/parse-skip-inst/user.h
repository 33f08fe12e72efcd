// A user header (-I): its templates are instantiated when walked code asks.
#pragma once

namespace u {
template <typename T> struct Box { T t; };

// Captures a Box<T>: an error where T is a type local to a function, so
// only in an instantiation.
template <typename T> void touch(Box<T> b) {
  auto l = [b] __device__ () { return sizeof(b); };
  (void)l;
}
} // namespace u
