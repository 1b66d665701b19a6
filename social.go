// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"github.com/onecontact/webaddress/internal/urlchars"
	"strings"
	"sync"

	"github.com/onecontact/webaddress/internal/data"
)

// Network names a social network of [Address.Profile].
type Network string

// The networks, with the names used in JSON.
const (
	NetworkLinkedIn  Network = "linkedin"
	NetworkX         Network = "x"
	NetworkGitHub    Network = "github"
	NetworkFacebook  Network = "facebook"
	NetworkInstagram Network = "instagram"
	NetworkYouTube   Network = "youtube"
	NetworkTikTok    Network = "tiktok"
	NetworkMastodon  Network = "mastodon"
)

// Profile is the shape of a social-profile address: the network, the
// handle as written (without "@"; on Mastodon "name@host") and the kind of
// page ("in", "company", "school", "showcase" or "pub" on LinkedIn, "user"
// or "org" on GitHub, "page", "profile", "people" or "group" on Facebook,
// "channel", "c" or "user" on YouTube, else "handle"). Nothing is looked
// up.
type Profile struct {
	Network Network `json:"network"`
	Handle  string  `json:"handle"`
	Kind    string  `json:"kind"`
}

// Profile returns the social profile a has the shape of, if any: only http
// and https addresses on a network's domains and their subdomains match,
// never lookalikes (notgithub.com, github.com.evil.example); host case, a
// trailing "/", the query and the fragment do not matter.
func (a Address) Profile() (Profile, bool) {
	if a.facts&FactProfile == 0 {
		return Profile{}, false
	}
	return profileOf(&a.url, true)
}

// profileOf finds the profile shape of u. Without withHandle, a Mastodon
// profile's Handle may be "": the facts need only the network, and a
// handle on the address's own server is a string to make.
func profileOf(u *URL, withHandle bool) (Profile, bool) {
	if !mayBeProfile(u) { // most addresses fail here
		return Profile{}, false
	}
	host := strings.TrimSuffix(u.Hostname(), ".")
	if n := networkOf(lastTwoLabels(host)); n != nil {
		query, _ := u.RawQuery()
		return n.match(query, strings.TrimSuffix(u.Pathname(), "/"))
	}
	if path := u.Pathname(); strings.HasPrefix(path, "/@") {
		return mastodonProfile(host, strings.TrimSuffix(path, "/"), withHandle)
	}
	return Profile{}, false
}

// mayBeProfile reports whether profileOf may find a profile in u, a
// cheap test that most addresses fail: profileOf finds one only in an
// http or https URL of a domain, on a host of a network (networkHosts) or
// in a path that starts with "/@" (Mastodon).
func mayBeProfile(u *URL) bool {
	if !u.isHTTP() || u.hostKind != DomainHost {
		return false
	}
	// The path starts with "/@" when the href does from the path's start:
	// a path of "/" alone is followed by "?", "#" or nothing.
	return strings.HasPrefix(u.href[u.pathStart:], "/@") || networkHosts.mayHave(strings.TrimSuffix(u.Hostname(), "."))
}

// lastTwoLabels returns host from the start of its second-to-last label:
// "example.com" for "www.example.com", and host itself when it has one or
// two labels.
func lastTwoLabels(host string) string {
	dots := 0
	for i := len(host) - 1; i >= 0; i-- {
		if host[i] != '.' {
			continue
		}
		if dots++; dots == 2 {
			return host[i+1:]
		} else if i == 0 {
			break // the last dot is the first byte
		}
	}
	return host
}

// networkHosts lets profileOf pass over most hosts without finding their
// last two labels and looking them up: see hostFilter.
var networkHosts = func() (f hostFilter) {
	f.n = 8
	for _, nw := range networks {
		for _, d := range nw.domains {
			f.n = min(f.n, len(d)+1)
		}
	}
	f.shift = uint(64 - 8*f.n)
	for _, nw := range networks {
		for _, d := range nw.domains {
			f.add(d)
			f.add("." + d)
		}
	}
	return f
}()

// A hostFilter is a set of domains, as a filter of hosts that may be one
// of them or a subdomain of one: it reads a host's last n bytes alone (n
// at most one more than the shortest domain's length, so that they are
// those of "."+domain for every subdomain) and tests one bit for them.
// A host whose bit is clear is none of the domains and no subdomain of
// one; a host whose bit is set may be, and is looked up.
type hostFilter struct {
	n     int  // how many of a host's last bytes it reads, 1 to 8
	shift uint // 64-8n: the shift that leaves the last n of 8 bytes
	bits  [4]uint64
}

