#include "shared.cuh"
#include "generated.cuh"
#include <vendor.cuh>
void b(int *p) { shared_fill(p); }
