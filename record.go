// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"

	"github.com/onecontact/webaddress/internal/record"
)

// This file defines the records of an address: the columns, their JSON
// types and how an absent value is written, once, for Address.MarshalJSON
// here, the webaddress command's parse output and the Beam pipeline's
// records (which find them in internal/record by their rows' type and key
// version, record.Of and record.OfBy; package clean defines the record of
// a cleaned value the same way). Adding a column is one line below.
// internal/record holds the encoding rules.

// parseOutcome is the outcome of Parse for one input.
type parseOutcome = record.Outcome[Address]

// hasAddress reports whether o holds an address.
func hasAddress(o *parseOutcome) bool { return o.Err == nil && o.Value.IsValid() }

// addressColumns returns the record of an input Parse read, its key of
// version v: the input (the cell, for an Address of package cells), the
// text that was parsed, the address's columns, null when it failed, then
// the error's. The columns site, owner and owner_rule are KeyV3's, the
// only version with levels, whatever v is; owner is null when the address
// has no owner (owner_rule says why); domain, suffix and subdomain are
// [Address.Split]'s, null for a host without them (subdomain is "" for a
// registrable domain itself).
func addressColumns(v KeyVersion) []record.Column[parseOutcome] {
	return append([]record.Column[parseOutcome]{
		record.Str("input", func(o *parseOutcome) (string, bool) { return o.Input, true }),
		record.Str("text", func(o *parseOutcome) (string, bool) { return o.Value.Input(), hasAddress(o) }),
		record.Str("href", func(o *parseOutcome) (string, bool) { return o.Value.URL().Href(), hasAddress(o) }),
		record.Str("canonical", func(o *parseOutcome) (string, bool) { return o.Value.Canonical(), hasAddress(o) }),
		record.Str("key", func(o *parseOutcome) (string, bool) { return o.Value.Key(v, LevelPage), hasAddress(o) }),
		record.Str("site", func(o *parseOutcome) (string, bool) { return rowLevels(o).Site, hasAddress(o) }),
		record.Str("owner", func(o *parseOutcome) (string, bool) {
			k := rowLevels(o).Owner
			return k, hasAddress(o) && k != ""
		}),
		record.Str("owner_rule", func(o *parseOutcome) (string, bool) { return rowLevels(o).Rule.String(), hasAddress(o) }),
		record.Str("domain", func(o *parseOutcome) (string, bool) { d := rowSplit(o).domain; return d, d != "" }),
		record.Str("suffix", func(o *parseOutcome) (string, bool) { s := rowSplit(o).suffix; return s, s != "" }),
		record.Str("subdomain", func(o *parseOutcome) (string, bool) {
			hs := rowSplit(o)
			return hs.subdomain, hs.suffix != ""
		}),
		record.List("facts", "|", func(o *parseOutcome) ([]string, bool) { return o.Value.Facts().Names(), hasAddress(o) }),
		record.Str("network", func(o *parseOutcome) (string, bool) { p, has := profileOfOutcome(o); return string(p.Network), has }),
		record.Str("handle", func(o *parseOutcome) (string, bool) { p, has := profileOfOutcome(o); return p.Handle, has }),
		record.Str("kind", func(o *parseOutcome) (string, bool) { p, has := profileOfOutcome(o); return p.Kind, has }),
		record.Custom("fields", record.Object, appendFieldsJSON, appendFieldsText),
		record.List("removed_params", "&", func(o *parseOutcome) ([]string, bool) { return o.Value.RemovedParams(), hasAddress(o) }),
	}, record.ErrorColumns[parseOutcome, Code](func(o *parseOutcome) error { return o.Err })...)
}

// rowLevels returns the [Levels] of o's address, which the record's
// columns site, owner, owner_rule, domain, suffix and subdomain share: the
// first of them to ask works them out, with the host's split (rowSplit),
// from one look-up in the Public Suffix List, and keeps them in o.Memo for
// the others. A *Keyer in o.Memo, put there by whoever made o, says whose
// rules they are (the command-line tool's --platforms and --aliases); else
// they are the built-in rules'.
func rowLevels(o *parseOutcome) *Levels { return &rowMemo(o).Levels }

// rowSplit returns the split of o's host, as rowLevels keeps it.
func rowSplit(o *parseOutcome) *hostSplit { return &rowMemo(o).split }

// levelsMemo is what rowLevels keeps in parseOutcome.Memo.
type levelsMemo struct {
	Levels
	split hostSplit
}

func rowMemo(o *parseOutcome) *levelsMemo {
	if m, ok := o.Memo.(*levelsMemo); ok {
		return m
	}
	k, _ := o.Memo.(*Keyer)
	m := new(levelsMemo)
	m.Levels, m.split = k.levels(&o.Value, true)
	o.Memo = m
	return m
}

