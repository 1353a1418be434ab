#ifndef RECALL_ANKI_STALE_TEMPS_H_
#define RECALL_ANKI_STALE_TEMPS_H_

// Temporaries of import and export carry their process id in their name
// ("<prefix><pid>-XXXXXX"), so one left by a process killed with -9 is
// recognised and removed by the next run (issue 9).

#include <string>

namespace recall::anki {

// "<prefix><this process id>-XXXXXX": a mkstemp/mkdtemp template.
std::string OwnedTempTemplate(const std::string& dir, const std::string& prefix);

// Removes every "<prefix><pid>-*" entry of `dir` (file or directory tree)
// whose process no longer exists. Errors are ignored: it is housekeeping.
void RemoveStaleTemps(const std::string& dir, const std::string& prefix);

}  // namespace recall::anki

#endif  // RECALL_ANKI_STALE_TEMPS_H_
