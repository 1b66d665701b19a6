// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"github.com/onecontact/webaddress/internal/urlchars"
	"strings"
)

// This file holds KeyV3's owner rules, an ordered list, and parts, which finds an address's key parts with them.

// An ownerRule is one rule of KeyV3's owner level: what it matches, the
// owner it gives, and the OwnerRule that [Levels.Rule] reports.
type ownerRule struct {
	match   ruleMatch // its test, in ownerCase.match
	rule    OwnerRule
	changes Level  // the finest level whose key the rule changes
	matches string // what it matches
	gives   string // the owner it gives
}

// ruleMatch names the test of an entry of ownerRules.
type ruleMatch uint8

const (
	matchProfile ruleMatch = iota
	matchMastodon
	matchPathTenant
	matchListing
	matchNetwork
	matchShortener
	matchFreeMail
	matchHostWhole
	matchPlatform
	matchLocality
	matchAlias
	matchSuffix
	matchDomain
)

// ownerRules are KeyV3's owner rules, tried in order: the first that
// matches an address gives its owner, or says why it has none. The rules
// are sorted by the finest level whose key they change: the first two
// make a profile's page and site, the third a path tenant's site, the
// three rules of no owner make the site the page (two addresses without
// owner are one site only when they are one page, so that a site lies in
// one owner), the others change only the owner. A key at level l needs only the rules that
// change l or a finer level, so parts stops before the others (the one
// speed shortcut of the list: the rules after it change no byte of the
// key, which TestLevelsCorpus checks on every address of the corpus).
var ownerRules = [...]ownerRule{
	{matchProfile, OwnerProfile, LevelPage,
		"an http(s) address on the scheme's default port whose key's path has the shape of a social network's profile (Address.Profile's shapes), or of a page below one",
		"the profile: the network's one name and the path to the handle"},
	{matchMastodon, OwnerProfile, LevelPage,
		"a Mastodon profile, /@name or /@name@server, on the default port of a host of no known network",
		"the profile, on the account's own server"},
	{matchPathTenant, OwnerPathTenant, LevelSite,
		"a path tenant of a platform (sites.google.com/view/<name>, medium.com/@<name>, ...)",
		"the site: the platform's host and the path to the tenant's name"},
	{matchListing, OwnerListing, LevelSite,
		"an organisation's listing on another's platform, of a shape of listings.txt (apps.apple.com/us/app/<slug>/id<id>, play.google.com/store/apps/details?id=<id>, yelp.com/biz/<alias>, ...)",
		"the listing, by its stable id: the shape's key (apps.apple.com/app/id<id>)"},
	{matchNetwork, NoOwnerNetwork, LevelSite,
		"another page of a social network (facebook.com, linkedin.com/feed)",
		"none"},
	{matchShortener, NoOwnerShortener, LevelSite,
		"a URL shortener's host (bit.ly)",
		"none"},
	{matchFreeMail, NoOwnerFreeMail, LevelSite,
		"a free-mail or provider mail domain itself, of the curated list (gmail.com, www.yahoo.com, web.de; finance.yahoo.com is Yahoo's)",
		"none"},
	{matchHostWhole, OwnerHost, LevelOwner,
		"an IP address, an opaque host, no host, or a domain with no registrable domain",
		"the host whole"},
	{matchPlatform, OwnerPlatform, LevelOwner,
		"a subdomain of a site platform or a state portal, but the platform's own labels",
		"the tenant's label and the platform's domain"},
	{matchLocality, OwnerLocality, LevelOwner,
		"<label>.<locality>.<state>.us with a locality label (ci, co, town, ...), or <type>.<name>.lg.jp and <type>.<name>.<prefecture>.lg.jp (metro, pref, city, town, vill, union)",
		"the label and the locality's domain (and the name between them under lg.jp)"},
	{matchAlias, OwnerAlias, LevelOwner,
		"a registrable domain a Keyer's aliases map to another",
		"the other domain"},
	{matchSuffix, OwnerHost, LevelOwner,
		"a public suffix itself, as the look-up of the split says (without it, a host of two labels is its own registrable domain: the same key)",
		"the host whole"},
	{matchDomain, OwnerDomain, LevelOwner,
		"any other domain",
		"the registrable domain"},
}

