// The short form (CuteAsm.h): ops written without types get them inferred;
// written types are checked; the printer writes the full CuTe IR form by
// default and omits exactly the inferred types under --cute-print-short,
// and both printed forms parse back to the same IR.
// RUN: cute-opt %s | FileCheck %s --check-prefix=FULL
// RUN: cute-opt %s --cute-print-short | FileCheck %s --check-prefix=SHORT
// RUN: cute-opt %s --cute-print-short | cute-opt > %t.short
// RUN: cute-opt %s > %t.full
// RUN: diff %t.short %t.full

// FULL-LABEL: func.func @row_view
// SHORT-LABEL: func.func @row_view
func.func @row_view(%rows: i32, %cols: i32, %p: !cute.ptr<bf16, gmem, align<16>>, %tid: i32) -> vector<8xbf16> {
  // FULL: cute.make_shape(%arg0, %arg1) : (i32, i32) -> !cute.shape<"(?,?)">
  // SHORT: cute.make_shape(%arg0, %arg1){{$}}
  %s = cute.make_shape(%rows, %cols)
  // A fact the operands cannot carry: only the result type is written.
  // FULL: cute.make_stride(%arg1) : (i32) -> !cute.stride<"(?{div=8},1)">
  // SHORT: cute.make_stride(%arg1) -> !cute.stride<"(?{div=8},1)">{{$}}
  %d = cute.make_stride(%cols) -> !cute.stride<"(?{div=8},1)">
  // FULL: cute.make_layout(%0, %1) : (!cute.shape<"(?,?)">, !cute.stride<"(?{div=8},1)">) -> !cute.layout<"(?,?):(?{div=8},1)">
  // SHORT: cute.make_layout(%0, %1){{$}}
  %l = cute.make_layout(%s, %d)
  // FULL: cute.make_view(%arg2, %2) : (!cute.ptr<bf16, gmem, align<16>>, !cute.layout<"(?,?):(?{div=8},1)">) -> !cute.memref<bf16, gmem, align<16>, "(?,?):(?{div=8},1)">
  %x = cute.make_view(%p, %l)
  // Queries take tensors directly.
  // FULL: cute.size<[1]> (%3) : (!cute.memref<bf16, gmem, align<16>, "(?,?):(?{div=8},1)">) -> !cute.int_tuple<"?">
  // SHORT: cute.size<[1]> (%3){{$}}
  %n = cute.size<[1]> (%x)
  %c = cute.make_coord(%rows) -> !cute.coord<"(?,_)">
  // FULL: cute.tensor_slice(%3, %5) : (!cute.memref<bf16, gmem, align<16>, "(?,?):(?{div=8},1)">, !cute.coord<"(?,_)">) -> !cute.memref<bf16, gmem, align<16>, "?:1">
  %row = cute.tensor_slice(%x, %c)
  // FULL: cute.local_tile(%6, %arg3) {tiler = #cute.shape<"2048">} : (!cute.memref<bf16, gmem, align<16>, "?:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "2048:1">
  // SHORT: cute.local_tile(%6, %arg3) {tiler = #cute.shape<"2048">}{{$}}
  %t = cute.local_tile(%row, %tid) {tiler = #cute.shape<"2048">}
  // FULL: cute.partition_tv(%7, %arg3) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
  %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
  // FULL: cute.make_fragment_like(%8) : !cute.memref<bf16, gmem, align<16>, "8:1"> -> !cute.memref<bf16, rmem, align<16>, "8:1">
  %f = cute.make_fragment_like(%v)
  // FULL: cute.copy(%8, %9) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
  // SHORT: cute.copy(%8, %9){{$}}
  cute.copy(%v, %f)
  // FULL: cute.load(%9) : !cute.memref<bf16, rmem, align<16>, "8:1"> -> vector<8xbf16>
  // SHORT: cute.load(%9){{$}}
  %val = cute.load(%f)
  // Every written spelling of the same op is accepted and checked.
  %v2 = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : (!cute.memref<bf16, gmem, align<16>, "2048:1">, i32) -> !cute.memref<bf16, gmem, align<16>, "8:1">
  %v3 = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} : !cute.memref<bf16, gmem, align<16>, "2048:1">, i32
  %v4 = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">} -> !cute.memref<bf16, gmem, align<16>, "8:1">
  cute.copy(%v2, %f) : !cute.memref<bf16, gmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<16>, "8:1">
  cute.copy(%v3, %f)
  cute.copy(%v4, %f)
  return %val : vector<8xbf16>
}

// Accessors keep CuTe IR's spelling of the operand type without its
// `!cute.kind` prefix; both spellings parse.
// FULL-LABEL: func.func @accessors
func.func @accessors(%l: !cute.layout<"(4,8):(1,4)">) {
  // FULL: cute.get_stride(%arg0) : <"(4,8):(1,4)"> -> !cute.stride<"(1,4)">
  %a = cute.get_stride(%l)
  %b = cute.get_stride(%l) : <"(4,8):(1,4)"> -> !cute.stride<"(1,4)">
  %c = cute.get_stride(%l) : !cute.layout<"(4,8):(1,4)"> -> !cute.stride<"(1,4)">
  return
}
