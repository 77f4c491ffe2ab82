//===- Parser.cpp - PTX text to a decoded module --------------------------===//
//
// A recursive-descent parser (tokens from Lexer.cpp) for the PTX that LLVM's
// NVPTX backend writes (PTX ISA chapters "Syntax", "State Spaces, Types, and
// Variables", "Directives"), including inline-asm blocks with nested `{ }`
// scopes and their own .reg declarations. Each instruction's operands are
// resolved here (registers to indices, symbols to addresses); Decode.cpp
// chooses its handler from the opcode and modifiers.
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "Lexer.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <unordered_map>

namespace cute::emu {

namespace {

class Parser {
public:
  Parser(std::vector<Token> toks, ModuleDecl &m) : t_(std::move(toks)), m_(m) {}

  Status run() {
    while (!at(Token::End)) {
      CUTE_TRY(topLevel());
    }
    return okStatus();
  }

private:
  // --- token helpers -------------------------------------------------------
  const Token &peek(size_t k = 0) const {
    return t_[std::min(p_ + k, t_.size() - 1)];
  }
  bool at(Token::Kind k) const { return peek().kind == k; }
  bool isPunct(const char *s, size_t k = 0) const {
    return peek(k).kind == Token::Punct && peek(k).text == s;
  }
  bool isIdent(const char *s) const {
    return peek().kind == Token::Ident && peek().text == s;
  }
  Token next() { return t_[p_ < t_.size() - 1 ? p_++ : p_]; }
  Error err(const std::string &msg) const {
    return Error(
        ErrorCode::Parse,
        "PTX line " + std::to_string(peek().line) + ": " + msg +
            (peek().text.empty() ? "" : " (at '" + peek().text + "')"));
  }
  Status expectPunct(const char *s) {
    if (!isPunct(s))
      return err(std::string("expected '") + s + "'");
    next();
    return okStatus();
  }
  Expected<uint64_t> number() {
    bool neg = false;
    if (isPunct("-")) {
      next();
      neg = true;
    }
    if (!at(Token::Number))
      return err("expected a number");
    auto v = parseNumber(next().text);
    if (!v)
      return err("bad number");
    return neg ? uint64_t(-int64_t(*v)) : *v;
  }
  /// Skips to the end of the current statement (';') at brace depth 0.
  void skipStatement() {
    while (!at(Token::End) && !isPunct(";"))
      next();
    if (isPunct(";"))
      next();
  }
  void skipLine(uint32_t line) {
    while (!at(Token::End) && peek().line == line)
      next();
  }

  // --- module level --------------------------------------------------------
  Status topLevel() {
    const Token &tk = peek();
    if (tk.kind != Token::Ident)
      return err("unexpected token at module scope");
    const std::string &d = tk.text;
    if (d == ".version") {
      next();
      m_.version = next().text;
      return okStatus();
    }
    if (d == ".target") {
      uint32_t line = tk.line;
      next();
      m_.target = next().text;
      skipLine(line);
      return okStatus();
    }
    if (d == ".address_size") {
      next();
      CUTE_ASSIGN_OR_RETURN(uint64_t n, number());
      m_.addressSize = int(n);
      return okStatus();
    }
    if (d == ".file") {
      uint32_t line = tk.line;
      next();
      CUTE_ASSIGN_OR_RETURN(uint64_t idx, number());
      if (m_.files.size() <= idx)
        m_.files.resize(idx + 1);
      if (at(Token::String))
        m_.files[idx] = next().text;
      skipLine(line);
      return okStatus();
    }
    if (d == ".section") {
      // DWARF sections: `.section .debug_x { ... }`.
      while (!at(Token::End) && !isPunct("{"))
        next();
      return skipBraces();
    }
    bool isExtern = false;
    while (isIdent(".visible") || isIdent(".extern") || isIdent(".weak") ||
           isIdent(".common")) {
      isExtern |= peek().text == ".extern";
      next();
    }
    if (isIdent(".entry") || isIdent(".func"))
      return function(isExtern);
    if (isIdent(".global") || isIdent(".shared") || isIdent(".const")) {
      CUTE_ASSIGN_OR_RETURN(VarDecl v, varDecl(isExtern));
      m_.globals.push_back(std::move(v));
      return okStatus();
    }
    if (isIdent(".pragma")) {
      skipStatement();
      return okStatus();
    }
    return err("unsupported module-scope directive");
  }

