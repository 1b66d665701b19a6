// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package bench compares webaddress with other URL parsers on the corpus in
// ../testdata/corpus: net/url, github.com/nlnwa/whatwg-url, ada through
// github.com/ada-url/goada, and ada's C++ core (package adacore). It is a
// module of its own so that users of webaddress never download the peers or
// need cgo. Its tests check webaddress's hrefs against ada's.
//
// Run everything with ./run (see README.md).
package bench
