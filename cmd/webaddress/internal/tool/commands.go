// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file holds what each command computes for a value, and its record:
// parse and clean use the library's records (record.go), key a part of
// parse's, lint, url and surt their own.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/cellrecord"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/records"
)

// A command is what a command computes for each value and prints: the
// columns of its record of T (those of defaults unless --fields says
// otherwise; all when defaults is nil).
type command[T any] struct {
	columns []record.Column[T]
	// eval appends what the command makes of a value to dst: one T, or
	// (parse and key with --split) one per address of a cell of several.
	eval func(dst []T, value string) []T
	// evalRow, when not nil, is eval on a row whose --column names several
	// columns, tried in order (names are theirs); a command without it
	// reads one column.
	evalRow func(dst []T, fields []string, cols []int, names []string) []T
	failed  func(*T) bool  // whether the value failed
	errOf   func(*T) error // the error of a value that failed, for its code; nil when there is none

	defaults     []string // the columns printed by default, if not all
	text         bool     // the default format is text, even in a pipe
	textDefaults []string // the columns the text format prints by default, if not defaults
	textAlone    bool     // the text format prints textDefaults alone, without the input's columns

	// line, when not nil, sets the input line a value was read from: the
	// record's column "line" (lineColumn), printed on demand, and by
	// default when lineDefault (--split) and the input has no header of
	// its own (lines, arguments), so that each row says where it came
	// from.
	line        func(v *T, line int)
	lineDefault bool
}

// one returns the eval of a command that makes one T of each value.
func one[T any](f func(value string) T) func(dst []T, value string) []T {
	return func(dst []T, value string) []T { return append(dst, f(value)) }
}

// columnList names the columns of a record, for the help.
func columnList[T any](cols []record.Column[T]) string {
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.Name + " (" + c.Type.String() + ")")
	}
	return b.String()
}

func parseFailed(p *parsed) bool { return p.Err != nil }

func parseErr(p *parsed) error { return p.Err }

// parseCommand is the parse command: the Address record, with the key of
// --key-version.
func parseCommand() *Command {
	c := &Command{
		Name:  "parse",
		Use:   "[ADDRESS...]",
		Short: "Print the address record: canonical form, key, facts, profile, fields",
		Long: `parse reads each input as a spreadsheet cell holding an address a person typed
and prints its record, the JSON object of the library's Address.MarshalJSON.

A cell goes through the messy-cell layer first (package cells): invisible
characters, quotes and brackets around it and trailing punctuation go, typos
of the scheme ("http//") are repaired, a wrapped link (Safe Links, URL
Defense, ...) becomes its target, and an e-mail address its domain's website
(--keep-emails: it fails with web.email; at a free-mail or provider domain
it fails with web.email-free-mail, at a domain with no public suffix or a
reserved name with web.email-not-public); a placeholder ("N/A", "-", "TBD")
fails with web.placeholder, an empty cell with web.empty, and a cell of
several addresses with web.several-addresses (--split: a row for each, with
its row's other columns; read from lines or arguments, the first column,
line, is the input line it came from). Each change is a fact, and an address that is not a
public website (localhost, a name with no public suffix) has the fact
not-public-website. Then the text is parsed as typed: https:// is assumed
when no scheme is written. --raw parses the cell itself, exactly as
webaddress.Parse does.

On a terminal (or with --format text) it prints the columns
` + strings.Join(parseTextDefaults, ", ") + `, aligned, unless --fields
says others; in a pipe, or with --format jsonl, the whole record.

input is the cell and text the text that was parsed (null when the value
failed); the byte offsets of fields are offsets into text. The key is
KeyV3's page key (--by site or owner: KeyV3's key at that level;
--key-version 1 or 2: the frozen KeyV1 or KeyV2). site and owner are
KeyV3's keys at those levels (owner null when the address has no owner: a
network's page that is not a profile, a URL shortener, a free-mail domain;
owner_rule says which rule made the owner, or why there is none), and
domain, suffix and subdomain the host's split by the Public Suffix List.
Columns: ` + columnList(record.Of[parsed]()) + `, and on demand (--fields; by
default with --split on lines) line (integer): the line of the input the
value was read from, from 1.`,
		Example: `  webaddress parse 'WWW.Example.com/shop?utm_source=x#top'
  webaddress parse --column website --format csv < contacts.csv > enriched.csv`,
		Columns: Columns{All: record.Names(withLine(defaultReading().Columns())), Defaults: record.Names(defaultReading().Columns())},
	}
	ro := declareReading(c)
	c.run = func(cfg *config, args []string, v Values) error {
		r, err := ro.newReading(cfg, v)
		if err != nil {
			return err
		}
		cols := r.Columns()
		if cfg.Fields == "" {
			cols = sharedPageKey(r, cols) // the default columns show the levels
		}
		cols = withLine(cols)
		if len(columnNames(cfg.Column)) > 1 {
			cols = append(cols, viaColumn) // the library's record, and which column gave it
		}
		return runTable(cfg, args, command[parsed]{columns: cols, eval: r.Read, evalRow: rowReader(r), failed: parseFailed, errOf: parseErr,
			textDefaults: parseTextDefaults, line: setLine, lineDefault: r.Split})
	}
	return c
}