  Status skipBraces() {
    CUTE_TRY(expectPunct("{"));
    int depth = 1;
    while (depth > 0 && !at(Token::End)) {
      if (isPunct("{"))
        ++depth;
      else if (isPunct("}"))
        --depth;
      next();
    }
    return okStatus();
  }

  /// `.global|.shared|.const|.local [.align N] [.vN] .type name[[N]]... [=
  /// init];`
  Expected<VarDecl> varDecl(bool isExtern) {
    VarDecl v;
    v.isExtern = isExtern;
    std::string sp = next().text;
    v.space = sp == ".global"   ? Space::Global
              : sp == ".shared" ? Space::Shared
              : sp == ".const"  ? Space::Const
                                : Space::Local;
    unsigned vec = 1;
    Ty ty = Ty::B8;
    while (peek().kind == Token::Ident && peek().text[0] == '.') {
      std::string q = next().text;
      if (q == ".align") {
        CUTE_ASSIGN_OR_RETURN(uint64_t a, number());
        v.align = uint32_t(a);
      } else if (q == ".v2" || q == ".v4" || q == ".v8") {
        vec = unsigned(std::stoul(q.substr(2)));
      } else if (q.rfind(".shared::", 0) == 0 || q == ".ptr") {
        // `.shared::cta` spelled out.
      } else if (auto t = parseTyName(q.substr(1))) {
        ty = *t;
      } else {
        return err("unsupported variable qualifier '" + q + "'");
      }
    }
    if (!at(Token::Ident))
      return err("expected a variable name");
    v.name = next().text;
    uint64_t elems = 1;
    bool unsized = false;
    while (isPunct("[")) {
      next();
      if (isPunct("]")) {
        unsized = true;
      } else {
        CUTE_ASSIGN_OR_RETURN(uint64_t n, number());
        elems *= n;
      }
      CUTE_TRY(expectPunct("]"));
    }
    unsigned eb = std::max(1u, tyBits(ty) / 8) * vec;
    v.size = unsized ? 0 : elems * eb;
    if (v.align == 0 || v.align == 1)
      v.align = std::max<uint32_t>(v.align, eb / vec);
    if (isPunct("=")) {
      next();
      CUTE_TRY(initializer(v, eb / vec));
    }
    CUTE_TRY(expectPunct(";"));
    return v;
  }

  Status initializer(VarDecl &v, unsigned eb) {
    auto one = [&]() -> Status {
      CUTE_ASSIGN_OR_RETURN(uint64_t x, number());
      for (unsigned b = 0; b < eb; ++b)
        v.init.push_back(uint8_t(x >> (8 * b)));
      return okStatus();
    };
    if (!isPunct("{"))
      return one();
    next();
    while (!isPunct("}")) {
      if (isPunct("{")) { // nested aggregate: flatten
        next();
        continue;
      }
      CUTE_TRY(one());
      while (isPunct(",") || isPunct("}")) {
        if (isPunct("}") && isPunct(";", 1))
          break;
        next();
      }
    }
    next();
    return okStatus();
  }

