// The JSON columns of the package's col row: note type, decks, option groups
// and collection config, with every key spec/apkg.md section 4 asks for.

#include <cmath>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "anki/apkg_internal.h"

namespace recall::anki {
namespace {

using nlohmann::json;

json FieldJson(const char* name, int ord) {
  return {{"name", name},   {"ord", ord},       {"sticky", false}, {"rtl", false},
          {"font", "Arial"}, {"size", 20},     {"media", json::array()},
          {"description", ""}, {"plainText", false}, {"collapsed", false},
          {"excludeFromSearch", false}};
}

json DeckJson(int64_t id, const std::string& name, int64_t mod_s, int64_t conf_id) {
  const json zero_pair = json::array({0, 0});
  return {{"id", id},
          {"name", name},
          {"mod", mod_s},
          {"usn", -1},
          {"lrnToday", zero_pair},
          {"revToday", zero_pair},
          {"newToday", zero_pair},
          {"timeToday", zero_pair},
          {"collapsed", false},
          {"browserCollapsed", false},
          {"desc", ""},
          {"dyn", 0},
          {"conf", conf_id},
          {"extendNew", 0},
          {"extendRev", 0},
          {"reviewLimit", nullptr},
          {"newLimit", nullptr},
          {"reviewLimitToday", nullptr},
          {"newLimitToday", nullptr}};
}

json Minutes(const std::vector<double>& steps) {
  json out = json::array();
  for (double s : steps) out.push_back(s);
  return out;
}

json ConfJson(int64_t id, const std::string& name, int64_t mod_s, const DeckOptions& o) {
  return {{"id", id},
          {"name", name},
          {"mod", mod_s},
          {"usn", -1},
          {"maxTaken", o.answer_time_cap_seconds},
          {"autoplay", true},
          {"timer", 0},
          {"replayq", true},
          {"dyn", false},
          {"new",
           {{"bury", o.bury_siblings},
            {"delays", Minutes(o.learn_steps_minutes)},
            {"initialFactor", o.initial_ease_permille},
            {"ints", json::array({o.graduating_interval_days, o.easy_interval_days, 0})},
            {"order", 1},
            {"perDay", o.new_per_day},
            {"separate", true}}},
          {"rev",
           {{"bury", o.bury_siblings},
            {"ease4", o.easy_bonus},
            {"ivlFct", o.interval_modifier},
            {"maxIvl", o.maximum_interval_days},
            {"perDay", o.reviews_per_day},
            {"hardFactor", o.hard_multiplier},
            {"fuzz", 0.05},
            {"minSpace", 1}}},
          {"lapse",
           {{"delays", Minutes(o.relearn_steps_minutes)},
            {"leechAction", o.leech_action == LeechAction::kSuspend ? 0 : 1},
            {"leechFails", o.leech_threshold},
            {"minInt", o.minimum_lapse_interval_days},
            {"mult", o.lapse_multiplier}}}};
}

}  // namespace

const std::string& CardCss() {
  static const std::string kCss = R"css(/* recall: light and night mode, phone-first, CJK-friendly. */
.card {
  font-family: -apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB",
    "Noto Sans CJK SC", "Source Han Sans SC", "Microsoft YaHei", "Segoe UI", Roboto,
    "Helvetica Neue", Arial, sans-serif;
  font-size: 18px;
  line-height: 1.65;
  text-align: left;
  color: #1f2328;
  background-color: #ffffff;
  padding: 0 6px;
  max-width: 44em;
  margin: 0 auto;
  overflow-wrap: break-word;
  word-break: normal;
  line-break: strict;
}
.card.nightMode, .card.night_mode, .nightMode .card, .night_mode .card {
  color: #e6e6e6;
  background-color: #1e1e1e;
}
.front { font-weight: 600; }
hr#answer { border: none; border-top: 1px solid #d0d7de; margin: 0.9em 0; }
.nightMode hr#answer, .night_mode hr#answer { border-top-color: #444c56; }
p { margin: 0.5em 0; }
ul, ol { padding-left: 1.5em; margin: 0.4em 0; }
li { margin: 0.2em 0; }
li > ul, li > ol { margin: 0.1em 0; }
code, pre {
  font-family: "SFMono-Regular", Menlo, Consolas, "Liberation Mono", "Noto Sans Mono CJK SC",
    monospace;
  font-size: 0.88em;
}
code { background-color: rgba(127, 127, 127, 0.15); padding: 0.1em 0.35em; border-radius: 4px; }
pre {
  background-color: #f6f8fa;
  padding: 10px 12px;
  border-radius: 6px;
  overflow-x: auto;
  -webkit-overflow-scrolling: touch;
  white-space: pre;
  line-height: 1.45;
}
pre code { background: none; padding: 0; font-size: 1em; }
.nightMode pre, .night_mode pre { background-color: #2b2b2b; }
blockquote { margin: 0.5em 0; padding: 0 0.9em; border-left: 3px solid #d0d7de; color: #57606a; }
.nightMode blockquote, .night_mode blockquote { border-left-color: #444c56; color: #a8b0b8; }
table { border-collapse: collapse; margin: 0.5em 0; display: block; overflow-x: auto; }
th, td { border: 1px solid #d0d7de; padding: 4px 8px; }
.nightMode th, .nightMode td, .night_mode th, .night_mode td { border-color: #444c56; }
img { max-width: 100%; height: auto; }
a { color: #0969da; }
.nightMode a, .night_mode a { color: #58a6ff; }
@media (max-width: 480px) { .card { font-size: 17px; padding: 0 2px; } }
)css";
  return kCss;
}

namespace {

json NotetypeJson(const Notetype& t, int64_t mod_s) {
  json tmpls = json::array();
  for (size_t i = 0; i < t.templates.size(); ++i) {
    const CardTemplate& tm = t.templates[i];
    tmpls.push_back({{"name", tm.name},
                     {"ord", i},
                     {"qfmt", tm.question_format},
                     {"afmt", tm.answer_format},
                     {"bqfmt", ""},
                     {"bafmt", ""},
                     {"did", nullptr},
                     {"bfont", ""},
                     {"bsize", 0}});
  }
  json flds = json::array();
  for (size_t i = 0; i < t.fields.size(); ++i) flds.push_back(FieldJson(t.fields[i].c_str(), static_cast<int>(i)));
  // Anki's legacy "req": for each template, the fields its question needs
  // ("any" of them). Current Anki recomputes it; older clients read it.
  json req = json::array();
  if (t.kind == NotetypeKind::kStandard) {
    for (size_t i = 0; i < t.templates.size(); ++i) {
      json any = json::array();
      for (size_t f = 0; f < t.fields.size(); ++f) {
        if (t.templates[i].question_format.find(t.fields[f]) != std::string::npos) any.push_back(f);
      }
      req.push_back(json::array({i, "any", any}));
    }
  }
  return {{"id", std::to_string(t.id)},
          {"name", t.name},
          {"type", t.kind == NotetypeKind::kCloze ? 1 : 0},
          {"mod", mod_s},
          {"usn", -1},
          {"sortf", t.sort_field},
          {"did", kDefaultDeckId},
          {"tmpls", tmpls},
          {"flds", flds},
          {"css", t.css},
          {"latexPre",
           "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n"
           "\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n"
           "\\begin{document}\n"},
          {"latexPost", "\\end{document}"},
          {"latexsvg", false},
          {"req", req},
          {"tags", json::array()},
          {"vers", json::array()}};
}

}  // namespace

std::string ModelsJson(int64_t mod_s, const std::vector<Notetype>& others) {
  const std::string front = "<div class=\"front\">{{Front}}</div>";
  json model = {
      {"id", std::to_string(kModelId)},
      {"name", kModelName},
      {"type", 0},
      {"mod", mod_s},
      {"usn", -1},
      {"sortf", 0},
      {"did", kDefaultDeckId},
      {"tmpls", json::array({{{"name", "Card 1"},
                              {"ord", 0},
                              {"qfmt", front},
                              {"afmt", front + "\n\n<hr id=answer>\n\n<div class=\"back\">{{Back}}</div>"},
                              {"bqfmt", ""},
                              {"bafmt", ""},
                              {"did", nullptr},
                              {"bfont", ""},
                              {"bsize", 0}}})},
      {"flds", json::array({FieldJson("Front", 0), FieldJson("Back", 1)})},
      {"css", CardCss()},
      {"latexPre",
       "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n"
       "\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n"
       "\\begin{document}\n"},
      {"latexPost", "\\end{document}"},
      {"latexsvg", false},
      {"req", json::array({json::array({0, "any", json::array({0})})})},
      {"tags", json::array()},
      {"vers", json::array()}};
  json models = json::object();
  models[std::to_string(kModelId)] = model;
  for (const Notetype& t : others) models[std::to_string(t.id)] = NotetypeJson(t, mod_s);
  return models.dump();
}

std::string DecksJson(const std::vector<PackageDeck>& decks, int64_t mod_s) {
  json out = json::object();
  out["1"] = DeckJson(kDefaultDeckId, "Default", mod_s, kDefaultConfId);
  for (const auto& d : decks) {  // a recall deck "Default" is deck 1 (its options group 1)
    out[std::to_string(d.id)] = DeckJson(d.id, d.name, d.mod_s, d.options ? d.id : kDefaultConfId);
  }
  return out.dump();
}

std::string DconfJson(const std::vector<PackageDeck>& decks, int64_t mod_s) {
  json out = json::object();
  out["1"] = ConfJson(kDefaultConfId, "Default", mod_s, DeckOptions{});
  for (const auto& d : decks) {
    if (!d.options) continue;
    out[std::to_string(d.id)] = ConfJson(d.id, d.id == kDefaultConfId ? "Default" : d.name, d.mod_s, *d.options);
  }
  return out.dump();
}

std::string ColConfJson(int64_t next_position) {
  json conf = {{"activeDecks", json::array({1})},
               {"curDeck", 1},
               {"newSpread", 0},
               {"collapseTime", 1200},
               {"timeLim", 0},
               {"estTimes", true},
               {"dueCounts", true},
               {"curModel", std::to_string(kModelId)},
               {"nextPos", next_position},
               {"sortType", "noteFld"},
               {"sortBackwards", false},
               {"addToCur", true},
               {"dayLearnFirst", false},
               {"schedVer", 2},
               {"sched2021", true}};
  return conf.dump();
}

int64_t SyntheticDeckId(const std::string& name) {
  // FNV-1a of the lower-cased name, folded into [2^31, 2^40): never 1, and
  // below recall's own (millisecond) deck ids.
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : name) {
    h ^= static_cast<uint64_t>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    h *= 1099511628211ULL;
  }
  return static_cast<int64_t>((uint64_t{1} << 31) + h % ((uint64_t{1} << 40) - (uint64_t{1} << 31)));
}

}  // namespace recall::anki
