//===- TmaTest.cpp - cp.async.bulk.tensor on the emulator -----------------===//
//
// Small kernels written as LLVM's NVPTX backend writes them load a box of a
// tensor into shared memory with TMA (mbarrier.init, arrive.expect_tx,
// try_wait.parity loop) and copy the shared bytes out with ordinary loads,
// or fill shared memory and store a box with TMA (bulk async-groups). The
// expected bytes are computed here from the PTX ISA ("Tiled Mode",
// "Tensor Swizzling Modes": the 16-byte chunk index within a 128-byte line
// XORed with that line's index within the pattern's repeat) and from the
// H200 measurements of test/gpu/emu-probes/tma_probe.cu (NaN fill, TF32
// rounding, row padding of narrow boxes, alignment faults), never from the
// emulator.
//
//===----------------------------------------------------------------------===//
#include "EmuTestUtil.h"
#include "TensorMapFormat.h"

#include <functional>

using namespace cute;
using namespace cute::emu;
using namespace cute::emu::test;

namespace {

// CUtensorMapDataType values.
constexpr uint8_t kU16 = 1, kF32 = 7, kTF32 = 11;

struct alignas(64) MapBytes {
  uint8_t b[128] = {};
};

struct MapSpec {
  uint8_t type = kU16, esize = 2, swizzle = 0, fill = 0;
  std::vector<uint32_t> dims, box;
  std::vector<uint8_t> estr; ///< empty: all 1
};

/// A tensor-map in the emulator's encoding (TensorMapFormat.h) for a dense
/// tensor at `addr`.
MapBytes makeMap(const MapSpec &s, uint64_t addr) {
  EmuTensorMap t;
  std::memset(&t, 0, sizeof t);
  t.magic = EmuTensorMap::kMagic;
  t.dataType = s.type;
  t.rank = uint8_t(s.dims.size());
  t.swizzle = s.swizzle;
  t.oobFill = s.fill;
  t.elementBytes = s.esize;
  t.globalAddress = addr;
  uint64_t stride = s.esize;
  for (size_t i = 0; i < s.dims.size(); ++i) {
    t.globalDim[i] = s.dims[i];
    t.boxDim[i] = s.box[i];
    t.elementStrides[i] = s.estr.empty() ? 1 : s.estr[i];
    if (i > 0)
      t.globalStride[i - 1] = stride;
    stride *= s.dims[i];
  }
  MapBytes m;
  std::memcpy(m.b, &t, sizeof t);
  return m;
}

/// The coordinate vector of an N-D copy: {%r10, %r11, ...}.
std::string coordList(size_t dims) {
  std::string s = "{";
  for (size_t i = 0; i < dims; ++i)
    s += (i ? ", %r" : "%r") + std::to_string(10 + i);
  return s + "}";
}

const char *kParams = R"(
	.param .u64 .ptr .global .align 1 p_out,
	.param .u32 p_nbytes,
	.param .u32 p_dstoff,
	.param .u32 p_expect,
	.param .u32 p_c0,
	.param .u32 p_c1,
	.param .u32 p_c2,
	.param .u32 p_c3,
	.param .u32 p_c4,
	.param .align 64 .b8 p_map[128]
))";

const char *kProlog = R"(
	.reg .pred 	%p<8>;
	.reg .b32 	%r<32>;
	.reg .b64 	%rd<24>;

	mov.b64 	%rd1, p_map;
	cvta.param.u64 	%rd2, %rd1;
	ld.param.b64 	%rd3, [p_out];
	cvta.to.global.u64 	%rd4, %rd3;
	ld.param.b32 	%r1, [p_nbytes];
	ld.param.b32 	%r2, [p_dstoff];
	ld.param.b32 	%r3, [p_expect];
	ld.param.b32 	%r10, [p_c0];
	ld.param.b32 	%r11, [p_c1];
	ld.param.b32 	%r12, [p_c2];
	ld.param.b32 	%r13, [p_c3];
	ld.param.b32 	%r14, [p_c4];
	mov.u32 	%r4, %tid.x;
	mov.u32 	%r5, %ntid.x;
	shl.b32 	%r8, %r5, 4;
	mov.b64 	%rd6, __cute_dynamic_smem;
	cvt.u64.u32 	%rd10, %r2;
	add.s64 	%rd11, %rd6, %rd10;
)";

