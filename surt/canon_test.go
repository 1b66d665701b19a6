// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// randomString returns a string of 0 to max bytes drawn from alphabet.
func randomString(rng *rand.Rand, alphabet string, max int) string {
	b := make([]byte, rng.IntN(max+1))
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// slowUnescape is the definition of repeated unescaping: decode every
// "%XX" in one pass from the left, and again, until nothing changes.
func slowUnescape(s string) string {
	for {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if s[i] == '%' && i+2 < len(s) && unhex(s[i+1]) >= 0 && unhex(s[i+2]) >= 0 {
				b.WriteByte(byte(unhex(s[i+1])<<4 | unhex(s[i+2])))
				i += 2
				continue
			}
			b.WriteByte(s[i])
		}
		if b.String() == s {
			return s
		}
		s = b.String()
	}
}

// TestUnescape checks appendUnescaped, table-driven and against
// slowUnescape.
func TestUnescape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"%41%62", "Ab"},
		{"%2541", "A"},
		{"%252541", "A"},
		{"%%41", "%A"},
		{"%%34%31", "A"}, // "%" then "41" decoded from two escapes
		{"%2%35", "%"},
		{"%zz%4", "%zz%4"},
		{"%", "%"},
		{"%00%ff", "\x00\xff"},
	}
	for _, tt := range tests {
		if got := string(appendUnescaped(nil, tt.in)); got != tt.want {
			t.Errorf("appendUnescaped(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		s := randomString(rng, "%%%2345aAfFgz", 16)
		if got, want := string(appendUnescaped([]byte("x"), s)[1:]), slowUnescape(s); got != want {
			t.Fatalf("appendUnescaped(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestEscape checks appendEscapedLower on every byte: Google's
// canonicalizer escapes bytes up to the space, "#", "%", DEL and bytes from
// 0x80, and nothing else ("\"", "<", "?" and the like stay); letters are
// lowercased.
func TestEscape(t *testing.T) {
	for c := 0; c < 256; c++ {
		var want string
		switch {
		case c <= 0x20, c == '#', c == '%', c >= 0x7F:
			want = fmt.Sprintf("%%%02x", c)
		case 'A' <= c && c <= 'Z':
			want = string(rune(c + 'a' - 'A'))
		default:
			want = string(rune(c))
		}
		if got := string(appendEscapedLower(nil, []byte{byte(c)})); got != want {
			t.Errorf("appendEscapedLower(%q) = %q, want %q", []byte{byte(c)}, got, want)
		}
	}
	// escapeLowerInPlace does the same after a prefix, in place.
	all := make([]byte, 0, 256)
	for c := 0; c < 256; c++ {
		all = append(all, byte(c))
	}
	for _, in := range [][]byte{all, []byte("/A%b c/"), []byte("plain"), nil} {
		want := string(appendEscapedLower([]byte("Pre)"), in))
		if got := string(escapeLowerInPlace(append([]byte("Pre)"), in...), 4)); got != want {
			t.Errorf("escapeLowerInPlace(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestInetAton checks inetAton one form at a time.
func TestInetAton(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when inet_aton rejects it or the patterns do not match
	}{
		{"1", "0.0.0.1"},
		{"1.2", "1.0.0.2"},
		{"1.2.3", "1.2.0.3"},
		{"1.2.3.4", "1.2.3.4"},
		{"1.2.3.4.5", ""},
		{"0", "0.0.0.0"},
		{"0377.0377.0377.0377", "255.255.255.255"},
		{"0400.0.0.0", ""},
		{"1.0377", "1.0.0.255"},
		{"1.099", ""},
		{"1.99", "1.0.0.99"},
		{"09", ""},
		{"0.9", ""},
		{"4294967295", "255.255.255.255"},
		{"4294967296", ""},
		{"1.16777215", "1.255.255.255"},
		{"1.16777216", ""},
		{"1.2.65535", "1.2.255.255"},
		{"1.2.65536", ""},
		{"1.2.3.256", ""},
		{"256.2.3.4", ""},
		{"1..2", ""},
		{"1.", ""},
		{".1", ""},
		{"1.a", ""},
		{"0x1", ""},
		{"99999999999999999999999.1", ""},
	}
	for _, tt := range tests {
		v, ok := inetAton([]byte(tt.in))
		got := ""
		if ok {
			got = string(appendQuad(nil, v))
		}
		if got != tt.want {
			t.Errorf("inetAton(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRemoveParam checks removeParam against Go's regexp on random lowercase
// ASCII queries, where (?i) folds no more than Python's byte regexes do.
func TestRemoveParam(t *testing.T) {
	patterns := []struct {
		name  string
		value valueKind
		re    *regexp.Regexp
	}{
		{"sid=", alnum32, regexp.MustCompile(`^(.*)(?:sid=[0-9a-z]{32})(?:&(.*))?$`)},
		{"aspsessionid", aspSession, regexp.MustCompile(`^(.*)(?:aspsessionid[a-z]{8}=[a-z]{24})(?:&(.*))?$`)},
		{"cfid=", 0, regexp.MustCompile(`^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$`)},
	}
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"sid=", "sid=0123456789abcdef0123456789abcdef", "0123456789abcdef", "&", "=", "a", "1", "cfid=", "&cftoken=", "x", "aspsessionid", "abcdefgh=", "abcdefghijklmnopqrstuvwx"}
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(8) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		q := b.String()
		for _, p := range patterns {
			want := q
			if m := p.re.FindStringSubmatch(q); m != nil {
				want = m[1] + m[2]
			}
			var got string
			if p.name == "cfid=" {
				got = string(removeCFID([]byte(q)))
			} else {
				got = string(removeParam([]byte(q), p.name, p.value))
			}
			if got != want {
				t.Fatalf("removeParam(%q, %q) = %q, want %q", q, p.name, got, want)
			}
		}
	}
}

// TestStripASPNET checks stripASPNET against Go's regexp on random
// lowercase paths.
func TestStripASPNET(t *testing.T) {
	re1 := regexp.MustCompile(`^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$`)
	re2 := regexp.MustCompile(`^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$`)
	slow := func(p string) string {
		for _, re := range []*regexp.Regexp{re1, re2} {
			if m := re.FindStringSubmatch(p); m != nil {
				p = m[1] + m[3]
			}
		}
		return p
	}
	const id = "(0123456789abcdefghijklmn)"
	pieces := []string{"/", "(", ")", "s", id, "s" + id, "a.aspx", ".aspx", ".", "?", "x", id[:25]}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(14) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		p := b.String()
		if got, want := string(stripASPNET([]byte(p))), slow(p); got != want {
			t.Fatalf("stripASPNET(%q) = %q, want %q", p, got, want)
		}
	}
}
