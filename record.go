// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/onecontact/webaddress/internal/record"
)

// This file defines the records of an address and of a cleaned value: the
// columns, their JSON types and how an absent value is written, once, for
// Address.MarshalJSON and Cleaned.MarshalJSON here, the webaddress
// command's parse and clean output and the Beam pipeline's records (which
// look them up in internal/record by name). Adding a column is one line
// below. internal/record holds the encoding rules.

// parseOutcome is the outcome of Parse for one input.
type parseOutcome = record.Outcome[Address]

// hasAddress reports whether o holds an address.
func hasAddress(o *parseOutcome) bool { return o.Err == nil && o.Value.IsValid() }

// addressColumns returns the record of an input Parse read, its key of
// version v: the input (the cell, for an Address of [Tidied.Parse]), the
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
		record.Str("key", func(o *parseOutcome) (string, bool) { return o.Value.Key(v), hasAddress(o) }),
		record.Str("site", func(o *parseOutcome) (string, bool) {
			return o.Value.KeyAt(KeyV3, LevelSite), hasAddress(o)
		}),
		record.Str("owner", func(o *parseOutcome) (string, bool) {
			k := o.Value.KeyAt(KeyV3, LevelOwner)
			return k, hasAddress(o) && k != ""
		}),
		record.Str("owner_rule", func(o *parseOutcome) (string, bool) { return o.Value.Levels().Rule.String(), hasAddress(o) }),
		record.Str("domain", func(o *parseOutcome) (string, bool) { d, _, _, _ := o.Value.Split(); return d, d != "" }),
		record.Str("suffix", func(o *parseOutcome) (string, bool) { _, s, _, _ := o.Value.Split(); return s, s != "" }),
		record.Str("subdomain", func(o *parseOutcome) (string, bool) {
			_, s, sub, _ := o.Value.Split()
			return sub, s != ""
		}),
		record.List("facts", "|", func(o *parseOutcome) ([]string, bool) { return o.Value.Facts().Names(), hasAddress(o) }),
		record.Str("network", func(o *parseOutcome) (string, bool) { p, has := profileOfOutcome(o); return string(p.Network), has }),
		record.Str("handle", func(o *parseOutcome) (string, bool) { p, has := profileOfOutcome(o); return p.Handle, has }),
		record.Str("kind", func(o *parseOutcome) (string, bool) { p, has := profileOfOutcome(o); return p.Kind, has }),
		record.Custom("fields", record.Object, appendFieldsJSON, appendFieldsText),
		record.List("removed_params", "&", func(o *parseOutcome) ([]string, bool) { return o.Value.RemovedParams(), hasAddress(o) }),
	}, record.ErrorColumns[parseOutcome, Code](func(o *parseOutcome) error { return o.Err })...)
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

// naColumn returns a column of Cleaned whose empty value is R's NA: absent.
func naColumn(name string, get func(*Cleaned) string) record.Column[Cleaned] {
	return record.Str(name, func(c *Cleaned) (string, bool) { s := get(c); return s, s != "" })
}

// cleanedColumns are the record of a value Clean cleaned: R's
// safe_parse_url value, NA absent, then the error's columns.
var cleanedColumns = append([]record.Column[Cleaned]{
	record.Str("original_url", func(c *Cleaned) (string, bool) { return c.Original, true }),
	naColumn("scheme", func(c *Cleaned) string { return c.Scheme }),
	naColumn("host", func(c *Cleaned) string { return c.Host }),
	naColumn("port", func(c *Cleaned) string { return c.Port }),
	naColumn("path", func(c *Cleaned) string { return c.Path }),
	naColumn("query", func(c *Cleaned) string { return c.Query }),
	naColumn("fragment", func(c *Cleaned) string { return c.Fragment }),
	naColumn("user", func(c *Cleaned) string { return c.User }),
	naColumn("password", func(c *Cleaned) string { return c.Password }),
	naColumn("domain", func(c *Cleaned) string { return c.Domain }),
	naColumn("tld", func(c *Cleaned) string { return c.TLD }),
	record.Bool("is_ip_host", func(c *Cleaned) (bool, bool) { return c.IsIPHost, c.Status != StatusError }),
	naColumn("clean_url", func(c *Cleaned) string { return c.CleanURL }),
	record.Str("parse_status", func(c *Cleaned) (string, bool) { return string(c.Status), true }),
}, record.ErrorColumns[Cleaned, Code](func(c *Cleaned) error { return c.Err })...)

