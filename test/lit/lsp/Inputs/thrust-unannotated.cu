// RUN: %xlambda check %s -- -std=c++17
// A lambda left unannotated and given to thrust::for_each on the device:
// `xlambda check` follows it through Thrust's and CUB's templates to the
// kernel (global_lambda_template_arg); the server does too, by default
// and with --parse-header-bodies (system-template-bodies.test).
#include <thrust/device_vector.h>
#include <thrust/for_each.h>

void on_device(thrust::device_vector<int> &d) {
  thrust::for_each(d.begin(), d.end(), [](int &x) { x = 1; });
}
