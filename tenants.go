// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"sync"

	"github.com/onecontact/webaddress/internal/data"
)

// This file holds the data of KeyV2's first rule: the platforms whose
// tenants own a label or a path segment below the platform's domain. (The
// one name and the case rule of each social network, KeyV2's second rule,
// are in the networks table of social.go.)

// tenantsRead is the date the pages of the tenants list were read. The list
// is part of KeyV2 and frozen with it (testdata/key_v2.golden records this
// date): a platform added later comes with a new KeyVersion.
const tenantsRead = "2026-12-01"

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
	own          map[string]bool // KeyV3: the path segments of the platform's own (in.gov's core)
}

// tenantTable returns KeyV2's tenant platforms by registrable domain,
// read from tenants.txt in internal/data on first use: the platforms where a label or a path segment below the
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
// fetched from the sites when the list was written. A label not listed
// counts as a tenant on purpose: a platform subdomain taken for a tenant
// only gets a key of its own, while a tenant taken for the platform would
// share the platform's key with every other such tenant.
func tenantTable() map[string]*tenantPlatform {
	tenantOnce.Do(readTenantTable)
	return tenantOf
}

var (
	tenantOnce sync.Once
	tenantOf   map[string]*tenantPlatform // KeyV2's platforms, by registrable domain
)

// readTenantTable reads tenantOf from tenants.txt.
func readTenantTable() {
	m := make(map[string]*tenantPlatform)
	get := func(domain string) *tenantPlatform {
		p := m[domain]
		if p == nil {
			p = &tenantPlatform{own: map[string]bool{"www": true}}
			m[domain] = p
		}
		return p
	}
	data.Must(data.Tenants(func(t data.Shape) error {
		if domain, ok := strings.CutPrefix(t.Shape, "<name>."); ok {
			p := get(domain)
			p.hostTenants = true
			for _, l := range t.Own {
				p.own[l] = true
			}
			return nil
		}
		host, rest, _ := strings.Cut(t.Shape, "/")
		prefix := "/" + strings.TrimSuffix(rest, "<name>")
		reg := publicSuffixOf(host).registrable
		p := get(reg)
		p.paths = append(p.paths, pathTenant{host: host, prefix: prefix})
		return nil
	}))
	tenantOf = m
}

// tenantHost returns the host of a's key under the tenant rule, or "" when
// the rule does not apply: host is a domain without its root dots, reg its
// registrable domain, path the URL's path. A host tenant's key host is
// its tenant label and the platform's domain ("acme.wordpress.com" for
// www.acme.wordpress.com); a path tenant's is the platform's host kept
// whole ("sites.google.com").
func tenantHost(host, reg, path string) string {
	p := tenantTable()[reg]
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