// add adds the host s to f; a filter of domains adds each domain d, and
// "."+d for its subdomains.
func (f *hostFilter) add(s string) {
	b := f.bit(s)
	f.bits[b/64] |= 1 << (b % 64)
}

// mayHave reports whether host may be one of f's hosts (or end as one).
func (f *hostFilter) mayHave(host string) bool {
	b := f.bit(host)
	return f.bits[b/64]&(1<<(b%64)) != 0
}

// bit returns the bit of f for s: a hash of its last n bytes (of all of
// it when it is shorter), read as a little-endian number.
func (f *hostFilter) bit(s string) uint {
	var k uint64
	if len(s) >= 8 {
		k = urlchars.Word8(s[len(s)-8:]) >> (f.shift & 63) // "& 63": no test for a shift of 64 or more
	} else {
		for i := len(s) - 1; i >= max(0, len(s)-f.n); i-- {
			k = k<<8 | uint64(s[i])
		}
	}
	return uint((k * 0x9e3779b97f4a7c15) >> 56) // Knuth's multiplicative hash: its top bits mix all of k's
}

// network is everything this package knows of one social network, in one
// place: its name, its hosts, the shapes of its profile paths, its fact,
// and the rules of its profiles' keys (KeyV2's network aliases): its one
// name in a key, and the kinds of profile whose handles are
// case-insensitive, with the page that says so. On the other kinds the
// handle keeps its case in a key: a handle is lowercased only where a
// source says case does not matter.
type network struct {
	name    Network
	domains []string // its hosts: these domains and their subdomains
	// match finds a profile's shape in a path without its trailing "/";
	// query is the URL's query without "?" ("" when it has none).
	match func(query, path string) (Profile, bool)

	key         string // its one name in a key; "" for Mastodon, keyed by server
	insensitive string // kinds of profile whose handles ignore case, space-separated
	casePage    string // where the case rule was read (on 2026-12-01)
}

// networks are the social networks whose profiles [Address.Profile]
// recognizes. Mastodon is last and has no domains: its profiles are on any
// other host (mastodonProfile).
var networks = [...]network{
	{NetworkLinkedIn, []string{"linkedin.com"}, linkedInProfile, "linkedin.com", "in",
		`LinkedIn Help, "Customizing Your Public Profile URL", help.linkedin.com/app/answers/detail/a_id/87 ("The customizable part of the URL is case insensitive"); company, school and showcase pages keep their case: LinkedIn Help and pages about company page URLs searched on 2026-12-02 say nothing of their case, and this project's corpus (kasztp, node_files, typed) holds none of them to compare; nothing read for pub pages`},
	{NetworkX, []string{"x.com", "twitter.com"}, xProfile, "x.com", "handle",
		`"Quick Tips re Usernames", twitteraway.blogspot.com/2009/06/quick-tips-re-user-names.html ("every username is unique, ignoring any differences in case")`},
	{NetworkGitHub, []string{"github.com"}, gitHubProfile, "github.com", "user org",
		`GitLab issue 47601, gitlab.com/gitlab-org/gitlab-ce/issues/47601 ("GitHub usernames / org names are case-insensitive"), and josegonzalez/python-github-backup pull request 456 ("GitHub's API accepts usernames in any case")`},
	{NetworkFacebook, []string{"facebook.com", "fb.com"}, facebookProfile, "facebook.com", "page profile",
		`Facebook Help, "Guidelines for creating a custom username", facebook.com/help/105399436216001 ("Periods (".") and capitalization can't be used to differentiate usernames"); profile ids are digits; nothing read for people and group paths`},
	{NetworkInstagram, []string{"instagram.com"}, instagramProfile, "instagram.com", "handle",
		`"How to name a user on Instagram?", qainsta.com/qa/view/how-to-name-a-user-on-instagram ("Instagram does not differentiate between uppercase and lowercase letters")`},
	{NetworkYouTube, []string{"youtube.com"}, youTubeProfile, "youtube.com", "handle",
		`"What Exactly Are YouTube Handles and How Do They Work", famoustube.net/blog/what-exactly-are-youtube-handles-and-how-do-they-work ("handles are not case-sensitive"); channel ids are case-sensitive; nothing read for c and user paths`},
	{NetworkTikTok, []string{"tiktok.com"}, tikTokProfile, "tiktok.com", "",
		`nothing read`},
	{NetworkMastodon, nil, nil, "", "handle",
		`ihabunek/toot pull request 211 ("Usernames on mastodon aren't case sensitive"), jointakahe/takahe pull request 474 ("Mastodon API is case-insensitive when looking up user handles")`},
}

