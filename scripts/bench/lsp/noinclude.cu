// Benchmark input: no #include, so no precompiled preamble: each change
// re-parses clang's CUDA wrapper headers. The line marked EDIT is the one
// scripts/bench/lsp-latency.py rewrites.
void f() {
  int a = 1;
  auto l = [&a] __device__ () { return a; };
  (void)l;
  int edited = 0; // EDIT
  (void)edited;
}
