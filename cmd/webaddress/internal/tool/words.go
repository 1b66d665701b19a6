// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file holds the command table's plain words: what the page shows a
// person who never used a command line, for each option, each value of a
// choice it shows and each command. TestWords fails when an option or a
// command has none.

// Words are an option's plain words: a label, and a help of a sentence or
// two, with no flag names and no codes.
type Words struct {
	Label, Help string
}

// optionWords are the options' words, by name.
var optionWords = map[string]Words{
	"by":             {"Count as one", "page: the same page; site: the same website (a host, a profile, a shop on a platform); owner: the same organisation, whatever page of it was typed."},
	"keep":           {"Row kept of each group", "first: the first row of the group, as it comes; most-complete: the row with the most cells filled in (the first of those). Only with one row per group."},
	"first":          {"Keep one row per group", "Only the first row of each group is written, with your columns; without it the result is a list of the groups."},
	"keep-emails":    {"Treat e-mail addresses as no website", "By default an e-mail address at a company's domain stands for its website (sales@acme.com: acme.com)."},
	"raw":            {"Read each cell exactly as typed", "No tidying: placeholders such as N/A, e-mail addresses, quotes and several addresses in a cell are read as web addresses."},
	"split":          {"A cell of several websites gives a row for each", "By default such a cell fails, as several websites."},
	"merge-invalid":  {"Group what is not a website too", "Rows that failed with the same problem and the same cell are one group, as are addresses that are not public websites."},
	"key-version":    {"Version of the comparison", "3 reads sites and organisations; 1 and 2 are the older comparisons, kept for results stored with them."},
	"aliases":        {"Domains of one organisation", "A pair per line: \"acme.de acme.com\" makes acme.de part of acme.com. Type them, or load a file."},
	"platforms":      {"Platforms whose customers are apart", "A shape per line, such as \"<name>.shops.example.net\": each customer is its own website. Type them, or load a file."},
	"keep-apart":     {"Groups never merged", "A key per line, as the key column has it: the rows of that key stay apart. Type them, or load a file."},
	"against":        {"Your accounts", "The accounts file, separated as the list is. On the match task it is chosen above, and its text is what the tool reads."},
	"against-column": {"The accounts' columns of websites or e-mail addresses", "Comma-separated, tried in order. On the match task they are ticked above."},
	"against-fields": {"The accounts' columns added to each row", "Comma-separated; empty: all of them."},
	"all":            {"A row per account matched", "By default a row per row of your list, with the first account it matches and how many match."},
	"cache":          {"Results kept in memory", "How many different cells have their results kept, to be fast on repeated cells."},
	// The cleaner's options, as R's safe_parse_url names them.
	"protocol-handling":        {"The scheme (http, https)", "Keep it as written, leave it out, or write every website with http or https."},
	"www-handling":             {"The \"www.\" in front", "Leave it, take it off, keep it, or take it off only when nothing else is in front of the domain."},
	"tld-source":               {"Which list of domain endings", "All of the Public Suffix List, its ICANN part only, or its private part (blogspot.com, github.io) too."},
	"case-handling":            {"Capital letters", "Lowercase the domain only, keep everything as written, or write all in lower or upper case."},
	"trailing-slash-handling":  {"A \"/\" at the end", "Leave it as the cleaner writes it, keep it as typed, or take it off."},
	"index-page-handling":      {"Index pages (index.html)", "Keep a last index.html or default.aspx, or take it off."},
	"path-normalization":       {"Tidy the path", "Leave the path as it is, make runs of \"/\" one, resolve \"..\" and \".\", or both."},
	"scheme-relative-handling": {"Websites written from \"//\"", "Keep \"//example.com\" as it is, give it http or https, or count it as an error."},
	"subdomain-levels-to-keep": {"Labels kept before the domain", "How many labels in front of the registered domain stay (0: the domain alone); empty: all of them."},
	"host-encoding":            {"Domains in other scripts", "Keep them as typed, write the ASCII form (xn--...), or write them in their own script."},
	"path-encoding":            {"Special characters in the path", "Keep them as typed, encode them (%20), or decode them."},
	"query-handling":           {"The part after \"?\"", "Drop it, drop the tracking parameters only, keep only the parameters named below, or keep it whole."},
	"params-keep":              {"Parameters always kept", "Their names, separated by commas; \"*\" stands for any letters (utm_*)."},
	"params-drop":              {"Parameters dropped too", "Their names, separated by commas, dropped besides the tracking ones; \"*\" stands for any letters."},
	"sort-params":              {"Sort the parameters", "Write the parameters in alphabetical order, so that one page is written one way."},
	"empty-param-handling":     {"Parameters without a value", "Keep them, or drop them."},
	"params-case-sensitive":    {"Parameter names in capitals are others", "Tell UTM_SOURCE from utm_source when keeping or dropping parameters."},
	"decode-plus":              {"A \"+\" is a space", "Read a \"+\" in the parameters as a space, as web forms write one."},
	"port-handling":            {"The port (:8080)", "Leave it out of the result, keep it, take off the usual ones (80, 443), or take it off always."},
	"scheme-policy":            {"A website without http or https", "Take it and assume the scheme, or count it as an error."},
}

// valueWords are the words of the values of a choice that the page shows
// by their words, by option.
var valueWords = map[string]map[string]string{
	"by": {"page": "page (the same page)", "site": "site (the same website)", "owner": "owner (the same organisation)"},
}

// commandWords are the commands' words: what each does for a list.
var commandWords = map[string]string{
	"parse":  "Read each website and add what the tool knows of it: its organisation, site, domain, the changes made, or what is wrong.",
	"key":    "Add a key that is the same for the ways of writing one page, site or organisation.",
	"dedupe": "Group the rows of one page, site or organisation.",
	"clean":  "Write each website cleanly, with its parts, as the cleaner of the R language does.",
	"surt":   "Write each website as a SURT key, as web archives sort them.",
	"lint":   "List the URL Standard's remarks on each website, as the address bar would see it.",
	"url":    "Read each value strictly as the URL Standard does (new URL), with no tidying.",
	"match":  "Find which rows are organisations you have already, in your accounts file: at their website if an account is there, else at their organisation.",
}

// severalColumns are the commands that read several columns of a row,
// tried in order (--column website,email); the others read one.
var severalColumns = map[string]bool{"parse": true, "key": true, "dedupe": true, "match": true}

// Words returns o's plain words, and false when it has none.
func (o Option) Words() (Words, bool) {
	w, ok := optionWords[o.Name]
	return w, ok
}

// ValueWords returns the words of o's values that the page shows by their
// words ("owner (the same organisation)"), or nil.
func (o Option) ValueWords() map[string]string { return valueWords[o.Name] }

// Words returns what c does for a list, in plain words.
func (c *Command) Words() string { return commandWords[c.Name] }

// ReadsSeveralColumns reports whether c reads several columns of a row,
// tried in order, as --column website,email says.
func (c *Command) ReadsSeveralColumns() bool { return severalColumns[c.Name] }
