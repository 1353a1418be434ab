#ifndef RECALL_STATS_RENDER_TEXT_PARTS_H_
#define RECALL_STATS_RENDER_TEXT_PARTS_H_

// Private to the stats module: the sections of the terminal report that
// adapt their columns to the width (lib/src/stats/render_text_tables.cpp),
// and the small formatting helpers render_text.cpp shares with them. Every
// function returns whole lines ("...\n") no wider than `width` (>= 40).

#include <cstdint>
#include <string>

#include "recall/stats.h"
#include "recall/text.h"

namespace recall::detail {

// A bold heading line when `color`.
std::string StatsHeading(const std::string& text, bool color);
// `s` right-aligned to `width` display columns.
std::string RightAlign(const std::string& s, int width);
// `s` cut from the left to fit `width` columns ("…" marks the cut).
std::string TruncateLeft(const std::string& s, int width);
// "Sun Mar 10" for a study day.
std::string WeekdayDate(Day d);

// Below this many interday (true-retention) answers a tag's retention is
// shown as "n<5" and the row goes after the measured ones.
constexpr int64_t kMinInterdayReviews = 5;
// A measured retention below this is a weak row (red when colour is on).
constexpr double kWeakRetention = 0.8;

// "True retention": passed and failed beside each rate from 72 columns.
std::string TrueRetentionText(const StatsReport& r, int width, bool color);
// "Answer buttons": 8 columns a button when the width allows, fewer below.
std::string ButtonsText(const StatsReport& r, int width, bool color);
// "Retention by tag": columns dropped by width, the sample-size cue, colour.
std::string TagTableText(const StatsReport& r, int width, bool color);
// "Weakest cards": lapses, failed answers and the front cut to fit.
std::string WeakestCardsText(const StatsReport& r, int width, bool color);
// "Due forecast": totals, then one row per day for a week and per week after.
std::string ForecastText(const StatsReport& r, int width, bool color);

}  // namespace recall::detail

#endif  // RECALL_STATS_RENDER_TEXT_PARTS_H_
