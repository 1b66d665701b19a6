// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file reads a value as parse, key and dedupe do: through the
// messy-cell layer (webaddress.Tidy, then Tidied.Parse) unless --raw, each
// address of a cell of several with --split, and with the key of
// --key-version.

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/cells"
	"github.com/onecontact/webaddress/internal/record"
)

// A reading is how parse, key and dedupe read a value: their flags.
type reading struct {
	raw        bool // webaddress.Parse exactly
	keepEmails bool // an e-mail address fails with web.email
	split      bool // a cell of several addresses gives one value each
	keyVersion webaddress.KeyVersion
	by         webaddress.Level // the level of KeyV3's key
	platforms  string           // --platforms FILE
	aliases    string           // --aliases FILE
	keyer      *webaddress.Keyer
}

// addFlags adds the flags of r to fs.
func (r *reading) addFlags(fs *pflag.FlagSet) {
	fs.BoolVar(&r.raw, "raw", false, "parse each value exactly as webaddress.Parse does, without the messy-cell layer (placeholders, e-mail addresses, wrapped links, typos and several addresses are read as URLs)")
	fs.BoolVar(&r.keepEmails, "keep-emails", false, "an e-mail address fails with web.email, instead of becoming its domain's website (sales@acme.com: acme.com)")
	fs.BoolVar(&r.split, "split", false, "a cell of several addresses gives a row per address, with the row's other columns (read from lines or arguments: the column line, the input line it came from), instead of failing with web.several-addresses")
	r.keyVersion = webaddress.KeyV3
	fs.TextVar(&r.keyVersion, "key-version", webaddress.KeyV3, "the comparison key's `VERSION`: 3 (KeyV3: keys at the level of --by), or the frozen 1 (KeyV1) or 2 (KeyV2: tenants of shared platforms apart, one network under two names together, the path kept with the registrable domain)")
	fs.TextVar(&r.by, "by", webaddress.LevelPage, "KeyV3's `LEVEL`: page (one page), site (a host, a profile, a path tenant) or owner (an organisation: one row per organisation)")
	fs.StringVar(&r.platforms, "platforms", "", "KeyV3 with the extra site platforms of `FILE`, a shape per line (\"<name>.example.net\", \"example.net/members/<name>\"; # comments)")
	fs.StringVar(&r.aliases, "aliases", "", "KeyV3 with the owner aliases of `FILE`, a pair per line (\"acme.de acme.com\": acme.de's owner is acme.com; # comments)")
}

// setup checks the key flags of r, once they are parsed, and reads the
// files of --platforms and --aliases: --by site or owner, and the files,
// are KeyV3's, which they make the version unless --key-version says
// another.
func (r *reading) setup(fs *pflag.FlagSet) error {
	levels := r.by != webaddress.LevelPage || r.platforms != "" || r.aliases != ""
	if !levels {
		return nil
	}
	if fs.Changed("key-version") && r.keyVersion != webaddress.KeyV3 {
		what := "--by " + r.by.String()
		if r.by == webaddress.LevelPage {
			what = "--platforms and --aliases"
		}
		return fmt.Errorf("%s: keys at levels are KeyV3's, not %v (use --key-version 3, or leave it out)", what, r.keyVersion)
	}
	r.keyVersion = webaddress.KeyV3
	var o webaddress.KeyOptions
	if r.platforms != "" {
		if err := readKeyFile(r.platforms, o.ReadPlatforms); err != nil {
			return fmt.Errorf("--platforms: %w", err)
		}
	}
	if r.aliases != "" {
		if err := readKeyFile(r.aliases, o.ReadAliases); err != nil {
			return fmt.Errorf("--aliases: %w", err)
		}
	}
	k, err := webaddress.NewKeyer(o)
	if err != nil {
		return err
	}
	r.keyer = k
	return nil
}

// readKeyFile opens name and reads it with read.
func readKeyFile(name string, read func(io.Reader) error) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return read(f)
}

// key returns a's key: of --key-version, at the level of --by for KeyV3.
func (r *reading) key(a webaddress.Address) string {
	if r.keyVersion == webaddress.KeyV3 {
		return r.keyer.KeyAt(a, r.by)
	}
	return a.Key(r.keyVersion)
}

// noOwner reports whether r keys by owner and a has none: such an address
// is never grouped with another.
func (r *reading) noOwner(a webaddress.Address) bool {
	return r.keyVersion == webaddress.KeyV3 && r.by == webaddress.LevelOwner && !r.keyer.Levels(a).Rule.HasOwner()
}

// fingerprint returns the fingerprint of r's keys.
func (r *reading) fingerprint() string {
	if r.keyVersion == webaddress.KeyV3 {
		return r.keyer.Fingerprint()
	}
	return r.keyVersion.Fingerprint()
}

