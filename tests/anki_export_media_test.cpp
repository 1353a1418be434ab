// Media on export: every file the exported notes (and their note types'
// templates and CSS) refer to goes into the package under the legacy media
// map; names with no file are reported, and the export still succeeds.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"
#include "recall/anki.h"
#include "recall/notetype.h"
#include "recall/store.h"
#include "test_support.h"

namespace recall {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing::TempDir;

constexpr int64_t kNow = 1765000000;  // 2025-12-06

// The package's media as name -> bytes, read back through its media map.
std::map<std::string, std::string> PackageMedia(const std::string& apkg) {
  anki::PackageReader reader(apkg, apkg);
  const json map = json::parse(reader.Read("media", 1 << 20));
  std::map<std::string, std::string> out;
  for (const auto& item : map.items()) {
    const std::string name = item.value().get<std::string>();
    out[name] = reader.Read(item.key(), 1 << 24);
  }
  EXPECT_EQ(reader.names().size(), map.size() + 2);  // collection.anki2, media, one per file
  return out;
}

std::map<std::string, std::string> FolderFiles(const std::string& dir) {
  std::map<std::string, std::string> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    out[e.path().filename().string()] = testing::ReadFile(e.path());
  return out;
}

class ExportMediaTest : public ::testing::Test {
 protected:
  ExportMediaTest() : clock_(Timestamp::FromSeconds(kNow)) {
    setenv("TZ", "UTC", 1);
    tzset();
  }
  FixedClock clock_;
  TempDir dir_;
};

TEST_F(ExportMediaTest, ReferencedFilesGoIntoThePackageMissingOnesAreNamed) {
  const std::string col = dir_.File("c/collection.db");
  Store store = Store::Open(col, clock_);
  const std::string media = MediaFolderOf(col);
  fs::create_directories(media);
  testing::WriteFile(media + "/a b.png", std::string("PNG\0\x01\xff", 6));
  testing::WriteFile(media + "/word.mp3", "ID3 sound");
  testing::WriteFile(media + "/R&D.png", "rd");
  testing::WriteFile(media + "/_font.ttf", "font");
  testing::WriteFile(media + "/unused.png", "not referenced");
  testing::WriteFile(media + "/图.png", "cjk");

  const Deck d = store.CreateDeck("D", DeckOptions{});
  Notetype type = StockBasic();
  type.css +=
      "\n@font-face { font-family: x; src: url(\"_font.ttf\"); }\n.bg { background: "
      "url(https://x.org/a.png); }";
  const int64_t type_id = store.SaveNotetype(type);
  Note typed;
  typed.notetype_id = type_id;
  typed.fields = {"<img src=\"a b.png\"> and <IMG SRC='R&amp;D.png'>", "[sound:word.mp3] [sound:gone.mp3]"};
  store.AddTypedNote(&typed, d.id);
  // A recall Basic note: its Markdown image becomes <img src> in the package.
  Note basic;
  basic.front = "![](图.png)";
  basic.back = "plain";
  store.AddNote(&basic, d.id);
  Note other;  // in a deck that is not exported
  other.front = "![](word.mp3) [sound:elsewhere.mp3]";
  other.back = "x";
  store.AddNote(&other, store.CreateDeck("Other", DeckOptions{}).id);

  const std::string apkg = dir_.File("out.apkg");
  ExportOptions o;
  o.decks = {"D"};
  const ExportSummary s = ExportApkg(store, apkg, o);
  EXPECT_EQ(s.media_files, 5);
  EXPECT_EQ(s.missing_media, (std::vector<std::string>{"gone.mp3"}));
  const std::map<std::string, std::string> want = {{"a b.png", std::string("PNG\0\x01\xff", 6)},
                                                   {"word.mp3", "ID3 sound"},
                                                   {"R&D.png", "rd"},
                                                   {"_font.ttf", "font"},
                                                   {"图.png", "cjk"}};
  EXPECT_EQ(PackageMedia(apkg), want);
  // The legacy map: members numbered from 0 in name order.
  anki::PackageReader reader(apkg, apkg);
  EXPECT_EQ(
      json::parse(reader.Read("media", 1 << 20)),
      json({{"0", "R&D.png"}, {"1", "_font.ttf"}, {"2", "a b.png"}, {"3", "word.mp3"}, {"4", "图.png"}}));

  // Into a fresh collection: the same files in its media folder.
  const std::string col2 = dir_.File("fresh/collection.db");
  Store fresh = Store::Open(col2, clock_);
  const ApkgImportSummary back = ImportApkg(fresh, apkg, ApkgImportOptions{});
  EXPECT_EQ(back.media_added, 5);
  EXPECT_EQ(FolderFiles(MediaFolderOf(col2)), want);
}

TEST_F(ExportMediaTest, InMemoryCollectionExportsWithoutMediaAndSaysSo) {
  Store store = Store::OpenInMemory(clock_);
  const Deck d = store.CreateDeck("D", DeckOptions{});
  Note n;
  n.front = "[sound:x.mp3]";
  n.back = "b";
  store.AddNote(&n, d.id);
  const ExportSummary s = ExportApkg(store, dir_.File("m.apkg"), ExportOptions{});
  EXPECT_EQ(s.notes, 1);
  EXPECT_EQ(s.media_files, 0);
  EXPECT_EQ(s.missing_media, (std::vector<std::string>{"x.mp3"}));
  EXPECT_TRUE(PackageMedia(dir_.File("m.apkg")).empty());
}

// Anki's own media package: import, export, the same bytes in the package
// and, imported again into a new collection, in its media folder.
TEST_F(ExportMediaTest, RealPackageMediaSurviveTheRoundTrip) {
  std::string packages;
  if (const char* env = std::getenv("RECALL_ANKI_PACKAGES"); env && *env) packages = env;
  for (const char* rel : {"/../shared/anki-packages", "/../../shared/anki-packages"}) {
    if (packages.empty() && fs::is_directory(std::string(RECALL_SOURCE_DIR) + rel))
      packages = std::string(RECALL_SOURCE_DIR) + rel;
  }
  if (packages.empty()) GTEST_SKIP() << "no ../shared/anki-packages beside the source tree";
  const std::string col = dir_.File("a/collection.db");
  Store store = Store::Open(col, clock_);
  const ApkgImportSummary in = ImportApkg(store, packages + "/anki-media.apkg", ApkgImportOptions{});
  ASSERT_EQ(in.media_added, 1);
  const auto original = FolderFiles(MediaFolderOf(col));
  ASSERT_EQ(original, (std::map<std::string, std::string>{{"foo.wav", "abc\n"}}));

  const std::string apkg = dir_.File("again.apkg");
  const ExportSummary s = ExportApkg(store, apkg, ExportOptions{});
  EXPECT_EQ(s.media_files, 1);
  EXPECT_TRUE(s.missing_media.empty());
  EXPECT_EQ(PackageMedia(apkg), original);

  const std::string col2 = dir_.File("b/collection.db");
  Store fresh = Store::Open(col2, clock_);
  EXPECT_EQ(ImportApkg(fresh, apkg, ApkgImportOptions{}).media_added, 1);
  EXPECT_EQ(FolderFiles(MediaFolderOf(col2)), original);
}

}  // namespace
}  // namespace recall
