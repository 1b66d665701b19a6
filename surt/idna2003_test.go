// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
)

// python3 returns the path of a python3 whose unicodedata is Unicode 14.0.0
// (CPython 3.11, the Python of gen_idna2003.py and of surt's vectors), or
// skips the test saying why there is none.
func python3(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("skipping python3 in short mode")
	}
	path, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("skipping: python3 is not on this machine (gen_idna2003.py needs CPython 3.11)")
	}
	out, err := exec.Command(path, "-c", "import sys, unicodedata; print(unicodedata.unidata_version, sys.version.split()[0])").Output()
	if err != nil {
		t.Skipf("skipping: %s cannot run: %v", path, err)
	}
	f := strings.Fields(string(out))
	if len(f) != 2 || f[0] != "14.0.0" {
		t.Skipf("skipping: %s is Python %s with unicodedata %s; the tables come from CPython 3.11 (unicodedata 14.0.0)", path, f[len(f)-1], f[0])
	}
	return path
}

// TestIDNATablesGenerated checks that idna2003_tables.go is what
// gen_idna2003.py writes.
func TestIDNATablesGenerated(t *testing.T) {
	py := python3(t)
	want, err := os.ReadFile("idna2003_tables.go")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, "gen_idna2003.py")
	cmd.Stderr = os.Stderr
	got, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 gen_idna2003.py: %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("idna2003_tables.go is not what gen_idna2003.py writes: run go generate ./surt")
	}
}

// pythonIDNA is the reference the tests run: for each line of standard input,
// a JSON string, it writes a JSON array of the string's NFKC under
// ucd_3_2_0 and its encoding by the "idna" codec (null where that raises).
const pythonIDNA = `
import json, sys, unicodedata
for line in sys.stdin:
    s = json.loads(line)
    try:
        a = s.encode("idna").decode("ascii")
    except UnicodeError:
        a = None
    print(json.dumps([unicodedata.ucd_3_2_0.normalize("NFKC", s), a]))
`

// idnaSamples returns the strings the Python cross-check runs: every code
// point of planes 0 and 1, of the CJK compatibility ideographs and of the
// tags and variation selectors, some of planes 2 and 3 (each as a label of
// its own, and after "a"), and strings drawn at random from code points that
// matter to nameprep and NFKC.
func idnaSamples() []string {
	var out []string
	add := func(lo, hi, step rune) {
		for r := lo; r <= hi; r += step {
			if 0xD800 <= r && r <= 0xDFFF {
				continue
			}
			out = append(out, string(r), "a"+string(r))
		}
	}
	add(0x80, 0x1FFFF, 1)
	add(0x20000, 0x3FFFF, 61) // CJK ideographs, their compatibility forms and unassigned code points
	add(0x2F800, 0x2FA1F, 1)
	add(0xE0000, 0xE01EF, 1)
	add(0xF0000, 0xF0010, 1)
	add(0x10FFF0, 0x10FFFF, 1)

	// Interesting code points: combining marks, composition pairs, Hangul
	// jamo and syllables, decompositions, table B.1, bidi, dots.
	var pool []rune
	for _, c := range combiningClasses {
		for r := c.lo; r <= c.hi && r < c.lo+8; r++ {
			pool = append(pool, r)
		}
	}
	for _, c := range compositions {
		pool = append(pool, c.a, c.b, c.c)
	}
	for _, e := range decomposeStrings[:200] {
		pool = append(pool, e.r)
	}
	for _, e := range nameprepStrings {
		pool = append(pool, e.r)
	}
	pool = append(pool,
		0x1100, 0x1112, 0x1161, 0x1175, 0x1176, 0x11A7, 0x11A8, 0x11C2, 0x11C3, 0xAC00, 0xAC01, 0xD7A3,
		0x05D0, 0x05EA, 0x0627, 0x0661, 0x200F, 0x0041, 0x005A, 0x0030, 0x002D,
		'.', 0x3002, 0xFF0E, 0xFF61, 'x', 'n', '-', 0x00DF, 0x0130, 0x03A3, 0xFB01, 0x1E9E)
	rng := rand.New(rand.NewPCG(23, 2003))
	for range 50000 {
		n := 1 + rng.IntN(6)
		var b strings.Builder
		for range n {
			b.WriteRune(pool[rng.IntN(len(pool))])
		}
		out = append(out, b.String())
	}
	return out
}

