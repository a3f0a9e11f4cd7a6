//===- Parser.h - Parser of the tile language -------------------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_FRONTEND_PARSER_H
#define TESSERA_LIB_FRONTEND_PARSER_H

#include "AST.h"

#include "mlir/Support/LLVM.h"

namespace tessera::frontend {

class Diagnostics;

/// The deepest expression tree and the deepest block nesting the parser
/// accepts: the later walks over the tree are recursive.
constexpr unsigned kMaxExprDepth = 200;
constexpr unsigned kMaxNesting = 64;

/// Lexes and parses `buffer` into `file`. Reports the first error through
/// `diags` and returns failure.
mlir::LogicalResult parseSourceFile(llvm::StringRef buffer, Diagnostics &diags,
                                    SourceFile &file);

} // namespace tessera::frontend

#endif // TESSERA_LIB_FRONTEND_PARSER_H
