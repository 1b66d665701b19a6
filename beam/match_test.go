// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam

import (
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/onecontact/webaddress"
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
		`{"input":"ann@sales.acme.com","file":"leads.csv","line":2,"match_count":2,"match_key":"acme.com","against":"acme.com","against_file":"accounts.csv","against_line":2}`,
		`{"input":"initrode.com","file":"leads.csv","line":3,"match_count":1,"match_key":"initrode.com","against":"initech.com; initrode.com","against_file":"accounts.csv","against_line":4}`,
		`{"input":"umbrella.com","file":"leads.csv","line":4,"match_count":0,"match_key":"umbrella.com","against":null,"against_file":null,"against_line":null}`,
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
	a := f.AddInput(f.AddInput(f.CreateAccumulator(), Value{Text: "b", Line: 3}), Value{Text: "a", Line: 2})
	b := f.AddInput(f.CreateAccumulator(), Value{Text: "c", Line: 1})
	for _, m := range []matchAcc{f.MergeAccumulators(a, b), f.MergeAccumulators(b, a)} {
		if m.Count != 3 || m.First.Line != 1 {
			t.Errorf("merged = %+v, want 3 values, the first line 1", m)
		}
	}
}