// TestIDNAAgainstPython checks nfkc and toASCII against CPython, on
// [idnaSamples].
func TestIDNAAgainstPython(t *testing.T) {
	if raceEnabled {
		t.Skip("skipping the Python cross-check under the race detector: no goroutines, and slow")
	}
	py := python3(t)
	samples := idnaSamples()
	var in bytes.Buffer
	for _, s := range samples {
		b, _ := json.Marshal(s)
		in.Write(b)
		in.WriteByte('\n')
	}
	cmd := exec.Command(py, "-c", pythonIDNA)
	cmd.Stdin = &in
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	failures := 0
	for i := 0; sc.Scan(); i++ {
		if i >= len(samples) {
			t.Fatal("python3 wrote more lines than it read")
		}
		var want [2]*string
		if err := json.Unmarshal(sc.Bytes(), &want); err != nil {
			t.Fatal(err)
		}
		s := samples[i]
		if got := string(nfkc([]rune(s))); got != *want[0] {
			t.Errorf("nfkc(%+q) = %+q, want %+q", s, got, *want[0])
			failures++
		}
		a, ok := toASCII([]byte(s))
		switch {
		case want[1] == nil && ok:
			t.Errorf("toASCII(%+q) = %q, want a failure", s, a)
			failures++
		case want[1] != nil && !ok:
			t.Errorf("toASCII(%+q) fails, want %q", s, *want[1])
			failures++
		case want[1] != nil && string(a) != *want[1]:
			t.Errorf("toASCII(%+q) = %q, want %q", s, a, *want[1])
			failures++
		}
		if failures > 20 {
			t.Fatal("too many failures")
		}
	}
	t.Logf("%d strings checked against %s", len(samples), py)
}

