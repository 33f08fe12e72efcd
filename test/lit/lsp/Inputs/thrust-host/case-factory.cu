#include <thrust/count.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>

int factory(int *raw, int n) {
  auto twice = thrust::make_transform_iterator(raw, [](int x) { return 2 * x; });
  return thrust::reduce(twice, twice + n);
}
