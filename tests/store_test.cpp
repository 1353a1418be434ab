// The collection store: opening, constraints, transactions, answers, undo,
// deck operations and the due-query index.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "recall/error.h"
#include "recall/review.h"
#include "recall/store.h"
#include "store/store_impl.h"
#include "test_support.h"

namespace recall {
namespace {

using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

// 2024-01-01 09:00:00 UTC.
constexpr int64_t kStart = 1704099600;

int64_t Count(const Store& store, const std::string& sql) {
  return detail::Db(store).execAndGet(sql).getInt64();
}

// Every column of a row, as text, for exact comparisons.
std::vector<std::string> Row(const Store& store, const std::string& sql) {
  SQLite::Statement st(detail::Db(store), sql);
  std::vector<std::string> out;
  if (!st.executeStep()) return out;
  for (int i = 0; i < st.getColumnCount(); ++i) {
    out.push_back(st.getColumn(i).isNull() ? "NULL" : st.getColumn(i).getString());
  }
  return out;
}

ErrorCode CodeOf(const std::function<void()>& fn, std::string* message = nullptr) {
  try {
    fn();
  } catch (const Error& e) {
    if (message) *message = e.what();
    return e.code();
  }
  ADD_FAILURE() << "no recall::Error thrown";
  return ErrorCode::kInternal;
}

DeckOptions NoFuzz() {
  DeckOptions o;
  o.fuzz = false;
  return o;
}

Card AddCard(Store& store, int64_t deck_id, const std::string& front, std::vector<std::string> tags = {}) {
  Note n;
  n.front = front;
  n.back = "back of " + front;
  n.tags = std::move(tags);
  n.source = "test";
  return store.AddNote(&n, deck_id);
}

class StoreTest : public ::testing::Test {
 protected:
  StoreTest() : clock_(Timestamp::FromSeconds(kStart)), store_(Store::OpenInMemory(clock_)) {}
  FixedClock clock_;
  Store store_;
};

// --- Opening and migrations ---------------------------------------------------

TEST_F(StoreTest, InMemoryStartsAtLatestSchema) {
  EXPECT_EQ(store_.SchemaVersion(), Store::LatestSchemaVersion());
  EXPECT_EQ(store_.CreatedSeconds(), kStart);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM collection"), 1);
  EXPECT_EQ(Count(store_, "PRAGMA foreign_keys"), 1);
}

TEST(StoreFileTest, FreshFileIsCreatedPrivateWithParentsAndMigrated) {
  TempDir dir;
  const std::string path = dir.File("a/b/collection.db");
  FixedClock clock(Timestamp::FromSeconds(kStart));
  {
    Store store = Store::Open(path, clock);
    EXPECT_EQ(store.SchemaVersion(), Store::LatestSchemaVersion());
    EXPECT_EQ(store.path(), path);
    EXPECT_EQ(detail::Db(store).execAndGet("PRAGMA journal_mode").getString(), "wal");
    EXPECT_EQ(Count(store, "PRAGMA foreign_keys"), 1);
    EXPECT_GT(Count(store, "PRAGMA busy_timeout"), 0);
  }
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  // Reopening a current file changes nothing and keeps the creation time.
  clock.AdvanceSeconds(86400);
  Store again = Store::Open(path, clock);
  EXPECT_EQ(again.SchemaVersion(), Store::LatestSchemaVersion());
  EXPECT_EQ(again.CreatedSeconds(), kStart);
}

TEST(StoreFileTest, NewerSchemaIsRefusedAndFileUntouched) {
  TempDir dir;
  const std::string path = dir.File("newer.db");
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("CREATE TABLE future (x INTEGER)");
    db.exec("INSERT INTO future VALUES (42)");
    db.exec("PRAGMA user_version = " + std::to_string(Store::LatestSchemaVersion() + 1));
  }
  const std::string before = ReadFile(path);
  FixedClock clock(Timestamp::FromSeconds(kStart));
  std::string message;
  EXPECT_EQ(CodeOf([&] { Store::Open(path, clock); }, &message), ErrorCode::kTooNew);
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find("newer recall"), std::string::npos) << message;
  EXPECT_EQ(ReadFile(path), before);
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
}

