// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"

	"github.com/onecontact/webaddress/internal/domaincache"
	"github.com/onecontact/webaddress/internal/layer"
	"golang.org/x/net/publicsuffix"
)

// This file holds the public suffix and the registrable domain of a
// domain, from the Public Suffix List that golang.org/x/net/publicsuffix
// carries, for the keys and the cleaner.

// suffixInfo is what the Public Suffix List (golang.org/x/net/publicsuffix,
// ICANN and private sections) says about a domain.
type suffixInfo struct {
	// suffix is the public suffix: the part of the domain the prevailing
	// rule matched, or the last label when no rule did. "" when the domain
	// cannot have one (empty, or with an empty label).
	suffix string
	// icann reports whether the prevailing rule is in the list's ICANN
	// section; private-section rules (github.io) and the default rule "*"
	// are not.
	icann bool
	// listed reports whether a rule of the list matched, rather than only
	// the default rule "*" that makes an unlisted TLD a public suffix. (No
	// private rule is a single label, so a single-label suffix outside the
	// ICANN section is an unlisted TLD.)
	listed bool
	// registrable is the registrable domain: the public suffix and the
	// label before it; "" when the domain is itself a public suffix.
	registrable string
}

// PublicSuffix returns the public suffix of domain (lowercase ASCII, as
// [URL.Hostname] gives it) under golang.org/x/net/publicsuffix's list: the
// part the prevailing rule matched, else the last label. icann reports
// whether the rule is an ICANN one (github.io's is not); listed, whether a
// rule matched (an unlisted TLD's does not).
func PublicSuffix(domain string) (suffix string, icann, listed bool) {
	info := publicSuffixOf(domain)
	return info.suffix, info.icann, info.listed
}

// publicSuffixOf looks domain up in the Public Suffix List, through
// suffixes, the cache of recent look-ups. domain must be a lowercase ASCII
// domain (A-labels) without a root dot, as the host parser writes it; an
// IP address gives nonsense.
func publicSuffixOf(domain string) suffixInfo {
	if c := suffixes; c != nil {
		a := c.Lookup(domain, lookUpAnswer)
		return suffixInfo{suffix: domain[len(domain)-int(a.Suffix):], icann: a.ICANN, listed: a.Listed,
			registrable: domain[len(domain)-int(a.Registrable):]}
	}
	return lookUpSuffix(domain)
}

// lookUpSuffix looks domain up in the Public Suffix List, as
// publicSuffixOf does, without the cache.
func lookUpSuffix(domain string) suffixInfo {
	if domain == "" || domain[0] == '.' || domain[len(domain)-1] == '.' || strings.Contains(domain, "..") {
		return suffixInfo{}
	}
	suffix, icann := publicsuffix.PublicSuffix(domain)
	return suffixInfo{suffix: suffix, icann: icann, listed: icann || strings.Contains(suffix, "."),
		registrable: layer.Registrable(domain, suffix)}
}

// lookUpAnswer is lookUpSuffix's answer as the cache keeps it: the public
// suffix and the registrable domain are each the end of the domain.
func lookUpAnswer(domain string) domaincache.Answer {
	info := lookUpSuffix(domain)
	return domaincache.Answer{Suffix: uint32(len(info.suffix)), Registrable: uint32(len(info.registrable)),
		ICANN: info.icann, Listed: info.listed}
}

// suffixes is the cache of publicSuffixOf. A test sets it to nil to look
// every domain up, or to a new cache whose stats count the look-ups a key
// or a record makes.
var suffixes = domaincache.Suffixes
