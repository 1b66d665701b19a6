// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package cellrecord holds how the command-line tool (cmd/webaddress), its
// page and the Beam pipeline (beam) read a value into their records,
// written once on the rules of package lists: the parse record of a cell,
// its key column and fingerprint, and the flag name of a cleaner option.
package cellrecord

import "strings"

// FlagName returns the command-line flag of a cleaner option's R name:
// "www_handling" is --www-handling.
func FlagName(name string) string { return strings.ReplaceAll(name, "_", "-") }
