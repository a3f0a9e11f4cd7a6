//===- Lexer.cpp - Tokens of the tile language ----------------------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "Lexer.h"

#include "Diagnostics.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace tessera::frontend;
using llvm::SMLoc;
using llvm::StringRef;
using mlir::failure;
using mlir::LogicalResult;
using mlir::success;

StringRef tessera::frontend::spellTokenKind(TokenKind kind) {
  switch (kind) {
  case TokenKind::Eof:
    return "end of file";
  case TokenKind::Newline:
    return "end of line";
  case TokenKind::Indent:
    return "an indented block";
  case TokenKind::Dedent:
    return "the end of a block";
  case TokenKind::Identifier:
    return "a name";
  case TokenKind::Integer:
    return "an integer";
  case TokenKind::Float:
    return "a number";
  case TokenKind::KwAnd:
    return "'and'";
  case TokenKind::KwConst:
    return "'const'";
  case TokenKind::KwDef:
    return "'def'";
  case TokenKind::KwElif:
    return "'elif'";
  case TokenKind::KwElse:
    return "'else'";
  case TokenKind::KwFor:
    return "'for'";
  case TokenKind::KwIf:
    return "'if'";
  case TokenKind::KwIn:
    return "'in'";
  case TokenKind::KwNone:
    return "'None'";
  case TokenKind::KwNot:
    return "'not'";
  case TokenKind::KwOr:
    return "'or'";
  case TokenKind::KwPass:
    return "'pass'";
  case TokenKind::LParen:
    return "'('";
  case TokenKind::RParen:
    return "')'";
  case TokenKind::LBracket:
    return "'['";
  case TokenKind::RBracket:
    return "']'";
  case TokenKind::Comma:
    return "','";
  case TokenKind::Colon:
    return "':'";
  case TokenKind::Dot:
    return "'.'";
  case TokenKind::At:
    return "'@'";
  case TokenKind::Assign:
    return "'='";
  case TokenKind::PlusAssign:
    return "'+='";
  case TokenKind::MinusAssign:
    return "'-='";
  case TokenKind::StarAssign:
    return "'*='";
  case TokenKind::SlashAssign:
    return "'/='";
  case TokenKind::SlashSlashAssign:
    return "'//='";
  case TokenKind::Plus:
    return "'+'";
  case TokenKind::Minus:
    return "'-'";
  case TokenKind::Star:
    return "'*'";
  case TokenKind::Slash:
    return "'/'";
  case TokenKind::SlashSlash:
    return "'//'";
  case TokenKind::Percent:
    return "'%'";
  case TokenKind::Amp:
    return "'&'";
  case TokenKind::Pipe:
    return "'|'";
  case TokenKind::EqEq:
    return "'=='";
  case TokenKind::NotEq:
    return "'!='";
  case TokenKind::Less:
    return "'<'";
  case TokenKind::LessEq:
    return "'<='";
  case TokenKind::Greater:
    return "'>'";
  case TokenKind::GreaterEq:
    return "'>='";
  }
  return "a token";
}

namespace {

/// Turns a buffer into tokens. Python's rules, simplified: indentation is
/// spaces only, blank and comment-only lines do not count, line breaks
/// inside (), [] are ignored, and comments start with `#` (`//` is floor
/// division, as in Python).
class LexerImpl {
public:
  LexerImpl(StringRef buffer, Diagnostics &diags, std::vector<Token> &tokens)
      : buffer(buffer), diags(diags), tokens(tokens) {}

  LogicalResult run();

private:
  char peek(size_t ahead = 0) const {
    return pos + ahead < buffer.size() ? buffer[pos + ahead] : '\0';
  }
  bool atEnd() const { return pos >= buffer.size(); }
  SMLoc locAt(size_t offset) const {
    return SMLoc::getFromPointer(buffer.data() + offset);
  }
  void push(TokenKind kind, size_t start) {
    tokens.push_back({kind, buffer.slice(start, pos)});
  }
  bool atCommentStart() const { return peek() == '#'; }
  bool lastIsNewline() const {
    return tokens.empty() || tokens.back().is(TokenKind::Newline);
  }