// parseTextDefaults are the columns parse prints by default in the text
// format, as on a terminal: those that fit a line, beside the input's
// columns (the record is wider than 300 columns).
var parseTextDefaults = []string{"input", "canonical", "key", "owner", "error_code"}

// defaultReading is the reading of parse's options at their defaults.
func defaultReading() *reading {
	c := &Command{}
	r, _ := declareReading(c).newReading(&config{}, c.NewValues())
	return r
}

// keyCommand is the key command: the key of --key-version, and the error;
// key_fingerprint on demand.
func keyCommand() *Command {
	c := &Command{
		Name:  "key",
		Use:   "[ADDRESS...]",
		Short: "Print the comparison key (KeyV3, page level) of each input",
		Long: `key prints the comparison key of each input: one key for all the ways of
writing one page of one owner. It reads a cell as parse does (the messy-cell
layer, unless --raw), and the key is KeyV3 at the level of --by: page (the
default: one key per page), site (the host, a social profile, a path tenant
such as sites.google.com/view/NAME) or owner (an organisation: the
registrable domain, a site platform's tenant, a profile; "" for an address
with no owner). --key-version 1 or 2 gives the frozen KeyV1 or KeyV2, for
keys stored before. The text format (the default here, even in a pipe) prints
the key alone, with or without --column, and an empty line for a value that
failed (a placeholder such as "N/A" included), for sort | uniq -c; the other
formats keep the input's columns.

With --column email,website (several columns, tried in order), a row's key
is that of the first column that gives one (an e-mail address gives its
domain's; a free-mail address, an empty or failed cell falls to the next),
and the column via names it.

Columns: key, error_code, error, via (with several columns), and on demand
(--fields) any column of the parse record (input, text, owner_rule, domain,
...: see "webaddress help parse"), to see why a key was made without a
second pass, line (the input line the value was read from; by default with
--split on lines and arguments, outside the text format), and
key_fingerprint: the key version and the data its keys depend on, such as
"` + webaddress.KeyV3.Fingerprint() + `".
Store it beside the keys, and key the addresses again when it changes.`,
		Example: `  webaddress key < urls.txt | sort | uniq -c | sort -rn | head
  webaddress key --column website --format csv --fields name,key,key_fingerprint < contacts.csv
  webaddress key --by owner --format csv --fields input,key,owner_rule,domain < urls.txt`,
		Columns: Columns{All: record.Names(keyColumns(defaultReading())), Defaults: []string{"key", "error_code", "error"}},
	}
	ro := declareReading(c)
	c.run = func(cfg *config, args []string, v Values) error {
		r, err := ro.newReading(cfg, v)
		if err != nil {
			return err
		}
		defaults := []string{"key", "error_code", "error"}
		if len(columnNames(cfg.Column)) > 1 {
			defaults = append(defaults, "via")
		}
		return runTable(cfg, args, command[parsed]{
			columns:      keyColumns(r),
			eval:         r.Read,
			evalRow:      rowReader(r),
			failed:       parseFailed,
			errOf:        parseErr,
			defaults:     defaults,
			text:         true,
			textDefaults: []string{"key"},
			textAlone:    true,
			line:         setLine,
			lineDefault:  r.Split,
		})
	}
	return c
}