// The parse record is registered as "parse" with KeyV2, the key of
// MarshalJSON and the default of the command-line tool and Beam, and as
// "parse/KeyV1", "parse/KeyV2" and "parse/KeyV3" by key version.
func init() {
	record.Register("parse", addressColumns(KeyV2))
	record.Register("parse/KeyV1", addressColumns(KeyV1))
	record.Register("parse/KeyV2", addressColumns(KeyV2))
	record.Register("parse/KeyV3", addressColumns(KeyV3))
	record.Register("clean", cleanedColumns)
}

var (
	addressLayout = record.NewLayout(addressColumns(KeyV2)...)
	cleanedLayout = record.NewLayout(cleanedColumns...)
)

// MarshalJSON returns the address's record as a JSON object, the same
// object as a line of the webaddress command's parse output and of the Beam
// pipeline's records (with their default key version): input (the cell,
// [Address.Cell]), text (the text that was parsed, [Address.Input]), href,
// canonical, key (KeyV2), site and owner (KeyV3's levels; owner null
// without an owner), owner_rule ([Levels].Rule), domain, suffix and
// subdomain ([Address.Split]), facts (an array of names), network, handle and
// kind (null without a profile), fields (the present spans as [start, end]
// byte offsets into text), removed_params (an array), and error_code and
// error, null. Credentials appear as written in href and canonical.
//
// The key is KeyV2: the key of one owner (see [KeyV2] for how it differs
// from KeyV1). A program that stores KeyV1 keys calls [Address.Key] with
// KeyV1; the record with a KeyV1 key is the tool's "parse --key-version 1".
func (a Address) MarshalJSON() ([]byte, error) {
	b, _ := addressLayout.AppendJSON(nil, nil, &parseOutcome{Input: a.Cell(), Value: a})
	return b, nil
}

// UnmarshalJSON reads back an address that [Address.MarshalJSON] wrote: it
// parses the record's text again with [Parse] and keeps what the
// messy-cell layer added, the cell (the record's input) and the layer's
// facts, so that an Address of [ParseCell] round-trips. The other columns
// are derived from the text, not read. The record of a value that failed
// holds no address, and is an error naming its code; so is a text that
// does not parse.
func (a *Address) UnmarshalJSON(data []byte) error {
	var r struct {
		Input     string  `json:"input"`
		Text      *string `json:"text"`
		Facts     Facts   `json:"facts"`
		ErrorCode *string `json:"error_code"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return fmt.Errorf("webaddress: reading an address record: %w", err)
	}
	if r.Text == nil {
		code := "no text"
		if r.ErrorCode != nil {
			code = *r.ErrorCode
		}
		return fmt.Errorf("webaddress: the record of %q holds no address (%s)", r.Input, code)
	}
	b, err := Parse(*r.Text)
	if err != nil {
		return err
	}
	if r.Input != *r.Text {
		b.cell = r.Input
	}
	b.facts |= r.Facts & layerFacts
	*a = b
	return nil
}

// MarshalJSON returns the value as a JSON object, the same object as a line
// of the webaddress command's clean output and of the Beam pipeline's
// records in clean mode: R's names and values, with null for R's NA (the
// empty strings of c) and for is_ip_host when the value failed, then
// error_code and error (from Err; null when it is nil).
func (c Cleaned) MarshalJSON() ([]byte, error) {
	b, _ := cleanedLayout.AppendJSON(nil, nil, &c)
	return b, nil
}
