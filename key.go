// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/onecontact/webaddress/internal/urlchars"
	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// KeyVersion names a comparison-key algorithm. A published version never
// changes its output: systems store keys for years, so a new rule comes as
// a new KeyVersion. testdata/key_v1.golden freezes KeyV1 and
// testdata/key_v2.golden KeyV2.
//
// A key also depends on data this module does not hold: the Public Suffix
// List compiled into the golang.org/x/net a program is built with, and the
// Unicode tables of x/net/idna, which the Go version picks. Store
// [KeyVersion.Fingerprint] beside your keys, and re-key stored addresses
// when it changes.
//
// The zero KeyVersion is not a valid version: [Address.Key] returns ""
// for it.
type KeyVersion uint8

// KeyV1 is the first comparison key: two addresses of the same page of the same organization get one
// key. Its shape is [scheme ":" ["//"]] host [":" port] path ["?" query]:
//
//   - The scheme is left out for http and https; any other scheme is kept,
//     with "//" when the address has a host.
//   - A domain becomes its registrable domain (the public suffix, private
//     section included, and one label) after its root dot is dropped;
//     a host with no registrable domain (an IP address, an opaque host, a
//     single label, a public suffix itself) is kept whole.
//   - A port other than the scheme's default is kept.
//   - In the path, %XX escapes of unreserved characters (letters, digits,
//     "-._~") are decoded, the hex digits of the others uppercased, and
//     every other ASCII letter lowercased; runs of "/" are collapsed; a
//     last segment that is a default document (index.html, index.htm,
//     index.php, index.asp, index.aspx, default.htm, default.html,
//     default.asp, default.aspx) is dropped, and then a trailing "/".
//   - The query's parameters, without tracking parameters and empty ones,
//     are sorted in byte order and joined by "&".
//   - Credentials and the fragment are not part of the key.
//   - An address with an opaque path (mailto:, tel:) has the key scheme
//     ":" and the opaque path, lowercased.
//
// KeyV1 merges what belongs to different owners (acme.wordpress.com and
// zed.wordpress.com both key as wordpress.com) and splits what belongs to
// one (twitter.com/acme and x.com/acme); [KeyV2] does not. Its keys
// depend on the Public Suffix List and the Unicode version: store
// KeyV1.Fingerprint() beside them, and re-key when it changes.
const KeyV1 KeyVersion = 1

// KeyV2 is KeyV1 with four rules that give one key per owner. Every
// other part of the key is KeyV1's; these are all the differences:
//
//  1. Tenants. On a platform where a label or a path segment below the
//     platform's domain belongs to another owner and the Public Suffix
//     List does not say so (wordpress.com, substack.com, tumblr.com,
//     squarespace.com, medium.com, sites.google.com, ...: the list is in
//     tenants.go, with the page read for each), the key keeps the tenant:
//     "www.acmebakery.wordpress.com/about" keys as
//     "acmebakery.wordpress.com/about" (KeyV1: "wordpress.com/about"),
//     and "sites.google.com/view/acme" as "sites.google.com/view/acme"
//     (KeyV1: "google.com/view/acme"). A host tenant is the label just
//     below the platform's domain, unless it is "www" or one of the
//     platform's own subdomains listed there: "www.tumblr.com" and
//     "wordpress.com/pricing" keep the platform's key, "tumblr.com" and
//     "wordpress.com/pricing". A path tenant is a non-empty segment after
//     the platform's prefix ("/view/" on sites.google.com); the key then
//     keeps the platform's host whole.
//  2. Network aliases. A social-profile address ([Address.Profile]) on
//     the scheme's default port keys as the network's one name
//     (linkedin.com, x.com, github.com, facebook.com, instagram.com,
//     youtube.com, tiktok.com; on Mastodon, the profile's server, keyed
//     as a host) and the path to the handle: "twitter.com/Acme",
//     "mobile.x.com/acme" and "x.com/acme?lang=en" all key as
//     "x.com/acme" (KeyV1: "twitter.com/acme", "x.com/acme",
//     "x.com/acme?lang=en"), "fb.com/acme" as "facebook.com/acme", and
//     "mastodon.social/@Bob@example.social" as "example.social/@bob".
//     The handle is lowercased only on kinds of profile whose handles are
//     case-insensitive (the list is the networks table in social.go, with its
//     sources: LinkedIn /in/, X, GitHub, Facebook usernames, Instagram,
//     YouTube @handles, Mastodon) and keeps its case elsewhere:
//     "youtube.com/channel/UCabc" keys as "youtube.com/channel/UCabc"
//     (KeyV1: "youtube.com/channel/ucabc"). The profile page itself has no
//     query in the key, except Facebook's "profile.php?id=" with the id
//     alone; a page below the profile ("github.com/golang/go?tab=x")
//     keeps the rest of its path and its query as KeyV1 writes them.
//  3. Opaque paths. An address with an opaque path keeps its query, its
//     parameters sorted as KeyV1 sorts them (tracking parameters and
//     empty ones removed), and its escapes written with uppercase hex,
//     as every other key: "mailto:J%c3%b6@X.org?Subject=Hi" keys as
//     "mailto:j%C3%B6@x.org?Subject=Hi" (KeyV1: "mailto:j%c3%b6@x.org"),
//     and "magnet:?xt=urn:btih:ABC" as "magnet:?xt=urn:btih:ABC" (KeyV1:
//     "magnet:").
//  4. Root dots. All trailing dots of a host are dropped, not one:
//     "example.com.." keys as "example.com" (KeyV1: "example.com.").
//
// A cell that the messy-cell layer says is not an address (a
// placeholder such as "N/A", several addresses, an e-mail address) has no
// key: [ParseCell] and [Tidy] return an *[Error] for it (web.placeholder,
// web.several-addresses, web.email) and no Address, and the zero Address's
// key is "". An address the layer marks [FactNotPublicWebsite]
// ("localhost:3000", "intranet/wiki") is an address and has its key; keep
// such addresses apart by that fact when deduplicating.
//
// Store KeyV2.Fingerprint() beside KeyV2 keys, and re-key when it
// changes: the Public Suffix List and the Unicode version move keys as
// they do KeyV1's. The tenants list does not move: it is part of KeyV2.
const KeyV2 KeyVersion = 2

