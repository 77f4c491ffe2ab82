// RUN: cute-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{!cute.ptr: alignment 2 is smaller than the element size of 4 bytes}}
func.func @ptr_align(%p: !cute.ptr<f32, gmem, align<2>>) { return }

// -----

// expected-error @+1 {{!cute.ptr: alignment must be a power of two, but got 12}}
func.func @ptr_pow2(%p: !cute.ptr<f32, gmem, align<12>>) { return }

// -----

// expected-error @+1 {{expects a memory space (gmem, smem, rmem or tmem), but got 'lmem'}}
func.func @space(%p: !cute.ptr<f32, lmem, align<4>>) { return }

// -----

// expected-error @+1 {{!cute.ptr: unsupported element type f6E2M3FN}}
func.func @elem(%p: !cute.ptr<f6E2M3FN, gmem, align<4>>) { return }

// -----

// expected-error @+1 {{i1 elements (predicates) are only allowed in rmem, but got gmem}}
func.func @pred_gmem(%p: !cute.memref<i1, gmem, align<1>, "4:1">) { return }

// -----

// expected-error @+1 {{a swizzle (S<3,3,3>) is only allowed in smem, but got gmem}}
func.func @swz(%p: !cute.memref<f16, gmem, align<16>, S<3,3,3>, "(8,64):(64,1)">) { return }

// -----

// expected-error @+1 {{has scaled-basis strides; a memref maps coordinates to element offsets}}
func.func @basis(%p: !cute.memref<f16, gmem, align<16>, "(8,64):(1@0,1@1)">) { return }

// -----

// expected-error @+1 {{!cute.memref: tmem holds 32-bit elements (f32 or i32: one TMEM address unit is one 32-bit column of one lane; f16/bf16 only as tcgen05.mma's A, two per column), but got i16 (16 bits)}}
func.func @tmem_i16(%t: !cute.memref<i16, tmem, align<4>, "(128,32):(65536,1)">) { return }

// -----

func.func @tmem_load(%t: !cute.memref<f32, tmem, align<4>, "4:1">) {
  // expected-error @+1 {{'cute.load' op the tensor is a tmem tensor; tmem is reserved for cute_nvgpu (tcgen05) ops}}
  %v = cute.load(%t) : (!cute.memref<f32, tmem, align<4>, "4:1">) -> vector<4xf32>
  return
}

// -----

func.func @tmem_universal_copy(%t: !cute.memref<f32, tmem, align<4>, "4:1">, %r: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error @+1 {{'cute.copy' op src is a tmem tensor; the universal copy moves gmem/smem/rmem (tmem is read and written by cute_nvgpu tcgen05 atoms)}}
  cute.copy(%t, %r) : !cute.memref<f32, tmem, align<4>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}

// -----

func.func @fp4_odd(%p: !cute.ptr<f4E2M1FN, gmem, align<16>>, %i: i32) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'cute.add_offset' op the offset ? is not on a byte boundary for 4-bit elements}}
  %q = cute.add_offset(%p, %i) : (!cute.ptr<f4E2M1FN, gmem, align<16>>, i32) -> !cute.ptr<f4E2M1FN, gmem, align<1>>
  return
}

// -----

func.func @fp4_scalar_copy(%s: !cute.memref<f4E2M1FN, gmem, align<16>, "(2,4):(64,1)">, %d: !cute.memref<f4E2M1FN, rmem, align<4>, "(2,4):(1,2)">) {
  // expected-error @+1 {{'cute.copy' op copy of 4-bit elements needs vector accesses covering whole bytes, but src (2,4):(64,1) and dst (2,4):(1,2) share no byte-aligned contiguous vector}}
  cute.copy(%s, %d) : !cute.memref<f4E2M1FN, gmem, align<16>, "(2,4):(64,1)">, !cute.memref<f4E2M1FN, rmem, align<4>, "(2,4):(1,2)">
  return
}

// -----