// networkNamed returns the network called n, or nil.
func networkNamed(n Network) *network {
	for i := range networks {
		if networks[i].name == n {
			return &networks[i]
		}
	}
	return nil
}

// networkKey returns the one name of network n in a key and whether
// handles of kind are case-insensitive there.
func networkKey(n Network, kind string) (domain string, insensitive bool) {
	nw := networkNamed(n)
	if nw == nil {
		return "", false
	}
	for f := range strings.FieldsSeq(nw.insensitive) {
		if f == kind {
			return nw.key, true
		}
	}
	return nw.key, false
}

// profileFact returns FactProfile when u has the shape of a profile, or 0.
func profileFact(u *URL) Facts {
	if !mayBeProfile(u) {
		return 0 // most addresses: no call of profileOf, no Profile to return
	}
	if _, ok := profileOf(u, false); ok {
		return FactProfile
	}
	return 0
}

// onMastodon reports whether u, an address with FactProfile, is a Mastodon
// profile: one on a host that is none of the other networks'.
func onMastodon(u *URL) bool {
	return networkOf(lastTwoLabels(strings.TrimSuffix(u.Hostname(), "."))) == nil
}

// networkOf returns the network whose domain is domain, or nil. The
// domains are all of two labels (TestNetworkDomains), so a host's last two
// labels find its network; they are in tails.
func networkOf(domain string) *network { return tailOf(domain).n }

// socialData returns the social networks' lists, read on first use:
// their own first path segments, which are not profiles (x.com/home,
// github.com/pricing: network_paths.txt in internal/data), and the hosts
// where "/@name" is not a Mastodon profile (not_mastodon.txt). The
// segments were compiled on 2026-11-30 from the sites' main navigation,
// footers, help pages and robots.txt files as this project knows them;
// add to them as sites grow.
func socialData() *socialLists {
	socialOnce.Do(readSocialLists)
	return &social
}

// socialLists are the lists of socialData.
type socialLists struct {
	ownPaths    map[Network]map[string]bool // by network
	notMastodon []string
}

var (
	socialOnce sync.Once
	social     socialLists // socialData's
)

// readSocialLists reads social.
func readSocialLists() {
	d := &social
	d.ownPaths = make(map[Network]map[string]bool)
	data.Must(data.NetworkPaths(func(p data.NetworkPath) error {
		n := Network(p.Network) // one of networks, as TestOwnPaths checks
		if d.ownPaths[n] == nil {
			d.ownPaths[n] = make(map[string]bool)
		}
		d.ownPaths[n][p.Segment] = true
		return nil
	}))
	data.Must(data.NotMastodon(func(h data.Domain) error { d.notMastodon = append(d.notMastodon, h.Domain); return nil }))
}

// ownPath reports whether seg, ignoring ASCII case, is one of network n's
// own first path segments (socialData).
func ownPath(n Network, seg string) bool {
	var buf [32]byte
	if len(seg) > len(buf) {
		return false
	}
	b := buf[:0]
	for i := 0; i < len(seg); i++ {
		b = append(b, lower(seg[i]))
	}
	return socialData().ownPaths[n][string(b)]
}

// segments splits a path without its trailing "/" into its first two
// segments and counts them.
func segments(path string) (first, second string, n int) {
	if path == "" || path == "/" {
		return "", "", 0
	}
	rest := strings.TrimPrefix(path, "/")
	first, rest, more := strings.Cut(rest, "/")
	if !more {
		return first, "", 1
	}
	second, rest, more = strings.Cut(rest, "/")
	if !more {
		return first, second, 2
	}
	return first, second, 3 + strings.Count(rest, "/")
}

// handleOK reports whether s has 1 to max bytes, each an ASCII letter or
// digit or one of extra.
func handleOK(s string, max int, extra string) bool {
	if s == "" || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !urlchars.IsAlpha(c) && !urlchars.IsDigit(c) && strings.IndexByte(extra, c) < 0 {
			return false
		}
	}
	return true
}

