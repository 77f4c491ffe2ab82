//===- cute-aot.cpp - Typed launchers and AOT kernel libraries ------------===//
//
// cute-aot --header OUT.h [--source OUT.cpp] [--namespace NS]
//          (--image CHIP=CUBIN,METADATA[,PTX])... | --metadata METADATA
//
// With --image (one per chip): an AOT library, the header of typed
// launchers and a source embedding every image (and its PTX, which the
// emulator runs); compile the source into the program or a static library. With
// --metadata: the header only, for a module loaded at run time (the JIT's
// result or files). MLIR-free: it reads what `cute-opt --cute-compile` wrote.
// docs/launchers.md.
//
//===----------------------------------------------------------------------===//
#include "cute/Aot/Generate.h"
#include "cute/Runtime/Metadata.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

int usage(const char *argv0) {
  std::fprintf(stderr,
               "usage: %s --header OUT.h [--source OUT.cpp] [--namespace NS]\n"
               "       (--image CHIP=CUBIN,METADATA[,PTX])... | --metadata "
               "METADATA\n",
               argv0);
  return 2;
}

bool writeFile(const std::string &path, const std::string &text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
  f.close();
  if (!f) {
    std::fprintf(stderr, "cute-aot: cannot write %s: %s\n", path.c_str(),
                 std::strerror(errno));
    return false;
  }
  return true;
}

bool readInto(const std::string &path, std::string &out) {
  cute::Expected<std::string> text = cute::rt::readFile(path);
  if (!text) {
    std::fprintf(stderr, "cute-aot: %s\n", text.message().c_str());
    return false;
  }
  out = std::move(text).value();
  return true;
}

} // namespace

int main(int argc, char **argv) {
  std::string header, source;
  cute::aot::GenerateOptions opts;
  std::vector<cute::aot::Image> images;
  bool headerOnly = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&](std::string &v) {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "cute-aot: %s needs a value\n", a.c_str());
        return false;
      }
      v = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--header") {
      if (!next(header))
        return 2;
    } else if (a == "--source") {
      if (!next(source))
        return 2;
    } else if (a == "--namespace") {
      if (!next(opts.cppNamespace))
        return 2;
    } else if (a == "--image") {
      if (!next(v))
        return 2;
      size_t eq = v.find('='), comma = v.find(',');
      size_t comma2 =
          comma == std::string::npos ? comma : v.find(',', comma + 1);
      if (eq == std::string::npos || comma == std::string::npos || comma < eq ||
          comma2 + 1 == v.size()) {
        std::fprintf(stderr,
                     "cute-aot: --image %s: expected "
                     "CHIP=CUBIN,METADATA[,PTX]\n",
                     v.c_str());
        return 2;
      }
      cute::aot::Image img;
      img.chip = v.substr(0, eq);
      if (!readInto(v.substr(eq + 1, comma - eq - 1), img.cubin) ||
          !readInto(v.substr(comma + 1, comma2 == std::string::npos
                                            ? std::string::npos
                                            : comma2 - comma - 1),
                    img.metadataJson) ||
          (comma2 != std::string::npos &&
           !readInto(v.substr(comma2 + 1), img.ptx)))
        return 1;
      images.push_back(std::move(img));
    } else if (a == "--metadata") {
      if (!next(v))
        return 2;
      cute::aot::Image img;
      if (!readInto(v, img.metadataJson))
        return 1;
      images.push_back(std::move(img));
      headerOnly = true;
    } else if (a == "-h" || a == "--help") {
      usage(argv[0]);
      return 0;
    } else {
      std::fprintf(stderr, "cute-aot: unknown argument '%s'\n", a.c_str());
      return usage(argv[0]);
    }
  }
  if (header.empty() || images.empty())
    return usage(argv[0]);
  if (headerOnly && (images.size() != 1 || !source.empty())) {
    std::fprintf(stderr, "cute-aot: --metadata makes a header only: give it "
                         "once, without --image or --source\n");
    return 2;
  }
  if (!headerOnly && source.empty()) {
    std::fprintf(stderr, "cute-aot: --image needs --source (where the "
                         "images are embedded)\n");
    return 2;
  }
  opts.embed = !headerOnly;
  if (opts.headerInclude.empty()) {
    size_t slash = header.find_last_of('/');
    opts.headerInclude =
        slash == std::string::npos ? header : header.substr(slash + 1);
  }
  cute::Expected<cute::aot::Generated> g = cute::aot::generate(images, opts);
  if (!g) {
    std::fprintf(stderr, "%s\n", g.message().c_str());
    return 1;
  }
  if (!writeFile(header, g->header))
    return 1;
  if (!source.empty() && !writeFile(source, g->source))
    return 1;
  return 0;
}
