// Interviews in the store: exact rows, upsert by name, scope rules
// (decks with sub-decks AND tags with child tags, suspended cards out,
// deleted decks match nothing) and date parsing.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "recall/error.h"
#include "recall/interview.h"
#include "recall/store.h"
#include "store/store_impl.h"

namespace recall {
namespace {

constexpr int64_t kStart = 1704099600;  // 2024-01-01 09:00:00 UTC

std::vector<std::string> Rows(const Store& store, const std::string& sql) {
  SQLite::Statement st(detail::Db(store), sql);
  std::vector<std::string> out;
  while (st.executeStep()) {
    std::string row;
    for (int i = 0; i < st.getColumnCount(); ++i) {
      if (i) row += "|";
      row += st.getColumn(i).getString();
    }
    out.push_back(row);
  }
  return out;
}

class InterviewStoreTest : public ::testing::Test {
 protected:
  int64_t AddCard(const Deck& deck, const std::string& front, std::vector<std::string> tags) {
    Note n;
    n.front = front;
    n.back = "答";
    n.tags = std::move(tags);
    return store_.AddNote(&n, deck.id).id;
  }
  std::vector<std::string> Fronts(const Interview& iv) {
    std::vector<std::string> out;
    for (const CardView& v : CardsInScope(store_, iv)) out.push_back(v.note.front);
    return out;
  }

