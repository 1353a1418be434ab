// The cache of the interviews' status lines (store/status_cache.h).

#include "store/status_cache.h"

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "store/store_impl.h"

namespace recall::detail {
namespace {

constexpr const char* kColumns =
    "interview_id, generation, cards, fresh, recall_units, pull_candidates, plan_day, planned_new, "
    "planned_reviews, planned_minutes, reach";

// The reach as JSON (keys in a defined order: nlohmann's objects are sorted).
std::string ReachJson(const CachedReach& r) {
  nlohmann::json horizons = nlohmann::json::object();
  for (const auto& [list, h] : r.horizons) {
    horizons[list] = h ? nlohmann::json::array({h->first, h->second}) : nlohmann::json(nullptr);
  }
  return nlohmann::json{{"day", r.day.n}, {"ids", r.ids}, {"first_answered", r.first_answered},
                        {"horizons", horizons}}
      .dump();
}

CachedReach ReachOfJson(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  CachedReach r;
  r.day = Day{j.at("day").get<int64_t>()};
  r.ids = j.at("ids").get<std::vector<int64_t>>();
  r.first_answered = j.at("first_answered").get<std::vector<int64_t>>();
  for (const auto& [list, h] : j.at("horizons").items()) {
    if (h.is_null()) {
      r.horizons[list] = std::nullopt;
    } else {
      r.horizons[list] = std::make_pair(h.at(0).get<int64_t>(), h.at(1).get<int64_t>());
    }
  }
  return r;
}

CachedInterviewStatus ReadRow(SQLite::Statement& st) {
  CachedInterviewStatus s;
  s.interview_id = st.getColumn(0).getInt64();
  s.generation = st.getColumn(1).getInt64();
  s.cards = st.getColumn(2).getInt64();
  s.fresh = st.getColumn(3).getInt64();
  s.recall_units = st.getColumn(4).getInt64();
  s.pull_candidates = nlohmann::json::parse(st.getColumn(5).getString()).get<std::vector<int64_t>>();
  if (!st.getColumn(6).isNull()) s.plan_day = Day{st.getColumn(6).getInt64()};
  s.planned_new = st.getColumn(7).getInt64();
  s.planned_reviews = st.getColumn(8).getDouble();
  s.planned_minutes = st.getColumn(9).getDouble();
  if (!st.getColumn(10).isNull()) {
    // Derived data: a reach that does not read is none (the queues are read).
    try {
      s.reach = ReachOfJson(st.getColumn(10).getString());
    } catch (const nlohmann::json::exception&) {
      s.reach.reset();
    }
  }
  return s;
}

}  // namespace

int64_t StatusGeneration(const Store& store) {
  return Guard(store, [&] { return Db(store).execAndGet("SELECT generation FROM collection").getInt64(); });
}

int64_t MemoryGeneration(const Store& store) {
  return Guard(store, [&] { return Db(store).execAndGet("SELECT memory_generation FROM collection").getInt64(); });
}

std::optional<CachedInterviewStatus> LoadInterviewStatus(const Store& store, int64_t interview_id) {
  return Guard(store, [&]() -> std::optional<CachedInterviewStatus> {
    SQLite::Statement st(Db(store), std::string("SELECT ") + kColumns +
                                        " FROM interview_status_cache WHERE interview_id = ?");
    st.bind(1, interview_id);
    if (!st.executeStep()) return std::nullopt;
    return ReadRow(st);
  });
}

std::vector<CachedInterviewStatus> LoadInterviewStatusesAt(const Store& store, int64_t generation) {
  return Guard(store, [&] {
    SQLite::Statement st(Db(store), std::string("SELECT ") + kColumns +
                                        " FROM interview_status_cache WHERE generation = ? ORDER BY interview_id");
    st.bind(1, generation);
    std::vector<CachedInterviewStatus> out;
    while (st.executeStep()) out.push_back(ReadRow(st));
    return out;
  });
}

void SaveInterviewStatus(Store& store, const CachedInterviewStatus& s) {
  // A cache: a read-only collection, or one a reading command cannot write
  // (a full disk), goes without it. One statement: its own transaction, or
  // part of the caller's (an answer).
  OptionalWrite(store, [&] {
    {
      SQLite::Statement st(Db(store), std::string("INSERT OR REPLACE INTO interview_status_cache (") + kColumns +
                                          ") SELECT ?1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM "
                                          "interviews WHERE id = ?1)");
      st.bind(1, s.interview_id);
      st.bind(2, s.generation);
      st.bind(3, s.cards);
      st.bind(4, s.fresh);
      st.bind(5, s.recall_units);
      st.bind(6, nlohmann::json(s.pull_candidates).dump());
      if (s.plan_day) {
        st.bind(7, static_cast<int64_t>(s.plan_day->n));
      } else {
        st.bind(7);
      }
      st.bind(8, s.planned_new);
      st.bind(9, s.planned_reviews);
      st.bind(10, s.planned_minutes);
      if (s.reach) {
        st.bind(11, ReachJson(*s.reach));
      } else {
        st.bind(11);
      }
      st.exec();
    }
  });
}

}  // namespace recall::detail
