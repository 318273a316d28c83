#include "core/io/input_checks.hpp"

#include "core/model/model_error.hpp"
#include "core/model/names.hpp"

namespace vms::io {

namespace {

std::string where(int line, int column) {
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

[[noreturn]] void tooDeep(const std::string& source, int line, int column, const char* what) {
  throw ModelError(source + ": " + where(line, column) + ": " + what + " nested deeper than " +
                   std::to_string(kMaxNestingDepth) + " levels (the input limit)");
}

}  // namespace

void checkName(const std::string& source, const std::string& element, const std::string& name) {
  const std::string problem = nameProblem(name);
  if (!problem.empty())
    throw ModelError(source + ": " + element + ": invalid name '" + printableText(name, 60) +
                     "': " + problem);
}

void checkJsonNesting(const std::string& text, const std::string& source) {
  int depth = 0, line = 1, column = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
    }
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxNestingDepth) tooDeep(source, line, column, "JSON arrays/objects");
    } else if (c == ']' || c == '}') {
      if (depth > 0) --depth;  // unbalanced text is the parser's to report
    }
  }
}

void checkXmlNesting(const std::string& text, const std::string& source) {
  int depth = 0, line = 1, column = 0;
  size_t i = 0;
  const size_t n = text.size();
  // Advances i to just past `end` (or to the end of the text), keeping line/column.
  auto skipPast = [&](const char* end) {
    const size_t at = text.find(end, i);
    const size_t stop = at == std::string::npos ? n : at + std::char_traits<char>::length(end);
    for (; i < stop; ++i) {
      ++column;
      if (text[i] == '\n') {
        ++line;
        column = 0;
      }
    }
  };
  while (i < n) {
    if (text[i] != '<') {
      ++column;
      if (text[i] == '\n') {
        ++line;
        column = 0;
      }
      ++i;
      continue;
    }
    const int open_line = line, open_column = column + 1;
    if (text.compare(i, 4, "<!--") == 0) {
      skipPast("-->");
    } else if (text.compare(i, 9, "<![CDATA[") == 0) {
      skipPast("]]>");
    } else if (text.compare(i, 2, "<?") == 0) {
      skipPast("?>");
    } else if (text.compare(i, 2, "<!") == 0) {
      skipPast(">");
    } else if (text.compare(i, 2, "</") == 0) {
      skipPast(">");
      if (depth > 0) --depth;
    } else {
      // A start tag: find its '>' outside quoted attribute values; "/>" closes it at once.
      char quote = 0;
      char previous = 0;
      bool closed = false;
      ++i;
      ++column;
      for (; i < n; ++i) {
        const char c = text[i];
        ++column;
        if (c == '\n') {
          ++line;
          column = 0;
        }
        if (quote) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '>') {
          closed = previous == '/';
          ++i;
          break;
        }
        previous = c;
      }
      if (!closed && ++depth > kMaxNestingDepth)
        tooDeep(source, open_line, open_column, "XML elements");
    }
  }
}

}  // namespace vms::io
