// FSRS read back from imported .apkg packages (docs/apkg.md, "FSRS"): the
// option group's parameters and desired retention, the collection's FSRS
// switch and the cards' memory states, from a legacy package and from an
// anki21b (schema 18, protobuf deck config) one.

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <zstd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "anki/apkg_fsrs_read.h"
#include "anki/apkg_internal.h"
#include "package_support.h"
#include "recall/anki.h"
#include "recall/fsrs.h"
#include "recall/review.h"
#include "recall/store.h"
#include "anki_shapes.h"
#include "test_support.h"

namespace recall {
namespace {

using nlohmann::json;

constexpr int64_t kNow = 1710061200;  // 2024-03-10 09:00 UTC

double Rounded(double v, int places) {
  const double f = std::pow(10.0, places);
  return std::round(v * f) / f;
}

// --- protobuf pieces, written the way protobuf writes them -----------------
const auto Varint = testing::PbVarint;  // tests/anki_shapes.h
std::string FloatBits(float f) {
  uint32_t bits = 0;
  std::memcpy(&bits, &f, 4);
  std::string out;
  for (int i = 0; i < 4; ++i) out += static_cast<char>((bits >> (8 * i)) & 0xff);
  return out;
}
std::string PackedFloats(uint32_t field, const std::vector<double>& values) {
  std::string packed;
  for (double v : values) packed += FloatBits(static_cast<float>(v));
  return Varint(field << 3 | 2) + Varint(packed.size()) + packed;
}
std::string Float(uint32_t field, double v) { return Varint(field << 3 | 5) + FloatBits(static_cast<float>(v)); }
std::string Message(uint32_t field, const std::string& body) { return Varint(field << 3 | 2) + Varint(body.size()) + body; }

TEST(AnkiFsrsReadTest, ParameterSetsOfEveryFsrsVersionBecomeFsrs6) {
  std::vector<double> v21(21);
  for (int i = 0; i < 21; ++i) v21[i] = 0.1 * (i + 1);
  const auto w21 = anki::FsrsParamsFromPackage(v21);
  ASSERT_TRUE(w21);
  for (int i = 0; i < 21; ++i) EXPECT_EQ((*w21)[i], v21[i]);
  // FSRS-5: w19 = 0 and the FSRS-5 decay 0.5 appended.
  const std::vector<double> v19(v21.begin(), v21.begin() + 19);
  const auto w19 = anki::FsrsParamsFromPackage(v19);
  ASSERT_TRUE(w19);
  EXPECT_EQ((*w19)[18], v21[18]);
  EXPECT_EQ((*w19)[19], 0.0);
  EXPECT_EQ((*w19)[20], 0.5);
  // FSRS-4: w4 = 0.5 + 2 * 0.6 = 1.7, w5 = ln(1 + 1.8) / 3, w6 = 0.7 + 0.5.
  const std::vector<double> v17(v21.begin(), v21.begin() + 17);
  const auto w17 = anki::FsrsParamsFromPackage(v17);
  ASSERT_TRUE(w17);
  EXPECT_DOUBLE_EQ((*w17)[4], 1.7);
  EXPECT_DOUBLE_EQ((*w17)[5], std::log(2.8) / 3);
  EXPECT_DOUBLE_EQ((*w17)[6], 1.2);
  EXPECT_EQ((*w17)[16], v21[16]);
  for (int i = 17; i < 20; ++i) EXPECT_EQ((*w17)[i], 0.0);
  EXPECT_EQ((*w17)[20], 0.5);
  EXPECT_FALSE(anki::FsrsParamsFromPackage({}));
  EXPECT_FALSE(anki::FsrsParamsFromPackage({1, 2, 3}));
  v21[3] = std::nan("");
  EXPECT_FALSE(anki::FsrsParamsFromPackage(v21));
}

TEST(AnkiFsrsReadTest, CardDataGivesAMemoryStateOnlyWithBothStabilityAndDifficulty) {
  const auto m = anki::CardMemoryFromData(R"({"s":2.307,"d":5.316,"dr":0.9,"decay":0.154,"lrt":1710061200})");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->state.stability, 2.307);
  EXPECT_EQ(m->state.difficulty, 5.316);
  EXPECT_EQ(m->last_review_s, 1710061200);
  const auto no_lrt = anki::CardMemoryFromData(R"({"s":10,"d":1})");
  ASSERT_TRUE(no_lrt);
  EXPECT_EQ(no_lrt->last_review_s, 0);
  // The taaltuig package's cards: a last review time but no memory state.
  EXPECT_FALSE(anki::CardMemoryFromData(R"({"lrt":1767529531})"));
  EXPECT_FALSE(anki::CardMemoryFromData(R"({"s":2.5})"));
  EXPECT_FALSE(anki::CardMemoryFromData(R"({"s":"2.5","d":5})"));
  EXPECT_FALSE(anki::CardMemoryFromData(R"({"s":0,"d":5})"));
  EXPECT_FALSE(anki::CardMemoryFromData(R"({"s":3,"d":11})"));
  EXPECT_FALSE(anki::CardMemoryFromData("{not json"));
  EXPECT_FALSE(anki::CardMemoryFromData(""));
}

TEST(AnkiFsrsReadTest, LegacyJsonAndSchema18Protobuf) {
  const auto groups = anki::FsrsGroupsFromDconf(
      R"({"1":{"fsrsWeights":[],"fsrsParams5":[],"fsrsParams6":[],"desiredRetention":0.9},
          "7":{"fsrsParams5":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19],"desiredRetention":0.85},
          "x":{"desiredRetention":0.8}})");
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_FALSE(groups.at(1).params);
  EXPECT_EQ(*groups.at(1).desired_retention, 0.9);
  ASSERT_TRUE(groups.at(7).params);
  EXPECT_EQ((*groups.at(7).params)[18], 19.0);
  EXPECT_EQ((*groups.at(7).params)[20], 0.5);
  const auto decks = anki::DeckConfIdsFromDecksJson(R"({"1":{"conf":1},"5":{"conf":7},"9":{"dyn":1}})");
  EXPECT_EQ(decks, (std::map<int64_t, int64_t>{{1, 1}, {5, 7}}));

  // mujing-Alphabet_Word.apkg (current Anki): normal deck, option group 1;
  // its group has desired retention 0.9 and no parameters.
  EXPECT_EQ(anki::DeckConfigIdFromKind(std::string("\x0a\x02\x08\x01", 4)), 1);
  EXPECT_EQ(anki::DeckConfigIdFromKind(Message(2, "")), std::nullopt);  // filtered
  const auto mujing = anki::FsrsGroupFromProto(std::string("\xad\x02\x66\x66\x66\x3f\xc5\x02\x66\x66\x66\x3f", 12));
  ASSERT_TRUE(mujing);
  EXPECT_FALSE(mujing->params);
  EXPECT_EQ(*mujing->desired_retention, 0.9);
  // fsrs_params_6 wins over fsrs_params_5; floats read back as their decimals.
  std::vector<double> w(DefaultFsrsParams().begin(), DefaultFsrsParams().end());
  const std::string blob = Varint(9 << 3) + Varint(20) + PackedFloats(5, std::vector<double>(19, 1.0)) +
                           PackedFloats(6, w) + Float(37, 0.87);
  const auto g = anki::FsrsGroupFromProto(blob);
  ASSERT_TRUE(g && g->params);
  for (int i = 0; i < kFsrsParamCount; ++i) EXPECT_EQ((*g->params)[i], anki::ShortestDecimal(static_cast<float>(w[i])));
  EXPECT_EQ((*g->params)[0], 0.212);
  EXPECT_EQ(*g->desired_retention, 0.87);
  EXPECT_FALSE(anki::FsrsGroupFromProto(std::string("\x32\x05\x00\x00", 4)));  // truncated
}

