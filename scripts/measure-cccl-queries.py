#!/usr/bin/env python3
"""Which CCCL algorithms reject a deduced-return extended __device__ lambda.

Writes one file per call (a thrust or CUB algorithm given an extended
__device__ lambda whose return type is deduced, in one function-object
parameter), compiles each with `nvcc --extended-lambda -std=c++17 -c`, and
prints, per call, whether nvcc's host compilation failed with CCCL's static
assertion ("... querying its return type in host code"). The calls that
fail are the entries of lib/frontend/cccl_queries.c; the table of
docs/rules/extended_lambda_host_introspection.md came from this script
(nvcc 13.0, on the GPU machine: `-j 16`, 33 s; 12 calls ask, 37 compile).

  python3 scripts/measure-cccl-queries.py [--nvcc PATH] [-j N]
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

CASES = {
 'reduce': 'thrust::reduce(d.begin(), d.end(), 0.0f, B);',
 'reduce_exec': 'thrust::reduce(thrust::device, d.begin(), d.end(), 0.0f, B);',
 'transform_reduce_u': 'thrust::transform_reduce(d.begin(), d.end(), U, 0.0f, thrust::plus<float>());',
 'transform_reduce_b': 'thrust::transform_reduce(d.begin(), d.end(), thrust::negate<float>(), 0.0f, B);',
 'inclusive_scan': 'thrust::inclusive_scan(d.begin(), d.end(), o.begin(), B);',
 'exclusive_scan': 'thrust::exclusive_scan(d.begin(), d.end(), o.begin(), 0.0f, B);',
 'transform_inclusive_scan_u': 'thrust::transform_inclusive_scan(d.begin(), d.end(), o.begin(), U, thrust::plus<float>());',
 'transform_inclusive_scan_b': 'thrust::transform_inclusive_scan(d.begin(), d.end(), o.begin(), thrust::negate<float>(), B);',
 'transform_exclusive_scan_u': 'thrust::transform_exclusive_scan(d.begin(), d.end(), o.begin(), U, 0.0f, thrust::plus<float>());',
 'inclusive_scan_by_key': 'thrust::inclusive_scan_by_key(k.begin(), k.end(), d.begin(), o.begin(), thrust::equal_to<int>(), B);',
 'exclusive_scan_by_key': 'thrust::exclusive_scan_by_key(k.begin(), k.end(), d.begin(), o.begin(), 0.0f, thrust::equal_to<int>(), B);',
 'reduce_by_key': 'thrust::reduce_by_key(k.begin(), k.end(), d.begin(), k2.begin(), o.begin(), thrust::equal_to<int>(), B);',
 'transform_u': 'thrust::transform(d.begin(), d.end(), o.begin(), U);',
 'transform_b': 'thrust::transform(d.begin(), d.end(), o.begin(), o.begin(), B);',
 'transform_if': 'thrust::transform_if(d.begin(), d.end(), o.begin(), U, P);',
 'for_each': 'thrust::for_each(d.begin(), d.end(), V);',
 'for_each_n': 'thrust::for_each_n(d.begin(), 4, V);',
 'count_if': 'thrust::count_if(d.begin(), d.end(), P);',
 'copy_if': 'thrust::copy_if(d.begin(), d.end(), o.begin(), P);',
 'remove_if': 'thrust::remove_if(d.begin(), d.end(), P);',
 'partition': 'thrust::partition(d.begin(), d.end(), P);',
 'sort': 'thrust::sort(d.begin(), d.end(), C);',
 'sort_by_key': 'thrust::sort_by_key(d.begin(), d.end(), k.begin(), C);',
 'stable_sort': 'thrust::stable_sort(d.begin(), d.end(), C);',
 'unique': 'thrust::unique(d.begin(), d.end(), C);',
 'tabulate': 'thrust::tabulate(d.begin(), d.end(), T);',
 'generate': 'thrust::generate(d.begin(), d.end(), G);',
 'inner_product': 'thrust::inner_product(d.begin(), d.end(), o.begin(), 0.0f, B, thrust::multiplies<float>());',
 'inner_product_2': 'thrust::inner_product(d.begin(), d.end(), o.begin(), 0.0f, thrust::plus<float>(), B);',
 'adjacent_difference': 'thrust::adjacent_difference(d.begin(), d.end(), o.begin(), B);',
 'min_element': 'thrust::min_element(d.begin(), d.end(), C);',
 'minmax_element': 'thrust::minmax_element(d.begin(), d.end(), C);',
 'all_of': 'thrust::all_of(d.begin(), d.end(), P);',
 'find_if': 'thrust::find_if(d.begin(), d.end(), P);',
 'equal': 'thrust::equal(d.begin(), d.end(), o.begin(), C);',
 'merge': 'thrust::merge(d.begin(), d.end(), o.begin(), o.end(), o2.begin(), C);',
 'is_sorted': 'thrust::is_sorted(d.begin(), d.end(), C);',
 'replace_if': 'thrust::replace_if(d.begin(), d.end(), P, 0.0f);',
 'make_transform_iterator': 'thrust::reduce(thrust::make_transform_iterator(d.begin(), U), thrust::make_transform_iterator(d.end(), U));',
 'gather_if': 'thrust::gather_if(k.begin(), k.end(), k.begin(), d.begin(), o.begin(), [] __device__(int x) { return x > 0; });',
 'cub_reduce': 'size_t n = 0; cub::DeviceReduce::Reduce(nullptr, n, d.data().get(), o.data().get(), 4, B, 0.0f);',
 'cub_transform_reduce': 'size_t n = 0; cub::DeviceReduce::TransformReduce(nullptr, n, d.data().get(), o.data().get(), 4, thrust::plus<float>(), U, 0.0f);',
 'cub_scan': 'size_t n = 0; cub::DeviceScan::InclusiveScan(nullptr, n, d.data().get(), o.data().get(), B, 4);',
 'cub_transform': 'cub::DeviceTransform::Transform(d.data().get(), o.data().get(), 4, U);',
 'cub_for_each': 'cub::DeviceFor::ForEachN(d.data().get(), 4, V);',
 'cub_segreduce': 'size_t n = 0; int *off = nullptr; cub::DeviceSegmentedReduce::Reduce(nullptr, n, d.data().get(), o.data().get(), 2, off, off + 1, B, 0.0f);',
 'cub_select_if': 'size_t n = 0; int *c = nullptr; cub::DeviceSelect::If(nullptr, n, d.data().get(), o.data().get(), c, 4, P);',
 'cub_sort_custom': 'size_t n = 0; cub::DeviceMergeSort::SortKeys(nullptr, n, d.data().get(), 4, C);',
 'cub_reduce_by_key': 'size_t n = 0; int *c = nullptr; cub::DeviceReduce::ReduceByKey(nullptr, n, k.data().get(), k2.data().get(), d.data().get(), o.data().get(), c, B, 4);',
}
HEAD = '''#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#include <thrust/transform_scan.h>
#include <thrust/scan.h>
#include <thrust/transform.h>
#include <thrust/for_each.h>
#include <thrust/count.h>
#include <thrust/copy.h>
#include <thrust/remove.h>
#include <thrust/partition.h>
#include <thrust/sort.h>
#include <thrust/unique.h>
#include <thrust/tabulate.h>
#include <thrust/generate.h>
#include <thrust/inner_product.h>
#include <thrust/adjacent_difference.h>
#include <thrust/extrema.h>
#include <thrust/logical.h>
#include <thrust/find.h>
#include <thrust/equal.h>
#include <thrust/merge.h>
#include <thrust/replace.h>
#include <thrust/gather.h>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_transform.cuh>
#include <cub/device/device_for.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <cub/device/device_merge_sort.cuh>
void f() {
  thrust::device_vector<float> d(4), o(4), o2(8);
  thrust::device_vector<int> k(4), k2(4);
  auto B = [] __device__(float x, float y) { return x + y; };
  auto U = [] __device__(float x) { return x * 2; };
  auto P = [] __device__(float x) { return x > 0; };
  auto C = [] __device__(float x, float y) { return x < y; };
  auto V = [] __device__(float &x) { x = 0; };
  auto T = [] __device__(int i) { return float(i); };
  auto G = [] __device__() { return 1.0f; };
  (void)B; (void)U; (void)P; (void)C; (void)V; (void)T; (void)G;
'''


def compile_one(nvcc, folder, name):
    path = os.path.join(folder, name + '.cu')
    with open(path, 'w') as f:
        f.write(HEAD + '  ' + CASES[name] + '\n}\n')
    r = subprocess.run([nvcc, '--extended-lambda', '-std=c++17', '-arch=sm_90',
                        '-c', path, '-o', os.devnull],
                       capture_output=True, text=True)
    asked = 'querying its return type' in r.stdout + r.stderr
    return name, r.returncode, asked


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--nvcc', default='/usr/local/cuda/bin/nvcc')
    ap.add_argument('-j', type=int, default=os.cpu_count() or 2)
    args = ap.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory() as folder, \
            concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        jobs = [pool.submit(compile_one, args.nvcc, folder, n) for n in CASES]
        for name, rc, asked in sorted(j.result() for j in jobs):
            verdict = ('asks (static assertion)' if asked else
                       'compiles' if rc == 0 else 'fails otherwise')
            failed += rc != 0 and not asked
            print(f'{name:32} {verdict}')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
