//===- host.cpp - The attention kernel's software exp2 against exp2 -------===//
//
// Runs kernel.mlir (examples/fmha-prefill/fmha-exp2.mlir's @exp2_poly, the
// FMA-pipe exp2 of the sm_100a attention kernel, compiled for sm_100a) on
// the emulator (CUTE_DEVICE=emu:sm_100a) or a compute capability 10.0 GPU
// and compares each result with 2^x in double. The expectations come from
// the math, not from the code under test:
// - The helper claims the degree-3 minimax of 2^f on [-0.5, 0.5] in
//   relative error, evaluated in f32. This driver computes that minimax
//   error E itself (the Remez exchange algorithm in long double) and
//   requires the measured maximum relative error over x in [-125, 8]
//   (normal results) to be E within 2^-21 (f32 rounding of the
//   coefficients and of three FMAs is below that): a worse polynomial, a
//   wrong exponent or a broken rounding step fails the upper bound, and a
//   different function (e.g. MUFU's ex2, 2^-22 accurate) the lower one.
// - x = -inf (a masked score) and x <= -127.5 give exactly +0; x in
//   (-127.5, -125.5), where the exponent leaves the normal range, gives a
//   value in [0, 2^-125] (2^x is below 2^-125.5 there; ex2.approx.ftz
//   flushes what is below 2^-126 to 0); every result is finite and
//   non-negative.
// - Rounded to bf16 (x in [-125, 8]) and to f16 (x in [-14, 8], normal
//   f16), as the kernel rounds P, the result is within one unit in the last
//   place of 2^x rounded the same way; the share that differs is printed.
// Prints "CHECK exp2_poly <what>: ... PASS|FAIL" and "RESULT exp2-poly
// PASS|FAIL"; exit status 1 on a failure.
//
//===----------------------------------------------------------------------===//
#include "common/Harness.h"

#include <array>
#include <cmath>

using namespace cute;
using namespace cute::ex;

namespace {

/// The minimax relative error of a degree-3 polynomial approximating 2^f
/// on [-0.5, 0.5]: Remez exchange with 5 reference points (4 coefficients
/// and the levelled error), extrema re-located on a grid each round.
long double remezError() {
  using LD = long double;
  const int n = 5, grid = 20000;
  std::array<LD, 5> pts;
  for (int i = 0; i < n; ++i)
    pts[size_t(i)] = -0.5L * std::cos(3.14159265358979323846L * i / (n - 1));
  std::array<LD, 5> sol{};
  auto err = [&](LD f) {
    LD p = sol[0] + f * (sol[1] + f * (sol[2] + f * sol[3]));
    return p / std::exp2(f) - 1;
  };
  for (int it = 0; it < 30; ++it) {
    // c0 + c1 f + c2 f^2 + c3 f^3 - (-1)^i E 2^f = 2^f at each point.
    LD a[5][6];
    for (int i = 0; i < n; ++i) {
      LD f = pts[size_t(i)], e = std::exp2(f);
      a[i][0] = 1;
      a[i][1] = f;
      a[i][2] = f * f;
      a[i][3] = f * f * f;
      a[i][4] = (i % 2 ? 1 : -1) * e;
      a[i][5] = e;
    }
    for (int c = 0; c < n; ++c) {
      int piv = c;
      for (int r = c + 1; r < n; ++r)
        if (std::fabs(a[r][c]) > std::fabs(a[piv][c]))
          piv = r;
      for (int k = 0; k <= n; ++k)
        std::swap(a[c][k], a[piv][k]);
      for (int r = 0; r < n; ++r) {
        if (r == c)
          continue;
        LD q = a[r][c] / a[c][c];
        for (int k = c; k <= n; ++k)
          a[r][k] -= q * a[c][k];
      }
    }
    for (int i = 0; i < n; ++i)
      sol[size_t(i)] = a[i][5] / a[i][i];
    // The alternating extrema of the error (keeping the largest of a run
    // of one sign), trimmed to 5 by dropping the smaller end.
    std::vector<LD> es(grid + 1);
    for (int k = 0; k <= grid; ++k)
      es[size_t(k)] = err(-0.5L + LD(k) / grid);
    std::vector<std::pair<LD, LD>> alt;
    for (int k = 0; k <= grid; ++k) {
      LD v = es[size_t(k)];
      if (k > 0 && k < grid &&
          (v - es[size_t(k - 1)]) * (es[size_t(k + 1)] - v) > 0)
        continue; // not an extremum
      LD f = -0.5L + LD(k) / grid;
      if (!alt.empty() && (alt.back().second > 0) == (v > 0)) {
        if (std::fabs(v) > std::fabs(alt.back().second))
          alt.back() = {f, v};
      } else {
        alt.push_back({f, v});
      }
    }
    while (alt.size() > size_t(n)) {
      if (std::fabs(alt.front().second) < std::fabs(alt.back().second))
        alt.erase(alt.begin());
      else
        alt.pop_back();
    }
    if (alt.size() < size_t(n))
      break;
    for (int i = 0; i < n; ++i)
      pts[size_t(i)] = alt[size_t(i)].first;
  }
  return std::fabs(sol[4]);
}

/// v rounded to `bits` significant bits, to nearest even (normal range).
double roundSig(double v, int bits) {
  int e;
  double m = std::frexp(v, &e);
  return std::ldexp(std::nearbyint(std::ldexp(m, bits)), e - bits);
}

/// Units in the last place (of `bits` significant bits) between a and b.
double ulps(double a, double b, int bits) {
  double lo = std::min(a, b);
  return std::fabs(a - b) / std::ldexp(1.0, std::ilogb(lo) - (bits - 1));
}

} // namespace

