"""lsp_client.py: a small scripted LSP client for the tests (Content-Length
framing, a reader thread, answers null to the server's own requests)."""
import json
import queue
import subprocess
import threading
import time


class Client:
    def __init__(self, argv, cwd=None, stderr=None):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, cwd=cwd,
                                  stderr=stderr)
        self.q = queue.Queue()
        self.next_id = 1
        self.pending = []  # messages read but not yet taken
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        out = self.p.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.q.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                if line.lower().startswith(b'content-length:'):
                    length = int(line.split(b':')[1])
            msg = json.loads(out.read(length))
            if 'method' in msg and 'id' in msg:  # the server asks: say yes
                self.send({'jsonrpc': '2.0', 'id': msg['id'], 'result': None})
            self.q.put(msg)

    def send(self, msg):
        body = json.dumps(msg).encode()
        try:
            self.p.stdin.write(b'Content-Length: %d\r\n\r\n' % len(body) + body)
            self.p.stdin.flush()
        except (BrokenPipeError, ValueError):
            pass

    def notify(self, method, params):
        self.send({'jsonrpc': '2.0', 'method': method, 'params': params})

    def request(self, method, params):
        i = self.next_id
        self.next_id += 1
        self.send({'jsonrpc': '2.0', 'id': i, 'method': method,
                   'params': params})
        return i

    def wait(self, pred, timeout=90):
        """The first message (kept or new) for which pred holds."""
        for m in self.pending:
            if pred(m):
                self.pending.remove(m)
                return m
        end = time.time() + timeout
        while time.time() < end:
            try:
                m = self.q.get(timeout=max(0.01, end - time.time()))
            except queue.Empty:
                break
            if m is None:
                return None
            if pred(m):
                return m
            self.pending.append(m)
        return None

    def call(self, method, params, timeout=90):
        i = self.request(method, params)
        m = self.wait(lambda m: m.get('id') == i and 'method' not in m,
                      timeout)
        return m

    def eof(self, timeout=30):
        """Wait for the end of the server's output; True when it came."""
        end = time.time() + timeout
        while time.time() < end:
            try:
                m = self.q.get(timeout=max(0.01, end - time.time()))
            except queue.Empty:
                return False
            if m is None:
                return True
        return False


def publications(uri):
    return lambda m: (m.get('method') == 'textDocument/publishDiagnostics'
                      and m['params']['uri'] == uri)