// A deck's own desired retention (recent Anki's deck options, "This deck"):
// legacy JSON holds a whole percent, schema 18 a float in Deck.Normal (10).
TEST(AnkiFsrsReadTest, DeckDesiredRetentionOverride) {
  EXPECT_EQ(anki::DeckRetentionsFromDecksJson(
                R"({"1":{"conf":1},"5":{"conf":7,"desiredRetention":85},"6":{"desiredRetention":0.8},
                    "7":{"desiredRetention":null},"8":{"desiredRetention":-3}})"),
            (std::map<int64_t, double>{{5, 0.85}}));
  EXPECT_EQ(anki::DeckRetentionFromKind(Message(1, Varint(1 << 3) + Varint(7) + Float(10, 0.83))), 0.83);
  EXPECT_EQ(anki::DeckRetentionFromKind(Message(1, Varint(1 << 3) + Varint(7))), std::nullopt);
  EXPECT_EQ(anki::DeckRetentionFromKind(Message(2, Float(10, 0.83))), std::nullopt);  // filtered
  EXPECT_EQ(anki::DeckRetentionFromKind(std::string("\x0a\x05\x55", 3)), std::nullopt);  // truncated
}

class AnkiFsrsImportTest : public ::testing::Test {
 protected:
  AnkiFsrsImportTest() : clock_(Timestamp::FromSeconds(kNow)), source_(Store::OpenInMemory(clock_)) {
    setenv("TZ", "UTC", 1);
    tzset();
  }
  int64_t Add(const Deck& d, const char* front) {
    Note n;
    n.front = front;
    n.back = "答";
    return source_.AddNote(&n, d.id).id;
  }
  // An fsrs deck (two answered cards, one new) and an anki deck (one
  // answered card), with parameters of the collection's own, exported.
  std::string Export() {
    params_ = testing::KnownFsrsParams();
    source_.SetFsrsParameters(params_);
    DeckOptions fsrs;
    fsrs.algorithm = Algorithm::kFsrs;
    fsrs.desired_retention = 0.85;
    fsrs_deck_ = source_.CreateDeck("记忆", fsrs);
    plain_deck_ = source_.CreateDeck("Plain", DeckOptions{});
    const std::vector<int64_t> answered = {Add(fsrs_deck_, "问一"), Add(fsrs_deck_, "问二")};
    Add(fsrs_deck_, "问三");
    plain_card_ = Add(plain_deck_, "Q");
    AnswerCard(source_, answered[0], 3, clock_.Now(), 0);
    AnswerCard(source_, answered[1], 1, clock_.Now(), 0);
    AnswerCard(source_, plain_card_, 3, clock_.Now(), 0);
    clock_.AdvanceSeconds(3 * 86400);
    AnswerCard(source_, answered[0], 4, clock_.Now(), 0);
    const std::string apkg = dir_.File("out.apkg");
    ExportOptions options;
    options.with_scheduling = true;
    ExportApkg(source_, apkg, options);
    return apkg;
  }
  Card CardByFront(Store& store, const std::string& front) {
    for (const auto& c : store.ListCards(CardQuery{})) {
      if (c.note.front == front) return c.card;
    }
    ADD_FAILURE() << "no card " << front;
    return Card{};
  }
  // The memory states, parameters, desired retention and algorithms came
  // back: states as the package holds them (3 decimals, as Anki writes
  // them), parameters as its option group holds them (4 decimals).
  void ExpectRoundTrip(Store& target, const ApkgImportSummary& s) {
    EXPECT_EQ(s.memory_states_imported, 2);
    EXPECT_EQ(s.memory_states_computed, 1);  // the anki deck's answered card
    EXPECT_EQ(s.fsrs_params_adopted, 1);
    EXPECT_EQ(s.fsrs_decks_added, 1);
    const auto deck = target.FindDeck("记忆");
    ASSERT_TRUE(deck);
    EXPECT_EQ(deck->options.algorithm, Algorithm::kFsrs);
    EXPECT_EQ(deck->options.desired_retention, 0.85);
    EXPECT_EQ(target.FindDeck("Plain")->options.algorithm, Algorithm::kAnki);
    const FsrsParams w = target.FsrsParameters();
    for (int i = 0; i < kFsrsParamCount; ++i) EXPECT_NEAR(w[i], Rounded(params_[i], 4), 1e-9) << "w" << i;
    for (const char* front : {"问一", "问二"}) {
      const Card original = CardByFront(source_, front);
      const Card imported = CardByFront(target, front);
      ASSERT_TRUE(imported.state.memory);
      EXPECT_NEAR(imported.state.memory->stability, Rounded(original.state.memory->stability, 3), 1e-9);
      EXPECT_NEAR(imported.state.memory->difficulty, Rounded(original.state.memory->difficulty, 3), 1e-9);
      EXPECT_EQ(imported.state.last_review_s, original.state.last_review_s);
    }
    EXPECT_FALSE(CardByFront(target, "问三").state.memory);
    // The anki deck's card: computed from its review log with the adopted
    // parameters, as switching does.
    const Card plain = CardByFront(target, "Q");
    ASSERT_TRUE(plain.state.memory);
    const MemoryState expected = FsrsNextState(target.FsrsParameters(), std::nullopt, 0, 3);
    EXPECT_NEAR(plain.state.memory->stability, expected.stability, 1e-9);
    EXPECT_NEAR(plain.state.memory->difficulty, expected.difficulty, 1e-9);
  }

