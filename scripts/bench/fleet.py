#!/usr/bin/env python3
"""fleet.py: the shared result cache (--cache-url) between two machines
(issue 24): a cold check that fills an nginx WebDAV store, then a "second
machine" (an empty --cache-dir, the same URL), timed, findings compared.

The database is made here (no CCCL or Kokkos checkout is needed): --thrust
N generated units that include Thrust (CUDA's CCCL headers, the weight of a
CCCL test) with extended lambdas, plus --copies M copies of examples/cmake's
three units. nginx runs on 127.0.0.1 from a temporary directory
(test/remote/remote_cache_test.py's configuration).

  fleet.py --xlambda build/bin/xlambda [--thrust 24] [--copies 8] [-j 2]
  fleet.py --xlambda build/bin/xlambda --db BUILD [--units LIST] [-j 2]

--db checks a real project's database instead (the directory holding
compile_commands.json, as `-p`), its units named one per line in --units
(else all of them), as docs/real-projects.md configures Kokkos and CCCL.

Not a timed test: run it by hand and copy the numbers into docs/ci.md.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
sys.path.insert(0, os.path.join(ROOT, 'test', 'remote'))
import remote_cache_test as rt  # noqa: E402

THRUST_UNIT = r'''#include <thrust/device_vector.h>
#include <thrust/transform.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>

float unit_%(i)d(int n) {
  thrust::device_vector<float> v(n, %(i)d.0f);
  float k = %(i)d;
  thrust::transform(v.begin(), v.end(), v.begin(),
                    [=] __device__ (float x) { return x * k; });
  thrust::sort(v.begin(), v.end());
  auto bad = [&k] __device__ (float x) { return x + k; };
  thrust::transform(v.begin(), v.end(), v.begin(), bad);
  return thrust::reduce(v.begin(), v.end());
}
'''


def make_db(tmp, thrust, copies, nvcc):
    entries = []
    src = os.path.join(tmp, 'thrust')
    os.makedirs(src)
    for i in range(thrust):
        f = os.path.join(src, 'unit%d.cu' % i)
        with open(f, 'w') as out:
            out.write(THRUST_UNIT % {'i': i})
        entries.append({'directory': src, 'file': f, 'arguments': [
            nvcc, '--extended-lambda', '-std=c++17', '-arch=sm_90', '-c', f,
            '-o', f + '.o']})
    for c in range(copies):
        d = os.path.join(tmp, 'ex%d' % c)
        shutil.copytree(os.path.join(ROOT, 'examples', 'cmake'), d)
        for u in ('particles', 'scale', 'stats'):
            f = os.path.join(d, 'src', u + '.cu')
            entries.append({'directory': d, 'file': f, 'arguments': [
                nvcc, '--extended-lambda', '--expt-relaxed-constexpr',
                '-std=c++17', '-I' + os.path.join(d, 'include'), '-c', f,
                '-o', f + '.o']})
    with open(os.path.join(tmp, 'compile_commands.json'), 'w') as out:
        json.dump(entries, out, indent=1)
    return len(entries)


def timed(cmd):
    t0 = time.monotonic()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return time.monotonic() - t0, p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('--thrust', type=int, default=24)
    ap.add_argument('--copies', type=int, default=8)
    ap.add_argument('-j', type=int, default=2)
    ap.add_argument('--nvcc', default='/usr/local/cuda/bin/nvcc')
    ap.add_argument('--db', help="a real project's build directory")
    ap.add_argument('--units', help='with --db: a file of unit paths')
    a = ap.parse_args()
    nginx = shutil.which('nginx') or shutil.which('nginx', path='/usr/sbin')
    if not nginx:
        raise SystemExit('fleet.py: nginx is not installed')
    tmp = tempfile.mkdtemp(prefix='xl-fleet-')
    srv = rt.Server(nginx, os.path.join(tmp, 'srv'))
    try:
        srv.start()
        url = srv.url('fleet')
        if a.db:
            units = [l.strip() for l in open(a.units)] if a.units else []
            units = [u for u in units if u]
            base = [os.path.abspath(a.xlambda), 'check', '-p', a.db,
                    '-j%d' % a.j, '--cache-url=' + url] + units
            what = '%s units of %s' % (len(units) or 'all', a.db)
        else:
            n = make_db(tmp, a.thrust, a.copies, a.nvcc)
            base = [os.path.abspath(a.xlambda), 'check', '-p', tmp,
                    '-j%d' % a.j, '--cache-url=' + url]
            what = '%d units (%d Thrust, %d examples/cmake)' % (
                n, a.thrust, 3 * a.copies)
        print('fleet: %s, -j%d, load %s' % (
            what, a.j, ' '.join('%.2f' % x for x in os.getloadavg())))
        cold, p1 = timed(base + ['--cache-dir=' + os.path.join(tmp, 'm1')])
        second, p2 = timed(base + ['--cache-dir=' + os.path.join(tmp, 'm2')])
        warm, p3 = timed(base + ['--cache-dir=' + os.path.join(tmp, 'm2')])
        for name, t, p in (('cold (machine 1)', cold, p1),
                           ('second machine', second, p2),
                           ('warm local (machine 2 again)', warm, p3)):
            line = [l for l in p.stderr.splitlines() if 'cache:' in l]
            print('  %-30s %7.2f s  %5.1f %%  %s' % (
                name, t, 100 * t / cold, line[0] if line else p.stderr))
            for w in p.stderr.splitlines():
                if 'warning:' in w and 'cache' in w:
                    print('    ' + w)
        same = p1.stdout == p2.stdout == p3.stdout and \
            p1.returncode == p2.returncode == p3.returncode
        print('  findings byte-identical: %s (%d lines, exit %d)' % (
            'yes' if same else 'NO', len(p1.stdout.splitlines()),
            p1.returncode))
        print('  store: %d objects, %d bytes' % (
            len(srv.objects('fleet')),
            sum(os.path.getsize(f) for f in srv.objects('fleet'))))
        return 0 if same else 1
    finally:
        srv.kill()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == '__main__':
    sys.exit(main())