int main(int argc, char **argv) {
  Options opts = parseOptions(argc, argv);
  rt::Context ctx = openContext("exp2-poly");
  rt::Stream stream = need(rt::Stream::create(ctx), "stream");
  rt::Program prog = loadProgram(ctx, opts, "exp2_poly");
  rt::Kernel kern = need(prog.kernel("exp2_poly_rows"), "kernel");

  // Inputs: a grid over [-125, 8], a denser one over [-0.5, 0.5] (all of
  // f's range at r = 0: near the error's extrema), and one block of
  // special values: below and near the clamp, ties of the rounding,
  // integers.
  const size_t block = 16384;
  std::vector<float> x;
  for (size_t k = 0; k < (1u << 18); ++k)
    x.push_back(float(-125.0 + 133.0 * (double(k) + 0.5) / double(1u << 18)));
  for (size_t k = 0; k < (1u << 17); ++k)
    x.push_back(float(-0.5 + double(k) / double(1u << 17)));
  std::vector<float> special = {
      -INFINITY, -1e30f, -200.f, -129.f, -128.5f, -128.f, -127.75f, -127.5f,
      0.5f,      -0.5f,  1.5f,   2.5f,   -2.5f,   8.f,    0.f,      -0.f};
  for (int i = -125; i <= 8; ++i)
    special.push_back(float(i));
  for (size_t k = 0; special.size() < block; ++k)
    special.push_back(float(-127.5 + 2.0 * (double(k) + 0.5) / 8192.0));
  x.insert(x.end(), special.begin(), special.end());
  while (x.size() % block)
    x.push_back(0.f);

  rt::DeviceBuffer dx =
      need(rt::DeviceBuffer::allocate(ctx, x.size() * 4), "x");
  rt::DeviceBuffer dy =
      need(rt::DeviceBuffer::allocate(ctx, x.size() * 4), "y");
  need(dx.copyFromHost(x.data(), x.size() * 4), "upload x");
  need(dy.poison(), "poison y");
  rt::KernelArgs args;
  args.ptr(dx).ptr(dy).scalar(int32_t(x.size()));
  rt::LaunchConfig cfg;
  cfg.grid = rt::Dim3{unsigned(x.size() / block), 1, 1};
  need(kern.launch(stream, cfg, args), "launch");
  need(stream.synchronize(), "run");
  std::vector<float> y(x.size());
  need(dy.copyToHost(y.data(), y.size() * 4), "download y");

  const double e = double(remezError()), slack = std::ldexp(1.0, -21);
  double maxRel = 0, worstX = 0, maxUlpB = 0, maxUlpH = 0;
  size_t inRange = 0, diffB = 0, nB = 0, diffH = 0, nH = 0, badZero = 0,
         badTiny = 0, badSign = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    double xi = x[i], yi = y[i], ref = std::exp2(xi);
    if (!std::isfinite(yi) || std::signbit(yi))
      ++badSign;
    if (xi <= -127.5) {
      uint32_t u;
      std::memcpy(&u, &y[i], 4);
      badZero += u != 0;
    } else if (xi < -125.5) {
      badTiny += !(yi >= 0 && yi <= std::ldexp(1.0, -125));
    }
    if (xi < -125 || xi > 8)
      continue;
    ++inRange;
    double rel = std::fabs(yi - ref) / ref;
    if (!(rel <= maxRel)) {
      maxRel = std::isnan(rel) ? INFINITY : rel;
      worstX = xi;
    }
    double qb = roundSig(yi, 8), rb = roundSig(ref, 8);
    ++nB;
    diffB += qb != rb;
    maxUlpB = std::max(maxUlpB, ulps(qb, rb, 8));
    if (xi >= -14) {
      double qh = roundSig(yi, 11), rh = roundSig(ref, 11);
      ++nH;
      diffH += qh != rh;
      maxUlpH = std::max(maxUlpH, ulps(qh, rh, 11));
    }
  }
  bool relOk = std::fabs(maxRel - e) <= slack;
  bool zeroOk = badZero == 0 && badTiny == 0 && badSign == 0;
  bool roundOk = maxUlpB <= 1 && maxUlpH <= 1;
  std::printf("CHECK exp2_poly relative error over [-125, 8] (%zu inputs): "
              "max %.5g at x = %.9g; the cubic minimax's %.5g (Remez), "
              "allowed +-%.3g: %s\n",
              inRange, maxRel, worstX, e, slack, relOk ? "PASS" : "FAIL");
  std::printf("CHECK exp2_poly -inf and x <= -127.5 exactly 0, (-127.5, "
              "-125.5) in [0, 2^-125], all finite and >= 0: %zu, %zu, %zu "
              "bad: %s\n",
              badZero, badTiny, badSign, zeroOk ? "PASS" : "FAIL");
  std::printf("CHECK exp2_poly rounded to bf16: %zu of %zu (%.2f%%) differ "
              "from 2^x rounded, by at most %.0f ulp; f16 (x >= -14): %zu of "
              "%zu (%.2f%%), at most %.0f ulp: %s\n",
              diffB, nB, 100.0 * double(diffB) / double(nB), maxUlpB, diffH, nH,
              100.0 * double(diffH) / double(nH), maxUlpH,
              roundOk ? "PASS" : "FAIL");
  bool pass = relOk && zeroOk && roundOk;
  std::printf("RESULT exp2-poly %s\n", pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
