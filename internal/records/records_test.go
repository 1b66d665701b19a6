// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package records

import (
	"testing"

	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
)

func TestRecords(t *testing.T) {
	var rows Rows
	last := int64(0)
	for _, n := range []int64{1, 2, 300, 70000} {
		rows = rows.Add(n, last)
		last = n
	}
	g := Group{Key: "example.com", Count: 4, First: "Example.com", Rows: rows}
	l := record.NewLayout(GroupColumns...)
	if got, want := jsonOf(l.AppendJSON(nil, nil, &g)), `{"key":"example.com","count":4,"first":"Example.com","rows":[1,2,300,70000],"error_code":null,"error":null}`; got != want {
		t.Errorf("group JSON %s, want %s", got, want)
	}
	if got, want := string(l.AppendDelimited(nil, ',', nil, &g)), "example.com,4,Example.com,1 2 300 70000,,\n"; got != want {
		t.Errorf("group CSV %q, want %q", got, want)
	}
	// A value that failed: no key; Beam keeps no rows.
	g = Group{Count: 1, First: "x:99999", ErrorCode: "web.invalid-port", Error: "web.invalid-port: ..."}
	if got, want := jsonOf(l.AppendJSON(nil, nil, &g)), `{"key":null,"count":1,"first":"x:99999","rows":null,"error_code":"web.invalid-port","error":"web.invalid-port: ..."}`; got != want {
		t.Errorf("failed group JSON %s, want %s", got, want)
	}
	f := FaultFailure(table.NewFault(11, `10,"Broken`, "field 2 opens a quote that is never closed", table.CodeUnclosedQuote), "")
	if got, want := jsonOf(record.NewLayout(FailureColumns...).AppendJSON(nil, nil, &f)), `{"input":"10,\"Broken","step":"read","error_code":"record.unclosed-quote","error":"record.unclosed-quote: line 11: field 2 opens a quote that is never closed","file":null,"line":11}`; got != want {
		t.Errorf("failure JSON %s, want %s", got, want)
	}
	if _, err := record.Pick(GroupColumns, "key", "nope"); err == nil || err.Error() != `no column "nope": want some of key,count,first,rows,error_code,error` {
		t.Errorf("Pick: %v", err)
	}
}

// TestSURTRecord checks the record of a SURT key and of a value surt.Key
// refuses, and the dead letter of the latter, with surt's code.
func TestSURTRecord(t *testing.T) {
	l := record.NewLayout(SURTColumns...)
	for _, tt := range []struct{ in, want string }{
		{"http://www.Example.com/B/?b=2&a=1#x", `{"input":"http://www.Example.com/B/?b=2&a=1#x","surt":"com,example)/b?a=1&b=2","error_code":null,"error":null}`},
		{"", `{"input":"","surt":"-","error_code":null,"error":null}`},
		{"http://x.com:99999/", `{"input":"http://x.com:99999/","surt":null,"error_code":"surt.invalid-port","error":"surt.Key(\"http://x.com:99999/\"): port is not a number from 0 to 65535 (at \"99999\")"}`},
	} {
		k := NewSURTKey(tt.in)
		if got := jsonOf(l.AppendJSON(nil, nil, &k)); got != tt.want {
			t.Errorf("the SURT record of %q:\n\t%s\nwant\n\t%s", tt.in, got, tt.want)
		}
	}
	k := NewSURTKey(" \t")
	if f := NewFailure(k.Input, StepSURT, k.Err); f.ErrorCode != "surt.blank" || f.Step != "surt" {
		t.Errorf("the dead letter of %q: %+v, want step surt and code surt.blank", k.Input, f)
	}
}

// jsonOf returns the JSON an AppendJSON call appended.
func jsonOf(b []byte, _ bool) string { return string(b) }
