// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import "github.com/onecontact/webaddress"

// NewFault returns the fault of a malformed record that a reader other
// than [Reader] found (the command-line tool's reader of a workbook's
// sheet, whose rows are its lines), with one of the codes of faults, such
// as [CodeFieldCount].
func NewFault(line int, raw, reason string, code webaddress.Code) *Fault {
	return &Fault{Line: line, Raw: raw, Reason: reason, code: code}
}