  // --- functions -----------------------------------------------------------
  Status function(bool isExtern) {
    Function f;
    f.isEntry = next().text == ".entry";
    f.line = int(peek().line);
    if (isPunct("(")) { // return parameters of a .func
      next();
      CUTE_TRY(paramList(f.retParams));
    }
    if (!at(Token::Ident))
      return err("expected a function name");
    f.name = next().text;
    if (isPunct("(")) {
      next();
      CUTE_TRY(paramList(f.params));
    }
    for (auto &p : f.params)
      f.paramBytes = std::max(f.paramBytes, p.offset + p.size);
    // Performance-tuning directives (PTX ISA "Performance-Tuning Directives").
    while (peek().kind == Token::Ident && peek().text[0] == '.') {
      std::string d = next().text;
      auto dims = [&](uint32_t out[3]) -> Status {
        for (int i = 0; i < 3; ++i) {
          CUTE_ASSIGN_OR_RETURN(uint64_t n, number());
          out[i] = uint32_t(n);
          if (!isPunct(","))
            break;
          next();
        }
        for (int i = 0; i < 3; ++i)
          if (out[i] == 0)
            out[i] = 1;
        return okStatus();
      };
      if (d == ".maxntid") {
        CUTE_TRY(dims(f.maxntid));
      } else if (d == ".reqntid") {
        CUTE_TRY(dims(f.reqntid));
      } else if (d == ".reqnctapercluster") {
        CUTE_TRY(dims(f.reqnctapercluster));
      } else if (d == ".explicitcluster") {
        f.explicitCluster = true;
      } else if (d == ".maxnreg") {
        CUTE_ASSIGN_OR_RETURN(uint64_t n, number());
        f.maxnreg = int(n);
      } else if (d == ".minnctapersm") {
        CUTE_ASSIGN_OR_RETURN(uint64_t n, number());
        f.minnctapersm = int(n);
      } else if (d == ".maxclusterrank") {
        if (!number())
          return err("bad .maxclusterrank");
      } else if (d == ".noreturn" || d == ".pragma") {
        if (d == ".pragma")
          skipStatement();
      } else {
        return err("unsupported function directive '" + d + "'");
      }
    }
    if (isPunct(";")) { // declaration only (extern .func such as vprintf)
      next();
      if (!m_.functionIndex.count(f.name)) {
        m_.functionIndex[f.name] = m_.functions.size();
        m_.functions.push_back(std::move(f));
      }
      return okStatus();
    }
    (void)isExtern;
    fn_ = &f;
    scopes_.assign(1, {});
    predRegs_.clear();
    labels_.clear();
    pendingNames_.clear();
    localSyms_.clear();
    CUTE_TRY(body());
    for (Inst &in : f.code)
      for (Operand &o : in.ops) {
        if (o.kind != Operand::Label || o.reg != LabelPending)
          continue;
        const std::string &name = pendingNames_[size_t(o.imm)];
        auto it = labels_.find(name);
        if (it == labels_.end())
          return Error(ErrorCode::Parse, "PTX line " + std::to_string(in.line) +
                                             ": unknown symbol or label '" +
                                             name + "' in '" + f.name + "'");
        o.reg = LabelPc;
        o.imm = int64_t(it->second);
      }
    fn_ = nullptr;
    auto found = m_.functionIndex.find(f.name);
    if (found != m_.functionIndex.end()) {
      m_.functions[found->second] = std::move(f);
    } else {
      m_.functionIndex[f.name] = m_.functions.size();
      m_.functions.push_back(std::move(f));
    }
    return okStatus();
  }

  /// `.param [.align N] .type [.ptr .space .align N] name[[N]]`, comma list.
  Status paramList(std::vector<ParamDecl> &out) {
    uint32_t offset = 0;
    while (!isPunct(")")) {
      if (!isIdent(".param") && !isIdent(".reg"))
        return err("expected .param");
      next();
      ParamDecl p;
      Ty ty = Ty::B8;
      uint32_t align = 0;
      bool pointerAttrs = false;
      while (peek().kind == Token::Ident && peek().text[0] == '.') {
        std::string q = next().text;
        if (q == ".align") {
          // After .ptr, .align is the pointee's alignment (PTX ISA "Kernel
          // Function Parameter Attributes"), not the parameter's.
          CUTE_ASSIGN_OR_RETURN(uint64_t a, number());
          if (align == 0 && !pointerAttrs)
            align = uint32_t(a);
        } else if (q == ".ptr" || q == ".global" || q == ".shared" ||
                   q == ".const" || q == ".local") {
          pointerAttrs = true; // pointer attributes do not change the storage
        } else if (auto t = parseTyName(q.substr(1))) {
          ty = *t;
        } else {
          return err("unsupported parameter qualifier '" + q + "'");
        }
      }
      if (!at(Token::Ident))
        return err("expected a parameter name");
      p.name = next().text;
      uint32_t eb = std::max(1u, tyBits(ty) / 8);
      uint64_t elems = 1;
      while (isPunct("[")) {
        next();
        CUTE_ASSIGN_OR_RETURN(uint64_t n, number());
        elems *= n;
        CUTE_TRY(expectPunct("]"));
      }
      p.size = uint32_t(elems * eb);
      p.align = align ? align : eb;
      offset = (offset + p.align - 1) / p.align * p.align;
      p.offset = offset;
      offset += p.size;
      out.push_back(std::move(p));
      if (isPunct(","))
        next();
    }
    next(); // ')'
    return okStatus();
  }