  FixedClock clock_;
  Store source_;
  testing::TempDir dir_;
  FsrsParams params_{};
  Deck fsrs_deck_;
  Deck plain_deck_;
  int64_t plain_card_ = 0;
};

TEST_F(AnkiFsrsImportTest, LegacyPackageRoundTrip) {
  const std::string apkg = Export();
  Store target = Store::OpenInMemory(clock_);
  const ApkgImportSummary s = ImportApkg(target, apkg, ApkgImportOptions{});
  ExpectRoundTrip(target, s);
}

// The same package rewritten as Anki 23.10+ writes one: schema 18 with the
// decks, option groups (protobuf) and config in their own tables, zstd.
TEST_F(AnkiFsrsImportTest, Anki21bPackageRoundTrip) {
  const std::string legacy = Export();
  const std::string db_path = dir_.File("c18.db");
  testing::ExtractCollection(legacy, db_path);
  {
    SQLite::Database db(db_path, SQLite::OPEN_READWRITE);
    const json decks = json::parse(db.execAndGet("SELECT decks FROM col").getString());
    const json dconf = json::parse(db.execAndGet("SELECT dconf FROM col").getString());
    const json conf = json::parse(db.execAndGet("SELECT conf FROM col").getString());
    ASSERT_EQ(conf["fsrs"], true);
    db.exec("UPDATE col SET ver = 18, decks = '', models = '', dconf = '', conf = ''");
    db.exec("CREATE TABLE decks (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer NOT NULL, "
            "usn integer NOT NULL, common blob NOT NULL, kind blob NOT NULL)");
    db.exec("CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL, mtime_secs integer "
            "NOT NULL, usn integer NOT NULL, config blob NOT NULL)");
    db.exec("CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, "
            "val blob NOT NULL)");
    db.exec("INSERT INTO config VALUES ('schedVer', 0, 0, CAST('2' AS BLOB)), ('fsrs', 0, 0, CAST('true' AS BLOB))");
    SQLite::Statement deck(db, "INSERT INTO decks VALUES (?, ?, 0, 0, x'', ?)");
    for (const auto& [key, d] : decks.items()) {
      const std::string kind = Message(1, Varint(1 << 3) + Varint(d["conf"].get<uint64_t>()));
      std::string name = d["name"].get<std::string>();
      for (size_t p; (p = name.find("::")) != std::string::npos;) name.replace(p, 2, "\x1f");
      deck.bind(1, static_cast<int64_t>(std::stoll(key)));
      deck.bind(2, name);
      deck.bind(3, kind.data(), static_cast<int>(kind.size()));
      deck.exec();
      deck.reset();
    }
    SQLite::Statement group(db, "INSERT INTO deck_config VALUES (?, ?, 0, 0, ?)");
    for (const auto& [key, g] : dconf.items()) {
      std::string blob = Varint(9 << 3) + Varint(20);
      if (g.contains("fsrsParams6")) blob += PackedFloats(6, g["fsrsParams6"].get<std::vector<double>>());
      blob += Float(37, g.value("desiredRetention", 0.9));
      group.bind(1, static_cast<int64_t>(std::stoll(key)));
      group.bind(2, g["name"].get<std::string>());
      group.bind(3, blob.data(), static_cast<int>(blob.size()));
      group.exec();
      group.reset();
    }
  }
  const std::string raw = testing::ReadFile(db_path);
  std::string zst(ZSTD_compressBound(raw.size()), '\0');
  zst.resize(ZSTD_compress(zst.data(), zst.size(), raw.data(), raw.size(), 3));
  const std::string apkg = dir_.File("b.apkg");
  anki::WriteZip(apkg, {{"collection.anki2", "", "dummy"},
                        {"collection.anki21b", "", zst},
                        {"meta", "", std::string("\x08\x03", 2)},
                        {"media", "", ""}});
  Store target = Store::OpenInMemory(clock_);
  const ApkgImportSummary s = ImportApkg(target, apkg, ApkgImportOptions{});
  ExpectRoundTrip(target, s);
}

