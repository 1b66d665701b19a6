// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lists_test

import (
	"fmt"
	"slices"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/lists"
)

// Dedupe a contact list by organisation: the e-mail address stands in
// for a missing website, what is not an address stays a group of its own.
func ExampleDedupe() {
	rows := [][]string{ // website, then e-mail: the cells tried in order
		{"https://www.acme.com/", "ann@acme.com"},
		{"", "bob@acme.com"},
		{"“Globex.com”", ""},
		{"N/A", "carol@gmail.com"},
		{"shop.acme.com/cart?utm_source=mail", ""},
	}
	groups, err := lists.Dedupe(slices.Values(rows), lists.Options{By: webaddress.LevelOwner})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, g := range groups {
		fmt.Printf("%-10q %d rows %v first %q", g.Key, g.Count, slices.Collect(g.Rows()), g.First)
		if g.Apart != "" {
			fmt.Printf(" (apart: %s)", g.Apart)
		}
		fmt.Println()
	}
	// Output:
	// "acme.com" 3 rows [1 2 5] first "https://www.acme.com/"
	// "globex.com" 1 rows [3] first "“Globex.com”"
	// ""         1 rows [4] first "N/A" (apart: web.placeholder)
}

// Match new leads against the accounts one has, by owner: at the site
// when an account is there, else at the owner; several accounts at the
// level that matched are a tie, which the lead's row should show.
func ExampleIndex_Match() {
	accounts, err := lists.NewIndex(lists.Options{By: webaddress.LevelOwner})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, row := range [][]string{
		{"acme.com", "Acme Corp"}, {"shop.acme.com", "Acme Shop"},
		{"globex.com", "Globex"}, {"globex.com/careers", "Globex jobs"},
	} {
		accounts.Add(row[:1], row[1:]) // the website to match by, the name to keep
	}
	var keys lists.Keys
	for _, lead := range []string{"jo@shop.acme.com", "jo@sales.acme.com", "www.globex.com/about", "ann@gmail.com", "initech.com"} {
		m := accounts.Match(&keys, []string{lead})
		name, _ := accounts.Kept(nil, m.First)
		switch {
		case m.Via < 0:
			fmt.Printf("%-20s no key (%s)\n", lead, m.Miss)
		case m.Count == 0:
			fmt.Printf("%-20s new: %s\n", lead, keys.AppendStrings(nil, m.From, m.To))
		case m.Ambiguous():
			fmt.Printf("%-20s %d accounts at %v %s, a tie: first %s\n", lead, m.Count, m.Level, keys.AppendStrings(nil, m.From, m.To), name)
		default:
			fmt.Printf("%-20s 1 account at %v %s: %s\n", lead, m.Level, keys.AppendStrings(nil, m.From, m.To), name)
		}
	}
	// Output:
	// jo@shop.acme.com     1 account at site [shop.acme.com]: [Acme Shop]
	// jo@sales.acme.com    2 accounts at owner [acme.com], a tie: first [Acme Corp]
	// www.globex.com/about 2 accounts at site [globex.com], a tie: first [Globex]
	// ann@gmail.com        no key (web.email-free-mail)
	// initech.com          new: [initech.com]
}

// Every account a lead reaches, a pair each: those at its site, then its
// owner's others. Jo writes from the shop, whose two accounts match at
// site; Acme's own account is the owner's, not the shop's, and comes after
// them with the owner level's count and key. Lee's host has no account:
// the owner's three match, as Match says. Initech has no account: no
// pair.
func ExampleIndex_All() {
	accounts, err := lists.NewIndex(lists.Options{By: webaddress.LevelOwner})
	if err != nil {
		fmt.Println(err)
		return
	}
	accounts.KeepAll = true // the name of every account, not only the first of each key
	for _, row := range [][]string{
		{"acme.com", "Acme Corp"}, {"shop.acme.com", "Acme Shop"},
		{"https://shop.acme.com/b2b", "Acme Shop B2B"}, {"globex.com", "Globex"},
	} {
		accounts.Add(row[:1], row[1:])
	}
	var keys lists.Keys
	for _, lead := range []string{"jo@shop.acme.com", "lee@sales.acme.com", "initech.com"} {
		m := accounts.Match(&keys, []string{lead})
		fmt.Println(lead)
		for at, row := range accounts.All(&keys, m) {
			kept, _ := accounts.Kept(nil, row)
			fmt.Printf("  %-13s at %-5v of %s, %d there\n", kept[0], at.Level, keys.AppendStrings(nil, at.From, at.To), at.Count)
		}
	}
	// Output:
	// jo@shop.acme.com
	//   Acme Shop     at site  of [shop.acme.com], 2 there
	//   Acme Shop B2B at site  of [shop.acme.com], 2 there
	//   Acme Corp     at owner of [acme.com], 3 there
	// lee@sales.acme.com
	//   Acme Corp     at owner of [acme.com], 3 there
	//   Acme Shop     at owner of [acme.com], 3 there
	//   Acme Shop B2B at owner of [acme.com], 3 there
	// initech.com
}
