// RUN: cute-opt %s -split-input-file -verify-diagnostics

// cute.tile_to_mma_shape's rules: the MMA tile shape has a rank-2 mode 0
// and rank >= 3, the atom divides the tile, the order is static.

func.func @f(%a: !cute.layout<"(8,64):(64,1)">, %s: !cute.shape<"(128,64)">) {
// expected-error@+2 {{'cute.tile_to_mma_shape' op expects valid operands, but cannot compute tile_to_mma_shape for '!cute.layout<"(8,64):(64,1)">' and '!cute.shape<"(128,64)">': tile_to_mma_shape: the MMA tile shape is ((MMA_M, MMA_K), M_MMAs, K_MMAs, ...): rank >= 3 with a rank-2 mode 0}}
// expected-error@+1 {{'cute.tile_to_mma_shape' op failed to infer returned types}}
  %0 = cute.tile_to_mma_shape(%a, %s) : (!cute.layout<"(8,64):(64,1)">, !cute.shape<"(128,64)">) -> !cute.layout<"(8,64):(64,1)">
  return
}
// -----
// 100 rows are not a multiple of the atom's 8.
func.func @f(%a: !cute.layout<"(8,64):(64,1)">, %s: !cute.shape<"((100,16),1,4)">) {
// expected-error@+2 {{tile_to_shape: the block shape does not divide the target shape}}
// expected-error@+1 {{'cute.tile_to_mma_shape' op failed to infer returned types}}
  %0 = cute.tile_to_mma_shape(%a, %s) : (!cute.layout<"(8,64):(64,1)">, !cute.shape<"((100,16),1,4)">) -> !cute.layout<"(8,64):(64,1)">
  return
}
// -----
func.func @f(%a: !cute.layout<"(8,64):(64,1)">, %s: !cute.shape<"((128,16),1,4)">, %o: !cute.int_tuple<"(?,0,1)">) {
// expected-error@+2 {{'cute.tile_to_mma_shape' op expects static order, but got (?,0,1)}}
// expected-error@+1 {{'cute.tile_to_mma_shape' op failed to infer returned types}}
  %0 = cute.tile_to_mma_shape(%a, %s, %o) : (!cute.layout<"(8,64):(64,1)">, !cute.shape<"((128,16),1,4)">, !cute.int_tuple<"(?,0,1)">) -> !cute.layout<"(8,64):(64,1)">
  return
}
