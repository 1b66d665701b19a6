// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam

import (
	"context"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/lists"
)

// TestMatch matches leads against accounts by owner, by the rules of the
// tool's match: an e-mail address at a subdomain, a cell of two domains in
// the reference, two accounts of one owner (the first by line), and what
// never matches on either side (a placeholder, free-mail, a network's page
// that is not a profile) as dead letters.
func TestMatch(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	leads := beam.CreateList(s, []Value{
		{Text: "ann@sales.acme.com", File: "leads.csv", Line: 2},
		{Text: "initrode.com", File: "leads.csv", Line: 3},
		{Text: "umbrella.com", File: "leads.csv", Line: 4},
		{Text: "bob@gmail.com", File: "leads.csv", Line: 5},
		{Text: "N/A", File: "leads.csv", Line: 6},
	})
	accounts := beam.CreateList(s, []Value{
		{Text: "https://www.acme.com/", File: "accounts.csv", Line: 3},
		{Text: "acme.com", File: "accounts.csv", Line: 2},
		{Text: "initech.com; initrode.com", File: "accounts.csv", Line: 4},
		{Text: "linkedin.com/feed", File: "accounts.csv", Line: 5},
	})
	matched, failed := Match(s, leads, accounts, Options{By: webaddress.LevelOwner})
	passert.Equals(s, beam.ParDo(s, MatchedJSON, matched),
		`{"input":"ann@sales.acme.com","file":"leads.csv","line":2,"match_count":2,"match_key":"acme.com","match_via":"1","match_level":"owner","match_ambiguous":true,"against":"acme.com","against_file":"accounts.csv","against_line":2}`,
		`{"input":"initrode.com","file":"leads.csv","line":3,"match_count":1,"match_key":"initrode.com","match_via":"1","match_level":"site","match_ambiguous":false,"against":"initech.com; initrode.com","against_file":"accounts.csv","against_line":4}`,
		`{"input":"umbrella.com","file":"leads.csv","line":4,"match_count":0,"match_key":"umbrella.com","match_via":null,"match_level":null,"match_ambiguous":null,"against":null,"against_file":null,"against_line":null}`,
	)
	passert.Equals(s, beam.ParDo(s, FailureJSON, failed),
		`{"input":"bob@gmail.com","step":"match","error_code":"web.email-free-mail","error":"web.email-free-mail: \"bob@gmail.com\" gives no key to match by","file":"leads.csv","line":5}`,
		`{"input":"N/A","step":"match","error_code":"web.placeholder","error":"web.placeholder: \"N/A\" gives no key to match by","file":"leads.csv","line":6}`,
		`{"input":"linkedin.com/feed","step":"match","error_code":"no-owner-network","error":"no-owner-network: \"linkedin.com/feed\" gives no key to match by","file":"accounts.csv","line":5}`,
	)
	ptest.RunAndValidate(t, p)
}

// TestMatchRefFn checks that the reference's accumulator keeps the first
// value whatever the order of adding and merging.
func TestMatchRefFn(t *testing.T) {
	f := &matchRefFn{}
	a := f.AddInput(f.AddInput(f.CreateAccumulator(), matchRef{Row: Value{Text: "b", Line: 3}}), matchRef{Row: Value{Text: "a", Line: 2}, Keys: []string{"a", "b"}})
	b := f.AddInput(f.CreateAccumulator(), matchRef{Row: Value{Text: "c", Line: 1}})
	for _, m := range []matchAcc{f.MergeAccumulators(a, b), f.MergeAccumulators(b, a)} {
		if m.Count != 3 || m.First.Line != 1 || len(m.Several) != 1 || m.Several[0].Line != 2 {
			t.Errorf("merged = %+v, want 3 values, the first line 1, line 2 of several keys", m)
		}
	}
}

