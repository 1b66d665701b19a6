// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"strings"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/data"
	"github.com/onecontact/webaddress/internal/layer"
	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file reads e-mail addresses in a cell and turns them into websites
// (step 7 of [Tidy]).

// emailOf reports whether text is an e-mail address: "local@domain",
// "mailto:local@domain?subject=…", or either in angle brackets after a
// display name ("Sales <sales@acme.com>"). It returns the address
// (without "mailto:" and the query), the offset of its "@" in text, and
// its domain.
func emailOf(text string) (addr string, at int, domain string, ok bool) {
	if strings.IndexByte(text, '@') < 0 {
		return "", 0, "", false
	}
	s, start := text, 0
	if strings.HasSuffix(s, ">") {
		i := strings.LastIndexByte(s, '<')
		if i < 0 {
			return "", 0, "", false
		}
		s, start = s[i+1:len(s)-1], i+1
	}
	if foldPrefix(s, "mailto:") {
		s, start = s[7:], start+7
		if i := strings.IndexByte(s, '?'); i >= 0 {
			s = s[:i]
		}
	}
	i := strings.IndexByte(s, '@')
	if i <= 0 || strings.IndexByte(s[i+1:], '@') >= 0 {
		return "", 0, "", false
	}
	local, dom := s[:i], strings.TrimSuffix(s[i+1:], ".") // "sales@acme.com." ends a sentence
	s = s[:i+1+len(dom)]
	for j := 0; j < len(local); j++ {
		if strings.IndexByte(" \t\r\n\"(),/:;<>[\\]?#", local[j]) >= 0 {
			return "", 0, "", false
		}
	}
	if !isDomainName(dom) {
		return "", 0, "", false
	}
	return s, start + i, dom, true
}

// emailAfterScheme reports whether text is "http://" or "https://" then
// an e-mail address, with at most a "/" after it, at a free-mail or
// Internet-provider domain ("http://shop@gmail.com": the address, written
// as a link; such a domain hosts no company's website, and its users sign
// in elsewhere than in a URL). It returns the address, the offset of its
// "@" in text, and why it fails. At any other domain the text is the URL
// it is, user info and host ("http://user@acme.com",
// "http://user@example.com"), as the URL Standard reads it.
func emailAfterScheme(text string) (addr string, at int, reason string, ok bool) {
	if strings.IndexByte(text, '@') < 0 {
		return "", 0, "", false
	}
	n := httpSchemeLen(text)
	if n == 0 {
		return "", 0, "", false
	}
	rest := strings.TrimSuffix(text[n:], "/")
	addr, at, domain, ok := emailOf(rest)
	if !ok || addr != rest { // "Name <…>", "mailto:…" and "….": not after a scheme
		return "", 0, "", false
	}
	d := strings.ToLower(domain)
	if !urlchars.IsASCII(d) {
		return "", 0, "", false
	}
	reg, ok := registrableOf(d)
	if !ok || !isFreeMail(d, reg) {
		return "", 0, "", false
	}
	return addr, n + at, "an e-mail address at " + d + ", a free-mail or Internet-provider domain, written after " + text[:n], true
}

// isDomainName reports whether s is written as a domain name with at
// least two labels: letters, digits, hyphens and non-ASCII code points,
// separated by single dots.
func isDomainName(s string) bool {
	if s == "" || s[0] == '.' || s[len(s)-1] == '.' || strings.Contains(s, "..") || strings.IndexByte(s, '.') < 0 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(asciiAlnum(c) || c == '-' || c == '.' || c >= utf8.RuneSelf) {
			return false
		}
	}
	return true
}