func linkedInProfile(_, path string) (Profile, bool) {
	first, second, n := segments(path)
	if n < 2 || !handleOK(second, 100, "-_.%") {
		return Profile{}, false
	}
	for _, kind := range [...]string{"in", "company", "school", "showcase", "pub"} {
		if strings.EqualFold(first, kind) {
			return Profile{NetworkLinkedIn, second, kind}, true
		}
	}
	return Profile{}, false
}

func xProfile(_, path string) (Profile, bool) {
	first, _, n := segments(path)
	if n != 1 || !handleOK(first, 15, "_") || ownPath(NetworkX, first) {
		return Profile{}, false
	}
	return Profile{NetworkX, first, "handle"}, true
}

func gitHubProfile(_, path string) (Profile, bool) {
	first, second, n := segments(path)
	if n == 0 {
		return Profile{}, false
	}
	if strings.EqualFold(first, "orgs") {
		if n >= 2 && handleOK(second, 39, "-") {
			return Profile{NetworkGitHub, second, "org"}, true
		}
		return Profile{}, false
	}
	if !handleOK(first, 39, "-") || ownPath(NetworkGitHub, first) {
		return Profile{}, false
	}
	return Profile{NetworkGitHub, first, "user"}, true
}

func facebookProfile(query, path string) (Profile, bool) {
	first, second, n := segments(path)
	switch {
	case n == 0:
		return Profile{}, false
	case strings.EqualFold(first, "profile.php"):
		// profile.php?id=<digits>
		for p := range strings.SplitSeq(query, "&") {
			if id, ok := strings.CutPrefix(p, "id="); ok && handleOK(id, 30, "") && strings.Trim(id, "0123456789") == "" {
				return Profile{NetworkFacebook, id, "profile"}, true
			}
		}
		return Profile{}, false
	case strings.EqualFold(first, "people"):
		if n >= 2 && handleOK(second, 100, "-_.%") {
			return Profile{NetworkFacebook, second, "people"}, true
		}
		return Profile{}, false
	case strings.EqualFold(first, "groups"):
		if n >= 2 && handleOK(second, 100, "-_.") {
			return Profile{NetworkFacebook, second, "group"}, true
		}
		return Profile{}, false
	}
	if !handleOK(first, 100, "-_.") || ownPath(NetworkFacebook, first) {
		return Profile{}, false
	}
	return Profile{NetworkFacebook, first, "page"}, true
}

func instagramProfile(_, path string) (Profile, bool) {
	first, _, n := segments(path)
	if n != 1 || !handleOK(first, 30, "._") || ownPath(NetworkInstagram, first) {
		return Profile{}, false
	}
	return Profile{NetworkInstagram, first, "handle"}, true
}

func youTubeProfile(_, path string) (Profile, bool) {
	first, second, n := segments(path)
	if n == 0 {
		return Profile{}, false
	}
	if h, ok := strings.CutPrefix(first, "@"); ok {
		if handleOK(h, 100, "-_.") {
			return Profile{NetworkYouTube, h, "handle"}, true
		}
		return Profile{}, false
	}
	if n < 2 || !handleOK(second, 100, "-_.") {
		return Profile{}, false
	}
	for _, kind := range [...]string{"channel", "c", "user"} {
		if strings.EqualFold(first, kind) {
			return Profile{NetworkYouTube, second, kind}, true
		}
	}
	return Profile{}, false
}

func tikTokProfile(_, path string) (Profile, bool) {
	first, _, n := segments(path)
	h, ok := strings.CutPrefix(first, "@")
	if n != 1 || !ok || !handleOK(h, 24, "._") {
		return Profile{}, false
	}
	return Profile{NetworkTikTok, h, "handle"}, true
}

// mastodonProfile matches a single "@name" segment (or "@name@server", a
// remote account seen from this server) on a host of no known network.
func mastodonProfile(host, path string, withHandle bool) (Profile, bool) {
	if !strings.HasPrefix(path, "/@") {
		return Profile{}, false
	}
	first, _, n := segments(path)
	name, ok := strings.CutPrefix(first, "@")
	if n != 1 || !ok {
		return Profile{}, false
	}
	if !mastodonHostOK(host) {
		return Profile{}, false
	}
	server := host
	if at := strings.IndexByte(name, '@'); at >= 0 {
		name, server = name[:at], name[at+1:]
		if !handleOK(server, 253, "-.") || !strings.Contains(server, ".") {
			return Profile{}, false
		}
	}
	if !handleOK(name, 30, "_") {
		return Profile{}, false
	}
	if !withHandle {
		return Profile{Network: NetworkMastodon, Kind: "handle"}, true
	}
	return Profile{NetworkMastodon, name + "@" + server, "handle"}, true
}

