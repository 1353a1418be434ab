// FSRS decks in exported .apkg packages (docs/apkg.md, "FSRS"): the cards'
// data column, the option group's parameters and desired retention, and the
// collection config's "fsrs" switch, read back from the package.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <zip.h>

#include <cmath>
#include <cstdlib>
#include <ctime>
#include <nlohmann/json.hpp>
#include <string>

#include "recall/anki.h"
#include "recall/fsrs.h"
#include "recall/review.h"
#include "recall/store.h"
#include "store/anki_fsrs.h"
#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;

constexpr int64_t kNow = 1710061200;  // 2024-03-10 09:00 UTC

// The package's collection.anki2, written next to it.
std::string ExtractCollection(const std::string& apkg, const testing::TempDir& dir) {
  int err = 0;
  zip_t* za = zip_open(apkg.c_str(), ZIP_RDONLY, &err);
  EXPECT_NE(za, nullptr);
  zip_stat_t st;
  zip_stat(za, "collection.anki2", 0, &st);
  std::string bytes(st.size, '\0');
  zip_file_t* f = zip_fopen(za, "collection.anki2", 0);
  zip_fread(f, bytes.data(), st.size);
  zip_fclose(f);
  zip_discard(za);
  const std::string path = dir.File("col.anki2");
  testing::WriteFile(path, bytes);
  return path;
}

TEST(AnkiFsrsExportTest, CardDataAsAnkiWritesIt) {
  EXPECT_EQ(anki::AnkiCardData(MemoryState{2.30654, 5.31649}, 0.85, 0.1542, 1710061200),
            R"({"s":2.307,"d":5.316,"dr":0.85,"decay":0.154,"lrt":1710061200})");
  EXPECT_EQ(anki::AnkiCardData(MemoryState{100.0, 1.0}, 0.9, 0.5, 0),
            R"({"s":100.0,"d":1.0,"dr":0.9,"decay":0.5})");
}

TEST(AnkiFsrsExportTest, FsrsDeckGoesOutWithItsParametersRetentionAndMemoryStates) {
  setenv("TZ", "UTC", 1);
  tzset();
  FixedClock clock(Timestamp::FromSeconds(kNow));
  Store store = Store::OpenInMemory(clock);
  DeckOptions fsrs;
  fsrs.algorithm = Algorithm::kFsrs;
  fsrs.desired_retention = 0.85;
  const Deck deck = store.CreateDeck("记忆", fsrs);
  const Deck plain = store.CreateDeck("Plain", DeckOptions{});
  auto add = [&](const Deck& d, const char* front) {
    Note n;
    n.front = front;
    n.back = "答";
    return store.AddNote(&n, d.id).id;
  };
  const int64_t answered = add(deck, "问一");
  const int64_t fresh = add(deck, "问二");
  const int64_t other = add(plain, "Q");
  AnswerCard(store, answered, 3, clock.Now(), 0);
  AnswerCard(store, other, 3, clock.Now(), 0);
  const MemoryState state = *store.GetCard(answered)->state.memory;

  testing::TempDir dir;
  const std::string apkg = dir.File("out.apkg");
  ExportOptions options;
  options.with_scheduling = true;
  ExportApkg(store, apkg, options);
  SQLite::Database col(ExtractCollection(apkg, dir));

  auto data_of = [&](int64_t id) {
    SQLite::Statement st(col, "SELECT data FROM cards WHERE id = ?");
    st.bind(1, id);
    EXPECT_TRUE(st.executeStep());
    return st.getColumn(0).getString();
  };
  const json data = json::parse(data_of(answered));
  EXPECT_EQ(data["s"], std::round(state.stability * 1000) / 1000);
  EXPECT_EQ(data["d"], std::round(state.difficulty * 1000) / 1000);
  EXPECT_EQ(data["dr"], 0.85);
  EXPECT_EQ(data["decay"], 0.154);
  EXPECT_EQ(data["lrt"], kNow);
  EXPECT_EQ(data_of(fresh), "");  // never answered: no memory state
  EXPECT_EQ(data_of(other), "");  // not an fsrs deck

  const json dconf = json::parse(col.execAndGet("SELECT dconf FROM col").getString());
  const json& group = dconf[std::to_string(deck.id)];
  ASSERT_TRUE(group.contains("fsrsParams6"));
  ASSERT_EQ(group["fsrsParams6"].size(), 21u);
  for (size_t i = 0; i < 21; ++i) {
    EXPECT_DOUBLE_EQ(group["fsrsParams6"][i].get<double>(), std::round(DefaultFsrsParams()[i] * 1e4) / 1e4);
  }
  EXPECT_EQ(group["desiredRetention"], 0.85);
  EXPECT_FALSE(dconf[std::to_string(plain.id)].contains("fsrsParams6"));
  const json conf = json::parse(col.execAndGet("SELECT conf FROM col").getString());
  EXPECT_EQ(conf["fsrs"], true);

  // Without any fsrs deck the collection config says nothing of FSRS.
  const std::string only_plain = dir.File("plain.apkg");
  ExportOptions plain_only;
  plain_only.decks = {"Plain"};
  ExportApkg(store, only_plain, plain_only);
  testing::TempDir dir2;
  SQLite::Database col2(ExtractCollection(only_plain, dir2));
  EXPECT_FALSE(json::parse(col2.execAndGet("SELECT conf FROM col").getString()).contains("fsrs"));
}

}  // namespace
}  // namespace recall
