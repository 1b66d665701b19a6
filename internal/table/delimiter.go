// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import "fmt"

// ParseDelimiter reads a field delimiter as the tool's --delimiter and the
// pipeline's take it: one ASCII character other than a quote or a line
// break, or `\t` or "tab" for a tab. The error quotes s; the caller names
// the flag or option before it.
func ParseDelimiter(s string) (byte, error) {
	switch s {
	case `\t`, "tab", "\t":
		return '\t', nil
	}
	if len(s) != 1 || s[0] == '"' || s[0] == '\r' || s[0] == '\n' || s[0] >= 0x80 {
		return 0, fmt.Errorf("%q: want one ASCII character other than a quote or a line break, such as ';', '|' or tab", s)
	}
	return s[0], nil
}
