//===- GridExpr.cpp - Grid-size expressions -------------------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/GridExpr.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace tessera::host {

/// One node of an expression tree. `depth` (1 for a leaf) bounds every
/// recursive walk over the tree (evaluation, names, destruction).
struct GridExpr::Node {
  enum class Op { Integer, Name, Neg, Add, Sub, Mul, Div, Mod, CDiv, Min, Max };
  Op op = Op::Integer;
  int64_t value = 0;
  std::string name;
  std::shared_ptr<const Node> lhs, rhs;
  size_t depth = 1;
};

using Node = GridExpr::Node;
using NodePtr = std::shared_ptr<const Node>;

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t quotient = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --quotient;
  return quotient;
}

int64_t ceilDiv(int64_t a, int64_t b) {
  int64_t quotient = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0)))
    ++quotient;
  return quotient;
}

namespace {

NodePtr makeLeaf(Node::Op op, int64_t value, std::string name) {
  auto node = std::make_shared<Node>();
  node->op = op;
  node->value = value;
  node->name = std::move(name);
  return node;
}

/// A node with operands `lhs` and (unless null) `rhs`.
NodePtr makeOperator(Node::Op op, NodePtr lhs, NodePtr rhs) {
  auto node = std::make_shared<Node>();
  node->op = op;
  node->depth = 1 + std::max(lhs->depth, rhs ? rhs->depth : 0);
  node->lhs = std::move(lhs);
  node->rhs = std::move(rhs);
  return node;
}

std::string depthError() {
  return "expression nested deeper than " + std::to_string(kMaxGridExprDepth) +
         " levels";
}

/// Recursive-descent parser for the grammar in GridExpr.h. Parse functions
/// return null after recording the first error. Recursion (parentheses,
/// calls, unary minus) and the depth of the tree built (which long operator
/// chains also deepen) are both bounded by kMaxGridExprDepth, so neither the
/// parser nor later walks over the tree can exhaust the stack.
class ExprParser {
public:
  explicit ExprParser(std::string_view text) : text_(text) {}

  Expected<NodePtr> parseAll() {
    if (text_.size() > kMaxGridExprLength)
      return Status::error("expression is " + std::to_string(text_.size()) +
                           " bytes long (the limit is " +
                           std::to_string(kMaxGridExprLength) + ")");
    NodePtr root = parseExpr();
    if (root) {
      skipSpaces();
      if (pos_ != text_.size())
        fail("unexpected '" + std::string(1, text_[pos_]) +
             "' after the expression");
    }
    if (!error_.empty())
      return Status::error(error_);
    return root;
  }

private:
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }

  void skipSpaces() {
    while (pos_ < text_.size() &&
           std::isspace(static_cast<unsigned char>(peek())))
      ++pos_;
  }

  NodePtr fail(const std::string &what) {
    if (error_.empty())
      error_ = "column " + std::to_string(pos_ + 1) + ": " + what;
    return nullptr;
  }

  /// Consumes `c` (after spaces) if it is next.
  bool accept(char c) {
    skipSpaces();
    if (peek() != c)
      return false;
    ++pos_;
    return true;
  }

  NodePtr parseExpr() {
    NodePtr lhs = parseTerm();
    while (lhs) {
      if (accept('+'))
        lhs = combine(Node::Op::Add, lhs, parseTerm());
      else if (accept('-'))
        lhs = combine(Node::Op::Sub, lhs, parseTerm());
      else
        break;
    }
    return lhs;
  }

  NodePtr parseTerm() {
    NodePtr lhs = parseUnary();
    while (lhs) {
      if (accept('*'))
        lhs = combine(Node::Op::Mul, lhs, parseUnary());
      else if (accept('/'))
        lhs = combine(Node::Op::Div, lhs, parseUnary());
      else if (accept('%'))
        lhs = combine(Node::Op::Mod, lhs, parseUnary());
      else
        break;
    }
    return lhs;
  }

  /// `op` applied to `lhs` and `rhs` (`rhs` is null for Neg); null when an
  /// operand failed to parse or the tree would grow too deep.
  NodePtr combine(Node::Op op, NodePtr lhs, NodePtr rhs) {
    if (!lhs || (!rhs && op != Node::Op::Neg))
      return nullptr;
    if (std::max(lhs->depth, rhs ? rhs->depth : 0) >= kMaxGridExprDepth)
      return fail(depthError());
    return makeOperator(op, std::move(lhs), std::move(rhs));
  }

