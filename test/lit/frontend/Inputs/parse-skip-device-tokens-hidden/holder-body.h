// holder-body.h: the body of a class whose head is in the file that
// includes it (parse-skip-device-tokens-hidden.cu, CASE 3). Its first '{'
// opens that class, though nothing before it in this file says so.
{
#ifdef __CUDA_ARCH__
  typedef int num;
#else
  using num = int;
#endif
}