// ruleInput is what the owner rules read of an address besides its key
// parts.
type ruleInput struct {
	kind HostKind
	reg  string      // the host's registrable domain, when the keys need it
	web  bool        // http(s) on the default port, a domain: a profile may be there
	n    *network    // the social network of a web host
	e    *ownerEntry // what the lists know of reg, for the owner
	tail bool        // the host's last two labels are a tail of no owner (tails)
	// known: the host's last two labels may be those of a domain of the
	// Keyer's platforms or of a host of its path tenants (Keyer.known);
	// when they are not, neither map has the host or its domain.
	known bool
}

// parts fills p for the keys up to level upTo (and the host's split with
// split) and returns the key's path that a profile or a path tenant rule
// wrote in buf, or nil: the page's path is then the URL's.
func (k *Keyer) parts(p *keyParts, a *Address, upTo Level, split bool, buf []byte) []byte {
	if k == nil {
		k = builtin()
	}
	p.rule = OwnerHost
	if a.url.HasOpaquePath() {
		p.opaque = true
		p.scheme = a.url.Scheme()
		return nil
	}
	var in ruleInput
	k.readInput(&in, p, a, upTo, split)
	switch {
	case upTo == LevelOwner && k.plainDomain(p, a, &in):
		// The speed shortcut: the rules would give the domain.
		p.rule, p.owner = OwnerDomain, in.reg
		p.direct, p.query = true, true
		return nil
	case upTo < LevelOwner && k.plainSite(p, a, &in, upTo):
		// The speed shortcut: no rule would match.
		p.direct, p.query = true, true
		return nil
	}
	return k.applyRules(p, a, upTo, &in, buf)
}

// readInput fills the scheme, the port and the site's host of p (and the
// split with split), and in with what the rules read for the keys up to
// upTo.
func (k *Keyer) readInput(in *ruleInput, p *keyParts, a *Address, upTo Level, split bool) {
	in.kind = a.url.HostKind()
	in.reg = hostParts(p, a, upTo, split)
	in.web = p.port == "" && a.url.isHTTP() && in.kind == DomainHost
	if in.kind != DomainHost || upTo == LevelPage && !in.web {
		return
	}
	tail := lastTwoLabels(p.host) // a network's domain, or a no-owner tail
	t := tailOf(tail)
	if in.web {
		in.n = t.n
	}
	if upTo == LevelPage {
		return
	}
	// The site of a shortener or a free-mail domain is its page: the
	// rules of no owner need the look-ups only for these last two labels.
	in.tail = t.noOwner
	in.known = k.known.has(tail)
	if upTo == LevelSite && in.tail && in.reg == "" {
		in.reg = publicSuffixOf(p.host).registrable
	}
	if (upTo == LevelOwner || in.tail) && in.reg != "" && in.known {
		in.e = k.platforms[in.reg]
	}
}

// A tailEntry is what the owner rules know of a host's last two labels.
type tailEntry struct {
	tail string
	n    *network // the social network whose domain they are
	// noOwner: they are the last two labels of a shortener's host or of a
	// free-mail domain, which the rules of no owner may match; a site's
	// key needs those rules, and the look-ups they take, only for a host
	// that ends so.
	noOwner bool
}

// A tailTable holds the last two labels the owner rules know (tailEntry),
// in an open-addressing table indexed by tailSlot: cheaper than a map for
// the look-up every key makes, and one look-up for both. Its slots are
// small and mostly empty (146 entries in 1,024 slots): most look-ups read
// one slot and no string.
type tailTable struct {
	slots   [1 << tailBits]uint16 // 1 + the index in entries of the tail there; 0: none
	entries []tailEntry
}

// tailBits are the bits of a slot's index in a tailTable.
const tailBits = 10

// add returns the entry of tail, added when there is none.
func (t *tailTable) add(tail string) *tailEntry {
	h := tailSlot(tail)
	for ; t.slots[h] != 0; h = (h + 1) % len(t.slots) {
		if e := &t.entries[t.slots[h]-1]; e.tail == tail {
			return e
		}
	}
	t.entries = append(t.entries, tailEntry{tail: tail})
	t.slots[h] = uint16(len(t.entries))
	return &t.entries[len(t.entries)-1]
}

// addNetworks adds the domains of the social networks.
func (t *tailTable) addNetworks() {
	for i := range networks {
		for _, d := range networks[i].domains {
			t.add(d).n = &networks[i]
		}
	}
}