TEST(StoreFileTest, NonDatabaseFileIsAStoreErrorNamingThePath) {
  TempDir dir;
  const std::string path = dir.File("notes.txt");
  const std::string text(4096, 'x');
  WriteFile(path, text);
  FixedClock clock(Timestamp::FromSeconds(kStart));
  std::string message;
  EXPECT_EQ(CodeOf([&] { Store::Open(path, clock); }, &message), ErrorCode::kStore);
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_EQ(ReadFile(path), text);
}

TEST(StoreFileTest, UnversionedDatabaseWithOtherTablesIsRefusedUntouched) {
  TempDir dir;
  const std::string path = dir.File("other.db");
  {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    db.exec("CREATE TABLE cards (x INTEGER)");
  }
  const std::string before = ReadFile(path);
  FixedClock clock(Timestamp::FromSeconds(kStart));
  std::string message;
  EXPECT_EQ(CodeOf([&] { Store::Open(path, clock); }, &message), ErrorCode::kStore);
  EXPECT_NE(message.find("not a recall collection"), std::string::npos) << message;
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_EQ(ReadFile(path), before);
}

TEST(StoreFileTest, EmptyPathIsAUsageError) {
  FixedClock clock(Timestamp::FromSeconds(kStart));
  EXPECT_EQ(CodeOf([&] { Store::Open("", clock); }), ErrorCode::kUsage);
}

// --- Constraints ----------------------------------------------------------------

TEST_F(StoreTest, DeckNamesAreUniqueIgnoringCase) {
  store_.CreateDeck("Interview::LLM", DeckOptions{});
  std::string message;
  EXPECT_EQ(CodeOf([&] { store_.CreateDeck("interview::llm", DeckOptions{}); }, &message), ErrorCode::kConflict);
  EXPECT_EQ(message, "deck already exists (interview::llm)");
  EXPECT_EQ(CodeOf([&] { store_.CreateDeck(" Interview :: LLM ", DeckOptions{}); }), ErrorCode::kConflict);
  ASSERT_TRUE(store_.FindDeck("INTERVIEW::llm"));
  EXPECT_EQ(store_.FindDeck("INTERVIEW::llm")->name, "Interview::LLM");
  // The unique index enforces it below the Store API too.
  EXPECT_THROW(detail::Db(store_).exec("INSERT INTO decks (id, name, created_s, modified_s) "
                                       "VALUES (7, 'INTERVIEW::LLM', 0, 0)"),
               SQLite::Exception);
  EXPECT_EQ(store_.ListDecks().size(), 1u);
}

TEST_F(StoreTest, MalformedDeckNamesAreRefused) {
  EXPECT_EQ(CodeOf([&] { store_.CreateDeck("A::::B", DeckOptions{}); }), ErrorCode::kUsage);
  EXPECT_EQ(CodeOf([&] { store_.CreateDeck("  ", DeckOptions{}); }), ErrorCode::kUsage);
  EXPECT_EQ(CodeOf([&] { store_.CreateDeck("a\tb", DeckOptions{}); }), ErrorCode::kUsage);
  EXPECT_TRUE(store_.ListDecks().empty());
  EXPECT_EQ(store_.CreateDeck(" 面试 :: 大模型 ", DeckOptions{}).name, "面试::大模型");
}

TEST_F(StoreTest, BadOptionValuesAreRefusedAndNothingIsWritten) {
  struct Case {
    const char* what;
    void (*set)(DeckOptions&);
  } cases[] = {
      {"new per day", [](DeckOptions& o) { o.new_per_day = -1; }},
      {"learning steps", [](DeckOptions& o) { o.learn_steps_minutes = {1, 0}; }},
      {"starting ease", [](DeckOptions& o) { o.initial_ease_permille = 1200; }},
      {"lapse multiplier", [](DeckOptions& o) { o.lapse_multiplier = 1.5; }},
      {"maximum interval", [](DeckOptions& o) { o.maximum_interval_days = 0; }},
  };
  const Deck deck = store_.CreateDeck("D", DeckOptions{});
  for (const auto& c : cases) {
    DeckOptions o;
    c.set(o);
    std::string message;
    EXPECT_EQ(CodeOf([&] { store_.CreateDeck("New", o); }, &message), ErrorCode::kUsage) << c.what;
    EXPECT_NE(message.find(c.what), std::string::npos) << message;
    EXPECT_EQ(CodeOf([&] { store_.SetDeckOptions(deck.id, o); }), ErrorCode::kUsage) << c.what;
  }
  EXPECT_EQ(store_.ListDecks().size(), 1u);
  EXPECT_EQ(store_.GetDeck(deck.id)->modified_s, deck.modified_s);
}

