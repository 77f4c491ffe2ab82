// The errors of cute.imports name the files and lines involved.
// RUN: not cute-opt %S/Inputs/imports/use-cycle.mlir 2>&1 | FileCheck %s --check-prefix=CYCLE
// CYCLE: cycle-b.mlir:1:1: error: import cycle: {{.*}}cycle-a.mlir -> {{.*}}cycle-b.mlir -> {{.*}}cycle-a.mlir

// RUN: not cute-opt %S/Inputs/imports/use-not-funcs.mlir 2>&1 | FileCheck %s --check-prefix=NOTFUNCS
// NOTFUNCS: not-funcs.mlir:5:3: error: 'gpu.module' in the imported file {{.*}}not-funcs.mlir: an imported file holds func.func ops only

// RUN: not cute-opt %S/Inputs/imports/use-dup-own.mlir 2>&1 | FileCheck %s --check-prefix=OWN
// OWN: use-dup-own.mlir:3:5: error: @round is defined here and by the import {{.*}}common.mlir ({{.*}}common.mlir:17)
// OWN: common.mlir:17:3: note: the imported definition

// RUN: not cute-opt %S/Inputs/imports/use-dup-two.mlir 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: twice.mlir:3:3: error: @twice is defined here and by the import {{.*}}also-twice.mlir ({{.*}}also-twice.mlir:3), both imported into gpu.module @m
// TWO: also-twice.mlir:3:3: note: the imported definition

// A parameter that two files declare differently; an instance argument
// that no file declares lists the imports' parameters too.
// RUN: not cute-opt %S/Inputs/imports/use-other-bn.mlir 2>&1 | FileCheck %s --check-prefix=BN
// BN: other-bn.mlir:2:18: error: instance parameter 'BN' is declared here as i32 with default 64 and in {{.*}}use-other-bn.mlir:1 as i32 with default 128: files that share a parameter declare it alike
// RUN: not cute-opt %S/imports.mlir --cute-instance=BK=3 2>&1 | FileCheck %s --check-prefix=UNUSED
// UNUSED: error: instance argument 'BK' is not a parameter of this source (it declares T, BN, SHIFT)

// A parse error in an imported file names its line.
// RUN: not cute-opt %S/Inputs/imports/use-bad-syntax.mlir 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: bad-syntax.mlir:4:12: error: use of undeclared SSA value name
// SYNTAX: use-bad-syntax.mlir:2:3: error: gpu.module @m imports {{.*}}bad-syntax.mlir, which does not parse

// RUN: not cute-opt %S/Inputs/imports/use-on-module.mlir 2>&1 | FileCheck %s --check-prefix=MODULE
// MODULE: error: cute.imports belongs on the gpu.module that uses the helpers
// RUN: not cute-opt %S/Inputs/imports/use-not-strings.mlir 2>&1 | FileCheck %s --check-prefix=STRINGS
// STRINGS: use-not-strings.mlir:2:3: error: cute.imports holds a list of file names

// A source given without a file (stdin) has no directory of its own.
// RUN: not cute-opt - < %S/Inputs/imports/use-cycle.mlir 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: error: gpu.module @m imports 'cycle-a.mlir', which is in none of the directories searched: none
