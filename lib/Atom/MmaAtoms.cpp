//===- MmaAtoms.cpp - MMA atom layouts (CuTe's MMA_Traits) ----------------===//
#include "cute/Atom/MmaAtoms.h"

#include "AtomDetail.h"

#include "cute/Layout/Parse.h"

namespace cute::atom {

namespace {

layout::Layout L(const std::string &text) {
  layout::DynamicSymbols syms;
  auto l = layout::parseLayout(text, syms);
  // The texts below are static CuTe layouts: parsing cannot fail.
  return l ? *l : layout::Layout();
}

} // namespace

Expected<MmaAtomLayouts> mmaAtomLayouts(MmaAtomKind kind, int64_t n,
                                        int sfVecSize) {
  MmaAtomLayouts r;
  switch (kind) {
  case MmaAtomKind::Sm80_16x8x8:
    r.name = "SM80_16x8x8_F32F16F16F32_TN";
    r.m = 16, r.n = 8, r.k = 8;
    r.thr = L("32:1");
    r.a = L("((4,8),(2,2)):((32,1),(16,8))");
    r.b = L("((4,8),2):((16,1),8)");
    r.c = L("((4,8),(2,2)):((32,1),(16,8))");
    return r;
  case MmaAtomKind::Sm80_16x8x16:
    r.name = "SM80_16x8x16_F32F16F16F32_TN";
    r.m = 16, r.n = 8, r.k = 16;
    r.thr = L("32:1");
    r.a = L("((4,8),(2,2,2)):((32,1),(16,8,128))");
    r.b = L("((4,8),(2,2)):((16,1),(8,64))");
    r.c = L("((4,8),(2,2)):((32,1),(16,8))");
    return r;
  case MmaAtomKind::Sm80_16x8x32_S8:
  case MmaAtomKind::Sm120_16x8x32_F8F6F4:
    // CuTe's SM80_16x8x32_S32S8S8S32_TN (NVIDIA/cutlass 7107b05); the
    // sm_120a SM120_16x8x32_TN traits inherit these layouts.
    r.name = kind == MmaAtomKind::Sm80_16x8x32_S8 ? "SM80_16x8x32_S32S8S8S32_TN"
                                                  : "SM120_16x8x32_TN";
    r.m = 16, r.n = 8, r.k = 32;
    r.thr = L("32:1");
    r.a = L("((4,8),(4,2,2)):((64,1),(16,8,256))");
    r.b = L("((4,8),(4,2)):((32,1),(8,128))");
    r.c = L("((4,8),(2,2)):((32,1),(16,8))");
    return r;
  case MmaAtomKind::Sm90_64xNx8_SS: {
    if (n < 8 || n > 256 || n % 8)
      return detail::invalid("wgmma N = " + std::to_string(n) +
                             "; it must be a multiple of 8 in [8, 256]");
    std::string ns = std::to_string(n);
    r.name = "SM90_64x" + ns + "x8_F32TF32TF32_SS_TN";
    r.m = 64, r.n = n, r.k = 8;
    r.thr = L("128:1");
    r.a = L("(128,(64,8)):(0,(1,64))");
    r.b = L("(128,(" + ns + ",8)):(0,(1," + ns + "))");
    r.c = L("((4,8,4),(2,2," + std::to_string(n / 8) +
            ")):((128,1,16),(64,8,512))");
    return r;
  }
  case MmaAtomKind::Sm90_64xNx16_SS:
  case MmaAtomKind::Sm90_64xNx32_SS:
  case MmaAtomKind::Sm90_64xNx16_RS:
  case MmaAtomKind::Sm90_64xNx32_RS: {
    if (n < 8 || n > 256 || n % 8)
      return detail::invalid("wgmma N = " + std::to_string(n) +
                             "; it must be a multiple of 8 in [8, 256]");
    bool f8 = kind == MmaAtomKind::Sm90_64xNx32_SS ||
              kind == MmaAtomKind::Sm90_64xNx32_RS;
    bool rs = kind == MmaAtomKind::Sm90_64xNx16_RS ||
              kind == MmaAtomKind::Sm90_64xNx32_RS;
    int64_t k = f8 ? 32 : 16;
    std::string ns = std::to_string(n), ks = std::to_string(k);
    r.name = "SM90_64x" + ns + "x" + ks + (f8 ? "_F32E4M3E4M3" : "_F32F16F16") +
             (rs ? "_RS" : "_SS") + (f8 ? "_TN" : "");
    r.m = 64, r.n = n, r.k = k;
    r.thr = L("128:1");
    if (rs) {
      // A in registers (CuTe's GMMA::ALayout_64x16 / ALayout_64x32): warp
      // w holds rows 16w..16w+15, lane l rows l/4 and l/4 + 8; its K
      // columns are 2 (16-bit) or 4 (8-bit) consecutive ones from
      // (l % 4) * 2 (4), and the same again K/2 further.
      r.a = f8 ? L("((4,8,4),(4,2,2)):((256,1,16),(64,8,1024))")
               : L("((4,8,4),(2,2,2)):((128,1,16),(64,8,512))");
    } else {
      // Both operands come from shared-memory descriptors: every thread of
      // the warpgroup "holds" the whole tile.
      r.a = L("(128,(64," + ks + ")):(0,(1,64))");
    }
    r.b = L("(128,(" + ns + "," + ks + ")):(0,(1," + ns + "))");
    r.c = L("((4,8,4),(2,2," + std::to_string(n / 8) +
            ")):((128,1,16),(64,8,512))");
    return r;
  }
  case MmaAtomKind::Sm120_16x8x64_BlockScaled:
    if (sfVecSize != 16 && sfVecSize != 32)
      return detail::invalid(
          "mxf4nvf4 scale vector = " + std::to_string(sfVecSize) +
          "; it is 32 (scale_vec::2X, ue8m0) or 16 "
          "(scale_vec::4X, ue4m3)");
    r.name = "SM120_16x8x64_TN_VS";
    r.m = 16, r.n = 8, r.k = 64;
    r.thr = L("32:1");
    r.a = L("((4,8),(8,2,2)):((128,1),(16,8,512))");
    r.b = L("((4,8),(8,2)):((64,1),(8,256))");
    r.c = L("((4,8),(2,2)):((32,1),(16,8))");
    r.sfa = L("((2,2,8),64):((8,0,1),16)");
    r.sfb = L("((4,8),64):((0,1),8)");
    r.sfVecSize = sfVecSize;
    return r;
  case MmaAtomKind::Sm120_16x8x32_BlockScaled:
    if (sfVecSize != 32)
      return detail::invalid(
          "mxf8f6f4 scale vector = " + std::to_string(sfVecSize) +
          "; it is 32 (scale_vec::1X, ue8m0)");
    r.name = "SM120_16x8x32_TN_VS";
    r.m = 16, r.n = 8, r.k = 32;
    r.thr = L("32:1");
    r.a = L("((4,8),(4,2,2)):((64,1),(16,8,256))");
    r.b = L("((4,8),(4,2)):((32,1),(8,128))");
    r.c = L("((4,8),(2,2)):((32,1),(16,8))");
    r.sfa = L("((2,2,8),32):((8,0,1),16)");
    r.sfb = L("((4,8),32):((0,1),8)");
    r.sfVecSize = sfVecSize;
    return r;
  }
  return detail::invalid("unknown MMA atom");
}

Expected<MmaAtomLayouts> ummaAtomLayouts(int64_t m, int64_t n, int64_t k,
                                         int ctaGroup) {
  if (ctaGroup != 1 && ctaGroup != 2)
    return detail::invalid("tcgen05.mma runs on 1 or 2 CTAs, not " +
                           std::to_string(ctaGroup));
  bool mOk = ctaGroup == 1 ? (m == 64 || m == 128) : (m == 128 || m == 256);
  if (!mOk)
    return detail::invalid("tcgen05.mma M = " + std::to_string(m) + " on " +
                           std::to_string(ctaGroup) + " CTA" +
                           (ctaGroup == 2 ? "s" : "") + "; it is " +
                           (ctaGroup == 1 ? "64 or 128" : "128 or 256"));
  int64_t nStep = ctaGroup == 2 ? 16 : 8;
  if (n < nStep || n > 256 || n % nStep)
    return detail::invalid(
        "tcgen05.mma N = " + std::to_string(n) +
        " with M = " + std::to_string(m) + " on " + std::to_string(ctaGroup) +
        " CTA(s); it must be a multiple of " + std::to_string(nStep) + " in [" +
        std::to_string(nStep) + ", 256]");
  if (k <= 0)
    return detail::invalid("tcgen05.mma K = " + std::to_string(k));
  MmaAtomLayouts r;
  std::string ms = std::to_string(m), ns = std::to_string(n),
              ks = std::to_string(k);
  r.m = m, r.n = n, r.k = k;
  if (ctaGroup == 1) {
    r.name = "SM100_MMA_" + ms + "x" + ns + "x" + ks + "_SS";
    r.thr = L("1:0");
    r.a = L("(1,(" + ms + "," + ks + ")):(0,(1," + ms + "))");
    r.b = L("(1,(" + ns + "," + ks + ")):(0,(1," + ns + "))");
    r.c = L("(1,(" + ms + "," + ns + ")):(0,(1," + ms + "))");
    return r;
  }
  std::string mh = std::to_string(m / 2), nh = std::to_string(n / 2);
  r.name = "SM100_MMA_" + ms + "x" + ns + "x" + ks + "_2x1SM_SS";
  r.thr = L("2:1");
  r.a = L("(2,(" + mh + "," + ks + ")):(" + mh + ",(1," + ms + "))");
  r.b = L("(2,(" + nh + "," + ks + ")):(" + nh + ",(1," + ns + "))");
  r.c = L("(2,(" + mh + "," + ns + ")):(" + mh + ",(1," + ms + "))");
  return r;
}

} // namespace cute::atom
