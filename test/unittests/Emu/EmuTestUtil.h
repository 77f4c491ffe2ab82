//===- EmuTestUtil.h - Running hand-written PTX on the emulator -*- C++ -*-===//
#ifndef CUTE_TEST_EMU_EMUTESTUTIL_H
#define CUTE_TEST_EMU_EMUTESTUTIL_H

#include "cute/Emu/Emu.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace cute::emu::test {

/// The module header LLVM's NVPTX backend writes.
inline std::string ptxModule(const std::string &body,
                             const std::string &target = "sm_90a") {
  return ".version 8.8\n.target " + target + "\n.address_size 64\n\n" + body;
}

/// A device buffer of T initialised from `init`.
template <class T> struct Buf {
  uint64_t addr = 0;
  size_t n = 0;
  T *data() const { return reinterpret_cast<T *>(addr); }
  T &operator[](size_t i) const { return data()[i]; }
};

template <class T> Buf<T> upload(Device &d, const std::vector<T> &init) {
  Buf<T> b;
  b.n = init.size();
  b.addr = d.allocate(init.size() * sizeof(T)).value();
  std::memcpy(b.data(), init.data(), init.size() * sizeof(T));
  return b;
}

/// Loads `ptx`, launches `kernel` with the given parameter values (each a
/// pointer to its bytes) and returns the launch status.
inline Expected<LaunchStats> run(Device &d, const std::string &ptx,
                                 const std::string &kernel, LaunchConfig cfg,
                                 std::vector<void *> params) {
  CUTE_ASSIGN_OR_RETURN(Module m, d.loadModule(ptx));
  CUTE_ASSIGN_OR_RETURN(Kernel k, m.kernel(kernel));
  return d.launch(k, cfg, params.data());
}

inline LaunchConfig blocks(uint32_t grid, uint32_t block) {
  LaunchConfig c;
  c.grid[0] = grid;
  c.block[0] = block;
  return c;
}

inline bool contains(const std::string &s, const std::string &part) {
  return s.find(part) != std::string::npos;
}

/// Global source bytes: byte i is (i * 7 + 3) mod 256, except that 0 and
/// 0xa5 become 0x5a, so zero fill and the 0xa5 fill stand out.
inline std::vector<uint8_t> sourceBytes(size_t n) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) {
    v[i] = uint8_t(i * 7 + 3);
    if (v[i] == 0 || v[i] == 0xa5)
      v[i] = 0x5a;
  }
  return v;
}

/// Options with the race checker on, under schedule seed `seed` (0: the
/// deterministic schedule).
inline Options raceOptions(uint64_t seed) {
  Options o;
  o.raceCheck = true;
  o.schedule.random = seed != 0;
  o.schedule.seed = seed;
  return o;
}

} // namespace cute::emu::test

#endif // CUTE_TEST_EMU_EMUTESTUTIL_H
