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

constexpr auto LowerRecall = ReadinessAccumulator::LowerRecall;

}  // namespace

bool ReadinessAccumulator::LowerRecall(const CardRecall& a, const CardRecall& b) {
  return a.recall != b.recall ? a.recall < b.recall : a.card_id < b.card_id;
}

double PredictedRecallOn(const ReadinessCard& c, Day day, const FsrsParams& w) {
  if (!c.memory) return 0;
  const double elapsed = static_cast<double>(std::max<int64_t>(day - c.last_review_day, 0));
  return FsrsRetrievability(w, elapsed, c.memory->stability);
}

int64_t ElapsedStudyDays(int64_t last_review_s, Timestamp day_end) {
  return std::max<int64_t>((day_end.Seconds() - last_review_s) / 86400, 0);
}

double RecallAtDayEnd(const FsrsParams& w, double stability, int64_t last_review_s, Timestamp day_end) {
  return FsrsRetrievability(w, static_cast<double>(ElapsedStudyDays(last_review_s, day_end)), stability);
}

void ReadinessAccumulator::Sum::Add(double r, bool studied, double target, int sign) {
  cards += sign;
  recall.AddUnits(sign * RecallSum::Units(r));
  if (r < target) below += sign;
  if (!studied) fresh += sign;
}

std::pair<std::vector<std::string>, std::string> ReadinessAccumulator::TopicsOf(
    const std::vector<std::string>& tags) {
  std::set<std::string> of_card;
  for (const std::string& tag : tags) {
    for (std::string& t : TagAndParents(tag)) of_card.insert(std::move(t));
  }
  if (of_card.empty()) of_card.insert(kUntaggedTopic);
  return {std::vector<std::string>(of_card.begin(), of_card.end()),
          tags.empty() ? std::string(kUntaggedTopic) : *std::min_element(tags.begin(), tags.end())};
}

ReadinessAccumulator::ReadinessAccumulator(Day day, double target, const FsrsParams& w, size_t at_risk)
    : day_(day), target_(target), w_(w), at_risk_(at_risk) {}

const ReadinessAccumulator::TagSet& ReadinessAccumulator::TagSetOf(const std::vector<std::string>& tags) {
  key_.clear();
  for (const std::string& tag : tags) (key_ += tag) += '\n';
  if (const auto it = tag_sets_.find(key_); it != tag_sets_.end()) return it->second;
  auto [topics, listed_under] = TopicsOf(tags);
  TagSet set;
  for (const std::string& t : topics) set.topics.push_back(&topics_[t]);
  set.listed_under = std::move(listed_under);
  return tag_sets_.emplace(key_, std::move(set)).first->second;
}

void ReadinessAccumulator::Add(const ReadinessCard& c) {
  const double r = PredictedRecallOn(c, day_, w_);
  const bool studied = c.memory.has_value();
  total_.Add(r, studied, target_);
  const TagSet& set = TagSetOf(c.tags);
  for (Sum* topic : set.topics) topic->Add(r, studied, target_);
  if (at_risk_ == 0) return;
  CardRecall entry{c.card_id, std::string(), std::string(), r, studied};
  if (lowest_.size() == at_risk_) {
    if (!LowerRecall(entry, lowest_.front())) return;
    std::pop_heap(lowest_.begin(), lowest_.end(), LowerRecall);
    lowest_.pop_back();
  }
  entry.front = c.front;
  entry.topic = set.listed_under;
  lowest_.push_back(std::move(entry));
  std::push_heap(lowest_.begin(), lowest_.end(), LowerRecall);
}

ReadinessAccumulator::State ReadinessAccumulator::TakeState() && {
  State out;
  out.total = total_;
  out.topics = std::move(topics_);
  std::sort(lowest_.begin(), lowest_.end(), LowerRecall);
  out.lowest = std::move(lowest_);
  return out;
}

Readiness ReadinessAccumulator::FromState(Day day, double target, State state, size_t at_risk) {
  Readiness out;
  out.day = day;
  out.target = target;
  out.cards = state.total.cards;
  out.mean_recall = state.total.recall.Mean(state.total.cards);
  out.below_target = state.total.below;
  out.never_studied = state.total.fresh;
  for (const auto& [name, s] : state.topics) {
    out.topics.push_back(TopicReadiness{name, s.cards, s.recall.Mean(s.cards), s.below, s.fresh});
  }
  std::stable_sort(
      out.topics.begin(), out.topics.end(),
      [](const TopicReadiness& a, const TopicReadiness& b) { return a.mean_recall < b.mean_recall; });
  if (state.lowest.size() > at_risk) state.lowest.resize(at_risk);
  out.at_risk = std::move(state.lowest);
  return out;
}

Readiness ReadinessAccumulator::Finish() && {
  const Day day = day_;
  const double target = target_;
  const size_t at_risk = at_risk_;
  return FromState(day, target, std::move(*this).TakeState(), at_risk);
}

Readiness ComputeReadiness(const std::vector<ReadinessCard>& cards, Day day, double target,
                           const FsrsParams& w, size_t at_risk) {
  ReadinessAccumulator sum(day, target, w, at_risk);
  for (const ReadinessCard& c : cards) sum.Add(c);
  return std::move(sum).Finish();
}

}  // namespace recall
