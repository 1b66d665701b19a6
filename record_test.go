// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// marshal returns v's JSON as its MarshalJSON writes it, or fails t.
var marshal = testfiles.MarshalJSON

func TestAddressRecord(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		// A profile: network, handle and kind; no removed parameters is [].
		{"https://twitter.com/NASA", `{"input":"https://twitter.com/NASA","text":"https://twitter.com/NASA","href":"https://twitter.com/NASA","canonical":"https://twitter.com/NASA","key":"x.com/nasa","site":"x.com/nasa","owner":"x.com/nasa","owner_rule":"profile","domain":"twitter.com","suffix":"com","subdomain":"","facts":["profile"],"network":"x","handle":"NASA","kind":"handle","fields":{"scheme":[0,5],"host":[8,19],"path":[19,24]},"removed_params":[],"error_code":null,"error":null}`},
		// No facts is []; '&' and '<' stay as they are.
		{"https://a.example/?x=1&y=<", `{"input":"https://a.example/?x=1&y=<","text":"https://a.example/?x=1&y=<","href":"https://a.example/?x=1&y=%3C","canonical":"https://a.example/?x=1&y=%3C","key":"a.example?x=1&y=%3C","site":"a.example","owner":"a.example","owner_rule":"domain","domain":"a.example","suffix":"example","subdomain":"","facts":[],"network":null,"handle":null,"kind":null,"fields":{"scheme":[0,5],"host":[8,17],"path":[17,18],"query":[19,26]},"removed_params":[],"error_code":null,"error":null}`},
	} {
		a, err := Parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := marshal(t, a); got != tt.want {
			t.Errorf("Parse(%q).MarshalJSON() =\n\t%s\nwant\n\t%s", tt.in, got, tt.want)
		}
	}
	// The zero Address: no address, no error.
	if got, want := marshal(t, Address{}), `{"input":"","text":null,"href":null,"canonical":null,"key":null,"site":null,"owner":null,"owner_rule":null,"domain":null,"suffix":null,"subdomain":null,"facts":null,"network":null,"handle":null,"kind":null,"fields":null,"removed_params":null,"error_code":null,"error":null}`; got != want {
		t.Errorf("Address{}.MarshalJSON() = %s, want %s", got, want)
	}
}

// TestCellRecord checks the record of an Address of a cell, as package
// cells makes it (addressFromRecord with the cell, the text it parsed and
// its facts): input is the cell, text what was parsed (the spans are of
// text), and the facts are the layer's too; and the record of each key
// version.
func TestCellRecord(t *testing.T) {
	a, err := addressFromRecord("“Twitter.com/NASA”", "Twitter.com/NASA", FactWrappingRemoved)
	if err != nil {
		t.Fatal(err)
	}
	if a.Cell() != "“Twitter.com/NASA”" || a.Input() != "Twitter.com/NASA" {
		t.Fatalf("addressFromRecord: Cell %q, Input %q", a.Cell(), a.Input())
	}
	want := `{"input":"“Twitter.com/NASA”","text":"Twitter.com/NASA","href":"https://twitter.com/NASA","canonical":"https://twitter.com/NASA","key":"x.com/nasa","site":"x.com/nasa","owner":"x.com/nasa","owner_rule":"profile","domain":"twitter.com","suffix":"com","subdomain":"","facts":["scheme-assumed","profile","wrapping-removed"],"network":"x","handle":"NASA","kind":"handle","fields":{"host":[0,11],"path":[11,16]},"removed_params":[],"error_code":null,"error":null}`
	if got := marshal(t, a); got != want {
		t.Errorf("MarshalJSON() =\n\t%s\nwant\n\t%s", got, want)
	}
	o := record.Outcome[Address]{Input: a.Cell(), Value: a}
	for _, tt := range []struct {
		name string
		cols []record.Column[parseOutcome]
		key  string
	}{
		{"record.Of", record.Of[parseOutcome](), "x.com/nasa"},
		{"record.OfBy KeyV3", record.OfBy[parseOutcome](KeyV3), "x.com/nasa"},
		{"record.OfBy KeyV2", record.OfBy[parseOutcome](KeyV2), "x.com/nasa"},
		{"record.OfBy KeyV1", record.OfBy[parseOutcome](KeyV1), "twitter.com/nasa"},
	} {
		l := record.NewLayout(pickColumns(tt.cols, "key")...)
		if got, want := jsonOf(l.AppendJSON(nil, nil, &o)), `{"key":"`+tt.key+`"}`; got != want {
			t.Errorf("the record of %s: %s, want %s", tt.name, got, want)
		}
	}
	// An Address of Parse is its own cell.
	if b, _ := Parse(" acme.com"); b.Cell() != " acme.com" || b.Cell() != b.Input() {
		t.Errorf("Parse: Cell %q, Input %q, want both the input", b.Cell(), b.Input())
	}
}

// pickColumns returns the columns of cols called names.
func pickColumns[T any](cols []record.Column[T], names ...string) []record.Column[T] {
	var out []record.Column[T]
	for _, n := range names {
		out = append(out, cols[record.Index(cols, n)])
	}
	return out
}