/// A kernel that fills shared bytes [1024, 1024 + nbytes) with 0xa5, loads
/// a box to shared 1024 + dstoff (mbarrier at shared 0), waits, and copies
/// the shared bytes to out. `load` is the cp.async.bulk.tensor line.
std::string loadKernel(const std::string &load,
                       const std::string &target = "sm_90a") {
  return ptxModule(std::string(R"(
.extern .shared .align 1024 .b8 __cute_dynamic_smem[];

.visible .entry tma_load()") +
                       kParams + "{" + kProlog + R"(
	mov.b32 	%r6, -1515870811;
	shl.b32 	%r7, %r4, 4;
$L__fill:
	setp.ge.u32 	%p1, %r7, %r1;
	@%p1 bra 	$L__filled;
	cvt.u64.u32 	%rd5, %r7;
	add.s64 	%rd7, %rd6, %rd5;
	st.shared.v4.b32 	[%rd7+1024], {%r6, %r6, %r6, %r6};
	add.s32 	%r7, %r7, %r8;
	bra.uni 	$L__fill;
$L__filled:
	fence.proxy.async.shared::cta;
	setp.ne.b32 	%p2, %r4, 0;
	@%p2 bra 	$L__inited;
	mov.b32 	%r9, 1;
	mbarrier.init.shared.b64 	[__cute_dynamic_smem], %r9;
$L__inited:
	fence.mbarrier_init.release.cluster;
	bar.sync 	0;
	@%p2 bra 	$L__wait;
	mbarrier.arrive.expect_tx.shared.b64 	%rd8, [__cute_dynamic_smem], %r3;
	)" + load + R"(
$L__wait:
	mov.b32 	%r15, 0;
$L__spin:
	mbarrier.try_wait.parity.shared.b64 	%p3, [__cute_dynamic_smem], %r15;
	not.pred 	%p4, %p3;
	@%p4 bra 	$L__spin;
	shl.b32 	%r7, %r4, 4;
$L__dump:
	setp.ge.u32 	%p1, %r7, %r1;
	@%p1 bra 	$L__done;
	cvt.u64.u32 	%rd5, %r7;
	add.s64 	%rd7, %rd6, %rd5;
	ld.shared.v4.b32 	{%r20, %r21, %r22, %r23}, [%rd7+1024];
	add.s64 	%rd12, %rd4, %rd5;
	st.global.v4.b32 	[%rd12], {%r20, %r21, %r22, %r23};
	add.s32 	%r7, %r7, %r8;
	bra.uni 	$L__dump;
$L__done:
	ret;
}
)",
                   target);
}

std::string tileLoad(size_t dims) {
  return "cp.async.bulk.tensor." + std::to_string(dims) +
         "d.shared::cta.global.tile.mbarrier::complete_tx::bytes "
         "[%rd11+1024], [%rd2, " +
         coordList(dims) + "], [__cute_dynamic_smem];";
}

/// A kernel that copies out[0, nbytes) into shared 1024.., fences, stores
/// the box at shared 1024 + dstoff with TMA and waits for it; `extra` runs
/// after the wait (thread 0).
std::string storeKernel(size_t dims, bool fence = true,
                        const std::string &extra = "") {
  return ptxModule(std::string(R"(
.extern .shared .align 1024 .b8 __cute_dynamic_smem[];

.visible .entry tma_store()") +
                   kParams + "{" + kProlog + R"(
	shl.b32 	%r7, %r4, 4;
$L__fill:
	setp.ge.u32 	%p1, %r7, %r1;
	@%p1 bra 	$L__filled;
	cvt.u64.u32 	%rd5, %r7;
	add.s64 	%rd12, %rd4, %rd5;
	ld.global.v4.b32 	{%r20, %r21, %r22, %r23}, [%rd12];
	add.s64 	%rd7, %rd6, %rd5;
	st.shared.v4.b32 	[%rd7+1024], {%r20, %r21, %r22, %r23};
	add.s32 	%r7, %r7, %r8;
	bra.uni 	$L__fill;
$L__filled:
	)" + (fence ? "fence.proxy.async.shared::cta;" : "") +
                   R"(
	bar.sync 	0;
	setp.ne.b32 	%p2, %r4, 0;
	@%p2 bra 	$L__done;
	cp.async.bulk.tensor.)" +
                   std::to_string(dims) +
                   "d.global.shared::cta.tile.bulk_group [%rd2, " +
                   coordList(dims) + R"(], [%rd11+1024];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 	0;
	)" + extra +
                   R"(
$L__done:
	ret;
}
)");
}

/// Replaces the first `from` in `s` (which must be there).
void edit(std::string &s, const std::string &from, const std::string &to) {
  size_t at = s.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  s.replace(at, from.size(), to);
}

struct Launch {
  uint32_t nbytes = 0, dstoff = 0, expect = 0;
  int32_t c[5] = {};
  uint32_t threads = 128;
  uint32_t cluster = 1;
};

