// A system header (found through -isystem) with a violation: clang's
// diagnostics stay out of system headers, and so do the plugin's.
inline void sys_ref() {
  int n = 1;
  auto l = [&n] __device__ () { return n; };
  (void)l;
}
