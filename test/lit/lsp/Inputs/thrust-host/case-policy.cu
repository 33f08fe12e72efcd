#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>

int local(thrust::host_vector<int> &h) {
  struct positive {
    __host__ __device__ bool operator()(int x) const { return x > 0; }
  };
  return thrust::count_if(thrust::host, h.begin(), h.end(), positive());
}
