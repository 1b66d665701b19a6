// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// The batch entry point of package adacore: parse many inputs with ada's
// url_aggregator in one call, timed here so that no cgo crossing is counted.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "ada.h"

extern "C" int64_t adacore_parse_batch(const char *data, const uint32_t *ends,
                                       size_t n, int64_t reps,
                                       uint64_t *href_bytes, uint64_t *valid) {
  uint64_t bytes = 0, ok = 0;
  auto start = std::chrono::steady_clock::now();
  for (int64_t r = 0; r < reps; r++) {
    uint32_t begin = 0;
    for (size_t i = 0; i < n; i++) {
      std::string_view input(data + begin, ends[i] - begin);
      begin = ends[i];
      auto url = ada::parse<ada::url_aggregator>(input);
      if (url) {
        ok++;
        bytes += url->get_href().size();
      }
    }
  }
  auto elapsed = std::chrono::steady_clock::now() - start;
  *href_bytes = bytes;
  *valid = ok;
  return std::chrono::duration_cast<std::chrono::nanoseconds>(elapsed).count();
}
