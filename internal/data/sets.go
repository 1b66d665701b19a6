// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package data

import "sync"

// This file holds what reading a list into a set takes, for package
// webaddress and its messy-cell layer, package cells, alike.

// Must panics with err, an error of a list: the embedded files are part of
// the program, and this package's tests read each.
func Must(err error) {
	if err != nil {
		panic("webaddress: " + err.Error())
	}
}

// DomainSet returns the domains of the lists read by each of reads as a
// set, made with room for n.
func DomainSet(n int, reads ...func(func(Domain) error) error) map[string]bool {
	m := make(map[string]bool, n)
	for _, read := range reads {
		Must(read(func(d Domain) error { m[d.Domain] = true; return nil }))
	}
	return m
}

// NameSet returns the names of a list of names as a set.
func NameSet(read func(func(Name) error) error) map[string]bool {
	m := make(map[string]bool)
	Must(read(func(n Name) error { m[n.Name] = true; return nil }))
	return m
}

// ReservedNames returns the names set aside so that they are never public
// websites, read on first use, once for package webaddress and package
// cells alike: the top-level names of reserved_tlds.txt (RFC 2606, RFC
// 6761, RFC 6762, RFC 7686, RFC 9476, ICANN's .internal) and the
// second-level names of reserved_domains.txt (RFC 2606's example.com,
// .net and .org, RFC 8375's home.arpa), whose subdomains are reserved too.
var ReservedNames = sync.OnceValue(func() (r struct{ TLDs, Domains map[string]bool }) {
	r.TLDs = NameSet(ReservedTLDs)
	r.Domains = DomainSet(8, ReservedDomains)
	return r
})

// ShortenerServices returns the hosts of shorteners.txt, each with its
// service, read on first use, once for both packages.
var ShortenerServices = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, 64)
	Must(Shorteners(func(s Shortener) error { m[s.Host] = s.Service; return nil }))
	return m
})
