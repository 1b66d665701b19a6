// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "strings"

// This file holds the data of KeyV2's first rule: the platforms whose
// tenants own a label or a path segment below the platform's domain. (The
// one name and the case rule of each social network, KeyV2's second rule,
// are in the networks table of social.go.)

// tenantsRead is the date the pages of the tenants list were read. The list
// is part of KeyV2 and frozen with it (testdata/key_v2.golden records this
// date): a platform added later comes with a new KeyVersion.
const tenantsRead = "2026-12-01"

// tenants are the platforms where a label or a path segment below the
// platform's domain belongs to another owner while the Public Suffix List
// does not say so (platforms on the list's private section, such as
// github.io, blogspot.com, wixsite.com, webflow.io, carrd.co, square.site,
// myshopify.com or netlify.app, are kept apart by KeyV1 already and are
// not here; TestTenantsNotPublicSuffixes checks).
//
// A shape is "<name>.domain" for a host tenant, or "host/prefix<name>" for
// a path tenant. own lists a host tenant platform's own subdomains, which
// keep the platform's key; "www" is everyone's. Own subdomains were
// compiled from the platforms' sites as this project knows them, not
// fetched from the sites when the list was written. A label not listed counts as a tenant
// on purpose: a platform subdomain taken for a tenant only gets a key of
// its own, while a tenant taken for the platform would share the
// platform's key with every other such tenant.
//
// page is the page read that shows the shape, with its title; "not read"
// marks a platform asked for by this project's users for which no page
// was read when the list was written, whose shape is the one they gave.
var tenants = []struct {
	shape, own, page, read string
}{
	// Host tenants.
	{"<name>.wordpress.com", "en support developer developers public-api apps vip subscribe",
		`"Domains", wordpress.com/support/domains/ (also en.support.wordpress.com/domains/: "a free address using a WordPress.com subdomain, like example.wordpress.com")`, "2026-12-01"},
	{"<name>.substack.com", "support on",
		`"What Is a Substack Subdomain?", substackcourse.com/substack-subdomain/ ("example.substack.com"; Substack's own "Does my Substack URL have to include www?", support.substack.com/hc/en-us/articles/360051222691, does not show the shape)`, "2026-12-01"},
	{"<name>.tumblr.com", "api media assets static",
		`"How to Start on Tumblr: Tips and Tricks", theodoretownsend.com/2022/07/how-to-start-on-tumblr-tips-and-tricks.html ("usernames double as the URL for your blog ([username].tumblr.com)")`, "2026-12-01"},
	{"<name>.squarespace.com", "support account login static1 forum domains",
		`Squarespace Help Center, "Built-in domains" (article 360017028517, read at z3nladgie3.zendesk.com/hc/en-us/articles/360017028517-Built-in-domains: "yoursiteid.squarespace.com")`, "2026-12-01"},
	{"<name>.medium.com", "help policy blog miro cdn-images-1 cdn-images-2",
		`"One reason not to publish with Medium publications", letters.byburk.net/p/one-reason-not-to-publish-with-medium-publications ("medium.com/@burkrosemann or burkrosemann.medium.com")`, "2026-12-01"},
	{"<name>.jimdofree.com", "",
		`"ジンドゥー(Jimdo)ユーザーが困った事", kotsu-kotsu.net/20200301missing-hp/ ("https://xxxx.jimdofree.com/")`, "2026-12-01"},
	{"<name>.jimdo.com", "help support legal",
		`Jimdo Help, "JimdoPro Domains" (2009), www.jimdo.com/wiki/index.php?title=JimdoPro_Domains&oldid=2951 ("yourname.jimdo.com")`, "2026-12-01"},
	{"<name>.jimdosite.com", "", "not read", ""},
	{"<name>.weebly.com", "hc dev education", "not read", ""},
	{"<name>.mystrikingly.com", "", "not read", ""},
	{"<name>.strikingly.com", "support app", "not read", ""},
	// Path tenants.
	{"sites.google.com/view/<name>", "",
		`"Publicación y compartir", a Google Site at sites.google.com/view/tutorial-gsites-adaka2005/diseño/publicación-y-compartir (its own address)`, "2026-12-01"},
	{"sites.google.com/site/<name>", "", "not read (classic Google Sites, no longer shown since 2021-09-01 per Google Sites Help, support.google.com/sites/answer/10598263, but still in stored addresses)", ""},
	{"medium.com/@<name>", "",
		`"One reason not to publish with Medium publications", letters.byburk.net/p/one-reason-not-to-publish-with-medium-publications ("medium.com/@burkrosemann")`, "2026-12-01"},
	{"linktr.ee/<name>", "",
		`"What Is Linktree? The Social Media Bio Link Tool Explained", everydaytech.org/social-media/social-media-marketing/what-is-link-tree ("a URL like linktr.ee/yourname")`, "2026-12-01"},
	{"about.me/<name>", "", "not read", ""},
}

// tenantPlatform is one platform's rules, indexed by its registrable
// domain.
type tenantPlatform struct {
	hostTenants bool            // "<name>.domain" is a tenant
	own         map[string]bool // the platform's own labels
	paths       []pathTenant    // path tenants on hosts of this domain
}

// pathTenant is a path-tenant shape: host and the path prefix before the
// name ("/view/" for sites.google.com/view/<name>).
type pathTenant struct {
	host, prefix string
}

// tenantOf maps a platform's registrable domain to its rules.
var tenantOf = func() map[string]*tenantPlatform {
	m := make(map[string]*tenantPlatform)
	get := func(domain string) *tenantPlatform {
		p := m[domain]
		if p == nil {
			p = &tenantPlatform{own: map[string]bool{"www": true}}
			m[domain] = p
		}
		return p
	}
	for _, t := range tenants {
		if domain, ok := strings.CutPrefix(t.shape, "<name>."); ok {
			p := get(domain)
			p.hostTenants = true
			for _, l := range strings.Fields(t.own) {
				p.own[l] = true
			}
			continue
		}
		host, rest, _ := strings.Cut(t.shape, "/")
		prefix := "/" + strings.TrimSuffix(rest, "<name>")
		reg := publicSuffixOf(host).registrable
		p := get(reg)
		p.paths = append(p.paths, pathTenant{host, prefix})
	}
	return m
}()

// tenantHost returns the host of a's key under the tenant rule, or "" when
// the rule does not apply: host is a domain without its root dots, reg its
// registrable domain, path the URL's path. A host tenant's key host is
// its tenant label and the platform's domain ("acme.wordpress.com" for
// www.acme.wordpress.com); a path tenant's is the platform's host kept
// whole ("sites.google.com").
func tenantHost(host, reg, path string) string {
	p := tenantOf[reg]
	if p == nil {
		return ""
	}
	if p.hostTenants && len(host) > len(reg) {
		rest := host[:len(host)-len(reg)-1]
		label := rest[strings.LastIndexByte(rest, '.')+1:]
		if label != "" && !p.own[label] {
			return host[len(rest)-len(label):]
		}
	}
	for _, t := range p.paths {
		if host != t.host && !(len(host) == len(t.host)+4 && strings.HasPrefix(host, "www.") && host[4:] == t.host) {
			continue
		}
		if len(path) > len(t.prefix) && strings.EqualFold(path[:len(t.prefix)], t.prefix) && path[len(t.prefix)] != '/' {
			return t.host
		}
	}
	return ""
}