// lineColumn is the column line of parse and key: the line of the input a
// value was read from, from 1 (the argument's number for arguments).
var lineColumn = record.Int("line", func(p *parsed) (int64, bool) { return int64(p.Line), p.Line > 0 })

// setLine sets the input line p was read from.
func setLine(p *parsed, line int) { p.Line = line }

// withLine returns cols after the column line.
func withLine(cols []record.Column[parsed]) []record.Column[parsed] {
	return append([]record.Column[parsed]{lineColumn}, cols...)
}

// keyColumns returns the key command's record: the line, the key of r
// alone (which costs less than all the levels of the parse record), then
// the parse record's other columns, then key_fingerprint and via.
func keyColumns(r *reading) []record.Column[parsed] {
	cols := []record.Column[parsed]{lineColumn, r.KeyColumn()}
	for _, c := range r.Columns() {
		if c.Name != "key" {
			cols = append(cols, c)
		}
	}
	return append(cols, fingerprintColumn(r, func(p *parsed) bool { return p.Err == nil }), viaColumn)
}

// linted is what lint makes of a value.
type linted struct {
	input string
	vs    []webaddress.Violation
}

func (l *linted) failed() bool {
	for _, v := range l.vs {
		if v.Failure {
			return true
		}
	}
	return false
}

// lintRecords are the lint command's: the validation errors, in JSON an
// array of {name, start, end, failure}, in CSV NAME@START-END separated by
// spaces with "!" after a failure.
func lintRecords() command[linted] {
	return command[linted]{
		columns: []record.Column[linted]{
			record.Str("input", func(l *linted) (string, bool) { return l.input, true }),
			record.Custom("violations", record.Array,
				func(b []byte, l *linted) ([]byte, bool) {
					b = append(b, '[')
					for i, v := range l.vs {
						if i > 0 {
							b = append(b, ',')
						}
						b = append(b, `{"name":`...)
						b, _ = record.AppendString(b, v.Name)
						b = append(b, `,"start":`...)
						b = strconv.AppendInt(b, int64(v.Span.Start), 10)
						b = append(b, `,"end":`...)
						b = strconv.AppendInt(b, int64(v.Span.End), 10)
						b = append(b, `,"failure":`...)
						b = strconv.AppendBool(b, v.Failure)
						b = append(b, '}')
					}
					return append(b, ']'), true
				},
				func(b []byte, l *linted) ([]byte, bool) {
					for i, v := range l.vs {
						if i > 0 {
							b = append(b, ' ')
						}
						b = append(b, v.Name...)
						b = append(b, '@')
						b = strconv.AppendInt(b, int64(v.Span.Start), 10)
						b = append(b, '-')
						b = strconv.AppendInt(b, int64(v.Span.End), 10)
						if v.Failure {
							b = append(b, '!')
						}
					}
					return b, true
				}),
			record.Int("count", func(l *linted) (int64, bool) { return int64(len(l.vs)), true }),
			record.Bool("failed", func(l *linted) (bool, bool) { return l.failed(), true }),
		},
		eval:   one(func(value string) linted { return linted{value, webaddress.Lint(value)} }),
		failed: (*linted).failed,
	}
}

// urled is what url makes of a value.
type urled = record.Outcome[webaddress.URL]