  /// Counts one level of parser recursion for the lifetime of the object.
  class Nested {
  public:
    explicit Nested(ExprParser &parser) : parser_(parser) { ++parser_.depth_; }
    ~Nested() { --parser_.depth_; }
    /// False (after recording the error) when the recursion is too deep.
    bool ok() {
      if (parser_.depth_ <= kMaxGridExprDepth)
        return true;
      parser_.fail(depthError());
      return false;
    }

  private:
    ExprParser &parser_;
  };

  NodePtr parseUnary() {
    if (accept('-')) {
      Nested nested(*this);
      if (!nested.ok())
        return nullptr;
      return combine(Node::Op::Neg, parseUnary(), nullptr);
    }
    return parsePrimary();
  }

  NodePtr parsePrimary() {
    skipSpaces();
    char c = peek();
    if (c == '(') {
      Nested nested(*this);
      if (!nested.ok())
        return nullptr;
      ++pos_;
      NodePtr inner = parseExpr();
      if (!inner)
        return nullptr;
      if (!accept(')'))
        return fail("expected ')'");
      return inner;
    }
    if (std::isdigit(static_cast<unsigned char>(c)))
      return parseInteger();
    if (std::isalpha(static_cast<unsigned char>(c)) || c == '_')
      return parseNameOrCall();
    if (c == '\0')
      return fail("expected an expression, found end of input");
    return fail("expected an expression, found '" + std::string(1, c) + "'");
  }

  NodePtr parseInteger() {
    int64_t value = 0;
    while (std::isdigit(static_cast<unsigned char>(peek()))) {
      int digit = peek() - '0';
      if (value > (INT64_MAX - digit) / 10)
        return fail("integer literal too large");
      value = value * 10 + digit;
      ++pos_;
    }
    return makeLeaf(Node::Op::Integer, value, "");
  }

  NodePtr parseNameOrCall() {
    size_t start = pos_;
    while (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_')
      ++pos_;
    std::string name(text_.substr(start, pos_ - start));
    skipSpaces();
    if (peek() != '(')
      return makeLeaf(Node::Op::Name, 0, name);
    Node::Op op;
    if (name == "cdiv")
      op = Node::Op::CDiv;
    else if (name == "min")
      op = Node::Op::Min;
    else if (name == "max")
      op = Node::Op::Max;
    else {
      pos_ = start;
      return fail("unknown function '" + name +
                  "' (expected cdiv, min or max)");
    }
    Nested nested(*this);
    if (!nested.ok())
      return nullptr;
    ++pos_; // '('
    NodePtr lhs = parseExpr();
    if (!lhs)
      return nullptr;
    if (!accept(','))
      return fail("expected ',' in call to " + name);
    NodePtr rhs = parseExpr();
    if (!rhs)
      return nullptr;
    if (!accept(')'))
      return fail("expected ')' to close call to " + name);
    return combine(op, std::move(lhs), std::move(rhs));
  }

  std::string_view text_;
  size_t pos_ = 0;
  size_t depth_ = 0; ///< Current recursion depth (see Nested).
  std::string error_;
};

Status overflow(const char *op) {
  return Status::error(std::string("integer overflow in '") + op + "'");
}

Expected<int64_t> evaluateNode(const Node &node, const SymbolTable &symbols);

Expected<int64_t> evaluateBinary(const Node &node, int64_t a, int64_t b) {
  int64_t result = 0;
  switch (node.op) {
  case Node::Op::Add:
    if (__builtin_add_overflow(a, b, &result))
      return overflow("+");
    return result;
  case Node::Op::Sub:
    if (__builtin_sub_overflow(a, b, &result))
      return overflow("-");
    return result;
  case Node::Op::Mul:
    if (__builtin_mul_overflow(a, b, &result))
      return overflow("*");
    return result;
  case Node::Op::Div:
  case Node::Op::Mod:
  case Node::Op::CDiv: {
    const char *name = node.op == Node::Op::Div   ? "/"
                       : node.op == Node::Op::Mod ? "%"
                                                  : "cdiv";
    if (b == 0)
      return Status::error(std::string("division by zero in '") + name + "'");
    if (a == INT64_MIN && b == -1)
      return overflow(name);
    if (node.op == Node::Op::Div)
      return floorDiv(a, b);
    if (node.op == Node::Op::CDiv)
      return ceilDiv(a, b);
    return a - floorDiv(a, b) * b;
  }
  case Node::Op::Min:
    return a < b ? a : b;
  case Node::Op::Max:
    return a > b ? a : b;
  default:
    return Status::error("internal error: not a binary operator");
  }
}

Expected<int64_t> evaluateNode(const Node &node, const SymbolTable &symbols) {
  switch (node.op) {
  case Node::Op::Integer:
    return node.value;
  case Node::Op::Name: {
    auto it = symbols.find(node.name);
    if (it == symbols.end())
      return Status::error("unknown size '" + node.name + "'");
    return it->second;
  }
  case Node::Op::Neg: {
    Expected<int64_t> operand = evaluateNode(*node.lhs, symbols);
    if (!operand.ok())
      return operand;
    if (*operand == INT64_MIN)
      return overflow("-");
    return -*operand;
  }
  default: {
    Expected<int64_t> lhs = evaluateNode(*node.lhs, symbols);
    if (!lhs.ok())
      return lhs;
    Expected<int64_t> rhs = evaluateNode(*node.rhs, symbols);
    if (!rhs.ok())
      return rhs;
    return evaluateBinary(node, *lhs, *rhs);
  }
  }
}

void collectNames(const Node &node, std::set<std::string> &names) {
  if (node.op == Node::Op::Name)
    names.insert(node.name);
  if (node.lhs)
    collectNames(*node.lhs, names);
  if (node.rhs)
    collectNames(*node.rhs, names);
}

} // namespace

