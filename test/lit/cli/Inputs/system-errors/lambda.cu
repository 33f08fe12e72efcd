#include <lib.h>
void user() { run_on_host([] {}); }
