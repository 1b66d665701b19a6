// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// keyV2Tests pin each of KeyV2's four rules (tenants, network aliases,
// opaque paths with their query, root dots: the list in KeyV2's godoc,
// key.go) and what stays KeyV1's.
var keyV2Tests = []struct{ in, want string }{
	// KeyV1's rules hold where no KeyV2 rule applies.
	{"http://www.Example.com/About/index.html?b=2&a=1&utm_source=x#team", "example.com/about?a=1&b=2"},
	{"ftp://Files.Example.com/Pub/", "ftp://example.com/pub"},
	{"foo.github.io", "foo.github.io"},
	{"[2001:DB8::1]:8443/x", "[2001:db8::1]:8443/x"},

	// Rule 1, host tenants: the tenant's label and the platform's domain.
	{"acmebakery.wordpress.com", "acmebakery.wordpress.com"},
	{"zedplumbing.wordpress.com", "zedplumbing.wordpress.com"},
	{"https://www.AcmeBakery.wordpress.com/About/?b=2&a=1", "acmebakery.wordpress.com/about?a=1&b=2"},
	{"acme.substack.com/p/hello", "acme.substack.com/p/hello"},
	{"acme.tumblr.com/post/1", "acme.tumblr.com/post/1"},
	{"cat-dog-wxyz.squarespace.com", "cat-dog-wxyz.squarespace.com"},
	{"acme.weebly.com", "acme.weebly.com"},
	{"acme.mystrikingly.com", "acme.mystrikingly.com"},
	{"acme.jimdosite.com", "acme.jimdosite.com"},
	{"acme.medium.com/a-story-1", "acme.medium.com/a-story-1"},
	{"ftp://acme.wordpress.com/x", "ftp://acme.wordpress.com/x"},
	// Rule 1: the platform's own pages and subdomains keep its key.
	{"wordpress.com/pricing", "wordpress.com/pricing"},
	{"www.wordpress.com", "wordpress.com"},
	{"en.support.wordpress.com/domains/", "wordpress.com/domains"},
	{"www.tumblr.com", "tumblr.com"},
	{"64.media.tumblr.com/x.jpg", "tumblr.com/x.jpg"},
	{"support.squarespace.com/hc", "squarespace.com/hc"},
	{"medium.com/about", "medium.com/about"},
	// Rule 1, path tenants: the platform's host is kept whole.
	{"sites.google.com/view/acme", "sites.google.com/view/acme"},
	{"https://sites.google.com/view/Acme/Contact?x=1", "sites.google.com/view/acme/contact?x=1"},
	{"sites.google.com/site/acmeclassic/home", "sites.google.com/site/acmeclassic/home"},
	{"sites.google.com/VIEW/acme", "sites.google.com/view/acme"},
	{"sites.google.com/new", "google.com/new"},                     // the platform's own page
	{"sites.google.com/view/", "google.com/view"},                  // no tenant name
	{"www.google.com/view/acme", "google.com/view/acme"},           // not the platform's host
	{"linktr.ee/acme", "linktr.ee/acme"},                           // the host is already whole
	{"medium.com/@Acme", "medium.com/@acme"},                       // the host is already whole
	{"about.me/acme", "about.me/acme"},                             // the host is already whole
	{"acme.wordpress.com./x", "acme.wordpress.com/x"},              // with a root dot
	{"http://acme.wordpress.com../x", "acme.wordpress.com/x"},      // with root dots (rules 1 and 4)
	{"a.b.acme.wordpress.com", "acme.wordpress.com"},               // deeper labels go, as in KeyV1
	{"wordpress.com", "wordpress.com"},                             // the platform itself
	{"xn--bcher-kva.wordpress.com", "xn--bcher-kva.wordpress.com"}, // an internationalized tenant

	// Rule 2, network aliases: the network's one name and the handle.
	{"twitter.com/Acme", "x.com/acme"},
	{"x.com/acme", "x.com/acme"},
	{"https://mobile.twitter.com/acme?lang=en#top", "x.com/acme"},
	{"fb.com/acme", "facebook.com/acme"},
	{"https://m.facebook.com/Acme/", "facebook.com/acme"},
	{"https://www.facebook.com/profile.php?id=4&sk=photos", "facebook.com/profile.php?id=4"},
	{"https://www.facebook.com/groups/GoLang/", "facebook.com/groups/GoLang"}, // group names keep their case
	{"https://www.linkedin.com/in/JaneDoe/?trk=x", "linkedin.com/in/janedoe"},
	{"https://uk.linkedin.com/company/AcmeCorp", "linkedin.com/company/AcmeCorp"}, // company pages keep their case
	{"github.com/Golang", "github.com/golang"},
	{"github.com/Golang?tab=repositories", "github.com/golang"},
	{"github.com/golang/go?tab=readme", "github.com/golang/go?tab=readme"}, // a page below the profile
	{"github.com/orgs/Golang/people", "github.com/orgs/golang/people"},
	{"instagram.com/NatGeo", "instagram.com/natgeo"},
	{"youtube.com/@GoogleDevelopers", "youtube.com/@googledevelopers"},
	{"m.youtube.com/@GoogleDevelopers/videos", "youtube.com/@googledevelopers/videos"},
	{"youtube.com/channel/UCabcDEF/videos", "youtube.com/channel/UCabcDEF/videos"}, // channel ids are case-sensitive
	{"linkedin.com/company/%41cme%2fx", "linkedin.com/company/Acme%2Fx"},           // escapes as in a path, case kept
	{"https://www.tiktok.com/@Scout2015", "tiktok.com/@Scout2015"},                 // no source: case kept
	{"https://mastodon.social/@Gargron", "mastodon.social/@gargron"},
	{"https://mastodon.social/@Gargron@Hachyderm.IO", "hachyderm.io/@gargron"},
	{"https://www.mastodon.social/@Gargron/", "mastodon.social/@gargron"},
	{"https://acme.wordpress.com/@bob", "acme.wordpress.com/@bob"}, // a server that is a tenant
	{"https://www.facebook.com/Profile.php/?id=4", "facebook.com/profile.php?id=4"},
	{"https://www.facebook.com/profile.php/photos?id=4&x=1", "facebook.com/profile.php/photos?id=4&x=1"}, // a page below
	{"facebook.com/Index.HTML?x=1", "facebook.com"},                                                      // a handle KeyV1 drops as a default document
	{"linkedin.com/company/Index.html", "linkedin.com/company"},                                          // the same, case kept or not
	{"linkedin.com/company/Index.html/About", "linkedin.com/company/Index.html/about"},                   // only the handle keeps its case
	{"github.com/acme/index.html?x=1", "github.com/acme?x=1"},                                            // a page below the profile by its path
	{"x.com:8080/acme?a=1", "x.com:8080/acme?a=1"},                                                       // not on the default port: no alias
	{"twitter.com/home", "twitter.com/home"},                                                             // not a profile
	{"http://twitter.com/acme", "x.com/acme"},
	// The examples of KeyV2's godoc.
	{"mobile.x.com/acme", "x.com/acme"},
	{"mastodon.social/@Bob@example.social", "example.social/@bob"},
	{"magnet:?xt=urn:btih:ABC", "magnet:?xt=urn:btih:ABC"},
	{"mailto:J%c3%b6@X.org?Subject=Hi", "mailto:j%C3%B6@x.org?Subject=Hi"},
	{"youtube.com/channel/UCabc", "youtube.com/channel/UCabc"},
	{"www.acmebakery.wordpress.com/about", "acmebakery.wordpress.com/about"},

	// Rule 3, opaque paths: the query stays, sorted; escapes in uppercase hex.
	{"mailto:J%c3%b6@X.org?Subject=Hi&utm_source=x", "mailto:j%C3%B6@x.org?Subject=Hi"},
	{"mailto:Jo@Example.org", "mailto:jo@example.org"},
	{"magnet:?xt=urn:btih:ABC&dn=Name", "magnet:?dn=Name&xt=urn:btih:ABC"},
	{"sms:+15550100?body=hi", "sms:+15550100?body=hi"},
	{"tel:+1-555-0100", "tel:+1-555-0100"},
	{"urn:ISBN:9780307476463", "urn:isbn:9780307476463"},
	{"mailto:a@b.example?&&", "mailto:a@b.example"},
	{"mailto:a@b.example?utm_source=x", "mailto:a@b.example"},
	{"javascript:Alert(1)", "javascript:alert(1)"},
	{"data:text/plain,%2a%zz", "data:text/plain,%2A%zz"},

	// Rule 4, root dots: all of them go.
	{"example.com..", "example.com"},
	{"www.example.com...:8080/a", "example.com:8080/a"},
	{"example.com.", "example.com"},
	{"http://./", ""},
	{"http://../x", "/x"},
}

