//===- Driver.h - cute-emu behind the CUDA driver API -----------*- C++ -*-===//
//
// The emulator as a backend of the runtime's dlopen'ed driver table: every
// entry point of CUTE_RT_DRIVER_FUNCTIONS implemented on an emulated Device
// of one chip. The runtime installs it when CUTE_DEVICE=emu:<chip> is set or
// when rt::Context::create is asked for it (docs/emulator.md).
//
// CUDA's semantics, as the H200's driver 13.0 showed them: the same error
// codes for the same mistakes, device memory checked against the
// allocations, one primary context per chip, sticky errors. Kernels run to
// completion inside cuLaunchKernel; an error while a kernel runs (a trap,
// an illegal or misaligned address, a hang) is printed to stderr as
// "cute-emu: <report>" and, as on the GPU, returned by the next call in the
// context (cuStreamSynchronize, cuCtxSynchronize, a copy) and every call
// after it, until the primary context is released.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_DRIVER_H
#define CUTE_EMU_DRIVER_H

#include "cute/Emu/Emu.h"
#include "cute/Runtime/Driver.h"

namespace cute::emu {

/// Points every member of `api` at the emulator's implementation for one
/// process-wide emulated device of `chip` (created on first use with
/// Options::fromEnvironment(); an invalid CUTE_EMU_* variable is the error).
Status installDriver(rt::DriverApi &api, Chip chip);

/// The emulated device behind the installed driver, or null before
/// installDriver (tests read stats and change options through it).
Device *driverDevice();

/// The stats of the most recent launch through the driver backend.
LaunchStats lastLaunchStats();

/// What the most recent failed call of the backend on this thread found,
/// with the numbers ("cuMemcpyHtoD destination: [0x..., +4097) runs past
/// the end of the allocation [0x..., +4096)"); empty when none failed.
std::string lastErrorDetail();

/// The value cuDeviceGetAttribute reports for `attr` on `chip`: the real
/// part's figure for what the emulator models, 0 for features it does not
/// offer (textures, surfaces, managed memory, IPC, ...). InvalidArgument for
/// a number that is no CUdevice_attribute.
Expected<int> deviceAttribute(Chip chip, int attr);

/// The largest cluster a kernel that sets
/// CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED may use (16 on
/// sm_90a and sm_100a; sm_120a offers only the portable 8).
int maxNonPortableClusterSize(Chip chip);

} // namespace cute::emu

#endif // CUTE_EMU_DRIVER_H
