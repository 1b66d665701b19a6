// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// keyTests pin each KeyV1 rule.
var keyTests = []struct{ in, want string }{
	// The example: one key for two spellings of one page.
	{"http://www.Example.com/About/index.html?b=2&a=1&utm_source=x#team", "example.com/about?a=1&b=2"},
	{"example.com/about/?a=1&b=2", "example.com/about?a=1&b=2"},
	// Scheme: left out for http and https, kept otherwise.
	{"http://example.com/", "example.com"},
	{"https://example.com/", "example.com"},
	{"ftp://example.com/pub", "ftp://example.com/pub"},
	{"wss://chat.example.com/", "wss://example.com"},
	{"git://Host.Example/x", "git://Host.Example/x"},
	{"file:///etc/hosts", "file:///etc/hosts"},
	{"file://server/share", "file://server/share"},
	// Registrable domain, private section included.
	{"www.bbc.co.uk", "bbc.co.uk"},
	{"a.b.c.example.com", "example.com"},
	{"foo.github.io", "foo.github.io"},
	{"www.foo.github.io", "foo.github.io"},
	{"github.io", "github.io"},
	{"co.uk", "co.uk"},
	{"example.com.", "example.com"},
	{"www.example.com.:8080", "example.com:8080"},
	{"localhost:3000/x", "localhost:3000/x"},
	{"intranet/x", "intranet/x"},
	{"b.c.kobe.jp", "b.c.kobe.jp"},
	{"www.b.c.kobe.jp", "b.c.kobe.jp"},
	{"www.bücher.de", "xn--bcher-kva.de"},
	{"shop.例え.jp", "xn--r8jz45g.jp"},
	{"www.example.unlisted", "example.unlisted"},
	// IP hosts are kept whole.
	{"http://192.168.0.1/a", "192.168.0.1/a"},
	{"0x7f.1", "127.0.0.1"},
	{"[2001:DB8::1]:8443/x", "[2001:db8::1]:8443/x"},
	// Ports: the default is already gone; others stay.
	{"http://example.com:80/", "example.com"},
	{"https://example.com:80/", "example.com:80"},
	{"example.com:443", "example.com"},
	// Path.
	{"example.com/%41bc", "example.com/abc"},
	{"example.com/ABC", "example.com/abc"},
	{"example.com/abc", "example.com/abc"},
	{"example.com/%e2%82%ac", "example.com/%E2%82%AC"},
	{"example.com/%7e%2D%2e%5f", "example.com/~-._"},
	{"example.com/a%2fb", "example.com/a%2Fb"},
	{"example.com//a///b//", "example.com/a/b"},
	{"example.com/", "example.com"},
	{"example.com/index.html", "example.com"},
	{"example.com/INDEX.HTM", "example.com"},
	{"example.com/a/index.php", "example.com/a"},
	{"example.com/a/Default.aspx", "example.com/a"},
	{"example.com/a/default.asp?x=1", "example.com/a?x=1"},
	{"example.com/index.html/a", "example.com/index.html/a"},
	{"example.com/a/index.jsp", "example.com/a/index.jsp"},
	{"example.com/a/myindex.html", "example.com/a/myindex.html"},
	// Query: tracking and empty parameters gone, the rest sorted.
	{"example.com/?b=2&a=1", "example.com?a=1&b=2"},
	{"example.com/?a=2&a=1&A=3", "example.com?A=3&a=1&a=2"},
	{"example.com/?&&a&&", "example.com?a"},
	{"example.com/?", "example.com"},
	{"example.com/?utm_source=x&gclid=y", "example.com"},
	{"example.com/?q=Hello%20World", "example.com?q=Hello%20World"},
	// Credentials and fragment are not part of the key.
	{"https://user:pw@example.com/x#frag", "example.com/x"},
	// Opaque paths: scheme, ":" and the path lowercased.
	{"mailto:Jo@Example.org?subject=Hi", "mailto:jo@example.org"},
	{"tel:+1-555-0100", "tel:+1-555-0100"},
	{"urn:ISBN:9780307476463", "urn:isbn:9780307476463"},
	{"javascript:Alert(1)", "javascript:alert(1)"},
}

