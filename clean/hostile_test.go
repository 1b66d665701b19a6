// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// hostileOptions are the options the hostile shapes are cleaned with: the
// ones that do the most work on a host and a path.
var hostileOptions = CleanOptions{WWW: WWWKeep, PathNormalization: PathNormalizeBoth, PathEncoding: PathEncodingEncode}

// BenchmarkHostile cleans each of the webaddress package's hostile shapes
// (testfiles.HostileShapes) at 1 KiB to 1 MiB and reports ns/byte, which
// must stay flat, as webaddress's BenchmarkHostile does for its entry
// points.
func BenchmarkHostile(b *testing.B) {
	for _, shape := range testfiles.HostileShapes {
		for _, n := range []int{1 << 10, 10 << 10, 100 << 10, 1 << 20} {
			in := shape.Build(n)
			b.Run(fmt.Sprintf("%s/Clean/%dK", shape.Name, n>>10), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				for b.Loop() {
					Clean(in, hostileOptions)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/byte")
			})
		}
	}
}

// maxAllocPerByte is the most bytes Clean may allocate per byte of a
// hostile input, the limit of webaddress's entry points.
const maxAllocPerByte = 32

// TestHostileMemory checks that Clean allocates at most maxAllocPerByte
// bytes per input byte on each hostile shape, at 100 KiB and 1 MiB.
func TestHostileMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB inputs: not with -short")
	}
	var before, after runtime.MemStats
	for _, shape := range testfiles.HostileShapes {
		for _, n := range []int{100 << 10, 1 << 20} {
			in := shape.Build(n)
			runtime.ReadMemStats(&before)
			Clean(in, hostileOptions)
			runtime.ReadMemStats(&after)
			if perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(in)); perByte > maxAllocPerByte {
				t.Errorf("Clean of %s (%d bytes): %.1f bytes allocated per input byte, want at most %d", shape.Name, len(in), perByte, maxAllocPerByte)
			}
		}
	}
}
