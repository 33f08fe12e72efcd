#!/usr/bin/env python3
"""fill-session.py DIR IN OUT: write IN to OUT with @DIR@ replaced by DIR
and each @TEXT:NAME@ by the text of DIR/NAME as a JSON string's contents
(for a didOpen or didChange of a file kept beside the test)."""
import json
import re
import sys


def main():
    folder, src, out = sys.argv[1:4]
    text = open(src, encoding='utf-8').read()

    def file_text(m):
        with open(folder + '/' + m.group(1), encoding='utf-8') as f:
            return json.dumps(f.read())[1:-1]

    text = re.sub(r'@TEXT:([^@]+)@', file_text, text)
    with open(out, 'w', encoding='utf-8') as f:
        f.write(text.replace('@DIR@', folder))


if __name__ == '__main__':
    main()