func TestKey(t *testing.T) {
	for _, tt := range keyTests {
		a, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := a.Key(KeyV1, LevelPage); got != tt.want {
			t.Errorf("Parse(%q).Key(KeyV1) = %q, want %q", tt.in, got, tt.want)
		}
		// The key is stable under canonicalization.
		if b, err := Parse(a.Canonical()); err != nil || b.Key(KeyV1, LevelPage) != a.Key(KeyV1, LevelPage) {
			t.Errorf("key of %q = %q, %v; want %q", a.Canonical(), b.Key(KeyV1, LevelPage), err, a.Key(KeyV1, LevelPage))
		}
		if got := string(a.AppendKey([]byte("k="), KeyV1, LevelPage)); got != "k="+tt.want {
			t.Errorf("AppendKey = %q", got)
		}
	}
	var zero Address
	// KeyVersion(4) is the first unknown version since KeyV3 (issue 26;
	// KeyVersion(3) was, since KeyV2).
	if zero.Key(KeyV1, LevelPage) != "" || zero.Key(KeyV2, LevelPage) != "" || zero.Key(KeyV3, LevelPage) != "" || MustParse(t, "example.com").Key(0, LevelPage) != "" || MustParse(t, "example.com").Key(4, LevelPage) != "" {
		t.Errorf("Key of the zero Address or an unknown version is not empty")
	}
	if !KeyV1.IsValid() || !KeyV2.IsValid() || !KeyV3.IsValid() || KeyVersion(0).IsValid() || KeyVersion(4).IsValid() || KeyV1.String() != "KeyV1" || KeyV2.String() != "KeyV2" || KeyV3.String() != "KeyV3" {
		t.Errorf("KeyVersion methods")
	}
}

var update = flag.Bool("update", false, "append the keys of new golden inputs to testdata/key_v1.golden (existing lines are never changed)")

const goldenFile = "testdata/key_v1.golden"

// goldenHeader is the golden file's first line: the key version and the
// versions of the data a key depends on.
func goldenHeader() string {
	return fmt.Sprintf("# %s unicode=%s psl=%s", KeyV1, idna.UnicodeVersion, publicsuffix.List.String())
}

