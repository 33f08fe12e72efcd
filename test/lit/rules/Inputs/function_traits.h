// A function-traits template of the kind libraries ship: it reads the call
// operator of a callable's type.
#pragma once
template <class F> struct function_traits : function_traits<decltype(&F::operator())> {};
template <class C, class R, class... A> struct function_traits<R (C::*)(A...) const> {
  using result_type = R;
  static constexpr int arity = sizeof...(A);
};
