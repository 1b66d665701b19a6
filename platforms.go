// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"sync"

	"github.com/onecontact/webaddress/internal/data"
)

// This file holds the lists of KeyV3's owner level, read on first use, and how a platform index is built from shapes.

// platformsRevision is the revision of KeyV3's platform data: KeyV2's
// tenants (tenants.go), the platforms, the state portals, the locality
// labels, the free-mail sites, the shorteners below and the listings
// (listings.go). [KeyV3.Fingerprint]
// names it, so that stored KeyV3 keys are made again when a platform is
// added: unlike KeyV2's tenants, this list grows.
const platformsRevision = "2026-12-08.2"

// ownerData returns the lists KeyV3's owner rules read besides a Keyer's
// platforms, read on first use: a program that never keys and never
// looks for a profile never reads them.
func ownerData() *ownerLists {
	ownerOnce.Do(readOwnerLists)
	return &owner
}

// ownerLists are the lists of ownerData, each from internal/data.
type ownerLists struct {
	// freeMailSites are the free-mail and provider domains whose websites
	// have no owner (the owner rule NoOwnerFreeMail): the project's
	// curated list, free_mail_sites.txt, and its own additions,
	// free_mail.txt, each with its source.
	freeMailSites map[string]bool
	// shorteners are the hosts of URL shorteners' links (shorteners.txt),
	// whose target is not in the link, to the service: their sites have
	// no owner (NoOwnerShortener), and the messy-cell layer reports
	// [FactOpaqueRedirect] for their links.
	shorteners map[string]string
	// localityLabels are the labels of a branch of a locality's
	// government under the .us domain (locality_labels.txt):
	// <label>.<locality>.<state>.us is its own owner. RFC 1480, section
	// 2.2, gives "ci" and "co"; the others are how towns, townships,
	// villages, cities, counties and boroughs name themselves there.
	localityLabels map[string]bool
	// tails are the last two labels the owner rules know: the networks'
	// domains and those of the two lists of no owner above.
	tails tailTable
}

var (
	ownerOnce sync.Once
	owner     ownerLists // ownerData's
)

// readOwnerLists reads owner.
func readOwnerLists() {
	o := &owner
	o.freeMailSites = data.DomainSet(256, data.FreeMailSites, data.FreeMail)
	o.shorteners = data.ShortenerServices()
	o.localityLabels = data.NameSet(data.LocalityLabels)
	o.tails.addNetworks()
	for d := range o.freeMailSites {
		o.tails.add(lastTwoLabels(d)).noOwner = true
	}
	for h := range o.shorteners {
		o.tails.add(lastTwoLabels(h)).noOwner = true
	}
}

// platformIndex maps a registrable domain (or a Keyer's platform's
// domain) to what KeyV3's owner rules know of it, so that an address
// whose domain is in no list costs one look-up.
type platformIndex map[string]*ownerEntry

// ownerEntry is what KeyV3's owner rules know of a domain: its platform's
// rules, and whether it has URL shorteners (ownerLists.shorteners). (The
// free-mail domains are found apart, by their last two labels: tails.)
type ownerEntry struct {
	tenantPlatform
	shortener bool
	// route is a label of the platform's own below which each label is a
	// tenant's other name: "mail" makes <name>.mail.onmicrosoft.com the
	// tenant <name>.onmicrosoft.com's (its mail routing domain).
	route string
}

// entry returns the entry of domain, made when there is none.
func (x platformIndex) entry(domain string) *ownerEntry {
	e := x[domain]
	if e == nil {
		e = &ownerEntry{tenantPlatform: tenantPlatform{own: map[string]bool{"www": true}}}
		x[domain] = e
	}
	return e
}

// addShape adds the platform of shape ("<name>.domain" or
// "host/prefix<name>") with its own labels own to x. A host tenant's
// platform is indexed by its domain, a path tenant's by its host's
// registrable domain; deep reports whether the domain is longer than its
// registrable domain ("sites.example.net"), which only a Keyer's
// platforms may be.
func (x platformIndex) addShape(shape string, own []string) (deep bool) {
	get := x.entry
	if domain, ok := strings.CutPrefix(shape, "<name>."); ok {
		p := get(domain)
		p.hostTenants = true
		for _, l := range own {
			p.own[l] = true
		}
		return publicSuffixOf(domain).registrable != domain
	}
	host, rest, _ := strings.Cut(shape, "/")
	prefix := "/" + strings.TrimSuffix(rest, "<name>")
	reg := publicSuffixOf(host).registrable
	if reg == "" {
		reg = host
	}
	p := get(reg)
	pt := pathTenant{host: host, prefix: prefix}
	if len(own) > 0 {
		pt.own = set(own...)
	}
	p.paths = append(p.paths, pt)
	return false
}

// clone returns a copy of x that can be added to without changing x.
func (x platformIndex) clone() platformIndex {
	y := make(platformIndex, len(x))
	for d, p := range x {
		q := *p
		q.own = make(map[string]bool, len(p.own))
		for l := range p.own {
			q.own[l] = true
		}
		q.paths = append([]pathTenant(nil), p.paths...)
		y[d] = &q
	}
	return y
}

// readBuiltinPlatforms returns KeyV3's platform index: KeyV2's tenants
// (tenants.txt), the site platforms KeyV3 keeps apart beyond them
// (platforms.txt: site builders and hosts whose customers get a subdomain
// or a path of the platform's domain, which the Public Suffix List does
// not list; TestPlatformsList checks), the portal domains of the US states
// and territories (state_portals.txt: each <name>.<portal> is its own
// owner, a state's agencies, its courts and the towns it hosts, which the
// registrable domain would make one organisation) and the domains of the
// URL shorteners.
func readBuiltinPlatforms() platformIndex {
	x := make(platformIndex)
	data.Must(data.Tenants(func(t data.Shape) error { x.addShape(t.Shape, t.Own); return nil }))
	data.Must(data.Platforms(func(t data.Shape) error {
		x.addShape(t.Shape, t.Own)
		if t.Route != "" {
			x.entry(strings.TrimPrefix(t.Shape, "<name>.")).route = t.Route
		}
		return nil
	}))
	data.Must(data.StatePortals(func(d data.Domain) error { x.addShape("<name>."+d.Domain, nil); return nil }))
	for host := range ownerData().shorteners {
		reg := publicSuffixOf(host).registrable
		if reg == "" {
			reg = host
		}
		x.entry(reg).shortener = true
	}
	return x
}
