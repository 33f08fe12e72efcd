#!/usr/bin/env python3
"""--cache-url against a real server: Debian's nginx with its WebDAV module
(PUT), started here on 127.0.0.1 in a temporary directory (ctest
remote-cache; exit 77, a skip, where nginx is absent).

Two "machines" (two cache directories, one URL): the second run is all hits
and prints the first run's findings byte for byte. A corrupted and a
truncated object are misses (and the check still right), with one warning.
Basic authentication from the URL and the flat layout work. A server that
does not answer, one killed in the middle of a run, a token the server
refuses stores for, a wrong password and a bad URL are misses with one warning and
never change the findings or the exit status.

Usage: remote_cache_test.py --xlambda BIN --root SOURCE_ROOT
"""
import argparse
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

COPIES = 4  # units: 2 per copy of test/lit/cli/Inputs/fixes

NGINX_CONF = """
daemon off;
master_process off;
error_log {t}/error.log;
pid {t}/nginx.pid;
events {{ worker_connections 64; }}
http {{
  access_log {t}/access.log;
  client_body_temp_path {t}/body;
  proxy_temp_path {t}/proxy;
  fastcgi_temp_path {t}/fastcgi;
  uwsgi_temp_path {t}/uwsgi;
  scgi_temp_path {t}/scgi;
  map $http_authorization $token {{
    "Bearer rw-token" rw;
    "Bearer ro-token" ro;
    default none;
  }}
  server {{
    listen 127.0.0.1:{port};
    root {t}/store;
    client_max_body_size 64m;
    location /basic/ {{
      auth_basic "xlambda";
      auth_basic_user_file {t}/htpasswd;
      dav_methods PUT;
      create_full_put_path on;
    }}
    location / {{
      if ($token = none) {{ return 401; }}
      set $ask "$request_method:$token";
      if ($ask = "PUT:ro") {{ return 403; }}
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw group:rw all:r;
    }}
  }}
}}
"""

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print('FAIL: ' + what, file=sys.stderr)


