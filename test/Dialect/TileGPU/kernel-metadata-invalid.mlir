// Every check of the kernel metadata attributes (TileGPUKernelAttrs.td,
// KernelMetadata.cpp): what the manifest and the runtime rely on is verified
// where the IR is read, not again where it is written out.
// RUN: tessera-opt %s -split-input-file -verify-diagnostics

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'alpha': expected a scalar of f32, i32 or i64, got 'f16'}}
  #tilegpu.param<name = "alpha", dtype = f16>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'alpha': expected a scalar to be an input, got output}}
  #tilegpu.param<name = "alpha", dtype = f32, role = output>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'alpha': only tensors have an alignment}}
  #tilegpu.param<name = "alpha", dtype = f32, align = 4>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{expected a non-empty parameter name}}
  #tilegpu.param<name = "", dtype = f32>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'X': expected a tensor of f16, bf16, f32, i32 or i64, got 'f64'}}
  #tilegpu.param<name = "X", dtype = f64, shape = ["N"]>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'X': expected a tensor shape of at least one dimension}}
  #tilegpu.param<name = "X", dtype = f32, shape = []>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'X': expected each dimension to be a size name or a positive integer, got 0 : i64}}
  #tilegpu.param<name = "X", dtype = f32, shape = ["N", 0]>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'X': expected the alignment to be a power of two from 1 to 256 bytes, got 12}}
  #tilegpu.param<name = "X", dtype = f32, shape = ["N"], align = 12>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'X': only inout tensors have an init value}}
  #tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output, init = 0.0 : f32>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
  // expected-error @+1 {{parameter 'X': expected the init value to be a number, got 0x7FC00000 : f32}}
  #tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = inout, init = 0x7FC00000 : f32>]} {
  return
}

// -----

// expected-error @+1 {{expected the names in 'tilegpu.params' to be distinct, got 'X' twice}}
func.func @k() attributes {tilegpu.params = [
  #tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
  #tilegpu.param<name = "X", dtype = f32>]} {
  return
}

// -----

// expected-error @+1 {{expected 'tilegpu.params' to be an array of #tilegpu.param, got [{dtype = "f32", kind = "scalar", name = "alpha"}]}}
func.func @k() attributes {tilegpu.params = [{name = "alpha", kind = "scalar", dtype = "f32"}]} {
  return
}

// -----

// expected-error @+1 {{expected 'tilegpu.shared_bytes' in [0, 232448] bytes (the most shared memory of any chip), got -1 : i64}}
func.func @k() attributes {tilegpu.shared_bytes = -1 : i64} {
  return
}

// -----

// expected-error @+1 {{expected 'tilegpu.shared_bytes' in [0, 232448] bytes (the most shared memory of any chip), got 232449 : i64}}
func.func @k() attributes {tilegpu.shared_bytes = 232449 : i64} {
  return
}

// -----

// expected-error @+1 {{expected 'tilegpu.kernel_name' to be a non-empty string, got ""}}
func.func @k() attributes {tilegpu.kernel_name = ""} {
  return
}

// -----

func.func @k() {
  // expected-error @+1 {{expected 'tilegpu.params' on a kernel function, got it on 'func.return'}}
  return {tilegpu.params = []}
}

// -----

func.func @k() attributes {tilegpu.params = [
    #tilegpu.param<name = "K", dtype = f16, shape = ["N", 64]>],
  tilegpu.tensor_maps = [
  // expected-error @+1 {{expected the box of 'K' to be [rows, columns] in [1, 256], got [64, 64, 1]}}
  #tilegpu.tensor_map<tensor = "K", box = [64, 64, 1], swizzle = 128>]} {
  return
}

// -----

func.func @k() attributes {tilegpu.params = [
    #tilegpu.param<name = "K", dtype = f16, shape = ["N", 64]>],
  tilegpu.tensor_maps = [
  // expected-error @+1 {{expected the 128-byte swizzle of a #tilegpu.shared tile, got 64}}
  #tilegpu.tensor_map<tensor = "K", box = [64, 32], swizzle = 64>]} {
  return
}

// -----

// expected-error @+1 {{expected the tensor map of 'alpha' to name a tensor parameter in 'tilegpu.params'}}
func.func @k() attributes {tilegpu.params = [
    #tilegpu.param<name = "K", dtype = f16, shape = ["N", 64]>,
    #tilegpu.param<name = "alpha", dtype = f32>],
  tilegpu.tensor_maps = [#tilegpu.tensor_map<tensor = "alpha", box = [64, 64], swizzle = 128>]} {
  return
}

// -----

// expected-error @+1 {{expected 'tilegpu.tensor_maps' beside 'tilegpu.params', whose tensors it names}}
func.func @k() attributes {
  tilegpu.tensor_maps = [#tilegpu.tensor_map<tensor = "K", box = [64, 64], swizzle = 128>]} {
  return
}

// -----

func.func @k(%k: !tile.view<f16, 2>, %i: i32, %p: i1) {
  // expected-error @+1 {{expected 'tilegpu.tensor_map' to be a non-negative index on a TMA tilegpu.async_load, got 0 : i64 on 'tilegpu.async_load'}}
  tilegpu.async_load %k[%i, %i] stage %i if %p {buffer = 0 : i64, tilegpu.tensor_map = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  return
}