  FixedClock clock_{Timestamp::FromSeconds(kStart)};
  Store store_ = Store::OpenInMemory(clock_);
};

TEST(ParseDayTest, ReadsCalendarDatesAndRefusesTheRest) {
  EXPECT_EQ(ParseDay("1970-01-01"), Day{0});
  EXPECT_EQ(ParseDay("2024-01-01"), Day{19723});
  EXPECT_EQ(ParseDay("2024-02-29"), Day{19782});
  EXPECT_EQ(FormatDay(*ParseDay("2026-12-20")), "2026-12-20");
  for (const char* bad : {"", "2023-02-29", "2024-13-01", "2024-00-10", "2024-1-01", "2024-01-01x",
                          "20240101", "2024-01-32", "tomorrow"}) {
    EXPECT_FALSE(ParseDay(bad)) << bad;
  }
}

TEST_F(InterviewStoreTest, SavesExactRowsAndReadsThemBack) {
  const Deck a = store_.CreateDeck("面试", DeckOptions{});
  Interview iv;
  iv.name = "谷歌";
  iv.day = Day{19740};
  iv.target = 0.85;
  iv.decks = {InterviewDeck{a.id, ""}};
  iv.tags = {"llm", "db::index"};
  bool created = false;
  const Interview saved = SaveInterview(store_, iv, &created);
  EXPECT_TRUE(created);
  EXPECT_EQ(Rows(store_, "SELECT id, name, day, target, created_s FROM interviews"),
            std::vector<std::string>{"1|谷歌|19740|0.85|" + std::to_string(kStart)});
  EXPECT_EQ(Rows(store_, "SELECT interview_id, deck_id FROM interview_decks"),
            std::vector<std::string>{"1|" + std::to_string(a.id)});
  EXPECT_EQ(Rows(store_, "SELECT interview_id, tag FROM interview_tags ORDER BY tag"),
            (std::vector<std::string>{"1|db::index", "1|llm"}));
  EXPECT_EQ(saved.id, 1);
  EXPECT_EQ(saved.name, "谷歌");
  EXPECT_EQ(saved.day, Day{19740});
  EXPECT_DOUBLE_EQ(saved.target, 0.85);
  EXPECT_EQ(saved.decks, (std::vector<InterviewDeck>{{a.id, "面试"}}));
  EXPECT_EQ(saved.tags, (std::vector<std::string>{"db::index", "llm"}));
}

TEST_F(InterviewStoreTest, SameNameInAnyCaseReplacesDayTargetAndScope) {
  const Deck a = store_.CreateDeck("A", DeckOptions{});
  Interview iv;
  iv.name = "Google";
  iv.day = Day{19740};
  iv.decks = {InterviewDeck{a.id, ""}};
  iv.tags = {"x"};
  SaveInterview(store_, iv);
  Interview again;
  again.name = "google";
  again.day = Day{19750};
  again.target = 0.95;
  bool created = true;
  const Interview saved = SaveInterview(store_, again, &created);
  EXPECT_FALSE(created);
  EXPECT_EQ(saved.name, "Google");  // the stored spelling stays
  EXPECT_EQ(Rows(store_, "SELECT id, name, day, target FROM interviews"),
            std::vector<std::string>{"1|Google|19750|0.95"});
  EXPECT_TRUE(Rows(store_, "SELECT * FROM interview_decks").empty());
  EXPECT_TRUE(Rows(store_, "SELECT * FROM interview_tags").empty());
}

TEST_F(InterviewStoreTest, RefusesBadTargetsAndEmptyNamesWithoutWriting) {
  Interview iv;
  iv.name = "x";
  iv.day = Day{19740};
  for (double t : {0.49, 0.995, 1.0}) {
    iv.target = t;
    try {
      SaveInterview(store_, iv);
      ADD_FAILURE() << t;
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kUsage);
      EXPECT_STREQ(e.what(), "invalid interview target: must be between 0.5 and 0.99");
    }
  }
  iv.target = 0.9;
  iv.name = "";
  EXPECT_THROW(SaveInterview(store_, iv), Error);
  EXPECT_TRUE(Rows(store_, "SELECT * FROM interviews").empty());
}

TEST_F(InterviewStoreTest, ListsByDayThenNameAndRemovesWithItsScope) {
  for (auto [name, day] : {std::pair<const char*, int64_t>{"b", 19750}, {"c", 19740}, {"a", 19750}}) {
    Interview iv;
    iv.name = name;
    iv.day = Day{day};
    iv.tags = {"t"};
    SaveInterview(store_, iv);
  }
  std::vector<std::string> names;
  for (const Interview& iv : ListInterviews(store_)) names.push_back(iv.name);
  EXPECT_EQ(names, (std::vector<std::string>{"c", "a", "b"}));
  EXPECT_TRUE(RemoveInterview(store_, "A"));
  EXPECT_FALSE(RemoveInterview(store_, "a"));
  EXPECT_FALSE(FindInterview(store_, "a"));
  EXPECT_EQ(FindInterview(store_, "C")->name, "c");
  EXPECT_EQ(Rows(store_,
                 "SELECT i.name FROM interview_tags t JOIN interviews i ON i.id = t.interview_id ORDER BY 1"),
            (std::vector<std::string>{"b", "c"}));
}

TEST_F(InterviewStoreTest, ScopeIsDecksWithSubDecksAndTagsWithChildren) {
  const Deck a = store_.CreateDeck("A", DeckOptions{});
  const Deck ab = store_.CreateDeck("A::B", DeckOptions{});
  const Deck other = store_.CreateDeck("Other", DeckOptions{});
  AddCard(a, "a-llm", {"llm"});
  AddCard(ab, "ab-llm-child", {"llm::rag"});
  AddCard(ab, "ab-none", {});
  AddCard(other, "other-llm", {"llm"});
  AddCard(other, "other-llmx", {"llmx"});
  const int64_t suspended = AddCard(a, "a-suspended", {"llm"});
  store_.SuspendCard(suspended, true);

  Interview iv;
  iv.name = "i";
  EXPECT_EQ(Fronts(iv),
            (std::vector<std::string>{"a-llm", "ab-llm-child", "ab-none", "other-llm", "other-llmx"}));
  iv.decks = {InterviewDeck{a.id, ""}};
  EXPECT_EQ(Fronts(iv), (std::vector<std::string>{"a-llm", "ab-llm-child", "ab-none"}));
  iv.tags = {"llm"};
  EXPECT_EQ(Fronts(iv), (std::vector<std::string>{"a-llm", "ab-llm-child"}));
  iv.decks.clear();
  EXPECT_EQ(Fronts(iv), (std::vector<std::string>{"a-llm", "ab-llm-child", "other-llm"}));
  // A deck and its own sub-deck: each card once.
  iv.tags.clear();
  iv.decks = {InterviewDeck{a.id, ""}, InterviewDeck{ab.id, ""}};
  EXPECT_EQ(Fronts(iv), (std::vector<std::string>{"a-llm", "ab-llm-child", "ab-none"}));
}

TEST_F(InterviewStoreTest, ADeletedDeckStaysInTheScopeAndMatchesNoCard) {
  const Deck a = store_.CreateDeck("A", DeckOptions{});
  const Deck b = store_.CreateDeck("B", DeckOptions{});
  AddCard(b, "b", {});
  Interview iv;
  iv.name = "i";
  iv.decks = {InterviewDeck{a.id, ""}};
  SaveInterview(store_, iv);
  store_.RenameDeck(a.id, "Renamed");
  EXPECT_EQ(FindInterview(store_, "i")->decks, (std::vector<InterviewDeck>{{a.id, "Renamed"}}));
  store_.DeleteDeck(a.id);
  const Interview after = *FindInterview(store_, "i");
  EXPECT_EQ(after.decks, (std::vector<InterviewDeck>{{a.id, ""}}));
  EXPECT_TRUE(CardsInScope(store_, after).empty());  // not the whole collection
}

}  // namespace
}  // namespace recall
