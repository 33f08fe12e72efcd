# XlDeps.cmake: find every dependency; when one is missing, stop with one
# line naming the Debian package that provides it (scripts/install-deps.sh
# installs them all).

function(xl_require found package what)
  if(NOT ${found})
    message(FATAL_ERROR "xlambda: ${what} not found: install ${package} (or run scripts/install-deps.sh)")
  endif()
endfunction()

# libclang 22
find_path(XL_LIBCLANG_INCLUDE clang-c/Index.h
  HINTS ${XL_LLVM_ROOT}/include NO_DEFAULT_PATH)
find_library(XL_LIBCLANG_LIBRARY NAMES clang-22 clang
  HINTS ${XL_LLVM_ROOT}/lib NO_DEFAULT_PATH)
xl_require(XL_LIBCLANG_INCLUDE libclang-22-dev "libclang 22 headers (clang-c/Index.h)")
xl_require(XL_LIBCLANG_LIBRARY libclang-22-dev "libclang 22")
file(STRINGS ${XL_LIBCLANG_INCLUDE}/clang-c/Index.h _xl_minor
  REGEX "^#define CINDEX_VERSION_MINOR [0-9]+")
string(REGEX REPLACE ".* ([0-9]+)$" "\\1" _xl_minor "${_xl_minor}")
if(_xl_minor LESS 64)
  message(FATAL_ERROR "xlambda: libclang at ${XL_LLVM_ROOT} is too old (CINDEX 0.${_xl_minor}; LLVM 22 has 0.64): install libclang-22-dev")
endif()
add_library(xl::libclang UNKNOWN IMPORTED)
set_target_properties(xl::libclang PROPERTIES
  IMPORTED_LOCATION ${XL_LIBCLANG_LIBRARY}
  INTERFACE_INCLUDE_DIRECTORIES ${XL_LIBCLANG_INCLUDE})
set(CMAKE_BUILD_RPATH ${XL_LLVM_ROOT}/lib)
set(CMAKE_INSTALL_RPATH ${XL_LLVM_ROOT}/lib)

find_package(PkgConfig QUIET)
xl_require(PKG_CONFIG_FOUND pkg-config "pkg-config")
pkg_check_modules(JANSSON QUIET IMPORTED_TARGET jansson)
xl_require(JANSSON_FOUND libjansson-dev "jansson")
pkg_check_modules(YAML QUIET IMPORTED_TARGET yaml-0.1)
xl_require(YAML_FOUND libyaml-dev "libyaml")
pkg_check_modules(CURL QUIET IMPORTED_TARGET libcurl)
xl_require(CURL_FOUND libcurl4-openssl-dev "libcurl")
set(THREADS_PREFER_PTHREAD_FLAG ON)
find_package(Threads REQUIRED)

if(XL_BUILD_TESTS)
  pkg_check_modules(CHECK QUIET IMPORTED_TARGET check)
  xl_require(CHECK_FOUND "check libsubunit-dev" "the check unit-test library")
  find_program(XL_LIT NAMES lit HINTS ${XL_LLVM_ROOT}/bin NO_DEFAULT_PATH)
  xl_require(XL_LIT llvm-22-tools "lit")
  find_program(XL_FILECHECK NAMES FileCheck HINTS ${XL_LLVM_ROOT}/bin NO_DEFAULT_PATH)
  xl_require(XL_FILECHECK llvm-22-tools "FileCheck")
  find_package(Python3 COMPONENTS Interpreter)
  xl_require(Python3_FOUND python3 "python3")
endif()
