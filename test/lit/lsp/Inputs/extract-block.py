#!/usr/bin/env python3
"""extract-block.py FILE MARKER: print the fenced code block that follows
the line containing MARKER (an HTML comment in a Markdown file)."""
import sys


def main():
    path, marker = sys.argv[1], sys.argv[2]
    lines = open(path, encoding='utf-8').read().split('\n')
    start = next(i for i, l in enumerate(lines) if marker in l)
    fence = next(i for i in range(start + 1, len(lines))
                 if lines[i].startswith('```'))
    end = next(i for i in range(fence + 1, len(lines))
               if lines[i].startswith('```'))
    sys.stdout.write('\n'.join(lines[fence + 1:end]) + '\n')


if __name__ == '__main__':
    main()
