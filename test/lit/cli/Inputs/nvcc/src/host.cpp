// A plain C++ file in the same database: not CUDA, skipped.
int host() { return 0; }
