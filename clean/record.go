// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/record"
)

// This file defines the record of a cleaned value, defined in
// internal/record as the record of a Cleaned beside the webaddress
// package's parse records: the webaddress command's clean output and the
// Beam pipeline's records in clean mode find it by that type
// (record.Of[clean.Cleaned]).

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
}, record.ErrorColumns[Cleaned, webaddress.Code](func(c *Cleaned) error { return c.Err })...)

func init() { record.Define(func() []record.Column[Cleaned] { return cleanedColumns }) }

var cleanedLayout = record.NewLayout(cleanedColumns...)

// MarshalJSON returns the value as a JSON object, the same object as a line
// of the webaddress command's clean output and of the Beam pipeline's
// records in clean mode: R's names and values, with null for R's NA (the
// empty strings of c) and for is_ip_host when the value failed, then
// error_code and error (from Err; null when it is nil).
func (c Cleaned) MarshalJSON() ([]byte, error) {
	b, _ := cleanedLayout.AppendJSON(nil, nil, &c)
	return b, nil
}