// tailOf returns the entry of the owner rules' tails for tail, the last
// two labels of a host, or the zero entry.
func tailOf(tail string) tailEntry {
	t := &ownerData().tails
	for h := tailSlot(tail); t.slots[h] != 0; h = (h + 1) % len(t.slots) {
		if e := &t.entries[t.slots[h]-1]; e.tail == tail {
			return *e
		}
	}
	return tailEntry{}
}

// tailSlot is the slot where a tailTable looks tail up first.
func tailSlot(tail string) int { return int(tailHash(tail) >> (32 - tailBits)) }

// tailHash is a hash of tail's length and its first two and last bytes, a
// few instructions, whose top bits mix them all (Knuth's multiplicative
// hash).
func tailHash(tail string) uint32 {
	h := uint32(len(tail))
	if len(tail) >= 2 {
		h |= uint32(tail[0])<<8 | uint32(tail[1])<<16 | uint32(tail[len(tail)-1])<<24
	}
	return h * 0x9e3779b9
}

// A tailFilter has the bit of each of a set of last two labels (the top
// bits of their tailHash): one whose bit is clear is none of them, at the
// cost of a hash and no look-up in a map.
type tailFilter [1 << 12 / 64]uint64

// knownTails returns the filter of the last two labels of the domains of
// x and of the hosts of pathHosts.
func knownTails(x platformIndex, pathHosts map[string][]pathTenant) (f tailFilter) {
	for d := range x {
		f.add(lastTwoLabels(d))
	}
	for h := range pathHosts {
		f.add(lastTwoLabels(h))
	}
	return f
}

func (f *tailFilter) add(tail string) {
	h := tailHash(tail) >> (32 - 12)
	f[h/64] |= 1 << (h % 64)
}

// has reports whether tail's bit is set.
func (f *tailFilter) has(tail string) bool {
	h := tailHash(tail) >> (32 - 12)
	return f[h/64]&(1<<(h%64)) != 0
}

// plainDomain reports whether no owner rule but matchDomain can match an
// address whose owner is wanted: a domain that no list and no option of
// k knows, on no network, not ending as a free-mail domain or a
// shortener, with no "@" in an http(s) path, not a locality and not a
// public suffix itself. TestOwnerRulesShortcut checks that the
// rules give it the domain, on every address of the corpus.
func (k *Keyer) plainDomain(p *keyParts, a *Address, in *ruleInput) bool {
	return in.e == nil && in.n == nil && !in.tail && in.kind == DomainHost && in.reg != "" &&
		!k.deep && len(k.aliases) == 0 && !isLocality(in.reg) &&
		(!p.hasInfo || p.info.registrable != "") &&
		(!in.web || strings.IndexByte(a.url.Pathname(), '@') < 0)
}

// plainSite reports whether no owner rule that changes the keys up to
// upTo (the page or the site) can match: no network, no "@" in an
// http(s) path, and for the site, not ending as a free-mail domain or a
// shortener and no path tenant or listing on the host. TestOwnerRulesShortcut
// checks that the rules match none, on every address of the corpus.
func (k *Keyer) plainSite(p *keyParts, a *Address, in *ruleInput, upTo Level) bool {
	if in.n != nil || in.web && strings.IndexByte(a.url.Pathname(), '@') >= 0 {
		return false
	}
	return upTo == LevelPage || in.kind != DomainHost || !in.tail && (!in.known || k.pathHosts[p.host] == nil && k.listings[p.host] == nil)
}