TEST_F(StoreTest, CheckConstraintsGuardTheTables) {
  const Deck deck = store_.CreateDeck("D", DeckOptions{});
  const Card card = AddCard(store_, deck.id, "q");
  auto& db = detail::Db(store_);
  const std::string id = std::to_string(card.id);
  for (const std::string& sql : {
           "UPDATE cards SET type = 4 WHERE id = " + id,
           "UPDATE cards SET queue = 4 WHERE id = " + id,
           "UPDATE cards SET ivl = -1 WHERE id = " + id,
           "UPDATE cards SET drill = 2 WHERE id = " + id,
           "UPDATE cards SET deck_id = 999 WHERE id = " + id,  // foreign key
           std::string("UPDATE collection SET rollover_hour = 24"),
           std::string("UPDATE decks SET algorithm = 'fsrs5'"),
           std::string("UPDATE decks SET desired_retention = 0.5"),
           std::string("UPDATE cards SET difficulty = 11"),
           std::string("INSERT INTO collection (id, created_s) VALUES (2, 0)"),
           std::string("INSERT INTO revlog (id, card_id, rating, kind, type_before, ivl, last_ivl, ease, "
                       "ease_before, duration_ms, day) VALUES (1, 1, 6, 0, 0, 0, 0, 0, 0, 0, 0)"),
       }) {
    try {
      db.exec(sql);
      ADD_FAILURE() << "accepted: " << sql;
    } catch (const SQLite::Exception& e) {
      EXPECT_EQ(e.getErrorCode(), SQLITE_CONSTRAINT) << sql;
    }
  }
  EXPECT_EQ(store_.GetCard(card.id)->state, card.state);
}

TEST_F(StoreTest, DuplicateNoteKeyIsAConflict) {
  const Deck deck = store_.CreateDeck("D", DeckOptions{});
  Note a;
  a.front = "q";
  a.back = "a";
  a.key = "file.md#q";
  store_.AddNote(&a, deck.id);
  Note b = a;
  b.guid.clear();
  EXPECT_EQ(CodeOf([&] { store_.AddNote(&b, deck.id); }), ErrorCode::kConflict);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM notes"), 1);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM cards"), 1);
  EXPECT_EQ(store_.FindNoteByKey("file.md#q")->id, a.id);
}

// --- Transactions ---------------------------------------------------------------

TEST_F(StoreTest, ThrowingTransactionLeavesNoRows) {
  EXPECT_THROW(store_.Transaction([&] {
    const Deck deck = store_.CreateDeck("D", DeckOptions{});
    AddCard(store_, deck.id, "q", {"t"});
    throw std::runtime_error("boom");
  }),
               std::runtime_error);
  EXPECT_TRUE(store_.ListDecks().empty());
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM notes"), 0);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM cards"), 0);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM note_tags"), 0);
  EXPECT_EQ(Count(store_, "SELECT next_position FROM collection"), 1);
  // The store is usable afterwards.
  store_.CreateDeck("E", DeckOptions{});
  EXPECT_EQ(store_.ListDecks().size(), 1u);
}

TEST_F(StoreTest, NestedTransactionRollsBackOnlyItsSavepoint) {
  store_.Transaction([&] {
    store_.CreateDeck("Outer", DeckOptions{});
    EXPECT_THROW(store_.Transaction([&] {
      store_.CreateDeck("Inner", DeckOptions{});
      throw Error(ErrorCode::kConflict, "inner failure");
    }),
                 Error);
    store_.CreateDeck("After", DeckOptions{});
  });
  std::vector<std::string> names;
  for (const auto& d : store_.ListDecks()) names.push_back(d.name);
  EXPECT_EQ(names, (std::vector<std::string>{"After", "Outer"}));
}

