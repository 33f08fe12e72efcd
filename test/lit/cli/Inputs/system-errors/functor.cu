#include <lib.h>
struct Functor {
  void operator()() const {}
};
void user() { run_on_host(Functor{}); }