// keyRules are the rules KeyV2 adds to KeyV1, one bit each.
type keyRules uint8

const (
	ruleTenants keyRules = 1 << iota
	ruleAliases
	ruleOpaque
	ruleRootDots

	keyV2Rules = ruleTenants | ruleAliases | ruleOpaque | ruleRootDots
)

// IsValid reports whether v is a key version this package knows.
func (v KeyVersion) IsValid() bool { return v == KeyV1 || v == KeyV2 || v == KeyV3 }

// String returns "KeyV1" for KeyV1, "KeyV2" for KeyV2 and "KeyV3" for
// KeyV3.
func (v KeyVersion) String() string {
	switch v {
	case KeyV1:
		return "KeyV1"
	case KeyV2:
		return "KeyV2"
	case KeyV3:
		return "KeyV3"
	}
	return "KeyVersion(" + itoa(uint32(v)) + ")"
}

// MarshalText implements [encoding.TextMarshaler]: "1" for KeyV1, "2" for
// KeyV2, "3" for KeyV3. A version this package does not know is an error
// of code [CodeInvalidArgument].
func (v KeyVersion) MarshalText() ([]byte, error) {
	if !v.IsValid() {
		return nil, &valueError{code: CodeInvalidArgument, msg: "webaddress: " + v.String() + " is not a key version (1, 2 or 3)"}
	}
	return []byte{'0' + byte(v)}, nil
}

// UnmarshalText implements [encoding.TextUnmarshaler], so that a
// KeyVersion can be a flag.TextVar or a JSON string: it reads "1", "2" or
// "3" (or "KeyV1", "KeyV2", "KeyV3", as String writes them). Anything else
// is an error of code [CodeInvalidArgument], and v is left unchanged.
func (v *KeyVersion) UnmarshalText(text []byte) error {
	switch string(text) {
	case "1", "KeyV1":
		*v = KeyV1
	case "2", "KeyV2":
		*v = KeyV2
	case "3", "KeyV3":
		*v = KeyV3
	default:
		return &valueError{code: CodeInvalidArgument, msg: "webaddress: key version " + strconv.Quote(string(text)) + " is not 1, 2 or 3"}
	}
	return nil
}

// Fingerprint names the key version and the data its keys depend on in
// the running program: the Unicode version of x/net/idna and the git
// revision of the Public Suffix List compiled into x/net/publicsuffix, as
// in "KeyV2 unicode=17.0.0 psl=d6c92f1bbb7433e5db7b8405c25d4035fb8ff376";
// KeyV3's adds the revision of its platform list, such as " platforms=2026-12-02".
// Two programs with the same fingerprint give the same keys. Store it
// beside the keys, and re-key the stored addresses when it changes (as
// PostgreSQL records the collation version an index was built with). It
// returns "" for a version this package does not know.
func (v KeyVersion) Fingerprint() string {
	if !v.IsValid() {
		return ""
	}
	fp := v.String() + " unicode=" + idna.UnicodeVersion + " psl=" + pslRevision(publicsuffix.List.String())
	if v == KeyV3 {
		fp += " platforms=" + platformsRevision
	}
	return fp
}

