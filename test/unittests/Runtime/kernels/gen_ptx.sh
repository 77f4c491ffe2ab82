#!/bin/sh
# Regenerates test_kernels.ptx from test_kernels.cu (needs nvcc). The PTX is
# checked in so that building the tests needs no nvcc; CMake turns it into a
# cubin with ptxas when ptxas is available.
set -e
cd "$(dirname "$0")"
NVCC=${NVCC:-${CUDA_HOME:-/usr/local/cuda}/bin/nvcc}
$NVCC -arch=sm_90a -ptx -o test_kernels.ptx test_kernels.cu