  Status body() {
    CUTE_TRY(expectPunct("{"));
    int depth = 1;
    while (depth > 0) {
      if (at(Token::End))
        return err("unterminated function body");
      if (isPunct("{")) {
        next();
        ++depth;
        scopes_.emplace_back();
        continue;
      }
      if (isPunct("}")) {
        next();
        --depth;
        if (depth > 0)
          scopes_.pop_back();
        continue;
      }
      const Token &tk = peek();
      if (tk.kind == Token::Ident && tk.text == ".loc") {
        uint32_t line = tk.line;
        next();
        CUTE_ASSIGN_OR_RETURN(uint64_t file, number());
        CUTE_ASSIGN_OR_RETURN(uint64_t l, number());
        locFile_ = uint32_t(file);
        locLine_ = uint32_t(l);
        skipLine(line);
        continue;
      }
      if (tk.kind == Token::Ident && tk.text == ".reg") {
        CUTE_TRY(regDecl());
        continue;
      }
      if (tk.kind == Token::Ident &&
          (tk.text == ".local" || tk.text == ".shared" || tk.text == ".param" ||
           tk.text == ".global")) {
        CUTE_TRY(localVar());
        continue;
      }
      if (tk.kind == Token::Ident && tk.text == ".pragma") {
        skipStatement();
        continue;
      }
      if (isPunct(";")) { // empty statement
        next();
        continue;
      }
      if (tk.kind == Token::Ident && peek(1).kind == Token::Punct &&
          peek(1).text == ":" && tk.text[0] != '.') {
        labels_[tk.text] = uint32_t(fn_->code.size());
        next();
        next();
        continue;
      }
      CUTE_TRY(instruction());
    }
    return okStatus();
  }

  Status regDecl() {
    next(); // .reg
    Ty ty = Ty::B32;
    unsigned vec = 1;
    while (peek().kind == Token::Ident && peek().text[0] == '.') {
      std::string q = next().text;
      if (q == ".v2" || q == ".v4")
        vec = unsigned(q[2] - '0');
      else if (auto t = parseTyName(q.substr(1)))
        ty = *t;
      else
        return err("unsupported .reg qualifier '" + q + "'");
    }
    if (vec != 1)
      return err(".reg vector declarations are not supported");
    while (true) {
      if (!at(Token::Ident))
        return err("expected a register name");
      std::string name = next().text;
      if (isPunct("<")) {
        next();
        CUTE_ASSIGN_OR_RETURN(uint64_t n, number());
        CUTE_TRY(expectPunct(">"));
        for (uint64_t i = 0; i < n; ++i)
          declareReg(name + std::to_string(i), ty);
      } else {
        declareReg(name, ty);
      }
      if (!isPunct(","))
        break;
      next();
    }
    return expectPunct(";");
  }

  void declareReg(const std::string &name, Ty ty) {
    uint32_t idx = fn_->numRegs++;
    if (ty == Ty::Pred) {
      predRegs_.resize(std::max<size_t>(predRegs_.size(), idx + 1), false);
      predRegs_[idx] = true;
    }
    fn_->regNames.push_back(name);
    scopes_.back()[name] = idx;
  }

  std::optional<uint32_t> lookupReg(const std::string &name) const {
    for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end())
        return f->second;
    }
    return std::nullopt;
  }

  /// Function-scope `.local`/`.shared` arrays and call `.param` scratch.
  Status localVar() {
    bool isParam = peek().text == ".param";
    CUTE_ASSIGN_OR_RETURN(VarDecl v, varDecl(false));
    if (isParam) {
      // `.param .b64 param0;` inside a body: call arguments; they live in
      // the thread's local memory in this emulator (isExtern marks them).
      v.space = Space::Local;
      v.isExtern = true;
    }
    v.align = std::max<uint32_t>(v.align, 1);
    if (v.space == Space::Local) {
      fn_->localBytes = (fn_->localBytes + v.align - 1) / v.align * v.align;
      v.address = fn_->localBytes;
      fn_->localBytes += uint32_t(v.size);
    } else if (v.space == Space::Shared) {
      v.address = 0; // placed by the loader after module-scope .shared
    }
    localSyms_[v.name] = fn_->locals.size();
    fn_->locals.push_back(std::move(v));
    return okStatus();
  }