// profileOfOutcome returns the profile of o's address, if it has one.
func profileOfOutcome(o *parseOutcome) (Profile, bool) {
	if !hasAddress(o) {
		return Profile{}, false
	}
	return o.Value.Profile()
}

// fieldSpanNames name the spans of [Fields] in the fields column.
var fieldSpanNames = [...]string{"scheme", "host", "port", "path", "query", "fragment"}

func fieldSpans(f Fields) [6]Span {
	return [...]Span{f.Scheme, f.Host, f.Port, f.Path, f.Query, f.Fragment}
}

// appendFieldsJSON writes the present spans as an object of [start, end]
// byte offsets: {"host":[0,11],"path":[11,12]}.
func appendFieldsJSON(b []byte, o *parseOutcome) ([]byte, bool) {
	if !hasAddress(o) {
		return b, false
	}
	b = append(b, '{')
	first := true
	for i, s := range fieldSpans(o.Value.Fields()) {
		if !s.IsPresent() {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = append(b, '"')
		b = append(b, fieldSpanNames[i]...)
		b = append(b, `":[`...)
		b = strconv.AppendInt(b, int64(s.Start), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(s.End), 10)
		b = append(b, ']')
	}
	return append(b, '}'), true
}

// appendFieldsText writes the present spans as "host=0-11 path=11-12".
func appendFieldsText(b []byte, o *parseOutcome) ([]byte, bool) {
	if !hasAddress(o) {
		return b, false
	}
	first := true
	for i, s := range fieldSpans(o.Value.Fields()) {
		if !s.IsPresent() {
			continue
		}
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = append(b, fieldSpanNames[i]...)
		b = append(b, '=')
		b = strconv.AppendInt(b, int64(s.Start), 10)
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(s.End), 10)
	}
	return b, true
}

// The parse record is the record of a record.Outcome[Address] (record.Of)
// with KeyV3 (its page key), the key of MarshalJSON and the default of the
// command-line tool and Beam, and its record by key version (record.OfBy
// with a KeyVersion).
// Their columns are made on first use.
func init() {
	record.Define(func() []record.Column[parseOutcome] { return addressColumns(KeyV3) })
	for v := KeyV1; v.IsValid(); v++ {
		record.DefineBy(v, func() []record.Column[parseOutcome] { return addressColumns(v) })
	}
}

// addressLayout is the layout of MarshalJSON's record, made on first use.
var addressLayout = sync.OnceValue(func() *record.Layout[parseOutcome] {
	return record.NewLayout(addressColumns(KeyV3)...)
})

// MarshalJSON returns a's record, a line of the tool's parse output: input
// (the cell), text, href, canonical, key, site, owner and owner_rule
// (KeyV3's), domain, suffix and subdomain, facts, network, handle and
// kind, fields ([start, end] in text), removed_params, and error_code and
// error, null. Absent values are null.
func (a Address) MarshalJSON() ([]byte, error) {
	b, _ := addressLayout().AppendJSON(nil, nil, &parseOutcome{Input: a.Cell(), Value: a})
	return b, nil
}

// UnmarshalJSON reads back a record of [Address.MarshalJSON], parsing its
// text again and keeping the cell and the facts of package cells. A record
// it cannot read, or of a value that failed, is an error of code
// [CodeInvalidRecord].
func (a *Address) UnmarshalJSON(data []byte) error {
	var r struct {
		Input     string  `json:"input"`
		Text      *string `json:"text"`
		Facts     Facts   `json:"facts"`
		ErrorCode *string `json:"error_code"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return &valueError{code: CodeInvalidRecord, msg: "webaddress: reading an address record: " + err.Error(), err: err}
	}
	if r.Text == nil {
		code := "no text"
		if r.ErrorCode != nil {
			code = *r.ErrorCode
		}
		return &valueError{code: CodeInvalidRecord, msg: fmt.Sprintf("webaddress: the record of %q holds no address (%s)", r.Input, code)}
	}
	b, err := addressFromRecord(r.Input, *r.Text, r.Facts)
	if err != nil {
		return err
	}
	*a = b
	return nil
}

// addressFromRecord returns the Address whose record has these input (the
// cell, [Address.Cell]), text ([Address.Input]) and facts
// ([Address.Facts]), as [Address.UnmarshalJSON] reads a record back: it
// parses text again with [Parse] and keeps what the messy-cell layer added,
// the cell and the layer's facts; the other facts are Parse's own. A text
// that does not parse is Parse's error. The layers of this module (package
// cells, the Beam coder) call it through package layer.
func addressFromRecord(input, text string, facts Facts) (a Address, err error) {
	// The Address is parsed into the result, not copied there.
	if _, err = a.parse(text, false); err != nil {
		return Address{}, err
	}
	if input != text {
		a.cell = input
	}
	a.facts |= facts & layerFacts
	return a, nil
}
