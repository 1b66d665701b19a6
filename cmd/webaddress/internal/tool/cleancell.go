// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file reads a cell as clean does: through the messy-cell layer, as
// parse does, then R's safe_parse_url on the text; --raw gives R's answers
// on the cell itself. And it gives each of clean's flags its own help.

import (
	"strings"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/record"
)

// cleanedCell is what clean makes of a cell: R's value for the text the
// messy-cell layer left, which changes it made (their facts), and the text.
type cleanedCell struct {
	clean.Cleaned
	text  string // the text cleaned: the cell, or what Tidy made of it; "" when Tidy failed
	facts webaddress.Facts
}

// cleanReading is how clean reads a cell: --raw and --keep-emails, the
// rules parse reads a cell by (internal/cells).
type cleanReading struct {
	cells.Options
}

// clean returns what c makes of cell, read as r says.
func (r *cleanReading) clean(c *clean.Cleaner, cell string) cleanedCell {
	if r.Raw {
		v, _ := c.Clean(cell) // the error is v.Err
		return cleanedCell{Cleaned: v, text: cell}
	}
	t, err := r.Tidy(cell)
	if err != nil {
		return cleanedCell{Cleaned: clean.Cleaned{Original: cell, Status: clean.StatusError, Err: err}}
	}
	v, _ := c.Clean(t.Text)
	v.Original = cell
	return cleanedCell{Cleaned: v, text: t.Text, facts: t.Facts}
}

// cleanDefaults are the columns clean prints unless --fields says
// otherwise: the library's record of a Cleaned value.
var cleanDefaults = record.Names(record.Of[clean.Cleaned]())

// cleanColumns returns the clean record of a cell: R's value (its
// original_url the cell), then text (what was cleaned) and facts (the
// messy-cell layer's changes), then the error's columns.
func cleanColumns() []record.Column[cleanedCell] {
	cols := record.Lift(record.Of[clean.Cleaned](), func(c *cleanedCell) *clean.Cleaned { return &c.Cleaned })
	n := len(cols) - 2 // error_code and error
	out := append([]record.Column[cleanedCell]{}, cols[:n]...)
	out = append(out,
		record.Str("text", func(c *cleanedCell) (string, bool) { return c.text, c.text != "" }),
		record.List("facts", "|", func(c *cleanedCell) ([]string, bool) {
			if c.text == "" {
				return nil, false
			}
			return c.facts.Names(), true
		}),
	)
	return append(out, cols[n:]...)
}

// cleanFlagUsage returns the help of the flag of safe_parse_url's argument
// name, whose values are vs (nil for free text).
func cleanFlagUsage(name string, vs []string) string {
	switch {
	case vs != nil:
		return "safe_parse_url's " + name + ": " + strings.Join(vs, ", ") + " (default " + vs[0] + ")"
	case name == "subdomain_levels_to_keep":
		return "safe_parse_url's " + name + ": labels kept before the registrable domain, a number from 0 (default NULL: all)"
	case name == "params_keep":
		return "safe_parse_url's " + name + ": query parameters kept, names separated by commas, \"*\" matching any run of characters (\"utm_*\"): with --query-handling filter kept whatever else says, with allow the only ones kept (default NULL: none)"
	case name == "params_drop":
		return "safe_parse_url's " + name + ": query parameters --query-handling filter drops besides the tracking ones, names separated by commas, \"*\" matching any run of characters (default NULL: none)"
	}
	return "safe_parse_url's " + name
}
