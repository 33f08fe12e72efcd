# What `cmake --install` puts where, and the Debian package (CPack).
#
#   bin/xlambda                              the command line
#   bin/xlambda-clangd                       a link to it: `xlambda clangd`
#                                            for an editor's clangd path
#   <libdir>/xlambda/xlambda-plugin.so       the clang plugin
#                                            (`xlambda --plugin-path`)
#   share/man/man1/xlambda.1                 the man page, generated from
#                                            `xlambda --help`
#   share/doc/xlambda/rules/*.md             the rule pages
#   share/bash-completion/completions/xlambda, share/zsh/vendor-completions/_xlambda
#
# `cpack -G DEB` in the build directory makes xlambda_<version>_<arch>.deb.
include(GNUInstallDirs)
set(XL_PLUGIN_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/xlambda)

# --plugin-path: where the plugin is, relative to the executable's directory
# (installed, then in the build tree: bin/ and lib/ side by side).
file(RELATIVE_PATH XL_PLUGIN_INSTALL_REL /prefix/${CMAKE_INSTALL_BINDIR}
  /prefix/${XL_PLUGIN_INSTALL_DIR}/xlambda-plugin.so)
target_compile_definitions(xlambda PRIVATE
  XL_PLUGIN_INSTALL_REL="${XL_PLUGIN_INSTALL_REL}"
  XL_PLUGIN_BUILD_REL="../lib/xlambda-plugin.so")

# The installed executable keeps finding libclang under the LLVM prefix.
set_target_properties(xlambda PROPERTIES INSTALL_RPATH_USE_LINK_PATH ON)
install(TARGETS xlambda RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(CODE "execute_process(COMMAND \${CMAKE_COMMAND} -E create_symlink xlambda
  \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/xlambda-clangd\")
message(STATUS \"Installing: \$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/xlambda-clangd\")")
install(DIRECTORY docs/rules/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/rules)

# The man page: `xlambda --help` and `--version` turned into roff, so the
# text is written once (scripts/gen-manpage.py).
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/xlambda.1
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/gen-manpage.py
          $<TARGET_FILE:xlambda> ${CMAKE_BINARY_DIR}/xlambda.1
  DEPENDS xlambda ${CMAKE_SOURCE_DIR}/scripts/gen-manpage.py
  COMMENT "Generating the man page xlambda.1 from xlambda --help")
add_custom_target(xlambda_manpage ALL DEPENDS ${CMAKE_BINARY_DIR}/xlambda.1)
install(FILES ${CMAKE_BINARY_DIR}/xlambda.1
  DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES tools/completions/xlambda.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME xlambda)
install(FILES tools/completions/_xlambda
  DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

# ---- the Debian package ------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME xlambda)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "xlambda developers <xlambda@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "static checker for CUDA extended lambdas (nvcc --extended-lambda)")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Listed, not computed: dpkg-shlibdeps cannot map libclang's and libLLVM's
# paths under /usr/lib/llvm-22 to their packages. libclang-common-22-dev
# holds clang's resource headers (the CUDA wrapper headers) that the parse
# needs; clang-22 is what loads the plugin.
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libc6, libclang1-22, libclang-cpp22, libllvm22, libclang-common-22-dev, libjansson4, libyaml-0-2")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "clang-22")
set(CPACK_PACKAGE_INSTALL_DIRECTORY xlambda)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
