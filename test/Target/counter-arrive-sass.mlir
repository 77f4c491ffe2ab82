// cute_nvgpu.counter_arrive (split-K's fix-up) on all three chips: the PTX
// has the leader's atom.acq_rel.gpu (written as inline PTX, since LLVM 22's NVPTX emits
// a plain relaxed atom for an acq_rel atomicrmw) and the bar.red.or.pred
// broadcast; the SASS shows what the ordering costs: MEMBAR.ALL.GPU before
// the strong GPU-scope ATOMG (release) and CCTL.IVALL, an L1 invalidation,
// after it (acquire), between the group's BAR.SYNC and its BAR.RED.OR.
// REQUIRES: ptxas, sass
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %s --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/counter.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/counter.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t/counter.sm_120a.ptx
// RUN: %sass --compile sm_90a %s --function arrive | FileCheck %s --check-prefix=SASS
// RUN: %sass --compile sm_100a %s --function arrive | FileCheck %s --check-prefix=SASS
// RUN: %sass --compile sm_120a %s --function arrive | FileCheck %s --check-prefix=SASS

// PTX-LABEL: .entry arrive(
// PTX: bar.sync 1, 256;
// PTX: atom.acq_rel.gpu.global.add.u32 %r{{[0-9]+}}, [%rd{{[0-9]+}}], %r{{[0-9]+}};
// PTX: st.global.b32 [%rd{{[0-9]+}}], 0;
// PTX: bar.red.or.pred q, %r{{[0-9]+}}, %r{{[0-9]+}}, p;

// SASS: BAR.SYNC.DEFER_BLOCKING 0x1, 0x100 ;
// SASS: MEMBAR.ALL.GPU ;
// SASS: ATOMG.E.ADD.STRONG.GPU PT, R{{[0-9]+}}, desc[UR{{[0-9]+}}][R{{[0-9]+}}.64], R{{[0-9]+}} ;
// SASS-NEXT: CCTL.IVALL ;
// SASS: BAR.RED.OR.DEFER_BLOCKING 0x1, 0x100, P{{[0-9]}} ;
module attributes {gpu.container_module} {
  gpu.module @counter {
    gpu.func @arrive(%c: !cute.ptr<i32, gmem, align<4>>, %out: !cute.ptr<i32, gmem, align<4>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %tidx = gpu.thread_id x
      %bidx = gpu.block_id x
      %tid = arith.index_cast %tidx : index to i32
      %bid = arith.index_cast %bidx : index to i32
      %c0 = arith.constant 0 : i32
      %lead = arith.cmpi eq, %tid, %c0 : i32
      %last = cute_nvgpu.counter_arrive %c[%c0] expected %n
          leader %lead barrier id = 1, threads = 256 : !cute.ptr<i32, gmem, align<4>>
      scf.if %last {
        %l = cute.static : !cute.layout<"256:1">
        %v = cute.make_view(%out, %l)
        %t = cute.make_coord(%tid) -> !cute.coord<"?">
        %one = arith.constant 1 : i32
        %b1 = arith.addi %bid, %one : i32
        %f = cute.make_fragment() : !cute.memref<i32, rmem, align<4>, "1:1">
        %vec = vector.broadcast %b1 : i32 to vector<1xi32>
        cute.store(%vec, %f)
        %dst = cute.local_tile(%v, %tid) {tiler = #cute.shape<"1">}
        cute.copy(%f, %dst)
      }
      gpu.return
    }
  }
}
