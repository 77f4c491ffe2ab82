//===- Memory.h - Device buffers --------------------------------*- C++ -*-===//
#ifndef CUTE_RUNTIME_MEMORY_H
#define CUTE_RUNTIME_MEMORY_H

#include "cute/Runtime/Context.h"

#include <cstdint>
#include <vector>

namespace cute::rt {

/// A move-only owner of a cuMemAlloc allocation. Every copy/fill is bounds
/// checked on the host first (InvalidArgument errors).
class DeviceBuffer {
public:
  static Expected<DeviceBuffer> allocate(const Context &ctx, size_t bytes);
  /// Allocates sizeof(T) * v.size() bytes and uploads `v`.
  template <class T>
  static Expected<DeviceBuffer> fromHost(const Context &ctx,
                                         const std::vector<T> &v) {
    CUTE_ASSIGN_OR_RETURN(DeviceBuffer b, allocate(ctx, v.size() * sizeof(T)));
    CUTE_TRY(b.copyFromHost(v.data(), v.size() * sizeof(T)));
    return b;
  }

  DeviceBuffer() = default;
  DeviceBuffer(DeviceBuffer &&o) noexcept { *this = std::move(o); }
  DeviceBuffer &operator=(DeviceBuffer &&o) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer();

  /// Synchronous copies of `bytes` bytes at byte `offset` into the buffer
  /// (complete on return: copyFromHost waits for the context, so a launch
  /// on any stream sees the bytes).
  Status copyFromHost(const void *src, size_t bytes, size_t offset = 0);
  Status copyToHost(void *dst, size_t bytes, size_t offset = 0) const;
  /// Stream-ordered copies (the host memory must stay alive until the
  /// stream reaches them; use page-locked memory for real asynchrony).
  Status copyFromHostAsync(const void *src, size_t bytes, const Stream &s,
                           size_t offset = 0);
  Status copyToHostAsync(void *dst, size_t bytes, const Stream &s,
                         size_t offset = 0) const;

  /// Sets every byte to `value` (cuMemsetD8); complete on return (it waits
  /// for the context, so launches on any stream see the bytes).
  Status memset(uint8_t value);
  /// Repeats a 32-bit pattern over the buffer (size must be a multiple of 4);
  /// complete on return, like memset.
  Status fill32(uint32_t pattern);
  /// Fills with 0xFF bytes: NaN for every float type, -1 for integers, so
  /// reads of never-written output show up in tests.
  Status poison() { return memset(0xFF); }

  template <class T> Status upload(const std::vector<T> &v) {
    return copyFromHost(v.data(), v.size() * sizeof(T));
  }
  /// Downloads the whole buffer as size()/sizeof(T) elements.
  template <class T> Expected<std::vector<T>> download() const {
    std::vector<T> v(size_ / sizeof(T));
    CUTE_TRY(copyToHost(v.data(), v.size() * sizeof(T)));
    return v;
  }

  CUdeviceptr ptr() const { return ptr_; }
  size_t size() const { return size_; }
  const Context &context() const { return ctx_; }

private:
  void reset();
  Status checkRange(const char *op, size_t bytes, size_t offset) const;
  Status finishLegacyWork();
  Context ctx_;
  CUdeviceptr ptr_ = 0;
  size_t size_ = 0;
};

} // namespace cute::rt

#endif // CUTE_RUNTIME_MEMORY_H
