// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "strings"

// This file holds KeyV3's fast paths: the keys no owner rule changes, written from the URL without the rules' parts.
//
// For the most common address, no rule matches. TestFastKeys checks these
// paths against the general one on every address of the corpus and the
// WPT inputs.

// appendPlainKey appends a's KeyV3 key at level l as appendKey writes it
// and reports true, for an http(s) address with a domain where no owner
// rule but the domain's can match: the key of parts' shortcuts
// (plainSite, plainDomain), without their keyParts and ruleInput. It
// reports false, having appended nothing, for every other address, which
// takes the general path.
func (k *Keyer) appendPlainKey(dst []byte, a *Address, l Level) ([]byte, bool) {
	u := &a.url
	if !u.isHTTP() || u.HostKind() != DomainHost || l == LevelOwner && (k.deep || len(k.aliases) > 0) {
		return dst, false
	}
	// The registrable domain and the site's host, as hostParts finds them.
	host := trimRootDots(u.Hostname())
	first := strings.IndexByte(host, '.')
	deep := first >= 0 && first != strings.LastIndexByte(host, '.')
	reg := ""
	switch {
	case deep && (l == LevelOwner || siteLabel(host[:first])):
		reg = publicSuffixOf(host).registrable
	case !deep && host != "" && first != 0:
		reg = host
	}
	site := dropSiteLabels(host, reg)
	// What readInput reads of the last two labels: none of the rules of
	// networks, of no owner, of listings and of the Keyer's platforms and path tenants
	// may match.
	port := u.Port()
	path := u.Pathname()
	tail := lastTwoLabels(site)
	t := tailOf(tail)
	web := port == ""
	if web && (t.n != nil || strings.IndexByte(path, '@') >= 0) {
		return dst, false
	}
	// known has false positives: the maps say (as readInput and
	// plainSite read them). Of the rules of no owner, a host that ends as
	// a free-mail domain or a shortener's (co.uk, yahoo.com) can match
	// only the free-mail domain itself without an entry of the platforms.
	known := k.known.has(tail)
	if l != LevelPage && t.noOwner && ownerData().freeMailSites[site] {
		return dst, false
	}
	if l == LevelOwner {
		if reg == "" || known && k.platforms[reg] != nil || isLocality(reg) {
			return dst, false
		}
		return append(dst, reg...), true
	}
	if l == LevelSite && known && (t.noOwner || k.pathHosts[site] != nil || web && k.listings[site] != nil) {
		return dst, false
	}
	dst = append(dst, site...)
	if port != "" {
		dst = append(dst, ':')
		dst = append(dst, port...)
	}
	if l == LevelSite {
		return dst, true
	}
	dst = appendKeyPath(dst, path, 0, 0)
	return appendKeyQueryOf(dst, a), true
}

// appendOtherPageKey appends the page key of a, whose scheme is not http
// or https and whose path is not opaque: no profile, path tenant or owner
// rule changes it, and parts and append would write the same.
func appendOtherPageKey(dst []byte, a *Address) []byte {
	u := &a.url
	dst = append(dst, u.Scheme()...)
	dst = append(dst, ':')
	kind := u.HostKind()
	if kind != NoHost {
		dst = append(dst, '/', '/')
	}
	host := u.Hostname()
	if kind == DomainHost {
		host = trimRootDots(host)
		first := strings.IndexByte(host, '.')
		if first >= 0 && first != strings.LastIndexByte(host, '.') && siteLabel(host[:first]) {
			host = dropSiteLabels(host, publicSuffixOf(host).registrable)
		}
	}
	dst = append(dst, host...)
	if port := u.Port(); port != "" {
		dst = append(dst, ':')
		dst = append(dst, port...)
	}
	dst = appendKeyPath(dst, u.Pathname(), 0, 0)
	return appendKeyQueryOf(dst, a)
}
