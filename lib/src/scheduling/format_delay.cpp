// Short human form of a delay for the answer buttons, in Anki's style.
//
// seconds < 60 -> "45s"; < 1 hour -> minutes; < 1 day -> hours; whole days
// < 30 -> "4d"; < 365 days -> months of 30 days; otherwise years of 365
// days. One decimal, rounded half away from zero, ".0" dropped: "5.5m",
// "12.1h", "1.2mo", "2.1y". A unit is left for the next one when the rounded
// value would reach it (3599 s is "1h", not "60m").

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
  const int64_t minutes = Tenths(secs, 60);
  if (minutes < 600) return WithUnit(minutes, "m");
  const int64_t hours = Tenths(secs, 3600);
  if (hours < 240) return WithUnit(hours, "h");
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