// pslRevision returns the git revision in the Public Suffix List's
// description (publicsuffix.List.String(): "publicsuffix.org's
// public_suffix_list.dat, git revision <hex> (<time>)"), or the whole
// description with its spaces as "_" when it has none.
func pslRevision(desc string) string {
	if _, rev, ok := strings.Cut(desc, "git revision "); ok {
		if i := strings.IndexByte(rev, ' '); i >= 0 {
			rev = rev[:i]
		}
		if rev != "" {
			return rev
		}
	}
	return strings.ReplaceAll(desc, " ", "_")
}

// Key returns a's comparison key of version v, or "" for the zero Address
// or a version this package does not know.
func (a Address) Key(v KeyVersion) string {
	// Room for the key at once: it is rarely longer than the href.
	return string(a.AppendKey(make([]byte, 0, len(a.url.Href())+8), v))
}

// AppendKey appends a's comparison key of version v to dst and returns the
// result; it appends nothing for the zero Address or an unknown version.
// Callers who key millions of addresses can reuse dst.
func (a Address) AppendKey(dst []byte, v KeyVersion) []byte {
	if !a.IsValid() {
		return dst
	}
	switch v {
	case KeyV1:
		return a.appendKey(dst, 0)
	case KeyV2:
		return a.appendKey(dst, keyV2Rules)
	case KeyV3:
		return (*Keyer)(nil).appendKeyAt(dst, &a, LevelPage)
	}
	return dst
}

// appendKey appends a's key: KeyV1's rules and those of rules.
func (a Address) appendKey(dst []byte, rules keyRules) []byte {
	u := a.url
	scheme := u.Scheme()
	if u.HasOpaquePath() {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
		if rules&ruleOpaque == 0 {
			return appendLower(dst, u.Pathname())
		}
		dst = appendOpaqueKeyPath(dst, u.Pathname())
		return a.appendCanonicalQuery(dst)
	}
	if rules&ruleAliases != 0 && a.facts&factProfiles != 0 && u.Port() == "" {
		if d, ok := a.appendProfileKey(dst, rules); ok {
			return d
		}
	}
	if !u.isHTTP() {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
		if u.HostKind() != NoHost {
			dst = append(dst, '/', '/')
		}
	}
	dst = appendKeyHost(dst, u.Hostname(), u.HostKind(), u.Pathname(), rules)
	if port := u.Port(); port != "" {
		dst = append(dst, ':')
		dst = append(dst, port...)
	}
	dst = appendKeyPath(dst, u.Pathname(), 0, 0)
	return a.appendCanonicalQuery(dst)
}

// appendKeyHost appends the key form of a host of kind kind: a domain
// without its root dot (all of them under ruleRootDots) reduced to its
// registrable domain, or under ruleTenants to its tenant's host (path is
// the URL's path, for path tenants); any other host whole.
func appendKeyHost(dst []byte, host string, kind HostKind, path string, rules keyRules) []byte {
	if kind == DomainHost {
		if rules&ruleRootDots != 0 {
			host = strings.TrimRight(host, ".")
		} else {
			host = strings.TrimSuffix(host, ".")
		}
		// A domain of one or two labels is its own key host: its
		// registrable domain is itself, or it has none (it is a public
		// suffix, or its labels are empty) and is kept whole; a tenant
		// platform's domain keeps its key too. Skip the look-up, half of
		// a key's time.
		if strings.IndexByte(host, '.') == strings.LastIndexByte(host, '.') {
			return append(dst, host...)
		}
		if reg := publicSuffixOf(host).registrable; reg != "" {
			t := ""
			if rules&ruleTenants != 0 {
				t = tenantHost(host, reg, path)
			}
			if t == "" {
				t = reg
			}
			host = t
		}
	}
	return append(dst, host...)
}

// appendCanonicalQuery appends the key form of the canonical form's query
// (the tracking parameters are gone from it), or nothing.
func (a Address) appendCanonicalQuery(dst []byte) []byte {
	if q, ok := a.canonicalQuery(); ok {
		dst = appendKeyQuery(dst, q)
	}
	return dst
}

