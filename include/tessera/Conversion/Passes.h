//===- Passes.h - Conversions out of the tile dialect -----------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_CONVERSION_PASSES_H
#define TESSERA_CONVERSION_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace tessera {

#define GEN_PASS_DECL
#include "tessera/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tessera/Conversion/Passes.h.inc"

} // namespace tessera

#endif // TESSERA_CONVERSION_PASSES_H
