//===- GemmTune.h - The GEMM autotuner's pieces (private) -------*- C++ -*-===//
//
// Shape classes, the candidate plans and the tuning file of
// cute::kernels::Gemm's autotune mode (Gemm.cpp runs and times them).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_KERNELS_GEMMTUNE_H
#define CUTE_LIB_KERNELS_GEMMTUNE_H

#include "cute/Kernels/Gemm.h"

#include <map>
#include <string>
#include <vector>

namespace cute::kernels::tune {

/// "bf16 m64 n4096 k4096": the A/B type, M rounded up to a power of two,
/// N and K.
std::string classKey(ElemType ab, int64_t m, int64_t n, int64_t k);

/// The tuning file for a device in `dir` ("" : $CUTE_CACHE_DIR, else
/// ~/.cache/cute-mlir): gemm-tune.<device name, [A-Za-z0-9_-] kept>.<sms>.txt.
std::string fileFor(const std::string &dir, const std::string &device, int sms);

/// The plans a tuning file holds (later lines win); lines that do not
/// parse are skipped (a file written by another version).
std::map<std::string, GemmPlan> readFile(const std::string &path);

/// Appends `key config splits us` (creating the directory); false if the
/// file cannot be written (tuning still works for the process).
bool appendToFile(const std::string &path, const std::string &key,
                  const GemmPlan &plan, double us);

/// The plans worth timing for one problem: each configuration allowed
/// (swap-AB for M <= kSwapMaxM; the tile configurations only when C can
/// be TMA-stored) with its heuristic split count, one split and stream-K
/// (the 2 x 1 clusters for M >= kClusterMinM: no stream-K); no duplicates,
/// planGemm's choice first. The caller drops the clusters where C's type
/// has no cluster instance.
std::vector<GemmPlan> candidates(int64_t m, int64_t n, int64_t k, int64_t sms,
                                 int64_t elemBytes, bool tmaC);

} // namespace cute::kernels::tune

#endif // CUTE_LIB_KERNELS_GEMMTUNE_H
