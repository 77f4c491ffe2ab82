//===- Context.h - Device context, streams and events -----------*- C++ -*-===//
//
// Context is a shared handle on a device's primary context (retained on
// creation, released when the last handle - including those held by the
// streams, buffers, events and modules created from it - goes away).
// Stream and Event are move-only RAII owners.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_CONTEXT_H
#define CUTE_RUNTIME_CONTEXT_H

#include "cute/Runtime/Driver.h"

#include <memory>
#include <string>
#include <string_view>
#include <utility>

namespace cute::rt {

namespace detail {
struct ContextState;
} // namespace detail

/// Which device a Context is made on.
struct ContextOptions {
  /// "" : Driver::get() (the GPU, or what $CUTE_DEVICE names);
  /// "cuda": the GPU through libcuda, whatever $CUTE_DEVICE says;
  /// "emu:sm_90a", "emu:sm_100a", "emu:sm_120a": the emulator (cute-emu).
  std::string device;
  /// The device's ordinal within that driver.
  int ordinal = 0;
};

class Context {
public:
  /// Retains the primary context of `device` using Driver::get().
  static Expected<Context> create(int device = 0);
  static Expected<Context> create(std::shared_ptr<Driver> driver,
                                  int device = 0);
  /// On the driver `options.device` names (Driver::forDevice), e.g.
  /// `Context::create({"emu:sm_100a"})` for an emulated B200.
  static Expected<Context> create(const ContextOptions &options);

  Context() = default;
  bool valid() const { return state_ != nullptr; }

  /// Makes this context current on the calling thread (every runtime call
  /// does this itself before touching the driver).
  Status makeCurrent() const;
  /// cuCtxSynchronize.
  Status synchronize() const;

  const Driver &driver() const;
  const std::shared_ptr<Driver> &driverPtr() const;
  CUcontext raw() const;
  CUdevice device() const;
  int ordinal() const;

  Expected<int> attribute(CUdevice_attribute attr) const;
  /// (major, minor), e.g. (9, 0) on an H100/H200.
  Expected<std::pair<int, int>> computeCapability() const;
  Expected<std::string> name() const;
  /// Checks that a metadata chip ("sm_90a") matches this device's compute
  /// capability (an emulated device's is its chip's); errors name both.
  Status checkChip(std::string_view chip) const;

private:
  std::shared_ptr<detail::ContextState> state_;
};

class Stream {
public:
  /// cuStreamCreate; non-blocking w.r.t. the legacy default stream unless
  /// `nonBlocking` is false.
  static Expected<Stream> create(const Context &ctx, bool nonBlocking = true);

  Stream() = default;
  Stream(Stream &&o) noexcept { *this = std::move(o); }
  Stream &operator=(Stream &&o) noexcept;
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;
  ~Stream();

  Status synchronize() const;
  CUstream raw() const { return stream_; }
  const Context &context() const { return ctx_; }

private:
  void reset();
  Context ctx_;
  CUstream stream_ = nullptr;
};

class Event {
public:
  /// cuEventCreate; with `timing` false the event is CU_EVENT_DISABLE_TIMING.
  static Expected<Event> create(const Context &ctx, bool timing = true);

  Event() = default;
  Event(Event &&o) noexcept { *this = std::move(o); }
  Event &operator=(Event &&o) noexcept;
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;
  ~Event();

  Status record(const Stream &stream);
  Status synchronize() const;
  /// Milliseconds between two recorded (and completed) timing events.
  static Expected<float> elapsedMs(const Event &start, const Event &end);

  CUevent raw() const { return event_; }

private:
  void reset();
  Context ctx_;
  CUevent event_ = nullptr;
};

} // namespace cute::rt

#endif // CUTE_RUNTIME_CONTEXT_H
