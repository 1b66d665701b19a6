// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"net/netip"
	"strings"

	"github.com/onecontact/webaddress/internal/data"
	"golang.org/x/net/publicsuffix"
)

// This file tells whether a host is a public website
// ([FactNotPublicWebsite]).

// notPublicWebsite reports whether the host of u is not a public website
// (FactNotPublicWebsite): a domain of one label, under a top-level
// domain the Public Suffix List does not have, or reserved
// (data.ReservedNames); an IP address that is not global (isPublicIP).
func notPublicWebsite(u URL) bool {
	switch u.HostKind() {
	case DomainHost:
		host := strings.TrimSuffix(u.Hostname(), ".")
		i := strings.LastIndexByte(host, '.')
		if i < 0 {
			return true
		}
		tld := host[i+1:]
		r := data.ReservedNames()
		if r.TLDs[tld] {
			return true
		}
		if j := strings.LastIndexByte(host[:i], '.'); r.Domains[host[j+1:]] {
			return true
		}
		return !hasListedTLD(host)
	case IPv4Host, IPv6Host:
		a, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]"))
		return err == nil && !isPublicIP(a)
	}
	return false
}

// hasListedTLD reports whether the top-level domain of domain, a
// lowercase ASCII name of two labels or more, is in the Public Suffix
// List. The domain is looked up whole: a TLD listed only through a
// wildcard ("*.ck") matches no single-label name, and no private rule is
// a single label, so the TLD is listed when the suffix found is in the
// list's ICANN section or has more than one label: suffixInfo.listed,
// from the cache of look-ups that the keys of the same host use next
// (x/net's PublicSuffix allocates an error each call, from its test for
// an IP address). A domain with an empty label, which publicSuffixOf
// does not look up, is asked of x/net itself.
func hasListedTLD(domain string) bool {
	if info := publicSuffixOf(domain); info.suffix != "" {
		return info.listed
	}
	suffix, icann := publicsuffix.PublicSuffix(domain)
	return icann || strings.IndexByte(suffix, '.') >= 0
}

// specialPurpose are the IP ranges that are not global besides those
// netip.Addr's methods know (loopback, private, link-local, multicast,
// unspecified): from IANA's IPv4 and IPv6 Special-Purpose Address
// Registries (RFC 6890): "this network" (RFC 791), shared address space
// (RFC 6598), IETF protocol assignments, the documentation ranges (RFC
// 5737, RFC 3849), benchmarking (RFC 2544), reserved (RFC 1112), and
// discard-only (RFC 6666).
var specialPurpose = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("2001:db8::/32"),
	netip.MustParsePrefix("100::/64"),
}

// isPublicIP reports whether a is a global unicast address that no
// registry sets aside.
func isPublicIP(a netip.Addr) bool {
	a = a.Unmap()
	if !a.IsGlobalUnicast() || a.IsPrivate() {
		return false
	}
	for _, p := range specialPurpose {
		if p.Contains(a) {
			return false
		}
	}
	return true
}
