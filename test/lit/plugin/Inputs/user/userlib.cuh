// A user header (found through -I): its finding is reported.
inline void user_ref() {
  int n = 1;
  auto l = [&n] __device__ () { return n; };
  (void)l;
}