// appendOpaqueKeyPath appends an opaque path with its ASCII letters
// lowercased, but the hex digits of its %XX escapes uppercased.
func appendOpaqueKeyPath(dst []byte, path string) []byte {
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c == '%' && i+2 < len(path) && isHex(path[i+1]) && isHex(path[i+2]) {
			dst = append(dst, '%', upper(path[i+1]), upper(path[i+2]))
			i += 2
			continue
		}
		dst = append(dst, lower(c))
	}
	return dst
}

// appendProfileKey appends the key of a social-profile address under
// ruleAliases (and the host rules of rules for a Mastodon server), or
// returns dst and false when a has no profile.
func (a Address) appendProfileKey(dst []byte, rules keyRules) ([]byte, bool) {
	u := a.url
	path := u.Pathname()
	if a.facts&FactMastodonProfile != 0 {
		// "/@name" or "/@name@server": Profile checked the shape; its
		// handle, "name@server", would cost an allocation.
		name := strings.TrimSuffix(path[2:], "/")
		server, kind := u.Hostname(), u.HostKind()
		if at := strings.IndexByte(name, '@'); at >= 0 {
			// A remote account seen from this server: its own server,
			// parsed as a host (rare enough to allocate).
			su, err := ParseURL("https://" + name[at+1:] + "/")
			if err != nil {
				return dst, false
			}
			name, server, kind = name[:at], su.Hostname(), su.HostKind()
		}
		dst = appendKeyHost(dst, server, kind, "", rules)
		dst = append(dst, '/', '@')
		return appendLower(dst, name), true
	}
	p, ok := profileOf(&u, true)
	if !ok {
		return dst, false
	}
	domain, insensitive := networkKey(p.Network, p.Kind)
	if domain == "" {
		return dst, false
	}
	start, end, ok := profileHandleSpan(p, path)
	if !ok {
		return dst, false // not where Profile found it: cannot happen
	}
	dst = append(dst, domain...)
	keepFrom, keepTo := 0, 0
	if !insensitive {
		keepFrom, keepTo = start, end
	}
	dst = appendKeyPath(dst, path, keepFrom, keepTo)
	if rest := path[end:]; rest != "" && rest != "/" {
		return a.appendCanonicalQuery(dst), true // a page below the profile
	}
	if p.Kind == "profile" { // Facebook's profile.php?id=<digits>: the id alone
		dst = append(dst, "?id="...)
		dst = append(dst, p.Handle...)
	}
	return dst, true
}

// profileHandleSpan returns where in path the handle of p is: path[start:end]
// (for Facebook's profile.php, whose id is in the query, the span of
// "profile.php"). The profile page itself is the path that ends there, or
// one "/" later.
func profileHandleSpan(p Profile, path string) (start, end int, ok bool) {
	seg, skip := 0, 0 // the handle is in segment seg, after skip bytes
	switch {
	case p.Kind == "profile":
		const page = "/profile.php"
		return 1, len(page), len(path) >= len(page) && strings.EqualFold(path[:len(page)], page)
	case p.Network == NetworkTikTok, p.Network == NetworkYouTube && p.Kind == "handle":
		skip = 1 // "@"
	case p.Network == NetworkLinkedIn, p.Network == NetworkYouTube, p.Kind == "org", p.Kind == "people", p.Kind == "group":
		seg = 1 // "/in/<handle>", "/channel/<id>", "/orgs/<handle>", ...
	}
	start = 1
	for range seg {
		start += strings.IndexByte(path[start:], '/') + 1
	}
	start += skip
	end = start + len(p.Handle)
	return start, end, end <= len(path) && path[start:end] == p.Handle
}