Expected<LaunchStats> launch(Device &d, const std::string &ptx,
                             const char *kernel, uint64_t out,
                             const MapBytes &m, Launch l) {
  MapBytes map = m;
  LaunchConfig cfg = blocks(l.cluster, l.threads);
  cfg.cluster[0] = l.cluster;
  cfg.dynamicSmemBytes = 1024 + l.nbytes + 1024;
  std::vector<void *> p = {
      (void *)&out,    (void *)&l.nbytes, (void *)&l.dstoff, (void *)&l.expect,
      (void *)&l.c[0], (void *)&l.c[1],   (void *)&l.c[2],   (void *)&l.c[3],
      (void *)&l.c[4], (void *)map.b};
  return run(d, ptx, kernel, cfg, p);
}

/// Element bytes of the tensor at linear element index i.
using ValueFn = std::function<void(uint64_t, uint8_t *)>;

void u16Index(uint64_t i, uint8_t *out) {
  uint16_t v = uint16_t(i);
  std::memcpy(out, &v, 2);
}

/// The swizzled shared address (PTX ISA "Tensor Swizzling Modes"): within
/// each 128-byte line, the 16-byte chunk index is XORed with the line's
/// index modulo the number of chunks in the span (2, 4, 8 lines per repeat
/// of 256, 512, 1024 bytes).
uint64_t swizzled(uint64_t addr, unsigned span) {
  if (!span)
    return addr;
  uint64_t line = addr / 128, chunk = (addr % 128) / 16;
  chunk ^= line % (span / 16);
  return line * 128 + chunk * 16 + addr % 16;
}

/// The shared bytes [1024, 1024 + nbytes) after loading the box at `c` of
/// a tensor described by `s` whose elements are `value(linear index)`.
std::vector<uint8_t> expectLoad(const MapSpec &s, const Launch &l,
                                const ValueFn &value) {
  std::vector<uint8_t> img(l.nbytes, 0xa5);
  const size_t dims = s.dims.size();
  const unsigned span = s.swizzle ? 16u << s.swizzle : 0;
  uint32_t n[5] = {1, 1, 1, 1, 1};
  for (size_t i = 0; i < dims; ++i) {
    uint32_t st = (i == 0 || s.estr.empty()) ? 1 : s.estr[i];
    n[i] = (s.box[i] + st - 1) / st;
  }
  const uint32_t rowBytes = n[0] * s.esize;
  const uint32_t pitch = span ? span : rowBytes;
  uint64_t row = 0;
  for (uint32_t e4 = 0; e4 < n[4]; ++e4)
    for (uint32_t e3 = 0; e3 < n[3]; ++e3)
      for (uint32_t e2 = 0; e2 < n[2]; ++e2)
        for (uint32_t e1 = 0; e1 < n[1]; ++e1, ++row)
          for (uint32_t e0 = 0; e0 < n[0]; ++e0) {
            uint32_t e[5] = {e0, e1, e2, e3, e4};
            bool in = true;
            uint64_t lin = 0, mul = 1;
            for (size_t i = 0; i < dims; ++i) {
              uint32_t st = (i == 0 || s.estr.empty()) ? 1 : s.estr[i];
              int64_t g = int64_t(l.c[i]) + int64_t(e[i]) * st;
              in &= g >= 0 && g < int64_t(s.dims[i]);
              lin += uint64_t(g) * mul;
              mul *= s.dims[i];
            }
            uint8_t v[8] = {};
            if (in)
              value(lin, v);
            else if (s.fill) // H200: 0x7ff7 in every 16-bit granule
              for (unsigned k = 0; k < s.esize; k += 2) {
                v[k] = 0xf7;
                v[k + 1] = 0x7f;
              }
            uint64_t a =
                swizzled(1024 + l.dstoff + row * pitch + e0 * s.esize, span) -
                1024;
            std::memcpy(img.data() + a, v, s.esize);
          }
  return img;
}

/// Runs the load kernel on a tensor of `value`s and compares shared memory.
void checkLoad(const MapSpec &s, Launch l, const ValueFn &value,
               Options o = {}) {
  Device d(Chip::Sm90a, o);
  uint64_t elems = 1;
  for (uint32_t x : s.dims)
    elems *= x;
  auto g = upload(d, std::vector<uint8_t>(elems * s.esize));
  for (uint64_t i = 0; i < elems; ++i)
    value(i, g.data() + i * s.esize);
  auto out = upload(d, std::vector<uint8_t>(l.nbytes, 0));
  MapBytes map = makeMap(s, g.addr);
  auto r = launch(d, loadKernel(tileLoad(s.dims.size())), "tma_load", out.addr,
                  map, l);
  ASSERT_TRUE(r.ok()) << r.error().message();
  std::vector<uint8_t> want = expectLoad(s, l, value);
  for (uint32_t i = 0; i < l.nbytes; ++i)
    ASSERT_EQ(out[i], want[i]) << "shared byte " << (1024 + i);
}