func TestKeyV2(t *testing.T) {
	for _, tt := range keyV2Tests {
		a, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := a.Key(KeyV2, LevelPage); got != tt.want {
			t.Errorf("Parse(%q).Key(KeyV2) = %q, want %q", tt.in, got, tt.want)
		}
		// The key is stable under canonicalization.
		if b, err := Parse(a.Canonical()); err != nil || b.Key(KeyV2, LevelPage) != a.Key(KeyV2, LevelPage) {
			t.Errorf("KeyV2 of %q = %q, %v; want %q", a.Canonical(), b.Key(KeyV2, LevelPage), err, a.Key(KeyV2, LevelPage))
		}
		if got := string(a.AppendKey([]byte("k="), KeyV2, LevelPage)); got != "k="+tt.want {
			t.Errorf("AppendKey(%q, KeyV2) = %q, want %q", tt.in, got, "k="+tt.want)
		}
	}
}

// TestKeyV2IssueExamples are the examples KeyV2 was made for: two tenants
// of one platform (wordpress.com) are two owners, one
// profile under two network names (twitter.com and x.com, fb.com and
// facebook.com) is one, an opaque path keeps its query, and every root dot
// goes.
func TestKeyV2IssueExamples(t *testing.T) {
	key := func(in string, v KeyVersion) string { return MustParse(t, in).Key(v, LevelPage) }
	// Two companies on wordpress.com: one KeyV1 group, two KeyV2 groups.
	if a, b := "acmebakery.wordpress.com", "zedplumbing.wordpress.com"; key(a, KeyV1) != key(b, KeyV1) || key(a, KeyV2) == key(b, KeyV2) {
		t.Errorf("%s and %s: KeyV1 %q, %q; KeyV2 %q, %q", a, b, key(a, KeyV1), key(b, KeyV1), key(a, KeyV2), key(b, KeyV2))
	}
	// One profile under two names: two KeyV1 groups, one KeyV2 group.
	for _, pair := range [][2]string{{"twitter.com/acme", "x.com/Acme"}, {"fb.com/acme", "facebook.com/acme"}} {
		a, b := pair[0], pair[1]
		if key(a, KeyV1) == key(b, KeyV1) || key(a, KeyV2) != key(b, KeyV2) {
			t.Errorf("%s and %s: KeyV1 %q, %q; KeyV2 %q, %q", a, b, key(a, KeyV1), key(b, KeyV1), key(a, KeyV2), key(b, KeyV2))
		}
	}
	// A message's body and a magnet link's hash are part of what they are.
	for _, pair := range [][2]string{{"sms:+15550100?body=hi", "sms:+15550100"}, {"magnet:?xt=urn:btih:aaa", "magnet:?xt=urn:btih:bbb"}} {
		a, b := pair[0], pair[1]
		if key(a, KeyV1) != key(b, KeyV1) || key(a, KeyV2) == key(b, KeyV2) {
			t.Errorf("%s and %s: KeyV1 %q, %q; KeyV2 %q, %q", a, b, key(a, KeyV1), key(b, KeyV1), key(a, KeyV2), key(b, KeyV2))
		}
	}
	if got := key("example.com..", KeyV2); got != key("example.com", KeyV2) {
		t.Errorf("KeyV2 of example.com.. = %q, want that of example.com", got)
	}
}

