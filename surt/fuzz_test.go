// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt

import (
	"errors"
	"strings"
	"testing"
)

// fuzzSeeds are inputs of shapes the vectors have few of.
var fuzzSeeds = []string{
	"http://%C3%BC%FF..de/",               // invalid UTF-8 in a non-ASCII host
	"http://\u05D0\u05D1.\u0627/",         // right-to-left labels
	"http://a\u0301\u0323\u0307.com/",     // marks to reorder and compose
	"http://\u1100\u1161\u11A8\uAC00.kr/", // jamo and syllables
	"http://x/(S(4hqa0555fwsecu455xqckv45))/a.aspx?JSESSIONID=0123456789abcdef0123456789abcdef",
	"http://x/?cfid=1&cftoken=2&sid=0123456789abcdef0123456789abcdef",
	"http://0377.0x1.010/",                   // inet_aton look-alikes
	"http://[::1%25eth0]:0080/",              // a bracketed host with a zone
	"filedesc://x.arc#not a fragment",        // passed through as it is
	"\t http://http://https://x.com:443#f\n", // trimming and collapsing
	"http:%2F%2Fx/%2e%2e/%252e%252E/",        // escapes of dots and slashes
}

// FuzzKey checks that Key never panics, is deterministic, and never keeps
// a fragment: a key of an input that does not start with "filedesc" is
// printable ASCII without "#" (whatever the input's bytes), and what
// follows the first "#" of an input does not change its key.
func FuzzKey(f *testing.F) {
	for _, v := range readVectors(f) {
		f.Add(v.In, "")
	}
	for _, s := range fuzzSeeds {
		f.Add(s, "frag")
	}
	f.Fuzz(func(t *testing.T, in, frag string) {
		key, err := Key(in)
		key2, err2 := Key(in)
		if key != key2 || (err == nil) != (err2 == nil) || err != nil && err.Error() != err2.Error() {
			t.Fatalf("Key(%q) = %q, %v then %q, %v", in, key, err, key2, err2)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Input != in || !errors.Is(err, ErrInvalidPort) && !errors.Is(err, ErrBlank) {
				t.Fatalf("Key(%q) error %#v, want an *Error", in, err)
			}
			if key != "" {
				t.Fatalf("Key(%q) = %q with an error", in, key)
			}
		}
		if strings.HasPrefix(in, "filedesc") {
			if key != in || err != nil {
				t.Fatalf("Key(%q) = %q, %v, want the input", in, key, err)
			}
			return
		}
		for i := 0; i < len(key); i++ {
			if c := key[i]; c <= ' ' || c == '#' || c >= 0x7F {
				t.Fatalf("Key(%q) = %q has %q at %d", in, key, c, i)
			}
		}

		// The fragment: after the first "#", nothing counts.
		base := in
		if i := strings.IndexByte(in, '#'); i >= 0 {
			base = in[:i]
		}
		want, wantErr := Key(base + "#")
		got, gotErr := Key(base + "#" + frag)
		if got != want || !sameError(gotErr, wantErr) {
			t.Fatalf("Key(%q) = %q, %v, but Key(%q) = %q, %v", base+"#"+frag, got, gotErr, base+"#", want, wantErr)
		}
	})
}

// sameError reports whether a and b are both nil or both *Error with the
// same Err and At.
func sameError(a, b error) bool {
	var ea, eb *Error
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return errors.As(a, &ea) && errors.As(b, &eb) && ea.Err == eb.Err && ea.At == eb.At
}