  LogicalResult lexIndentation();
  LogicalResult lexNumber();
  LogicalResult lexPunctuation();
  LogicalResult lexIdentifier();

  StringRef buffer;
  Diagnostics &diags;
  std::vector<Token> &tokens;
  size_t pos = 0;
  unsigned parenDepth = 0;
  bool atLineStart = true;
  llvm::SmallVector<size_t> indents{0};
};

} // namespace

LogicalResult LexerImpl::lexIndentation() {
  size_t start = pos;
  while (peek() == ' ' || peek() == '\t') {
    if (peek() == '\t')
      return diags.error(locAt(pos), "tabs are not allowed in indentation; "
                                     "indent with spaces");
    ++pos;
  }
  // Blank and comment-only lines do not affect indentation.
  if (atEnd() || peek() == '\n' || peek() == '\r' || atCommentStart())
    return success();
  atLineStart = false;
  size_t width = pos - start;
  if (width > indents.back()) {
    indents.push_back(width);
    tokens.push_back({TokenKind::Indent, buffer.slice(pos, pos)});
    return success();
  }
  while (width < indents.back()) {
    indents.pop_back();
    tokens.push_back({TokenKind::Dedent, buffer.slice(pos, pos)});
  }
  if (width != indents.back())
    return diags.error(locAt(pos),
                       "unindent does not match any outer indentation level");
  return success();
}

LogicalResult LexerImpl::lexIdentifier() {
  size_t start = pos;
  while (llvm::isAlnum(peek()) || peek() == '_')
    ++pos;
  StringRef text = buffer.slice(start, pos);
  if (text.size() > kMaxIdentifierLength)
    return diags.error(locAt(start), "name of " + llvm::Twine(text.size()) +
                                         " characters is too long (the limit "
                                         "is " +
                                         llvm::Twine(kMaxIdentifierLength) +
                                         ")");
  TokenKind kind = llvm::StringSwitch<TokenKind>(text)
                       .Case("and", TokenKind::KwAnd)
                       .Case("const", TokenKind::KwConst)
                       .Case("def", TokenKind::KwDef)
                       .Case("elif", TokenKind::KwElif)
                       .Case("else", TokenKind::KwElse)
                       .Case("for", TokenKind::KwFor)
                       .Case("if", TokenKind::KwIf)
                       .Case("in", TokenKind::KwIn)
                       .Case("None", TokenKind::KwNone)
                       .Case("not", TokenKind::KwNot)
                       .Case("or", TokenKind::KwOr)
                       .Case("pass", TokenKind::KwPass)
                       .Default(TokenKind::Identifier);
  push(kind, start);
  return success();
}

LogicalResult LexerImpl::lexNumber() {
  size_t start = pos;
  bool isFloat = false;
  while (llvm::isDigit(peek()))
    ++pos;
  if (peek() == '.' && llvm::isDigit(peek(1))) {
    isFloat = true;
    ++pos;
    while (llvm::isDigit(peek()))
      ++pos;
  } else if (peek() == '.' && !llvm::isAlpha(peek(1)) && peek(1) != '_') {
    isFloat = true; // "1." as in Python.
    ++pos;
  }
  if (peek() == 'e' || peek() == 'E') {
    isFloat = true;
    ++pos;
    if (peek() == '+' || peek() == '-')
      ++pos;
    if (!llvm::isDigit(peek()))
      return diags.error(locAt(start), "malformed exponent in number");
    while (llvm::isDigit(peek()))
      ++pos;
  }
  if (llvm::isAlpha(peek()) || peek() == '_')
    return diags.error(locAt(start),
                       "invalid number '" + buffer.slice(start, pos + 1) + "'");
  push(isFloat ? TokenKind::Float : TokenKind::Integer, start);
  return success();
}