func.func @copy_size(%s: !cute.memref<f32, gmem, align<16>, "8:1">, %d: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error @+1 {{'cute.copy' op copy needs tensors of equal size, but src 8:1 has 8 elements and dst 4:1 has 4}}
  cute.copy(%s, %d) : !cute.memref<f32, gmem, align<16>, "8:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}

// -----

func.func @copy_elem(%s: !cute.memref<f32, gmem, align<16>, "4:1">, %d: !cute.memref<f16, rmem, align<16>, "4:1">) {
  // expected-error @+1 {{'cute.copy' op expects src and dst of one element type, but got 'f32' and 'f16'}}
  cute.copy(%s, %d) : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f16, rmem, align<16>, "4:1">
  return
}

// -----

func.func @copy_pred(%s: !cute.memref<f32, gmem, align<16>, "4:1">, %d: !cute.memref<f32, rmem, align<16>, "4:1">, %p: !cute.memref<i1, rmem, align<1>, "2:1">) {
  // expected-error @+1 {{'cute.copy' op expects pred of the size of src (4 elements of "4:1"), but pred "2:1" has 2}}
  cute.copy(%s, %d, %p) : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">, !cute.memref<i1, rmem, align<1>, "2:1">
  return
}

// -----

// expected-error @+1 {{#cute.universal_copy: bits must be a power of two in [8, 128], but got 256}}
func.func @atom() attributes {a = #cute.universal_copy<256>} { return }

// -----

func.func @atom_not_a_copy_atom(%s: !cute.memref<f32, gmem, align<16>, "4:1">, %d: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error @+1 {{attribute 'atom' failed to satisfy constraint: copy atom (implements CopyAtomAttrInterface)}}
  cute.copy(%s, %d) {atom = #cute.layout<"4:1">} : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
  return
}

// -----

func.func @frag_compact() {
  // expected-error @+1 {{'cute.make_fragment' op expects a compact layout (cosize == size), but "(4,2):(1,8)" has size 8 and cosize 12}}
  %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,2):(1,8)">
  return
}

// -----

func.func @frag_space() {
  // expected-error @+1 {{'cute.make_fragment' op expects an rmem result, but got smem}}
  %f = cute.make_fragment() : !cute.memref<f32, smem, align<16>, "4:1">
  return
}

// -----

func.func @load_vec(%f: !cute.memref<f32, rmem, align<16>, "4:1">) {
  // expected-error @+1 {{'cute.load' op expects 'vector<4xf32>' for layout "4:1", but got 'vector<8xf32>'}}
  %v = cute.load(%f) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<8xf32>
  return
}

// -----

func.func @tv_range(%t: !cute.memref<f32, gmem, align<16>, "256:1">, %i: i32) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'cute.partition_tv' op partition_tv: the TV layout (128,4):(4,1) reaches index 511 but the tile 256:1 has only 256 elements}}
  %v = cute.partition_tv(%t, %i) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "256:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
  return
}

// -----

func.func @tiler_dyn(%t: !cute.memref<f32, gmem, align<16>, "?:1">, %i: i32) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'cute.local_tile' op tiler "?" must be static}}
  %v = cute.local_tile(%t, %i) {tiler = #cute.shape<"?">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "?:1">
  return
}

// -----

func.func @view_swz(%p: !cute.ptr<f16, smem, align<16>>, %l: !cute.composed_layout<"S<3,3,3> o 8 o (8,64):(64,1)">) {
  // expected-error @+2 {{failed to infer returned types}}
  // expected-error @+1 {{'cute.make_view' op expects a layout or a swizzle composed layout `S<B,M,S> o 0 o L`, but got "S<3,3,3> o 8 o (8,64):(64,1)"}}
  %v = cute.make_view(%p, %l) : (!cute.ptr<f16, smem, align<16>>, !cute.composed_layout<"S<3,3,3> o 8 o (8,64):(64,1)">) -> !cute.memref<f16, smem, align<16>, S<3,3,3>, "(8,64):(64,1)">
  return
}

// -----

func.func @domain_offset_rank(%m: i32, %k: i32, %r: i32) {
  %s = cute.make_shape(%m, %k)
  %c = cute.make_identity_tensor(%s)
  %o = cute.make_coord(%r) -> !cute.coord<"(?)">
  // expected-error @+1 {{'cute.domain_offset' op the offset (?) must have one mode per mode of (?,?):(1@0,1@1)}}
  %g = cute.domain_offset(%c, %o)
  return
}

// -----

func.func @domain_offset_underscore(%m: i32, %k: i32, %r: i32) {
  %s = cute.make_shape(%m, %k)
  %c = cute.make_identity_tensor(%s)
  %o = cute.make_coord(%r) -> !cute.coord<"(?,_)">
  // expected-error @+1 {{'cute.domain_offset' op the offset (?,_) must not have `_` modes}}
  %g = cute.domain_offset(%c, %o)
  return
}

// -----

func.func @load_coords_dynamic(%m: i32, %n: i32) {
  %s = cute.make_shape(%m, %n)
  %c = cute.make_identity_tensor(%s)
  // expected-error @+1 {{'cute.load_coords' op expects a coordinate tensor of static layout (partition it first), but got "(?,?):(1@0,1@1)"}}
  %r, %k = cute.load_coords(%c)
  return
}