Expected<GridExpr> GridExpr::parse(std::string_view text) {
  Expected<NodePtr> root = ExprParser(text).parseAll();
  if (!root.ok()) {
    // Quote at most the first 64 bytes of an overlong expression.
    std::string quoted(text.substr(0, 64));
    if (text.size() > 64)
      quoted += "...";
    return root.status().withContext("in expression \"" + quoted + "\"");
  }
  GridExpr expr;
  expr.root_ = root.take();
  expr.text_ = std::string(text);
  return expr;
}

Expected<int64_t> GridExpr::evaluate(const SymbolTable &symbols) const {
  Expected<int64_t> value = evaluateNode(*root_, symbols);
  if (!value.ok())
    return value.status().withContext("evaluating \"" + text_ + "\"");
  return value;
}

GridExpr GridExpr::integer(int64_t value) {
  GridExpr expr;
  expr.root_ = makeLeaf(Node::Op::Integer, value, "");
  expr.text_ =
      value < 0 ? "(" + std::to_string(value) + ")" : std::to_string(value);
  return expr;
}

GridExpr GridExpr::name(std::string name) {
  GridExpr expr;
  expr.text_ = name;
  expr.root_ = makeLeaf(Node::Op::Name, 0, std::move(name));
  return expr;
}

Expected<GridExpr> GridExpr::binary(BinaryOp op, const GridExpr &lhs,
                                    const GridExpr &rhs) {
  if (std::max(lhs.root_->depth, rhs.root_->depth) >= kMaxGridExprDepth)
    return Status::error(depthError());
  static constexpr struct {
    Node::Op op;
    const char *spelling; ///< An infix operator, or a function name.
    bool isCall;
  } kOps[] = {{Node::Op::Add, " + ", false}, {Node::Op::Sub, " - ", false},
              {Node::Op::Mul, " * ", false}, {Node::Op::Div, " / ", false},
              {Node::Op::Mod, " % ", false}, {Node::Op::CDiv, "cdiv", true},
              {Node::Op::Min, "min", true},  {Node::Op::Max, "max", true}};
  const auto &info = kOps[static_cast<unsigned>(op)];
  GridExpr expr;
  expr.root_ = makeOperator(info.op, lhs.root_, rhs.root_);
  expr.text_ = info.isCall ? std::string(info.spelling) + "(" + lhs.text_ +
                                 ", " + rhs.text_ + ")"
                           : "(" + lhs.text_ + info.spelling + rhs.text_ + ")";
  return expr;
}

std::vector<std::string> GridExpr::names() const {
  std::set<std::string> names;
  collectNames(*root_, names);
  return {names.begin(), names.end()};
}

} // namespace tessera::host