func TestKeyVersionText(t *testing.T) {
	tests := []struct {
		in      string
		want    KeyVersion
		wantErr string
	}{
		{"1", KeyV1, ""},
		{"2", KeyV2, ""},
		{"KeyV1", KeyV1, ""}, // as String writes it
		{"KeyV2", KeyV2, ""}, // as String writes it
		{"3", KeyV3, ""},     // since issue 26
		{"KeyV3", KeyV3, ""}, // as String writes it
		{"4", 0, `webaddress: key version "4" is not 1, 2 or 3`},   // unknown
		{"", 0, `webaddress: key version "" is not 1, 2 or 3`},     // empty
		{"v2", 0, `webaddress: key version "v2" is not 1, 2 or 3`}, // not a form this package writes
		{" 2", 0, `webaddress: key version " 2" is not 1, 2 or 3`}, // no trimming
	}
	for _, tt := range tests {
		v := KeyVersion(9)
		err := v.UnmarshalText([]byte(tt.in))
		switch {
		case tt.wantErr != "":
			if err == nil || err.Error() != tt.wantErr || v != 9 {
				t.Errorf("UnmarshalText(%q) = %v, %v; want error %q and v unchanged", tt.in, v, err, tt.wantErr)
			}
		case err != nil || v != tt.want:
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", tt.in, v, err, tt.want)
		}
	}
	for _, v := range []KeyVersion{KeyV1, KeyV2, KeyV3} {
		b, err := v.MarshalText()
		var back KeyVersion
		if err != nil || back.UnmarshalText(b) != nil || back != v {
			t.Errorf("%v: MarshalText = %q, %v; read back %v", v, b, err, back)
		}
	}
	if b, err := KeyVersion(0).MarshalText(); err == nil {
		t.Errorf("KeyVersion(0).MarshalText() = %q, want an error", b)
	}
	// As a flag, with KeyV2 as the default.
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the error below prints the usage
	v := KeyV2
	fs.TextVar(&v, "key-version", KeyV2, "key version")
	if err := fs.Parse([]string{"--key-version", "1"}); err != nil || v != KeyV1 {
		t.Errorf("--key-version 1: %v, %v", v, err)
	}
	if err := fs.Parse([]string{"--key-version=7"}); err == nil {
		t.Errorf("--key-version=7: no error")
	}
	// As JSON.
	var cfg struct{ Key KeyVersion }
	if err := json.Unmarshal([]byte(`{"Key":"2"}`), &cfg); err != nil || cfg.Key != KeyV2 {
		t.Errorf(`json {"Key":"2"}: %v, %v`, cfg.Key, err)
	}
	if b, err := json.Marshal(cfg); err != nil || string(b) != `{"Key":"2"}` {
		t.Errorf("json.Marshal = %s, %v", b, err)
	}
}