// TestMatchColumns matches rows of two columns (an e-mail address, then a
// website), as the tool's --column email,website, against a reference of
// two (a domain, then a website): a row a Matched, by the first column
// whose keys a reference row shares (a free-mail address falls to the
// website; an e-mail address that matches nothing falls to a website
// that does), else by the first that gives a key; a row of two addresses
// in a cell counts a reference row of both keys once; alike rows of
// strings are each a Matched; a row of no key is a dead letter.
func TestMatchColumns(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	row := func(line int64, cells ...string) Value {
		return Value{File: "leads.csv", Line: line, Text: cells[0], Cells: cells}
	}
	ref := func(line int64, cells ...string) Value {
		return Value{File: "accounts.csv", Line: line, Text: cells[0], Cells: cells}
	}
	leads := beam.CreateList(s, []Value{
		row(2, "ann@acme.com", "umbrella.com"),
		row(3, "bob@gmail.com", "https://initech.com/about"),
		row(4, "cid@hooli.com", "initrode.com"),
		row(5, "dan@hooli.com", "pied-piper.com"),
		row(6, "eve@globex.com, eve@initech.com", ""),
		row(7, "N/A", ""),
	})
	accounts := beam.CreateList(s, []Value{
		ref(2, "acme.com", "https://acme.com"),
		ref(3, "", "www.initech.com"),
		ref(4, "globex.com; initech.com", ""),
		ref(5, "initrode.com", ""),
		ref(6, "N/A", "linkedin.com/feed"),
	})
	matched, failed := Match(s, leads, accounts, Options{By: webaddress.LevelOwner})
	passert.Equals(s, beam.ParDo(s, matchedColumnsJSON, matched),
		`{"input":"ann@acme.com","file":"leads.csv","line":2,"match_count":1,"match_key":"acme.com","match_via":"email","match_level":"site","match_ambiguous":false,"against":"acme.com","against_file":"accounts.csv","against_line":2}`,
		`{"input":"bob@gmail.com","file":"leads.csv","line":3,"match_count":2,"match_key":"initech.com","match_via":"website","match_level":"site","match_ambiguous":true,"against":"","against_file":"accounts.csv","against_line":3}`,
		`{"input":"cid@hooli.com","file":"leads.csv","line":4,"match_count":1,"match_key":"initrode.com","match_via":"website","match_level":"site","match_ambiguous":false,"against":"initrode.com","against_file":"accounts.csv","against_line":5}`,
		`{"input":"dan@hooli.com","file":"leads.csv","line":5,"match_count":0,"match_key":"hooli.com","match_via":null,"match_level":null,"match_ambiguous":null,"against":null,"against_file":null,"against_line":null}`,
		`{"input":"eve@globex.com, eve@initech.com","file":"leads.csv","line":6,"match_count":2,"match_key":"globex.com initech.com","match_via":"email","match_level":"site","match_ambiguous":true,"against":"","against_file":"accounts.csv","against_line":3}`,
	)
	passert.Equals(s, beam.ParDo(s, FailureJSON, failed),
		`{"input":"N/A","step":"match","error_code":"web.placeholder","error":"web.placeholder: \"N/A\" gives no key to match by","file":"leads.csv","line":7}`,
		`{"input":"N/A","step":"match","error_code":"web.placeholder","error":"web.placeholder: \"N/A\" gives no key to match by","file":"accounts.csv","line":6}`,
	)
	strs := beam.CreateList(s, []string{"acme.com", "acme.com", "hooli.com"})
	again, _ := Match(s, strs, accounts, Options{By: webaddress.LevelOwner})
	passert.Equals(s, beam.ParDo(s, MatchedJSON, again),
		`{"input":"acme.com","match_count":1,"match_key":"acme.com","match_via":"1","match_level":"site","match_ambiguous":false,"against":"acme.com","against_file":"accounts.csv","against_line":2}`,
		`{"input":"acme.com","match_count":1,"match_key":"acme.com","match_via":"1","match_level":"site","match_ambiguous":false,"against":"acme.com","against_file":"accounts.csv","against_line":2}`,
		`{"input":"hooli.com","match_count":0,"match_key":"hooli.com","match_via":null,"match_level":null,"match_ambiguous":null,"against":null,"against_file":null,"against_line":null}`,
	)
	ptest.RunAndValidate(t, p)
}

func matchedColumnsJSON(m Matched) string { return MatchedJSONColumns(m, []string{"email", "website"}) }

func init() { register.Function1x1(matchedColumnsJSON) }