  // --- instructions --------------------------------------------------------
  Status instruction() {
    Inst in;
    in.line = peek().line;
    in.srcFile = locFile_;
    in.srcLine = locLine_;
    size_t start = p_;
    if (isPunct("@")) {
      next();
      bool neg = false;
      if (isPunct("!")) {
        next();
        neg = true;
      }
      std::string g = next().text;
      auto r = lookupReg(g);
      if (!r)
        return err("unknown guard predicate '" + g + "'");
      in.guard = *r;
      in.guardNeg = neg;
    }
    if (!at(Token::Ident))
      return err("expected an instruction");
    std::string opcode = next().text;
    while (!isPunct(";")) {
      if (at(Token::End))
        return err("unterminated instruction");
      CUTE_TRY(operand(in));
      if (isPunct(","))
        next();
    }
    next(); // ';'
    for (size_t i = start; i < p_; ++i) {
      const Token &tk = t_[i];
      if (!in.text.empty() && tk.kind != Token::Punct &&
          in.text.back() != '[' && in.text.back() != '{' &&
          in.text.back() != '@' && in.text.back() != '!' &&
          in.text.back() != '(')
        in.text += ' ';
      else if (tk.kind == Token::Punct && (tk.text == "{" || tk.text == "[") &&
               !in.text.empty())
        in.text += ' ';
      in.text += tk.text;
    }
    if (Status s = decodeInstruction(opcode, in); !s.ok())
      return s.error().withContext("PTX line " + std::to_string(in.line) +
                                   ": '" + in.text + "'");
    fn_->code.push_back(std::move(in));
    return okStatus();
  }

  /// One operand; appends to in.ops.
  Status operand(Inst &in) {
    Operand o;
    if (isPunct("{")) {
      next();
      o.kind = Operand::Vec;
      o.reg = uint32_t(in.vecRegs.size());
      while (!isPunct("}")) {
        Operand e;
        CUTE_TRY(scalar(e));
        if (e.kind == Operand::Reg) {
          in.vecRegs.push_back(e.reg);
        } else if (e.kind == Operand::Sink) {
          in.vecRegs.push_back(Operand::kNoReg);
        } else if (e.kind == Operand::Imm && e.symKind == SymNone) {
          // `{%r2, 0}`: a hidden register holding the constant.
          uint32_t r = fn_->numRegs++;
          fn_->regNames.push_back("<constant " + std::to_string(e.imm) + ">");
          fn_->constRegs.push_back({r, uint64_t(e.imm)});
          in.vecRegs.push_back(r);
        } else {
          return err("a vector operand holds registers and constants only");
        }
        ++o.count;
        if (isPunct(","))
          next();
      }
      next();
      in.ops.push_back(o);
      return okStatus();
    }
    if (isPunct("[")) {
      next();
      o.kind = Operand::Mem;
      o.reg = Operand::kNoReg;
      CUTE_TRY(address(o));
      in.ops.push_back(o);
      if (isPunct(",")) { // [tmap, {coords}] of the tensor copies
        next();
        CUTE_TRY(operand(in));
      }
      return expectPunct("]");
    }
    if (isPunct("(")) { // call argument lists: flattened
      next();
      while (!isPunct(")")) {
        CUTE_TRY(operand(in));
        if (isPunct(","))
          next();
      }
      next();
      return okStatus();
    }
    CUTE_TRY(scalar(o));
    in.ops.push_back(o);
    if (isPunct("|")) { // setp's second destination: %p|%q
      next();
      Operand q;
      CUTE_TRY(scalar(q));
      in.ops.push_back(q);
    }
    return okStatus();
  }

