//===- Lexer.h - Tokens of the tile language --------------------*- C++ -*-===//
//
// Part of Tessera. The tile language is indentation-structured like Python
// (and Triton): the lexer turns leading whitespace into Indent/Dedent tokens
// and ignores line breaks inside parentheses and brackets.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_FRONTEND_LEXER_H
#define TESSERA_LIB_FRONTEND_LEXER_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <vector>

namespace tessera::frontend {

class Diagnostics;

enum class TokenKind {
  Eof,
  Newline,
  Indent,
  Dedent,
  Identifier,
  Integer,
  Float,
  // Keywords.
  KwAnd,
  KwConst,
  KwDef,
  KwElif,
  KwElse,
  KwFor,
  KwIf,
  KwIn,
  KwNone,
  KwNot,
  KwOr,
  KwPass,
  // Punctuation and operators.
  LParen,
  RParen,
  LBracket,
  RBracket,
  Comma,
  Colon,
  Dot,
  At,
  Assign,
  PlusAssign,
  MinusAssign,
  StarAssign,
  SlashAssign,
  SlashSlashAssign,
  Plus,
  Minus,
  Star,
  Slash,
  SlashSlash,
  Percent,
  Amp,
  Pipe,
  EqEq,
  NotEq,
  Less,
  LessEq,
  Greater,
  GreaterEq,
};

/// The longest identifier the lexer accepts. Kernel names become PTX and
/// cubin symbols, and ptxas crashes on names of megabytes.
constexpr size_t kMaxIdentifierLength = 1024;

/// A token: its kind and its spelling in the source buffer (which also gives
/// its location).
struct Token {
  TokenKind kind;
  llvm::StringRef spelling;

  llvm::SMLoc getLoc() const {
    return llvm::SMLoc::getFromPointer(spelling.data());
  }
  bool is(TokenKind k) const { return kind == k; }
};

/// Returns a human-readable name of a token kind for diagnostics ("')'").
llvm::StringRef spellTokenKind(TokenKind kind);

/// Splits `buffer` into tokens, ending with Newline, Dedents and Eof. Reports
/// the first lexical error and returns failure.
mlir::LogicalResult lex(llvm::StringRef buffer, Diagnostics &diags,
                        std::vector<Token> &tokens);

} // namespace tessera::frontend

#endif // TESSERA_LIB_FRONTEND_LEXER_H
