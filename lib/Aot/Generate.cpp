//===- Generate.cpp - Typed launchers and AOT kernel libraries ------------===//
#include "cute/Aot/Generate.h"

#include "cute/Runtime/Metadata.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <set>
#include <sstream>

namespace cute::aot {

using rt::ElemType;
using rt::KernelInfo;
using rt::ModuleMetadata;
using rt::ParamInfo;
using rt::ParamKind;

namespace {

Error invalid(const std::string &msg) {
  return Error(ErrorCode::InvalidArgument, "cute-aot: " + msg);
}

/// The C++ type of an element type (pointers and scalars).
const char *cppType(ElemType t) {
  switch (t) {
  case ElemType::I1:
    return "bool";
  case ElemType::I8:
    return "int8_t";
  case ElemType::I16:
    return "int16_t";
  case ElemType::I32:
    return "int32_t";
  case ElemType::I64:
  case ElemType::Index:
    return "int64_t";
  case ElemType::U8:
    return "uint8_t";
  case ElemType::U16:
    return "uint16_t";
  case ElemType::U32:
    return "uint32_t";
  case ElemType::U64:
    return "uint64_t";
  case ElemType::F16:
    return "::cute::rt::half_t";
  case ElemType::BF16:
    return "::cute::rt::bfloat16_t";
  case ElemType::F32:
  case ElemType::TF32: // stored as f32
    return "float";
  case ElemType::F64:
    return "double";
  case ElemType::F8E4M3:
    return "::cute::rt::float8_e4m3_t";
  case ElemType::F8E5M2:
    return "::cute::rt::float8_e5m2_t";
  case ElemType::F8E8M0:
    return "::cute::rt::float8_e8m0_t";
  case ElemType::F4E2M1:
    return "::cute::rt::float4_e2m1x2_t";
  }
  return "uint8_t";
}

/// The ElemType enumerator's spelling.
std::string elemEnum(ElemType t) {
  static const std::pair<ElemType, const char *> kNames[] = {
      {ElemType::I1, "I1"},         {ElemType::I8, "I8"},
      {ElemType::I16, "I16"},       {ElemType::I32, "I32"},
      {ElemType::I64, "I64"},       {ElemType::U8, "U8"},
      {ElemType::U16, "U16"},       {ElemType::U32, "U32"},
      {ElemType::U64, "U64"},       {ElemType::Index, "Index"},
      {ElemType::F16, "F16"},       {ElemType::BF16, "BF16"},
      {ElemType::F32, "F32"},       {ElemType::F64, "F64"},
      {ElemType::TF32, "TF32"},     {ElemType::F8E4M3, "F8E4M3"},
      {ElemType::F8E5M2, "F8E5M2"}, {ElemType::F8E8M0, "F8E8M0"},
      {ElemType::F4E2M1, "F4E2M1"}};
  for (const auto &[e, n] : kNames)
    if (e == t)
      return std::string("::cute::rt::ElemType::") + n;
  return "::cute::rt::ElemType::I8";
}

std::string kindEnum(ParamKind k) {
  switch (k) {
  case ParamKind::Pointer:
    return "::cute::rt::ParamKind::Pointer";
  case ParamKind::Scalar:
    return "::cute::rt::ParamKind::Scalar";
  case ParamKind::TmaDesc:
    return "::cute::rt::ParamKind::TmaDesc";
  }
  return "";
}

ElemType paramElem(const ParamInfo &p) {
  if (p.kind == ParamKind::TmaDesc)
    return p.tma->elem;
  return p.elem.value_or(ElemType::I8);
}

bool isIdentifier(const std::string &s) {
  if (s.empty() || !(std::isalpha((unsigned char)s[0]) || s[0] == '_'))
    return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return std::isalnum((unsigned char)c) || c == '_';
  });
}