uint32_t boxBytes(const MapSpec &s) {
  uint32_t b = s.esize;
  for (size_t i = 0; i < s.box.size(); ++i) {
    uint32_t st = (i == 0 || s.estr.empty()) ? 1 : s.estr[i];
    b *= (s.box[i] + st - 1) / st;
  }
  return b;
}

/// The 256 x 64 u16 tensor of u16Map2d, element i holding i.
Buf<uint16_t> u16Tensor(Device &d) {
  auto g = upload(d, std::vector<uint16_t>(256 * 64));
  for (uint64_t i = 0; i < 256 * 64; ++i)
    g[i] = uint16_t(i);
  return g;
}

MapSpec u16Map2d(uint8_t swizzle, uint32_t inner, uint32_t rows) {
  MapSpec s;
  s.swizzle = swizzle;
  s.dims = {256, 64};
  s.box = {inner, rows};
  return s;
}

} // namespace

// A full-span box of each swizzle mode, at offsets inside the pattern's
// repeat (the H200 swizzles by absolute shared address).
TEST(EmuTma, SwizzleModes2d) {
  for (uint8_t sw = 0; sw < 4; ++sw)
    for (uint32_t off : {0u, 128u, 384u, 640u}) {
      SCOPED_TRACE("swizzle " + std::to_string(sw) + " offset " +
                   std::to_string(off));
      MapSpec s = u16Map2d(sw, sw ? (16u << sw) / 2 : 64, 16);
      Launch l;
      l.dstoff = off;
      l.nbytes = off + 16 * 128 + 256;
      l.expect = boxBytes(s);
      l.c[0] = 24;
      l.c[1] = 3;
      checkLoad(s, l, u16Index);
    }
}

// Inner extents below the swizzle span: one span per row in shared memory,
// and the mbarrier counts only the box's bytes (H200).
TEST(EmuTma, NarrowBoxesArePaddedToTheSpan) {
  struct N {
    uint8_t sw;
    uint32_t inner;
  } cases[] = {{3, 32}, {3, 8}, {2, 16}, {2, 8}, {1, 8}};
  for (N c : cases) {
    SCOPED_TRACE("swizzle " + std::to_string(c.sw) + " inner " +
                 std::to_string(c.inner));
    MapSpec s = u16Map2d(c.sw, c.inner, 16);
    Launch l;
    l.dstoff = 128;
    l.nbytes = 128 + 16 * 128 + 128;
    l.expect = boxBytes(s);
    l.c[0] = 8;
    l.c[1] = 1;
    checkLoad(s, l, u16Index);
  }
}

// Out-of-bound elements (PTX ISA "Tiled Mode: out-of-bound access"): zero,
// or the NaN request (0x7ff7 per 16-bit granule on the H200); the
// transaction count is the whole box.
TEST(EmuTma, OutOfBoundFill) {
  for (uint8_t fill : {0, 1})
    for (auto [x, y] : {std::pair{-4, -2}, {28, 15}, {-20, 0}, {0, 25}}) {
      SCOPED_TRACE("fill " + std::to_string(fill) + " at " + std::to_string(x) +
                   "," + std::to_string(y));
      MapSpec s;
      s.type = kF32;
      s.esize = 4;
      s.fill = fill;
      s.dims = {40, 20};
      s.swizzle = 3;
      s.box = {32, 8};
      Launch l;
      l.nbytes = 8 * 128;
      l.expect = boxBytes(s);
      l.c[0] = x;
      l.c[1] = y;
      checkLoad(s, l, [](uint64_t i, uint8_t *o) {
        float f = 1.0f + float(i);
        std::memcpy(o, &f, 4);
      });
    }
}

// Traversal strides (driver documentation: ceil(boxDim / elementStride)
// elements; dimension 0's stride is ignored).
TEST(EmuTma, ElementStrides) {
  for (auto st : {std::vector<uint8_t>{1, 2}, {1, 3}, {2, 1}}) {
    MapSpec s = u16Map2d(0, 16, 8);
    s.estr = st;
    Launch l;
    l.nbytes = 512;
    l.expect = boxBytes(s);
    l.c[0] = 8;
    l.c[1] = 59; // past the end on the last strided rows
    checkLoad(s, l, u16Index);
  }
}

