// Today's status (recall/today.h).

#include "recall/today.h"

#include <algorithm>
#include <optional>
#include <set>
#include <vector>

#include "interview/deadline.h"
#include "interview/scope_memory.h"
#include "recall/interview_plan.h"
#include "recall/memory.h"
#include "recall/readiness.h"
#include "recall/session.h"
#include "recall/today_counts.h"
#include "store/status_cache.h"

namespace recall {
namespace {

// The review queue's counts now, as a session over every deck would show them
// (the same counts as `recall decks` and the review header).
QueueCounts QueueCountsNow(Store& store) { return CountToday(store, std::nullopt).counts; }

// One interview's line, computed: one pass over the scope's lean columns for
// the readiness (the same per-card recall and exact sum as
// `recall interview status`), then the plan's first day from only the cards
// today can reach (the same day as the first of `recall interview plan`).
detail::CachedInterviewStatus ComputeLine(const Store& store, const MemoryModel& model, const Interview& iv,
                                          Day today, int rollover, double seconds_per_answer) {
  const FsrsParams& w = model.params();
  const Timestamp day_end = StartOfStudyDay(iv.day + 1, rollover);
  const Timestamp today_end = StartOfStudyDay(today + 1, rollover);
  int64_t cards = 0;
  int64_t fresh = 0;
  RecallSum sum;
  std::vector<int64_t> replayed;  // studied cards without a memory state of their own
  std::vector<int64_t> pulled;    // scheduled past the day, reviewed today by the deadline rule
  ForEachScopeRow(store, iv, [&](const ScopeMemoryRow& row) {
    ++cards;
    if (row.type == CardType::kNew) {
      ++fresh;
      return;
    }
    if (!row.stability || row.last_review_s <= 0) {
      replayed.push_back(row.card_id);
      return;
    }
    sum.Add(RecallAtDayEnd(w, *row.stability, row.last_review_s, day_end));
    if (row.queue == CardQueue::kReview && row.due >= iv.day.n) {
      const Day last = today - ElapsedStudyDays(row.last_review_s, today_end);
      const auto due = interview::PulledForwardDue(w, last, Day{row.due}, today, iv.day, iv.target, *row.stability);
      if (due && *due <= today) pulled.push_back(row.card_id);
    }
  });
  std::vector<Card> extra;  // cards day one may reach that the due query does not name
  for (int64_t id : replayed) {
    const auto card = store.GetCard(id);
    if (!card) continue;
    if (const auto m = interview::MemoryOn(model, *card, StartOfStudyDay(iv.day, rollover), day_end)) {
      sum.Add(FsrsRetrievability(w, static_cast<double>(m->elapsed_days), m->state.stability));
    }
    extra.push_back(*card);
  }
  for (int64_t id : pulled) {
    if (const auto card = store.GetCard(id)) extra.push_back(*card);
  }
  detail::CachedInterviewStatus line;
  line.cards = cards;
  line.readiness = sum.Mean(cards);
  if (iv.day <= today) return line;

  const int64_t new_done_today = CountFirstAnsweredInScope(store, iv, today);
  const int64_t rate = PlanNewPerDay(fresh + new_done_today, iv.day - today);
  PlanOptions opts;
  opts.now = store.clock().Now();
  opts.today = today;
  opts.day = iv.day;
  opts.rollover_hour = rollover;
  opts.target = iv.target;
  opts.seconds_per_answer = seconds_per_answer;
  opts.max_days = 1;
  // The day's first cards in queue order: every answer costs at least one
  // answer time, so a day of max_minutes reaches about that many cards (more
  // when review limits skip some). Read more until the day ends within what
  // was read, or everything due was read: then its figures are those of the
  // whole scope's plan.
  int64_t limit = static_cast<int64_t>(opts.max_minutes * 60 / std::max(seconds_per_answer, 0.1)) + 2;
  for (;;) {
    bool complete = false;
    std::vector<Card> reach = ScopeCardsDueToday(store, iv, today, today_end, limit,
                                                 std::max<int64_t>(0, rate - new_done_today), &complete);
    std::set<int64_t> listed;
    for (const Card& c : reach) listed.insert(c.id);
    for (const Card& c : extra) {
      if (listed.insert(c.id).second) reach.push_back(c);
    }
    PlanScope scope = interview::PlanScopeOf(store, model, reach, today, rollover);
    scope.new_done_today = new_done_today;
    const int64_t listed_new = std::count_if(reach.begin(), reach.end(),
                                             [](const Card& c) { return c.state.type == CardType::kNew; });
    scope.unlisted_new_cards = fresh - listed_new;
    const Plan plan = MakePlan(scope, opts, w);
    if (plan.days.empty()) break;
    if (complete || plan.days.front().reached < limit) {
      line.planned_new = plan.days.front().new_cards;
      line.planned_reviews = plan.days.front().reviews;
      line.planned_minutes = plan.days.front().minutes;
      break;
    }
    limit *= 4;
  }
  return line;
}

}  // namespace

TodayStatus ComputeTodayStatus(Store& store) {
  TodayStatus out;
  const QueueCounts counts = QueueCountsNow(store);
  out.learning = counts.learning;
  out.reviews = counts.review;
  out.new_left = counts.new_cards;
  // Each interview's line is cached per study day until a write it depends
  // on bumps the collection's generation (store/status_cache.h).
  const int64_t generation = detail::StatusGeneration(store);
  std::optional<MemoryModel> model;
  std::optional<double> seconds;
  for (const Interview& iv : ListInterviews(store)) {
    const int rollover = InterviewRolloverHour(store, iv);
    const Day today = store.Today(rollover).today;
    if (iv.day < today) continue;
    InterviewDayStatus it;
    it.interview = iv;
    it.days_left = iv.day - today;
    auto line = detail::LoadInterviewStatus(store, iv.id, today, generation);
    if (!line) {
      if (!model) model.emplace(store);
      if (!seconds) seconds = AverageAnswerSeconds(store).value_or(kDefaultAnswerSeconds);
      line = ComputeLine(store, *model, iv, today, rollover, *seconds);
      detail::SaveInterviewStatus(store, iv.id, today, generation, *line);
    }
    it.cards = line->cards;
    it.readiness = line->readiness;
    it.planned_new = line->planned_new;
    it.planned_reviews = line->planned_reviews;
    it.planned_minutes = line->planned_minutes;
    out.interviews.push_back(std::move(it));
  }
  return out;
}

}  // namespace recall