// TestKeyGolden checks every line of testdata/key_v1.golden: a published
// key never changes.
func TestKeyGolden(t *testing.T) {
	f, err := os.Open(goldenFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	if !s.Scan() || s.Text() != goldenHeader() {
		t.Fatalf("%s: header %q, running %q.\nThe key depends on the Unicode and Public Suffix List versions; a change of either that changes a key needs a new KeyVersion.", goldenFile, s.Text(), goldenHeader())
	}
	seen := map[string]bool{}
	n := 0
	for s.Scan() {
		in, want, ok := strings.Cut(s.Text(), "\t")
		if !ok {
			t.Fatalf("%s: line %q has no tab", goldenFile, s.Text())
		}
		seen[in] = true
		n++
		a, err := Parse(in)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", goldenFile, in, err)
			continue
		}
		if got := a.Key(KeyV1, LevelPage); got != want {
			t.Errorf("%s: key of %q = %q, was %q. Published keys never change: a new rule needs a new KeyVersion.", goldenFile, in, got, want)
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 300 {
		t.Errorf("%s has %d lines, want at least 300", goldenFile, n)
	}
	if !*update {
		return
	}
	// Append the inputs that are not in the file yet.
	out, err := os.OpenFile(goldenFile, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	for _, in := range goldenInputs() {
		if seen[in] || strings.ContainsAny(in, "\t\n\r") {
			continue
		}
		seen[in] = true
		if a, err := Parse(in); err == nil {
			fmt.Fprintf(out, "%s\t%s\n", in, a.Key(KeyV1, LevelPage))
		}
	}
}

// goldenInputs are the inputs the golden file is made of: every table of
// the tests, and a cross of hosts, paths and queries.
func goldenInputs() []string {
	var ins []string
	for _, tt := range keyTests {
		ins = append(ins, tt.in)
	}
	for _, tt := range parseTests {
		ins = append(ins, tt.in)
	}
	for _, p := range trackingParams {
		ins = append(ins, "example.com/?"+p.name+"=1&keep=2", "https://www.example.org/x?"+strings.ToUpper(p.name)+"=a")
	}
	hosts := []string{"Example.COM", "www.example.co.uk", "shop.example.com.au", "user.github.io", "a.b.blogspot.com",
		"bücher.example", "www.münchen.de", "xn--fiqs8s", "食狮.中国", "192.0.2.7", "[2001:db8::7]", "localhost",
		"example.com.", "s3.amazonaws.com", "city.kobe.jp"}
	paths := []string{"", "/", "/Index.html", "/A//B/", "/%7Euser/%41bout", "/shop/default.aspx", "/a/b/index.php?"}
	queries := []string{"", "?b=2&a=1", "?utm_source=mail&id=7", "?&x&"}
	for _, h := range hosts {
		for _, p := range paths {
			for _, q := range queries {
				ins = append(ins, h+p+q)
			}
		}
	}
	return ins
}

// TestPublicSuffixList runs the Public Suffix List's own test cases
// (testdata/psl/test_psl.txt, or $PSL_DIR/test_psl.txt to try another
// revision) through publicSuffixOf.
func TestPublicSuffixList(t *testing.T) {
	path := filepath.Join("testdata", "psl", "test_psl.txt")
	if dir := os.Getenv("PSL_DIR"); dir != "" {
		path = filepath.Join(dir, "test_psl.txt")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("Public Suffix List tests: %v (testdata/psl is part of the repository)", err)
	}
	if os.Getenv("PSL_DIR") == "" {
		want, err := testfiles.SHA256Of("psl/SOURCE", "sha256:")
		if err != nil {
			t.Fatal(err)
		}
		if got := testfiles.SHA256(data); got != want {
			t.Fatalf("%s: sha256 %s, testdata/psl/SOURCE says %s", path, got, want)
		}
	}
	// listChanged names the cases whose answer differs only because the
	// list embedded in x/net/publicsuffix is older than test_psl.txt, with
	// the rule that changed. None so far.
	listChanged := map[string]string{}
	line := regexp.MustCompile(`^checkPublicSuffix\((null|'[^']*'), (null|'[^']*')\);$`)
	n, passed := 0, 0
	for _, l := range strings.Split(string(data), "\n") {
		m := line.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		n++
		in, want := strings.Trim(m[1], "'"), strings.Trim(m[2], "'")
		if m[1] == "null" {
			in = ""
		}
		if m[2] == "null" {
			want = ""
		}
		name := fmt.Sprintf("checkPublicSuffix(%s, %s)", m[1], m[2])
		got := ""
		if host, kind, err := appendHost(nil, in, false); err == nil && kind == DomainHost {
			got = publicSuffixOf(string(host)).registrable
		}
		if want != "" {
			w, _, err := appendHost(nil, want, false)
			if err != nil {
				t.Fatalf("%s: expected value: %v", name, err.v)
			}
			want = string(w)
		}
		reason, known := listChanged[name]
		switch {
		case got == want && known:
			t.Errorf("%s now passes; remove it from listChanged (%s)", name, reason)
		case got != want && !known:
			t.Errorf("%s: registrable domain %q, want %q", name, got, want)
		case got == want:
			passed++
		}
	}
	if n < 70 {
		t.Fatalf("read only %d cases from test_psl.txt", n)
	}
	t.Logf("test_psl.txt: %d of %d cases pass, %d differ because the embedded list is older", passed, n, len(listChanged))
}

func TestPublicSuffixOf(t *testing.T) {
	tests := []struct {
		in            string
		suffix        string
		icann, listed bool
		registrable   string
	}{
		{"www.example.com", "com", true, true, "example.com"},
		{"foo.github.io", "github.io", false, true, "foo.github.io"},
		{"github.io", "github.io", false, true, ""},
		{"www.example.unlisted", "unlisted", false, false, "example.unlisted"},
		{"localhost", "localhost", false, false, ""},
		{"", "", false, false, ""},
		{".com", "", false, false, ""},
		{"a..com", "", false, false, ""},
	}
	for _, tt := range tests {
		got := publicSuffixOf(tt.in)
		if got != (suffixInfo{tt.suffix, tt.icann, tt.listed, tt.registrable}) {
			t.Errorf("publicSuffixOf(%q) = %+v", tt.in, got)
		}
	}
}

// TestKeyHostShortLabels checks the shortcut of appendKeyHost: a domain of
// one or two labels is its own key host, as the Public Suffix List look-up
// it skips would say, under KeyV1's rules and KeyV2's.
func TestKeyHostShortLabels(t *testing.T) {
	hosts := []string{"example.com", "co.uk", "github.io", "foo.ck", "www.ck", "example.unlisted", "com", "localhost",
		"xn--fiqs8s", "xn--bcher-kva.de", "wordpress.com", "linktr.ee", "medium.com", "google.com", "kobe.jp", "city.kobe.jp",
		"a.b", ".com", "com.", "a"}
	data, err := os.ReadFile(filepath.Join("testdata", "psl", "test_psl.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`checkPublicSuffix\('([^']*)'`).FindAllStringSubmatch(string(data), -1) {
		if h, kind, err := appendHost(nil, m[1], false); err == nil && kind == DomainHost && strings.Count(string(h), ".") <= 1 {
			hosts = append(hosts, string(h))
		}
	}
	for _, h := range hosts {
		for _, rules := range []keyRules{0, keyV2Rules} {
			trimmed := strings.TrimSuffix(h, ".")
			if rules&ruleRootDots != 0 {
				trimmed = strings.TrimRight(h, ".")
			}
			want := publicSuffixOf(trimmed).registrable
			if want == "" {
				want = trimmed
			}
			if got := string(appendKeyHost(nil, h, DomainHost, "/view/x", rules)); got != want {
				t.Errorf("appendKeyHost(%q, rules %b) = %q, want %q", h, rules, got, want)
			}
		}
	}
}
