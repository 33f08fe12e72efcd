// Thrust calls that run their function objects on the host: a host policy
// (thrust::host, thrust::seq, thrust::cpp::par), or only host iterators (a
// host_vector's, a std::vector's, raw pointers). No kernel takes a closure
// here: nvcc compiles the file (thrust-host-nvcc.test), `xlambda check
// --parse=full` reads every body and reports nothing, and the language
// server parses the file once (thrust-host-one-parse.test).
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <vector>

float on_host(thrust::host_vector<float> &h, std::vector<float> &s,
              float *raw, int n, thrust::device_vector<float> &d) {
  thrust::transform(thrust::host, h.begin(), h.end(), h.begin(),
                    [](float x) { return 2 * x; });
  thrust::transform(h.begin(), h.end(), h.begin(), [](float x) { return x + 1; });
  thrust::transform(s.begin(), s.end(), s.begin(), [](float x) { return x + 1; });
  thrust::transform(raw, raw + n, raw, [](float x) { return x + 1; });
  thrust::sort(h.begin(), h.end(), [](float a, float b) { return a > b; });
  thrust::sort(thrust::seq, raw, raw + n, [](float a, float b) { return a > b; });
  thrust::for_each(thrust::cpp::par, h.begin(), h.end(), [](float &x) { x = 0; });
  // a host policy over a device_vector's iterators: the policy decides
  int c = thrust::count_if(thrust::host, d.begin(), d.end(),
                           [](float x) { return x > 0; });
  thrust::inclusive_scan(h.begin(), h.end(), h.begin(),
                         [](float a, float b) { return a + b; });
  float t = thrust::transform_reduce(thrust::host, h.begin(), h.end(),
                                     [](float x) { return x * x; }, 0.0f,
                                     [](float a, float b) { return a + b; });
  thrust::copy_if(thrust::host, h.begin(), h.end(), h.begin(),
                  [](float x) { return x > 1; });
  struct positive {
    __host__ __device__ bool operator()(float x) const { return x > 0; }
  };
  int p = thrust::count_if(thrust::host, h.begin(), h.end(), positive());
  return t + c + p + thrust::reduce(thrust::host, h.begin(), h.end(), 0.0f,
                                    [](float a, float b) { return a + b; });
}
