#include "interview_args.h"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "recall/error.h"
#include "recall/text.h"

namespace recall::app {

Interview ResolveInterview(Store& store, const std::string& name) {
  if (!name.empty()) {
    auto found = FindInterview(store, name);
    if (!found) {
      throw Error(ErrorCode::kNotFound, "no interview named \"" + name + "\" (see recall interview list)");
    }
    return *found;
  }
  const std::vector<Interview> all = ListInterviews(store);
  if (all.empty()) {
    throw Error(ErrorCode::kNotFound,
                "no interview set (set one: recall interview set YYYY-MM-DD --deck NAME)");
  }
  for (const Interview& iv : all) {
    if (iv.day >= store.Today().today) return iv;
  }
  return all.back();
}

std::string DaysLeftText(Day today, Day day) {
  const int64_t left = day - today;
  if (left == 0) return "today";
  if (left == 1) return "tomorrow";
  if (left > 1) return fmt::format("in {} days", left);
  return left == -1 ? "passed yesterday" : fmt::format("passed {} days ago", -left);
}

std::string ScopeText(const Interview& interview) {
  std::string out;
  auto add = [&](const std::string& part) {
    if (!out.empty()) out += ", ";
    out += part;
  };
  for (const InterviewDeck& d : interview.decks) {
    add(d.name.empty() ? fmt::format("deck #{} (deleted)", d.id) : "deck " + EscapeControls(d.name, false));
  }
  for (const std::string& t : interview.tags) add("tag " + EscapeControls(t, false));
  return out.empty() ? "whole collection" : out;
}

}  // namespace recall::app