// appendKeyPath appends the key form of a serialized path. The ASCII
// letters of path[keepFrom:keepTo] keep their case (a case-sensitive
// handle); keepFrom == keepTo keeps none.
func appendKeyPath(dst []byte, path string, keepFrom, keepTo int) []byte {
	start := len(dst)
	for i := 0; i < len(path); i++ {
		// Copy the run of bytes that stay as they are at once: all but
		// "%", an upper-case letter and a "/" after a "/" (the last byte
		// written is a "/" only when path's byte before is one).
		run := i
		i = keyPathRunEnd(path, i)
		dst = append(dst, path[run:i]...)
		if i == len(path) {
			break
		}
		c := path[i]
		switch {
		case c == '%' && i+2 < len(path) && isHex(path[i+1]) && isHex(path[i+2]):
			b := unhex(path[i+1])<<4 | unhex(path[i+2])
			if isUnreserved(b) {
				if i < keepFrom || i >= keepTo {
					b = lower(b)
				}
				dst = append(dst, b)
			} else {
				dst = append(dst, '%', upper(path[i+1]), upper(path[i+2]))
			}
			i += 2
		case c == '/' && len(dst) > start && dst[len(dst)-1] == '/':
			// A run of "/" counts as one.
		case i >= keepFrom && i < keepTo:
			dst = append(dst, c)
		default:
			dst = append(dst, lower(c))
		}
	}
	// A default document is the last segment, of 9 to 12 bytes: its "/"
	// is among the last 13 bytes (a byte loop, bytes.LastIndexByte), and
	// the path does not end with "/", the most common end.
	if n := len(dst); n > start && dst[n-1] != '/' {
		if j := bytes.LastIndexByte(dst[max(start, n-len("/default.aspx")):], '/'); j >= 0 {
			if seg := dst[max(start, n-len("/default.aspx"))+j+1:]; isDefaultDocument(seg) {
				dst = dst[:n-len(seg)]
			}
		}
	}
	if len(dst) > start && dst[len(dst)-1] == '/' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// The classes of keyPathClass.
const (
	keyPathSlash = 1 // "/": it ends a run of bytes kept as they are only after a "/"
	keyPathStop  = 2 // "%" and the upper-case ASCII letters: they end a run
)

// keyPathClass is the class of each byte for appendKeyPath's runs, 0 for
// a byte it copies as it is.
var keyPathClass = func() (t [256]uint8) {
	t['/'] = keyPathSlash
	t['%'] = keyPathStop
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = keyPathStop
	}
	return t
}()

// keyPathRunEnd returns the end of the run of path from i that
// appendKeyPath copies as it is: the first "%", upper-case letter, or "/"
// after a "/" (the one at 0 excepted), or len(path). It reads eight bytes
// at a time while they are ASCII, as a serialized path is (a test of the
// bytes' ranges on the word, carries kept within each byte), then one
// load of keyPathClass a byte.
func keyPathRunEnd(path string, i int) int {
	const ones = 0x0101010101010101
	const highs = 0x80 * ones
	carry := uint64(0) // 0x80 when the byte before the word is a "/"
	if i > 0 && path[i-1] == '/' {
		carry = 0x80
	}
	for i+8 <= len(path) {
		x := word8(path[i:])
		if x&highs != 0 {
			break
		}
		// Each byte b < 0x80: b+0x3f sets its top bit when b >= 'A',
		// b+0x25 when b > 'Z'; (b^c)+0x7f when b != c.
		upper := (x + (0x80-'A')*ones) &^ (x + (0x80-'Z'-1)*ones)
		pct := ^((x ^ '%'*ones) + 0x7f*ones)
		slash := ^((x ^ '/'*ones) + 0x7f*ones) & highs
		if stop := (upper | pct | slash&(slash<<8|carry)) & highs; stop != 0 {
			return i + bits.TrailingZeros64(stop)>>3
		}
		carry = slash >> 56
		i += 8
	}
	for ; i < len(path); i++ {
		if k := keyPathClass[path[i]]; k != 0 && (k == keyPathStop || i > 0 && path[i-1] == '/') {
			break
		}
	}
	return i
}

// appendKeyQuery appends "?" and the query's non-empty parameters sorted
// in byte order, or nothing when there are none.
func appendKeyQuery(dst []byte, query string) []byte {
	var stack [16]string
	params := stack[:0]
	if len(query) >= 2*len(stack) { // room for more than len(stack) parameters
		if n := strings.Count(query, "&") + 1; n > len(stack) {
			params = make([]string, 0, n)
		}
	}
	for p := range strings.SplitSeq(query, "&") {
		if p != "" {
			params = append(params, p)
		}
	}
	if len(params) == 0 {
		return dst
	}
	slices.Sort(params)
	for i, p := range params {
		if i == 0 {
			dst = append(dst, '?')
		} else {
			dst = append(dst, '&')
		}
		dst = append(dst, p...)
	}
	return dst
}

// isDefaultDocument reports whether a path segment is, ignoring ASCII
// case, a default document that servers give for the directory. (KeyV1's
// segments are lowercase here; a handle that keeps its case need not be.)
func isDefaultDocument(seg []byte) bool {
	if len(seg) < len("index.htm") || len(seg) > len("default.aspx") {
		return false
	}
	var buf [len("default.aspx")]byte
	for i, c := range seg {
		buf[i] = lower(c)
	}
	switch string(buf[:len(seg)]) {
	case "index.html", "index.htm", "index.php", "index.asp", "index.aspx",
		"default.htm", "default.html", "default.asp", "default.aspx":
		return true
	}
	return false
}

// isUnreserved reports whether c is an unreserved character of RFC 3986.
func isUnreserved(c byte) bool { return urlchars.IsUnreserved(c) }
