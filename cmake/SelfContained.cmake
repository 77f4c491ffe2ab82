# CUTE_SELF_CONTAINED: every LLVM/MLIR library is linked from its static
# archive instead of libLLVM.so/libMLIR.so, and so are LLVM's compression
# dependencies, so the binaries need no LLVM install at run time.
set(MLIR_LINK_MLIR_DYLIB OFF CACHE BOOL "" FORCE)
set(LLVM_LINK_LLVM_DYLIB OFF)

if(NOT EXISTS ${LLVM_LIBRARY_DIR}/libMLIRIR.a OR NOT EXISTS ${LLVM_LIBRARY_DIR}/libLLVMSupport.a)
  message(FATAL_ERROR "CUTE_SELF_CONTAINED: the static LLVM/MLIR archives "
    "(libLLVMSupport.a, libMLIRIR.a) are not in ${LLVM_LIBRARY_DIR}; install "
    "llvm-22-dev and libmlir-22-dev, or configure without CUTE_SELF_CONTAINED.")
endif()
find_library(CUTE_ZLIB_STATIC NAMES libz.a)
find_library(CUTE_ZSTD_STATIC NAMES libzstd.a)
if(NOT CUTE_ZLIB_STATIC OR NOT CUTE_ZSTD_STATIC)
  message(FATAL_ERROR "CUTE_SELF_CONTAINED: libz.a (zlib1g-dev) and libzstd.a "
    "(libzstd-dev) are needed to link LLVMSupport statically; found "
    "'${CUTE_ZLIB_STATIC}' and '${CUTE_ZSTD_STATIC}'.")
endif()
# Debian's LLVMSupport names the shared zlib, zstd and libz3. Link the first
# two statically; z3 is used only by LLVM's SMT solver interface, which the
# pipeline never calls (the archive member is not pulled in), so it is
# dropped.
set_property(TARGET LLVMSupport PROPERTY INTERFACE_LINK_LIBRARIES
  rt dl m ${CUTE_ZLIB_STATIC} ${CUTE_ZSTD_STATIC} LLVMDemangle)
# Debian's MLIR archives were built against libLLVM.so: their imported
# targets name the shared `LLVM`. Point every such reference at the static
# component archives instead (the linker takes only the members it needs).
add_library(cute_llvm_static INTERFACE)
# LLVMExtensions names Polly, whose static archive Debian does not ship (and
# which the pipeline never runs).
set_property(TARGET LLVMExtensions PROPERTY INTERFACE_LINK_LIBRARIES LLVMSupport)
foreach(lib ${LLVM_AVAILABLE_LIBS})
  if(lib MATCHES "^LLVM" AND TARGET ${lib} AND
     EXISTS ${LLVM_LIBRARY_DIR}/lib${lib}.a AND
     NOT lib MATCHES "^LLVM(BOLT|Exegesis|Fuzz|OptDriver|Telemetry)")
    # Skip components that need a library this machine lacks (LineEditor:
    # libedit, Debuginfod: curl); the pipeline uses none of them.
    get_target_property(ldeps ${lib} INTERFACE_LINK_LIBRARIES)
    set(usable ON)
    foreach(d ${ldeps})
      if(d MATCHES "::" AND NOT TARGET ${d})
        set(usable OFF)
      endif()
    endforeach()
    if(usable)
      target_link_libraries(cute_llvm_static INTERFACE ${lib})
    endif()
  endif()
endforeach()
get_directory_property(cute_imported IMPORTED_TARGETS)
foreach(t ${cute_imported})
  get_target_property(deps ${t} INTERFACE_LINK_LIBRARIES)
  if(deps AND "LLVM" IN_LIST deps)
    list(TRANSFORM deps REPLACE "^LLVM$" cute_llvm_static)
    set_property(TARGET ${t} PROPERTY INTERFACE_LINK_LIBRARIES "${deps}")
  endif()
endforeach()
# Only libraries that are actually used become DT_NEEDED entries.
string(APPEND CMAKE_EXE_LINKER_FLAGS " -Wl,--as-needed")
string(APPEND CMAKE_SHARED_LINKER_FLAGS " -Wl,--as-needed")
message(STATUS "cute: self-contained build (LLVM/MLIR linked statically)")