LogicalResult LexerImpl::lexPunctuation() {
  size_t start = pos;
  char c = peek();
  bool assign = peek(1) == '=';
  auto one = [&](TokenKind kind) {
    ++pos;
    push(kind, start);
    return success();
  };
  auto two = [&](TokenKind kind) {
    pos += 2;
    push(kind, start);
    return success();
  };
  auto three = [&](TokenKind kind) {
    pos += 3;
    push(kind, start);
    return success();
  };
  switch (c) {
  case '(':
  case '[':
    ++parenDepth;
    return one(c == '(' ? TokenKind::LParen : TokenKind::LBracket);
  case ')':
  case ']':
    if (parenDepth > 0)
      --parenDepth;
    return one(c == ')' ? TokenKind::RParen : TokenKind::RBracket);
  case ',':
    return one(TokenKind::Comma);
  case ':':
    return one(TokenKind::Colon);
  case '.':
    return one(TokenKind::Dot);
  case '@':
    return one(TokenKind::At);
  case '%':
    return one(TokenKind::Percent);
  case '&':
    return one(TokenKind::Amp);
  case '|':
    return one(TokenKind::Pipe);
  case '=':
    return assign ? two(TokenKind::EqEq) : one(TokenKind::Assign);
  case '+':
    return assign ? two(TokenKind::PlusAssign) : one(TokenKind::Plus);
  case '-':
    return assign ? two(TokenKind::MinusAssign) : one(TokenKind::Minus);
  case '*':
    return assign ? two(TokenKind::StarAssign) : one(TokenKind::Star);
  case '/':
    if (peek(1) == '/')
      return peek(2) == '=' ? three(TokenKind::SlashSlashAssign)
                            : two(TokenKind::SlashSlash);
    return assign ? two(TokenKind::SlashAssign) : one(TokenKind::Slash);
  case '<':
    return assign ? two(TokenKind::LessEq) : one(TokenKind::Less);
  case '>':
    return assign ? two(TokenKind::GreaterEq) : one(TokenKind::Greater);
  case '!':
    if (assign)
      return two(TokenKind::NotEq);
    break;
  default:
    break;
  }
  if (c == '"' || c == '\'')
    return diags.error(locAt(pos), "strings are not supported in a kernel");
  if (llvm::isPrint(c))
    return diags.error(locAt(pos), "unexpected character '" +
                                       llvm::Twine(StringRef(&c, 1)) + "'");
  return diags.error(locAt(pos),
                     "unexpected byte 0x" +
                         llvm::utohexstr(static_cast<unsigned char>(c)));
}

LogicalResult LexerImpl::run() {
  while (true) {
    if (atLineStart && parenDepth == 0 && failed(lexIndentation()))
      return failure();
    while (peek() == ' ' || peek() == '\t')
      ++pos;
    if (atEnd())
      break;
    char c = peek();
    if (atCommentStart()) {
      while (!atEnd() && peek() != '\n' && peek() != '\r')
        ++pos;
      continue;
    }
    if (c == '\n' || c == '\r') {
      if (parenDepth == 0 && !lastIsNewline())
        tokens.push_back({TokenKind::Newline, buffer.slice(pos, pos + 1)});
      pos += (c == '\r' && peek(1) == '\n') ? 2 : 1;
      atLineStart = parenDepth == 0;
      continue;
    }
    if (c == '\\' && (peek(1) == '\n' || peek(1) == '\r')) {
      pos += 2; // An explicit line continuation.
      continue;
    }
    LogicalResult result = success();
    if (llvm::isAlpha(c) || c == '_')
      result = lexIdentifier();
    else if (llvm::isDigit(c) || (c == '.' && llvm::isDigit(peek(1))))
      result = lexNumber();
    else
      result = lexPunctuation();
    if (failed(result))
      return failure();
  }
  // Inside an unclosed bracket the parser must see the end of the file.
  if (parenDepth == 0) {
    if (!lastIsNewline())
      tokens.push_back({TokenKind::Newline, buffer.slice(pos, pos)});
    for (size_t i = 1; i < indents.size(); ++i)
      tokens.push_back({TokenKind::Dedent, buffer.slice(pos, pos)});
  }
  tokens.push_back({TokenKind::Eof, buffer.slice(pos, pos)});
  return success();
}

LogicalResult tessera::frontend::lex(StringRef buffer, Diagnostics &diags,
                                     std::vector<Token> &tokens) {
  return LexerImpl(buffer, diags, tokens).run();
}