bool isKeyword(const std::string &s) {
  static const std::set<std::string> kWords = {
      "alignas",  "alignof",  "and",       "asm",      "auto",      "bool",
      "break",    "case",     "catch",     "char",     "class",     "const",
      "continue", "default",  "delete",    "do",       "double",    "else",
      "enum",     "explicit", "export",    "extern",   "false",     "float",
      "for",      "friend",   "goto",      "if",       "inline",    "int",
      "long",     "mutable",  "namespace", "new",      "noexcept",  "not",
      "nullptr",  "operator", "or",        "private",  "protected", "public",
      "register", "return",   "short",     "signed",   "sizeof",    "static",
      "struct",   "switch",   "template",  "this",     "throw",     "true",
      "try",      "typedef",  "typeid",    "typename", "union",     "unsigned",
      "using",    "virtual",  "void",      "volatile", "while",     "xor",
      "int8_t",   "int16_t",  "int32_t",   "int64_t",  "uint8_t",   "uint16_t",
      "uint32_t", "uint64_t", "cute"};
  return kWords.count(s) != 0;
}

/// A parameter or kernel name as a C++ identifier: keywords get a '_'.
Expected<std::string> identifier(const std::string &name,
                                 const std::string &what) {
  if (!isIdentifier(name))
    return invalid(what + " '" + name + "' is not a C++ identifier");
  return isKeyword(name) ? name + "_" : name;
}

/// The kernels a launcher is generated for: those that are not a variant of
/// another kernel (variants are chosen at launch).
std::vector<const KernelInfo *> publicKernels(const ModuleMetadata &m) {
  std::set<std::string> variants;
  for (const KernelInfo &k : m.kernels)
    for (const rt::VariantInfo &v : k.variants)
      variants.insert(v.name);
  std::vector<const KernelInfo *> out;
  for (const KernelInfo &k : m.kernels)
    if (!variants.count(k.name))
      out.push_back(&k);
  return out;
}

std::string signatureOf(const KernelInfo &k) {
  std::string s = k.name + "(";
  for (size_t i = 0; i < k.userParamCount(); ++i) {
    const ParamInfo &p = k.params[i];
    s += (i ? ", " : "") + p.name + ": " + rt::elemTypeName(paramElem(p)) +
         " " + rt::paramKindName(p.kind) + " " + std::to_string(p.bytes) + "B";
  }
  return s + ")";
}

std::vector<std::string> splitNamespace(const std::string &ns) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (start <= ns.size()) {
    size_t end = ns.find("::", start);
    if (end == std::string::npos)
      end = ns.size();
    parts.push_back(ns.substr(start, end - start));
    start = end + 2;
  }
  return parts;
}

/// `bytes` as a C array initializer, 16 per line.
void emitBytes(std::ostringstream &os, const std::string &bytes) {
  char buf[8];
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i % 16 == 0)
      os << "\n   ";
    std::snprintf(buf, sizeof(buf), " 0x%02x,", (unsigned char)bytes[i]);
    os << buf;
  }
  if (bytes.empty())
    os << " 0";
  os << "\n";
}

struct Param {
  std::string id;   ///< C++ identifier
  std::string type; ///< C++ parameter type
  std::string pack; ///< the statement adding it to KernelArgs `a`
  std::string doc;
};