TEST_F(StoreTest, SqliteFailureInsideTransactionBecomesRecallError) {
  std::string message;
  EXPECT_EQ(CodeOf([&] { store_.Transaction([&] { detail::Db(store_).exec("INSERT INTO nope VALUES (1)"); }); },
                   &message),
            ErrorCode::kStore);
  EXPECT_NE(message.find("no such table: nope"), std::string::npos) << message;
}

// --- Answers, review log and undo ---------------------------------------------

TEST_F(StoreTest, AnswerWritesTheExactRevlogRow) {
  const Deck deck = store_.CreateDeck("D", NoFuzz());
  const Card card = AddCard(store_, deck.id, "q");
  const AnswerResult r = AnswerCard(store_, card.id, 3, clock_.Now(), 5000);
  EXPECT_EQ(r.revlog_id, kStart * 1000);
  // id, card_id, rating, kind, type_before, ivl, last_ivl, ease, ease_before, duration_ms, day
  EXPECT_EQ(Row(store_, "SELECT * FROM revlog"),
            (std::vector<std::string>{std::to_string(kStart * 1000), std::to_string(card.id), "3", "0", "0", "-600",
                                      "0", "0", "0", "5000", "19723"}));
  EXPECT_EQ(Row(store_, "SELECT type, queue, due, ivl, ease, reps, lapses, left FROM cards"),
            (std::vector<std::string>{"1", "1", std::to_string(kStart + 600), "0", "0", "1", "0", "1"}));

  // Ten minutes later, Good graduates: a second row; the duration is capped.
  clock_.AdvanceSeconds(600);
  const AnswerResult r2 = AnswerCard(store_, card.id, 3, clock_.Now(), 120000);
  EXPECT_EQ(Row(store_, "SELECT * FROM revlog ORDER BY id DESC"),
            (std::vector<std::string>{std::to_string((kStart + 600) * 1000), std::to_string(card.id), "3", "0", "1",
                                      "1", "-600", "2500", "0", "60000", "19723"}));
  EXPECT_EQ(r2.outcome.state.due, 19724);
  const auto log = store_.RevlogOfCard(card.id);
  ASSERT_EQ(log.size(), 2u);
  EXPECT_EQ(log[1].fields.interval, 1);
  EXPECT_EQ(log[1].fields.last_interval, -600);
  EXPECT_EQ(log[1].type_before, CardType::kLearning);
  EXPECT_EQ(log[1].day, Day{19723});
}

TEST_F(StoreTest, RevlogIdsStayUniqueWithinOneMillisecond) {
  const Deck deck = store_.CreateDeck("D", NoFuzz());
  const Card a = AddCard(store_, deck.id, "a");
  const Card b = AddCard(store_, deck.id, "b");
  const auto ra = AnswerCard(store_, a.id, 1, clock_.Now(), 0);
  const auto rb = AnswerCard(store_, b.id, 1, clock_.Now(), 0);
  EXPECT_EQ(ra.revlog_id, kStart * 1000);
  EXPECT_EQ(rb.revlog_id, kStart * 1000 + 1);
}

TEST_F(StoreTest, StaleAnswerIsAConflictAndWritesNothing) {
  const Deck deck = store_.CreateDeck("D", NoFuzz());
  const Card card = AddCard(store_, deck.id, "q");
  const AnswerResult first = AnswerCard(store_, card.id, 3, clock_.Now(), 0);
  const auto card_row = Row(store_, "SELECT * FROM cards");
  // Replaying the same answer: `before` is the state before the first one.
  std::string message;
  EXPECT_EQ(CodeOf([&] {
              store_.RecordAnswer(card.id, first.before, first.outcome, clock_.Now(), 0, Day{19723});
            },
                   &message),
            ErrorCode::kConflict);
  EXPECT_NE(message.find(std::to_string(card.id)), std::string::npos) << message;
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM revlog"), 1);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM undo_log"), 1);
  EXPECT_EQ(Row(store_, "SELECT * FROM cards"), card_row);
}

