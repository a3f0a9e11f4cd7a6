//===- Numbers.h - Locale-independent number text ---------------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Private to lib/Runtime. strtod and printf follow the C locale of the
/// process (LC_NUMERIC), and a host such as Python may have set one whose
/// decimal point is ','; manifests always use '.'. These helpers read and
/// write numbers in the "C" locale whatever the process's locale is.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_RUNTIME_NUMBERS_H
#define TESSERA_LIB_RUNTIME_NUMBERS_H

#include <string>

namespace tessera {
namespace runtime {

/// Parses all of `text` as a floating-point number (strtod syntax, "C"
/// locale). Returns false when `text` is not entirely a number; sets
/// `outOfRange` when its magnitude overflows a double (`value` is then
/// +-HUGE_VAL) or underflows.
bool parseDouble(const std::string &text, double &value, bool &outOfRange);

/// The shortest "%g" text that reads back as `value` ("1.5", "1e-05",
/// "inf", "-inf", "nan"), with '.' as the decimal point.
std::string formatDouble(double value);

} // namespace runtime
} // namespace tessera

#endif // TESSERA_LIB_RUNTIME_NUMBERS_H
