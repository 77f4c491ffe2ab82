//===- Typed.h - Typed kernel arguments -------------------------*- C++ -*-===//
//
// What the generated typed launchers (cute-aot, docs/launchers.md) are made
// of: DevicePtr<T>, a device address whose element type is checked by the
// C++ compiler, and checkSignature, which checks that a module's metadata
// declares a kernel with the parameters a launcher was generated for (so a
// header generated from one compile cannot silently launch another).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_TYPED_H
#define CUTE_RUNTIME_TYPED_H

#include "cute/Runtime/Launch.h"

#include <cstddef>
#include <initializer_list>
#include <string_view>

namespace cute::rt {

/// A device address of T elements. From a T pointer (e.g. torch's
/// data_ptr<T>() after a cast, cudaMalloc'ed memory), a DeviceBuffer (untyped:
/// any T), an explicit CUdeviceptr or nullptr. Launchers reject null and
/// misaligned addresses with the parameter's name.
template <class T> class DevicePtr {
public:
  DevicePtr() = default;
  DevicePtr(std::nullptr_t) {}
  DevicePtr(const T *p) : addr_(reinterpret_cast<CUdeviceptr>(p)) {}
  DevicePtr(const DeviceBuffer &b) : addr_(b.ptr()) {}
  explicit DevicePtr(CUdeviceptr p) : addr_(p) {}

  CUdeviceptr addr() const { return addr_; }
  /// The address `n` elements further (for sub-tensors).
  DevicePtr operator+(size_t n) const {
    return DevicePtr(addr_ + CUdeviceptr(n * sizeof(T)));
  }

private:
  CUdeviceptr addr_ = 0;
};

/// One parameter as a launcher was generated: name, kind, element type and
/// size in bytes (derived TMA descriptors are not listed: launch encodes
/// them).
struct ParamSignature {
  const char *name;
  ParamKind kind;
  ElemType elem;
  size_t bytes;
};

/// OK when `info` has exactly these user parameters (names, kinds, element
/// types, sizes) in this order; otherwise an error naming the first
/// difference, e.g. "kernel 'gemm': parameter 3 is 'n' (i32 scalar) in the
/// metadata but 'k' (i32 scalar) in the launcher: regenerate the launcher
/// header from this module".
Status checkSignature(const KernelInfo &info,
                      std::initializer_list<ParamSignature> params);

/// The image in `images` (chip names such as "sm_90a") that runs on the
/// context's device (Context::checkChip); an error listing the chips and the
/// device's compute capability when none does.
Expected<size_t> pickImageForDevice(const Context &ctx,
                                    const std::vector<std::string> &chips,
                                    std::string_view what);

} // namespace cute::rt

#endif // CUTE_RUNTIME_TYPED_H