// applyRules tries the rules of ownerRules that change the keys up to
// upTo on a, in order, and fills p with what the first that matches
// gives; it returns the key's path a profile or a path tenant rule wrote
// in buf.
func (k *Keyer) applyRules(p *keyParts, a *Address, upTo Level, in *ruleInput, buf []byte) []byte {
	kind, reg, web, n, e := in.kind, in.reg, in.web, in.n, in.e
	var path []byte
	for i := range ownerRules {
		r := &ownerRules[i]
		if r.changes > upTo {
			break
		}
		ok := false
		switch r.match {
		case matchProfile:
			if n != nil {
				path, ok = profileParts(p, a, n, buf)
			}
		case matchMastodon:
			if web && n == nil && strings.IndexByte(a.url.Pathname(), '@') >= 0 {
				path, ok = profileParts(p, a, nil, buf)
			}
		case matchPathTenant:
			// The path tenants of the host: for the owner, those of the
			// registrable domain's entry, looked up for the owner rules
			// anyway; else those of the host, the same (pathHostsOf).
			switch {
			case kind != DomainHost:
			case upTo < LevelOwner:
				path, ok = pathTenantParts(p, a, k.pathHosts[p.host], buf)
			case e != nil:
				path, ok = pathTenantParts(p, a, e.paths, buf)
			}
		case matchListing:
			if web && in.known {
				ok = listingParts(p, a, k.listings[p.host], buf)
			}
		case matchNetwork:
			ok = n != nil
		case matchHostWhole:
			ok = kind != DomainHost || reg == ""
		case matchShortener:
			ok = e != nil && e.shortener && (ownerData().shorteners[p.host] != "" || ownerData().shorteners[reg] != "")
		case matchFreeMail:
			// The mail domain itself, as an e-mail address's domain is
			// typed (mail.yahoo.co.jp is one, finance.yahoo.com is not).
			ok = in.tail && reg != "" && ownerData().freeMailSites[p.host]
		case matchPlatform:
			p.owner, ok = k.platformOwner(p.host, reg, e)
		case matchLocality:
			p.owner, ok = localityOwner(p.host, reg)
		case matchAlias:
			p.owner, ok = k.aliases[reg]
		case matchSuffix:
			if ok = p.hasInfo && p.info.registrable == ""; ok {
				p.owner = reg
			}
		case matchDomain:
			p.owner, ok = reg, true
		}
		if ok {
			p.rule = r.rule
			break
		}
	}
	if p.siteEnd == 0 {
		// No profile or path tenant: the page's path is the URL's.
		p.direct, p.query = true, true
	}
	return path
}

// hostParts fills the scheme, the port and the site's host of p, and
// returns the host's registrable domain when the keys up to upTo need it:
// the owner does, and a site or a page whose host may lose a label; with
// split, from the look-up the split needs.
func hostParts(p *keyParts, a *Address, upTo Level, split bool) (reg string) {
	u := &a.url
	kind := u.HostKind()
	if !u.isHTTP() {
		p.scheme = u.Scheme()
		p.slashes = kind != NoHost
	}
	p.port = u.Port()
	host := u.Hostname()
	if kind == DomainHost {
		host = trimRootDots(host)
		p.fullHost = host
		first := strings.IndexByte(host, '.')
		deep := first >= 0 && first != strings.LastIndexByte(host, '.')
		switch {
		case split:
			if first < 0 && host != "" {
				// One label is its own public suffix, by a rule of the
				// list or by its default one, with no registrable
				// domain and not private: the split needs no look-up.
				p.info = suffixInfo{suffix: host}
			} else {
				p.info = publicSuffixOf(host)
			}
			p.hasInfo = true
			reg = p.info.registrable
			if !deep && host != "" && first != 0 {
				reg = host // as below: the same keys
			}
		case deep && (upTo == LevelOwner || siteLabel(host[:first])):
			reg = publicSuffixOf(host).registrable
		case !deep && host != "" && first != 0:
			// One or two labels: the host is its own (the look-up is
			// half a key's time).
			reg = host
		}
		host = dropSiteLabels(host, reg)
	} else if split {
		// An opaque host that is a domain name has a split, and no
		// other rule.
		if h, ok := splitHost(u); ok {
			p.fullHost, p.info, p.hasInfo = h, publicSuffixOf(h), true
		}
	}
	p.host = host
	return reg
}

// platformOwner returns the owner of host, a tenant of a site platform:
// the platform is reg, whose entry is e, or with a Keyer's platforms below
// a registrable domain, the longest of the host's suffixes that is one.
func (k *Keyer) platformOwner(host, reg string, e *ownerEntry) (string, bool) {
	if len(host) <= len(reg) {
		return "", false
	}
	platform, t := reg, e
	if k.deep {
		for d := host[strings.IndexByte(host, '.')+1:]; len(d) > len(reg); d = d[strings.IndexByte(d, '.')+1:] {
			if dt := k.platforms[d]; dt != nil && dt.hostTenants {
				platform, t = d, dt
				break
			}
		}
	}
	rest := host[:len(host)-len(platform)-1]
	label := rest[strings.LastIndexByte(rest, '.')+1:]
	if t != nil && t.route != "" && label == t.route && len(label) < len(rest) {
		// A tenant's other name: <name>.mail.onmicrosoft.com.
		rest = rest[:len(rest)-len(label)-1]
		tenant := rest[strings.LastIndexByte(rest, '.')+1:]
		if t.own[tenant] {
			return "", false
		}
		return tenant + "." + platform, true
	}
	if t == nil || !t.hostTenants || t.own[label] {
		return "", false
	}
	return host[len(rest)-len(label):], true
}

