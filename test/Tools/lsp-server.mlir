// cute-lsp-server speaks LSP: it initializes, hovers with the inferred
// type, and publishes the verifier's diagnostic for a kernel file with a
// wrong result type.
// RUN: %python %S/Inputs/lsp_client.py %cute_tools_dir/cute-lsp-server %S/Inputs/lsp-ok.mlir 2:4 | FileCheck %s --check-prefix=OK
// OK: capabilities: hover=True definition=True
// OK-NOT: diagnostic
// OK: hover: Operation: "cute.size" Result #0 Type: `!cute.int_tuple<"32">`
// RUN: %python %S/Inputs/lsp_client.py %cute_tools_dir/cute-lsp-server %S/Inputs/lsp-error.mlir | FileCheck %s --check-prefix=ERR
// ERR: diagnostic 2:8: 'cute.coalesce' op inferred type(s) '!cute.layout<"32:1">' are incompatible with return type(s) of operation '!cute.layout<"32:2">'
