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
	// KeepEmails makes every e-mail address fail with
	// [CodeEmail], kept as one. Without it, an e-mail address
	// becomes the website of its domain: "sales@mail.acme.co.uk" becomes
	// "acme.co.uk" (the registrable domain, so that a mail server's
	// subdomain does not count; but the label that names the owner by
	// KeyV3's rules stays: "info@ci.alamosa.co.us" becomes
	// "ci.alamosa.co.us", the city's, not the county's), with
	// [webaddress.FactEmailDomain]. Addresses at free-mail and
	// Internet-provider domains (gmail.com, outlook.com, web.de, qq.com,
	// ...: free_mail_list.txt in internal/data, with its source) fail with
	// [CodeEmailFreeMail], and at reserved names and at domains
	// with no public suffix with [CodeEmailNotPublic].
	KeepEmails bool
}

// Parse reads cell with the zero Options.
func Parse(cell string) (webaddress.Address, error) { return Options{}.Parse(cell) }

// Parse reads cell: [Options.Tidy], then [Tidied.Parse], an Address whose
// Cell is the cell and whose Input is the text that was parsed; with Raw,
// webaddress.Parse's. A failure is an *[webaddress.Error] with its code.
// Call Tidy and Tidied.Parse yourself to show the text that was parsed
// beside the cell, or use [Options.Addresses] to read each address of a
// cell of several.
//
// A program that counts or deduplicates addresses should keep apart what
// is not a public website: every failure (by its code) and every address
// with [webaddress.FactNotPublicWebsite] or [webaddress.FactNonWebScheme].
// Package lists does so.
func (o Options) Parse(cell string) (webaddress.Address, error) {
	if o.Raw {
		return webaddress.Parse(cell)
	}
	t, err := o.Tidy(cell)
	if err != nil {
		return webaddress.Address{}, err
	}
	return t.Parse()
}

// Addresses returns each address of cell, read as a cell of several
// addresses is split: the cell tidied, then each of its parts tidied and
// parsed in turn (an Address whose Cell is cell and whose offsets are
// within it); or the error of the cell, or of a part, that fails. Raw
// does not apply: a cell is always tidied.
func (o Options) Addresses(cell string) iter.Seq2[webaddress.Address, error] {
	return func(yield func(webaddress.Address, error) bool) {
		t, err := o.Tidy(cell)
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
			pt, err := o.Tidy(part)
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

// The codes of the failures of [Options.Tidy], [Options.Parse] and
// [Parse]: a cell that is not one website address. An e-mail address
// fails with [CodeEmail] when it is kept as one ([Options.KeepEmails]);
// else, when it cannot become its domain's website, with
// [CodeEmailFreeMail] or [CodeEmailNotPublic].
const (
	CodeEmpty            webaddress.Code = "web.empty"             // the cell is empty, or only white space and invisible characters
	CodePlaceholder      webaddress.Code = "web.placeholder"       // the cell stands for "no website": "N/A", "none", "-", "0", "TBD", ...
	CodeSeveralAddresses webaddress.Code = "web.several-addresses" // the cell holds several addresses; Tidied.Parts and Options.Addresses have them
	CodeEmail            webaddress.Code = "web.email"             // the cell is an e-mail address, kept as one (KeepEmails)
	CodeEmailFreeMail    webaddress.Code = "web.email-free-mail"   // an e-mail address at a free-mail or provider domain: "jo@gmail.com", "http://shop@gmail.com"
	CodeEmailNotPublic   webaddress.Code = "web.email-not-public"  // an e-mail address at a domain with no public suffix ("acme.govv") or no registrable domain, or a reserved name ("example.com")
)