func TestKeyFingerprint(t *testing.T) {
	rev := pslRevision(publicsuffix.List.String())
	if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(rev) {
		t.Errorf("pslRevision(%q) = %q, want the 40 hex digits of a git revision", publicsuffix.List.String(), rev)
	}
	for _, v := range []KeyVersion{KeyV1, KeyV2} {
		want := v.String() + " unicode=" + idna.UnicodeVersion + " psl=" + rev
		if got := v.Fingerprint(); got != want {
			t.Errorf("%v.Fingerprint() = %q, want %q", v, got, want)
		}
		// The golden files' headers name the same data.
		if !strings.Contains(goldenHeader(), "unicode="+idna.UnicodeVersion) || !strings.Contains(goldenHeader(), rev) {
			t.Errorf("%s header %q does not name %q", goldenFile, goldenHeader(), v.Fingerprint())
		}
	}
	if KeyV1.Fingerprint() == KeyV2.Fingerprint() || KeyVersion(0).Fingerprint() != "" || KeyVersion(4).Fingerprint() != "" {
		t.Errorf("fingerprints: %q, %q, %q, %q", KeyV1.Fingerprint(), KeyV2.Fingerprint(), KeyVersion(0).Fingerprint(), KeyVersion(4).Fingerprint())
	}
	// A description without a revision is kept whole, as one word.
	if got := pslRevision("a list, no revision"); got != "a_list,_no_revision" {
		t.Errorf(`pslRevision("a list, no revision") = %q`, got)
	}
}

// TestTenantsList checks the tenants literal: each shape parses, each
// entry says where its shape was read (or that it was not), and no
// platform is a public suffix already, which would make its entry dead.
func TestTenantsList(t *testing.T) {
	date := regexp.MustCompile(`^20\d\d-\d\d-\d\d$`)
	for _, e := range tenants {
		host, path, isPath := strings.Cut(e.Shape, "/")
		switch {
		case !isPath && !strings.HasPrefix(e.Shape, "<name>."):
			t.Errorf("tenant %q: a host shape starts with <name>.", e.Shape)
		case isPath && (!strings.HasSuffix(path, "<name>") || strings.Contains(host, "<name>") || len(e.Own) > 0):
			t.Errorf("tenant %q: a path shape is host/prefix<name>, without own labels", e.Shape)
		}
		if e.Source == "" || !seenKinds[e.Seen] || !date.MatchString(e.Read) || e.Seen == "page" && e.Read != tenantsRead {
			t.Errorf("tenant %q: source %q seen %q read %q", e.Shape, e.Source, e.Seen, e.Read)
		}
		domain := strings.TrimPrefix(host, "<name>.")
		if s, _ := publicsuffix.PublicSuffix("tenant." + domain); s == domain {
			t.Errorf("tenant %q: %s is a public suffix: KeyV1 keeps its tenants apart already", e.Shape, domain)
		}
	}
	for _, n := range networks {
		if (n.key == "") != (n.name == NetworkMastodon) || n.casePage == "" {
			t.Errorf("networks: %v has no key name or case page", n.name)
		}
	}
}

const keyV2GoldenFile = "testdata/key_v2.golden"

// keyV2GoldenHeader is the first line of testdata/key_v2.golden: the
// fingerprint (version, Unicode version, Public Suffix List revision) and
// the date of the tenants list.
func keyV2GoldenHeader() string {
	return fmt.Sprintf("# %s tenants=%s", KeyV2.Fingerprint(), tenantsRead)
}

// TestKeyV2Golden checks every line of testdata/key_v2.golden: a
// published key never changes. -update appends the keys of new inputs.
func TestKeyV2Golden(t *testing.T) {
	lines := readGolden(t, keyV2GoldenFile, keyV2GoldenHeader())
	seen := map[string]bool{}
	for _, l := range lines {
		seen[l.in] = true
		a, err := Parse(l.in)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", keyV2GoldenFile, l.in, err)
			continue
		}
		if got := a.Key(KeyV2, LevelPage); got != l.key {
			t.Errorf("%s: KeyV2 of %q = %q, was %q. Published keys never change: a new rule needs a new KeyVersion.", keyV2GoldenFile, l.in, got, l.key)
		}
	}
	if len(lines) < 400 {
		t.Errorf("%s has %d lines, want at least 400", keyV2GoldenFile, len(lines))
	}
	if !*update {
		return
	}
	out, err := os.OpenFile(keyV2GoldenFile, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	for _, in := range keyV2GoldenInputs(t) {
		if seen[in] || strings.ContainsAny(in, "\t\n\r") {
			continue
		}
		seen[in] = true
		if a, err := Parse(in); err == nil {
			fmt.Fprintf(out, "%s\t%s\n", in, a.Key(KeyV2, LevelPage))
		}
	}
}