// The package has FSRS off (its collection config has no "fsrs": true):
// decks stay SM-2 decks and its parameters are not adopted, but the cards'
// memory states are kept as they are (Anki keeps every card's data).
TEST_F(AnkiFsrsImportTest, FsrsOffKeepsStatesButNotTheAlgorithm) {
  const std::string exported = Export();
  const std::string apkg = dir_.File("off.apkg");
  testing::EditPackage(exported, apkg, {"UPDATE col SET conf = json_remove(conf, '$.fsrs')"}, dir_.File("e.anki2"));
  Store target = Store::OpenInMemory(clock_);
  const ApkgImportSummary s = ImportApkg(target, apkg, ApkgImportOptions{});
  EXPECT_EQ(target.FindDeck("记忆")->options.algorithm, Algorithm::kAnki);
  EXPECT_EQ(s.fsrs_decks_added, 0);
  EXPECT_EQ(s.fsrs_params_adopted, 0);
  EXPECT_EQ(s.memory_states_imported, 2);
  EXPECT_EQ(target.FsrsParameters(), DefaultFsrsParams());
  EXPECT_EQ(s.not_kept, (std::vector<std::string>{
                            "FSRS parameters of 1 deck (FSRS is off in the package: it stays an SM-2 deck)",
                            "2 option groups (记忆, Plain): their settings are not imported (daily limits, "
                            "learning steps, intervals, "
                            "ease, leeches, burying, display and audio); recall's deck options apply"}));
  const Card c = CardByFront(target, "问一");
  ASSERT_TRUE(c.state.memory);
  EXPECT_NEAR(c.state.memory->stability, Rounded(CardByFront(source_, "问一").state.memory->stability, 3), 1e-9);
}

