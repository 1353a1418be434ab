// Turning parsed documents into one import plan applied in one transaction
// (the formats and parsing: import_formats.cpp).

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "import/import_internal.h"
#include "import/read_document.h"
#include "import/typed_notes.h"
#include "interview/readiness_on_import.h"
#include "recall/error.h"
#include "store/import_writer.h"
#include "util/base91.h"
#include "util/release_memory.h"

namespace recall {
namespace {

using import_internal::BaseName;
using import_internal::EndsWith;
using import_internal::LowerExtension;
using import_internal::StartsWith;
using import_internal::Trim;

// Tags recall or Anki set on a note that re-import keeps.
const std::set<std::string> kKeptTags = {"leech", "marked"};

std::string Stem(std::string_view path) {
  const std::string base = BaseName(path);
  const size_t dot = base.find_last_of('.');
  return dot == std::string::npos || dot == 0 ? base : base.substr(0, dot);
}

// A note guid derived from the key, so the same document gives the same
// guids in every collection (10 characters of Anki's base-91 alphabet).
std::string GuidFromKey(const std::string& key) { return detail::GuidFromText(key); }

// The guid a document's note has or is given: its own (an Anki text file's
// guid column), else the one its key derives.
std::string NoteGuid(const ImportedNote& n) { return n.guid.empty() ? GuidFromKey(n.key) : n.guid; }

std::vector<std::string> SortedUnique(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  v.erase(std::remove(v.begin(), v.end(), std::string()), v.end());
  return v;
}

struct FileWork {
  std::string path;
  ImportFormat format = ImportFormat::kInterview;
  ParsedDocument doc;
  std::string deck;
  std::string source;
  FileImportSummary summary;
  std::vector<ImportedNote*> pending;  // no note with its key yet
  // Markdown decks: each note of a declared type as it would be stored, by
  // index in doc.notes (empty: no note declares one).
  std::vector<std::optional<import_internal::DocumentNote>> typed;
  const import_internal::DocumentNote* Typed(const ImportedNote& n) const {
    if (typed.empty()) return nullptr;
    const auto& t = typed[static_cast<size_t>(&n - doc.notes.data())];
    return t ? &*t : nullptr;
  }
};

// The collection's notes this run plans with: every note, or those of its
// files and those its notes name by key or guid (store/import_index.h).
detail::ImportIndex LoadIndex(const Store& store, const std::vector<FileWork>& work) {
  size_t notes = 0;
  bool text = false;
  for (const auto& w : work) {
    notes += w.doc.notes.size();
    text = text || w.format != ImportFormat::kApkg;
  }
  if (!text) return {};  // packages only: nothing reads it
  if (detail::ImportReadsEveryNote(store, notes)) return detail::LoadImportIndex(store);
  detail::ImportIndexQuery query;
  query.keys.reserve(notes);
  query.guids.reserve(notes);
  for (const auto& w : work) {
    if (w.format == ImportFormat::kApkg) continue;
    query.sources.push_back(w.source);
    for (const auto& n : w.doc.notes) {
      query.keys.push_back(n.key);
      query.guids.push_back(NoteGuid(n));
    }
  }
  return detail::LoadImportIndex(store, query);
}

}  // namespace

std::vector<FileImportSummary> ImportFiles(Store& store, const std::vector<std::string>& paths,
                                           const ImportOptions& options) {
  // Read and parse everything before writing anything.
  std::vector<FileWork> work(paths.size());
  for (size_t i = 0; i < paths.size(); ++i) {
    FileWork& w = work[i];
    w.path = paths[i];
    w.summary.path = paths[i];
    std::string raw;
    if (options.format != ImportFormat::kApkg && LowerExtension(paths[i]) != ".apkg" &&
        LowerExtension(paths[i]) != ".colpkg") {
      raw = import_internal::ReadDocument(paths[i]);
    } else {
      struct stat st {};
      if (::stat(paths[i].c_str(), &st) != 0) {
        throw Error(ErrorCode::kNotFound, "no such file (" + paths[i] + ")");
      }
    }
    w.format = options.format == ImportFormat::kAuto ? DetectImportFormat(paths[i], raw) : options.format;
    w.summary.format = w.format;
    if (w.format == ImportFormat::kApkg) continue;
    raw = import_internal::PrepareText(std::move(raw), paths[i]);
    w.doc = import_internal::ParsePreparedDocument(raw, paths[i], w.format);
    w.source = BaseName(paths[i]);
    if (!options.deck.empty()) {
      w.deck = options.deck;
    } else if (!w.doc.deck.empty()) {
      w.deck = w.doc.deck;
    } else if (!w.doc.title.empty()) {
      w.deck = w.doc.title;
    } else {
      w.deck = Stem(paths[i]);
    }
    w.summary.deck = w.deck;
    w.summary.warnings = w.doc.warnings;
    w.summary.questions = RuleCountsText(w.doc.notes);
    w.summary.skipped = w.doc.skipped;
    if (w.doc.notes.empty()) {
      w.summary.warnings.push_back({0, import_internal::NoCardsWarning(w.doc, paths[i])});
    } else if (w.doc.skipped.size() >= 3) {
      w.summary.warnings.push_back({0, std::to_string(w.doc.skipped.size()) +
                                           " question-like lines gave no card; recall import --explain " + paths[i] +
                                           " lists them"});
    }
  }

  detail::ReleaseFreedMemory();  // what the parses left
  auto run = [&] {
    // Each interview's kept readiness follows the cards this import adds
    // (interview/readiness_on_import.h).
    std::optional<interview::ReadinessOnImport> readiness;
    if (!options.dry_run) readiness.emplace(store);
    for (auto& w : work) {
      if (w.format != ImportFormat::kApkg) continue;
      readiness.reset();
      ApkgImportOptions o;
      o.dry_run = options.dry_run;
      w.summary.apkg = ImportApkg(store, w.path, o);
    }
    import_internal::DocumentTypes types;
    for (auto& w : work) {
      if (w.format == ImportFormat::kMarkdown) w.typed = import_internal::ResolveDocumentNotes(store, &w.doc, w.path, &types);
    }
    if (!options.dry_run) import_internal::SaveNewNotetypes(store, &types);
    const detail::ImportIndex index = LoadIndex(store, work);
    detail::ImportPlan plan;
    // Key -> the file that has it in this run (views of the notes' keys, for
    // pass 1 only: pass 2 moves the keys).
    std::unordered_map<std::string_view, const std::string*> claimed;
    size_t notes = 0;
    for (const auto& w : work) notes += w.doc.notes.size();
    claimed.reserve(notes);
    std::vector<bool> matched(index.notes.size(), false);

    auto claim = [&](const FileWork& w, const ImportedNote& n) {
      auto [it, inserted] = claimed.emplace(n.key, &w.path);
      if (!inserted) {
        import_internal::ThrowInvalid(w.path, n.line, "this note's id is also used in " + *it->second);
      }
    };
    auto desired_tags = [&](const ImportedNote& n, const detail::ExistingImportNote* ex) {
      std::vector<std::string> tags = n.tags;
      if (ex) {
        for (const auto& t : ex->tags) {
          if (kKeptTags.count(t)) tags.push_back(t);
        }
      }
      return SortedUnique(std::move(tags));
    };
    // The note's text after this import: the document's, unless the user
    // edited it in recall since the last import (its baseline). An edit of
    // an unchanged document is kept; an edit of a changed one is a conflict.
    auto update_or_keep = [&](FileWork& w, const ImportedNote& n, const detail::ExistingImportNote& ex) {
      const auto tags = desired_tags(n, &ex);
      bool conflict = false;
      bool same = false;
      if (const auto* typed = w.Typed(n); typed || ex.notetype_id != kRecallBasicNotetypeId) {
        const auto r = import_internal::PlanTypedUpdate(store, n, typed, ex, w.source, tags, options.theirs, w.path,
                                                        &plan);
        conflict = r.conflict;
        same = r.same;
        if (!same && readiness) readiness->Abandon();
      } else {
        std::string front = n.front;
        std::string back = n.back;
        if (ex.has_baseline) {
          const bool doc_changed = n.front != ex.base_front || n.back != ex.base_back;
          const bool user_changed = ex.front != ex.base_front || ex.back != ex.base_back;
          const bool same_text = ex.front == n.front && ex.back == n.back;
          if (user_changed && !same_text && (!doc_changed || !options.theirs)) {
            front = ex.front;
            back = ex.back;
            conflict = doc_changed;
          }
        }
        const bool baseline_current = ex.has_baseline && ex.base_front == n.front && ex.base_back == n.back;
        if (!baseline_current && !conflict) plan.baselines.push_back({ex.id, n.front, n.back, {}});
        same = ex.key == n.key && ex.front == front && ex.back == back && ex.tags == tags && ex.source == w.source;
        if (!same) {
          detail::NoteToUpdate u;
          u.id = ex.id;
          u.key = n.key;
          u.front = std::move(front);
          u.back = std::move(back);
          u.source = w.source;
          u.tags = tags;
          u.tags_changed = ex.tags != tags;
          if (u.tags_changed && readiness) readiness->Abandon();
          plan.updates.push_back(std::move(u));
        }
      }
      if (conflict) {
        ++w.summary.conflicts;
        w.summary.changes.push_back({ChangeKind::kConflict, n.front, n.line, ex.id});
        w.summary.warnings.push_back({n.line, "conflict: \"" + import_internal::FirstLineOf(ex.front) +
                                                  "\" was edited in recall and changed in the document; kept "
                                                  "your edit (--theirs takes the document's text)"});
      } else if (same) {
        ++w.summary.unchanged;
      } else {
        ++w.summary.updated;
        w.summary.changes.push_back({ChangeKind::kUpdated, n.front, n.line, ex.id});
      }
    };

    // Pass 1: notes whose key is known.
    for (auto& w : work) {
      if (w.format == ImportFormat::kApkg) continue;
      for (auto& n : w.doc.notes) {
        claim(w, n);
        auto it = index.by_key.find(n.key);
        if (it == index.by_key.end()) {
          // A note without a key but with this note's guid came back from
          // an .apkg export of this document: it is this note.
          // (An empty collection has none: no guid to derive.)
          if (!index.by_guid.empty()) it = index.by_guid.find(NoteGuid(n));
          if (index.by_guid.empty() || it == index.by_guid.end() || !index.notes[it->second].key.empty() ||
              matched[it->second]) {
            w.pending.push_back(&n);
            continue;
          }
        }
        matched[it->second] = true;
        update_or_keep(w, n, index.notes[it->second]);
      }
    }
    decltype(claimed)().swap(claimed);
    // New notes are written as pass 2 finds them, so that their text is
    // held once, for one note at a time (updates and baselines after them).
    std::optional<detail::ImportWriter> writer;
    if (!options.dry_run) {
      int64_t pending_cards = 0;  // a typed note: one card per ordinal
      int64_t bytes = 0;
      for (const auto& w : work) {
        for (const ImportedNote* n : w.pending) {
          const auto* typed = w.Typed(*n);
          pending_cards += typed ? static_cast<int64_t>(typed->ords.size()) : 1;
          bytes += typed ? detail::ImportTextBytes(typed->fields, n->key)
                         : detail::ImportTextBytes(n->front, n->back, n->key);
        }
      }
      for (const auto& u : plan.updates) {
        bytes += u.typed ? detail::ImportTextBytes(u.fields, u.key)
                         : detail::ImportTextBytes(u.front, u.back, u.key);
      }
      // The writer reads the types the plan collects as pass 2 finds them.
      writer.emplace(store, pending_cards, bytes, &plan.notetypes);
    }
    // Pass 2, per file: notes of this file that are gone; a new question with
    // the exact answer of exactly one of them is that note, edited.
    std::unordered_set<std::string> run_guids;  // guids given to notes added in this run
    for (const auto& w : work) run_guids.reserve(run_guids.size() + w.pending.size());
    auto guid_taken = [&](const std::string& g) { return run_guids.count(g) > 0 || index.GuidTaken(g); };
    std::map<std::string, int64_t> deck_ids;
    detail::ImportWriter::AddedCards added;
    for (auto& w : work) {
      if (w.format == ImportFormat::kApkg) continue;
      std::vector<size_t> gone;
      std::unordered_map<std::string, std::vector<size_t>> gone_by_back;
      for (size_t k = 0; k < index.notes.size(); ++k) {
        if (!matched[k] && !index.notes[k].key.empty() && index.notes[k].source == w.source) {
          gone.push_back(k);
          gone_by_back[import_internal::AnswerKey(index.notes[k])].push_back(k);
        }
      }
      for (ImportedNote* n : w.pending) {
        const auto* typed = w.Typed(*n);
        const std::string answer = typed ? import_internal::AnswerKey(*typed) : std::string();
        auto it = gone_by_back.find(typed ? answer : n->back);
        if (!(typed && answer.empty()) && it != gone_by_back.end() && it->second.size() == 1 &&
            !matched[it->second.front()]) {
          matched[it->second.front()] = true;
          update_or_keep(w, *n, index.notes[it->second.front()]);
          continue;
        }
        // The note's text moves to the writer: nothing reads it after this.
        detail::NoteToAdd a;
        a.guid = NoteGuid(*n);
        for (int salt = 1; guid_taken(a.guid); ++salt) a.guid = GuidFromKey(n->key + "#" + std::to_string(salt));
        run_guids.insert(a.guid);
        w.summary.changes.push_back({ChangeKind::kAdded, n->front, n->line, 0});
        a.key = std::move(n->key);
        a.front = std::move(n->front);
        a.back = std::move(n->back);
        a.source = w.source;
        a.tags = SortedUnique(std::move(n->tags));                   // desired_tags without an existing note
        if (typed) import_internal::SetTypedAdd(*typed, &a, &plan);  // after the back: it clears it
        std::string deck = w.deck;
        if (!n->deck.empty() && options.deck.empty()) deck = n->deck;
        if (options.subdecks) {
          for (const auto& s : n->sections) {
            std::string part(Trim(s));
            for (size_t p; (p = part.find("::")) != std::string::npos;) part.replace(p, 2, ":");
            if (!part.empty()) deck += "::" + part;
          }
        }
        *n = ImportedNote();
        ++w.summary.added;
        if (writer) {
          auto d = deck_ids.find(deck);
          if (d == deck_ids.end()) d = deck_ids.emplace(deck, writer->DeckId(deck)).first;
          a.deck_id = d->second;
          w.summary.changes.back().note_id = writer->Add(a, readiness ? &added : nullptr);
          if (readiness) readiness->Added(store, added.first_card_id, added.cards, a.deck_id, added.tags);
        }
      }
      for (size_t k : gone) {
        if (matched[k]) continue;
        const auto& ex = index.notes[k];
        ++w.summary.missing;
        w.summary.changes.push_back({ChangeKind::kMissing, ex.front, 0, ex.id});
        if (options.prune && !ex.suspended) {
          plan.suspend_note_ids.push_back(ex.id);
          ++w.summary.suspended;
        }
      }
      // What is left of the file's notes is not read again.
      std::vector<ImportedNote*>().swap(w.pending);
      std::vector<ImportedNote>().swap(w.doc.notes);
      decltype(w.typed)().swap(w.typed);
    }
    if (!writer) return;
    for (const auto& u : plan.updates) writer->Update(u);
    for (const auto& b : plan.baselines) writer->Baseline(b);
    writer->Finish();
    writer.reset();
    detail::SuspendNotes(store, plan.suspend_note_ids);
    if (readiness && plan.suspend_note_ids.empty()) readiness->Save(store);
  };
  if (options.dry_run) {
    run();
  } else {
    store.Transaction(run);
  }
  std::vector<FileImportSummary> out;
  out.reserve(work.size());
  for (auto& w : work) out.push_back(std::move(w.summary));
  return out;
}

}  // namespace recall
