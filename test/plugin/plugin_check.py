#!/usr/bin/env python3
"""Compile a test case with clang and the xlambda plugin, for lit.

  plugin_check.py [--host-only] fails|builds FILE [-- CLANG-ARGS...]

runs

  clang++ -x cuda -c -o TMP.o -fplugin=PLUGIN -w -fno-caret-diagnostics \\
          -isystem <cuda>/include/cccl [--cuda-gpu-arch=sm_75] ARGS FILE

and prints clang's diagnostics on stdout, for FileCheck to read with the
same CHECK lines as `xlambda check`. It then checks what a build would see:

  fails   clang exits non-zero (an error finding) and leaves no object file;
  builds  clang exits 0 (warnings only, or nothing) and writes the object.

The exit status is 0 when the expectation holds, else 1 with a message on
stderr. -w hides clang's own warnings (CUDA-compat notes and the like, not
what the test is about); the plugin's findings are custom diagnostics, which
-w does not hide in clang 22 (docs/plugin.md). --cuda-gpu-arch=sm_75, the
architecture `xlambda check` parses the device side for by default, is added
when ARGS name none. --host-only adds --cuda-host-only, for the few cases
clang's device compilation rejects although nvcc accepts them (the test says
why).
"""
import os
import subprocess
import sys
import tempfile


def main(argv):
    host_only = '--host-only' in argv
    argv = [a for a in argv if a != '--host-only']
    clang, plugin, cuda = argv[0], argv[1], argv[2]
    expect, path = argv[3], argv[4]
    args = argv[6:] if len(argv) > 5 and argv[5] == '--' else []
    if expect not in ('fails', 'builds'):
        sys.exit('plugin_check.py: expected fails or builds, not %r' % expect)
    if not any(a.startswith(('--cuda-gpu-arch', '--offload-arch')) for a in args):
        args = ['--cuda-gpu-arch=sm_75'] + args
    if host_only:
        args = ['--cuda-host-only'] + args
    with tempfile.TemporaryDirectory(prefix='xl-plugin-') as tmp:
        obj = os.path.join(tmp, 'out.o')
        cmd = [clang, '-x', 'cuda', '-c', '-o', obj, '-fplugin=' + plugin,
               '-w', '-fno-caret-diagnostics', '-fno-color-diagnostics',
               '-isystem', os.path.join(cuda, 'include', 'cccl')] + args + [path]
        proc = subprocess.run(cmd, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        sys.stdout.write(proc.stdout)
        built = os.path.exists(obj) and os.path.getsize(obj) > 0
    if expect == 'fails' and (proc.returncode == 0 or built):
        sys.stderr.write('plugin_check.py: expected the compile to fail '
                         '(exit %d, object %s)\n'
                         % (proc.returncode, 'written' if built else 'absent'))
        return 1
    if expect == 'builds' and (proc.returncode != 0 or not built):
        sys.stderr.write('plugin_check.py: expected an object file '
                         '(exit %d, object %s)\n'
                         % (proc.returncode, 'written' if built else 'absent'))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
