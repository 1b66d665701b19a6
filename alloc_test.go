// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"github.com/onecontact/webaddress/internal/urlchars"
	"strings"
	"testing"
)

// The allocation budgets of issue 7, counted with testing.AllocsPerRun on
// the corpus (allocation counts are deterministic; times are measured by
// the benchmarks, never asserted here). Budgets that need no corpus are
// in TestNoAllocs (url_test.go) and TestProfileNoAllocs (social_test.go).
// Those that count the parser's pooled buffers run only without the race
// detector (.ci/run runs the tests both ways), which makes sync.Pool drop
// buffers at random.

func skipUnderRace(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts: not under the race detector, which makes sync.Pool drop buffers")
	}
}

// TestAllocsParseURLCorpus: ParseURL with Href makes at most one
// allocation per URL (the href), and none when the input is already its
// href. A failure allocates its *ParseError, and one more value when the
// host parser failed.
func TestAllocsParseURLCorpus(t *testing.T) {
	skipUnderRace(t)
	for _, name := range corpusFiles {
		var same []string
		changed, failed := 0, 0
		for _, l := range readCorpus(t, name) {
			u, err := ParseURL(l)
			if err == nil && u.Href() == l {
				same = append(same, l)
				continue
			}
			want := 1
			if err != nil {
				want = 2
				failed++
			} else {
				changed++
			}
			// 10 runs: AllocsPerRun rounds down, so a sync.Pool refilling
			// after a garbage collection does not count.
			if n := testing.AllocsPerRun(10, func() {
				if u, err := ParseURL(l); err == nil {
					sinkString = u.Href()
				}
			}); n > float64(want) {
				t.Errorf("%s: ParseURL(%q): %v allocations, want at most %d", name, l, n, want)
			}
		}
		// Runs over all of them at once: the count is the total.
		if n := testing.AllocsPerRun(3, func() {
			for _, l := range same {
				u, _ := ParseURL(l)
				sinkString = u.Href()
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations over the %d inputs that are their own href, want 0", name, n, len(same))
		}
		t.Logf("%s: %d inputs are their own href, %d are not, %d fail", name, len(same), changed, failed)
	}
}

// TestOnlyNonASCIIHostsReachIDNA: x/net/idna's ToASCII runs only for hosts
// with a code point that is not ASCII (or a percent-encoded byte, which
// may decode to one); an ASCII host is lowercased and checked in one pass.
func TestOnlyNonASCIIHostsReachIDNA(t *testing.T) {
	calls := 0
	saved := domainToASCII
	domainToASCII = func(s string) (string, error) {
		calls++
		return saved(s)
	}
	defer func() { domainToASCII = saved }()
	old := asciiDomains
	asciiDomains = nil // every call reaches idna
	defer func() { asciiDomains = old }()

	if ParseURL("https://münchen.example/"); calls != 1 {
		t.Fatalf("a non-ASCII host: %d calls into idna, want 1", calls)
	}
	reached := 0
	for _, name := range corpusFiles {
		for _, l := range readCorpus(t, name) {
			calls = 0
			ParseURL(l)
			Parse(l)
			if calls == 0 {
				continue
			}
			reached++
			if urlchars.IsASCII(l) && !strings.Contains(l, "%") {
				t.Errorf("%s: %q is ASCII without escapes but reached idna %d times", name, l, calls)
			}
		}
	}
	if reached == 0 {
		t.Errorf("no corpus line reached idna: the counter is not wired")
	}
	t.Logf("%d corpus lines reached idna", reached)
}

// TestAllocsParseAndKeyCorpus: Parse of an http or https address already in
// its canonical form (its own href, no tracking parameter, no fragment)
// allocates nothing; AppendKey into a reused buffer then allocates at most
// the one value that x/net/publicsuffix's IP check allocates per look-up,
// and nothing for a host of one or two labels, which needs no look-up.
func TestAllocsParseAndKeyCorpus(t *testing.T) {
	skipUnderRace(t)
	for _, name := range corpusFiles {
		var canonical, short []string
		for _, l := range readCorpus(t, name) {
			a, err := Parse(l)
			if err != nil || !a.IsWebsite() || a.Canonical() != l || a.URL().Href() != l {
				continue
			}
			canonical = append(canonical, l)
			if h := a.URL().Hostname(); strings.Count(strings.TrimSuffix(h, "."), ".") <= 1 {
				short = append(short, l)
			}
		}
		if n := testing.AllocsPerRun(3, func() {
			for _, l := range canonical {
				a, _ := Parse(l)
				sinkString = a.Canonical()
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations to Parse the %d canonical addresses, want 0", name, n, len(canonical))
		}
		var buf []byte
		for _, v := range []KeyVersion{KeyV1, KeyV2} {
			if n := testing.AllocsPerRun(3, func() {
				for _, l := range canonical {
					a, _ := Parse(l)
					buf = a.AppendKey(buf[:0], v, LevelPage)
				}
			}); n > float64(len(canonical)) {
				t.Errorf("%s: %v allocations to key the %d canonical addresses with %v, want at most one each", name, n, len(canonical), v)
			}
			if n := testing.AllocsPerRun(3, func() {
				for _, l := range short {
					a, _ := Parse(l)
					buf = a.AppendKey(buf[:0], v, LevelPage)
				}
			}); n != 0 {
				t.Errorf("%s: %v allocations to key the %d addresses of two labels with %v, want 0", name, n, len(short), v)
			}
		}
		t.Logf("%s: %d canonical addresses, %d of them of two labels", name, len(canonical), len(short))
	}
}

// TestAllocsTrackingParams checks the allocations of tracking parameters
// removed: none when they come after every parameter kept (the canonical
// form is a prefix of the href), one string when a parameter kept follows
// one, and one slice for RemovedParams.
func TestAllocsTrackingParams(t *testing.T) {
	skipUnderRace(t)
	tests := []struct {
		in     string
		allocs float64
	}{
		{"https://example.com/p?a=1&utm_source=x&gclid=y#f", 0},
		{"https://example.com/p?utm_source=x", 0},
		{"https://example.com/p?utm_source=x&a=1&gclid=y", 1},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(10, func() {
			a, _ := Parse(tt.in)
			sinkString = a.Canonical()
		}); n != tt.allocs {
			t.Errorf("Parse(%q): %v allocations, want %v", tt.in, n, tt.allocs)
		}
		a := MustParse(t, tt.in)
		if n := testing.AllocsPerRun(10, func() { _ = a.RemovedParams() }); n != 1 {
			t.Errorf("RemovedParams of %q: %v allocations, want 1", tt.in, n)
		}
	}
}

// TestAllocsTyped checks that an address typed without a scheme costs one
// allocation, its href with the scheme assumed (and the "/" of an empty
// path) in front of the input; one typed with its scheme and path none.
func TestAllocsTyped(t *testing.T) {
	skipUnderRace(t)
	for in, want := range map[string]float64{
		"example.com":              1,
		"www.example.co.uk":        1,
		"example.com/about?a=1":    1,
		"https://www.example.com":  1,
		"https://www.example.com/": 0,
	} {
		if n := testing.AllocsPerRun(10, func() {
			a, _ := Parse(in)
			sinkString = a.Canonical()
		}); n != want {
			t.Errorf("Parse(%q): %v allocations, want %v", in, n, want)
		}
	}
}
