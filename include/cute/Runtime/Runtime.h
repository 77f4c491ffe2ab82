//===- Runtime.h - The cute host runtime (umbrella header) ------*- C++ -*-===//
//
// MLIR-free host runtime: loads compiled kernels (cubin or PTX + metadata
// JSON) and launches them through a dlopen'ed CUDA driver. See
// docs/runtime.md.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_RUNTIME_H
#define CUTE_RUNTIME_RUNTIME_H

#include "cute/Runtime/Context.h"
#include "cute/Runtime/Driver.h"
#include "cute/Runtime/Launch.h"
#include "cute/Runtime/Memory.h"
#include "cute/Runtime/Metadata.h"
#include "cute/Runtime/Module.h"
#include "cute/Runtime/TensorMap.h"
#include "cute/Runtime/Types.h"
#include "cute/Support/Expected.h"

#endif // CUTE_RUNTIME_RUNTIME_H
