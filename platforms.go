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
const platformsRevision = "2026-12-01.3"

// platforms are the site platforms KeyV3 keeps apart beyond KeyV2's
// tenants: site builders and hosts whose customers get a subdomain (or a
// path) of the platform's domain, which the Public Suffix List does not
// list (TestPlatformsList checks). Shapes, own labels and pages are as in
// tenants. "not read" marks an entry whose shape was not read on a page of
// the platform or about it: it comes from the addresses of public lists
// (the US government domain register, Open Brewery DB, the world
// universities list), where customers of the platform appear as
// <name>.<platform>.
var platforms = []struct {
	shape, own, page, read string
}{
	{"<name>.godaddysites.com", "", "not read: Open Brewery DB website_url values such as <name>.godaddysites.com", ""},
	{"<name>.business.site", "", "not read: Google Business Profile websites (retired in 2024), <name>.business.site, in Open Brewery DB", ""},
	{"<name>.homestead.com", "www2", "not read: the US government domain register's links to <name>.homestead.com", ""},
	{"<name>.tripod.com", "www members", "not read: Tripod member sites, <name>.tripod.com", ""},
	{"members.tripod.com/~<name>", "", "not read: Tripod's older member pages, members.tripod.com/~<name>", ""},
	{"<name>.angelfire.com", "www", "not read: Angelfire member sites, <name>.angelfire.com", ""},
	{"<name>.webs.com", "", "not read: Webs sites, <name>.webs.com", ""},
	{"<name>.webnode.com", "", "not read: Webnode sites, <name>.webnode.com (and national domains)", ""},
	{"<name>.webnode.page", "", "not read: Webnode sites, <name>.webnode.page", ""},
	{"<name>.ucoz.ru", "", "not read: uCoz sites, <name>.ucoz.ru", ""},
	{"<name>.ucoz.net", "", "not read: uCoz sites, <name>.ucoz.net", ""},
	{"<name>.ucoz.com", "", "not read: uCoz sites, <name>.ucoz.com", ""},
	{"<name>.narod.ru", "", "not read: Narod (uCoz) sites, <name>.narod.ru", ""},
	{"<name>.govoffice.com", "", "not read: the US government domain register's links to towns on <name>.govoffice.com (82 towns in one KeyV2 group)", ""},
	{"<name>.europa.eu", "", "not read: the sites of the European Union's institutions and agencies, <name>.europa.eu (ec.europa.eu, the Commission; www.eurofound.europa.eu, an agency; in this project's corpus)", ""},
	{"<name>.govoffice2.com", "", "not read: the towns list of github.com/fdhidalgo/govt_transparency (www.panhandletx.govoffice2.com, Panhandle, Texas)", ""},
	{"<name>.civicplus.com", "", "not read: the US government domain register's links to <name>.civicplus.com", ""},
	{"<name>.revize.com", "", "not read: municipal sites on <name>.revize.com", ""},
	{"<name>.ning.com", "", "not read: Ning networks, <name>.ning.com", ""},
	{"<name>.over-blog.com", "", "not read: Overblog blogs, <name>.over-blog.com", ""},
	{"<name>.typepad.com", "", "not read: Typepad blogs, <name>.typepad.com", ""},
	{"<name>.livejournal.com", "community", "not read: LiveJournal journals, <name>.livejournal.com", ""},
	{"community.livejournal.com/<name>", "", "not read: LiveJournal communities, community.livejournal.com/<name>, in this project's corpus (testdata/corpus/kasztp.txt)", ""},
	{"<name>.edublogs.org", "", "not read: Edublogs, <name>.edublogs.org", ""},
	{"<name>.mozello.com", "", "not read: Mozello sites, <name>.mozello.com", ""},
	{"<name>.site123.me", "", "not read: SITE123 sites, <name>.site123.me", ""},
	{"<name>.wifeo.com", "", "not read: Wifeo sites, <name>.wifeo.com", ""},
	{"<name>.e-monsite.com", "", "not read: e-monsite sites, <name>.e-monsite.com", ""},
	{"<name>.bigcartel.com", "", "not read: Big Cartel shops, <name>.bigcartel.com", ""},
	{"<name>.myportfolio.com", "", "not read: Adobe Portfolio sites, <name>.myportfolio.com", ""},
	{"<name>.webstarts.com", "", "not read: WebStarts sites, <name>.webstarts.com", ""},
	{"<name>.000webhostapp.com", "", "not read: 000webhost sites, <name>.000webhostapp.com", ""},
	{"<name>.blogfa.com", "", "not read: Blogfa blogs, <name>.blogfa.com", ""},
	{"<name>.shutterfly.com", "www accounts photos support", "not read: Shutterfly Share sites, <name>.shutterfly.com, in Open Brewery DB (www.aqueductbrewing.shutterfly.com, Aqueduct Brewing, Akron; breweries.csv at commit 04c30ff6, read 2026-12-01)", ""},
	// Free hosts and Internet providers whose customers' sites are
	// subdomains, each seen with many customers in this project's corpus
	// (testdata/corpus/kasztp.txt and typed.txt).
	{"<name>.sourceforge.net", "www downloads prdownloads", "not read: SourceForge's project websites, <name>.sourceforge.net (146 projects in the corpus)", ""},
	{"<name>.free.fr", "www perso", "not read: Free's subscribers' pages, <name>.free.fr (76 in the corpus)", ""},
	{"<name>.demon.co.uk", "", "not read: Demon Internet's customers' sites, <name>.demon.co.uk (70 in the corpus)", ""},
	{"<name>.8m.com", "", "not read: free sites on <name>.8m.com (23 in the corpus)", ""},
	{"<name>.freeservers.com", "", "not read: free sites on <name>.freeservers.com (20 in the corpus)", ""},
	{"<name>.freeserve.co.uk", "", "not read: Freeserve's customers' sites, <name>.freeserve.co.uk (18 in the corpus)", ""},
	{"<name>.iwarp.com", "", "not read: free sites on <name>.iwarp.com (13 in the corpus)", ""},
	{"<name>.btinternet.co.uk", "", "not read: BT Internet's customers' sites, <name>.btinternet.co.uk (12 in the corpus)", ""},
	// Personal home pages of Internet providers' customers, a path below
	// the provider's host: the provider's mail domain is not their owner.
	// Each shape is the one seen in this project's corpus
	// (testdata/corpus/kasztp.txt, web URLs of 2011-2015).
	{"home.earthlink.net/~<name>", "", "not read: seen in the corpus", ""},
	{"home.comcast.net/~<name>", "", "not read: seen in the corpus", ""},
	{"homepage.ntlworld.com/<name>", "", "not read: seen in the corpus", ""},
	{"homepage.eircom.net/~<name>", "", "not read: seen in the corpus", ""},
	{"members.shaw.ca/<name>", "", "not read: seen in the corpus", ""},
	{"members.optusnet.com.au/<name>", "", "not read: seen in the corpus", ""},
	{"members.home.nl/<name>", "", "not read: seen in the corpus", ""},
	{"users.skynet.be/<name>", "", "not read: seen in the corpus", ""},
	{"users.telenet.be/<name>", "", "not read: seen in the corpus", ""},
	{"webpages.charter.net/<name>", "", "not read: seen in the corpus", ""},
	{"mysite.verizon.net/<name>", "", "not read: seen in the corpus", ""},
	{"home.arcor.de/<name>", "", "not read: seen in the corpus", ""},
	{"digilander.libero.it/<name>", "", "not read: seen in the corpus", ""},
	{"users.libero.it/<name>", "", "not read: seen in the corpus", ""},
	{"xoomer.virgilio.it/<name>", "", "not read: seen in the corpus", ""},
	{"web.tiscali.it/<name>", "", "not read: seen in the corpus", ""},
	{"web.me.com/<name>", "", "not read: seen in the corpus (Apple's MobileMe, closed in 2012)", ""},
	{"sites.uol.com.br/<name>", "", "not read: seen in the corpus", ""},
}

