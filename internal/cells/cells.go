// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package cells holds the rules by which the command-line tool
// (cmd/webaddress) and the Beam pipeline (beam) read a value, written
// once: how a cell is parsed, which addresses are kept apart when
// counting or deduplicating, and the flag name of a cleaner option.
package cells

import (
	"strings"

	"github.com/onecontact/webaddress"
)

// Options say how a value is read: the tool's --raw and --keep-emails,
// Beam's Options.Raw and Options.KeepEmails.
type Options struct {
	Raw        bool // webaddress.Parse exactly, without the messy-cell layer
	KeepEmails bool // an e-mail address fails with web.email, not its domain's website
}

// TidyOptions returns the options of the messy-cell layer.
func (o Options) TidyOptions() webaddress.TidyOptions {
	return webaddress.TidyOptions{EmailToWebsite: !o.KeepEmails}
}

// Parse reads cell: with Raw, webaddress.Parse; else webaddress.ParseCell
// (an Address whose Cell is the cell and whose Input is the text that was
// parsed).
func (o Options) Parse(cell string) (webaddress.Address, error) {
	if o.Raw {
		return webaddress.Parse(cell)
	}
	return webaddress.ParseCell(cell, o.TidyOptions())
}

// EachAddress calls f with each address of cell, read as a cell of
// several addresses is split: webaddress.Tidy, then each of its parts
// tidied and parsed in turn (an Address whose Cell is cell and whose
// offsets are within it); or with the error of the cell, or of a part,
// that fails. Raw does not apply: a cell is always tidied.
func (o Options) EachAddress(cell string, f func(webaddress.Address, error)) {
	t, err := webaddress.Tidy(cell, o.TidyOptions())
	if err == nil {
		f(t.Parse())
		return
	}
	if len(t.Parts) == 0 {
		f(webaddress.Address{}, err)
		return
	}
	from := 0 // where the next part is looked for in t.Text
	for _, part := range t.Parts {
		pt, err := webaddress.Tidy(part, o.TidyOptions())
		if err != nil {
			f(webaddress.Address{}, err)
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
		f(pt.Parse())
	}
}

// KeptApart reports whether a, an address that parsed, is kept apart when
// addresses are counted or deduplicated (unless the user merges them): an
// address that is not a public website (webaddress.FactNotPublicWebsite:
// localhost, a name with no public suffix, a private IP address) or not a
// website (webaddress.FactNonWebScheme: tel:, ftp:, ...), as
// webaddress.ParseCell's doc says. A value that failed is kept apart too.
func KeptApart(a webaddress.Address) bool {
	f := a.Facts()
	return f.Has(webaddress.FactNotPublicWebsite) || f.Has(webaddress.FactNonWebScheme)
}

// FlagName returns the command-line flag of a cleaner option's R name:
// "www_handling" is --www-handling.
func FlagName(name string) string { return strings.ReplaceAll(name, "_", "-") }