// TestPunycode checks appendPunycode against the samples of RFC 3492
// section 7.1 (lowercased: the RFC's mixed-case annotations aside).
func TestPunycode(t *testing.T) {
	tests := []struct{ in, want string }{
		// (A) Arabic (Egyptian).
		{"\u0644\u064A\u0647\u0645\u0627\u0628\u062A\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064A\u061F", "egbpdaj6bu4bxfgehfvwxn"},
		// (B) Chinese (simplified).
		{"\u4ED6\u4EEC\u4E3A\u4EC0\u4E48\u4E0D\u8BF4\u4E2D\u6587", "ihqwcrb4cv8a8dqg056pqjye"},
		// (D) Czech.
		{"Pro\u010Dprost\u011Bnemluv\u00ED\u010Desky", "Proprostnemluvesky-uyb24dma41a"},
		// (L) 3<nen>B<gumi><kinpachi><sensei>.
		{"3\u5E74B\u7D44\u91D1\u516B\u5148\u751F", "3B-ww4c5e180e575a65lsy2b"},
		// (S) -> $1.00 <-, all basic.
		{"-> $1.00 <-", "-> $1.00 <--"},
		// Only non-basic code points: no delimiter.
		{"ü", "tda"},
		{"bücher", "bcher-kva"},
	}
	for _, tt := range tests {
		if got := string(appendPunycode(nil, []rune(tt.in))); got != tt.want {
			t.Errorf("appendPunycode(%+q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestToASCII checks the codec's rules, one case each.
func TestToASCII(t *testing.T) {
	const fails = "(fails)"
	tests := []struct{ in, want string }{
		{"bücher.de", "xn--bcher-kva.de"},
		{"BÜCHER.de", "xn--bcher-kva.de"},      // nameprep lowercases (table B.2)
		{"BÜCHER.DE", "xn--bcher-kva.DE"},      // an ASCII label is left as it is
		{"faß.de", "fass.de"},                  // IDNA2003 maps ß to ss
		{"ｅｘａｍｐｌｅ．ｃｏｍ", "example.com"},         // NFKC, and U+FF0E separates labels
		{"a。b｡c.ü", "a.b.c.xn--tda"},           // the four dots
		{"ü.", "xn--tda."},                     // a final dot is kept
		{"ü..", fails},                         // an empty label
		{".ü", fails},                          // an empty first label
		{"a\u00ADb.ü", "ab.xn--tda"},           // table B.1 maps to nothing
		{"\u00AD.ü", fails},                    // ... which can leave a label empty
		{"a\u00A0b.ü", "a b.xn--tda"},          // NFKC gives an ASCII space, allowed without STD3 rules
		{"a\uFDD0.ü", fails},                   // a noncharacter is prohibited (C.4)
		{"\uFFFD.ü", fails},                    // the replacement character is prohibited (C.6)
		{"a\u0221.ü", "xn--a-4xa.xn--tda"},     // unassigned in Unicode 3.2, allowed
		{"\u05D0\u05D1.ü", "xn--4dbc.xn--tda"}, // right to left
		{"\u05D0a\u05D1.ü", fails},             // RandAL with L (bidi requirement 2)
		{"\u05D01.ü", fails},                   // RandAL not last (bidi requirement 3)
		{"xn--ü", fails},                       // the ACE prefix on a non-ASCII label
		{"XN--ü", fails},                       // ... after lowercasing
		{strings.Repeat("a", 63) + ".ü", strings.Repeat("a", 63) + ".xn--tda"},
		{strings.Repeat("a", 64) + ".ü", fails},      // a label of 64 bytes
		{strings.Repeat("ü", 58), fails},             // an ACE label of 64 bytes and more
		{"a\xffb.c", "ab.c"},                         // invalid UTF-8 is dropped, leaving ASCII
		{"a\xff..c", fails},                          // ... which the fast path checks
		{"\xff", ""},                                 // nothing left: the empty name
		{"\u1100\u1161\u11A8.ü", "xn--p39a.xn--tda"}, // conjoining jamo compose
	}
	for _, tt := range tests {
		got, ok := toASCII([]byte(tt.in))
		switch {
		case tt.want == fails && ok:
			t.Errorf("toASCII(%+q) = %q, want a failure", tt.in, got)
		case tt.want != fails && (!ok || string(got) != tt.want):
			t.Errorf("toASCII(%+q) = %q, %v, want %q", tt.in, got, ok, tt.want)
		}
	}
}

// TestTablesSorted checks what the lookups of the generated tables assume:
// sorted, disjoint entries.
func TestTablesSorted(t *testing.T) {
	check := func(name string, los, his []rune) {
		for i := range los {
			if los[i] > his[i] || i > 0 && his[i-1] >= los[i] {
				t.Errorf("%s: entry %d (%#x-%#x) is out of order", name, i, los[i], his[i])
			}
		}
	}
	spans := func(name string, s []span) {
		var lo, hi []rune
		for _, x := range s {
			lo, hi = append(lo, x.lo), append(hi, x.hi)
		}
		check(name, lo, hi)
	}
	spans("prohibited", prohibited[:])
	spans("bidiRandAL", bidiRandAL[:])
	spans("bidiL", bidiL[:])
	for name, s := range map[string][]shift{"nameprepShifts": nameprepShifts[:], "decomposeShifts": decomposeShifts[:]} {
		var lo, hi []rune
		for _, x := range s {
			lo, hi = append(lo, x.lo), append(hi, x.hi)
			if x.stride < 1 || (x.hi-x.lo)%x.stride != 0 {
				t.Errorf("%s: bad stride in %v", name, x)
			}
		}
		check(name, lo, hi)
	}
	for name, s := range map[string][]expansion{"nameprepStrings": nameprepStrings[:], "decomposeStrings": decomposeStrings[:]} {
		var lo []rune
		for _, x := range s {
			lo = append(lo, x.r)
			if !utf8.ValidString(x.s) {
				t.Errorf("%s: %#x maps to invalid UTF-8", name, x.r)
			}
		}
		check(name, lo, lo)
	}
	var lo, hi []rune
	for _, x := range combiningClasses {
		lo, hi = append(lo, x.lo), append(hi, x.hi)
	}
	check("combiningClasses", lo, hi)
	for i := 1; i < len(compositions); i++ {
		a, b := compositions[i-1], compositions[i]
		if a.a > b.a || a.a == b.a && a.b >= b.b {
			t.Errorf("compositions: entry %d is out of order", i)
		}
	}
}