TEST_F(StoreTest, AnswerCardRefusesBadRatingsAndSuspendedCards) {
  const Deck deck = store_.CreateDeck("D", NoFuzz());
  const Card card = AddCard(store_, deck.id, "q");
  EXPECT_EQ(CodeOf([&] { AnswerCard(store_, card.id, 5, clock_.Now(), 0); }), ErrorCode::kUsage);
  EXPECT_EQ(CodeOf([&] { AnswerCard(store_, card.id + 1000, 3, clock_.Now(), 0); }), ErrorCode::kNotFound);
  store_.SuspendCard(card.id, true);
  EXPECT_EQ(CodeOf([&] { AnswerCard(store_, card.id, 3, clock_.Now(), 0); }), ErrorCode::kConflict);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM revlog"), 0);
}

TEST(StoreFileTest, UndoRestoresExactRowsAcrossReopen) {
  TempDir dir;
  const std::string path = dir.File("c.db");
  FixedClock clock(Timestamp::FromSeconds(kStart));
  int64_t card_id = 0;
  std::vector<std::string> card_before;
  {
    Store store = Store::Open(path, clock);
    const Deck deck = store.CreateDeck("D", NoFuzz());
    card_id = AddCard(store, deck.id, "q").id;
    clock.AdvanceSeconds(30);
    card_before = Row(store, "SELECT * FROM cards");
    AnswerCard(store, card_id, 3, clock.Now(), 1000);
    EXPECT_NE(Row(store, "SELECT * FROM cards"), card_before);
    EXPECT_EQ(Count(store, "SELECT count(*) FROM revlog"), 1);
  }
  clock.AdvanceSeconds(3600);
  Store store = Store::Open(path, clock);
  EXPECT_EQ(store.UndoDepth(), 1);
  const auto undone = store.Undo();
  ASSERT_TRUE(undone);
  EXPECT_EQ(undone->action, "answer");
  EXPECT_EQ(undone->card_id, card_id);
  EXPECT_EQ(Row(store, "SELECT * FROM cards"), card_before);
  EXPECT_EQ(Count(store, "SELECT count(*) FROM revlog"), 0);
  EXPECT_EQ(store.UndoDepth(), 0);
  EXPECT_FALSE(store.Undo());
}

TEST_F(StoreTest, UndoTakesBackEditsAndSuspensionsInOrder) {
  const Deck deck = store_.CreateDeck("D", NoFuzz());
  const Card card = AddCard(store_, deck.id, "question", {"a", "b"});
  const auto note_before = Row(store_, "SELECT * FROM notes");
  const auto tags_before = Row(store_, "SELECT group_concat(tag, ' ') FROM note_tags");
  const auto card_before = Row(store_, "SELECT * FROM cards");
  clock_.AdvanceSeconds(60);
  Note edited = *store_.GetNote(card.note_id);
  edited.front = "问题";
  edited.tags = {"c"};
  store_.UpdateNote(edited, /*record_undo=*/true);
  clock_.AdvanceSeconds(60);
  store_.SuspendCard(card.id, true);
  store_.SuspendCard(card.id, true);  // no change, nothing to undo
  EXPECT_EQ(store_.UndoDepth(), 2);
  EXPECT_EQ(store_.GetCard(card.id)->state.queue, CardQueue::kSuspended);
  EXPECT_EQ(store_.GetNote(card.note_id)->front, "问题");

  EXPECT_EQ(store_.Undo()->action, "suspend");
  EXPECT_EQ(Row(store_, "SELECT * FROM cards"), card_before);
  EXPECT_EQ(store_.Undo()->action, "edit");
  EXPECT_EQ(Row(store_, "SELECT * FROM notes"), note_before);
  EXPECT_EQ(Row(store_, "SELECT group_concat(tag, ' ') FROM note_tags"), tags_before);
}

// --- Decks ----------------------------------------------------------------------