  Status scalar(Operand &o) {
    if (isPunct("!")) {
      next();
      CUTE_TRY(scalar(o));
      o.negate = true;
      return okStatus();
    }
    if (at(Token::Number) || isPunct("-")) {
      CUTE_ASSIGN_OR_RETURN(uint64_t v, number());
      o.kind = Operand::Imm;
      o.imm = int64_t(v);
      return okStatus();
    }
    if (!at(Token::Ident))
      return err("expected an operand");
    std::string name = next().text;
    if (name == "_") {
      o.kind = Operand::Sink;
      return okStatus();
    }
    if (auto r = lookupReg(name)) {
      o.kind = Operand::Reg;
      o.reg = *r;
      o.pred = *r < predRegs_.size() && predRegs_[*r];
      return okStatus();
    }
    if (auto s = parseSreg(name)) {
      o.kind = Operand::Sreg;
      o.reg = uint32_t(*s);
      return okStatus();
    }
    Expected<Operand> sym = symbol(name);
    if (!sym)
      return sym.error();
    o = *sym;
    return okStatus();
  }

  /// A symbol as a value: its address in its state space (module globals
  /// and function .shared arrays are placed by the loader: symKind).
  Expected<Operand> symbol(const std::string &name) {
    Operand o;
    o.kind = Operand::Imm;
    auto loc = localSyms_.find(name);
    if (loc != localSyms_.end()) {
      const VarDecl &v = fn_->locals[loc->second];
      if (v.space == Space::Shared) {
        o.symKind = SymLocalShared;
        o.symIndex = uint32_t(loc->second);
      } else {
        o.imm = int64_t(v.address);
        o.localParam = v.isExtern; // marks body .param (see localVar)
      }
      return o;
    }
    for (const ParamDecl &p : fn_->params)
      if (p.name == name) {
        o.imm = int64_t(p.offset);
        return o;
      }
    for (size_t i = 0; i < m_.globals.size(); ++i)
      if (m_.globals[i].name == name) {
        o.symKind = SymGlobal;
        o.symIndex = uint32_t(i);
        return o;
      }
    o.kind = Operand::Label;
    auto f = m_.functionIndex.find(name);
    if (f != m_.functionIndex.end()) {
      o.reg = LabelFunction;
      o.imm = int64_t(f->second);
    } else {
      o.reg = LabelPending;
      o.imm = int64_t(pendingNames_.size());
      pendingNames_.push_back(name);
    }
    return o;
  }

  /// The inside of `[...]`: reg, sym, imm, reg+imm, sym+imm.
  Status address(Operand &o) {
    bool first = true;
    while (!isPunct("]") && !isPunct(",")) {
      if (isPunct("+")) {
        next();
        continue;
      }
      if (at(Token::Number) || isPunct("-")) {
        CUTE_ASSIGN_OR_RETURN(uint64_t v, number());
        o.imm += int64_t(v);
        first = false;
        continue;
      }
      if (!at(Token::Ident))
        return err("bad address");
      std::string name = next().text;
      if (auto r = lookupReg(name)) {
        if (o.reg != Operand::kNoReg)
          return err("two registers in one address");
        o.reg = *r;
      } else {
        Expected<Operand> sym = symbol(name);
        if (!sym)
          return sym.error();
        if (sym->kind != Operand::Imm)
          return err("'" + name + "' is not a variable");
        o.imm += sym->imm;
        o.symKind = sym->symKind;
        o.symIndex = sym->symIndex;
        o.localParam = sym->localParam;
      }
      first = false;
    }
    (void)first;
    return okStatus();
  }

  std::vector<Token> t_;
  size_t p_ = 0;
  ModuleDecl &m_;
  Function *fn_ = nullptr;
  std::vector<std::unordered_map<std::string, uint32_t>> scopes_;
  std::vector<bool> predRegs_; ///< by register index: declared .pred
  std::unordered_map<std::string, uint32_t> labels_;
  std::unordered_map<std::string, size_t> localSyms_;
  // (instruction index, (operand index placeholder, label name))
  std::vector<std::string> pendingNames_;
  uint32_t locFile_ = 0, locLine_ = 0;
};

} // namespace

Expected<ModuleDecl> parsePtx(std::string_view text) {
  ModuleDecl m;
  Lexer lex(text);
  Parser p(lex.run(), m);
  CUTE_TRY(p.run());
  return m;
}

} // namespace cute::emu