// facebookPageOffset returns where a Facebook page's own path starts in
// path, a path of one of the page's older addresses, or 0:
// "/pg/<page>/..." is the page "/<page>"; "/pages/<name>/<id>/..." (the
// address of a page before it had a username, still linked from many
// sites) is the page "/<id>"; "/pages/category/<category>/<name-id>/..."
// is the page "/<name-id>". Any other "/pages/..." ("/pages/create") is
// Facebook's own page, as its own paths say (socialData).
func facebookPageOffset(path string) int {
	if len(path) > len("/pg/") && strings.EqualFold(path[:len("/pg/")], "/pg/") {
		return len("/pg")
	}
	if len(path) <= len("/pages/") || !strings.EqualFold(path[:len("/pages/")], "/pages/") {
		return 0
	}
	rest := path[len("/pages/"):]
	name, after, ok := strings.Cut(rest, "/")
	if !ok || name == "" {
		return 0
	}
	next, _, _ := strings.Cut(after, "/")
	if strings.EqualFold(name, "category") {
		// "/pages/category/<category>/<name-id>": the page follows the category.
		_, page, ok := strings.Cut(after, "/")
		if ok && next != "" && page != "" && page[0] != '/' {
			return len("/pages/") + len(name) + 1 + len(next)
		}
		return 0
	}
	if next == "" || strings.Trim(next, "0123456789") != "" {
		return 0
	}
	return len("/pages/") + len(name)
}

// mastodonAccount returns the name and the server of a Mastodon profile
// "/@name" or "/@name@server" in path, a key's path on host: the server is
// host for a local account, and a remote account's own server, parsed as a
// host, which must be one a profile could be on there too.
func mastodonAccount(host, path string) (name, server string, ok bool) {
	prof, ok := mastodonProfile(host, path, true)
	if !ok {
		return "", "", false
	}
	name, server, _ = strings.Cut(prof.Handle, "@")
	if server == host {
		return name, server, true
	}
	su, err := ParseURL("https://" + server + "/")
	if err != nil || su.HostKind() != DomainHost {
		return "", "", false
	}
	server = strings.TrimRight(su.Hostname(), ".")
	if networkOf(lastTwoLabels(server)) != nil || !mastodonHostOK(server) {
		return "", "", false
	}
	return name, server, true
}

// mastodonHostOK reports whether a Mastodon profile may be on host: it is
// not one where "/@name" means something else.
func mastodonHostOK(host string) bool {
	for _, d := range socialData().notMastodon {
		if host == d || strings.HasSuffix(host, d) && host[len(host)-len(d)-1] == '.' {
			return false
		}
	}
	return true
}

// facebookID returns the stable id of a Facebook profile or page in path,
// a key's path below a page's older address (facebookPageOffset), and
// where the profile's own path ends: "/people/<name>/<id>" (a person's
// public page) and "/<name>-<id>" (a page without a username, whose
// address is its name and its id: "/Dreykorn-Br%C3%A4u-117872041603103").
// A username has letters, digits and periods only (Facebook Help,
// "Guidelines for creating a custom username",
// facebook.com/help/105399436216001, read 2026-12-01), so a first
// segment with a "-" before six digits or more is a name and an id.
//
// keep is where the path's letters are no longer lowercased in a page key:
// a person's name keeps its case, as "/people/" handles do
// (networkKey), up to the "/" before the id.
func facebookID(path string) (id string, keep, end int, ok bool) {
	first, name, n := segments(path)
	if n == 0 {
		return "", 0, 0, false
	}
	if strings.EqualFold(first, "people") {
		if n < 3 || name == "" {
			return "", 0, 0, false
		}
		start := len("/people/") + len(name) + 1
		id, _, _ = strings.Cut(path[start:], "/")
		if !allDigits(id) {
			return "", 0, 0, false
		}
		return id, len("/people/"), start + len(id), true
	}
	dash := strings.LastIndexByte(first, '-')
	if dash <= 0 || len(first)-dash-1 < 6 || !allDigits(first[dash+1:]) {
		return "", 0, 0, false
	}
	return first[dash+1:], 1 + len(first), 1 + len(first), true
}

// allDigits reports whether s is ASCII digits alone, at most 30.
func allDigits(s string) bool {
	if s == "" || len(s) > 30 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !urlchars.IsDigit(s[i]) {
			return false
		}
	}
	return true
}
