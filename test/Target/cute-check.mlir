// cute.check: with debug-checks=true a false condition prints the message
// and the values and traps (vprintf, __assertfail); without, the op leaves
// nothing behind.
// RUN: rm -rf %t && mkdir -p %t/on %t/off
// RUN: cute-opt %s --cute-compile="chip=sm_90a debug-checks=true output-dir=%t/on" -o /dev/null
// RUN: FileCheck %s --check-prefix=ON < %t/on/cute_check.sm_90a.ptx
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t/off" -o /dev/null
// RUN: FileCheck %s --check-prefix=OFF < %t/off/cute_check.sm_90a.ptx
// RUN: cute-opt %s | cute-opt | FileCheck %s --check-prefix=ROUND
// ON: .entry page_in_cache(
// ON: setp.lt.u32
// ON: call.uni (retval0), vprintf,
// ON: call.uni __assertfail,
// OFF: .entry page_in_cache(
// OFF-NOT: vprintf
// OFF-NOT: __assertfail
// OFF: ret;
// ROUND: cute.check %{{.*}}, "page outside the cache (page, pages)"{{ ?}}(%{{.*}}, %{{.*}} : i32, i32)
module attributes {gpu.container_module} {
  gpu.module @cute_check {
    gpu.func @page_in_cache(%p: i32, %n: i32) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %ok = arith.cmpi ult, %p, %n : i32
      cute.check %ok, "page outside the cache (page, pages)" (%p, %n : i32, i32)
      gpu.return
    }
  }
}