// A deck whose own desired retention overrides its option group's (0.85)
// keeps its own.
TEST_F(AnkiFsrsImportTest, DeckRetentionOverridesTheOptionGroups) {
  const std::string exported = Export();
  const std::string apkg = dir_.File("dr.apkg");
  testing::EditPackage(exported, apkg,
                       {"UPDATE col SET decks = json_set(decks, '$.\"' || (SELECT key FROM json_each(col.decks) "
                        "WHERE json_extract(value, '$.name') = '记忆') || '\".desiredRetention', 93)"},
                       dir_.File("e.anki2"));
  Store target = Store::OpenInMemory(clock_);
  ImportApkg(target, apkg, ApkgImportOptions{});
  const auto deck = target.FindDeck("记忆");
  ASSERT_TRUE(deck);
  EXPECT_EQ(deck->options.algorithm, Algorithm::kFsrs);
  EXPECT_EQ(deck->options.desired_retention, 0.93);
}

// A collection with parameters of its own keeps them; the package's memory
// states are still stored as they are.
TEST_F(AnkiFsrsImportTest, OwnParametersAreKept) {
  const std::string apkg = Export();
  Store target = Store::OpenInMemory(clock_);
  FsrsParams own = DefaultFsrsParams();
  own[0] = 0.5;
  target.SetFsrsParameters(own);
  const ApkgImportSummary s = ImportApkg(target, apkg, ApkgImportOptions{});
  EXPECT_EQ(s.fsrs_params_adopted, 0);
  EXPECT_EQ(target.FsrsParameters(), own);
  EXPECT_EQ(s.not_kept, (std::vector<std::string>{"FSRS parameters of the package (the collection has its own; "
                                      "recall optimize fits them to the merged history)",
                                      "2 option groups (记忆, Plain): their settings are not imported (daily limits, learning steps, intervals, "
               "ease, leeches, burying, display and audio); recall's deck options apply"}));
  EXPECT_EQ(s.memory_states_imported, 2);
  EXPECT_EQ(target.FindDeck("记忆")->options.algorithm, Algorithm::kFsrs);
}

}  // namespace
}  // namespace recall
