//===- AppendReference.h - The KV append's inputs and CPU reference -*- C++
//-*-===//
//
// What append.mlir (the unfused kernel) and gemm-sm90's QKV epilogue
// (cute::kernels::Gemm::runQkv) compute from a QKV projection's bf16 rows,
// on the CPU in the kernels' order of f32 operations (each lane's squares
// in order, then the xor-shuffle tree 16, 8, 4, 2, 1; sqrt and divisions
// rounded; the rotation as two fmas), so both must match it bit for bit:
// q_out and both caches, slots the mapping skips keeping their poison
// (0xFF bytes). Random inputs from a seed: norm weights, a cos/sin table
// of theta 1e6, positions, a shuffled slot mapping with every 7th token
// skipped, e4m3 scales. MLIR-free (the GPU machine builds it).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EXAMPLES_APPENDREFERENCE_H
#define CUTE_EXAMPLES_APPENDREFERENCE_H

#include "cute/Support/NarrowFloat.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace cute::decode {

/// One append: `tokens` rows of hq q, hkv k and hkv v heads of d values.
struct AppendProblem {
  int64_t tokens = 1, hq = 32, hkv = 8, d = 128, slots = 0;
  bool fp8 = false;
  float eps = 1e-6f;
  std::vector<uint16_t> qNorm, kNorm; ///< bf16 [d]
  std::vector<float> cosSin;          ///< [positions, d]
  std::vector<int32_t> pos, slot;     ///< [tokens]
  std::vector<float> kScale, vScale;  ///< [hkv] (1 for bf16 caches)
  int64_t heads() const { return hq + 2 * hkv; }
  size_t cacheBytes() const { return size_t(slots * hkv * d) * (fp8 ? 1 : 2); }
};

inline AppendProblem makeAppendProblem(int64_t tokens, int64_t hq, int64_t hkv,
                                       int64_t d, bool fp8, uint64_t seed) {
  AppendProblem p;
  p.tokens = tokens, p.hq = hq, p.hkv = hkv, p.d = d, p.fp8 = fp8;
  p.slots = tokens + 5;
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> w(0.5f, 1.5f);
  for (int64_t i = 0; i < d; ++i) {
    p.qNorm.push_back(floatToBF16Bits(w(rng)));
    p.kNorm.push_back(floatToBF16Bits(w(rng)));
  }
  const int64_t maxPos = 4096;
  p.cosSin.resize(size_t(maxPos * d));
  for (int64_t pos = 0; pos < maxPos; ++pos)
    for (int64_t i = 0; i < d / 2; ++i) {
      double ang = double(pos) * std::pow(1e6, -2.0 * double(i) / double(d));
      p.cosSin[size_t(pos * d + i)] = float(std::cos(ang));
      p.cosSin[size_t(pos * d + d / 2 + i)] = float(std::sin(ang));
    }
  std::vector<int32_t> perm(static_cast<size_t>(p.slots));
  for (size_t i = 0; i < perm.size(); ++i)
    perm[i] = int32_t(i);
  std::shuffle(perm.begin(), perm.end(), rng);
  for (int64_t t = 0; t < tokens; ++t) {
    p.pos.push_back(int32_t(rng() % uint64_t(maxPos)));
    p.slot.push_back(t % 7 == 3 ? -1 : perm[size_t(t)]);
  }
  p.kScale.assign(size_t(hkv), 1.f);
  p.vScale.assign(size_t(hkv), 1.f);
  if (fp8)
    for (int64_t h = 0; h < hkv; ++h) {
      p.kScale[size_t(h)] = 0.01f + float(rng() % 100) / 1000.f;
      p.vScale[size_t(h)] = 0.01f + float(rng() % 100) / 1000.f;
    }
  return p;
}

/// q_out [tokens, hq, d] (bf16 bits) and the caches [slots, hkv, d] (bytes).
struct AppendResult {
  std::vector<uint16_t> q;
  std::vector<uint8_t> k, v;
};

