// A fancy iterator without a policy: a counting_iterator's system is any
// system, which Thrust runs on the device, so CUB's kernel takes the
// closure (nvcc rejects the file). The server cannot tell that from the
// call's template arguments (lib/frontend/cccl_host.c), parses the file
// again with the header bodies, and finds what `xlambda check` finds.
#include <thrust/count.h>
#include <thrust/iterator/counting_iterator.h>

int device(int n) {
  return thrust::count_if(thrust::counting_iterator<int>(0),
                          thrust::counting_iterator<int>(n),
                          [](int x) { return x > 0; });
}
