// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package data

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// This file holds the data files, what their entries are, and a function for each file that reads it.

var (
	//go:embed tenants.txt
	tenantsText string
	//go:embed platforms.txt
	platformsText string
	//go:embed state_portals.txt
	statePortalsText string
	//go:embed free_mail.txt
	freeMailText string
	//go:embed free_mail_list.txt
	freeMailListText string
	//go:embed free_mail_sites.txt
	freeMailSitesText string
	//go:embed shorteners.txt
	shortenersText string
	//go:embed link_wrappers.txt
	linkWrappersText string
	//go:embed placeholders.txt
	placeholdersText string
	//go:embed scheme_typos.txt
	schemeTyposText string
	//go:embed reserved_tlds.txt
	reservedTLDsText string
	//go:embed reserved_domains.txt
	reservedDomainsText string
	//go:embed locality_labels.txt
	localityLabelsText string
	//go:embed network_paths.txt
	networkPathsText string
	//go:embed not_mastodon.txt
	notMastodonText string
	//go:embed listings.txt
	listingsText string
	//go:embed free_mail_review.txt
	freeMailReviewText string
)

// The data files, by index in allFiles.
const (
	fTenants = iota
	fPlatforms
	fStatePortals
	fFreeMail
	fFreeMailList
	fFreeMailSites
	fShorteners
	fLinkWrappers
	fPlaceholders
	fSchemeTypos
	fReservedTLDs
	fReservedDomains
	fLocalityLabels
	fNetworkPaths
	fNotMastodon
	fListings
	fFreeMailReview
)

// allFiles are the data files.
var allFiles = [...]file{
	fTenants:         {"tenants.txt", &tenantsText, &shapes},
	fPlatforms:       {"platforms.txt", &platformsText, &shapes},
	fStatePortals:    {"state_portals.txt", &statePortalsText, &domains},
	fFreeMail:        {"free_mail.txt", &freeMailText, &domains},
	fFreeMailList:    {"free_mail_list.txt", &freeMailListText, &domains},
	fFreeMailSites:   {"free_mail_sites.txt", &freeMailSitesText, &domains},
	fShorteners:      {"shorteners.txt", &shortenersText, &shorteners},
	fLinkWrappers:    {"link_wrappers.txt", &linkWrappersText, &wrappers},
	fPlaceholders:    {"placeholders.txt", &placeholdersText, &placeholders},
	fSchemeTypos:     {"scheme_typos.txt", &schemeTyposText, &typos},
	fReservedTLDs:    {"reserved_tlds.txt", &reservedTLDsText, &labels},
	fReservedDomains: {"reserved_domains.txt", &reservedDomainsText, &domains},
	fLocalityLabels:  {"locality_labels.txt", &localityLabelsText, &labels},
	fNetworkPaths:    {"network_paths.txt", &networkPathsText, &networkPaths},
	fNotMastodon:     {"not_mastodon.txt", &notMastodonText, &domains},
	fListings:        {"listings.txt", &listingsText, &listings},
	fFreeMailReview:  {"free_mail_review.txt", &freeMailReviewText, &freeMailReview},
}

// A Shape is a platform of tenants.txt or platforms.txt: a site builder,
// a free host or a provider whose customers get a subdomain or a path of
// its domain.
type Shape struct {
	Shape  string   // "<name>.domain" (a subdomain is a tenant's) or "host/prefix<name>" (a path segment is)
	Own    []string // the platform's own labels, or path segments for a path shape
	Route  string   // an own label below which a label is a tenant's other name
	Seen   string   // how the shape is known: page, list, corpus or request
	Read   string   // the date the source was read
	Source string   // the page, list or corpus
}