TEST_F(StoreTest, DeleteDeckRemovesSubDecksAndCardsButKeepsRevlog) {
  const Deck a = store_.CreateDeck("A", NoFuzz());
  const Deck ab = store_.CreateDeck("A::B", NoFuzz());
  const Deck abc = store_.CreateDeck("a::b::C", NoFuzz());
  const Deck other = store_.CreateDeck("AB", NoFuzz());
  AddCard(store_, a.id, "1");
  const Card in_b = AddCard(store_, ab.id, "2", {"x"});
  AddCard(store_, abc.id, "3");
  const Card kept = AddCard(store_, other.id, "4");
  AnswerCard(store_, in_b.id, 3, clock_.Now(), 0);
  EXPECT_EQ(store_.DeckAndDescendants(a.id), (std::vector<int64_t>{a.id, ab.id, abc.id}));

  store_.DeleteDeck(a.id);
  ASSERT_EQ(store_.ListDecks().size(), 1u);
  EXPECT_EQ(store_.ListDecks()[0].id, other.id);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM cards"), 1);
  EXPECT_EQ(Count(store_, "SELECT id FROM cards"), kept.id);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM notes"), 1);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM note_tags"), 0);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM undo_log"), 0);
  EXPECT_EQ(Count(store_, "SELECT count(*) FROM revlog WHERE card_id = " + std::to_string(in_b.id)), 1);
  EXPECT_EQ(CodeOf([&] { store_.DeleteDeck(a.id); }), ErrorCode::kNotFound);
}

TEST_F(StoreTest, RenameDeckMovesSubDecks) {
  const Deck a = store_.CreateDeck("A", DeckOptions{});
  store_.CreateDeck("A::B", DeckOptions{});
  store_.CreateDeck("a::b::C", DeckOptions{});
  store_.CreateDeck("AB", DeckOptions{});
  store_.CreateDeck("Z::A", DeckOptions{});
  store_.RenameDeck(a.id, "面试::A");
  std::vector<std::string> names;
  for (const auto& d : store_.ListDecks()) names.push_back(d.name);
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"AB", "Z::A", "面试::A", "面试::A::B", "面试::A::b::C"}));
  EXPECT_EQ(CodeOf([&] { store_.RenameDeck(a.id, "ab"); }), ErrorCode::kConflict);
  EXPECT_EQ(CodeOf([&] { store_.RenameDeck(a.id, "面试::a::X"); }), ErrorCode::kUsage);
  EXPECT_EQ(CodeOf([&] { store_.RenameDeck(a.id + 999, "Q"); }), ErrorCode::kNotFound);
  // Changing only the case of a name is allowed.
  store_.RenameDeck(a.id, "面试::a");
  EXPECT_EQ(store_.GetDeck(a.id)->name, "面试::a");
  EXPECT_TRUE(store_.FindDeck("面试::a::B"));
}

TEST_F(StoreTest, DeckOptionsRoundTrip) {
  DeckOptions o;
  o.algorithm = Algorithm::kSm2;
  o.learn_steps_minutes = {0.5, 10, 1440};
  o.relearn_steps_minutes = {};
  o.initial_ease_permille = 2300;
  o.leech_action = LeechAction::kSuspend;
  o.fuzz = false;
  o.bury_siblings = false;
  o.lapse_multiplier = 0.5;
  const Deck d = store_.CreateDeck("D", o);
  const DeckOptions& r = d.options;
  EXPECT_EQ(r.algorithm, Algorithm::kSm2);
  EXPECT_EQ(r.learn_steps_minutes, o.learn_steps_minutes);
  EXPECT_TRUE(r.relearn_steps_minutes.empty());
  EXPECT_EQ(r.initial_ease_permille, 2300);
  EXPECT_EQ(r.leech_action, LeechAction::kSuspend);
  EXPECT_FALSE(r.fuzz);
  EXPECT_FALSE(r.bury_siblings);
  EXPECT_EQ(r.lapse_multiplier, 0.5);
}

// --- Queries ----------------------------------------------------------------------

TEST_F(StoreTest, DueQueryUsesTheSchedIndex) {
  SQLite::Statement st(detail::Db(store_),
                       "EXPLAIN QUERY PLAN SELECT id FROM cards WHERE deck_id = ? AND queue = ? AND due <= ?");
  std::string plan;
  while (st.executeStep()) plan += st.getColumn(3).getString() + "\n";
  EXPECT_TRUE(plan.find("USING INDEX cards_sched") != std::string::npos ||
              plan.find("USING COVERING INDEX cards_sched") != std::string::npos)
      << plan;
  EXPECT_NE(plan.find("deck_id=? AND queue=? AND due<?"), std::string::npos) << plan;
}