Expected<std::vector<Param>> paramsOf(const KernelInfo &k) {
  std::vector<Param> out;
  std::set<std::string> seen;
  for (size_t i = 0; i < k.userParamCount(); ++i) {
    const ParamInfo &p = k.params[i];
    CUTE_ASSIGN_OR_RETURN(
        std::string id, identifier(p.name, "parameter " + std::to_string(i) +
                                               " of kernel '" + k.name + "'"));
    if (!seen.insert(id).second)
      return invalid("kernel '" + k.name + "' has two parameters named '" +
                     p.name + "'");
    Param q;
    q.id = id;
    ElemType e = paramElem(p);
    switch (p.kind) {
    case ParamKind::Pointer:
      q.type = std::string("::cute::rt::DevicePtr<") + cppType(e) + ">";
      q.pack = "a.ptr(" + id + ".addr(), " + elemEnum(e) + ");";
      q.doc = id + ": " + rt::elemTypeName(e) + " device pointer, " +
              std::to_string(p.align) + "-byte aligned";
      break;
    case ParamKind::Scalar:
      q.type = cppType(e);
      q.pack = "static_assert(sizeof(" + id +
               ") == " + std::to_string(p.bytes) + ", \"" + id +
               ": the metadata's scalar size\");\n      a.scalarBytes(&" + id +
               ", sizeof(" + id + "), " + elemEnum(e) + ");";
      q.doc = id + ": " + rt::elemTypeName(e) + " scalar";
      break;
    case ParamKind::TmaDesc:
      q.type = "const ::cute::rt::TensorMap &";
      q.pack = "a.tensorMap(" + id + ");";
      q.doc = id + ": TMA descriptor of " + rt::elemTypeName(e) + ", rank " +
              std::to_string(p.tma->rank) + ", swizzle " +
              std::to_string(p.tma->swizzle) + " B";
      break;
    }
    out.push_back(std::move(q));
  }
  return out;
}

std::string derivedDoc(const KernelInfo &k) {
  std::string s;
  for (size_t i = k.userParamCount(); i < k.params.size(); ++i) {
    const ParamInfo &p = k.params[i];
    s += (s.empty() ? "" : ", ") + p.name + " (from " +
         k.params[p.tma->source->ptr].name + ")";
  }
  return s;
}

} // namespace

