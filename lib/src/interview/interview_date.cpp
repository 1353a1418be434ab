// Interview dates: "YYYY-MM-DD" to the study day that starts on that date.

#include <cctype>
#include <optional>
#include <string_view>

#include "recall/interview.h"

namespace recall {

std::optional<Day> ParseDay(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
  }
  // A date alone is local midnight (the first instant of the date, across a
  // daylight-saving gap); its date at rollover hour 0 is the calendar date,
  // which numbers the study day that starts on it.
  const auto midnight = ParseTimestamp(text);
  if (!midnight) return std::nullopt;
  return StudyDayOf(*midnight, 0);
}

}  // namespace recall