TEST(EmuTma, Box1d3d5d) {
  {
    MapSpec s;
    s.dims = {100};
    s.box = {24};
    Launch l;
    l.nbytes = 64;
    l.expect = 48;
    l.c[0] = 88;
    checkLoad(s, l, u16Index);
  }
  {
    MapSpec s;
    s.dims = {16, 8, 4};
    s.box = {8, 4, 2};
    Launch l;
    l.nbytes = 256;
    l.expect = boxBytes(s);
    l.c[0] = 8;
    l.c[1] = 2;
    l.c[2] = 3;
    checkLoad(s, l, u16Index);
  }
  {
    MapSpec s;
    s.dims = {64, 4, 3, 2, 2};
    s.box = {64, 2, 2, 2, 1};
    s.swizzle = 3;
    Launch l;
    l.nbytes = 1024;
    l.expect = boxBytes(s);
    int32_t c[5] = {0, 3, 1, -1, 1};
    std::memcpy(l.c, c, sizeof c);
    checkLoad(s, l, u16Index);
  }
}

// TFLOAT32 loads round to nearest even at 10 fraction bits and turn every
// NaN into 0x7fffe000 (pairs measured on the H200).
TEST(EmuTma, Tf32LoadRounding) {
  static const uint32_t kIn[16] = {
      0x00000001, 0x007fffff, 0x7fc00001, 0x3f800fff, 0x3f801000, 0x3f801800,
      0x3fffffff, 0x7f7fffff, 0x3f803000, 0xbf803000, 0x00003000, 0xffc00000,
      0x7f7ff000, 0x807fffff, 0x00100000, 0x80000000};
  static const uint32_t kOut[16] = {
      0x00000000, 0x00800000, 0x7fffe000, 0x3f800000, 0x3f800000, 0x3f802000,
      0x40000000, 0x7f800000, 0x3f804000, 0xbf804000, 0x00004000, 0x7fffe000,
      0x7f800000, 0x80800000, 0x00100000, 0x80000000};
  Device d(Chip::Sm90a);
  auto g = upload(d, std::vector<uint32_t>(kIn, kIn + 16));
  auto out = upload(d, std::vector<uint8_t>(64, 0));
  MapSpec s;
  s.type = kTF32;
  s.esize = 4;
  s.dims = {16};
  s.box = {16};
  Launch l;
  l.nbytes = 64;
  l.expect = 64;
  auto r = launch(d, loadKernel(tileLoad(1)), "tma_load", out.addr,
                  makeMap(s, g.addr), l);
  ASSERT_TRUE(r.ok()) << r.error().message();
  for (int i = 0; i < 16; ++i) {
    uint32_t v;
    std::memcpy(&v, out.data() + 4 * i, 4);
    EXPECT_EQ(v, kOut[i]) << std::hex << "input 0x" << kIn[i];
  }
}

// Under random schedules the copy lands only after issue and the waiters
// see it only through the mbarrier phase.
TEST(EmuTma, RandomSchedules) {
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Options o;
    o.schedule.random = true;
    o.schedule.seed = seed;
    o.raceCheck = seed % 2 == 0;
    MapSpec s = u16Map2d(3, 64, 8);
    Launch l;
    l.nbytes = 1024;
    l.expect = 1024;
    l.c[0] = 64;
    l.c[1] = 9;
    checkLoad(s, l, u16Index, o);
  }
}

// A TMA store writes the in-bound part of the box (elements past the end
// are dropped) from swizzled shared memory; wait_group 0 (without .read)
// makes the writes visible to the issuing thread, which reads one back.
TEST(EmuTma, StoreSwizzledAndClipped) {
  for (uint8_t sw : {0, 3})
    for (uint64_t seed : {0, 1, 2, 3, 4, 5, 6}) {
      SCOPED_TRACE("swizzle " + std::to_string(sw) + " seed " +
                   std::to_string(seed));
      Device d(Chip::Sm90a);
      Options o;
      o.schedule.random = seed != 0;
      o.schedule.seed = seed;
      o.raceCheck = true;
      d.setOptions(o);
      MapSpec s = u16Map2d(sw, 64, 8);
      auto g = upload(d, std::vector<uint16_t>(256 * 64, 0xeeee));
      Launch l;
      l.dstoff = 128;
      l.nbytes = 128 + 8 * 128;
      l.c[0] = 224;
      l.c[1] = 60;
      std::vector<uint8_t> src(l.nbytes + 16);
      for (size_t i = 0; i < src.size(); ++i)
        src[i] = uint8_t(i * 7 + 1);
      auto buf = upload(d, src);
      // After the wait: out[nbytes..+2) = the global element at (224, 60).
      std::string extra = R"(
	ld.global.b16 	%rs1, [%rd20];
	st.global.b16 	[%rd21], %rs1;)";
      std::string ptx = storeKernel(2, true, extra);
      edit(ptx, ".reg .b64", ".reg .b16 %rs<2>;\n\t.reg .b64");
      edit(ptx, "ld.global.b16",
           "mov.b64 %rd20, " + std::to_string(g.addr + 2 * (60 * 256 + 224)) +
               ";\n\tadd.s64 %rd21, %rd4, " + std::to_string(l.nbytes) +
               ";\n\tld.global.b16");
      auto r = launch(d, ptx, "tma_store", buf.addr, makeMap(s, g.addr), l);
      ASSERT_TRUE(r.ok()) << r.error().message();
      const unsigned span = sw ? 128 : 0;
      for (uint32_t y = 0; y < 64; ++y)
        for (uint32_t x = 0; x < 256; ++x) {
          uint16_t want = 0xeeee;
          if (x >= 224 && y >= 60) {
            uint64_t a =
                swizzled(1024 + 128 + (y - 60) * 128 + (x - 224) * 2, span) -
                1024;
            want = uint16_t(src[a] | src[a + 1] << 8);
          }
          ASSERT_EQ(g[y * 256 + x], want) << x << "," << y;
        }
      uint16_t seen;
      std::memcpy(&seen, buf.data() + l.nbytes, 2);
      EXPECT_EQ(seen, g[60 * 256 + 224]);
    }
}

