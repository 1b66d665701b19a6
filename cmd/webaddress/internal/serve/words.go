// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

// This file holds the page's plain words for the failures' codes: what a
// cell has instead of a website, for people who do not read codes. The
// page shows the code beside them.

// codeWords says what a cell that failed with a code has instead of a
// website; the list cleaner writes "2 rows have " and these words.
var codeWords = map[string]string{
	"web.empty":             "no website",
	"web.placeholder":       "a placeholder (such as N/A or TBD) instead of a website",
	"web.email":             "an e-mail address, kept as one (the e-mail addresses are kept), instead of a website",
	"web.email-free-mail":   "an e-mail address at a free-mail or provider domain (such as one at gmail.com), which says nothing of a website",
	"web.email-not-public":  "an e-mail address at a domain that is not a public one (such as example.com, or a name with no known ending), so no website",
	"web.several-addresses": "several websites in one cell",
	"web.invalid-host":      "a broken website: its name is not a valid domain",
	"web.host-missing":      "a broken website: there is no name in it",
	"web.invalid-port":      "a broken website: its port is not a number from 0 to 65535",
	"web.invalid-url":       "a broken website that cannot be read",
	"web.invalid-utf8":      "characters that are not text",
	"web.invalid-argument":  "a setting the tool does not take",
	"web.net-url":           "a website that Go's own reader of addresses refuses",
	"web.invalid-record":    "a saved record the tool cannot read",
	// An address that gives no key, when rows are grouped or matched
	// (package lists' reasons, and the owner rules of no owner).
	"not-public-website": "an address that is not a public website (such as localhost, or a name with no public ending)",
	"non-web-scheme":     "an address that is not a website (such as a tel: or an ftp: one)",
	"kept-apart":         "a website you said to keep apart",
	"no-owner-network":   "a page of a social network (LinkedIn, Facebook, ...) that is not an organisation's profile, so nobody's own",
	"no-owner-shortener": "a short link or a link page (such as bit.ly or Linktree) that does not say whose it is",
	"no-owner-free-mail": "the website of a free e-mail service (such as gmail.com), which is no organisation's",
	// A record the table's reader rejects: what its row has.
	"record.bare-quote":       "a quote inside a cell that does not start with one",
	"record.field-count":      "another number of cells than the header has",
	"record.unclosed-quote":   "a quote that is never closed",
	"record.text-after-quote": "text after the quote that closes a cell",
	"record.too-long":         "a quoted cell running on over 4 MiB",
}

// plainWords returns the words of code, or general ones for a code
// without its own.
func plainWords(code string) string {
	if w, ok := codeWords[code]; ok {
		return w
	}
	return "a website the tool could not read"
}