// emailWebsite returns the website of an e-mail domain, or the code and
// the reason why the address is not turned into one: [CodeEmailNotPublic]
// or [CodeEmailFreeMail]. The website is the domain's owner by
// KeyV3's host rules: its registrable domain ("mail.acme.co.uk" is
// "acme.co.uk"), or, where a label more names the owner, the tenant of a
// site platform or a state portal ("omes.ok.gov") or the branch of a
// locality's government ("ci.alamosa.co.us"), which its registrable
// domain would merge with its neighbours'.
func emailWebsite(domain string) (site string, code webaddress.Code, reason string) {
	d := strings.ToLower(domain)
	if !urlchars.IsASCII(d) {
		// An internationalized domain: Parse maps it through UTS #46.
		return d, "", ""
	}
	notPublic := func(why string) (string, webaddress.Code, string) {
		return "", CodeEmailNotPublic, "an e-mail address at " + d + ", " + why
	}
	tld := d[strings.LastIndexByte(d, '.')+1:]
	if data.ReservedNames().TLDs[tld] {
		return notPublic("a reserved name")
	}
	// One look-up for both tests.
	suffix, _, listed := webaddress.PublicSuffix(d)
	if !listed {
		return notPublic("which has no public suffix")
	}
	reg := layer.Registrable(d, suffix)
	if reg == "" {
		return notPublic("which has no registrable domain")
	}
	if data.ReservedNames().Domains[reg] {
		return notPublic("a reserved name")
	}
	if isFreeMail(d, reg) {
		return "", CodeEmailFreeMail, "an e-mail address at " + d + ", a free-mail or Internet-provider domain"
	}
	if len(d) > len(reg) {
		if owner, ok := subdomainOwner(d, reg); ok {
			return owner, "", ""
		}
	}
	return reg, "", ""
}

// subdomainOwner returns the owner of the website of d, a subdomain of
// its registrable domain reg, where KeyV3's rules make it other than reg:
// the tenant of a site platform or a state portal, or the branch of a
// locality's government (Levels' Rule OwnerPlatform or OwnerLocality).
// The website of a domain alone has no path, so no rule of a path (a
// profile, a path tenant, a listing) matches it, and no Keyer's aliases
// apply: its owner key is reg, or "" where it has no owner (a network's
// host, a shortener's), by the other rules. The owner key costs less than
// Levels, which writes every level. TestSubdomainOwner checks it against
// Levels' rule.
func subdomainOwner(d, reg string) (string, bool) {
	a, err := webaddress.Parse(d)
	if err != nil {
		return "", false
	}
	var buf [64]byte
	owner := (*webaddress.Keyer)(nil).AppendKey(buf[:0], a, webaddress.LevelOwner)
	if len(owner) == 0 || string(owner) == reg {
		return "", false
	}
	return string(owner), true
}

// isFreeMail reports whether the lowercase domain d, whose registrable
// domain is reg, is or is under one of freeMailDomains.
func isFreeMail(d, reg string) bool {
	filter := freeMailFilter()
	for h := d; len(h) >= len(reg); {
		if filter.mayHave(h) && freeMailDomains()[h] {
			return true
		}
		i := strings.IndexByte(h, '.')
		if i < 0 {
			break
		}
		h = h[i+1:]
	}
	return false
}

// hasListedTLD reports whether domain's top-level domain is in the Public
// Suffix List: a rule of the list, not only the default "*", matched it.
func hasListedTLD(domain string) bool {
	_, _, listed := webaddress.PublicSuffix(domain)
	return listed
}

// registrableOf returns the registrable domain of d, a lowercase ASCII
// domain name of non-empty labels without a root dot (isDomainName), as
// publicsuffix.EffectiveTLDPlusOne gives it, and false where that fails
// (d is a public suffix): from webaddress.PublicSuffix, whose cache the
// look-ups of the same domain share (EffectiveTLDPlusOne allocates an
// error each call, from its test for an IP address).
// TestRegistrableOf checks it against EffectiveTLDPlusOne.
func registrableOf(d string) (string, bool) {
	suffix, _, _ := webaddress.PublicSuffix(d)
	reg := layer.Registrable(d, suffix)
	return reg, reg != ""
}
