#ifndef RECALL_APP_REVIEW_MEDIA_H_
#define RECALL_APP_REVIEW_MEDIA_H_

// The review screen's `o` key: opens the card's media files (images, sounds
// in `<collection>.media/`) with the desktop's opener, xdg-open, one file per
// press, detached from the terminal.

#include <string>

#include "recall/card.h"
#include "recall/store.h"

namespace recall::app {

class MediaOpener {
 public:
  // A new card: the next press opens its first file.
  void Start() { next_ = 0; }
  // Opens the next media file of `note` (after the last: the first again).
  // Returns the line the screen shows: "opened pic.png (1 of 2; o: the
  // next)", "no opener (xdg-open) found; file: PATH", "this card has no
  // media file", "media file not in the media folder: NAME".
  std::string OpenNext(const Store& store, const Note& note);

 private:
  size_t next_ = 0;
};

// Starts `program file` in a new session with its standard streams on
// /dev/null, without waiting for it (the terminal stays recall's). False
// when `program` is not an executable on $PATH.
bool SpawnDetached(const std::string& program, const std::string& file);

}  // namespace recall::app

#endif  // RECALL_APP_REVIEW_MEDIA_H_
