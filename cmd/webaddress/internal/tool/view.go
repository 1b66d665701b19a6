// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file gives serve's viewer the records of one value as the
// commands make them at their defaults: url's, parse's and clean's.

import (
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/cellrecord"
	"github.com/onecontact/webaddress/internal/record"
)

// URLed is what url makes of a value: its URL, or its error.
type URLed = urled

// URLColumns returns the url command's record.
func URLColumns() []record.Column[URLed] { return urlRecords().columns }

// DefaultReading returns how parse reads a value with its options at
// their defaults.
func DefaultReading() *cellrecord.Reading { return defaultReading() }

// CleanedCell is what clean makes of a cell.
type CleanedCell = cleanedCell

// CleanCell returns what c makes of cell, read as clean reads it by
// default: through the messy-cell layer.
func CleanCell(c *clean.Cleaner, cell string) CleanedCell {
	var r cleanReading
	return r.clean(c, cell)
}

// CleanColumns returns the clean command's record of a cell.
func CleanColumns() []record.Column[CleanedCell] { return cleanColumns() }
