//===- Json.cpp - A small strict JSON reader ------------------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/Json.h"

#include "Numbers.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

namespace tessera {
namespace runtime {

JsonValue JsonValue::makeBool(bool value) {
  JsonValue result;
  result.kind_ = Kind::Bool;
  result.bool_ = value;
  return result;
}

JsonValue JsonValue::makeNumber(double value, bool isInteger, int64_t integer,
                                bool integerLiteral) {
  JsonValue result;
  result.kind_ = Kind::Number;
  result.number_ = value;
  result.isInteger_ = isInteger;
  result.isIntegerLiteral_ = integerLiteral;
  result.integer_ = integer;
  return result;
}

JsonValue JsonValue::makeString(std::string value) {
  JsonValue result;
  result.kind_ = Kind::String;
  result.string_ = std::move(value);
  return result;
}

JsonValue JsonValue::makeArray(std::vector<JsonValue> elements) {
  JsonValue result;
  result.kind_ = Kind::Array;
  result.elements_ = std::move(elements);
  return result;
}

JsonValue JsonValue::makeObject(std::vector<Member> members) {
  JsonValue result;
  result.kind_ = Kind::Object;
  result.members_ = std::move(members);
  return result;
}

const JsonValue *JsonValue::find(std::string_view key) const {
  for (const Member &member : members_)
    if (member.first == key)
      return &member.second;
  return nullptr;
}

const char *JsonValue::describe(Kind kind) {
  switch (kind) {
  case Kind::Null:
    return "null";
  case Kind::Bool:
    return "a boolean";
  case Kind::Number:
    return "a number";
  case Kind::String:
    return "a string";
  case Kind::Array:
    return "an array";
  case Kind::Object:
    return "an object";
  }
  return "a value";
}

namespace {

/// Deeper documents are rejected rather than risking stack exhaustion.
constexpr int kMaxDepth = 200;

/// Recursive-descent parser over one document. Each parse function returns
/// false after recording the first error.
class JsonParser {
public:
  explicit JsonParser(std::string_view text) : text_(text) {}

  Expected<JsonValue> parseDocument() {
    JsonValue value;
    skipWhitespace();
    if (!parseValue(value, 0))
      return Status::error(error_);
    skipWhitespace();
    if (pos_ != text_.size() && !fail("unexpected text after the JSON value"))
      return Status::error(error_);
    return value;
  }

private:
  bool atEnd() const { return pos_ >= text_.size(); }
  char peek() const { return atEnd() ? '\0' : text_[pos_]; }

  /// Records an error at the current position and returns false.
  bool fail(const std::string &what) { return failAt(pos_, what); }

  bool failAt(size_t offset, const std::string &what) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < offset && i < text_.size(); ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    error_ = "line " + std::to_string(line) + ", column " +
             std::to_string(column) + " (offset " + std::to_string(offset) +
             "): " + what;
    return false;
  }

  /// Describes the character at the cursor for error messages.
  std::string found() const {
    if (atEnd())
      return "end of input";
    char c = peek();
    if (c >= 0x20 && c < 0x7f)
      return std::string("'") + c + "'";
    char buffer[16];
    std::snprintf(buffer, sizeof(buffer), "byte 0x%02x",
                  static_cast<unsigned char>(c));
    return buffer;
  }

  void skipWhitespace() {
    while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\n' ||
                        peek() == '\r'))
      ++pos_;
  }

  bool parseValue(JsonValue &out, int depth) {
    if (depth > kMaxDepth)
      return fail("nesting deeper than " + std::to_string(kMaxDepth));
    switch (peek()) {
    case '{':
      return parseObject(out, depth);
    case '[':
      return parseArray(out, depth);
    case '"': {
      std::string text;
      if (!parseString(text))
        return false;
      out = JsonValue::makeString(std::move(text));
      return true;
    }
    case 't':
      return parseLiteral("true", JsonValue::makeBool(true), out);
    case 'f':
      return parseLiteral("false", JsonValue::makeBool(false), out);
    case 'n':
      return parseLiteral("null", JsonValue(), out);
    default:
      if (peek() == '-' || (peek() >= '0' && peek() <= '9'))
        return parseNumber(out);
      return fail("expected a JSON value, found " + found());
    }
  }

  bool parseLiteral(std::string_view word, JsonValue value, JsonValue &out) {
    if (text_.substr(pos_, word.size()) != word)
      return fail("expected '" + std::string(word) + "'");
    pos_ += word.size();
    out = std::move(value);
    return true;
  }

