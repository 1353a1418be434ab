// Readiness on an interview day (recall/readiness.h): predicted recall per
// card, summed up per topic and overall.

#include "recall/readiness.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace recall {
namespace {

// The tag and each of its parents: "a::b::c" -> a::b::c, a::b, a.
std::vector<std::string> TagAndParents(const std::string& tag) {
  std::vector<std::string> out{tag};
  for (size_t i = tag.rfind("::"); i != std::string::npos && i > 0; i = tag.rfind("::", i - 1)) {
    out.push_back(tag.substr(0, i));
  }
  return out;
}

double PredictedRecall(const ReadinessCard& c, Day day, const FsrsParams& w) {
  if (!c.memory) return 0;
  const double elapsed = static_cast<double>(std::max<int64_t>(day - c.last_review_day, 0));
  return FsrsRetrievability(w, elapsed, c.memory->stability);
}

struct Sum {
  int64_t cards = 0;
  RecallSum recall;
  int64_t below = 0;
  int64_t fresh = 0;
  void Add(double r, bool studied, double target) {
    ++cards;
    recall.Add(r);
    if (r < target) ++below;
    if (!studied) ++fresh;
  }
};

}  // namespace

int64_t ElapsedStudyDays(int64_t last_review_s, Timestamp day_end) {
  return std::max<int64_t>((day_end.Seconds() - last_review_s) / 86400, 0);
}

double RecallAtDayEnd(const FsrsParams& w, double stability, int64_t last_review_s, Timestamp day_end) {
  return FsrsRetrievability(w, static_cast<double>(ElapsedStudyDays(last_review_s, day_end)), stability);
}

Readiness ComputeReadiness(const std::vector<ReadinessCard>& cards, Day day, double target,
                           const FsrsParams& w, size_t at_risk) {
  Readiness out;
  out.day = day;
  out.target = target;
  Sum total;
  std::map<std::string, Sum> topics;
  std::vector<CardRecall> recalls;
  recalls.reserve(cards.size());
  for (const ReadinessCard& c : cards) {
    const double r = PredictedRecall(c, day, w);
    const bool studied = c.memory.has_value();
    total.Add(r, studied, target);
    std::set<std::string> of_card;
    for (const std::string& tag : c.tags) {
      for (std::string& t : TagAndParents(tag)) of_card.insert(std::move(t));
    }
    if (of_card.empty()) of_card.insert(kUntaggedTopic);
    for (const std::string& t : of_card) topics[t].Add(r, studied, target);
    std::vector<std::string> sorted_tags = c.tags;
    std::sort(sorted_tags.begin(), sorted_tags.end());
    recalls.push_back(CardRecall{c.card_id, c.front,
                                 sorted_tags.empty() ? kUntaggedTopic : sorted_tags.front(), r, studied});
  }
  out.cards = total.cards;
  out.mean_recall = total.recall.Mean(total.cards);
  out.below_target = total.below;
  out.never_studied = total.fresh;
  for (const auto& [name, s] : topics) {
    out.topics.push_back(
        TopicReadiness{name, s.cards, s.recall.Mean(s.cards), s.below, s.fresh});
  }
  std::stable_sort(
      out.topics.begin(), out.topics.end(),
      [](const TopicReadiness& a, const TopicReadiness& b) { return a.mean_recall < b.mean_recall; });
  std::sort(recalls.begin(), recalls.end(), [](const CardRecall& a, const CardRecall& b) {
    return a.recall != b.recall ? a.recall < b.recall : a.card_id < b.card_id;
  });
  if (recalls.size() > at_risk) recalls.resize(at_risk);
  out.at_risk = std::move(recalls);
  return out;
}

}  // namespace recall