// localityOwner returns the owner of host, a branch of a locality's
// government under .us, <label>.<locality>.<state>.us, or a local
// government under lg.jp, <type>.<name>.lg.jp or
// <type>.<name>.<prefecture>.lg.jp; reg is the locality's domain.
func localityOwner(host, reg string) (string, bool) {
	if len(host) <= len(reg) || !isLocality(reg) {
		return "", false
	}
	rest := host[:len(host)-len(reg)-1]
	i := strings.LastIndexByte(rest, '.')
	if ownerData().localityLabels[rest[i+1:]] {
		return host[i+1:], true
	}
	if i < 0 || !strings.HasSuffix(reg, ".lg.jp") {
		return "", false
	}
	// A city's or a town's name between its type and its prefecture's.
	j := strings.LastIndexByte(rest[:i], '.')
	if !ownerData().localityLabels[rest[j+1:i]] {
		return "", false
	}
	return host[j+1:], true
}

// profileParts matches a profile on network n (nil: a Mastodon server's
// profile), fills p with its site and returns the key's path, written in
// buf.
func profileParts(p *keyParts, a *Address, n *network, buf []byte) ([]byte, bool) {
	kpath := keyPathCase(buf, a)
	// The path as a string the matchers and the handle can keep: most
	// often the URL's own path (the key's path is a prefix of it).
	path := a.url.Pathname()
	if len(kpath) > len(path) || path[:len(kpath)] != string(kpath) {
		path = string(kpath)
	} else {
		path = path[:len(kpath)]
	}
	if n == nil {
		name, server, ok := mastodonAccount(p.host, path)
		if !ok {
			return nil, false
		}
		p.host = server
		kpath = append(buf[:0], "/@"...)
		for i := 0; i < len(name); i++ {
			kpath = append(kpath, lower(name[i]))
		}
		p.siteEnd = len(kpath)
		p.profile = true
		return kpath, true
	}
	q := ""
	if n.name == NetworkFacebook && len(path) >= len("/profile.php") && strings.EqualFold(path[:len("/profile.php")], "/profile.php") {
		// The id of profile.php from the key's query, whose parameters
		// are sorted: the page key decides the site.
		if cq, ok := a.canonicalQuery(); ok && cq != "" {
			if q = string(appendKeyQuery(nil, cq)); q != "" {
				q = q[1:]
			}
		}
	}
	off := 0 // where the profile's path starts
	if n.name == NetworkFacebook {
		off = facebookPageOffset(path)
		if id, keep, end, ok := facebookID(path[off:]); ok {
			return facebookIDParts(p, a, id, off+keep, off+end, len(path), buf), true
		}
	}
	ppath := path[off:]
	prof, ok := n.match(q, ppath)
	if i := strings.IndexByte(ppath[min(1, len(ppath)):], '/'); !ok && i >= 0 {
		// A page below a profile whose shape is one segment (X,
		// Instagram, TikTok: "x.com/acme/status/1").
		prof, ok = n.match(q, ppath[:i+1])
	}
	if !ok {
		return nil, false
	}
	start, end, ok := profileHandleSpan(prof, ppath)
	if !ok {
		return nil, false
	}
	start, end = start+off, end+off
	p.siteStart = off
	_, insensitive := networkKey(n.name, prof.Kind)
	if insensitive {
		kpath = keyPathLower(buf, a)
	} else {
		lowerKeyPath(kpath, start, end)
	}
	p.host = n.key
	p.siteEnd = end
	p.query = true
	if end == len(path) {
		p.profile, p.query = true, false
	}
	if prof.Kind == "profile" {
		p.siteID = prof.Handle // profile.php?id=<id> is the id's
		p.siteStart, p.siteEnd = 0, 1
	}
	return kpath, true
}

