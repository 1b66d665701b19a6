// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "strings"

// Network names a social network whose profile addresses [Address.Profile]
// recognizes.
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
// handle as written in the path (without "@"; on Mastodon, "name@host"),
// and the kind of page: "in", "company", "school", "showcase" or "pub" on
// LinkedIn; "user" or "org" on GitHub; "page", "profile", "people" or
// "group" on Facebook; "handle", "channel", "c" or "user" on YouTube;
// "handle" on X, Instagram, TikTok and Mastodon.
//
// A profile says the address has the shape of a profile on the network,
// not that the profile exists: nothing is looked up.
type Profile struct {
	Network Network `json:"network"`
	Handle  string  `json:"handle"`
	Kind    string  `json:"kind"`
}

// Profile returns the social profile the address has the shape of, and
// whether it has one. Only http and
// https addresses match; a network's hosts are its domains and their
// subdomains (www., m., mobile., any), never lookalikes such as
// notgithub.com or github.com.evil.example. Case in the host, a trailing
// "/", the query and the fragment do not matter.
func (a Address) Profile() (Profile, bool) {
	if a.facts&factProfiles == 0 {
		return Profile{}, false
	}
	return profileOf(&a.url, true)
}

// profileOf finds the profile shape of u. Without withHandle, a Mastodon
// profile's Handle may be "": the facts need only the network, and a
// handle on the address's own server is a string to make.
func profileOf(u *URL, withHandle bool) (Profile, bool) {
	if !u.isHTTP() || u.HostKind() != DomainHost {
		return Profile{}, false
	}
	host := strings.TrimSuffix(u.Hostname(), ".")
	if n := networkOf(lastTwoLabels(host)); n != nil {
		return n.match(*u, strings.TrimSuffix(u.Pathname(), "/"))
	}
	if path := u.Pathname(); strings.HasPrefix(path, "/@") { // most hosts are of no network
		return mastodonProfile(host, strings.TrimSuffix(path, "/"), withHandle)
	}
	return Profile{}, false
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

// network is one network's hosts and the shapes of its profile paths.
type network struct {
	name    Network
	domains []string
	match   func(u URL, path string) (Profile, bool)
}

// networks are the networks whose hosts are known. Mastodon is not among
// them: its profiles are on any other host.
var networks = [...]network{
	{NetworkLinkedIn, []string{"linkedin.com"}, linkedInProfile},
	{NetworkX, []string{"x.com", "twitter.com"}, xProfile},
	{NetworkGitHub, []string{"github.com"}, gitHubProfile},
	{NetworkFacebook, []string{"facebook.com", "fb.com"}, facebookProfile},
	{NetworkInstagram, []string{"instagram.com"}, instagramProfile},
	{NetworkYouTube, []string{"youtube.com"}, youTubeProfile},
	{NetworkTikTok, []string{"tiktok.com"}, tikTokProfile},
}

// networkSlots finds each domain of networks: an open-addressing table
// indexed by networkHash, cheaper than a map for the one look-up every
// address makes. The domains are all of two labels (TestNetworkDomains),
// so a host's last two labels find its network.
var networkSlots = func() (t [64]struct {
	domain string
	n      *network
}) {
	for i := range networks {
		for _, d := range networks[i].domains {
			h := networkHash(d)
			for t[h].n != nil {
				h = (h + 1) % len(t)
			}
			t[h].domain, t[h].n = d, &networks[i]
		}
	}
	return t
}()

// networkHash is the slot where networkSlots looks domain up first.
func networkHash(domain string) int {
	if len(domain) < 2 {
		return len(domain)
	}
	return (len(domain)*7 + int(domain[0])*3 + int(domain[len(domain)-2])) % 64
}

// networkOf returns the network whose domain is domain, or nil.
func networkOf(domain string) *network {
	for h := networkHash(domain); networkSlots[h].n != nil; h = (h + 1) % len(networkSlots) {
		if networkSlots[h].domain == domain {
			return networkSlots[h].n
		}
	}
	return nil
}

// The reserved first path segments below are each site's own pages, which
// are not profiles. They were compiled on 2026-11-30 from the sites' main
// navigation, footers, help pages and robots.txt files as this project
// knows them (this machine cannot reach the sites); add to them as sites
// grow, which changes no key.

// xReserved are X's (and Twitter's) own top-level pages.
var xReserved = set("home", "explore", "search", "settings", "i", "intent", "notifications", "messages",
	"tos", "privacy", "login", "logout", "signup", "account", "compose", "share", "hashtag",
	"jobs", "lists", "bookmarks", "communities", "premium", "verified", "about", "download",
	"help", "rules", "en", "following", "followers", "topics", "moments", "oauth", "oauth2",
	"signin", "sessions", "tweet", "status", "statuses", "user", "users", "who_to_follow",
	"connect", "welcome", "safety", "ads", "business", "developer", "developers", "api",
	"media", "search-home", "sms", "onboarding", "grok", "creators", "spaces", "x")

// gitHubReserved are GitHub's own top-level pages.
var gitHubReserved = set("features", "pricing", "about", "login", "logout", "join", "signup", "sessions",
	"marketplace", "topics", "collections", "trending", "explore", "events", "sponsors",
	"enterprise", "team", "customer-stories", "security", "settings", "notifications",
	"new", "organizations", "orgs", "search", "pulls", "issues", "codespaces", "discussions",
	"apps", "site", "contact", "readme", "education", "github-copilot", "copilot", "mobile",
	"stars", "watching", "dashboard", "account", "password_reset", "users", "nonprofit",
	"premium-support", "resources", "solutions", "why-github", "git-guides", "blog", "home",
	"shop", "status", "support", "showcases", "styleguide", "integrations", "personal",
	"partners", "open-source", "gist", "gists", "raw", "downloads", "logos", "auth")

// facebookReserved are Facebook's own top-level pages.
var facebookReserved = set("sharer", "sharer.php", "share", "share.php", "login", "login.php", "logout.php",
	"events", "watch", "marketplace", "gaming", "groups", "pages", "help", "policies",
	"privacy", "terms", "settings", "notifications", "messages", "friends", "photo", "photo.php",
	"photos", "video", "video.php", "videos", "reel", "reels", "stories", "story.php", "dialog",
	"plugins", "home.php", "recover", "r.php", "reg", "signup", "business", "ads", "legal",
	"about", "careers", "fundraisers", "hashtag", "search", "bookmarks", "saved", "memories",
	"feeds", "permalink.php", "l.php", "tr", "ajax", "developers", "games", "places", "lite",
	"mobile", "find-friends", "dating", "jobs", "live", "media", "offers", "security", "checkpoint")

// instagramReserved are Instagram's own top-level pages.
var instagramReserved = set("p", "reel", "reels", "tv", "explore", "stories", "accounts", "direct",
	"about", "legal", "developer", "web", "emails", "challenge", "oauth", "session", "graphql",
	"api", "static", "create", "nametag", "directory", "privacy", "terms", "help", "press",
	"blog", "jobs", "lite", "download", "ar", "topics", "your_activity", "threads")

// mastodonExcluded are hosts where "/@name" is not a Mastodon profile.
var mastodonExcluded = []string{"medium.com", "substack.com", "threads.net", "threads.com"}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// reserved reports whether seg, ignoring ASCII case, is in m.
func reserved(m map[string]bool, seg string) bool {
	var buf [32]byte
	if len(seg) > len(buf) {
		return false
	}
	b := buf[:0]
	for i := 0; i < len(seg); i++ {
		b = append(b, lower(seg[i]))
	}
	return m[string(b)]
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
		if !isAlpha(c) && !isDigit(c) && strings.IndexByte(extra, c) < 0 {
			return false
		}
	}
	return true
}

