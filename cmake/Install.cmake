# `cmake --install`: headers, the libraries a consumer links, the tools, and
# the exported package CuteMLIR (cmake/CuteMLIRConfig.cmake.in), so that a
# C++ project writes
#   find_package(CuteMLIR CONFIG REQUIRED COMPONENTS jit)
#   target_link_libraries(app PRIVATE CuteMLIR::jit)
# and nothing else (docs/jit.md, docs/launchers.md, examples/consumer).
#
# Targets (namespace CuteMLIR::), each installed when this configuration
# builds it:
#   support layout atom   MLIR-free libraries (errors, narrow floats, the
#                         layout algebra, the atom tables)
#   emu runtime aot       the emulator (the runtime's second driver), the
#   cute-aot              host runtime (needs cuda.h, dlopens libcuda), the
#                         launcher generator and its tool
#   jit cute-opt          libcute-jit.so and the compiler driver (MLIR builds)
# The runtime-only configuration (-DCUTE_ENABLE_MLIR=OFF) installs a package
# without jit/cute-opt that needs no LLVM at all; the package of an MLIR
# build needs no LLVM CMake files either: LLVM/MLIR are private to
# libcute-jit.so (and linked into it with CUTE_SELF_CONTAINED).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CUTE_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/CuteMLIR)

set(cute_install_targets CuteSupport CuteLayout CuteAtom)
set(cute_install_components support layout atom)
set_target_properties(CuteSupport PROPERTIES EXPORT_NAME support)
set_target_properties(CuteLayout PROPERTIES EXPORT_NAME layout)
set_target_properties(CuteAtom PROPERTIES EXPORT_NAME atom)
set(cute_install_headers Support Layout Atom)
if(CUTE_ENABLE_RUNTIME)
  list(APPEND cute_install_targets CuteEmu CuteRuntime CuteAot cute-aot)
  list(APPEND cute_install_components emu runtime aot cute-aot)
  set_target_properties(CuteEmu PROPERTIES EXPORT_NAME emu)
  set_target_properties(CuteRuntime PROPERTIES EXPORT_NAME runtime)
  set_target_properties(CuteAot PROPERTIES EXPORT_NAME aot)
  list(APPEND cute_install_headers Emu Runtime Aot)
endif()
if(CUTE_ENABLE_MLIR)
  list(APPEND cute_install_targets cute-jit cute-opt)
  list(APPEND cute_install_components jit cute-opt)
  set_target_properties(cute-jit PROPERTIES EXPORT_NAME jit)
  list(APPEND cute_install_headers JIT)
  if(NOT CUTE_SELF_CONTAINED)
    # libMLIR.so/libLLVM.so live in LLVM's own directory, which is not on
    # the loader's default path.
    set_target_properties(cute-jit cute-opt PROPERTIES
      INSTALL_RPATH "${LLVM_LIBRARY_DIR}")
  endif()
endif()

install(TARGETS ${cute_install_targets}
  EXPORT CuteMLIRTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
foreach(dir ${cute_install_headers})
  install(DIRECTORY ${CUTE_SOURCE_DIR}/include/cute/${dir}
    DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/cute
    FILES_MATCHING PATTERN "*.h")
endforeach()

install(EXPORT CuteMLIRTargets
  NAMESPACE CuteMLIR::
  DESTINATION ${CUTE_INSTALL_CMAKEDIR})
set(CUTE_PACKAGE_COMPONENTS ${cute_install_components})
configure_package_config_file(
  ${CUTE_SOURCE_DIR}/cmake/CuteMLIRConfig.cmake.in
  ${CUTE_BINARY_DIR}/CuteMLIRConfig.cmake
  INSTALL_DESTINATION ${CUTE_INSTALL_CMAKEDIR})
write_basic_package_version_file(
  ${CUTE_BINARY_DIR}/CuteMLIRConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${CUTE_BINARY_DIR}/CuteMLIRConfig.cmake
  ${CUTE_BINARY_DIR}/CuteMLIRConfigVersion.cmake
  ${CUTE_SOURCE_DIR}/cmake/CuteKernels.cmake
  DESTINATION ${CUTE_INSTALL_CMAKEDIR})