// goldenLine is one line of a key golden file.
type goldenLine struct{ in, key string }

// readGolden reads a key golden file whose first line must be header.
func readGolden(t *testing.T, name, header string) []goldenLine {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	if !s.Scan() || s.Text() != header {
		t.Fatalf("%s: header %q, running %q.\nThe key depends on the Unicode and Public Suffix List versions; a change of either that changes a key needs a new KeyVersion.", name, s.Text(), header)
	}
	var lines []goldenLine
	for s.Scan() {
		in, key, ok := strings.Cut(s.Text(), "\t")
		if !ok {
			t.Fatalf("%s: line %q has no tab", name, s.Text())
		}
		lines = append(lines, goldenLine{in, key})
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// keyV2GoldenInputs are the inputs of testdata/key_v2.golden: those of
// the KeyV1 golden file, the table above, and crosses of tenants, profiles
// and opaque paths with paths and queries.
func keyV2GoldenInputs(t *testing.T) []string {
	var ins []string
	for _, l := range readGolden(t, goldenFile, goldenHeader()) {
		ins = append(ins, l.in)
	}
	for _, tt := range keyV2Tests {
		ins = append(ins, tt.in)
	}
	var hosts []string
	for _, e := range tenants {
		host, rest, isPath := strings.Cut(e.Shape, "/")
		if isPath {
			prefix := strings.TrimSuffix(rest, "<name>")
			hosts = append(hosts, host+"/"+prefix+"Acme", "www."+host+"/"+prefix+"zed-plumbing", host+"/"+prefix, host+"/about")
			continue
		}
		domain := strings.TrimPrefix(host, "<name>.")
		hosts = append(hosts, "AcmeBakery."+domain, "www.zed-plumbing."+domain, domain, "www."+domain, "acme."+domain+"..")
		for _, own := range e.Own {
			hosts = append(hosts, own+"."+domain)
		}
	}
	for _, h := range hosts {
		for _, p := range []string{"", "/About/", "/a//b/index.html?utm_source=x&b=2&a=1"} {
			ins = append(ins, h+p)
		}
	}
	profiles := []string{"twitter.com/Acme", "x.com/acme", "mobile.twitter.com/acme", "fb.com/Acme", "www.facebook.com/acme",
		"m.facebook.com/profile.php?id=100012345", "facebook.com/people/Jane-Doe/100012345", "facebook.com/groups/AcmeFans",
		"linkedin.com/in/Jane-Doe", "de.linkedin.com/in/jane-doe", "linkedin.com/company/Acme-Corp", "linkedin.com/school/Acme-U",
		"linkedin.com/showcase/Acme-Labs", "linkedin.com/pub/jane-doe/1/2/3", "github.com/Acme", "github.com/orgs/Acme",
		"github.com/acme/Widget", "instagram.com/Acme.Bakery", "youtube.com/@AcmeTV", "youtube.com/channel/UCxAbC-123_dEf",
		"youtube.com/c/AcmeTV", "youtube.com/user/AcmeTV", "tiktok.com/@Acme.Bakery", "mastodon.social/@Acme",
		"hachyderm.io/@acme@Mastodon.Social", "example.com/@acme"}
	for _, p := range profiles {
		for _, s := range []string{"", "/", "?ref=home&utm_source=x", "/posts", "#top"} {
			ins = append(ins, "https://"+p+s)
		}
	}
	opaque := []string{"mailto:Jo@Example.org", "mailto:J%c3%b6@x.org", "tel:+1-555-0100", "sms:+15550100", "magnet:",
		"urn:ISBN:9780307476463", "javascript:Alert(1)", "data:text/plain,Hi%2a", "news:comp.lang.go", "geo:52.5,13.4"}
	for _, o := range opaque {
		for _, q := range []string{"", "?", "?b=2&a=1&utm_source=x", "?Subject=Hi%20there&&", "#frag", "?xt=urn:btih:ABC&dn=N%c3%a9"} {
			ins = append(ins, o+q)
		}
	}
	for _, h := range []string{"example.com", "www.example.co.uk", "acme.wordpress.com", "localhost", "x.com"} {
		for _, dots := range []string{".", "..", "...", "....."} {
			ins = append(ins, h+dots, "http://"+h+dots+":8080/A", "ftp://"+h+dots+"/x")
		}
	}
	return ins
}

// refKeyV2 is a reference model of KeyV2 written as KeyV1 plus the four
// rules of KeyV2's godoc (key.go), each applied to KeyV1's output (or to the parts of
// the address) in its own way rather than as key.go applies it. It returns
// the key and the rules whose step changed it.
func refKeyV2(t testing.TB, a Address) (key string, rules []string) {
	u := a.URL()
	key = a.Key(KeyV1, LevelPage)
	step := func(rule, k string) {
		if k != key {
			rules = append(rules, rule)
			key = k
		}
	}
	// Rule 3: the opaque path with escapes in uppercase hex, and the
	// canonical query sorted as a non-special URL's query under KeyV1.
	if u.HasOpaquePath() {
		path := lowerHexEscape.ReplaceAllStringFunc(strings.ToLower(u.Pathname()), strings.ToUpper)
		query := ""
		if c := a.Canonical(); strings.Contains(c, "?") {
			q := c[strings.Index(c, "?")+1:]
			b, err := Parse("foo://q/?" + q)
			if err != nil {
				t.Fatalf("refKeyV2(%q): query %q: %v", a.Input(), q, err)
			}
			query = strings.TrimPrefix(b.Key(KeyV1, LevelPage), "foo://q")
		}
		step("opaque", u.Scheme()+":"+path+query)
		return key, rules
	}
	host := u.Hostname()
	// Rule 4: the host without all its root dots, reduced as KeyV1 does.
	if u.HostKind() == DomainHost && strings.HasSuffix(host, "..") {
		v1host := strings.TrimSuffix(host, ".") // KeyV1 keeps a host with a root dot left whole
		trimmed := strings.TrimRight(host, ".")
		if reg := publicSuffixOf(trimmed).registrable; reg != "" {
			trimmed = reg
		}
		step("root-dots", strings.Replace(key, v1host, trimmed, 1))
	}
	// Rule 2: the profile's network name, kind and handle, then KeyV1's
	// rest of the path and query on pages below the profile.
	if p, ok := a.Profile(); ok && u.Port() == "" {
		if k, ok := refProfileKey(t, a, p); ok {
			step("alias", k)
			return key, rules
		}
	}
	// Rule 1: the tenant's host in place of the registrable domain.
	if u.HostKind() == DomainHost {
		h := strings.TrimRight(host, ".")
		if reg := publicSuffixOf(h).registrable; reg != "" {
			if tenant := refTenantHost(h, reg, u.Pathname()); tenant != "" {
				step("tenant", strings.Replace(key, reg, tenant, 1))
			}
		}
	}
	return key, rules
}

// refProfileDomains are the networks' one names.
var refProfileDomains = map[Network]string{
	NetworkLinkedIn: "linkedin.com", NetworkX: "x.com", NetworkGitHub: "github.com", NetworkFacebook: "facebook.com",
	NetworkInstagram: "instagram.com", NetworkYouTube: "youtube.com", NetworkTikTok: "tiktok.com",
}

// refProfileKey is rule 2 of refKeyV2.
func refProfileKey(t testing.TB, a Address, p Profile) (string, bool) {
	if p.Network == NetworkMastodon {
		name, server, _ := strings.Cut(p.Handle, "@")
		s, err := Parse("https://" + server + "/")
		if err != nil {
			return "", false
		}
		return s.Key(KeyV2, LevelPage) + "/@" + strings.ToLower(name), true
	}
	var prefix string
	switch {
	case p.Network == NetworkLinkedIn, p.Network == NetworkYouTube && p.Kind != "handle":
		prefix = "/" + p.Kind + "/"
	case p.Kind == "org":
		prefix = "/orgs/"
	case p.Kind == "people":
		prefix = "/people/"
	case p.Kind == "group":
		prefix = "/groups/"
	case p.Kind == "profile":
		prefix = "/profile.php"
	case p.Network == NetworkYouTube, p.Network == NetworkTikTok:
		prefix = "/@"
	default:
		prefix = "/"
	}
	_, insensitive := networkKey(p.Network, p.Kind)
	handle := refHandle(p.Handle, insensitive)
	head := strings.ToLower(prefix) + refHandle(p.Handle, true) // as KeyV1 writes it
	if p.Kind == "profile" {
		handle, head = "", prefix
	}
	// A page below the profile: the path goes on after the handle.
	path := a.URL().Pathname()
	at := strings.Index(strings.ToLower(path), strings.ToLower(prefix)+strings.ToLower(p.Handle))
	if p.Kind == "profile" {
		at = 0
	}
	if at < 0 {
		t.Fatalf("refKeyV2(%q): path %q has no %q", a.Input(), path, prefix+p.Handle)
	}
	below := path[at+len(prefix)+len(handle):]
	if p.Kind != "profile" {
		below = path[at+len(prefix)+len(p.Handle):]
	}
	isBelow := below != "" && below != "/"

	k1 := a.Key(KeyV1, LevelPage)
	v1path, v1query, _ := strings.Cut(k1, "?")
	if v1query != "" {
		v1query = "?" + v1query
	}
	host := strings.TrimSuffix(a.URL().Hostname(), ".")
	if reg := publicSuffixOf(host).registrable; reg != "" {
		host = reg
	}
	v1path = strings.TrimPrefix(v1path, host)
	domain := refProfileDomains[p.Network]
	rest, ok := strings.CutPrefix(v1path, head)
	if !ok {
		// KeyV1 dropped the handle: a last segment that is a default
		// document ("facebook.com/index.html").
		if v1path != strings.TrimSuffix(strings.ToLower(prefix), "/") || isBelow {
			t.Fatalf("refKeyV2(%q): KeyV1 %q does not start with %q", a.Input(), k1, host+head)
		}
		return domain + v1path, true
	}
	switch {
	case isBelow:
		return domain + prefix + handle + rest + v1query, true
	case p.Kind == "profile":
		return domain + prefix + rest + "?id=" + p.Handle, true
	}
	return domain + prefix + handle + rest, true
}

var (
	lowerHexEscape = regexp.MustCompile(`%[0-9a-f]{2}`)
	hexEscape      = regexp.MustCompile(`%[0-9A-Fa-f]{2}`)
)

// refHandle writes a handle as a key path does: unreserved escapes
// decoded, the others' hex uppercased, and, when lower, letters
// lowercased.
func refHandle(h string, lower bool) string {
	if lower {
		h = strings.ToLower(h)
	}
	return hexEscape.ReplaceAllStringFunc(h, func(e string) string {
		var b byte
		fmt.Sscanf(e[1:], "%02x", &b)
		switch {
		case !isUnreserved(b):
			return strings.ToUpper(e)
		case lower:
			return strings.ToLower(string(b))
		}
		return string(b)
	})
}

// refTenantHost is rule 1 of refKeyV2, read from the tenants literal.
func refTenantHost(host, reg, path string) string {
	for _, e := range tenants {
		shapeHost, rest, isPath := strings.Cut(e.Shape, "/")
		if !isPath {
			if shapeHost != "<name>."+reg || !strings.HasSuffix(host, "."+reg) {
				continue
			}
			labels := strings.Split(strings.TrimSuffix(host, "."+reg), ".")
			label := labels[len(labels)-1]
			if label != "" && label != "www" && !slices.Contains(e.Own, label) {
				return label + "." + reg
			}
			continue
		}
		prefix := "/" + strings.TrimSuffix(rest, "<name>")
		if host != shapeHost && host != "www."+shapeHost {
			continue
		}
		if name, ok := strings.CutPrefix(strings.ToLower(path), prefix); ok && name != "" && name[0] != '/' {
			return shapeHost
		}
	}
	return ""
}

// diffKeys compares KeyV1 and KeyV2 on inputs: every KeyV2 key must be
// the reference model's, and each input whose keys differ is counted
// under the rules that explain it.
func diffKeys(t testing.TB, name string, inputs []string) (byRule map[string]int, changed int) {
	byRule = map[string]int{}
	for _, in := range inputs {
		a, err := Parse(in)
		if err != nil {
			continue
		}
		v1, v2 := a.Key(KeyV1, LevelPage), a.Key(KeyV2, LevelPage)
		want, rules := refKeyV2(t, a)
		if v2 != want {
			t.Errorf("%s: %q: KeyV2 %q, KeyV1 %q: a difference no rule explains (the rules give %q by %v)", name, in, v2, v1, want, rules)
			continue
		}
		if v1 != v2 {
			changed++
			byRule[strings.Join(rules, "+")]++
		}
	}
	return byRule, changed
}

// TestKeyV1V2Differences shows that KeyV1 and KeyV2 differ only where one
// of KeyV2's four rules (its godoc, key.go) says so, on every line of the KeyV2 golden
// file, and that each rule accounts for some of its lines.
func TestKeyV1V2Differences(t *testing.T) {
	var ins []string
	for _, l := range readGolden(t, keyV2GoldenFile, keyV2GoldenHeader()) {
		ins = append(ins, l.in)
	}
	byRule, changed := diffKeys(t, keyV2GoldenFile, ins)
	t.Logf("%s: %d of %d lines change key: %v", keyV2GoldenFile, changed, len(ins), byRule)
	for _, rule := range []string{"tenant", "alias", "opaque", "root-dots"} {
		if byRule[rule] == 0 {
			t.Errorf("%s: no line changes by the %s rule alone", keyV2GoldenFile, rule)
		}
	}
}

// TestKeyV1V2Corpus does the same on the corpus, and logs how many lines
// of each file change key, by rule (numbered as in KeyV2's godoc, key.go;
// go test -v).
func TestKeyV1V2Corpus(t *testing.T) {
	for _, name := range corpusFiles {
		lines := readCorpus(t, name)
		byRule, changed := diffKeys(t, name, lines)
		rules := make([]string, 0, len(byRule))
		for r := range byRule {
			rules = append(rules, r)
		}
		slices.Sort(rules)
		var b strings.Builder
		for _, r := range rules {
			fmt.Fprintf(&b, " %s=%d", r, byRule[r])
		}
		t.Logf("%s: %d of %d lines change key:%s", name, changed, len(lines), b.String())
	}
}

// TestKeyV2Allocs: AppendKey(KeyV2) into a buffer with room makes at
// most the one allocation of a Public Suffix List look-up of a domain
// (golang.org/x/net/publicsuffix.PublicSuffix tries netip.ParseAddr
// first, whose error is allocated; KeyV1 makes it too), and none for
// other hosts. Only a remote Mastodon account's server, which is parsed,
// costs more.
func TestKeyV2Allocs(t *testing.T) {
	skipUnderRace(t)
	buf := make([]byte, 0, 256)
	for _, in := range []string{"https://www.example.com/a/index.html?b=2&a=1", "www.acme.wordpress.com/About",
		"sites.google.com/view/acme", "twitter.com/Acme?lang=en", "youtube.com/channel/UCabc/videos",
		"https://www.facebook.com/profile.php?id=4", "https://mastodon.social/@Gargron", "mailto:J%c3%b6@x.org?b=1&a=2",
		"example.com..", "http://[::1]/?b=2&a=1", "http://192.0.2.1/x"} {
		a := MustParse(t, in)
		want := 0.0
		if a.URL().HostKind() == DomainHost {
			want = 1
		}
		if n := testing.AllocsPerRun(100, func() { buf = a.AppendKey(buf[:0], KeyV2, LevelPage) }); n > want {
			t.Errorf("AppendKey(%q, KeyV2): %v allocations, want at most %v", in, n, want)
		}
	}
}

// FuzzKeyV2 checks that KeyV2 never panics, that the canonical form has
// the key of the address, that AppendKey agrees, and that KeyV2 differs
// from KeyV1 only as the reference model of the four rules says.
func FuzzKeyV2(f *testing.F) {
	for _, tt := range keyV2Tests {
		f.Add(tt.in)
	}
	for _, tt := range keyTests {
		f.Add(tt.in)
	}
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		a, err := Parse(input)
		if err != nil {
			if a.Key(KeyV2, LevelPage) != "" {
				t.Fatalf("Parse(%q) failed but has a KeyV2 key", input)
			}
			return
		}
		key := a.Key(KeyV2, LevelPage)
		if string(a.AppendKey([]byte("x"), KeyV2, LevelPage)) != "x"+key {
			t.Fatalf("Parse(%q): KeyV2 %q, AppendKey disagrees", input, key)
		}
		b, err := Parse(a.Canonical())
		if err != nil || b.Key(KeyV2, LevelPage) != key {
			t.Fatalf("KeyV2 of %q = %q, of its canonical form %q = %q (%v)", input, key, a.Canonical(), b.Key(KeyV2, LevelPage), err)
		}
		if want, rules := refKeyV2(t, a); key != want {
			t.Fatalf("Parse(%q): KeyV2 %q, KeyV1 %q, the rules give %q by %v", input, key, a.Key(KeyV1, LevelPage), want, rules)
		}
	})
}

