#ifndef RECALL_TESTS_PACKAGE_SUPPORT_H_
#define RECALL_TESTS_PACKAGE_SUPPORT_H_

// Hostile and edited .apkg packages for the unit and end-to-end tests: a
// package written by recall, with SQL run on its collection.

#include <string>
#include <vector>

namespace recall::testing {

// Copies the package `from` to `to` with `sql` run, statement by statement,
// on its collection.anki2 (`scratch`: a file path the collection is edited
// at). `params`, when given, binds ?1, ?2 ... of every statement as text.
void EditPackage(const std::string& from, const std::string& to, const std::vector<std::string>& sql,
                 const std::string& scratch, const std::vector<std::string>& params = {});

// Writes the package's collection.anki2 to `dest`.
void ExtractCollection(const std::string& apkg, const std::string& dest);

// `data` compressed as one zstd frame (the members of anki21b packages).
std::string ZstdCompress(const std::string& data);

// "<ul><li>" x depth + "x" + "</li></ul>" x depth.
std::string NestedLists(int depth);

}  // namespace recall::testing

#endif  // RECALL_TESTS_PACKAGE_SUPPORT_H_
