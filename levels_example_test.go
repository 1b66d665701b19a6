// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress_test

import (
	"fmt"
	"strings"

	"github.com/onecontact/webaddress"
)

// The three keys of KeyV3, the rule behind the owner, and the split a CRM
// wants.
func ExampleAddress_Levels() {
	a, err := webaddress.Parse("https://Shop.Acme.co.uk/about?utm_source=x")
	if err != nil {
		panic(err)
	}
	lv := a.Levels()
	fmt.Println("page:     ", lv.Page)
	fmt.Println("site:     ", lv.Site)
	fmt.Println("owner:    ", lv.Owner, "("+lv.Rule.String()+")")
	domain, suffix, subdomain, _ := a.Split()
	fmt.Println("domain:   ", domain)
	fmt.Println("suffix:   ", suffix)
	fmt.Println("subdomain:", subdomain)
	// Output:
	// page:      shop.acme.co.uk/about
	// site:      shop.acme.co.uk
	// owner:     acme.co.uk (domain)
	// domain:    acme.co.uk
	// suffix:    co.uk
	// subdomain: shop
}

// Deduplicating a contact list by owner: one group per organisation,
// whatever page was typed, and none for what is not an organisation's own
// site.
func ExampleAddress_Key_level() {
	for _, in := range []string{
		"www.acme.com/about",
		"shop.acme.com",
		"acmebakery.wordpress.com/contact",
		"brockwaytownship.govoffice.com",
		"www.ci.lubbock.tx.us",
		"co.lubbock.tx.us",
		"linkedin.com/company/acme/about",
		"twitter.com/Acme",
		"sites.google.com/view/acme/home",
		"linkedin.com/feed",
		"bit.ly/x",
		"gmail.com",
	} {
		a, err := webaddress.Parse(in)
		if err != nil {
			panic(err)
		}
		owner := a.Key(webaddress.KeyV3, webaddress.LevelOwner)
		if owner == "" {
			owner = "(none: " + a.Levels().Rule.String() + ")"
		}
		fmt.Printf("%-34s %-28s %s\n", in, a.Key(webaddress.KeyV3, webaddress.LevelSite), owner)
	}
	// Output:
	// www.acme.com/about                 acme.com                     acme.com
	// shop.acme.com                      shop.acme.com                acme.com
	// acmebakery.wordpress.com/contact   acmebakery.wordpress.com     acmebakery.wordpress.com
	// brockwaytownship.govoffice.com     brockwaytownship.govoffice.com brockwaytownship.govoffice.com
	// www.ci.lubbock.tx.us               ci.lubbock.tx.us             ci.lubbock.tx.us
	// co.lubbock.tx.us                   co.lubbock.tx.us             co.lubbock.tx.us
	// linkedin.com/company/acme/about    linkedin.com/company/acme    linkedin.com/company/acme
	// twitter.com/Acme                   x.com/acme                   x.com/acme
	// sites.google.com/view/acme/home    sites.google.com/view/acme   sites.google.com/view/acme
	// linkedin.com/feed                  linkedin.com/feed            (none: no-owner-network)
	// bit.ly/x                           bit.ly/x                     (none: no-owner-shortener)
	// gmail.com                          gmail.com                    (none: no-owner-free-mail)
}

// A Keyer with the user's own platforms and aliases; its fingerprint says
// so.
func ExampleNewKeyer() {
	k, err := webaddress.NewKeyer(webaddress.KeyOptions{
		Platforms: []string{"<name>.shops.example.net"},
		Aliases:   map[string]string{"acme.de": "acme.com"},
	})
	if err != nil {
		panic(err)
	}
	for _, in := range []string{"www.acme.de/impressum", "acme.shops.example.net", "zed.shops.example.net"} {
		a, _ := webaddress.Parse(in)
		fmt.Println(in, "→", k.Key(a, webaddress.LevelOwner))
	}
	fp := strings.Fields(k.Fingerprint())
	fmt.Println(fp[0], fp[3], strings.HasPrefix(fp[4], "platforms+"), strings.HasPrefix(fp[5], "aliases="))
	// Output:
	// www.acme.de/impressum → acme.com
	// acme.shops.example.net → acme.shops.example.net
	// zed.shops.example.net → zed.shops.example.net
	// KeyV3 platforms=2026-12-08.2 true true
}

// Split is the one call for an address's registrable domain: a host of a
// private suffix ("github.io") is a domain of its own.
func ExampleAddress_Split() {
	for _, in := range []string{"https://Shop.Acme.co.uk/about", "acme.github.io/docs", "co.uk", "192.0.2.1"} {
		a, err := webaddress.Parse(in)
		if err != nil {
			panic(err)
		}
		domain, suffix, subdomain, private := a.Split()
		fmt.Printf("%-30s %q %q %q %v\n", in, domain, suffix, subdomain, private)
	}
	// Output:
	// https://Shop.Acme.co.uk/about  "acme.co.uk" "co.uk" "shop" false
	// acme.github.io/docs            "acme.github.io" "github.io" "" true
	// co.uk                          "" "co.uk" "" false
	// 192.0.2.1                      "" "" "" false
}
