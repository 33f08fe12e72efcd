#pragma once
namespace vendor_sys {
inline int twice(int a) { return 2 * a; }
}
template <class T> T thrice(T a) { return vendor_sys::thrice(a); }