// completeFlags completes the values of r's flags --by and --key-version
// on cmd (for the shell, and for serve's page, which offers them as lists).
func (r *reading) completeFlags(cmd *cobra.Command) {
	levels := []string{webaddress.LevelPage.String(), webaddress.LevelSite.String(), webaddress.LevelOwner.String()}
	cmd.RegisterFlagCompletionFunc("by", fixedCompletion(levels...))
	var versions []string
	for v := webaddress.KeyVersion(1); v.IsValid(); v++ {
		versions = append(versions, strconv.Itoa(int(v)))
	}
	cmd.RegisterFlagCompletionFunc("key-version", fixedCompletion(versions...))
}

// options returns how r reads a value, the rules it shares with Beam.
func (r *reading) options() cells.Options {
	return cells.Options{Raw: r.raw, KeepEmails: r.keepEmails}
}

// read appends what r makes of cell to dst: its parse, or with --split one
// for each address of a cell of several. The Input of each is the cell.
func (r *reading) read(dst []parsed, cell string) []parsed {
	if !r.split {
		a, err := r.options().Parse(cell)
		return append(dst, r.outcome(cell, a, err))
	}
	t, err := webaddress.Tidy(cell, r.options().TidyOptions())
	if err == nil {
		a, err := t.Parse()
		return append(dst, r.outcome(cell, a, err))
	}
	if len(t.Parts) == 0 {
		return append(dst, parsed{Input: cell, Err: err})
	}
	from := 0 // where the next part is looked for in t.Text
	for _, part := range t.Parts {
		pt, err := webaddress.Tidy(part, r.options().TidyOptions())
		if err != nil {
			dst = append(dst, parsed{Input: cell, Err: err})
			continue
		}
		// The part's text as a span of the cell, so that the Address's
		// cell is the whole cell.
		at := strings.Index(t.Text[from:], part)
		if at >= 0 {
			at += from
			from = at + len(part)
		}
		if at < 0 || t.Start < 0 || pt.Start < 0 {
			pt.Start = -1
		} else {
			pt.Start += t.Start + at
		}
		pt.Cell = cell
		a, err := pt.Parse()
		dst = append(dst, r.outcome(cell, a, err))
	}
	return dst
}

// outcome returns what r made of cell: the address a, or err. With
// --platforms or --aliases its Memo holds r's keyer, whose rules the parse
// record's columns of the levels (site, owner, owner_rule) then follow.
func (r *reading) outcome(cell string, a webaddress.Address, err error) parsed {
	p := parsed{Input: cell, Value: a, Err: err}
	if r.keyer != nil {
		p.Memo = r.keyer
	}
	return p
}

// keyedByKeyer reports whether r's keys are its keyer's: KeyV3 at a
// level other than the page, or with --platforms or --aliases.
func (r *reading) keyedByKeyer() bool {
	return r.keyVersion == webaddress.KeyV3 && (r.by != webaddress.LevelPage || r.keyer != nil)
}

// columns returns the parse record with r's key version. Its columns of
// the levels are the keyer's (read puts it in each row), and make one
// look-up in the Public Suffix List for a row; with KeyV3, key is at the
// level of --by: the site or owner column under the name key, which
// shares their look-up, or keyColumn's page key.
func (r *reading) columns() []record.Column[parsed] {
	cols := record.OfBy[parsed](r.keyVersion)
	if !r.keyedByKeyer() {
		return cols
	}
	key := record.Index(cols, "key")
	switch r.by {
	case webaddress.LevelSite, webaddress.LevelOwner:
		// The same key, present for the same rows: an address without
		// an owner has none.
		cols[key] = cols[record.Index(cols, r.by.String())]
		cols[key].Name = "key"
	default:
		cols[key] = r.keyColumn()
	}
	return cols
}

// keyColumn returns the column key of r's keys alone, for a record without
// the columns of the levels (the key command's): the key at the level of
// --by costs less than all the levels the columns share.
func (r *reading) keyColumn() record.Column[parsed] {
	if !r.keyedByKeyer() {
		return record.MustPick(record.OfBy[parsed](r.keyVersion), "key")[0]
	}
	return record.Str("key", func(p *parsed) (string, bool) {
		k := r.key(p.Value)
		return k, p.Err == nil && p.Value.IsValid() && (k != "" || !r.noOwner(p.Value))
	})
}

// fingerprintColumn returns the column key_fingerprint of a record of T
// whose rows have a key when hasKey says so: the fingerprint of r's keys
// (webaddress.KeyVersion.Fingerprint, or the Keyer's with --platforms or
// --aliases), to store beside the keys.
func fingerprintColumn[T any](r *reading, hasKey func(*T) bool) record.Column[T] {
	fp := r.fingerprint()
	return record.Str("key_fingerprint", func(v *T) (string, bool) { return fp, hasKey(v) })
}

// notAnAddress reports whether p is what dedupe keeps apart unless
// --merge-invalid: a value that failed (a placeholder, an e-mail address
// left as one, several addresses, ...), or an address that is not a
// public website (FactNotPublicWebsite: localhost, a name with no public
// suffix, a private IP address) or not a website (FactNonWebScheme: tel:,
// ftp:, ...), as the library's ParseCell says to (cells.KeptApart).
func notAnAddress(p *parsed) bool {
	return p.Err != nil || cells.KeptApart(p.Value)
}
