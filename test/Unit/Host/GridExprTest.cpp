//===- GridExprTest.cpp - Tests of grid expression evaluation -------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/GridExpr.h"

#include <gtest/gtest.h>

namespace host = tessera::host;

namespace {

/// Parses and evaluates `text`; fails the test on any error.
int64_t eval(const std::string &text, const host::SymbolTable &symbols = {}) {
  host::Expected<host::GridExpr> expr = host::GridExpr::parse(text);
  EXPECT_TRUE(expr.ok()) << expr.message();
  if (!expr.ok())
    return -999;
  host::Expected<int64_t> value = expr->evaluate(symbols);
  EXPECT_TRUE(value.ok()) << value.message();
  return value.ok() ? *value : -999;
}

std::string evalError(const std::string &text,
                      const host::SymbolTable &symbols = {}) {
  host::Expected<host::GridExpr> expr = host::GridExpr::parse(text);
  if (!expr.ok())
    return expr.message();
  host::Expected<int64_t> value = expr->evaluate(symbols);
  EXPECT_FALSE(value.ok()) << text << " = " << *value;
  return value.ok() ? std::string() : value.message();
}

TEST(GridExpr, EvaluatesManifestExamples) {
  host::SymbolTable sizes = {{"N", 1000}, {"BH", 32}, {"D", 64}};
  EXPECT_EQ(eval("cdiv(N, 128)", sizes), 8);
  EXPECT_EQ(eval("BH", sizes), 32);
  EXPECT_EQ(eval("1", sizes), 1);
  EXPECT_EQ(eval("cdiv(N, 128) * BH", sizes), 256);
}

TEST(GridExpr, FollowsPrecedenceAndAssociativity) {
  EXPECT_EQ(eval("2 + 3 * 4"), 14);
  EXPECT_EQ(eval("(2 + 3) * 4"), 20);
  EXPECT_EQ(eval("10 - 4 - 3"), 3);
  EXPECT_EQ(eval("100 / 10 / 5"), 2);
  EXPECT_EQ(eval("-3 + 5"), 2);
  EXPECT_EQ(eval("- -3"), 3);
  EXPECT_EQ(eval("2 * -3"), -6);
}

TEST(GridExpr, DivisionFunctionsRound) {
  EXPECT_EQ(eval("7 / 2"), 3);
  EXPECT_EQ(eval("-7 / 2"), -4); // Floor division.
  EXPECT_EQ(eval("7 % 3"), 1);
  EXPECT_EQ(eval("-7 % 3"), 2);
  EXPECT_EQ(eval("cdiv(7, 2)"), 4);
  EXPECT_EQ(eval("cdiv(8, 2)"), 4);
  EXPECT_EQ(eval("cdiv(0, 128)"), 0);
  EXPECT_EQ(eval("cdiv(-7, 2)"), -3);
  EXPECT_EQ(eval("min(3, max(1, 2))"), 2);
  EXPECT_EQ(eval("max(cdiv(N, 64), 1)", {{"N", 1}}), 1);
}

TEST(GridExpr, ListsNames) {
  host::Expected<host::GridExpr> expr =
      host::GridExpr::parse("cdiv(N, BLOCK_M) * N + BH");
  ASSERT_TRUE(expr.ok());
  EXPECT_EQ(expr->names(), (std::vector<std::string>{"BH", "BLOCK_M", "N"}));
  EXPECT_EQ(expr->text(), "cdiv(N, BLOCK_M) * N + BH");
}

TEST(GridExpr, SyntaxErrorsSayWhere) {
  EXPECT_EQ(evalError("cdiv(N, "),
            "in expression \"cdiv(N, \": column 9: expected an expression, "
            "found end of input");
  EXPECT_EQ(evalError("(N"), "in expression \"(N\": column 3: expected ')'");
  EXPECT_NE(evalError("cdiv(N)").find("expected ',' in call to cdiv"),
            std::string::npos);
  EXPECT_NE(evalError("ceil(N, 2)").find("unknown function 'ceil'"),
            std::string::npos);
  EXPECT_NE(evalError("N N").find("column 3: unexpected 'N'"),
            std::string::npos);
  EXPECT_NE(evalError("N $ 2").find("unexpected '$'"), std::string::npos);
  EXPECT_NE(evalError("").find("expected an expression"), std::string::npos);
  EXPECT_NE(evalError("99999999999999999999").find("too large"),
            std::string::npos);
}

TEST(GridExpr, EvaluationErrors) {
  EXPECT_EQ(evalError("cdiv(N, 128)"),
            "evaluating \"cdiv(N, 128)\": unknown size 'N'");
  EXPECT_NE(evalError("N / 0", {{"N", 1}}).find("division by zero in '/'"),
            std::string::npos);
  EXPECT_NE(
      evalError("cdiv(4, N)", {{"N", 0}}).find("division by zero in 'cdiv'"),
      std::string::npos);
  EXPECT_NE(evalError("N % 0", {{"N", 1}}).find("division by zero"),
            std::string::npos);
  EXPECT_NE(evalError("N * N", {{"N", int64_t(1) << 40}}).find("overflow"),
            std::string::npos);
}

/// `count` copies of `piece`.
std::string repeat(const std::string &piece, size_t count) {
  std::string text;
  text.reserve(piece.size() * count);
  for (size_t i = 0; i < count; ++i)
    text += piece;
  return text;
}

// Issue 16.1: these used to overflow the stack (in the parser, in names(),
// in evaluate() or when the tree was destroyed) and kill the process.
TEST(GridExpr, RejectsHugeExpressionsWithoutCrashing) {
  EXPECT_EQ(evalError(repeat("(", 15000) + "1" + repeat(")", 15000)),
            "in expression \"" + repeat("(", 64) +
                "...\": expression is 30001 bytes long (the limit is 4096)");
  EXPECT_NE(evalError(repeat("-", 42000) + "1").find("42001 bytes long"),
            std::string::npos);
  EXPECT_NE(evalError("1" + repeat(" + 1", 270000)).find("bytes long"),
            std::string::npos);
}

TEST(GridExpr, BoundsNestingAndTreeDepth) {
  const std::string tooDeep = "expression nested deeper than 256 levels";
  // Parentheses and calls: 256 levels are fine, 257 are not.
  EXPECT_EQ(eval(repeat("(", 256) + "7" + repeat(")", 256)), 7);
  EXPECT_NE(evalError(repeat("(", 257) + "7" + repeat(")", 257)).find(tooDeep),
            std::string::npos);
  EXPECT_NE(
      evalError(repeat("max(1, ", 300) + "1" + repeat(")", 300)).find(tooDeep),
      std::string::npos);
  // Unary minus: each one is a node.
  EXPECT_EQ(eval(repeat("-", 254) + "3"), 3);
  EXPECT_NE(evalError(repeat("-", 300) + "3").find(tooDeep), std::string::npos);
  // A flat chain of operators builds a deep tree, though the parser loops.
  EXPECT_EQ(eval("1" + repeat("+1", 255)), 256);
  EXPECT_NE(evalError("1" + repeat("+1", 256)).find(tooDeep),
            std::string::npos);
  EXPECT_NE(evalError("N" + repeat("*N", 1000)).find(tooDeep),
            std::string::npos);
  EXPECT_NE(evalError("1" + repeat("-1", 1500)).find("column 514: " + tooDeep),
            std::string::npos);
}

TEST(GridExpr, DeepButValidExpressionsStillWork) {
  host::Expected<host::GridExpr> expr =
      host::GridExpr::parse(repeat("cdiv(", 100) + "N" + repeat(", 1)", 100));
  ASSERT_TRUE(expr.ok()) << expr.message();
  EXPECT_EQ(expr->names(), (std::vector<std::string>{"N"}));
  host::Expected<int64_t> value = expr->evaluate({{"N", 5}});
  ASSERT_TRUE(value.ok()) << value.message();
  EXPECT_EQ(*value, 5);
}

TEST(GridExpr, BuiltExpressionsMatchTheirText) {
  using Op = host::GridExpr::BinaryOp;
  host::GridExpr n = host::GridExpr::name("N");
  host::Expected<host::GridExpr> blocks =
      host::GridExpr::binary(Op::CDiv, n, host::GridExpr::integer(128));
  ASSERT_TRUE(blocks.ok()) << blocks.message();
  host::Expected<host::GridExpr> grid = host::GridExpr::binary(
      Op::Mul, *blocks,
      *host::GridExpr::binary(Op::Sub, host::GridExpr::name("BH"),
                              host::GridExpr::integer(-2)));
  ASSERT_TRUE(grid.ok()) << grid.message();
  EXPECT_EQ(grid->text(), "(cdiv(N, 128) * (BH - (-2)))");
  EXPECT_EQ(grid->names(), (std::vector<std::string>{"BH", "N"}));
  host::SymbolTable sizes = {{"N", 1000}, {"BH", 3}};
  EXPECT_EQ(*grid->evaluate(sizes), 8 * 5);
  // The text parses back to an expression of the same value.
  EXPECT_EQ(eval(grid->text(), sizes), 40);
  host::Expected<host::GridExpr> byZero =
      host::GridExpr::binary(Op::Mod, n, host::GridExpr::integer(0));
  ASSERT_TRUE(byZero.ok());
  host::Expected<int64_t> value = byZero->evaluate(sizes);
  ASSERT_FALSE(value.ok());
  EXPECT_EQ(value.message(), "evaluating \"(N % 0)\": division by zero in '%'");
}

TEST(GridExpr, BuiltExpressionsAreBoundedInDepth) {
  using Op = host::GridExpr::BinaryOp;
  host::GridExpr expr = host::GridExpr::integer(1);
  for (size_t i = 1; i < host::kMaxGridExprDepth; ++i) {
    host::Expected<host::GridExpr> deeper =
        host::GridExpr::binary(Op::Add, expr, host::GridExpr::integer(1));
    ASSERT_TRUE(deeper.ok()) << i << ": " << deeper.message();
    expr = deeper.take();
  }
  EXPECT_EQ(*expr.evaluate({}), int64_t(host::kMaxGridExprDepth));
  host::Expected<host::GridExpr> tooDeep =
      host::GridExpr::binary(Op::Add, expr, host::GridExpr::integer(1));
  ASSERT_FALSE(tooDeep.ok());
  EXPECT_EQ(tooDeep.message(), "expression nested deeper than 256 levels");
}

} // namespace
