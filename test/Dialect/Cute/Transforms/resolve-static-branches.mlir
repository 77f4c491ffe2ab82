// RUN: cute-opt %s --cute-resolve-static-branches | FileCheck %s
// An scf.if on a constant keeps its taken branch's ops (its yields become
// the results); nested ifs in a dropped branch go with it; an if on a
// runtime value and unused ops stay as they are.
func.func @branches(%x: i32, %c: i1) -> (i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %one = arith.constant 1 : i32
  // CHECK: %[[A:.*]] = arith.addi %arg0, %{{.*}} : i32
  // CHECK-NOT: arith.muli
  %a = scf.if %t -> i32 {
    %s = arith.addi %x, %one : i32
    scf.yield %s : i32
  } else {
    %p = arith.muli %x, %x : i32
    %q = scf.if %c -> i32 {
      scf.yield %p : i32
    } else {
      scf.yield %x : i32
    }
    scf.yield %q : i32
  }
  // CHECK: %[[B:.*]] = arith.subi
  %b = scf.if %f -> i32 {
    scf.yield %x : i32
  } else {
    %d = arith.subi %x, %one : i32
    scf.yield %d : i32
  }
  // A false condition without else: nothing runs.
  // CHECK-NOT: arith.divui
  scf.if %f {
    %z = arith.divui %x, %one : i32
  }
  // CHECK: scf.if %arg1
  scf.if %c {
    %u = arith.remui %x, %one : i32
  }
  // CHECK: return %[[A]], %[[B]]
  return %a, %b : i32, i32
}

// A condition computed from constants (an instance parameter compared with
// a number) is folded; one that reads a runtime value is not.
// CHECK-LABEL: func.func @folded
func.func @folded(%x: i32) -> (i32, i32) {
  %cg = arith.constant 2 : i32
  %two = arith.constant 2 : i32
  %one = arith.constant 1 : i32
  %pair = arith.cmpi eq, %cg, %two : i32
  %single = arith.xori %pair, %pair : i1
  // CHECK-NOT: arith.shli
  // CHECK: %[[P:.*]] = arith.muli %arg0, %{{.*}} : i32
  %p = scf.if %pair -> i32 {
    %m = arith.muli %x, %two : i32
    scf.yield %m : i32
  } else {
    %s = arith.shli %x, %one : i32
    scf.yield %s : i32
  }
  // CHECK-NOT: arith.divsi
  scf.if %single {
    %z = arith.divsi %x, %two : i32
  }
  // CHECK: %[[D:.*]] = arith.cmpi sgt, %arg0
  // CHECK: %[[R:.*]] = scf.if %[[D]]
  %dyn = arith.cmpi sgt, %x, %one : i32
  %r = scf.if %dyn -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %one : i32
  }
  // CHECK: return %[[P]], %[[R]]
  return %p, %r : i32, i32
}