// TestParseRecordFailure checks the record of an input that failed, as the
// command-line tool and Beam look it up: the input, nulls, and the error.
func TestParseRecordFailure(t *testing.T) {
	l := record.NewLayout(record.Of[record.Outcome[Address]]()...)
	for _, tt := range []struct{ in, want string }{
		{"example.com:99999", `{"input":"example.com:99999","text":null,"href":null,"canonical":null,"key":null,"site":null,"owner":null,"owner_rule":null,"domain":null,"suffix":null,"subdomain":null,"facts":null,"network":null,"handle":null,"kind":null,"fields":null,"removed_params":null,"error_code":"web.invalid-port","error":"web.invalid-port: \"example.com:99999\": port-out-of-range at byte 12"}`},
		// Latin-1: the input's byte cannot be carried by JSON, and the
		// record says so.
		{"www.caf\xe9.fr", `{"input":"www.caf\ufffd.fr","text":null,"href":null,"canonical":null,"key":null,"site":null,"owner":null,"owner_rule":null,"domain":null,"suffix":null,"subdomain":null,"facts":null,"network":null,"handle":null,"kind":null,"fields":null,"removed_params":null,"error_code":"web.invalid-utf8","error":"web.invalid-utf8: \"www.caf\\xe9.fr\": invalid UTF-8 at byte 7 (\"\\xe9\")","invalid_utf8":["input"]}`},
	} {
		a, err := Parse(tt.in)
		o := record.Outcome[Address]{Input: tt.in, Value: a, Err: err}
		if got := jsonOf(l.AppendJSON(nil, nil, &o)); got != tt.want {
			t.Errorf("the record of %q =\n\t%s\nwant\n\t%s", tt.in, got, tt.want)
		}
		if got, want := string(l.AppendDelimited(nil, ',', nil, &o)), tt.in+",,,,,,,,,,,"; len(got) < len(want) || got[:len(want)] != want {
			t.Errorf("the CSV record of %q = %q, want it to start %q", tt.in, got, want)
		}
	}
}

// TestRecordCorpus checks that every corpus line gives one valid JSON
// object whose members are the record's columns, with their types.
func TestRecordCorpus(t *testing.T) {
	lines, err := testfiles.CorpusLines("kasztp.txt")
	if err != nil {
		t.Fatal(err)
	}
	cols := record.Of[record.Outcome[Address]]()
	l := record.NewLayout(cols...)
	var b []byte
	for _, in := range lines {
		a, err := Parse(in)
		o := record.Outcome[Address]{Input: in, Value: a, Err: err}
		b, _ = l.AppendJSON(b[:0], nil, &o)
		if err == nil && !bytes.Equal(b, []byte(marshal(t, a))) {
			t.Fatalf("%q: the registered record differs from MarshalJSON:\n\t%s\n\t%s", in, b, marshal(t, a))
		}
		var m map[string]any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&m); err != nil {
			t.Fatalf("%q: %s: %v", in, b, err)
		}
		for _, c := range cols {
			v, ok := m[c.Name]
			if !ok {
				t.Fatalf("%q: no member %q in %s", in, c.Name, b)
			}
			if v == nil {
				continue
			}
			want := map[record.Type]string{record.String: "string", record.Array: "[]interface {}", record.Object: "map[string]interface {}"}[c.Type]
			if got := typeName(v); got != want {
				t.Fatalf("%q: member %q is %s, want %s", in, c.Name, got, want)
			}
		}
	}
}

func typeName(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case []any:
		return "[]interface {}"
	case map[string]any:
		return "map[string]interface {}"
	}
	return "other"
}

// jsonOf returns the JSON an AppendJSON call appended.
func jsonOf(b []byte, _ bool) string { return string(b) }

// TestAddressUnmarshalJSON: an Address read back from its record is the
// Address that wrote it, for Parse's and package cells'; the record of a
// failed value is an error naming its code.
func TestAddressUnmarshalJSON(t *testing.T) {
	var inputs []Address
	for _, in := range []string{"https://EXAMPLE.com:443/a/../b?q#x", "www.Shop.example/cart?id=7&utm_source=news#top", "github.com/golang", "mailto:Ann@Example.com"} {
		a, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, a)
	}
	// Addresses of cells, as package cells reads them.
	for _, c := range []struct {
		cell, text string
		facts      Facts
	}{
		{"“www.acme.com”", "www.acme.com", FactWrappingRemoved},
		{"http//acme.com", "http://acme.com", FactTypoRepaired},
		{"localhost:3000/x", "localhost:3000/x", FactNotPublicWebsite},
		{"https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Facme.com%2F&data=x", "https://acme.com/", FactLinkUnwrapped},
	} {
		a, err := addressFromRecord(c.cell, c.text, c.facts)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, a)
	}
	for _, a := range inputs {
		data, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		var b Address
		if err := json.Unmarshal(data, &b); err != nil {
			t.Errorf("Unmarshal(%s): %v", data, err)
			continue
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("Unmarshal(%s) = %+v, want %+v", data, b, a)
		}
	}
	// A failed value's record.
	var b Address
	err := json.Unmarshal([]byte(`{"input":"N/A","text":null,"error_code":"web.placeholder"}`), &b)
	if err == nil || !strings.Contains(err.Error(), "web.placeholder") || b.IsValid() {
		t.Errorf("Unmarshal of a failed record: %v, %+v", err, b)
	}
	if err := json.Unmarshal([]byte(`{"input":"x","text":"http://[::1"}`), &b); !errors.Is(err, CodeInvalidHost) {
		t.Errorf("Unmarshal of a record whose text does not parse: %v", err)
	}
	if err := json.Unmarshal([]byte(`["not an object"]`), &b); err == nil {
		t.Error("Unmarshal of an array: no error")
	}
}
