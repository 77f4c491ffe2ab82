//===- Memory.cpp - Device buffers ----------------------------------------===//
#include "cute/Runtime/Memory.h"

#include <cstdio>
#include <cstdlib>

namespace cute::rt {

Expected<DeviceBuffer> DeviceBuffer::allocate(const Context &ctx,
                                              size_t bytes) {
  if (bytes == 0)
    return Error(ErrorCode::InvalidArgument,
                 "DeviceBuffer::allocate: zero-byte allocation");
  CUTE_TRY(ctx.makeCurrent());
  DeviceBuffer b;
  b.ctx_ = ctx;
  CUTE_TRY(
      ctx.driver().check(ctx.driver().api().cuMemAlloc(&b.ptr_, bytes),
                         "cuMemAlloc(" + std::to_string(bytes) + " bytes)"));
  b.size_ = bytes;
  return b;
}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&o) noexcept {
  if (this != &o) {
    reset();
    ctx_ = std::move(o.ctx_);
    ptr_ = o.ptr_;
    size_ = o.size_;
    o.ptr_ = 0;
    o.size_ = 0;
  }
  return *this;
}

DeviceBuffer::~DeviceBuffer() { reset(); }

void DeviceBuffer::reset() {
  if (ptr_ && ctx_.makeCurrent().ok())
    ctx_.driver().api().cuMemFree(ptr_);
  ptr_ = 0;
  size_ = 0;
}

Status DeviceBuffer::checkRange(const char *op, size_t bytes,
                                size_t offset) const {
  if (!ptr_)
    return Error(ErrorCode::InvalidArgument,
                 std::string(op) + ": use of an empty DeviceBuffer");
  if (offset > size_ || bytes > size_ - offset)
    return Error(ErrorCode::InvalidArgument,
                 std::string(op) + ": range [" + std::to_string(offset) + ", " +
                     std::to_string(offset + bytes) +
                     ") exceeds the buffer's " + std::to_string(size_) +
                     " bytes");
  return okStatus();
}

Status DeviceBuffer::copyFromHost(const void *src, size_t bytes,
                                  size_t offset) {
  CUTE_TRY(checkRange("copyFromHost", bytes, offset));
  if (bytes == 0)
    return okStatus();
  CUTE_TRY(ctx_.makeCurrent());
  CUTE_TRY(ctx_.driver().check(
      ctx_.driver().api().cuMemcpyHtoD(ptr_ + offset, src, bytes),
      "cuMemcpyHtoD"));
  // From pageable memory cuMemcpyHtoD may return once the bytes are staged,
  // before the DMA into device memory ends; a launch on a non-blocking
  // stream right after could read stale memory (gemm-sm90-host's block
  // scales, uploaded just before the launch, on an H100, 2026-12-07).
  return finishLegacyWork();
}

namespace {
/// CUTE_RT_HASH_COPIES=1 prints a hash of every device-to-host copy, so two
/// runs of a program (on the GPU and on the emulator, with CUTE_SEED fixed)
/// can be compared byte for byte (scripts/gpu/emu-vs-gpu.sh).
void traceCopy(const void *dst, size_t bytes) {
  static const bool enabled = [] {
    const char *v = std::getenv("CUTE_RT_HASH_COPIES");
    return v && *v && *v != '0';
  }();
  if (!enabled)
    return;
  uint64_t h = 1469598103934665603ull; // FNV-1a 64
  const auto *p = static_cast<const unsigned char *>(dst);
  for (size_t i = 0; i < bytes; ++i)
    h = (h ^ p[i]) * 1099511628211ull;
  std::fprintf(stderr, "cute-rt: DtoH %zu bytes fnv1a64=%016llx\n", bytes,
               (unsigned long long)h);
}
} // namespace

Status DeviceBuffer::copyToHost(void *dst, size_t bytes, size_t offset) const {
  CUTE_TRY(checkRange("copyToHost", bytes, offset));
  if (bytes == 0)
    return okStatus();
  CUTE_TRY(ctx_.makeCurrent());
  CUTE_TRY(ctx_.driver().check(
      ctx_.driver().api().cuMemcpyDtoH(dst, ptr_ + offset, bytes),
      "cuMemcpyDtoH"));
  traceCopy(dst, bytes);
  return okStatus();
}

Status DeviceBuffer::copyFromHostAsync(const void *src, size_t bytes,
                                       const Stream &s, size_t offset) {
  CUTE_TRY(checkRange("copyFromHostAsync", bytes, offset));
  if (bytes == 0)
    return okStatus();
  CUTE_TRY(ctx_.makeCurrent());
  return ctx_.driver().check(
      ctx_.driver().api().cuMemcpyHtoDAsync(ptr_ + offset, src, bytes, s.raw()),
      "cuMemcpyHtoDAsync");
}

Status DeviceBuffer::copyToHostAsync(void *dst, size_t bytes, const Stream &s,
                                     size_t offset) const {
  CUTE_TRY(checkRange("copyToHostAsync", bytes, offset));
  if (bytes == 0)
    return okStatus();
  CUTE_TRY(ctx_.makeCurrent());
  return ctx_.driver().check(
      ctx_.driver().api().cuMemcpyDtoHAsync(dst, ptr_ + offset, bytes, s.raw()),
      "cuMemcpyDtoHAsync");
}

Status DeviceBuffer::memset(uint8_t value) {
  CUTE_TRY(checkRange("memset", 0, 0));
  CUTE_TRY(ctx_.makeCurrent());
  CUTE_TRY(ctx_.driver().check(
      ctx_.driver().api().cuMemsetD8(ptr_, value, size_), "cuMemsetD8"));
  return finishLegacyWork();
}

// cuMemset* on device memory runs on the legacy default stream and is
// asynchronous to the host, so a later launch on a non-blocking stream
// (rt::Stream's default) could start before it ends and see, or lose
// writes to, half-set memory (found by gemm-sm90's split-K counters on the
// H200, 2026-12-02). Waiting for the context makes memset/fill32 (and
// copyFromHost, above) complete when they return.
Status DeviceBuffer::finishLegacyWork() {
  return ctx_.driver().check(ctx_.driver().api().cuCtxSynchronize(),
                             "cuCtxSynchronize");
}

Status DeviceBuffer::fill32(uint32_t pattern) {
  CUTE_TRY(checkRange("fill32", 0, 0));
  if (size_ % 4 != 0)
    return Error(ErrorCode::InvalidArgument,
                 "fill32: buffer size " + std::to_string(size_) +
                     " is not a multiple of 4 bytes");
  CUTE_TRY(ctx_.makeCurrent());
  CUTE_TRY(ctx_.driver().check(
      ctx_.driver().api().cuMemsetD32(ptr_, pattern, size_ / 4),
      "cuMemsetD32"));
  return finishLegacyWork();
}

} // namespace cute::rt
