//===- Json.h - A small strict JSON reader and writer helpers ---*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// A dependency-free JSON (RFC 8259) parser for kernel manifests. It is strict
/// (no comments, no trailing commas), bounds nesting depth, and reports errors
/// with line, column and byte offset. Object members keep their order.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_RUNTIME_JSON_H
#define TESSERA_RUNTIME_JSON_H

#include "tessera/Runtime/Status.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tessera {
namespace runtime {

/// One JSON value: null, boolean, number, string, array or object.
class JsonValue {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Member = std::pair<std::string, JsonValue>;

  JsonValue() = default;
  static JsonValue makeBool(bool value);
  /// A number; `isInteger` says the literal had no fraction or exponent and
  /// fits in an int64 (then `integer` holds it exactly); `integerLiteral`
  /// says it had no fraction or exponent, whether or not it fits.
  static JsonValue makeNumber(double value, bool isInteger, int64_t integer,
                              bool integerLiteral);
  static JsonValue makeString(std::string value);
  static JsonValue makeArray(std::vector<JsonValue> elements);
  static JsonValue makeObject(std::vector<Member> members);

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }
  bool isBool() const { return kind_ == Kind::Bool; }
  bool isNumber() const { return kind_ == Kind::Number; }
  /// True for a number written as an integer literal that fits in int64.
  bool isInteger() const { return kind_ == Kind::Number && isInteger_; }
  /// True for a number written without fraction or exponent (an integer
  /// literal, even one too large for int64).
  bool isIntegerLiteral() const {
    return kind_ == Kind::Number && isIntegerLiteral_;
  }
  bool isString() const { return kind_ == Kind::String; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isObject() const { return kind_ == Kind::Object; }

  bool asBool() const { return bool_; }
  double asDouble() const { return number_; }
  int64_t asInt() const { return integer_; }
  const std::string &asString() const { return string_; }
  const std::vector<JsonValue> &elements() const { return elements_; }
  const std::vector<Member> &members() const { return members_; }

  /// The member named `key` of an object, or null when absent (or not an
  /// object).
  const JsonValue *find(std::string_view key) const;

  /// "null", "a boolean", "a number", "a string", "an array", "an object".
  static const char *describe(Kind kind);

private:
  Kind kind_ = Kind::Null;
  bool bool_ = false;
  bool isInteger_ = false;
  bool isIntegerLiteral_ = false;
  double number_ = 0;
  int64_t integer_ = 0;
  std::string string_;
  std::vector<JsonValue> elements_;
  std::vector<Member> members_;
};

/// Parses `text` as one JSON document. Errors read
/// "line 3, column 7 (offset 41): expected ',' or '}' in object".
Expected<JsonValue> parseJson(std::string_view text);

/// Returns `text` as a quoted JSON string literal (escaping as needed).
std::string quoteJson(std::string_view text);

} // namespace runtime
} // namespace tessera

#endif // TESSERA_RUNTIME_JSON_H
