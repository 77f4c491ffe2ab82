//===- Metadata.cpp - Reading kernel metadata -----------------------------===//
#include "cute/Runtime/Metadata.h"

#include <fstream>
#include <sstream>

namespace cute::rt {

Expected<ModuleMetadata> parseMetadata(std::string_view json) {
  return metadata::fromJson(json);
}

Expected<std::string> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return Error(ErrorCode::Io, "cannot open '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad())
    return Error(ErrorCode::Io, "error while reading '" + path + "'");
  return ss.str();
}

Expected<ModuleMetadata> loadMetadataFile(const std::string &path) {
  CUTE_ASSIGN_OR_RETURN(std::string text, readFile(path));
  auto m = parseMetadata(text);
  if (!m.ok())
    return m.error().withContext(path);
  return m;
}

} // namespace cute::rt
