//===- Npy.h - NumPy .npy files for interpreter tensors ---------*- C++ -*-===//
//
// Part of Tessera. Reads and writes the NumPy .npy format (version 1.0 and
// 2.0, little-endian, C order) so that `tessera-run` can take a kernel's
// inputs from numpy and hand its outputs back. Format:
// https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_INTERPRETER_NPY_H
#define TESSERA_INTERPRETER_NPY_H

#include "tessera/Interpreter/Tensor.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace tessera::interp {

/// Reads a .npy file into a tensor of `dtype`. The file's element type must
/// be `dtype`'s ('<f2' f16, '<f4' f32, '<f8' f64, '<i4' i32, '<i8' i64,
/// '|b1' i1, '|i1' i8), or '<f4' for a bf16 tensor (numpy has no bf16: the
/// values are rounded to bf16). Errors name the file and what is wrong.
llvm::Expected<Tensor> readNpy(llvm::StringRef path, DType dtype);

/// Writes `tensor` to `path` as a C-order .npy (bf16 widened to '<f4').
llvm::Error writeNpy(llvm::StringRef path, const Tensor &tensor);

} // namespace tessera::interp

#endif // TESSERA_INTERPRETER_NPY_H