// Multicast (PTX ISA: the same shared offset and mbarrier offset in every
// CTA of ctaMask, each receiving complete-tx of the box's bytes).
TEST(EmuTma, Multicast) {
  std::string load =
      R"(mov.u32 	%r16, %cluster_ctarank;
	setp.ne.b32 	%p5, %r16, 0;
	@%p5 bra 	$L__wait;
	cvta.shared.u64 	%rd13, %rd11;
	cvta.to.shared::cluster.u64 	%rd14, %rd13;
	add.s64 	%rd14, %rd14, 1024;
	mov.b16 	%rs1, 3;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%rd14], [%rd2, {%r10, %r11}], [__cute_dynamic_smem], %rs1;)";
  std::string ptx = loadKernel(load);
  edit(ptx, ".reg .b64", ".reg .b16 %rs<2>;\n\t.reg .b64");
  // CTA rank r dumps to out + r * nbytes; both CTAs' barriers are set up
  // before rank 0 issues (cluster barrier after the init).
  edit(ptx, "bar.sync 	0;",
       "barrier.cluster.arrive.aligned;\n\tbarrier.cluster.wait.aligned;");
  edit(ptx, "shl.b32 	%r7, %r4, 4;\n$L__dump",
       "mov.u32 %r17, %cluster_ctarank;\n\tmul.wide.u32 %rd15, %r17, "
       "%r1;\n\tadd.s64 %rd4, %rd4, %rd15;\n\tshl.b32 	%r7, %r4, "
       "4;\n$L__dump");
  Device d(Chip::Sm90a);
  MapSpec s = u16Map2d(3, 64, 8);
  auto g = u16Tensor(d);
  Launch l;
  l.cluster = 2;
  l.nbytes = 1024;
  l.expect = 1024;
  l.c[0] = 128;
  l.c[1] = 5;
  auto out = upload(d, std::vector<uint8_t>(2 * l.nbytes, 0));
  auto r = launch(d, ptx, "tma_load", out.addr, makeMap(s, g.addr), l);
  ASSERT_TRUE(r.ok()) << r.error().message();
  std::vector<uint8_t> want = expectLoad(s, l, u16Index);
  for (int cta = 0; cta < 2; ++cta)
    EXPECT_EQ(0,
              std::memcmp(out.data() + cta * l.nbytes, want.data(), l.nbytes))
        << "CTA " << cta;
}