def free_port():
    s = socket.socket()
    s.bind(('127.0.0.1', 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Server:
    def __init__(self, nginx, tmp):
        self.nginx, self.t, self.port = nginx, tmp, free_port()
        for d in ('store', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'):
            os.makedirs(os.path.join(tmp, d), exist_ok=True)
        with open(os.path.join(tmp, 'htpasswd'), 'w') as f:
            f.write('ci:{PLAIN}s3cret\n')
        with open(os.path.join(tmp, 'nginx.conf'), 'w') as f:
            f.write(NGINX_CONF.format(t=tmp, port=self.port))
        self.proc = None

    def start(self):
        self.proc = subprocess.Popen(
            [self.nginx, '-p', self.t, '-c', os.path.join(self.t, 'nginx.conf')],
            stderr=subprocess.DEVNULL)
        for _ in range(500):
            try:
                socket.create_connection(('127.0.0.1', self.port), 0.1).close()
                return
            except OSError:
                time.sleep(0.01)
        raise SystemExit('remote-cache: nginx did not start (see %s/error.log)'
                         % self.t)

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def url(self, space, token='rw-token', extra=''):
        return 'http://127.0.0.1:%d/%s|layout=subdirs|bearer-token=%s%s' % (
            self.port, space, token, extra)

    def objects(self, space):
        return sorted(glob.glob(os.path.join(self.t, 'store', space, '*', '*')))

    def log_lines(self):
        try:
            with open(os.path.join(self.t, 'access.log')) as f:
                return f.read().splitlines()
        except OSError:
            return []


def make_project(root, tmp):
    """COPIES copies of the fixes project, one compile database."""
    src = os.path.join(root, 'test', 'lit', 'cli', 'Inputs', 'fixes')
    proj = os.path.join(tmp, 'p')
    entries = []
    for i in range(COPIES):
        d = os.path.join(proj, 'u%d' % i)
        shutil.copytree(src, d)
        entries.append('{"directory": "%s", "file": "a.cu", "arguments": '
                       '["nvcc", "--extended-lambda", "-Iinc", "-c", "a.cu"]}'
                       % d)
        entries.append('{"directory": "%s", "file": "b.cu", "arguments": '
                       '["nvcc", "--extended-lambda", "-Iinc", "-DALL", "-c", '
                       '"b.cu"]}' % d)
    with open(os.path.join(proj, 'compile_commands.json'), 'w') as f:
        f.write('[\n' + ',\n'.join(entries) + '\n]\n')
    return proj


class Checker:
    def __init__(self, xlambda, proj, tmp):
        self.xlambda, self.proj, self.tmp, self.n = xlambda, proj, tmp, 0

    def start(self, url, jobs=None, env_url=False):
        """A run on a new machine: a fresh, empty --cache-dir."""
        self.n += 1
        cache = os.path.join(self.tmp, 'machine%d' % self.n)
        cmd = [self.xlambda, 'check', '-p', self.proj, '--cache-dir=' + cache]
        env = dict(os.environ)
        env.pop('XLAMBDA_CACHE_URL', None)
        if env_url:
            env['XLAMBDA_CACHE_URL'] = url
        elif url:
            cmd.append('--cache-url=' + url)
        if jobs:
            cmd.append('-j%d' % jobs)
        return subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env)

    def run(self, url, **kw):
        p = self.start(url, **kw)
        out, err = p.communicate()
        return p.returncode, out, err


def warnings(err):
    return [l for l in err.splitlines() if l.startswith('xlambda: warning:')]


def cache_line(hits, misses):
    return 'xlambda: cache: %d hit%s, %d miss%s' % (
        hits, '' if hits == 1 else 's', misses, '' if misses == 1 else 'es')


def scenarios(srv, chk):
    units = 2 * COPIES
    # machine 1 fills the store; machine 2 replays everything from it
    rc1, out1, err1 = chk.run(srv.url('xl'))
    check(cache_line(0, units) in err1, 'machine 1: %d misses' % units)
    check(not warnings(err1), 'machine 1: no warning: %s' % warnings(err1))
    objs = srv.objects('xl')
    check(len(objs) == units, 'store holds %d objects (subdirs), not %d'
          % (units, len(objs)))
    check(rc1 == 1 and 'error:' in out1, 'the project has error findings')
    rc, out, err = chk.run(srv.url('xl'), env_url=True)
    check(cache_line(units, 0) in err, 'machine 2: all hits: ' + err)
    check(out == out1 and rc == rc1, 'machine 2: byte-identical findings')
    check(not warnings(err), 'machine 2: no warning')

    # a corrupted object (the same length, one word of a finding changed
    # after the header line: still an entry for its key) and a truncated one
    with open(objs[0], 'rb') as f:
        head, body = f.read().split(b'\n', 1)
    check(b'cannot capture' in body, 'the object holds a finding')
    with open(objs[0], 'wb') as f:
        f.write(head + b'\n' + body.replace(b'cannot capture',
                                             b'CANNOT capture'))
    data = head + body
    with open(objs[1], 'r+b') as f:
        f.truncate(len(data) // 2)
    rc, out, err = chk.run(srv.url('xl'))
    check(cache_line(units - 2, 2) in err, 'damaged objects are misses: ' + err)
    check(out == out1 and rc == rc1, 'damaged objects: findings unchanged')
    w = warnings(err)
    check(len(w) == 1 and 'damaged' in w[0], 'damaged: one warning: %s' % w)
    rc, out, err = chk.run(srv.url('xl'))
    check(cache_line(units, 0) in err, 'damaged objects were stored again')

    # a token the server takes for reads only: misses, one warning, no store
    rc, out, err = chk.run(srv.url('ro', token='ro-token'))
    w = warnings(err)
    check(len(w) == 1 and 'HTTP 403 to PUT' in w[0] and 'read-only' in w[0],
          'read-only token: one warning: %s' % w)
    check(out == out1 and rc == rc1 and not srv.objects('ro'),
          'read-only token: same findings, nothing stored')
    before = len([l for l in srv.log_lines() if '"PUT ' in l])
    rc, out, err = chk.run(srv.url('ro2', extra='|read-only=true'))
    puts = len([l for l in srv.log_lines() if '"PUT ' in l]) - before
    check(puts == 0 and not warnings(err) and out == out1,
          'read-only=true: no PUT (%d), no warning' % puts)
    rc, out, err = chk.run(srv.url('xl', token='nobody'))
    w = warnings(err)
    check(len(w) == 1 and 'HTTP 401 to GET' in w[0] and out == out1,
          'a refused token: one warning: %s' % w)

    # basic authentication from the URL, the flat layout (URL/NAME)
    basic = 'http://ci:%s@127.0.0.1:%d/basic'
    rc, out, err = chk.run(basic % ('s3cret', srv.port))
    flat = glob.glob(os.path.join(srv.t, 'store', 'basic', '*'))
    check(len(flat) == units and all(os.path.isfile(f) and
                                     len(os.path.basename(f)) == 32
                                     for f in flat) and not warnings(err),
          'basic auth, flat layout: %d objects stored' % len(flat))
    rc, out, err = chk.run(basic % ('s3cret', srv.port))
    check(cache_line(units, 0) in err and out == out1,
          'basic auth: second machine all hits: ' + err)
    rc, out, err = chk.run(basic % ('wrong', srv.port))
    w = warnings(err)
    check(len(w) == 1 and 'HTTP 401 to GET' in w[0] and 'wrong' not in err
          and out == out1, 'basic auth, a wrong password: one warning: %s' % w)

    # a bad URL: a warning, the local level still works
    rc, out, err = chk.run('ftp://127.0.0.1/xl')
    w = warnings(err)
    check(len(w) == 1 and 'http://' in w[0] and out == out1 and rc == rc1,
          'bad URL: one warning: %s' % w)

    # the server killed in the middle of a run (one worker, so that the
    # units come one after the other): the rest are misses, one warning
    p = chk.start(srv.url('mid'), jobs=1)
    for _ in range(3000):
        if len(srv.objects('mid')) >= 2 or p.poll() is not None:
            break
        time.sleep(0.01)
    srv.kill()
    out, err = p.communicate()
    stored = len(srv.objects('mid'))
    check(2 <= stored < units, 'killed mid-run (%d of %d units stored)'
          % (stored, units))
    w = warnings(err)
    check(len(w) == 1 and 'unreachable' in w[0], 'killed: one warning: %s' % w)
    check(out == out1 and p.returncode == rc1 and cache_line(0, units) in err,
          'killed: findings and exit status unchanged')
    # and a server that is not there at all
    rc, out, err = chk.run(srv.url('xl'))
    w = warnings(err)
    check(len(w) == 1 and 'unreachable' in w[0] and out == out1 and rc == rc1,
          'no server: one warning, same findings: %s' % w)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--xlambda', required=True)
    ap.add_argument('--root', required=True)
    a = ap.parse_args()
    nginx = shutil.which('nginx') or shutil.which('nginx', path='/usr/sbin')
    if not nginx:
        print('remote-cache: skipped: nginx is not installed (Debian package '
              'nginx; scripts/install-deps.sh installs it)')
        return 77
    tmp = tempfile.mkdtemp(prefix='xl-remote-')
    srv = Server(nginx, tmp)
    try:
        srv.start()
        chk = Checker(os.path.abspath(a.xlambda), make_project(a.root, tmp),
                      tmp)
        scenarios(srv, chk)
    finally:
        srv.kill()
        if not failures:
            shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print('remote-cache: %d failure(s); files kept in %s'
              % (len(failures), tmp))
        return 1
    print('remote-cache: all scenarios passed')
    return 0


if __name__ == '__main__':
    sys.exit(main())
