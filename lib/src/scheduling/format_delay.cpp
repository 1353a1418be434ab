// Short human form of a delay for the answer buttons and confirmations.
//
// Under a day it reads as a person would say it: seconds < 60 -> "45s";
// then whole minutes, rounded half up, "6m"; from an hour on hours and
// minutes, "1h", "1h 20m" (never "1.3h"). A day or more: whole days < 30 ->
// "4d"; < 365 days -> months of 30 days; otherwise years of 365 days, with
// one decimal, rounded half away from zero, ".0" dropped: "1.2mo", "2.1y"
// (Anki's style). A unit is left for the next one when the rounded value
// would reach it (3599 s is "1h", not "60m"; 86399 s is "1d").

#include <cstdint>
#include <string>

#include "recall/scheduler.h"
#include "scheduling/constants.h"

namespace recall {
namespace {

// value / unit in tenths, rounded half away from zero. REQUIRES: value >= 0.
int64_t Tenths(int64_t value, int64_t unit) { return (value * 20 + unit) / (2 * unit); }

std::string WithUnit(int64_t tenths, const char* unit) {
  std::string out = std::to_string(tenths / 10);
  if (tenths % 10 != 0) out += "." + std::to_string(tenths % 10);
  return out + unit;
}

std::string FormatSeconds(int64_t secs) {
  if (secs < 60) return std::to_string(secs) + "s";
  const int64_t minutes = (secs + 30) / 60;
  if (minutes < 60) return std::to_string(minutes) + "m";
  if (minutes < 24 * 60) {
    const std::string hours = std::to_string(minutes / 60) + "h";
    return minutes % 60 == 0 ? hours : hours + " " + std::to_string(minutes % 60) + "m";
  }
  return WithUnit(Tenths(secs, scheduling::kSecondsPerDay), "d");
}

std::string FormatDays(int64_t days) {
  if (days < 30) return std::to_string(days) + "d";
  const int64_t months = Tenths(days, 30);
  if (days < 365 && months < 120) return WithUnit(months, "mo");
  return WithUnit(Tenths(days, 365), "y");
}

}  // namespace

std::string FormatDelay(const Delay& delay) {
  if (delay.days > 0) return FormatDays(delay.days);
  if (delay.seconds > 0) return FormatSeconds(delay.seconds);
  return "0s";
}

}  // namespace recall