// sm_100a .cta_group::2: both CTAs of a pair load into their own shared
// memory and signal the even CTA's mbarrier (the address with the peer bit
// cleared, as the 2-CTA GEMM writes it), which expects both boxes.
TEST(EmuTma, CtaGroup2SignalsThePeer) {
  std::string load = R"(mov.u32 	%r16, %cluster_ctarank;
	cvta.shared.u64 	%rd13, %rd11;
	cvta.to.shared::cluster.u64 	%rd14, %rd13;
	add.s64 	%rd14, %rd14, 1024;
	mov.b64 	%rd15, __cute_dynamic_smem;
	and.b64 	%rd15, %rd15, 4278190072;
	cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2 [%rd14], [%rd2, {%r10, %r11}], [%rd15];)";
  std::string ptx = loadKernel(load, "sm_100a");
  // Only rank 0 expects (both boxes) and waits; then the cluster syncs.
  edit(ptx, "@%p2 bra 	$L__wait;",
       "@%p2 bra 	$L__wait;\n\tmov.u32 %r18, %cluster_ctarank;\n\t"
       "setp.ne.b32 %p6, %r18, 0;\n\t@%p6 bra $L__issue;");
  edit(ptx, "mov.u32 	%r16", "$L__issue:\n\tmov.u32 	%r16");
  edit(ptx, "bar.sync 	0;",
       "barrier.cluster.arrive.aligned;\n\tbarrier.cluster.wait.aligned;");
  edit(ptx, "$L__wait:\n",
       "$L__wait:\n\tmov.u32 %r19, %cluster_ctarank;\n\tsetp.ne.b32 "
       "%p7, %r19, 0;\n\t@%p7 bra $L__synced;\n");
  edit(ptx, "\tshl.b32 	%r7, %r4, 4;\n$L__dump",
       "$L__synced:\n\tbarrier.cluster.arrive.aligned;\n\t"
       "barrier.cluster.wait.aligned;\n\tmov.u32 %r17, "
       "%cluster_ctarank;\n\tmul.wide.u32 %rd15, %r17, %r1;\n\t"
       "add.s64 %rd4, %rd4, %rd15;\n\tshl.b32 	%r7, %r4, 4;\n$L__dump");
  Device d(Chip::Sm100a);
  MapSpec s = u16Map2d(3, 64, 8);
  auto g = u16Tensor(d);
  Launch l;
  l.cluster = 2;
  l.nbytes = 1024;
  l.expect = 2 * 1024;
  l.c[0] = 0;
  l.c[1] = 40;
  auto out = upload(d, std::vector<uint8_t>(2 * l.nbytes, 0));
  auto r = launch(d, ptx, "tma_load", out.addr, makeMap(s, g.addr), l);
  ASSERT_TRUE(r.ok()) << r.error().message();
  std::vector<uint8_t> want = expectLoad(s, l, u16Index);
  for (int cta = 0; cta < 2; ++cta)
    EXPECT_EQ(0,
              std::memcmp(out.data() + cta * l.nbytes, want.data(), l.nbytes))
        << "CTA " << cta;
}

// --- What the H200 refuses, and what the checks report ---------------------

namespace {
Expected<LaunchStats> loadWith(Device &d, MapSpec s, Launch l,
                               const std::string &line = "") {
  auto g = upload(d, std::vector<uint16_t>(256 * 64));
  auto out = upload(d, std::vector<uint8_t>(l.nbytes, 0));
  return launch(d, loadKernel(line.empty() ? tileLoad(s.dims.size()) : line),
                "tma_load", out.addr, makeMap(s, g.addr), l);
}
bool has(const Expected<LaunchStats> &r, const char *part, int code) {
  return !r.ok() && r.error().message().find(part) != std::string::npos &&
         r.error().cudaResult() == code;
}
} // namespace

TEST(EmuTma, Faults) {
  Device d(Chip::Sm90a);
  MapSpec s = u16Map2d(0, 64, 4);
  Launch l;
  l.nbytes = 1024;
  l.expect = boxBytes(s);
  l.dstoff = 16; // H200: misaligned address
  EXPECT_TRUE(has(loadWith(d, s, l), "not 128-byte aligned", 716));
  l.dstoff = 0;
  l.c[0] = 3; // H200: illegal instruction
  EXPECT_TRUE(has(loadWith(d, s, l), "multiple of 16 bytes", 715));
  l.c[0] = 0;
  l.expect = boxBytes(s) + 16; // the phase never completes
  Options o;
  o.spinLimit = 1000;
  d.setOptions(o);
  auto r = loadWith(d, s, l);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("hangs"), std::string::npos)
      << r.error().message();
  EXPECT_NE(r.error().message().find("mbarrier"), std::string::npos);
  // A tensor larger than its allocation: the access past the end is named.
  l.expect = boxBytes(s);
  l.c[1] = 62;
  MapSpec big = s;
  big.dims = {256, 128};
  auto past = loadWith(d, big, l);
  EXPECT_TRUE(has(past, "is not in any allocation", 700))
      << past.error().message();
  // A descriptor the driver did not write.
  auto out = upload(d, std::vector<uint8_t>(l.nbytes, 0));
  MapBytes junk;
  auto j = launch(d, loadKernel(tileLoad(2)), "tma_load", out.addr, junk, l);
  EXPECT_TRUE(has(j, "not a tensor-map", 715)) << j.error().message();
  // A rank that differs from .dim.
  l.c[1] = 0;
  EXPECT_TRUE(has(loadWith(d, s, l, tileLoad(3)), "rank is 2", 715));
}

