#include "line_input.h"

#include <cstdio>
#include <iostream>

namespace recall::app {

std::string Trimmed(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

bool LineInput::Read(std::string* line) {
  if (!std::getline(std::cin, *line)) return false;
  ++line_no_;
  return true;
}

void LineInput::Invalid(const std::string& line, const std::string& expected) const {
  std::fflush(stdout);
  std::fprintf(stderr, "recall: invalid input \"%s\": expected %s (stdin line %d)\n", Trimmed(line).c_str(),
               expected.c_str(), line_no_);
}

}  // namespace recall::app