// matchTestData is leads of two columns (an e-mail address, then a
// website) and accounts of one, those of the tool's script test of match
// and more: a subdomain, free-mail, a cell of two domains, two accounts of
// one owner, placeholders, a network's page that is not a profile, a row
// of two addresses and a reference row that shares both, a lead at a site
// of two accounts and one at a site of none, whose owner has several.
func matchTestData() (leads, accounts []Value) {
	for i, r := range [][2]string{
		{"ann@sales.acme.com", ""},
		{"bob@gmail.com", "globex.com"},
		{"", "initrode.com"},
		{"dan@gmail.com", ""},
		{"N/A", "n/a"},
		{"fay@umbrella.com", ""},
		{"", "https://www.linkedin.com/in/gus"},
		{"hal@hooli.com", "hooli.com"},
		{"ivy@initech.com, ivy@initrode.com", ""},
		{"jo@hooli.com", "acme.com/contact"},
		{"sam@shop.acme.com", ""},              // at the shop's site: its two accounts, then Acme's others
		{"lee@mail.acme.com", "shop.acme.com"}, // no account at mail.: Acme's, by owner
		{"", "shop.acme.com"},                  // the shop's site too, by the website
	} {
		leads = append(leads, Value{File: "leads.csv", Line: int64(i + 2), Text: r[0], Cells: []string{r[0], r[1]}})
	}
	for i, d := range []string{"acme.com", "https://www.globex.com/", "initech.com; initrode.com", "ACME.COM", "N/A", "", "linkedin.com/in/gus", "linkedin.com/feed", "initech.com", "shop.acme.com", "https://shop.acme.com/b", "www.acme.com"} {
		accounts = append(accounts, Value{File: "accounts.csv", Line: int64(i + 2), Text: d})
	}
	return leads, accounts
}

// toolMatch returns the JSON lines of Match (MatchPairs with all) of
// leads against accounts, and of its dead letters, as the tool's match
// makes them: with package lists' Index, which the tool matches with (the
// columns of a lead tried in order, each at the finest level that agrees;
// the accounts in order; with all, Index.All's pairs, the owner's others
// after a match at site), and how many of the pairs are the owner's
// others.
func toolMatch(t *testing.T, leads, accounts []Value, opts Options, all bool) (matched, failed []string, others int) {
	t.Helper()
	ix, err := lists.NewIndex(lists.Options{Raw: opts.Raw, KeepEmails: opts.KeepEmails, Keys: opts.Keys, By: opts.By})
	if err != nil {
		t.Fatal(err)
	}
	var rows []Value // the accounts added, by their number in ix
	for _, v := range accounts {
		var k lists.Keys
		via, miss := ix.RowKeys(&k, v.cells())
		if via < 0 {
			failed = append(failed, FailureJSON(matchFailure(context.Background(), v, miss)))
			continue
		}
		ix.AddKeys(&k, 0, k.Len(), nil)
		rows = append(rows, v)
	}
	for _, v := range leads {
		var k lists.Keys
		res := ix.Match(&k, v.cells())
		if res.Via < 0 {
			failed = append(failed, FailureJSON(matchFailure(context.Background(), v, res.Miss)))
			continue
		}
		m := Matched{Value: v, Key: string(k.AppendJoined(nil, res.From, res.To, ' ')), Via: res.Via, Level: res.Level, Count: int64(res.Count)}
		if res.Count == 0 {
			m.Via = -1
			matched = append(matched, matchedColumnsJSON(m))
			continue
		}
		if !all {
			m.First = rows[res.First]
			matched = append(matched, matchedColumnsJSON(m))
			continue
		}
		for at, r := range ix.All(&k, res) {
			if at.Level != res.Level {
				others++
			}
			m.Key, m.Level, m.Count = string(k.AppendJoined(nil, at.From, at.To, ' ')), at.Level, int64(at.Count)
			m.First = rows[r]
			matched = append(matched, matchedColumnsJSON(m))
		}
	}
	return matched, failed, others
}

// TestMatchSameAsTool checks that Match and MatchPairs give, for the same
// leads and accounts, the rows the tool's match (and match --all) makes by
// the rules of package lists (the pipeline's test of the same name runs
// the tool itself), at each level: the same counts, keys,
// columns and reference rows, and the same dead letters.
func TestMatchSameAsTool(t *testing.T) {
	leads, accounts := matchTestData()
	for _, by := range []webaddress.Level{webaddress.LevelOwner, webaddress.LevelSite, webaddress.LevelPage} {
		opts := Options{By: by}
		p, s := beam.NewPipelineWithRoot()
		l, a := beam.CreateList(s, leads), beam.CreateList(s, accounts)
		matched, failed := Match(s, l, a, opts)
		pairs, pairsFailed := MatchPairs(s, l, a, opts)
		want, wantFailed, _ := toolMatch(t, leads, accounts, opts, false)
		wantPairs, _, others := toolMatch(t, leads, accounts, opts, true)
		if len(wantPairs) <= len(want) {
			t.Fatalf("by %v: %d pairs for %d rows: the data has no row of several matches", by, len(wantPairs), len(want))
		}
		if by == webaddress.LevelOwner && others == 0 {
			t.Fatalf("by owner: no pair is an owner's other account after a match at site: the data tests too little")
		}
		passert.Equals(s, beam.ParDo(s, matchedColumnsJSON, matched), anys(want)...)
		passert.Equals(s, beam.ParDo(s, matchedColumnsJSON, pairs), anys(wantPairs)...)
		passert.Equals(s, beam.ParDo(s, FailureJSON, failed), anys(wantFailed)...)
		passert.Equals(s, beam.ParDo(s, FailureJSON, pairsFailed), anys(wantFailed)...)
		ptest.RunAndValidate(t, p)
	}
}

