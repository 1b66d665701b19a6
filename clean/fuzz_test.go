// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/testfiles"
	"github.com/onecontact/webaddress/internal/urlchars"
)

// fuzzCleanOptions derives cleaning options from seed: each option
// sometimes one past its last value, and so invalid.
func fuzzCleanOptions(seed uint64) CleanOptions {
	var o CleanOptions
	for _, f := range o.optionFields() {
		n := uint64(len(f.values) + 1)
		*f.value = uint8(seed % n)
		seed /= n
	}
	if seed%4 != 0 {
		n := int(seed%4) - 2 // -1, 0 or 1
		o.SubdomainLevelsToKeep = &n
	}
	seed /= 4
	o.SortParams, o.ParamsCaseSensitive, o.DecodePlus = seed&1 != 0, seed&2 != 0, seed&4 != 0
	seed >>= 3
	patterns := [][]string{nil, {"id"}, {"utm_*", "*id", "Q"}, {"*"}, {""}}
	o.ParamsKeep = patterns[seed%uint64(len(patterns))]
	seed /= uint64(len(patterns))
	o.ParamsDrop = patterns[seed%uint64(len(patterns))]
	return o
}

// FuzzClean checks that Clean never panics, returns a *Error exactly
// when its status is "error", and gives consistent components; that it
// is deterministic; and that a Cleaner agrees with it.
func FuzzClean(f *testing.F) {
	for i, s := range testfiles.FuzzSeeds {
		f.Add(s, uint64(i)*0x9E3779B97F4A7C15)
	}
	for _, tt := range cleanTests {
		f.Add(tt.in, uint64(len(tt.opts))*0x2545F4914F6CDD1D)
	}
	f.Fuzz(func(t *testing.T, input string, seed uint64) {
		opts := fuzzCleanOptions(seed)
		c, err := Clean(input, opts)
		if c.Original != input || c.Err != err {
			t.Fatalf("Clean(%q, %+v) = %+v, %v: Original or Err wrong", input, opts, c, err)
		}
		if err != nil {
			var ce *webaddress.Error
			if !errors.As(err, &ce) || c != (Cleaned{Original: input, Status: StatusError, Err: err}) || ce.Error() == "" {
				t.Fatalf("Clean(%q, %+v) = %+v, %v", input, opts, c, err)
			}
		} else {
			switch c.Status {
			case StatusOK, StatusOKFTP, StatusOKSchemeRelative, StatusNoTLD, StatusInvalidTLD, StatusPublicSuffix:
			default:
				t.Fatalf("Clean(%q, %+v): status %q", input, opts, c.Status)
			}
			if (c.Host == "") != (c.CleanURL == "") || !strings.Contains(c.CleanURL, c.Host) ||
				c.Domain != "" && !strings.HasSuffix(c.Domain, c.TLD) || c.Domain != "" && c.TLD == "" ||
				c.IsIPHost && (c.Domain != "" || c.TLD != "") || !utf8.ValidString(c.CleanURL) {
				t.Fatalf("Clean(%q, %+v) = %+v: components disagree", input, opts, c)
			}
			// The port and the query are in clean_url only when asked for.
			rest := c.CleanURL // from the host on
			if i := strings.Index(rest, "://"); i >= 0 && strings.EqualFold(rest[:i], c.Scheme) || c.Scheme == "" && i >= 0 && !strings.HasPrefix(rest, c.Host) {
				rest = rest[i+len("://"):]
			}
			hasPort := strings.HasPrefix(rest, c.Host+":")
			if c.Host != "" && (hasPort && (c.Port == "" || opts.Port == PortExclude || opts.Port == PortStripAll) ||
				!hasPort && opts.Port == PortKeep && c.Port != "") {
				t.Fatalf("Clean(%q, %+v) = %+v: the port in clean_url", input, opts, c)
			}
			if opts.Query == QueryDrop && opts.PathEncoding != PathEncodingDecode && strings.Contains(c.CleanURL, "?") {
				t.Fatalf("Clean(%q, %+v) = %+v: a query in clean_url", input, opts, c)
			}
			// The host in the case asked for.
			if opts.Case == CaseLowerHost && c.Host != strings.ToLower(c.Host) ||
				opts.HostEncoding == HostEncodingIDNA && !c.IsIPHost && !urlchars.IsASCII(c.Host) {
				t.Fatalf("Clean(%q, %+v) = %+v: host", input, opts, c)
			}
		}
		// The path as typed is the URL Standard's but for the encoding of
		// what is not ASCII.
		if _, diff := typedPathDiffers(input); diff != "" {
			t.Fatalf("%q: %s", input, diff)
		}
		again, err2 := NewCleaner(opts, 1).Clean(input)
		if !sameCleaned(c, again) || (err == nil) != (err2 == nil) {
			t.Fatalf("Clean(%q, %+v) = %+v, then %+v", input, opts, c, again)
		}
	})
}
