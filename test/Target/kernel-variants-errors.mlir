// Malformed specialized clones are errors on the clone, naming it.
// RUN: cute-opt %s -split-input-file --cute-collect-kernel-metadata -verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @below {{kernel @k__spec0 is a specialization of 'k', which is not a kernel of gpu.module @m}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, align = 16 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // A function that is not a kernel is not a generic kernel either.
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>) {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0 is a specialization of 'k', which is not a kernel of gpu.module @m}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, align = 16 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: cute.specialization condition 1: unknown key 'divv' (allowed: param, align, div, leaf)}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<16>>, %n: i32) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, align = 16 : i64}, {param = 1 : i64, divv = 16 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: cute.specialization condition 0: param 2 is out of range: the kernel has 2 argument(s)}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 2 : i64, div = 16 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: cute.specialization condition 0: align 12 is not a positive power of two}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, align = 12 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: cute.specialization condition 0: div 0 is not positive}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 1 : i64, div = 0 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: cute.specialization condition 0: align needs a pointer, and argument 1 is not one}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 1 : i64, align = 16 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %s: f32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: cute.specialization condition 0: div needs an integer scalar, and argument 1 is not one}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<4>>, %s: f32) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 1 : i64, div = 4 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%t: !cute.memref<f32, gmem, align<4>, "(?,?):(?,1)">) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: cute.specialization condition 0: argument 0 has 3 dynamic leaves; say which with 'leaf'}}
    gpu.func @k__spec0(%t: !cute.memref<f32, gmem, align<4>, "(?,?):(?,1)">) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, div = 4 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: parameter 1 ('n') is scalar i64, but its generic kernel 'k' has scalar i32; a specialization must take the same parameters}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<4>>, %n: i64) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 1 : i64, div = 4 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0 assumes parameter 0 ('x') is aligned to 16 bytes, but 'k' promises 4 and no condition of cute.specialization checks it}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<16>>, %n: i32) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 1 : i64, div = 4 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0 has cute.specialization_of without cute.specialization}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<4>>) kernel
        attributes {cute.specialization_of = "k"} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0: cute.specialization has no conditions}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<4>>) kernel
        attributes {cute.specialization_of = "k", cute.specialization = []} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>) kernel {
      gpu.return
    }
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, align = 16 : i64}]} {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec1 is a specialization of 'k__spec0', which is itself a specialization}}
    gpu.func @k__spec1(%x: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {cute.specialization_of = "k__spec0", cute.specialization = [{param = 0 : i64, align = 32 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @below {{kernel @k: cute.specialization_of must be a string naming the generic kernel, got @k0}}
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>) kernel
        attributes {cute.specialization_of = @k0, cute.specialization = [{param = 0 : i64, align = 16 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-error @below {{kernel @k is a specialization of itself}}
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, align = 16 : i64}]} {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%x: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel {
      gpu.return
    }
    // expected-error @below {{kernel @k__spec0 takes 1 runtime parameter(s), but its generic kernel 'k' takes 2; a specialization must take the same ones}}
    gpu.func @k__spec0(%x: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {cute.specialization_of = "k", cute.specialization = [{param = 0 : i64, align = 16 : i64}]} {
      gpu.return
    }
  }
}
