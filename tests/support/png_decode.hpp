#pragma once
// A PNG decoder for the CLI tests, which link QtCore only (no QImage): 8-bit RGB or RGBA,
// not interlaced, as QImage writes them (zlib via qUncompress, row filters undone).
#include <QByteArray>
#include <QtEndian>
#include <cstdlib>
#include <set>
#include <utility>
#include <vector>

namespace vms::test {

/// An 8-bit RGB or RGBA PNG decoded to RGB triples (no interlace); empty on anything else.
struct Png {
  int width = 0, height = 0;
  std::vector<quint32> rgb;  // 0xRRGGBB per pixel
};

inline int paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c);
}

inline Png decodePng(const QByteArray& file) {
  Png png;
  if (!file.startsWith("\x89PNG\r\n\x1a\n")) return png;
  int pos = 8, color_type = -1, bit_depth = 0, interlace = 0;
  QByteArray idat;
  while (pos + 12 <= file.size()) {
    const quint32 len = qFromBigEndian<quint32>(file.constData() + pos);
    const QByteArray type = file.mid(pos + 4, 4);
    const char* data = file.constData() + pos + 8;
    if (type == "IHDR") {
      png.width = int(qFromBigEndian<quint32>(data));
      png.height = int(qFromBigEndian<quint32>(data + 4));
      bit_depth = quint8(data[8]);
      color_type = quint8(data[9]);
      interlace = quint8(data[12]);
    } else if (type == "IDAT") {
      idat.append(data, int(len));
    }
    pos += 12 + int(len);
  }
  const int channels = color_type == 2 ? 3 : color_type == 6 ? 4 : 0;
  if (bit_depth != 8 || !channels || interlace) return Png{};
  const int stride = png.width * channels;
  QByteArray sized(4, '\0');
  qToBigEndian<quint32>(quint32((stride + 1) * png.height), sized.data());
  const QByteArray raw = qUncompress(sized + idat);
  if (raw.size() != (stride + 1) * png.height) return Png{};
  std::vector<quint8> prev(stride, 0), cur(stride);
  png.rgb.reserve(size_t(png.width) * png.height);
  for (int y = 0; y < png.height; ++y) {
    const int filter = quint8(raw[y * (stride + 1)]);
    const auto* in = reinterpret_cast<const quint8*>(raw.constData() + y * (stride + 1) + 1);
    for (int i = 0; i < stride; ++i) {
      const int a = i >= channels ? cur[i - channels] : 0, b = prev[i],
                c = i >= channels ? prev[i - channels] : 0;
      const int predictor = filter == 1   ? a
                            : filter == 2 ? b
                            : filter == 3 ? (a + b) / 2
                            : filter == 4 ? paeth(a, b, c)
                                          : 0;
      cur[i] = quint8(in[i] + predictor);
    }
    for (int x = 0; x < png.width; ++x) {
      const quint8* p = &cur[x * channels];
      png.rgb.push_back(quint32(p[0]) << 16 | quint32(p[1]) << 8 | p[2]);
    }
    std::swap(prev, cur);
  }
  return png;
}

inline int distinctColors(const Png& png) {
  return int(std::set<quint32>(png.rgb.begin(), png.rgb.end()).size());
}

}  // namespace vms::test