TEST(EmuTma, StoreFaultsAndMissingProxyFence) {
  MapSpec s = u16Map2d(0, 32, 8);
  Launch l;
  l.nbytes = 1024;
  auto runStore = [&](bool fence, bool race) {
    Device d(Chip::Sm90a);
    Options o;
    o.raceCheck = race;
    d.setOptions(o);
    auto g = upload(d, std::vector<uint16_t>(256 * 64));
    auto buf = upload(d, std::vector<uint8_t>(l.nbytes, 1));
    return launch(d, storeKernel(2, fence), "tma_store", buf.addr,
                  makeMap(s, g.addr), l);
  };
  l.c[0] = -8; // H200: stores refuse negative coordinates
  EXPECT_TRUE(has(runStore(true, false), "negative coordinate", 715));
  l.c[0] = 0;
  auto ok = runStore(true, true);
  EXPECT_TRUE(ok.ok()) << ok.error().message();
  // PTX ISA "Proxies": the generic writes must be fenced before the async
  // proxy reads them, even though bar.sync orders them.
  auto r = runStore(false, true);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message().find("fence.proxy.async"), std::string::npos)
      << r.error().message();
  EXPECT_NE(r.error().message().find("cp.async.bulk.tensor"),
            std::string::npos);
}

// Decoding: the forms LLVM writes load; the ones cute-emu lacks are named.
TEST(EmuTma, Decode) {
  Device d(Chip::Sm100a);
  auto body = [](const std::string &insn) {
    return ptxModule(R"(
.extern .shared .align 1024 .b8 __cute_dynamic_smem[];
.visible .entry k(.param .align 64 .b8 p_map[128])
{
	.reg .b16 	%rs<4>;
	.reg .b32 	%r<16>;
	.reg .b64 	%rd<8>;
	mov.b64 	%rd1, p_map;
	)" + insn + R"(
	ret;
}
)",
                     "sm_100a");
  };
  for (const char *ok : {
           "prefetch.param.tensormap [%rd1];",
           "prefetch.tensormap [%rd1];",
           "prefetch.global.L2 [%rd1];",
           "cp.async.bulk.commit_group;",
           "cp.async.bulk.wait_group.read 0;",
           "cp.async.bulk.wait_group 1;",
           "cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%rd1, {%r1, "
           "%r2}];",
           "cp.async.bulk.tensor.5d.shared::cta.global.tile.mbarrier::"
           "complete_tx::bytes [%rd2+1024], [%rd1, {%r1, %r1, %r1, %r2, "
           "%r3}], [%rd3];",
           "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
           "complete_tx::bytes.multicast::cluster.cta_group::2 [%rd2], [%rd1, "
           "{%r1, %r2}], [%rd3], %rs1;",
           "cp.async.bulk.tensor.3d.global.shared::cta.tile.bulk_group."
           "L2::cache_hint [%rd1, {%r1, %r2, %r3}], [%rd2], %rd4;",
       })
    EXPECT_TRUE(d.loadModule(body(ok)).ok()) << ok;
  struct Bad {
    const char *insn, *names;
  } bad[] = {
      {"cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::"
       "complete_tx::bytes [%rd2], [%rd1, {%r1, %r2, %r3}], [%rd3], {%rs1};",
       "im2col load mode"},
      {"cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group "
       "[%rd1, {%r1, %r2}], [%rd2];",
       "TMA reductions"},
      {"cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx:"
       ":bytes [%rd2], [%rd1, {%r1}], [%rd3];",
       "needs 2 coordinates"},
  };
  for (const Bad &b : bad) {
    auto m = d.loadModule(body(b.insn));
    ASSERT_FALSE(m.ok()) << b.insn;
    EXPECT_NE(m.error().message().find(b.names), std::string::npos)
        << m.error().message();
  }
}

// wait_group.read orders the store's shared reads before what follows the
// wait, so overwriting the buffer then is not a race. Disabled until the
// scheduler's wake() joins the warp's async-agent clock into the warp when a
// Wait::BulkGroup completes (execWait does so when it need not park).
TEST(EmuTma, StoreBufferReuseAfterWaitIsNotARace) {
  MapSpec s = u16Map2d(0, 32, 8);
  Launch l;
  l.nbytes = 1024;
  Device d(Chip::Sm90a);
  Options o;
  o.raceCheck = true;
  d.setOptions(o);
  auto g = upload(d, std::vector<uint16_t>(256 * 64));
  auto buf = upload(d, std::vector<uint8_t>(l.nbytes, 1));
  auto r = launch(d, storeKernel(2, true, "st.shared.b32 [%rd11+1024], %r4;"),
                  "tma_store", buf.addr, makeMap(s, g.addr), l);
  EXPECT_TRUE(r.ok()) << r.error().message();
}