// statePortals are the portal domains of the US states and territories:
// the rows of domain type "State or territory" in the US .gov domain
// register (github.com/cisagov/dotgov-data, current-full.csv at commit
// 000e60a0, read 2026-12-01) whose name is the state's or territory's
// alone: its postal code (ky.gov), its name (ohio.gov) or a short form
// of it (mass.gov, wyo.gov). Each <name>.<portal> is its own owner: a
// state's agencies (dhs.nj.gov, omes.ok.gov, das.ohio.gov and 68 more
// hosts in the register's own contact addresses), its courts
// (courts.in.gov) and the towns it hosts (lebanon.ky.gov, brazil.in.gov
// in a list of US towns' websites, github.com/fdhidalgo/govt_transparency
// reports/active_learning_assignments.md of 2020-06-22, read 2026-12-01),
// which the registrable domain would make one organisation.
var statePortals = strings.Fields(`
ak.gov al.gov alabama.gov alaska.gov americansamoa.gov ar.gov
arizona.gov arkansas.gov as.gov az.gov ca.gov california.gov cnmi.gov
co.gov colorado.gov ct.gov dc.gov de.gov del.gov delaware.gov fl.gov
florida.gov ga.gov georgia.gov guam.gov hawaii.gov hi.gov ia.gov id.gov
idaho.gov il.gov illinois.gov in.gov indiana.gov iowa.gov kansas.gov
kentucky.gov ks.gov ky.gov la.gov louisiana.gov ma.gov maine.gov
maryland.gov mass.gov massachusetts.gov md.gov me.gov mi.gov mich.gov
michigan.gov minnesota.gov mississippi.gov missouri.gov mn.gov mo.gov
montana.gov ms.gov mt.gov nc.gov nd.gov ne.gov nebraska.gov nevada.gov
newhampshire.gov newjersey.gov newmexico.gov nh.gov nj.gov nm.gov
north-dakota.gov northcarolina.gov northdakota.gov nv.gov ny.gov oh.gov
ohio.gov ok.gov oklahoma.gov or.gov oregon.gov pa.gov pennsylvania.gov
pr.gov ri.gov sc.gov sd.gov southcarolina.gov tennessee.gov texas.gov
tn.gov tx.gov utah.gov vermont.gov vi.gov virginia.gov vt.gov wa.gov
washington.gov westvirginia.gov wi.gov wisc.gov wisconsin.gov wv.gov
wy.gov wyo.gov wyoming.gov
`)