func linkedInProfile(u URL, path string) (Profile, bool) {
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

func xProfile(u URL, path string) (Profile, bool) {
	first, _, n := segments(path)
	if n != 1 || !handleOK(first, 15, "_") || reserved(xReserved, first) {
		return Profile{}, false
	}
	return Profile{NetworkX, first, "handle"}, true
}

func gitHubProfile(u URL, path string) (Profile, bool) {
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
	if !handleOK(first, 39, "-") || reserved(gitHubReserved, first) {
		return Profile{}, false
	}
	return Profile{NetworkGitHub, first, "user"}, true
}

func facebookProfile(u URL, path string) (Profile, bool) {
	first, second, n := segments(path)
	switch {
	case n == 0:
		return Profile{}, false
	case strings.EqualFold(first, "profile.php"):
		// profile.php?id=<digits>
		query, _ := u.Query()
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
	if !handleOK(first, 100, "-_.") || reserved(facebookReserved, first) {
		return Profile{}, false
	}
	return Profile{NetworkFacebook, first, "page"}, true
}

func instagramProfile(u URL, path string) (Profile, bool) {
	first, _, n := segments(path)
	if n != 1 || !handleOK(first, 30, "._") || reserved(instagramReserved, first) {
		return Profile{}, false
	}
	return Profile{NetworkInstagram, first, "handle"}, true
}

func youTubeProfile(u URL, path string) (Profile, bool) {
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

func tikTokProfile(u URL, path string) (Profile, bool) {
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
	for _, d := range mastodonExcluded {
		if host == d || strings.HasSuffix(host, d) && host[len(host)-len(d)-1] == '.' {
			return Profile{}, false
		}
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
