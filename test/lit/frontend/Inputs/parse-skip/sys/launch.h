// A library's launcher, included as a system header (-isystem).
#pragma once

template <typename T> __global__ void sys_kernel(T in) { in(); }

// A templated body: --parse=skip parses it when the unit instantiates it
// (late), and uses.c follows a closure into it and finds the launch (a
// launcher argument).
template <typename F> void sys_launch(F f) { sys_kernel<<<1, 1>>>(f); }

// A body outside any template: no closure reaches it, --parse=skip skips it.
inline int sys_plain(int x) { return x + 1; }
