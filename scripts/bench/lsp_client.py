"""lsp_client.py: the JSON-RPC side of a language-server client for the
latency benchmarks (lsp-latency.py, clangd-latency.py): start the server,
send requests and notifications, read framed messages. Requests the server
sends are answered with a null result, as a client with no capabilities
would."""
import json
import subprocess


class Client:
    def __init__(self, argv, cwd=None, log=None):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, cwd=cwd,
                                  stderr=open(log, 'a') if log
                                  else subprocess.DEVNULL)
        self.next_id = 0

    def send(self, msg):
        msg['jsonrpc'] = '2.0'
        body = json.dumps(msg).encode()
        self.p.stdin.write(b'Content-Length: %d\r\n\r\n' % len(body) + body)
        self.p.stdin.flush()

    def request(self, method, params):
        self.next_id += 1
        self.send({'id': self.next_id, 'method': method, 'params': params})
        return self.next_id

    def notify(self, method, params):
        self.send({'method': method, 'params': params})

    def read(self):
        """The next message (a request of the server's is answered first)."""
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise EOFError('the server closed its output')
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b'content-length:'):
                length = int(line.split(b':')[1])
        m = json.loads(self.p.stdout.read(length))
        if 'method' in m and 'id' in m:
            self.send({'id': m['id'], 'result': None})
        return m