TEST_F(StoreTest, CountDueAndListCards) {
  const Deck a = store_.CreateDeck("A", NoFuzz());
  const Deck ab = store_.CreateDeck("A::B", NoFuzz());
  const Card c1 = AddCard(store_, a.id, "one", {"llm::kv"});
  const Card c2 = AddCard(store_, ab.id, "two", {"llm"});
  AddCard(store_, ab.id, "three");
  AnswerCard(store_, c1.id, 3, clock_.Now(), 0);  // learning, due in 10 minutes
  store_.SuspendCard(c2.id, true);
  const Day today{19723};
  DueCounts now = store_.CountDue(a.id, clock_.Now(), today);
  EXPECT_EQ(now.new_cards, 1);
  EXPECT_EQ(now.learning, 0);
  EXPECT_EQ(now.total_cards, 3);
  EXPECT_EQ(now.suspended, 1);
  EXPECT_EQ(store_.CountDue(a.id, Timestamp::FromSeconds(kStart + 600), today).learning, 1);
  EXPECT_EQ(store_.CountDue(ab.id, clock_.Now(), today).total_cards, 2);

  CardQuery q;
  q.tag = "llm";
  std::vector<int64_t> ids;
  for (const auto& v : store_.ListCards(q)) ids.push_back(v.card.id);
  EXPECT_EQ(ids, (std::vector<int64_t>{c1.id, c2.id}));
  q = CardQuery{};
  q.due_only = true;
  q.now = Timestamp::FromSeconds(kStart + 600);
  q.today = today;
  const auto due = store_.ListCards(q);
  ASSERT_EQ(due.size(), 1u);
  EXPECT_EQ(due[0].card.id, c1.id);
  EXPECT_EQ(due[0].deck_name, "A");
  EXPECT_EQ(due[0].note.tags, (std::vector<std::string>{"llm::kv"}));
}

TEST_F(StoreTest, TodayNeverGoesBack) {
  EXPECT_EQ(store_.Today().today, Day{19723});
  clock_.AdvanceSeconds(86400);
  EXPECT_EQ(store_.Today().today, Day{19724});
  clock_.AdvanceSeconds(-86400);  // the clock (or time zone) moved back a day
  const DayTiming t = store_.Today();
  EXPECT_EQ(t.today, Day{19724});
  EXPECT_GT(t.secs_until_rollover, 0);
  EXPECT_EQ(Count(store_, "SELECT last_day FROM collection"), 19724);
}

TEST_F(StoreTest, TodayGuardHoldsForOneDayOnlyAWrongClockDoesNotPinToday) {
  EXPECT_EQ(store_.Today().today, Day{19723});
  clock_.AdvanceSeconds(6 * 365 * 86400);  // one run with the clock years ahead
  EXPECT_EQ(store_.Today().today, Day{19723 + 6 * 365});
  clock_.AdvanceSeconds(-6 * 365 * 86400);  // the right clock again
  const DayTiming t = store_.Today();
  EXPECT_EQ(t.today, Day{19723});
  EXPECT_EQ(t.next_day_at.Seconds(), 1704168000);  // 2024-01-02T04:00Z
  EXPECT_EQ(Count(store_, "SELECT last_day FROM collection"), 19723);
}

TEST_F(StoreTest, ResetDayGuardSetsAWatermarkAheadOfTheClockBack) {
  EXPECT_FALSE(store_.ResetDayGuard().has_value());  // not ahead: nothing to do
  clock_.AdvanceSeconds(86400);
  store_.Today();
  clock_.AdvanceSeconds(-86400);
  EXPECT_EQ(store_.Today().today, Day{19724});  // within the one-day guard
  const auto reset = store_.ResetDayGuard();
  ASSERT_TRUE(reset.has_value());
  EXPECT_EQ(reset->first, Day{19724});
  EXPECT_EQ(reset->second, Day{19723});
  EXPECT_EQ(store_.Today().today, Day{19723});
  EXPECT_EQ(Count(store_, "SELECT last_day FROM collection"), 19723);
}

}  // namespace
}  // namespace recall
