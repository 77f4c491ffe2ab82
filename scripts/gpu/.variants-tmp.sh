set -u
export PATH=$PATH:/usr/local/cuda/bin
cmake -G Ninja -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCUTE_ENABLE_MLIR=OFF > $OUT/build.log 2>&1 && ninja -C build-gpu fmha-prefill-host >> $OUT/build.log 2>&1 || { tail $OUT/build.log; exit 1; }
H=build-gpu/bin/fmha-prefill-host
for v in v1 v2; do
  $H --artifacts build-artifacts/fmha-$v --chip sm_90a --kernel fmha_bf16_d64 --kernel fmha_bf16_d128 --kernel fmha_bf16_d256 2>&1 | grep -E "^(CHECK|BENCH)" | grep -v "CHECK.*PASS" | sed "s/^BENCH /BENCH-$v /" | tee -a $OUT/variants.txt
done
python3 bench/attention_peers.py --shapes 4x32x32x4096x64 4x32x32x4096x128 4x32x32x4096x256 2>&1 | grep cudnn | tee -a $OUT/variants.txt
