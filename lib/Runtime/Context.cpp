//===- Context.cpp - Primary context, streams, events ---------------------===//
#include "cute/Runtime/Context.h"
#include "cute/Runtime/Metadata.h"

namespace cute::rt {

namespace detail {
struct ContextState {
  std::shared_ptr<Driver> driver;
  CUdevice device = 0;
  int ordinal = 0;
  CUcontext ctx = nullptr;
  ~ContextState() {
    if (ctx)
      driver->api().cuDevicePrimaryCtxRelease(device);
  }
};
} // namespace detail

Expected<Context> Context::create(int device) {
  CUTE_ASSIGN_OR_RETURN(std::shared_ptr<Driver> d, Driver::get());
  return create(std::move(d), device);
}

Expected<Context> Context::create(const ContextOptions &options) {
  CUTE_ASSIGN_OR_RETURN(std::shared_ptr<Driver> d,
                        Driver::forDevice(options.device));
  return create(std::move(d), options.ordinal);
}

Expected<Context> Context::create(std::shared_ptr<Driver> driver, int device) {
  if (!driver)
    return Error(ErrorCode::InvalidArgument, "Context::create: null driver");
  const DriverApi &api = driver->api();
  CUTE_ASSIGN_OR_RETURN(int count, driver->deviceCount());
  if (device < 0 || device >= count)
    return Error(ErrorCode::InvalidArgument,
                 "CUDA device " + std::to_string(device) + " does not exist (" +
                     std::to_string(count) + " device(s) present)");
  auto st = std::make_shared<detail::ContextState>();
  st->driver = driver;
  st->ordinal = device;
  CUTE_TRY(driver->check(api.cuDeviceGet(&st->device, device),
                         "cuDeviceGet(" + std::to_string(device) + ")"));
  CUcontext ctx = nullptr;
  CUTE_TRY(driver->check(api.cuDevicePrimaryCtxRetain(&ctx, st->device),
                         "cuDevicePrimaryCtxRetain"));
  st->ctx = ctx;
  Context c;
  c.state_ = std::move(st);
  CUTE_TRY(c.makeCurrent());
  return c;
}

Status Context::makeCurrent() const {
  if (!state_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Context");
  return driver().check(driver().api().cuCtxSetCurrent(state_->ctx),
                        "cuCtxSetCurrent");
}

Status Context::synchronize() const {
  CUTE_TRY(makeCurrent());
  return driver().check(driver().api().cuCtxSynchronize(), "cuCtxSynchronize");
}

const Driver &Context::driver() const { return *state_->driver; }
const std::shared_ptr<Driver> &Context::driverPtr() const {
  return state_->driver;
}
CUcontext Context::raw() const { return state_ ? state_->ctx : nullptr; }
CUdevice Context::device() const { return state_ ? state_->device : 0; }
int Context::ordinal() const { return state_ ? state_->ordinal : -1; }

Expected<int> Context::attribute(CUdevice_attribute attr) const {
  if (!state_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Context");
  int v = 0;
  CUTE_TRY(driver().check(
      driver().api().cuDeviceGetAttribute(&v, attr, state_->device),
      "cuDeviceGetAttribute(" + std::to_string(int(attr)) + ")"));
  return v;
}

Expected<std::pair<int, int>> Context::computeCapability() const {
  CUTE_ASSIGN_OR_RETURN(
      int major, attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR));
  CUTE_ASSIGN_OR_RETURN(
      int minor, attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR));
  return std::make_pair(major, minor);
}

Expected<std::string> Context::name() const {
  if (!state_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Context");
  char buf[256] = {0};
  CUTE_TRY(driver().check(
      driver().api().cuDeviceGetName(buf, sizeof(buf) - 1, state_->device),
      "cuDeviceGetName"));
  return std::string(buf);
}

Status Context::checkChip(std::string_view chip) const {
  auto want = parseChip(chip);
  if (!want)
    return Error(ErrorCode::InvalidArgument,
                 "unrecognised chip '" + std::string(chip) + "'");
  CUTE_ASSIGN_OR_RETURN(auto cc, computeCapability());
  // Arch-specific targets (sm_90a) run only on that exact capability; plain
  // sm_XY cubins run on the same major with an equal or newer minor.
  bool archSpecific = chip.back() == 'a' || chip.back() == 'f';
  bool ok = archSpecific ? cc == *want
                         : cc.first == want->first && cc.second >= want->second;
  if (ok)
    return okStatus();
  std::string device = driver().emulated()
                           ? "the emulated " + driver().emulatedChip() + " (" +
                                 driver().path() + ")"
                           : "device " + std::to_string(ordinal());
  return Error(ErrorCode::InvalidArgument,
               "kernels were compiled for " + std::string(chip) + " but " +
                   device + " has compute capability " +
                   std::to_string(cc.first) + "." + std::to_string(cc.second));
}

//===----------------------------------------------------------------------===//
// Stream
//===----------------------------------------------------------------------===//

Expected<Stream> Stream::create(const Context &ctx, bool nonBlocking) {
  CUTE_TRY(ctx.makeCurrent());
  Stream s;
  s.ctx_ = ctx;
  CUTE_TRY(ctx.driver().check(
      ctx.driver().api().cuStreamCreate(
          &s.stream_, nonBlocking ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT),
      "cuStreamCreate"));
  return s;
}

Stream &Stream::operator=(Stream &&o) noexcept {
  if (this != &o) {
    reset();
    ctx_ = std::move(o.ctx_);
    stream_ = o.stream_;
    o.stream_ = nullptr;
  }
  return *this;
}

Stream::~Stream() { reset(); }

void Stream::reset() {
  if (stream_ && ctx_.makeCurrent().ok())
    ctx_.driver().api().cuStreamDestroy(stream_);
  stream_ = nullptr;
}

Status Stream::synchronize() const {
  if (!stream_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Stream");
  CUTE_TRY(ctx_.makeCurrent());
  return ctx_.driver().check(ctx_.driver().api().cuStreamSynchronize(stream_),
                             "cuStreamSynchronize");
}

//===----------------------------------------------------------------------===//
// Event
//===----------------------------------------------------------------------===//

Expected<Event> Event::create(const Context &ctx, bool timing) {
  CUTE_TRY(ctx.makeCurrent());
  Event e;
  e.ctx_ = ctx;
  CUTE_TRY(ctx.driver().check(
      ctx.driver().api().cuEventCreate(
          &e.event_, timing ? CU_EVENT_DEFAULT : CU_EVENT_DISABLE_TIMING),
      "cuEventCreate"));
  return e;
}

Event &Event::operator=(Event &&o) noexcept {
  if (this != &o) {
    reset();
    ctx_ = std::move(o.ctx_);
    event_ = o.event_;
    o.event_ = nullptr;
  }
  return *this;
}

Event::~Event() { reset(); }

void Event::reset() {
  if (event_ && ctx_.makeCurrent().ok())
    ctx_.driver().api().cuEventDestroy(event_);
  event_ = nullptr;
}

Status Event::record(const Stream &stream) {
  if (!event_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Event");
  CUTE_TRY(ctx_.makeCurrent());
  return ctx_.driver().check(
      ctx_.driver().api().cuEventRecord(event_, stream.raw()), "cuEventRecord");
}

Status Event::synchronize() const {
  if (!event_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Event");
  CUTE_TRY(ctx_.makeCurrent());
  return ctx_.driver().check(ctx_.driver().api().cuEventSynchronize(event_),
                             "cuEventSynchronize");
}

Expected<float> Event::elapsedMs(const Event &start, const Event &end) {
  if (!start.event_ || !end.event_)
    return Error(ErrorCode::InvalidArgument, "Event::elapsedMs: empty event");
  CUTE_TRY(start.ctx_.makeCurrent());
  float ms = 0;
  CUTE_TRY(
      start.ctx_.driver().check(start.ctx_.driver().api().cuEventElapsedTime(
                                    &ms, start.event_, end.event_),
                                "cuEventElapsedTime"));
  return ms;
}

} // namespace cute::rt