// BenchmarkKeyV2 is BenchmarkKey with KeyV2: Parse and then
// Key(KeyV2) into a reused buffer. Run both in one go test run to compare
// them: go test -bench 'Key(V2)?$' -run '^$'.
func BenchmarkKeyV2(b *testing.B) {
	var buf []byte
	benchmarkLines(b, func(l string) {
		if a, err := Parse(l); err == nil {
			buf = a.AppendKey(buf[:0], KeyV2, LevelPage)
		}
	})
}

// BenchmarkAppendKey is the key alone, KeyV1 against KeyV2, on the
// addresses of each corpus file parsed beforehand (ns/URL and allocs/URL
// per address).
func BenchmarkAppendKey(b *testing.B) {
	for _, name := range corpusFiles {
		var addrs []Address
		for _, l := range readCorpus(b, name) {
			if a, err := Parse(l); err == nil {
				addrs = append(addrs, a)
			}
		}
		for _, v := range []KeyVersion{KeyV1, KeyV2} {
			b.Run(strings.TrimSuffix(name, ".txt")+"/"+v.String(), func(b *testing.B) {
				var buf []byte
				b.ReportAllocs()
				for b.Loop() {
					for _, a := range addrs {
						buf = a.AppendKey(buf[:0], v, LevelPage)
					}
				}
				perURL := float64(b.N) * float64(len(addrs))
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perURL, "ns/URL")
			})
		}
	}
}
