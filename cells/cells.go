// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package cells reads a spreadsheet cell (a website column of a CRM
// export, a form's field) as the person who typed it meant it, on top of
// package webaddress: a placeholder ("N/A", "TBD") or an empty cell
// fails, quotes and invisible characters around the address go, a
// wrapped link gives its target, an e-mail address its domain's website,
// address-bar typos are repaired, and a cell of several addresses says
// so. Every change is reported as a fact of the Address.
package cells

import (
	"iter"
	"strings"

	"github.com/onecontact/webaddress"
)

// Options say how a cell is read. The zero Options are the command-line
// tool's defaults: the messy-cell layer, an e-mail address becoming its
// domain's website.
type Options struct {
	// Raw reads the cell exactly as webaddress.Parse does, without the
	// messy-cell layer.
	Raw bool
	// KeepEmails makes an e-mail address fail with web.email, rather
	// than become its domain's website.
	KeepEmails bool
}

// tidyOptions returns the options of the messy-cell layer.
func (o Options) tidyOptions() webaddress.TidyOptions {
	return webaddress.TidyOptions{EmailToWebsite: !o.KeepEmails}
}

// Tidy returns the address text a person meant by cell, and the facts of
// the changes made to it, or why the cell is not one address; Raw does
// not apply.
func (o Options) Tidy(cell string) (webaddress.Tidied, error) {
	return webaddress.Tidy(cell, o.tidyOptions())
}

// Parse reads cell with the zero Options.
func Parse(cell string) (webaddress.Address, error) { return Options{}.Parse(cell) }

// Parse reads cell: an Address whose Cell is the cell and whose Input is
// the text that was parsed; with Raw, webaddress.Parse's.
func (o Options) Parse(cell string) (webaddress.Address, error) {
	if o.Raw {
		return webaddress.Parse(cell)
	}
	return webaddress.ParseCell(cell, o.tidyOptions())
}

// Addresses returns each address of cell, read as a cell of several
// addresses is split: the cell tidied, then each of its parts tidied and
// parsed in turn (an Address whose Cell is cell and whose offsets are
// within it); or the error of the cell, or of a part, that fails. Raw
// does not apply: a cell is always tidied.
func (o Options) Addresses(cell string) iter.Seq2[webaddress.Address, error] {
	return func(yield func(webaddress.Address, error) bool) {
		t, err := webaddress.Tidy(cell, o.tidyOptions())
		if err == nil {
			yield(t.Parse())
			return
		}
		if len(t.Parts) == 0 {
			yield(webaddress.Address{}, err)
			return
		}
		from := 0 // where the next part is looked for in t.Text
		for _, part := range t.Parts {
			pt, err := webaddress.Tidy(part, o.tidyOptions())
			if err != nil {
				if !yield(webaddress.Address{}, err) {
					return
				}
				continue
			}
			// The part's text as a span of the cell, so that the
			// Address's cell is the whole cell.
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
			if !yield(pt.Parse()) {
				return
			}
		}
	}
}
