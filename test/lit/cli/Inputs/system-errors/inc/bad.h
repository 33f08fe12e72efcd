#pragma once
// A library's body that clang rejects: --parse=skip never parses it.
inline int bad_body() { return undeclared_in_library; }