// shapes are the entries of tenants.txt and platforms.txt.
var shapes = schema{
	key:      []string{"shape"},
	known:    []string{"shape", "own", "route", "seen", "read", "source"},
	repeated: []string{"own"},
	required: []string{"shape", "seen", "read", "source"},
	check: func(f fields) error {
		shape, route := f.one("shape"), f.one("route")
		if route != "" && (!strings.HasPrefix(shape, "<name>.") || strings.Contains(shape, "/") || !slices.Contains(f.all("own"), route)) {
			return fmt.Errorf("route=%s: a host shape's own label", route)
		}
		switch seen := f.one("seen"); seen {
		case "page", "list", "corpus", "request":
		default:
			return fmt.Errorf("seen=%s is not page, list, corpus or request", seen)
		}
		if shape != strings.ToLower(shape) || strings.Count(shape, "<name>") != 1 || strings.Contains(shape, " ") {
			return fmt.Errorf("shape=%s is not one lowercase shape with <name>", shape)
		}
		return nil
	},
}

func readShapes(fl file, f func(Shape) error) error {
	return read(fl, func(fs fields) error {
		return f(Shape{Shape: fs.one("shape"), Own: fs.all("own"), Route: fs.one("route"), Seen: fs.one("seen"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// Tenants calls f with each of KeyV2's tenant platforms, tenants.txt:
// part of KeyV2, frozen with it.
func Tenants(f func(Shape) error) error {
	return readShapes(allFiles[fTenants], f)
}

// Platforms calls f with each of KeyV3's site platforms beyond KeyV2's
// tenants, platforms.txt.
func Platforms(f func(Shape) error) error {
	return readShapes(allFiles[fPlatforms], f)
}

// A Listing is the shape of an organisation's listing on another's
// platform (an app store's app, a directory's company, a map's place):
// the addresses of the shape name the listing by a stable id, which
// their site and owner keys are.
type Listing struct {
	Name  string   // the shape's name, unique in the file
	Hosts []string // the hosts of its addresses as a site writes them (without "www." and "m."), lowercase
	// Path is the pattern of the first segments of the key's path
	// (lowercased, escapes of unreserved characters decoded): "/"
	// and segments, each literal text, "*" (any run of characters) and
	// at most one "<id>" in all; the address's path may have more
	// segments.
	Path  string
	Query string   // the query parameter that holds the id, when Path has no "<id>"
	Chars string   // the characters of the id: ranges a-z and single characters, as "a-z0-9._-"
	Len   string   // the id's length, "N" or "N-M", or "" for any
	Not   []string // ids that are the platform's own pages, not listings
	Key   string   // the site and owner key, with "<id>" for the id, lowercase
	Seen  string   // how the shape is known: page, list, corpus or request
	Read  string   // the date the source was read
	// Source is the page that documents the shape, or the list that
	// shows it.
	Source string
}

// listings are the entries of listings.txt.
var listings = schema{
	key:      []string{"listing"},
	known:    []string{"listing", "host", "path", "query", "chars", "len", "not", "key", "seen", "read", "source"},
	repeated: []string{"host", "not"},
	required: []string{"listing", "host", "path", "chars", "key", "seen", "read", "source"},
	check: func(f fields) error {
		for _, h := range f.all("host") {
			if !isLower(h) || !strings.Contains(h, ".") {
				return fmt.Errorf("host=%s is not a lowercase host", h)
			}
		}
		path, query := f.one("path"), f.one("query")
		ids := strings.Count(path, "<id>")
		switch {
		case !strings.HasPrefix(path, "/") || path != strings.ToLower(path) || strings.ContainsAny(path, "?#") || path != "/" && strings.HasSuffix(path, "/"):
			return fmt.Errorf("path=%s is not a lowercase path pattern", path)
		case query == "" && ids != 1, query != "" && ids != 0:
			return fmt.Errorf("path=%s query=%s: the id is in the path (one <id>) or in a query parameter", path, query)
		}
		if k := f.one("key"); k != strings.ToLower(k) || strings.Count(k, "<id>") != 1 || strings.HasPrefix(k, "/") {
			return fmt.Errorf("key=%s is not a lowercase host and path with one <id>", k)
		}
		if c := f.one("chars"); ParseChars(c) == nil {
			return fmt.Errorf("chars=%s is not ranges a-z and characters", c)
		}
		if l := f.one("len"); l != "" {
			if _, _, ok := ParseLen(l); !ok {
				return fmt.Errorf("len=%s is not N or N-M", l)
			}
		}
		switch seen := f.one("seen"); seen {
		case "page", "list", "corpus", "request":
		default:
			return fmt.Errorf("seen=%s is not page, list, corpus or request", seen)
		}
		return nil
	},
}

// ParseChars returns the set of the characters of chars (ranges "a-z"
// and single characters; a "-" first or last is itself), or nil when
// chars is empty, not ASCII or has "/", "?", "#", "&" or "=".
func ParseChars(chars string) *[256]bool {
	var set [256]bool
	if chars == "" {
		return nil
	}
	for i := 0; i < len(chars); i++ {
		lo, hi := chars[i], chars[i]
		if i+2 < len(chars) && chars[i+1] == '-' {
			hi = chars[i+2]
			i += 2
		}
		if lo > hi || hi >= 0x80 {
			return nil
		}
		for c := int(lo); c <= int(hi); c++ {
			set[c] = true
		}
	}
	for _, c := range "/?#&=" {
		if set[c] {
			return nil
		}
	}
	return &set
}

// ParseLen returns the lengths of len, "N" or "N-M" with 0 < N <= M.
func ParseLen(s string) (lo, hi int, ok bool) {
	a, b, isRange := strings.Cut(s, "-")
	if !isRange {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	return lo, hi, err1 == nil && err2 == nil && lo > 0 && lo <= hi
}

// Listings calls f with each shape of a listing on a platform,
// listings.txt.
func Listings(f func(Listing) error) error {
	return read(allFiles[fListings], func(fs fields) error {
		return f(Listing{Name: fs.one("listing"), Hosts: fs.all("host"), Path: fs.one("path"), Query: fs.one("query"),
			Chars: fs.one("chars"), Len: fs.one("len"), Not: fs.all("not"), Key: fs.one("key"),
			Seen: fs.one("seen"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// A Domain is an entry of a list of domains: the domain, lowercase, the
// date its source was read and the source.
type Domain struct {
	Domain, Read, Source string
}

// domains are the entries of the lists of domains.
var domains = schema{
	key:      []string{"domain"},
	known:    []string{"domain", "read", "source"},
	required: []string{"domain", "read", "source"},
	check: func(f fields) error {
		if d := f.one("domain"); !isLower(d) || !strings.Contains(d, ".") {
			return fmt.Errorf("domain=%s is not a lowercase domain", d)
		}
		return nil
	},
}

func readDomains(fl file, f func(Domain) error) error {
	return read(fl, func(fs fields) error {
		return f(Domain{Domain: fs.one("domain"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// StatePortals calls f with each portal domain of the US states and
// territories, state_portals.txt.
func StatePortals(f func(Domain) error) error {
	return readDomains(allFiles[fStatePortals], f)
}

// FreeMail calls f with each of the project's own free-mail and provider
// domains, free_mail.txt, which the generated list lacks.
func FreeMail(f func(Domain) error) error {
	return readDomains(allFiles[fFreeMail], f)
}

// FreeMailList calls f with each free-mail and provider domain of the npm
// package free-email-domains, free_mail_list.txt (written by
// gen_freemail.go; some 14,000 domains).
func FreeMailList(f func(Domain) error) error {
	return readDomains(allFiles[fFreeMailList], f)
}

// FreeMailSites calls f with each free-mail and provider domain whose
// website has no owner, free_mail_sites.txt.
func FreeMailSites(f func(Domain) error) error {
	return readDomains(allFiles[fFreeMailSites], f)
}

// A Review is the decision taken on an entry of free_mail_list.txt that
// is, or may be, an education, research or government body's domain.
type Review struct {
	Domain string
	Out    bool   // the entry is taken out of the free-mail domains
	Read   string // the date the source was read
	Source string // the reason, and what it rests on
}

// freeMailReview are the entries of free_mail_review.txt.
var freeMailReview = schema{
	key:      []string{"domain"},
	known:    []string{"domain", "decision", "read", "source"},
	required: []string{"domain", "decision", "read", "source"},
	check: func(f fields) error {
		if d := f.one("domain"); !isLower(d) || !strings.Contains(d, ".") {
			return fmt.Errorf("domain=%s is not a lowercase domain", d)
		}
		if d := f.one("decision"); d != "out" && d != "keep" {
			return fmt.Errorf("decision=%s is not out or keep", d)
		}
		return nil
	},
}

// FreeMailReview calls f with each decision on an entry of
// free_mail_list.txt that is, or may be, an education, research or
// government body's domain, free_mail_review.txt.
func FreeMailReview(f func(Review) error) error {
	return read(allFiles[fFreeMailReview], func(fs fields) error {
		return f(Review{Domain: fs.one("domain"), Out: fs.one("decision") == "out", Read: fs.one("read"), Source: fs.one("source")})
	})
}

// ReservedDomains calls f with each second-level name set aside so that it
// is never a public website, reserved_domains.txt.
func ReservedDomains(f func(Domain) error) error {
	return readDomains(allFiles[fReservedDomains], f)
}

// NotMastodon calls f with each host where "/@name" is not a Mastodon
// profile, not_mastodon.txt.
func NotMastodon(f func(Domain) error) error {
	return readDomains(allFiles[fNotMastodon], f)
}

// A Shortener is the host of a URL shortener's links, whose target is not
// in the link, and the service.
type Shortener struct {
	Host, Service, Read, Source string
}

// shorteners are the entries of shorteners.txt.
var shorteners = schema{
	key:      []string{"host"},
	known:    []string{"host", "service", "read", "source"},
	required: []string{"host", "service", "read", "source"},
	check: func(f fields) error {
		if h := f.one("host"); !isLower(h) || !strings.Contains(h, ".") {
			return fmt.Errorf("host=%s is not a lowercase host", h)
		}
		return nil
	},
}

// Shorteners calls f with each URL shortener, shorteners.txt.
func Shorteners(f func(Shortener) error) error {
	return read(allFiles[fShorteners], func(fs fields) error {
		return f(Shortener{Host: fs.one("host"), Service: fs.one("service"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// A Wrapper is a service that rewrites links so that a click goes through
// it, with the target in the link itself.
type Wrapper struct {
	Name string // the service
	// Kind is how the target is carried: "query", a query parameter,
	// percent-encoded; "base64", a query parameter, base64-encoded;
	// "proofpoint", Proofpoint URL Defense's v1, v2 or v3 links.
	Kind string
	// Hosts are the hosts of its links: a host ending in "." stands for
	// that domain's subdomains, not the domain; "google.<suffix>" for
	// google and any public suffix.
	Hosts  []string
	Paths  []string // the paths of its links, compared ignoring ASCII case; none: any
	Params []string // the query parameters that may hold the target, the first present wins
	Read   string   // the date the source was read
	Source string   // the page or published examples the format was taken from
}

// wrappers are the entries of link_wrappers.txt.
var wrappers = schema{
	key:      []string{"wrapper"},
	known:    []string{"wrapper", "kind", "host", "path", "param", "read", "source"},
	repeated: []string{"host", "path", "param"},
	required: []string{"wrapper", "kind", "host", "read", "source"},
	check: func(f fields) error {
		switch k := f.one("kind"); k {
		case "query", "base64":
			if !f.has("param") {
				return fmt.Errorf("kind=%s without a param", k)
			}
		case "proofpoint":
		default:
			return fmt.Errorf("kind=%s is not query, base64 or proofpoint", k)
		}
		for _, h := range f.all("host") {
			if !isLower(h) || !strings.Contains(strings.TrimSuffix(h, "."), ".") {
				return fmt.Errorf("host=%s is not a lowercase host", h)
			}
		}
		for _, p := range f.all("path") {
			if !strings.HasPrefix(p, "/") {
				return fmt.Errorf("path=%s does not start with /", p)
			}
		}
		return nil
	},
}

// Wrappers calls f with each link wrapper, link_wrappers.txt.
func Wrappers(f func(Wrapper) error) error {
	return read(allFiles[fLinkWrappers], func(fs fields) error {
		return f(Wrapper{Name: fs.one("wrapper"), Kind: fs.one("kind"), Hosts: fs.all("host"), Paths: fs.all("path"),
			Params: fs.all("param"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// A Name is an entry of a list of names: a placeholder, a top-level name,
// a label; the date its source was read and the source.
type Name struct {
	Name, Read, Source string
}

// placeholders are the entries of placeholders.txt: the text of a cell,
// lowercase, with runs of white space as one space and no trailing ".",
// "!" or "?", as they are compared.
var placeholders = schema{
	key:      []string{"placeholder"},
	known:    []string{"placeholder", "read", "source"},
	required: []string{"placeholder", "read", "source"},
	check: func(f fields) error {
		p := f.one("placeholder")
		if p != strings.ToLower(p) || strings.Join(strings.Fields(p), " ") != p || strings.TrimRight(p, ".!?") != p {
			return fmt.Errorf("placeholder=%s is not lowercase, with single spaces and no trailing . ! ?", p)
		}
		return nil
	},
}

// Placeholders calls f with each cell value that stands for "no website",
// placeholders.txt.
func Placeholders(f func(Name) error) error {
	return read(allFiles[fPlaceholders], func(fs fields) error {
		return f(Name{Name: fs.one("placeholder"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// labels are the entries of a list of lowercase ASCII labels.
var labels = schema{
	key:      []string{"label"},
	known:    []string{"label", "read", "source"},
	required: []string{"label", "read", "source"},
	check: func(f fields) error {
		if l := f.one("label"); !isLetters(l) {
			return fmt.Errorf("label=%s is not lowercase ASCII letters", l)
		}
		return nil
	},
}

func readLabels(fl file, f func(Name) error) error {
	return read(fl, func(fs fields) error {
		return f(Name{Name: fs.one("label"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// ReservedTLDs calls f with each top-level name set aside so that it is
// never a public website, reserved_tlds.txt.
func ReservedTLDs(f func(Name) error) error {
	return readLabels(allFiles[fReservedTLDs], f)
}

// LocalityLabels calls f with each label of a branch of a locality's
// government under .us, locality_labels.txt.
func LocalityLabels(f func(Name) error) error {
	return readLabels(allFiles[fLocalityLabels], f)
}

// A Typo is a misspelling of http or https and the scheme it stands for.
type Typo struct {
	Typo, Scheme, Read, Source string
}

// typos are the entries of scheme_typos.txt.
var typos = schema{
	key:      []string{"typo"},
	known:    []string{"typo", "scheme", "read", "source"},
	required: []string{"typo", "scheme", "read", "source"},
	check: func(f fields) error {
		if t := f.one("typo"); !isLetters(t) {
			return fmt.Errorf("typo=%s is not lowercase ASCII letters", t)
		}
		if s := f.one("scheme"); s != "http" && s != "https" {
			return fmt.Errorf("scheme=%s is not http or https", s)
		}
		return nil
	},
}

// SchemeTypos calls f with each misspelling of http and https,
// scheme_typos.txt.
func SchemeTypos(f func(Typo) error) error {
	return read(allFiles[fSchemeTypos], func(fs fields) error {
		return f(Typo{Typo: fs.one("typo"), Scheme: fs.one("scheme"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// A NetworkPath is a first path segment of a social network's own pages,
// which is not a profile's handle.
type NetworkPath struct {
	Network string // the network's name, as in package webaddress's Network
	Segment string // lowercase
	Read    string
	Source  string
}

// networkPaths are the entries of network_paths.txt.
var networkPaths = schema{
	key:      []string{"network", "segment"},
	known:    []string{"network", "segment", "read", "source"},
	required: []string{"network", "segment", "read", "source"},
	check: func(f fields) error {
		if s := f.one("segment"); !isLower(s) {
			return fmt.Errorf("segment=%s is not one lowercase path segment", s)
		}
		return nil
	},
}

// NetworkPaths calls f with each first path segment of a social
// network's own pages, network_paths.txt.
func NetworkPaths(f func(NetworkPath) error) error {
	return read(allFiles[fNetworkPaths], func(fs fields) error {
		return f(NetworkPath{Network: fs.one("network"), Segment: fs.one("segment"), Read: fs.one("read"), Source: fs.one("source")})
	})
}

// isLetters reports whether s is lowercase ASCII letters, one or more.
func isLetters(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}
