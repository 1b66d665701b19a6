// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "strings"

// This file holds the data of KeyV3's owner level: the site platforms it
// adds to KeyV2's tenants, the locality labels of the .us domain, and how
// a platform index is built from shapes.

// platformsRevision is the revision of KeyV3's platform list: KeyV2's
// tenants (tenants.go) and the platforms below. [KeyV3.Fingerprint]
// names it, so that stored KeyV3 keys are made again when a platform is
// added: unlike KeyV2's tenants, this list grows.
const platformsRevision = "2026-12-02"

// platforms are the site platforms KeyV3 keeps apart beyond KeyV2's
// tenants, the entries of data/platforms.txt: site builders and hosts
// whose customers get a subdomain (or a path) of the platform's domain,
// which the Public Suffix List does not list (TestPlatformsList checks).
// Shapes and own labels are as in tenants.
var platforms = must(readShapes("data/platforms.txt", platformsFile))

// statePortals are the portal domains of the US states and territories,
// the entries of data/state_portals.txt: each <name>.<portal> is its own
// owner (a state's agencies, its courts and the towns it hosts), which the
// registrable domain would make one organisation.
var statePortals = func() []string {
	var ds []string
	for _, e := range must(readDomains("data/state_portals.txt", statePortalsFile)) {
		ds = append(ds, e.domain)
	}
	return ds
}()

// localityLabels are the labels of a branch of a locality's government
// under the .us domain: <label>.<locality>.<state>.us is its own owner.
// RFC 1480 (The US Domain, 1993), section 2.2, "Locality Names", gives
// "CI" (city government agencies) and "CO" (county government agencies);
// the others are how towns, townships, villages, cities, counties and
// boroughs name themselves in the same place, as the US government domain
// register shows (ci.lubbock.tx.us and co.lubbock.tx.us, town.*, twp.*,
// vil.*; vi.hewitt.wi.us, the village of Hewitt, Wisconsin, in the towns
// list named in data/state_portals.txt). The RFC's other branches (K12, CC, LIB,
// TEC, ...) are public suffixes of the list already. Read on 2026-12-01 at
// datatracker.ietf.org/doc/rfc1480/.
var localityLabels = set("ci", "co", "city", "county", "town", "twp", "township", "vi", "vil", "village",
	"boro", "borough", "parish", "cityof", "townof", "villageof", "countyof")

// platformIndex maps a registrable domain (or a Keyer's platform's
// domain) to what KeyV3's owner rules know of it, so that an address
// whose domain is in no list costs one look-up.
type platformIndex map[string]*ownerEntry

// ownerEntry is what KeyV3's owner rules know of a domain: its platform's
// rules, and whether it has URL shorteners (opaqueRedirects). (The
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

// builtinPlatforms is KeyV3's platform index: KeyV2's tenants and the
// platforms above.
var builtinPlatforms = func() platformIndex {
	x := make(platformIndex)
	for _, t := range tenants {
		x.addShape(t.shape, t.own)
	}
	for _, t := range platforms {
		x.addShape(t.shape, t.own)
		if t.route != "" {
			x.entry(strings.TrimPrefix(t.shape, "<name>.")).route = t.route
		}
	}
	for _, d := range statePortals {
		x.addShape("<name>."+d, nil)
	}
	for host := range opaqueRedirects {
		reg := publicSuffixOf(host).registrable
		if reg == "" {
			reg = host
		}
		x.entry(reg).shortener = true
	}
	return x
}()
