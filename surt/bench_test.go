// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt_test

import (
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/testfiles"
	"github.com/onecontact/webaddress/surt"
)

var sinkString string

// BenchmarkKey computes the SURT key of every line of each corpus file
// (surt.Key), and for comparison in the same run the parent package's
// comparison key (webaddress.Parse, then Key(KeyV1)).
func BenchmarkKey(b *testing.B) {
	for _, name := range testfiles.CorpusFiles {
		lines, err := testfiles.CorpusLines(name)
		if err != nil {
			b.Fatal(err)
		}
		name = strings.TrimSuffix(name, ".txt")
		b.Run(name+"/surt.Key", func(b *testing.B) {
			testfiles.BenchmarkLines(b, lines, func(l string) {
				sinkString, _ = surt.Key(l)
			})
		})
		b.Run(name+"/Parse+KeyV1", func(b *testing.B) {
			testfiles.BenchmarkLines(b, lines, func(l string) {
				if a, err := webaddress.Parse(l); err == nil {
					sinkString = a.Key(webaddress.KeyV1, webaddress.LevelPage)
				}
			})
		})
	}
}