// urlRecords are the url command's: the URL Standard's components of an
// absolute URL, named as in the URL API, null when it failed.
func urlRecords() command[urled] {
	part := func(name string, get func(webaddress.URL) string) record.Column[urled] {
		return record.Str(name, func(u *urled) (string, bool) { return get(u.Value), u.Err == nil })
	}
	return command[urled]{
		columns: append([]record.Column[urled]{
			record.Str("input", func(u *urled) (string, bool) { return u.Input, true }),
			part("href", webaddress.URL.Href),
			part("origin", webaddress.URL.Origin),
			part("protocol", webaddress.URL.Protocol),
			part("username", webaddress.URL.Username),
			part("password", webaddress.URL.Password),
			part("host", webaddress.URL.Host),
			part("hostname", webaddress.URL.Hostname),
			part("port", webaddress.URL.Port),
			part("pathname", webaddress.URL.Pathname),
			part("search", webaddress.URL.Search),
			part("hash", webaddress.URL.Hash),
		}, record.ErrorColumns[urled, webaddress.Code](func(u *urled) error { return u.Err })...),
		eval: one(func(value string) urled {
			u, err := webaddress.ParseURL(value)
			return urled{Input: value, Value: u, Err: err}
		}),
		failed: func(u *urled) bool { return u.Err != nil },
		errOf:  func(u *urled) error { return u.Err },
	}
}

// surtRecords are the surt command's: the SURT key of each input, the
// record Beam's SURT transform gives too.
func surtRecords() command[records.SURTKey] {
	return command[records.SURTKey]{
		columns:      records.SURTColumns,
		eval:         one(records.NewSURTKey),
		failed:       func(k *records.SURTKey) bool { return k.Err != nil },
		errOf:        func(k *records.SURTKey) error { return k.Err },
		text:         true,
		textDefaults: []string{"surt"},
		textAlone:    true,
	}
}

// recordCommand returns cmd, which prints the records c makes.
func recordCommand[T any](cmd *Command, c command[T]) *Command {
	cmd.Columns = Columns{All: record.Names(c.columns), Defaults: c.defaults}
	cmd.run = func(cfg *config, args []string, _ Values) error { return runTable(cfg, args, c) }
	return cmd
}

// lintCommand is the lint command.
func lintCommand() *Command {
	return recordCommand(&Command{
		Name:  "lint",
		Use:   "[ADDRESS...]",
		Short: "Print the URL Standard's validation errors, with byte offsets",
		Long: `lint reads each input as parse does and prints each of the URL Standard's
validation errors in it: in JSON an array of {name, start, end, failure}
(byte offsets in the input), in CSV NAME@START-END separated by spaces, with
"!" after the one that made it fail. Columns: ` + columnList(lintRecords().columns) + `.`,
		Example: `  webaddress lint 'HTTPS:example.org:70000/a b'
  webaddress lint --column website --format csv --fields website,violations,failed < contacts.csv`,
	}, lintRecords())
}

// surtCommand is the surt command.
func surtCommand() *Command {
	return recordCommand(&Command{
		Name:  "surt",
		Use:   "[URL...]",
		Short: "Print the SURT key of each URL, the urlkey of web archives' CDX indexes",
		Long: `surt prints the SURT key (Sort-friendly URI Reordering Transform) of each URL,
byte for byte as the Internet Archive's Python package surt 0.3.1 gives it
with its default options: the urlkey column of the CDX indexes of the Wayback
Machine, Common Crawl and pywb, so a URL list can be joined against them.
"http://www.Example.com/B/?b=2&a=1#x" is "com,example)/b?a=1&b=2". It reads
URLs as surt does (package github.com/onecontact/webaddress/surt), not as the
URL Standard does, and not through the messy-cell layer. An empty input is
"-", as in surt; a port that is not a number up to 65535 fails with
surt.invalid-port, a value of white space alone with surt.blank. The text
format (the default here, even in a pipe) prints the key alone, with or
without --column, and an empty line for a value that failed. Columns: ` + columnList(records.SURTColumns) + `.`,
		Example: `  webaddress surt 'http://www.Example.com/B/?b=2&a=1#x'
  webaddress surt < urls.txt | LC_ALL=C sort -u
  webaddress surt --column url --format csv < pages.csv`,
	}, surtRecords())
}

// urlCommand is the url command.
func urlCommand() *Command {
	return recordCommand(&Command{
		Name:  "url",
		Use:   "[ADDRESS...]",
		Short: "Print the URL Standard's components of absolute URLs",
		Long: `url parses each input as an absolute URL, as new URL(input) does in a browser,
and prints its components with the URL API's names. Columns: ` + columnList(urlRecords().columns) + `.`,
		Example: `  webaddress url 'https://EXAMPLE.com:443/a/../b?x#y'
  webaddress url --format csv --fields input,hostname,pathname,error_code < urls.txt`,
	}, urlRecords())
}