// localityLabels are the labels of a branch of a locality's government
// under the .us domain: <label>.<locality>.<state>.us is its own owner.
// RFC 1480 (The US Domain, 1993), section 2.2, "Locality Names", gives
// "CI" (city government agencies) and "CO" (county government agencies);
// the others are how towns, townships, villages, cities, counties and
// boroughs name themselves in the same place, as the US government domain
// register shows (ci.lubbock.tx.us and co.lubbock.tx.us, town.*, twp.*,
// vil.*; vi.hewitt.wi.us, the village of Hewitt, Wisconsin, in the towns
// list named at statePortals). The RFC's other branches (K12, CC, LIB,
// TEC, ...) are public suffixes of the list already. Read on 2026-12-01 at
// datatracker.ietf.org/doc/rfc1480/.
var localityLabels = set("ci", "co", "city", "county", "town", "twp", "township", "vi", "vil", "village",
	"boro", "borough", "parish", "cityof", "townof", "villageof", "countyof")

// platformIndex maps a registrable domain (or a Keyer's platform's
// domain) to what KeyV3's owner rules know of it, so that an address
// whose domain is in no list costs one look-up.
type platformIndex map[string]*ownerEntry

// ownerEntry is what KeyV3's owner rules know of a domain: its platform's
// rules, and whether it has URL shorteners (opaqueRedirects) or is a
// free-mail domain (freeMailDomains).
type ownerEntry struct {
	tenantPlatform
	shortener, freeMail bool
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
func (x platformIndex) addShape(shape, own string) (deep bool) {
	get := x.entry
	if domain, ok := strings.CutPrefix(shape, "<name>."); ok {
		p := get(domain)
		p.hostTenants = true
		for _, l := range strings.Fields(own) {
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
	p.paths = append(p.paths, pathTenant{host, prefix})
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
	}
	for _, d := range statePortals {
		x.addShape("<name>."+d, "www")
	}
	for host := range opaqueRedirects {
		reg := publicSuffixOf(host).registrable
		if reg == "" {
			reg = host
		}
		x.entry(reg).shortener = true
	}
	for d := range freeMailDomains {
		x.entry(d).freeMail = true
	}
	return x
}()
