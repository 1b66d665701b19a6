// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/onecontact/webaddress/internal/urlchars"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// This file holds KeyV3: its keys at three levels, the Keyer and the split, written from the parts the owner rules find.

// KeyV3, the default, keys at three nested levels:
// "https://shop.acme.co.uk/about?utm_source=x" is page
// "shop.acme.co.uk/about", site "shop.acme.co.uk" and owner "acme.co.uk".
// Profiles, platforms' tenants, portals' agencies and listings
// ("apps.apple.com/app/id1232780281") are owners of their own; a network's
// page that is not a profile, a URL shortener and a free-mail domain have
// none. Its fingerprint names its data's revision; its rules:
// docs/keys.md.
const KeyV3 KeyVersion = 3

// A Level is one of KeyV3's levels: page (the zero Level), site or owner.
type Level uint8

// The levels, from the finest.
const (
	LevelPage  Level = iota // one page of one site
	LevelSite               // one site: a host, or a profile, or a path tenant
	LevelOwner              // one organisation
)

var levelNames = [...]string{"page", "site", "owner"}

// String returns "page", "site" or "owner".
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "Level(" + strconv.Itoa(int(l)) + ")"
}

// MarshalText implements [encoding.TextMarshaler]: "page", "site" or
// "owner". Another Level is an error of code [CodeInvalidArgument].
func (l Level) MarshalText() ([]byte, error) {
	if int(l) >= len(levelNames) {
		return nil, &valueError{code: CodeInvalidArgument, msg: "webaddress: " + l.String() + " is not a level (page, site or owner)"}
	}
	return []byte(levelNames[l]), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: "page", "site" or
// "owner"; anything else is an error of code [CodeInvalidArgument].
func (l *Level) UnmarshalText(text []byte) error {
	for i, n := range levelNames {
		if string(text) == n {
			*l = Level(i)
			return nil
		}
	}
	return &valueError{code: CodeInvalidArgument, msg: "webaddress: level " + strconv.Quote(string(text)) + " is not page, site or owner"}
}

// An OwnerRule says which KeyV3 rule made an address's owner, or why none.
type OwnerRule uint8

// The owner rules. The zero OwnerRule is OwnerNone: no address, or a
// version without levels.
const (
	OwnerNone        OwnerRule = iota // no address
	OwnerDomain                       // the registrable domain
	OwnerHost                         // the host whole: an IP address, an opaque host, a public suffix, no host
	OwnerPlatform                     // a tenant of a site platform, or an agency or town on a state portal
	OwnerLocality                     // a branch of a locality's government under .us, or a local government under lg.jp
	OwnerPathTenant                   // a path tenant: sites.google.com/view/<name>, a portal's agency (www.gov.uk/government/organisations/<name>), ...
	OwnerProfile                      // a social profile
	OwnerAlias                        // a registrable domain a Keyer's aliases map to another
	NoOwnerNetwork                    // no owner: a social network's page that is not a profile
	NoOwnerShortener                  // no owner: a URL shortener
	NoOwnerFreeMail                   // no owner: a free-mail domain
	OwnerListing                      // an organisation's listing on another's platform (an app, a directory's company, a map's place)
)

var ownerRuleNames = [...]string{"none", "domain", "host", "platform", "locality", "path-tenant", "profile", "alias",
	"no-owner-network", "no-owner-shortener", "no-owner-free-mail", "listing"}

// String returns the rule's name, as in "platform" or "no-owner-network".
func (r OwnerRule) String() string {
	if int(r) < len(ownerRuleNames) {
		return ownerRuleNames[r]
	}
	return "OwnerRule(" + strconv.Itoa(int(r)) + ")"
}

// HasOwner reports whether the rule gives an owner.
func (r OwnerRule) HasOwner() bool { return r >= OwnerDomain && r <= OwnerAlias || r == OwnerListing }

// Levels are an address's KeyV3 keys at each level, and its owner's rule.
type Levels struct {
	Page, Site, Owner string    // the keys; Owner is "" when Rule has no owner
	Rule              OwnerRule // how Owner was found, or why there is none
}

// Levels returns a's KeyV3 keys at each level and the owner's rule, with
// the built-in rules. The zero Address has zero Levels.
func (a Address) Levels() Levels { return (*Keyer)(nil).Levels(a) }

// Split returns the host's registrable domain, public suffix and
// subdomain, and whether the suffix is a private one of the Public Suffix
// List: "https://Shop.Acme.co.uk/" gives "acme.co.uk", "co.uk", "shop",
// false. A public suffix has no domain, an IP address none of them; an
// opaque host that is a domain name ("ssh://mail.google.com/") is split
// too.
func (a Address) Split() (domain, suffix, subdomain string, private bool) {
	host, ok := splitHost(&a.url)
	if !ok {
		return "", "", "", false
	}
	return splitOf(host, publicSuffixOf(host))
}

// splitOf returns the split of host, whose look-up is info.
func splitOf(host string, info suffixInfo) (domain, suffix, subdomain string, private bool) {
	if info.suffix == "" {
		return "", "", "", false
	}
	domain = info.registrable
	if domain != "" && len(host) > len(domain) {
		subdomain = host[:len(host)-len(domain)-1]
	}
	return domain, info.suffix, subdomain, !info.icann && info.listed
}

// A Keyer makes KeyV3 keys with a user's platforms and aliases besides the
// built-in rules. The nil *Keyer has the built-in rules only. A Keyer is
// safe for concurrent use.
type Keyer struct {
	platforms   platformIndex
	pathHosts   map[string][]pathTenant // the path tenants of platforms by host
	listings    listingIndex            // the listings' shapes by host (listings.txt)
	known       tailFilter              // the tails of platforms' domains and of pathHosts
	deep        bool                    // a platform's domain is longer than its registrable domain
	aliases     map[string]string
	fingerprint string
}

// KeyOptions are what a [Keyer] adds to KeyV3's built-in rules.
type KeyOptions struct {
	// Platforms are extra site platforms, each a shape as in KeyV3's
	// list: "<name>.example.net" (or just "example.net") when each
	// subdomain of example.net is a customer's site, or
	// "example.net/sites/<name>" when a path segment is.
	Platforms []string `json:"platforms,omitempty"`
	// Aliases map a registrable domain to the one that names the same
	// owner: {"acme.de": "acme.com"} makes acme.de's owner acme.com.
	Aliases map[string]string `json:"aliases,omitempty"`
}

// IsZero reports whether o adds nothing to KeyV3's built-in rules.
func (o KeyOptions) IsZero() bool { return len(o.Platforms) == 0 && len(o.Aliases) == 0 }

// ReadPlatforms adds to o.Platforms the shapes of a file, one a line,
// lowercased; blank lines and lines that start with "#" are skipped. An
// error names the line and has the code [CodeInvalidArgument]; an error of
// r is returned as it is.
func (o *KeyOptions) ReadPlatforms(r io.Reader) error {
	return readKeyLines(r, func(n int, line string) error {
		if strings.ContainsAny(line, " \t,") {
			return &valueError{code: CodeInvalidArgument, msg: fmt.Sprintf("line %d: %q is not one platform", n, line)}
		}
		o.Platforms = append(o.Platforms, strings.ToLower(line))
		return nil
	})
}

// ReadAliases adds to o.Aliases the pairs of a file, one a line, the
// domain and the one it is, separated by white space, "," or "=" ("acme.de
// acme.com"); otherwise as [KeyOptions.ReadPlatforms].
func (o *KeyOptions) ReadAliases(r io.Reader) error {
	return readKeyLines(r, func(n int, line string) error {
		f := strings.FieldsFunc(line, func(c rune) bool { return c == ' ' || c == '\t' || c == ',' || c == '=' })
		if len(f) != 2 {
			return &valueError{code: CodeInvalidArgument, msg: fmt.Sprintf("line %d: %q is not two domains", n, line)}
		}
		if o.Aliases == nil {
			o.Aliases = make(map[string]string)
		}
		from := strings.ToLower(f[0])
		if prev, ok := o.Aliases[from]; ok && prev != strings.ToLower(f[1]) {
			return &valueError{code: CodeInvalidArgument, msg: fmt.Sprintf("line %d: %s is %s already", n, from, prev)}
		}
		o.Aliases[from] = strings.ToLower(f[1])
		return nil
	})
}

// readKeyLines calls line for each line of r that is not blank or a
// comment, trimmed, with its number from 1.
func readKeyLines(r io.Reader, line func(n int, text string) error) error {
	s := bufio.NewScanner(r)
	for n := 1; s.Scan(); n++ {
		t := strings.TrimSpace(s.Text())
		if t == "" || t[0] == '#' {
			continue
		}
		if err := line(n, t); err != nil {
			return err
		}
	}
	return s.Err()
}

// NewKeyer returns a Keyer with the built-in rules and o. Each platform
// and alias must be a lowercase ASCII domain (A-labels) that is not a
// public suffix; an error of code [CodeInvalidArgument] names the first
// that is not.
func NewKeyer(o KeyOptions) (*Keyer, error) {
	k := &Keyer{platforms: builtin().platforms.clone(), listings: builtin().listings, aliases: make(map[string]string, len(o.Aliases))}
	var fp strings.Builder
	if len(o.Platforms) > 0 {
		for _, p := range o.Platforms {
			shape := p
			if !strings.Contains(shape, "<name>") {
				shape = "<name>." + shape
			}
			host, rest, isPath := strings.Cut(strings.TrimPrefix(shape, "<name>."), "/")
			if err := checkOptionDomain("platform", p, host); err != nil {
				return nil, err
			}
			if isPath && (!strings.HasSuffix(rest, "<name>") || strings.Count(shape, "<name>") != 1) {
				return nil, &valueError{code: CodeInvalidArgument, msg: "webaddress: platform " + strconv.Quote(p) + ": a path platform is host/prefix/<name>"}
			}
			if k.platforms.addShape(shape, nil) {
				k.deep = true
			}
		}
		fp.WriteString(" platforms+" + shortHash(strings.Join(o.Platforms, "\n")))
	}
	if len(o.Aliases) > 0 {
		var lines []string
		for from, to := range o.Aliases {
			if err := checkOptionDomain("alias", from, from); err != nil {
				return nil, err
			}
			if err := checkOptionDomain("alias", to, to); err != nil {
				return nil, err
			}
			k.aliases[from] = to
			lines = append(lines, from+" "+to)
		}
		slices.Sort(lines)
		fp.WriteString(" aliases=" + shortHash(strings.Join(lines, "\n")))
	}
	k.pathHosts = pathHostsOf(k.platforms)
	k.known = knownTails(k.platforms, k.pathHosts)
	k.fingerprint = KeyV3.Fingerprint() + fp.String()
	return k, nil
}

// checkOptionDomain checks a domain of KeyOptions.
func checkOptionDomain(what, entry, domain string) error {
	if domain == "" || domain != strings.ToLower(domain) || !urlchars.IsASCII(domain) || strings.ContainsAny(domain, " \t/:@?#") {
		return &valueError{code: CodeInvalidArgument, msg: "webaddress: " + what + " " + strconv.Quote(entry) + ": " + strconv.Quote(domain) + " is not a lowercase ASCII domain"}
	}
	if info := publicSuffixOf(domain); info.suffix == domain {
		return &valueError{code: CodeInvalidArgument, msg: "webaddress: " + what + " " + strconv.Quote(entry) + ": " + domain + " is a public suffix"}
	}
	return nil
}

// Fingerprint returns KeyV3's fingerprint and what k adds ("
// platforms+HASH", " aliases=HASH"). Store it beside the keys.
func (k *Keyer) Fingerprint() string {
	if k == nil {
		return KeyV3.Fingerprint()
	}
	return k.fingerprint
}

// Key returns a's KeyV3 key at level l with k's rules.
func (k *Keyer) Key(a Address, l Level) string {
	return string(k.appendKey(make([]byte, 0, len(a.url.Href())+8), &a, l))
}

// AppendKey appends a's KeyV3 key at level l with k's rules to dst.
func (k *Keyer) AppendKey(dst []byte, a Address, l Level) []byte {
	return k.appendKey(dst, &a, l)
}

// appendKey is AppendKey on *a, which it does not copy.
func (k *Keyer) appendKey(dst []byte, a *Address, l Level) []byte {
	if a.url.href == "" || l > LevelOwner { // !a.IsValid(), which would copy *a
		return dst
	}
	if l == LevelPage && !a.url.isHTTP() && !a.url.HasOpaquePath() {
		return appendOtherPageKey(dst, a)
	}
	if k == nil {
		k = builtin()
	}
	if d, ok := k.appendPlainKey(dst, a, l); ok {
		return d
	}
	var buf [128]byte
	var p keyParts
	path := k.parts(&p, a, l, false, buf[:0])
	return p.append(dst, a, l, path)
}

// Levels returns a's [Levels] with k's rules.
func (k *Keyer) Levels(a Address) Levels {
	lv, _ := k.levels(&a, false)
	return lv
}

// hostSplit is what [Address.Split] returns.
type hostSplit struct {
	domain, suffix, subdomain string
	private                   bool
}

// levels returns a's Levels with k's rules and, when split is true, its
// host's split, from the same look-up.
func (k *Keyer) levels(a *Address, split bool) (Levels, hostSplit) {
	if a.url.href == "" {
		return Levels{}, hostSplit{}
	}
	var buf [128]byte
	var p keyParts
	path := k.parts(&p, a, LevelOwner, true, buf[:0])
	var stack [256]byte
	b := p.append(stack[:0], a, LevelPage, path)
	page := len(b)
	b = p.append(b, a, LevelSite, path)
	site := len(b)
	b = p.append(b, a, LevelOwner, path)
	s := string(b)
	var hs hostSplit
	if split && p.hasInfo {
		hs.domain, hs.suffix, hs.subdomain, hs.private = splitOf(p.fullHost, p.info)
	}
	return Levels{Page: s[:page], Site: s[page:site], Owner: s[site:], Rule: p.rule}, hs
}

// keyParts are the parts of an address's KeyV3 keys.
type keyParts struct {
	opaque   bool
	scheme   string // the scheme, written in front unless it is http or https
	slashes  bool   // "//" after "scheme:": the URL has a host
	host     string // the site's host (a profile's: the network's one name)
	port     string
	fullHost string     // the host without root dots, for the split
	info     suffixInfo // its look-up, when hasInfo
	hasInfo  bool

	siteStart int // path[siteStart:siteEnd] is the site's (a profile's or a path tenant's)
	siteEnd   int
	siteID    string // a Facebook id: the site is the host, "/" and the id
	profile   bool   // the page of the profile itself is the site
	query     bool   // the page has the query
	direct    bool   // the page's path is the URL's, written by append

	owner   string // the owner's host, when it is not the site's
	listing string // a listing's site and owner key
	rule    OwnerRule
}

// dropSiteLabels returns host without its leading labels that the site
// drops (siteLabel) as long as its registrable domain reg remains; host
// whole when reg is "".
func dropSiteLabels(host, reg string) string {
	if reg == "" {
		return host
	}
	for len(host) > len(reg) {
		i := strings.IndexByte(host, '.')
		if !siteLabel(host[:i]) || len(host)-i-1 < len(reg) {
			break
		}
		host = host[i+1:]
	}
	return host
}

// builtin returns the nil *Keyer's rules, the built-in platform list and
// no aliases, read on first use.
func builtin() *Keyer {
	builtinOnce.Do(readBuiltin)
	return &builtinKeyer
}

var (
	builtinOnce  sync.Once
	builtinKeyer Keyer // builtin's
)

// readBuiltin reads builtinKeyer.
func readBuiltin() {
	x := readBuiltinPlatforms()
	k := Keyer{platforms: x, listings: readListings(x), pathHosts: pathHostsOf(x)}
	k.known = knownTails(k.platforms, k.pathHosts)
	builtinKeyer = k
}

// pathHostsOf returns the path tenants of x by host, in x's order for a
// host, for the site's key, which finds them without the registrable
// domain, where the owner's finds them by it in x: as parts does, a host of
// three labels or more that is a public suffix has none.
func pathHostsOf(x platformIndex) map[string][]pathTenant {
	m := make(map[string][]pathTenant)
	for _, e := range x {
		for _, pt := range e.paths {
			if strings.Count(pt.host, ".") < 2 || publicSuffixOf(pt.host).registrable != "" {
				m[pt.host] = append(m[pt.host], pt)
			}
		}
	}
	return m
}

// shortHash returns the first 12 hex digits of the SHA-256 of s.
func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:6])
}