/// The reference from qkv's bf16 rows (ld elements apart).
inline AppendResult appendReference(const AppendProblem &p,
                                    const std::vector<uint16_t> &qkv,
                                    int64_t ld) {
  const int64_t d = p.d, hq = p.hq, hkv = p.hkv, e = d / 64, half = d / 2;
  AppendResult r;
  r.q.assign(size_t(p.tokens * hq * d), 0xFFFF);
  r.k.assign(p.cacheBytes(), 0xFF);
  r.v.assign(p.cacheBytes(), 0xFF);
  auto rnd = [](float x) { return bf16BitsToFloat(floatToBF16Bits(x)); };
  for (int64_t t = 0; t < p.tokens; ++t)
    for (int64_t h = 0; h < p.heads(); ++h) {
      std::vector<float> x(static_cast<size_t>(d)), y(static_cast<size_t>(d));
      for (int64_t i = 0; i < d; ++i)
        x[size_t(i)] = bf16BitsToFloat(qkv[size_t(t * ld + h * d + i)]);
      const bool isQ = h < hq, isV = h >= hq + hkv;
      if (!isV) {
        float lane[32];
        for (int l = 0; l < 32; ++l) {
          float s = 0.f;
          for (int64_t part : {int64_t(0), half})
            for (int64_t j = 0; j < e; ++j) {
              float v = x[size_t(part + e * l + j)];
              float sq = v * v;
              s = s + sq;
            }
          lane[l] = s;
        }
        for (int off : {16, 8, 4, 2, 1}) {
          float nx[32];
          for (int l = 0; l < 32; ++l)
            nx[l] = lane[l] + lane[l ^ off];
          std::memcpy(lane, nx, sizeof(nx));
        }
        float mean = lane[0] / float(d);
        float rstd = 1.f / std::sqrt(mean + p.eps);
        const auto &w = isQ ? p.qNorm : p.kNorm;
        for (int64_t i = 0; i < d; ++i)
          y[size_t(i)] =
              rnd(rnd(x[size_t(i)] * rstd) * bf16BitsToFloat(w[size_t(i)]));
        const size_t row = size_t(p.pos[size_t(t)] * d);
        for (int64_t i = 0; i < half; ++i) {
          float c = p.cosSin[row + size_t(i)];
          float sn = p.cosSin[row + size_t(half + i)];
          float a = y[size_t(i)], b = y[size_t(half + i)];
          float b1 = b * sn, b2 = a * sn;
          x[size_t(i)] = rnd(std::fmaf(a, c, -b1));
          x[size_t(half + i)] = rnd(std::fmaf(b, c, b2));
        }
      }
      if (isQ) {
        for (int64_t i = 0; i < d; ++i)
          r.q[size_t((t * hq + h) * d + i)] = floatToBF16Bits(x[size_t(i)]);
        continue;
      }
      if (p.slot[size_t(t)] < 0)
        continue;
      const int64_t kh = isV ? h - hq - hkv : h - hq;
      const float sc = isV ? p.vScale[size_t(kh)] : p.kScale[size_t(kh)];
      std::vector<uint8_t> &cache = isV ? r.v : r.k;
      for (int64_t i = 0; i < d; ++i) {
        float q = x[size_t(i)] / sc;
        size_t at = size_t((p.slot[size_t(t)] * hkv + kh) * d + i);
        if (p.fp8) {
          cache[at] = encodeNarrowFloatSaturate(NarrowFloatKind::F8E4M3FN, q);
        } else {
          uint16_t bits = floatToBF16Bits(q);
          std::memcpy(&cache[at * 2], &bits, 2);
        }
      }
    }
  return r;
}

/// Elements of q_out and bytes of each cache that differ.
struct AppendDiff {
  size_t q = 0, k = 0, v = 0;
  bool ok() const { return q + k + v == 0; }
};

inline AppendDiff compareAppend(const AppendResult &ref,
                                const AppendResult &got) {
  AppendDiff d;
  for (size_t i = 0; i < ref.q.size(); ++i)
    d.q += ref.q[i] != got.q[i];
  for (size_t i = 0; i < ref.k.size(); ++i) {
    d.k += ref.k[i] != got.k[i];
    d.v += ref.v[i] != got.v[i];
  }
  return d;
}

} // namespace cute::decode

#endif // CUTE_EXAMPLES_APPENDREFERENCE_H