// TestMatchPairs writes a Matched per pair, as the tool's match --all:
// Ann's e-mail is at acme.com, of two accounts (two pairs), then Acme's
// shop, the owner's other account, at owner level; Ivy's cell of two
// addresses matches Initech's row of both domains once, and the second
// Initech row too; a lead at the shop's site matches its account there,
// then Acme's two others; an unmatched row once, with no column.
func TestMatchPairs(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	leads := beam.CreateList(s, []Value{
		{File: "leads.csv", Line: 2, Text: "ann@acme.com"},
		{File: "leads.csv", Line: 3, Text: "ivy@initech.com, ivy@initrode.com"},
		{File: "leads.csv", Line: 4, Text: "umbrella.com"},
		{File: "leads.csv", Line: 5, Text: "https://shop.acme.com/cart"},
	})
	accounts := beam.CreateList(s, []Value{
		{File: "accounts.csv", Line: 2, Text: "acme.com"},
		{File: "accounts.csv", Line: 3, Text: "www.acme.com"},
		{File: "accounts.csv", Line: 4, Text: "initech.com, initrode.com"},
		{File: "accounts.csv", Line: 5, Text: "initrode.com"},
		{File: "accounts.csv", Line: 6, Text: "shop.acme.com"},
	})
	pairs, failed := MatchPairs(s, leads, accounts, Options{By: webaddress.LevelOwner})
	passert.Equals(s, beam.ParDo(s, MatchedJSON, pairs),
		`{"input":"ann@acme.com","file":"leads.csv","line":2,"match_count":2,"match_key":"acme.com","match_via":"1","match_level":"site","match_ambiguous":true,"against":"acme.com","against_file":"accounts.csv","against_line":2}`,
		`{"input":"ann@acme.com","file":"leads.csv","line":2,"match_count":2,"match_key":"acme.com","match_via":"1","match_level":"site","match_ambiguous":true,"against":"www.acme.com","against_file":"accounts.csv","against_line":3}`,
		`{"input":"ann@acme.com","file":"leads.csv","line":2,"match_count":3,"match_key":"acme.com","match_via":"1","match_level":"owner","match_ambiguous":true,"against":"shop.acme.com","against_file":"accounts.csv","against_line":6}`,
		`{"input":"ivy@initech.com, ivy@initrode.com","file":"leads.csv","line":3,"match_count":2,"match_key":"initech.com initrode.com","match_via":"1","match_level":"site","match_ambiguous":true,"against":"initech.com, initrode.com","against_file":"accounts.csv","against_line":4}`,
		`{"input":"ivy@initech.com, ivy@initrode.com","file":"leads.csv","line":3,"match_count":2,"match_key":"initech.com initrode.com","match_via":"1","match_level":"site","match_ambiguous":true,"against":"initrode.com","against_file":"accounts.csv","against_line":5}`,
		`{"input":"umbrella.com","file":"leads.csv","line":4,"match_count":0,"match_key":"umbrella.com","match_via":null,"match_level":null,"match_ambiguous":null,"against":null,"against_file":null,"against_line":null}`,
		`{"input":"https://shop.acme.com/cart","file":"leads.csv","line":5,"match_count":1,"match_key":"shop.acme.com","match_via":"1","match_level":"site","match_ambiguous":false,"against":"shop.acme.com","against_file":"accounts.csv","against_line":6}`,
		`{"input":"https://shop.acme.com/cart","file":"leads.csv","line":5,"match_count":3,"match_key":"acme.com","match_via":"1","match_level":"owner","match_ambiguous":true,"against":"acme.com","against_file":"accounts.csv","against_line":2}`,
		`{"input":"https://shop.acme.com/cart","file":"leads.csv","line":5,"match_count":3,"match_key":"acme.com","match_via":"1","match_level":"owner","match_ambiguous":true,"against":"www.acme.com","against_file":"accounts.csv","against_line":3}`,
	)
	passert.Empty(s, failed)
	ptest.RunAndValidate(t, p)
}
