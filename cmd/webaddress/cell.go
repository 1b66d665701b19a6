// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file reads a value as parse, key and dedupe do: through the
// messy-cell layer (webaddress.Tidy, then Tidied.Parse) unless --raw, each
// address of a cell of several with --split, and with the key of
// --key-version.

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/cells"
	"github.com/onecontact/webaddress/internal/record"
)

// A reading is how parse, key and dedupe read a value: their flags.
type reading struct {
	raw        bool // webaddress.Parse exactly
	keepEmails bool // an e-mail address fails with web.email
	split      bool // a cell of several addresses gives one value each
	keyVersion webaddress.KeyVersion
}

// addFlags adds the flags of r to fs.
func (r *reading) addFlags(fs *pflag.FlagSet) {
	fs.BoolVar(&r.raw, "raw", false, "parse each value exactly as webaddress.Parse does, without the messy-cell layer (placeholders, e-mail addresses, wrapped links, typos and several addresses are read as URLs)")
	fs.BoolVar(&r.keepEmails, "keep-emails", false, "an e-mail address fails with web.email, instead of becoming its domain's website (sales@acme.com: acme.com)")
	fs.BoolVar(&r.split, "split", false, "a cell of several addresses gives a row per address, with the row's number and other columns, instead of failing with web.several-addresses")
	r.keyVersion = webaddress.KeyV2
	fs.TextVar(&r.keyVersion, "key-version", webaddress.KeyV2, "the comparison key's `VERSION`: 1 (KeyV1) or 2 (KeyV2: tenants of shared platforms apart, one network under two names together)")
}

// options returns how r reads a value, the rules it shares with Beam.
func (r *reading) options() cells.Options {
	return cells.Options{Raw: r.raw, KeepEmails: r.keepEmails}
}

// read appends what r makes of cell to dst: its parse, or with --split one
// for each address of a cell of several. The Input of each is the cell.
func (r *reading) read(dst []parsed, cell string) []parsed {
	if !r.split {
		a, err := r.options().Parse(cell)
		return append(dst, parsed{Input: cell, Value: a, Err: err})
	}
	t, err := webaddress.Tidy(cell, r.options().TidyOptions())
	if err == nil {
		a, err := t.Parse()
		return append(dst, parsed{Input: cell, Value: a, Err: err})
	}
	if len(t.Parts) == 0 {
		return append(dst, parsed{Input: cell, Err: err})
	}
	from := 0 // where the next part is looked for in t.Text
	for _, part := range t.Parts {
		pt, err := webaddress.Tidy(part, r.options().TidyOptions())
		if err != nil {
			dst = append(dst, parsed{Input: cell, Err: err})
			continue
		}
		// The part's text as a span of the cell, so that the Address's
		// cell is the whole cell.
		at := strings.Index(t.Text[from:], part)
		if at >= 0 {
			at += from
			from = at + len(part)
		}
		if at < 0 || t.Start < 0 || pt.Start < 0 {
			pt.Start = -1
		} else {
			pt.Start += t.Start + at
		}
		pt.Cell = cell
		a, err := pt.Parse()
		dst = append(dst, parsed{Input: cell, Value: a, Err: err})
	}
	return dst
}

// columns returns the parse record with r's key version.
func (r *reading) columns() []record.Column[parsed] {
	return record.Lookup[parsed]("parse/" + r.keyVersion.String())
}

// fingerprintColumn returns the column key_fingerprint of a record of T
// whose rows have a key when hasKey says so: the fingerprint of r's key
// version (webaddress.KeyVersion.Fingerprint), to store beside the keys.
func fingerprintColumn[T any](r *reading, hasKey func(*T) bool) record.Column[T] {
	fp := r.keyVersion.Fingerprint()
	return record.Str("key_fingerprint", func(v *T) (string, bool) { return fp, hasKey(v) })
}

// notAnAddress reports whether p is what dedupe keeps apart unless
// --merge-invalid: a value that failed (a placeholder, an e-mail address
// left as one, several addresses, ...), or an address that is not a
// public website (FactNotPublicWebsite: localhost, a name with no public
// suffix, a private IP address) or not a website (FactNonWebScheme: tel:,
// ftp:, ...), as the library's ParseCell says to (cells.KeptApart).
func notAnAddress(p *parsed) bool {
	return p.Err != nil || cells.KeptApart(p.Value)
}
