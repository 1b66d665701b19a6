// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strconv"
	"strings"

	"golang.org/x/net/idna"
	"golang.org/x/net/publicsuffix"
)

// This file holds KeyV1 and KeyV2, the keys of one level frozen by their goldens, and the KeyVersion of all three.

// KeyVersion names a comparison-key algorithm. A version never changes its
// output (testdata/key_v*.golden freeze them): a new rule comes as a new
// version. Keys also depend on the Public Suffix List and Unicode tables a
// program is built with: store [KeyVersion.Fingerprint] beside them. The
// zero KeyVersion is not valid.
type KeyVersion uint8

// KeyV1 keys a page: the registrable domain, a port other than the
// default, the path and the sorted query without tracking parameters
// ("https://www.Acme.com/About/?utm_source=x" is "acme.com/about"). It
// merges the tenants of a platform (acme.wordpress.com is wordpress.com)
// and splits one owner's profiles (twitter.com/acme, x.com/acme). Its
// rules: docs/keys.md
// (https://github.com/onecontact/webaddress/blob/main/docs/keys.md).
const KeyV1 KeyVersion = 1

// KeyV2 is KeyV1 with one key per owner's page: a platform's tenant keeps
// its label or path ("acme.wordpress.com"), a profile keys as its
// network's one name and the handle ("twitter.com/Acme" is "x.com/acme"),
// an opaque path keeps its query and root dots go. An address with
// [FactNotPublicWebsite] has a key: keep such addresses apart by that
// fact. Its rules: docs/keys.md.
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

// MarshalText implements [encoding.TextMarshaler]: "1", "2" or "3";
// another version is an error of code [CodeInvalidArgument].
func (v KeyVersion) MarshalText() ([]byte, error) {
	if !v.IsValid() {
		return nil, &valueError{code: CodeInvalidArgument, msg: "webaddress: " + v.String() + " is not a key version (1, 2 or 3)"}
	}
	return []byte{'0' + byte(v)}, nil
}

// UnmarshalText implements [encoding.TextUnmarshaler]: "1", "2", "3",
// "KeyV1", "KeyV2" or "KeyV3"; anything else is an error of code
// [CodeInvalidArgument].
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

// Fingerprint names the version and the data its keys depend on in the
// running program: the Unicode version of x/net/idna, the Public Suffix
// List's revision in x/net/publicsuffix and, for KeyV3, its platform
// list's ("KeyV3 unicode=17.0.0 psl=d6c92f1... platforms=2026-12-08.2").
// Re-key stored addresses when it changes.
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

// Key returns a's comparison key of version v at level l, with the
// built-in rules (a [Keyer] adds a user's). KeyV1 and KeyV2 have the page
// level only. Key returns "" for the zero Address, a version or level this
// package does not know, and an owner key of an address without owner
// ([Levels] says why).
func (a Address) Key(v KeyVersion, l Level) string {
	// Room for the key at once: it is rarely longer than the href.
	return string(a.AppendKey(make([]byte, 0, len(a.url.Href())+8), v, l))
}

// AppendKey appends a's key, as [Address.Key] gives it, to dst.
func (a Address) AppendKey(dst []byte, v KeyVersion, l Level) []byte {
	if a.url.href == "" { // !a.IsValid(), which would copy a
		return dst
	}
	switch v {
	case KeyV1, KeyV2:
		if l != LevelPage {
			return dst
		}
		if v == KeyV1 {
			return a.appendKey(dst, 0)
		}
		return a.appendKey(dst, keyV2Rules)
	case KeyV3:
		return (*Keyer)(nil).appendKey(dst, &a, l)
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
		return appendKeyQueryOf(dst, &a)
	}
	if rules&ruleAliases != 0 && a.facts&FactProfile != 0 && u.Port() == "" {
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
	return appendKeyQueryOf(dst, &a)
}

// appendKeyHost appends the key form of a host of kind kind: a domain
// without its root dot (all of them under ruleRootDots) reduced to its
// registrable domain, or under ruleTenants to its tenant's host (path is
// the URL's path, for path tenants); any other host whole.
func appendKeyHost(dst []byte, host string, kind HostKind, path string, rules keyRules) []byte {
	if kind == DomainHost {
		if rules&ruleRootDots != 0 {
			host = trimRootDots(host)
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

// appendProfileKey appends the key of a social-profile address under
// ruleAliases (and the host rules of rules for a Mastodon server), or
// returns dst and false when a has no profile.
func (a Address) appendProfileKey(dst []byte, rules keyRules) ([]byte, bool) {
	u := a.url
	path := u.Pathname()
	if onMastodon(&u) {
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
		return appendKeyQueryOf(dst, &a), true // a page below the profile
	}
	if p.Kind == "profile" { // Facebook's profile.php?id=<digits>: the id alone
		dst = append(dst, "?id="...)
		dst = append(dst, p.Handle...)
	}
	return dst, true
}
