#ifndef RECALL_TESTS_STATS_TEXT_H_
#define RECALL_TESTS_STATS_TEXT_H_

// Statistics figures as one string each, for comparing the figures read
// from the totals with those read from the cards and the log (a mismatch
// then prints both): tests/stats_totals_test.cpp, tests/import_totals_test.cpp.

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "recall/stats.h"

namespace recall::testing {

inline std::string Text(const std::vector<ValueCount>& v) {
  std::ostringstream o;
  for (const auto& x : v) o << x.value << ':' << x.count << ' ';
  return o.str();
}

inline std::string Text(const CardCounts& c) {
  std::ostringstream o;
  o << c.new_cards << ' ' << c.learning << ' ' << c.relearning << ' ' << c.young << ' ' << c.mature << ' '
    << c.suspended << ' ' << c.buried;
  return o.str();
}

// By tag.
inline std::string Text(std::vector<TagStats> v) {
  std::sort(v.begin(), v.end(), [](const TagStats& a, const TagStats& b) { return a.tag < b.tag; });
  std::ostringstream o;
  o.precision(17);
  for (const auto& t : v) {
    o << t.tag << ": " << t.cards << ' ' << t.new_cards << ' ' << t.reviews << ' ' << t.passed << ' '
      << t.failed << ' ' << t.lapses << ' ' << (t.mean_interval ? *t.mean_interval : -1.0) << '\n';
  }
  return o.str();
}

}  // namespace recall::testing

#endif  // RECALL_TESTS_STATS_TEXT_H_
