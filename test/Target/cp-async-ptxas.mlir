// The per-thread cp.async pipeline of Inputs/cp-async.mlir assembles with
// ptxas for every chip: two 16-byte cp.async.cg (the second into a
// swizzled stage), a commit after each, wait_group 1 before the first
// stage's shared load and wait_group 0 before the second's. In the SASS
// (sm_90a, sm_100a, sm_120a) each cp.async is an LDGSTS (.BYPASS: the cg
// form, L2 only), each commit an LDGDEPBAR, each wait a DEPBAR on the
// scoreboard of the LDGSTS, ahead of the LDS that reads the stage. The
// producer/consumer kernel's cp.async.mbarrier.arrive.noinc is an ARRIVES
// on the barrier behind the LDGSTS; the consumer's wait is the mbarrier's
// TRYWAIT before its LDS.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: for c in sm_90a sm_100a sm_120a; do cute-opt %S/Inputs/cp-async.mlir --cute-compile="chip=$c format=cubin output-dir=%t" -o /dev/null || exit 1; test -s %t/cp_async.$c.cubin || exit 1; done
// RUN: for c in sm_90a sm_100a sm_120a; do echo $c; grep -oE 'cp\.async[.a-z_]*( [0-9]+)?|ld\.shared[.a-z0-9]*' %t/cp_async.$c.ptx; done | FileCheck %s
// RUN: %if sass %{ %sass --compile sm_90a %S/Inputs/cp-async.mlir --function two_stages | FileCheck %s --check-prefix=SASS %}
// RUN: %if sass %{ %sass --compile sm_100a %S/Inputs/cp-async.mlir --function two_stages | FileCheck %s --check-prefix=SASS %}
// RUN: %if sass %{ %sass --compile sm_120a %S/Inputs/cp-async.mlir --function two_stages | FileCheck %s --check-prefix=SASS %}
// RUN: %if sass %{ %sass --compile sm_90a %S/Inputs/cp-async.mlir --function producer_consumer | FileCheck %s --check-prefix=ARRIVE %}
// RUN: %if sass %{ %sass --compile sm_120a %S/Inputs/cp-async.mlir --function producer_consumer | FileCheck %s --check-prefix=ARRIVE %}

// CHECK: sm_90a
// CHECK-NEXT: cp.async.cg.shared.global
// CHECK-NEXT: cp.async.commit_group
// CHECK-NEXT: cp.async.cg.shared.global
// CHECK-NEXT: cp.async.commit_group
// CHECK-NEXT: cp.async.wait_group
// CHECK-NEXT: ld.shared.v4.b32
// CHECK-NEXT: cp.async.wait_group
// CHECK-NEXT: ld.shared.v4.b32
// CHECK-NEXT: cp.async.cg.shared.global
// CHECK-NEXT: cp.async.mbarrier.arrive.noinc.shared.b
// CHECK-NEXT: ld.shared.v4.b32
// CHECK-NEXT: sm_100a
// CHECK-NEXT: cp.async.cg.shared.global
// CHECK: cp.async.mbarrier.arrive.noinc.shared.b
// CHECK: sm_120a
// CHECK-NEXT: cp.async.cg.shared.global
// CHECK-NEXT: cp.async.commit_group
// CHECK-NEXT: cp.async.cg.shared.global
// CHECK: cp.async.mbarrier.arrive.noinc.shared.b

// SASS: LDGSTS.E.BYPASS.128 [R[[D0:[0-9]+]]], desc[UR{{[0-9]+}}][R{{[0-9]+}}.64] ;
// SASS: LDGDEPBAR ;
// SASS: LDGSTS.E.BYPASS.128 [R{{[0-9]+}}], desc[UR{{[0-9]+}}][R{{[0-9]+}}.64{{.*}}] ;
// SASS-NEXT: LDGDEPBAR ;
// SASS: DEPBAR.LE SB0, 0x1 ;
// SASS-NEXT: LDS.128 R{{[0-9]+}}, [R[[D0]]] ;
// SASS: DEPBAR.LE SB0, 0x0 ;
// SASS-NEXT: LDS.128
// SASS-NOT: LDGSTS

// ARRIVE: SYNCS.PHASECHK.TRANS64.TRYWAIT P{{[0-9]+}}, [UR[[BAR:[0-9]+]]+0x[[OFF:[0-9a-f]+]]], R{{[0-9]+}} ;
// ARRIVE: LDS.128
// ARRIVE: LDGSTS.E.BYPASS.128 [R{{[0-9]+}}], desc[UR{{[0-9]+}}][R{{[0-9]+}}.64] ;
// ARRIVE: ARRIVES.LDGSTSBAR.64.ARVCNT [UR[[BAR]]+0x[[OFF]]] ;
