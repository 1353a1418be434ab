#ifndef RECALL_IMPORT_READ_DOCUMENT_H_
#define RECALL_IMPORT_READ_DOCUMENT_H_

// Reading a document to import: every read checked. A failed read (EIO), a
// regular file that ends before its size, or input that goes on past
// kMaxDocumentBytes (/dev/zero, a FIFO that never closes) is an error, so a
// truncated document is never imported (nor, with --prune, its missing
// questions suspended).

#include <cstdint>
#include <string>

namespace recall::import_internal {

// 256 MiB: far above any document (the largest fixture is under 1 MiB).
inline constexpr int64_t kMaxDocumentBytes = int64_t{256} << 20;

// The whole file. Throws recall::Error: kNotFound for a missing file, kIo
// for a directory or a failed or short read, kInvalidInput past `max_bytes`.
std::string ReadDocument(const std::string& path, int64_t max_bytes = kMaxDocumentBytes);

}  // namespace recall::import_internal

#endif  // RECALL_IMPORT_READ_DOCUMENT_H_
