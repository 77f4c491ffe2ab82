//===- Generate.h - Typed launchers and AOT kernel libraries ----*- C++ -*-===//
//
// cute-aot's generator (MLIR-free): from a module's kernel metadata (and,
// for an AOT library, its cubins for several chips) it writes
//   * a C++ header with one typed launcher per kernel: parameters named and
//     typed from the metadata (DevicePtr<T> for pointers, the scalar's C++
//     type, TensorMap for a TMA descriptor the kernel does not derive), a
//     direct launch, a prepared launch for hot loops, an argument check that
//     needs no GPU, and a loader that checks the module's metadata against
//     the signatures the header was generated for;
//   * for an AOT library, a C++ source embedding every chip's cubin, PTX
//     and metadata, with Module::load(ctx) picking the image for the device
//     (the PTX when the device is the emulator).
// Everything is in the namespace given (default cute_kernels::<module>),
// so two libraries link into one program. docs/launchers.md.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_AOT_GENERATE_H
#define CUTE_AOT_GENERATE_H

#include "cute/Support/Expected.h"

#include <string>
#include <vector>

namespace cute::aot {

struct Image {
  std::string chip;         ///< e.g. "sm_90a"; must match the metadata's
  std::string cubin;        ///< the image; empty for a header-only launcher
  std::string metadataJson; ///< cute-opt's <module>.<chip>.json
  /// cute-opt's <module>.<chip>.ptx, what the emulator (cute-emu) runs; may
  /// be empty (the library then loads on GPUs only).
  std::string ptx;
};

struct GenerateOptions {
  /// C++ namespace of the generated code ("a::b"); empty:
  /// cute_kernels::<module>.
  std::string cppNamespace;
  /// How the source includes the header (e.g. "gemm_sm90.h").
  std::string headerInclude;
  /// Embed the images (an AOT library: header + source). Otherwise only the
  /// header is generated, for modules loaded at run time (the JIT, files).
  bool embed = true;
};

struct Generated {
  std::string header;
  std::string source; ///< empty unless GenerateOptions::embed
};

/// Errors: no image, a metadata that does not parse, images of different
/// modules or with different kernel signatures, a chip given twice or not
/// matching its metadata, a kernel or parameter name that is not a C++
/// identifier.
Expected<Generated> generate(const std::vector<Image> &images,
                             const GenerateOptions &options);

} // namespace cute::aot

#endif // CUTE_AOT_GENERATE_H
