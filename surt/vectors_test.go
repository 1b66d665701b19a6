// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// A vector is one line of testdata/surt/vectors.jsonl: an input and the key
// surt 0.3.1 gives it, or the exception it raises.
type vector struct {
	Line  int    `json:"-"`
	In    string `json:"in"`
	SURT  string `json:"surt"`
	Error string `json:"error"`
}

// vectorCount is the number of lines testdata/surt/SOURCE promises.
const vectorCount = 3486

// readVectors returns the vectors, checking them against the sha256 that
// testdata/surt/SOURCE gives: missing or altered data fails the test.
func readVectors(tb testing.TB) []vector {
	tb.Helper()
	data := testfiles.ReadPinned(tb, "surt", "vectors.jsonl", "SOURCE")
	var vs []vector
	n := 0
	for line := range bytes.Lines(data) {
		n++
		var v vector
		if err := json.Unmarshal(line, &v); err != nil {
			tb.Fatalf("testdata/surt/vectors.jsonl:%d: %v", n, err)
		}
		if (v.Error == "") == (v.SURT == "") {
			tb.Fatalf("testdata/surt/vectors.jsonl:%d: want one of surt and error", n)
		}
		v.Line = n
		vs = append(vs, v)
	}
	if len(vs) != vectorCount {
		tb.Fatalf("testdata/surt/vectors.jsonl: %d vectors, want %d", len(vs), vectorCount)
	}
	return vs
}

// vectorFailures are the vectors Key is known to get wrong, by input, with
// the reason. A vector listed here that passes fails the test, so that the
// list only shrinks.
var vectorFailures = map[string]string{}

// TestVectors runs every vector of testdata/surt/vectors.jsonl.
func TestVectors(t *testing.T) {
	passed := 0
	for _, v := range readVectors(t) {
		got, err := Key(v.In)
		var msg string
		switch {
		case v.Error != "" && err == nil:
			msg = fmt.Sprintf("Key(%q) = %q, want an error (surt raises %s)", v.In, got, v.Error)
		case v.Error != "" && v.Error == "ValueError" && !errors.Is(err, ErrInvalidPort):
			msg = fmt.Sprintf("Key(%q) error %v, want ErrInvalidPort (surt raises ValueError)", v.In, err)
		case v.Error != "" && v.Error == "AttributeError" && !errors.Is(err, ErrBlank):
			msg = fmt.Sprintf("Key(%q) error %v, want ErrBlank (surt raises AttributeError)", v.In, err)
		case v.Error == "" && err != nil:
			msg = fmt.Sprintf("Key(%q) error %v, want %q", v.In, err, v.SURT)
		case v.Error == "" && got != v.SURT:
			msg = fmt.Sprintf("Key(%q) = %q, want %q", v.In, got, v.SURT)
		}
		reason, known := vectorFailures[v.In]
		switch {
		case msg != "" && !known:
			t.Errorf("line %d: %s", v.Line, msg)
		case msg == "" && known:
			t.Errorf("line %d: Key(%q) passes, but vectorFailures says it fails (%s): take it out", v.Line, v.In, reason)
		case msg == "":
			passed++
		}
	}
	t.Logf("%d of %d vectors pass", passed, vectorCount)
}
