// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// A dialect is how a delimited input was written: with a byte order mark,
// with CRLF line ends.
type dialect struct {
	bom, crlf bool
}