// siteLabel reports whether a first label is one the site drops: "www",
// "www" and digits, or "m".
func siteLabel(label string) bool {
	if label == "m" {
		return true
	}
	if !strings.HasPrefix(label, "www") {
		return false
	}
	for i := 3; i < len(label); i++ {
		if !urlchars.IsDigit(label[i]) {
			return false
		}
	}
	return true
}

// append appends the key at level l; path is what parts returned.
func (p *keyParts) append(dst []byte, a *Address, l Level, path []byte) []byte {
	if p.opaque {
		dst = append(dst, p.scheme...)
		dst = append(dst, ':')
		dst = appendOpaqueKeyPath(dst, a.url.Pathname())
		if l == LevelPage {
			dst = appendKeyQueryOf(dst, a)
		}
		return dst
	}
	if !p.rule.HasOwner() {
		switch l {
		case LevelOwner:
			return dst
		case LevelSite:
			l = LevelPage // the site of an address without owner is its page
		}
	}
	if p.scheme != "" {
		dst = append(dst, p.scheme...)
		dst = append(dst, ':')
		if p.slashes {
			dst = append(dst, '/', '/')
		}
	}
	if l != LevelPage && p.listing != "" {
		return append(dst, p.listing...)
	}
	if l == LevelOwner && p.owner != "" {
		return append(dst, p.owner...)
	}
	dst = append(dst, p.host...)
	if l != LevelOwner && p.port != "" {
		dst = append(dst, ':')
		dst = append(dst, p.port...)
	}
	if l != LevelPage || p.profile {
		if p.siteID != "" {
			dst = append(dst, '/')
			return append(dst, p.siteID...)
		}
		return append(dst, path[p.siteStart:p.siteEnd]...)
	}
	if p.direct {
		dst = appendKeyPath(dst, a.url.Pathname(), 0, 0)
	} else {
		dst = append(dst, path...)
	}
	if p.query {
		dst = appendKeyQueryOf(dst, a)
	}
	return dst
}