// cleanCommand is the clean command: the library's record of a Cleaned
// value, with a Cleaner shared by the workers and one flag per option of
// safe_parse_url, whose names and values come from the library.
func cleanCommand() *Command {
	cols := cleanColumns()
	c := &Command{
		Name:  "clean",
		Use:   "[ADDRESS...]",
		Short: "Clean addresses as R's safe_parse_url does, with its options",
		Long: `clean gives the value of R's safe_parse_url (package rurl) for each input,
with one flag per argument of it, named as in R with "-" for "_", and R's
values (the defaults are R's). R's NA is null in JSON, the empty cell in CSV.
A result is cached by input, so a column whose values repeat is cleaned once
per distinct value.

A cell is read as parse reads it, through the messy-cell layer
(package cells): invisible characters, quotes and trailing punctuation go,
scheme typos are repaired, wrapped links unwrapped, an e-mail address
becomes its domain's website (--keep-emails: it fails with web.email; at a
free-mail domain with web.email-free-mail, at one that is not public with
web.email-not-public), and a
placeholder ("N/A", "-", "TBD") fails with web.placeholder, an empty cell
with web.empty, several addresses with web.several-addresses. text is what
was cleaned and facts the changes, columns on demand (--fields): by default
the record is the library's (Cleaned.MarshalJSON), with the cell as
original_url. --raw cleans the cell itself, as R does
(R reads "N/A" as the host "n" and the path "/A").

Two of R's defaults differ from parse and key, on purpose, so that the
answers are R's: a value without a scheme gets http:// (protocol_handling
keep; parse assumes https://, as browsers now do), and a host is kept as
written (host_encoding keep: "bücher.de" stays Unicode where key gives
"xn--bcher-kva.de"; --host-encoding idna gives the punycode, --protocol-handling
https the scheme). Columns: ` + columnList(cols) + `.`,
		Example: `  webaddress clean --www-handling strip --trailing-slash-handling strip 'WWW.Example.com/Shop/'
  webaddress clean --column website --format csv --fields clean_url,domain,parse_status < crm.csv`,
		Columns: Columns{All: record.Names(cols)},
	}
	// One option per argument of safe_parse_url, whose names and values
	// come from the library, then --raw, --keep-emails and --cache.
	type rOption struct {
		name string // R's
		opt  textOpt
	}
	var rOptions []rOption
	for _, name := range clean.CleanOptionNames() {
		vs := clean.CleanOptionValues(name)
		rOptions = append(rOptions, rOption{name, c.textOption(Option{Name: flagName(name), Kind: Text, Values: vs, Usage: cleanFlagUsage(name, vs)})})
	}
	raw, keepEmails := c.boolOption(rawOption), c.boolOption(keepEmailsOption)
	cache := c.intOption(Option{Name: "cache", Default: "100000", Usage: "the most distinct inputs whose results are kept (a few hundred bytes each)"})
	c.run = func(cfg *config, args []string, v Values) error {
		var opts clean.CleanOptions
		for _, o := range rOptions {
			if o.opt.Changed(v) {
				if err := opts.Set(o.name, o.opt.Get(v)); err != nil {
					return fmt.Errorf("--%s: %w", o.opt.Name(), err)
				}
			}
		}
		r := cleanReading{cells.Options{Raw: raw.Get(v), KeepEmails: keepEmails.Get(v)}}
		cl := clean.NewCleaner(opts, cache.Get(v))
		return runTable(cfg, args, command[cleanedCell]{
			columns:  cols,
			defaults: cleanDefaults,
			eval:     one(func(value string) cleanedCell { return r.clean(cl, value) }),
			failed:   func(v *cleanedCell) bool { return v.Err != nil },
			errOf:    func(v *cleanedCell) error { return v.Err },
		})
	}
	return c
}

// flagName is the flag of R's argument name, as the tool and the pipeline
// both name it.
var flagName = cellrecord.FlagName
