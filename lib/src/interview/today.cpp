// Today's status (recall/today.h).

#include "recall/today.h"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "recall/interview_plan.h"
#include "recall/session.h"
#include "recall/today_counts.h"
#include "store/status_cache.h"

namespace recall {
namespace {

// The review queue's counts now, as a session over every deck would show them
// (the same counts as `recall decks` and the review header).
QueueCounts QueueCountsNow(Store& store) { return CountToday(store, std::nullopt).counts; }

}  // namespace

TodayStatus ComputeTodayStatus(Store& store) {
  TodayStatus out;
  const QueueCounts counts = QueueCountsNow(store);
  out.learning = counts.learning;
  out.reviews = counts.review;
  out.new_left = counts.new_cards;
  // Each interview's line is computed once per study day and cached until a
  // write it depends on bumps the collection's generation (store/status_cache.h):
  // computing it reads every card in scope.
  const int64_t generation = detail::StatusGeneration(store);
  std::optional<FsrsParams> w;
  std::optional<double> seconds;
  for (const Interview& iv : ListInterviews(store)) {
    const int rollover = store.RolloverHour();
    const Day today = store.Today().today;
    if (iv.day < today) continue;
    InterviewDayStatus it;
    it.interview = iv;
    it.days_left = iv.day - today;
    if (const auto cached = detail::LoadInterviewStatus(store, iv.id, today, generation)) {
      it.cards = cached->cards;
      it.readiness = cached->readiness;
      it.planned_new = cached->planned_new;
      it.planned_reviews = cached->planned_reviews;
      it.planned_minutes = cached->planned_minutes;
      out.interviews.push_back(std::move(it));
      continue;
    }
    if (!w) w = store.FsrsParameters();
    if (!seconds) seconds = AverageAnswerSeconds(store).value_or(kDefaultAnswerSeconds);
    const std::vector<PlanCard> cards = PlanCards(store, iv, today, rollover);
    it.cards = static_cast<int64_t>(cards.size());
    double sum = 0;
    for (const PlanCard& c : cards) {
      if (!c.memory) continue;
      sum += FsrsRetrievability(*w, static_cast<double>(std::max<int64_t>(iv.day - c.last_review_day, 0)),
                                c.memory->stability);
    }
    it.readiness = cards.empty() ? 0 : sum / static_cast<double>(cards.size());
    PlanOptions opts;
    opts.today = today;
    opts.day = iv.day;
    opts.target = iv.target;
    opts.seconds_per_answer = *seconds;
    opts.max_days = 1;
    const Plan plan = MakePlan(cards, opts, *w);
    if (!plan.days.empty()) {
      it.planned_new = plan.days.front().new_cards;
      it.planned_reviews = plan.days.front().reviews;
      it.planned_minutes = plan.days.front().minutes;
    }
    detail::SaveInterviewStatus(
        store, iv.id, today, generation,
        {it.cards, it.readiness, it.planned_new, it.planned_reviews, it.planned_minutes});
    out.interviews.push_back(std::move(it));
  }
  return out;
}

}  // namespace recall
