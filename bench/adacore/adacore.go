// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package adacore measures ada's C++ parser itself, without the cost of
// crossing from Go to C for every URL: a Batch holds a whole corpus file in
// one buffer, and one cgo call parses all of it, timed inside C++.
//
// The C++ side (adacore.cpp) includes ada.h from the github.com/ada-url/goada
// module, whose package compiles ada.cpp; build with
//
//	CGO_CPPFLAGS="-I$(go list -m -f '{{.Dir}}' github.com/ada-url/goada)"
//
// as bench/run does.
package adacore

/*
#cgo CXXFLAGS: -O3 -std=c++20
#include <stddef.h>
#include <stdint.h>

int64_t adacore_parse_batch(const char *data, const uint32_t *ends, size_t n,
	int64_t reps, uint64_t *href_bytes, uint64_t *valid);
*/
import "C"

import (
	"errors"
	"math"
	"unsafe"

	_ "github.com/ada-url/goada" // links ada's parser (ada.cpp), which adacore.cpp calls
)

// Batch is a list of inputs laid out for one call into C++: their bytes
// back to back and the offset where each one ends.
type Batch struct {
	data []byte
	ends []uint32
}

// NewBatch copies inputs into a Batch. It fails when the inputs add up to
// 4 GiB or more, which the 32-bit offsets cannot address.
func NewBatch(inputs []string) (*Batch, error) {
	b := &Batch{ends: make([]uint32, len(inputs))}
	for i, in := range inputs {
		b.data = append(b.data, in...)
		if len(b.data) > math.MaxUint32 {
			return nil, errors.New("adacore: inputs of 4 GiB or more")
		}
		b.ends[i] = uint32(len(b.data))
	}
	return b, nil
}

// Len is the number of inputs in b.
func (b *Batch) Len() int { return len(b.ends) }

// Result is what one Parse call measured.
type Result struct {
	Nanoseconds int64  // time spent parsing, measured by std::chrono::steady_clock
	Valid       uint64 // inputs that parsed, summed over the repetitions
	HrefBytes   uint64 // length of their hrefs, summed over the repetitions
}

// Parse parses every input of b with ada::parse<ada::url_aggregator> and
// reads its href, reps times over, in one call into C++.
func (b *Batch) Parse(reps int) Result {
	if len(b.ends) == 0 || reps <= 0 {
		return Result{}
	}
	var hrefBytes, valid C.uint64_t
	data := b.data
	if len(data) == 0 {
		data = []byte{0} // a valid pointer for a batch of empty inputs
	}
	ns := C.adacore_parse_batch((*C.char)(unsafe.Pointer(&data[0])), (*C.uint32_t)(unsafe.Pointer(&b.ends[0])),
		C.size_t(len(b.ends)), C.int64_t(reps), &hrefBytes, &valid)
	return Result{Nanoseconds: int64(ns), Valid: uint64(valid), HrefBytes: uint64(hrefBytes)}
}
