//===- Numbers.cpp - Locale-independent number text -----------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Numbers.h"

#include <cerrno>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <locale.h>

namespace tessera {
namespace runtime {

namespace {

/// The "C" locale, created once (never freed: it lives as long as the
/// process).
locale_t cLocale() {
  static locale_t locale =
      newlocale(LC_ALL_MASK, "C", static_cast<locale_t>(0));
  return locale;
}

} // namespace

bool parseDouble(const std::string &text, double &value, bool &outOfRange) {
  outOfRange = false;
  if (text.empty() || text.find('\0') != std::string::npos)
    return false;
  errno = 0;
  char *end = nullptr;
  locale_t locale = cLocale();
  value = locale ? strtod_l(text.c_str(), &end, locale)
                 : std::strtod(text.c_str(), &end);
  outOfRange = errno == ERANGE;
  return end == text.c_str() + text.size();
}

std::string formatDouble(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  // uselocale switches the calling thread only.
  locale_t previous =
      cLocale() ? uselocale(cLocale()) : static_cast<locale_t>(0);
  char text[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(text, sizeof(text), "%.*g", precision, value);
    if (std::strtod(text, nullptr) == value)
      break;
  }
  if (previous)
    uselocale(previous);
  return text;
}

} // namespace runtime
} // namespace tessera