// facebookIDParts fills p for a Facebook profile or page whose site is
// its stable id, "facebook.com/<id>", its own path ending at end in a key's
// path of length n; it returns the key's path, lowercased as a page's but
// path[keep:end] (a person's name, whose case "/people/" pages keep).
func facebookIDParts(p *keyParts, a *Address, id string, keep, end, n int, buf []byte) []byte {
	p.host = networkNamed(NetworkFacebook).key
	p.siteID = id
	p.siteStart, p.siteEnd = 0, 1
	p.profile, p.query = end == n, end != n
	kpath := keyPathCase(buf, a)
	lowerKeyPath(kpath, keep, end)
	return kpath
}

// pathTenantParts matches a path tenant of one of the shapes pts, fills
// p with its site and returns the key's path, written in buf.
func pathTenantParts(p *keyParts, a *Address, pts []pathTenant, buf []byte) ([]byte, bool) {
	for _, pt := range pts {
		if p.host != pt.host {
			continue
		}
		path := keyPathLower(buf, a)
		if len(path) <= len(pt.prefix) || string(path[:len(pt.prefix)]) != pt.prefix || path[len(pt.prefix)] == '/' {
			continue
		}
		end := len(pt.prefix)
		for end < len(path) && path[end] != '/' {
			end++
		}
		if pt.own[string(path[len(pt.prefix):end])] {
			continue // a section of the platform's own (in.gov/core)
		}
		if end == len(path) && end-len(".html") > len(pt.prefix) && string(path[end-len(".html"):]) == ".html" {
			// The tenant's landing page, <name>.html (canada.ca/en/<name>.html),
			// is the tenant's site, as <name>/ is.
			end -= len(".html")
		}
		p.siteEnd = end
		p.query = true
		return path, true
	}
	return nil, false
}

// isLocality reports whether reg is <locality>.<state>.us with a state
// code of two letters, or <name>.lg.jp.
func isLocality(reg string) bool {
	if name, ok := strings.CutSuffix(reg, ".lg.jp"); ok {
		return name != "" && !strings.Contains(name, ".")
	}
	rest, ok := strings.CutSuffix(reg, ".us")
	if !ok || len(rest) < 4 || rest[len(rest)-3] != '.' {
		return false
	}
	return urlchars.IsAlpha(rest[len(rest)-1]) && urlchars.IsAlpha(rest[len(rest)-2]) && !strings.Contains(rest[:len(rest)-3], ".")
}

// keyPathCase writes the key's path of a into buf, with its case kept,
// for finding a profile or a path tenant in it.
func keyPathCase(buf []byte, a *Address) []byte {
	path := a.url.Pathname()
	return appendKeyPath(buf[:0], path, 0, len(path))
}

// keyPathLower writes the key's path of a into buf, lowercased as keys
// write it (the same length as keyPathCase's).
func keyPathLower(buf []byte, a *Address) []byte {
	return appendKeyPath(buf[:0], a.url.Pathname(), 0, 0)
}

// lowerKeyPath lowercases b, a key's path, as keys write it, but
// b[keepFrom:keepTo] and the hex digits of %XX escapes.
func lowerKeyPath(b []byte, keepFrom, keepTo int) {
	for i := 0; i < len(b); i++ {
		if i >= keepFrom && i < keepTo {
			continue
		}
		if b[i] == '%' && i+2 < len(b) && urlchars.IsHex(b[i+1]) && urlchars.IsHex(b[i+2]) {
			i += 2
			continue
		}
		b[i] = lower(b[i])
	}
}

// splitHost returns the host of u that the split reads, without its root
// dots: a domain, or an opaque host that is a domain name, lowercased.
func splitHost(u *URL) (string, bool) {
	kind := u.HostKind()
	if kind != DomainHost && kind != OpaqueHost {
		return "", false
	}
	host := trimRootDots(u.Hostname())
	if kind == OpaqueHost {
		return opaqueDomain(host)
	}
	return host, true
}

// opaqueDomain returns host lowercased, and whether it is a domain name:
// labels of 1 to 63 ASCII letters, digits and hyphens, not starting or
// ending with one, 253 bytes at most.
func opaqueDomain(host string) (string, bool) {
	if host == "" || len(host) > 253 {
		return "", false
	}
	for label := range strings.SplitSeq(host, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return "", false
		}
		for i := 0; i < len(label); i++ {
			if c := label[i]; !urlchars.IsAlpha(c) && !urlchars.IsDigit(c) && c != '-' {
				return "", false
			}
		}
	}
	return strings.ToLower(host), true
}