Expected<Generated> generate(const std::vector<Image> &images,
                             const GenerateOptions &options) {
  if (images.empty())
    return invalid("no module metadata given");
  std::vector<ModuleMetadata> metas;
  std::set<std::string> chips;
  for (const Image &img : images) {
    Expected<ModuleMetadata> m = rt::parseMetadata(img.metadataJson);
    if (!m)
      return m.error().withContext("cute-aot: metadata for " + img.chip);
    if (!img.chip.empty() && m->chip != img.chip)
      return invalid("the image given for " + img.chip + " has metadata for " +
                     m->chip);
    if (!chips.insert(m->chip).second)
      return invalid("two images for " + m->chip);
    if (options.embed && img.cubin.empty())
      return invalid("the image for " + m->chip + " is empty");
    metas.push_back(std::move(m).value());
  }
  const ModuleMetadata &first = metas.front();
  if (first.module.empty())
    return invalid("the metadata for " + first.chip +
                   " names no module (cute-opt writes it: recompile)");
  CUTE_ASSIGN_OR_RETURN(std::string moduleId,
                        identifier(first.module, "module name"));
  std::vector<const KernelInfo *> kernels = publicKernels(first);
  for (const ModuleMetadata &m : metas) {
    if (m.module != first.module)
      return invalid("the images are of different modules: '" + first.module +
                     "' (" + first.chip + ") and '" + m.module + "' (" +
                     m.chip + ")");
    std::vector<const KernelInfo *> ks = publicKernels(m);
    if (ks.size() != kernels.size())
      return invalid("module '" + m.module + "' has " +
                     std::to_string(kernels.size()) + " kernel(s) for " +
                     first.chip + " but " + std::to_string(ks.size()) +
                     " for " + m.chip);
    for (size_t i = 0; i < ks.size(); ++i)
      if (signatureOf(*ks[i]) != signatureOf(*kernels[i]))
        return invalid("kernel " + signatureOf(*kernels[i]) + " for " +
                       first.chip + " differs from " + signatureOf(*ks[i]) +
                       " for " + m.chip);
  }

  std::string ns = options.cppNamespace.empty() ? "cute_kernels::" + moduleId
                                                : options.cppNamespace;
  std::vector<std::string> nsParts = splitNamespace(ns);
  for (const std::string &part : nsParts)
    if (!isIdentifier(part) || isKeyword(part))
      return invalid("namespace '" + ns + "': '" + part +
                     "' is not a C++ identifier");
  std::string guard = "CUTE_AOT_";
  for (char c : ns)
    guard += std::isalnum((unsigned char)c) ? char(std::toupper(c)) : '_';
  guard += "_H";
  std::string chipList;
  for (const ModuleMetadata &m : metas)
    chipList += (chipList.empty() ? "" : ", ") + m.chip;

  std::ostringstream h;
  h << "// Generated by cute-aot from module '" << first.module << "' ("
    << chipList << "). Do not edit: regenerate.\n"
    << "// Typed launchers (docs/launchers.md). Every function returns a "
       "cute::Status or\n// cute::Expected; nothing throws.\n"
    << "#ifndef " << guard << "\n#define " << guard << "\n\n"
    << "#include \"cute/Runtime/Typed.h\"\n\n"
    << "#include <cstdint>\n#include <string>\n#include <string_view>\n"
    << "#include <vector>\n\n";
  for (const std::string &part : nsParts)
    h << "namespace " << part << " {\n";
  h << "\n/// The kernels of module '" << first.module << "'.\n"
    << "class Module {\npublic:\n  Module() = default;\n\n"
    << "  static constexpr const char *kModuleName = \"" << first.module
    << "\";\n\n";
  if (options.embed)
    h << "  /// Loads the library's image for the chip of `ctx`'s device ("
      << chipList << "; its PTX on the emulator).\n"
      << "  static ::cute::Expected<Module> load(const ::cute::rt::Context "
         "&ctx);\n"
      << "  /// The chips the library holds images for.\n"
      << "  static std::vector<std::string> chips();\n"
      << "  /// The embedded metadata for `chip` (no GPU needed; for the "
         "check_* functions).\n"
      << "  static ::cute::Expected<::cute::rt::ModuleMetadata> "
         "metadata(std::string_view chip);\n\n";
  h << "  /// Loads `image` (cubin or PTX) with its metadata, e.g. a "
       "cute::jit::CompiledModule's;\n"
    << "  /// an error unless the metadata declares the kernels below with "
       "the same parameters.\n"
    << "  static ::cute::Expected<Module> fromImage(const ::cute::rt::Context "
       "&ctx,\n"
    << "                                          const std::string &image,\n"
    << "                                          std::string_view "
       "metadataJson) {\n"
    << "    Module m;\n"
    << "    CUTE_ASSIGN_OR_RETURN(m.program_, ::cute::rt::Program::load(ctx, "
       "image, metadataJson));\n";
  for (const KernelInfo *k : kernels) {
    CUTE_ASSIGN_OR_RETURN(std::string kid, identifier(k->name, "kernel name"));
    h << "    CUTE_ASSIGN_OR_RETURN(m." << kid << "_, m.program_.kernel(\""
      << k->name << "\"));\n"
      << "    CUTE_TRY(" << kid << "_signature(m." << kid << "_.info()));\n";
  }
  h << "    return m;\n  }\n\n"
    << "  const ::cute::rt::Program &program() const { return program_; }\n";

  for (const KernelInfo *k : kernels) {
    CUTE_ASSIGN_OR_RETURN(std::string kid, identifier(k->name, "kernel name"));
    CUTE_ASSIGN_OR_RETURN(std::vector<Param> ps, paramsOf(*k));
    std::string decl, call;
    for (const Param &p : ps) {
      decl += (decl.empty() ? "" : ", ") + p.type + " " + p.id;
      call += (call.empty() ? "" : ", ") + p.id;
    }
    std::string sep = decl.empty() ? "" : ", ";
    h << "\n  // ---- kernel '" << k->name << "' ----\n"
      << "  // Parameters:\n";
    for (const Param &p : ps)
      h << "  //   " << p.doc << "\n";
    std::string derived = derivedDoc(*k);
    if (!derived.empty())
      h << "  // TMA descriptors encoded at launch: " << derived << "\n";
    h << "  // Compiled for block " << k->block.str() << ", cluster "
      << k->cluster.str() << ", " << k->smemDynamic
      << " B dynamic shared memory (" << first.chip << ").\n";
    // Packing.
    h << "  static ::cute::rt::KernelArgs " << kid << "_args(" << decl
      << ") {\n      ::cute::rt::KernelArgs a;\n      a.reserve(" << ps.size()
      << ");\n";
    for (const Param &p : ps)
      h << "      " << p.pack << "\n";
    h << "      return a;\n  }\n";
    // Launch, prepare, check.
    h << "  /// Checks the arguments and launches on `stream` (does not "
         "synchronize).\n"
      << "  ::cute::Status " << kid
      << "(const ::cute::rt::Stream &stream, const ::cute::rt::LaunchConfig "
         "&cfg"
      << sep << decl << ") const {\n"
      << "    return " << kid << "_.launch(stream, cfg, " << kid << "_args("
      << call << "));\n  }\n"
      << "  /// Checks once; the PreparedLaunch relaunches with these "
         "arguments.\n"
      << "  ::cute::Expected<::cute::rt::PreparedLaunch> prepare_" << kid
      << "(const ::cute::rt::LaunchConfig &cfg" << sep << decl << ") const {\n"
      << "    return " << kid << "_.prepare(cfg, " << kid << "_args(" << call
      << "));\n  }\n"
      << "  /// The checks of a launch against `info` (e.g. "
         "metadata(chip)), without a GPU.\n"
      << "  static ::cute::Status check_" << kid
      << "(const ::cute::rt::KernelInfo &info, const "
         "::cute::rt::LaunchConfig &cfg"
      << sep << decl << ") {\n"
      << "    CUTE_TRY(" << kid << "_signature(info));\n"
      << "    CUTE_TRY(::cute::rt::validateArgs(info, " << kid << "_args("
      << call << ")));\n"
      << "    CUTE_TRY(::cute::rt::resolveLaunch(info, cfg));\n"
      << "    return ::cute::okStatus();\n  }\n"
      << "  /// OK when `info` declares this launcher's parameters.\n"
      << "  static ::cute::Status " << kid
      << "_signature(const ::cute::rt::KernelInfo &info) {\n"
      << "    return ::cute::rt::checkSignature(info, {";
    for (size_t i = 0; i < k->userParamCount(); ++i) {
      const ParamInfo &p = k->params[i];
      h << (i ? ",\n        " : "\n        ") << "{\"" << p.name << "\", "
        << kindEnum(p.kind) << ", " << elemEnum(paramElem(p)) << ", " << p.bytes
        << "}";
    }
    h << "});\n  }\n"
      << "  const ::cute::rt::Kernel &" << kid << "_kernel() const { return "
      << kid << "_; }\n";
  }
  h << "\nprivate:\n  ::cute::rt::Program program_;\n";
  for (const KernelInfo *k : kernels)
    h << "  ::cute::rt::Kernel " << k->name << (isKeyword(k->name) ? "__" : "_")
      << ";\n";
  h << "};\n\n";
  for (auto it = nsParts.rbegin(); it != nsParts.rend(); ++it)
    h << "} // namespace " << *it << "\n";
  h << "\n#endif // " << guard << "\n";

  Generated out;
  out.header = h.str();
  if (!options.embed)
    return out;

  std::ostringstream s;
  s << "// Generated by cute-aot from module '" << first.module << "' ("
    << chipList
    << "): the images and metadata of an AOT kernel library. Do "
       "not edit.\n"
    << "#include \""
    << (options.headerInclude.empty() ? first.module + ".h"
                                      : options.headerInclude)
    << "\"\n\n";
  for (const std::string &part : nsParts)
    s << "namespace " << part << " {\n";
  s << "namespace {\n";
  for (size_t i = 0; i < images.size(); ++i) {
    s << "// " << metas[i].chip << ": " << images[i].cubin.size()
      << " bytes of cubin, " << images[i].ptx.size() << " bytes of PTX\n"
      << "alignas(64) const unsigned char kImage" << i << "[] = {";
    emitBytes(s, images[i].cubin);
    s << "};\nconst unsigned char kMetadata" << i << "[] = {";
    emitBytes(s, images[i].metadataJson);
    s << "};\nconst unsigned char kPtx" << i << "[] = {";
    emitBytes(s, images[i].ptx);
    s << "};\n";
  }
  s << "struct EmbeddedImage {\n  const char *chip;\n"
    << "  const unsigned char *image;\n  size_t imageSize;\n"
    << "  const unsigned char *metadata;\n  size_t metadataSize;\n"
    << "  const unsigned char *ptx;\n  size_t ptxSize;\n};\n"
    << "const EmbeddedImage kImages[] = {\n";
  for (size_t i = 0; i < images.size(); ++i)
    s << "    {\"" << metas[i].chip << "\", kImage" << i << ", "
      << images[i].cubin.size() << ", kMetadata" << i << ", "
      << images[i].metadataJson.size() << ", kPtx" << i << ", "
      << images[i].ptx.size() << "},\n";
  s << "};\n} // namespace\n\n"
    << "std::vector<std::string> Module::chips() {\n"
    << "  std::vector<std::string> c;\n"
    << "  for (const EmbeddedImage &i : kImages)\n"
    << "    c.push_back(i.chip);\n  return c;\n}\n\n"
    << "::cute::Expected<::cute::rt::ModuleMetadata> "
       "Module::metadata(std::string_view chip) {\n"
    << "  for (const EmbeddedImage &i : kImages)\n"
    << "    if (chip == i.chip)\n"
    << "      return ::cute::rt::parseMetadata(std::string_view(\n"
    << "          reinterpret_cast<const char *>(i.metadata), "
       "i.metadataSize));\n"
    << "  return ::cute::Error(::cute::ErrorCode::InvalidArgument,\n"
    << "                       std::string(\"module '\") + kModuleName + "
       "\"' has no image for \" +\n"
    << "                           std::string(chip));\n}\n\n"
    << "::cute::Expected<Module> Module::load(const ::cute::rt::Context "
       "&ctx) {\n"
    << "  CUTE_ASSIGN_OR_RETURN(size_t i, "
       "::cute::rt::pickImageForDevice(ctx, chips(),\n"
    << "      std::string(\"module '\") + kModuleName + \"'\"));\n"
    << "  const EmbeddedImage &img = kImages[i];\n"
    << "  std::string_view metadata(reinterpret_cast<const char "
       "*>(img.metadata),\n"
    << "                            img.metadataSize);\n"
    << "  // The emulator (cute-emu) runs the PTX.\n"
    << "  if (ctx.driver().emulated()) {\n"
    << "    if (img.ptxSize == 0)\n"
    << "      return ::cute::Error(::cute::ErrorCode::NotFound,\n"
    << "          std::string(\"module '\") + kModuleName + \"' has no PTX "
       "for \" + img.chip +\n"
    << "              \", which the emulator (\" + ctx.driver().path() +\n"
    << "              \") runs: rebuild the library with cute-aot --image "
       "CHIP=CUBIN,METADATA,PTX\");\n"
    << "    return fromImage(ctx,\n"
    << "        std::string(reinterpret_cast<const char *>(img.ptx), "
       "img.ptxSize),\n"
    << "        metadata);\n  }\n"
    << "  return fromImage(ctx,\n"
    << "      std::string(reinterpret_cast<const char *>(img.image), "
       "img.imageSize),\n"
    << "      metadata);\n}\n\n";
  for (auto it = nsParts.rbegin(); it != nsParts.rend(); ++it)
    s << "} // namespace " << *it << "\n";
  out.source = s.str();
  return out;
}

} // namespace cute::aot