  bool parseObject(JsonValue &out, int depth) {
    size_t start = pos_;
    ++pos_; // '{'
    std::vector<JsonValue::Member> members;
    // Keys seen so far: a linear scan per key made an object of n members
    // take O(n^2) time (80,000 constants: 21 s).
    std::unordered_set<std::string> keys;
    skipWhitespace();
    if (peek() == '}') {
      ++pos_;
      out = JsonValue::makeObject(std::move(members));
      return true;
    }
    while (true) {
      skipWhitespace();
      if (peek() != '"')
        return fail("expected a string key in object, found " + found());
      size_t keyOffset = pos_;
      std::string key;
      if (!parseString(key))
        return false;
      if (!keys.insert(key).second)
        return failAt(keyOffset, "duplicate key \"" + key + "\"");
      skipWhitespace();
      if (peek() != ':')
        return fail("expected ':' after object key, found " + found());
      ++pos_;
      skipWhitespace();
      JsonValue value;
      if (!parseValue(value, depth + 1))
        return false;
      members.emplace_back(std::move(key), std::move(value));
      skipWhitespace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == '}') {
        ++pos_;
        break;
      }
      if (atEnd())
        return fail("unterminated object (opened at offset " +
                    std::to_string(start) + ")");
      return fail("expected ',' or '}' in object, found " + found());
    }
    out = JsonValue::makeObject(std::move(members));
    return true;
  }

  bool parseArray(JsonValue &out, int depth) {
    size_t start = pos_;
    ++pos_; // '['
    std::vector<JsonValue> elements;
    skipWhitespace();
    if (peek() == ']') {
      ++pos_;
      out = JsonValue::makeArray(std::move(elements));
      return true;
    }
    while (true) {
      skipWhitespace();
      JsonValue value;
      if (!parseValue(value, depth + 1))
        return false;
      elements.push_back(std::move(value));
      skipWhitespace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ']') {
        ++pos_;
        break;
      }
      if (atEnd())
        return fail("unterminated array (opened at offset " +
                    std::to_string(start) + ")");
      return fail("expected ',' or ']' in array, found " + found());
    }
    out = JsonValue::makeArray(std::move(elements));
    return true;
  }

  static void appendUtf8(std::string &out, uint32_t codePoint) {
    if (codePoint < 0x80) {
      out += static_cast<char>(codePoint);
    } else if (codePoint < 0x800) {
      out += static_cast<char>(0xC0 | (codePoint >> 6));
      out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else if (codePoint < 0x10000) {
      out += static_cast<char>(0xE0 | (codePoint >> 12));
      out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (codePoint & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (codePoint >> 18));
      out += static_cast<char>(0x80 | ((codePoint >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((codePoint >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (codePoint & 0x3F));
    }
  }

  /// Reads the 4 hex digits of a \u escape at the cursor.
  bool parseHex4(uint32_t &out) {
    if (pos_ + 4 > text_.size())
      return fail("truncated \\u escape");
    out = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[pos_++];
      out <<= 4;
      if (c >= '0' && c <= '9')
        out |= c - '0';
      else if (c >= 'a' && c <= 'f')
        out |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F')
        out |= c - 'A' + 10;
      else
        return failAt(pos_ - 1, "invalid hex digit in \\u escape");
    }
    return true;
  }

  bool parseUnicodeEscape(std::string &out) {
    size_t start = pos_ - 2;
    uint32_t codePoint = 0;
    if (!parseHex4(codePoint))
      return false;
    if (codePoint >= 0xDC00 && codePoint <= 0xDFFF)
      return failAt(start, "unpaired low surrogate in \\u escape");
    if (codePoint >= 0xD800 && codePoint <= 0xDBFF) {
      if (text_.substr(pos_, 2) != "\\u")
        return failAt(start, "unpaired high surrogate in \\u escape");
      pos_ += 2;
      uint32_t low = 0;
      if (!parseHex4(low))
        return false;
      if (low < 0xDC00 || low > 0xDFFF)
        return failAt(start, "invalid surrogate pair in \\u escape");
      codePoint = 0x10000 + ((codePoint - 0xD800) << 10) + (low - 0xDC00);
    }
    appendUtf8(out, codePoint);
    return true;
  }

  bool parseString(std::string &out) {
    size_t start = pos_;
    ++pos_; // opening quote
    while (true) {
      if (atEnd())
        return failAt(start, "unterminated string");
      char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in string (escape it)");
      if (c != '\\') {
        out += c;
        ++pos_;
        continue;
      }
      ++pos_;
      char escape = peek();
      ++pos_;
      switch (escape) {
      case '"':
      case '\\':
      case '/':
        out += escape;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u':
        if (!parseUnicodeEscape(out))
          return false;
        break;
      default:
        return failAt(pos_ - 2, "invalid escape sequence in string");
      }
    }
  }

  bool skipDigits() {
    size_t begin = pos_;
    while (peek() >= '0' && peek() <= '9')
      ++pos_;
    return pos_ > begin;
  }

  bool parseNumber(JsonValue &out) {
    size_t start = pos_;
    bool isInteger = true;
    if (peek() == '-')
      ++pos_;
    if (peek() == '0') {
      ++pos_;
      if (peek() >= '0' && peek() <= '9')
        return fail("leading zeros are not allowed in numbers");
    } else if (!skipDigits()) {
      return fail("expected digits in number");
    }
    if (peek() == '.') {
      isInteger = false;
      ++pos_;
      if (!skipDigits())
        return fail("expected digits after '.' in number");
    }
    if (peek() == 'e' || peek() == 'E') {
      isInteger = false;
      ++pos_;
      if (peek() == '+' || peek() == '-')
        ++pos_;
      if (!skipDigits())
        return fail("expected digits in exponent");
    }
    std::string literal(text_.substr(start, pos_ - start));
    // The grammar above accepted the literal; this only converts it (in the
    // "C" locale: the process's may use ',' as the decimal point).
    double value = 0;
    bool outOfRange = false;
    (void)parseDouble(literal, value, outOfRange);
    int64_t integer = 0;
    bool integerLiteral = isInteger;
    if (isInteger) {
      errno = 0;
      long long parsed = std::strtoll(literal.c_str(), nullptr, 10);
      if (errno == ERANGE)
        isInteger = false;
      else
        integer = parsed;
    }
    out = JsonValue::makeNumber(value, isInteger, integer, integerLiteral);
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
  std::string error_;
};

} // namespace

Expected<JsonValue> parseJson(std::string_view text) {
  return JsonParser(text).parseDocument();
}

std::string quoteJson(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    case '\r':
      out += "\\r";
      break;
    case '\t':
      out += "\\t";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char buffer[8];
        std::snprintf(buffer, sizeof(buffer), "\\u%04x", c);
        out += buffer;
      } else {
        out += c;
      }
    }
  }
  return out + "\"";
}

} // namespace runtime
} // namespace tessera
