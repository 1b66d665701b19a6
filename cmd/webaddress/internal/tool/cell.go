// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file holds the options by which parse, key and dedupe read a value
// and key it (--raw, --split, --key-version, --by, ...), and makes of them
// the reading of internal/reading, on the rules of package lists.

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/cellrecord"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/lists"
)

// A reading is how parse, key and dedupe read a value: their options.
type reading = cellrecord.Reading

// parsed is what parse, key and dedupe make of a value.
type parsed = cellrecord.Parsed

// readingOptions are the options of parse, key and dedupe that say how a
// value is read and keyed.
func readingOptions() []Option {
	var versions []string
	for v := webaddress.KeyVersion(1); v.IsValid(); v++ {
		versions = append(versions, strconv.Itoa(int(v)))
	}
	levels := []string{webaddress.LevelPage.String(), webaddress.LevelSite.String(), webaddress.LevelOwner.String()}
	return []Option{
		{Name: "raw", Kind: Bool, Default: "false", Usage: "parse each value exactly as webaddress.Parse does, without the messy-cell layer (placeholders, e-mail addresses, wrapped links, typos and several addresses are read as URLs)"},
		{Name: "keep-emails", Kind: Bool, Default: "false", Usage: keepEmailsUsage},
		{Name: "split", Kind: Bool, Default: "false", Usage: "a cell of several addresses gives a row per address, with the row's other columns (read from lines or arguments: the column line, the input line it came from), instead of failing with web.several-addresses"},
		{Name: "key-version", Kind: Choice, Values: versions, Default: strconv.Itoa(int(webaddress.KeyV3)),
			Usage: "the comparison key's `VERSION`: 3 (KeyV3: keys at the level of --by), or the frozen 1 (KeyV1) or 2 (KeyV2: tenants of shared platforms apart, one network under two names together, the path kept with the registrable domain)",
			check: func(s string) error { var v webaddress.KeyVersion; return v.UnmarshalText([]byte(s)) }},
		{Name: "by", Kind: Choice, Values: levels, Default: webaddress.LevelPage.String(),
			Usage: "the key's `LEVEL` (KeyV3; site or owner implies --key-version 3): page, site (a host, a profile, a path tenant) or owner (an organisation)",
			check: func(s string) error { var l webaddress.Level; return l.UnmarshalText([]byte(s)) }},
		{Name: "platforms", Kind: File, Usage: "KeyV3 with the extra site platforms of `FILE`, a shape per line (\"<name>.example.net\", \"example.net/members/<name>\"; # comments)"},
		{Name: "aliases", Kind: File, Usage: "KeyV3 with the owner aliases of `FILE`, a pair per line (\"acme.de acme.com\": acme.de's owner is acme.com; # comments)"},
	}
}

// keepEmailsUsage is the help of --keep-emails.
const keepEmailsUsage = "an e-mail address fails with web.email, instead of becoming its domain's website (sales@acme.com: acme.com)"

// newReading returns the reading of the options v: --by site or owner,
// and the lists of --platforms and --aliases (cfg.readList), are KeyV3's, which they
// make the version unless --key-version says another.
func newReading(cfg *config, v Values) (*reading, error) {
	o := lists.Options{Raw: v.Bool("raw"), KeepEmails: v.Bool("keep-emails"), Split: v.Bool("split")}
	if v.Changed("key-version") {
		o.KeyVersion.UnmarshalText([]byte(v.Text("key-version"))) // checked
	}
	o.By.UnmarshalText([]byte(v.Text("by"))) // checked
	platforms, aliases := v.Text("platforms"), v.Text("aliases")
	if platforms != "" {
		if err := cfg.readList("platforms", platforms, o.Keys.ReadPlatforms); err != nil {
			return nil, fmt.Errorf("--platforms: %w", err)
		}
	}
	if aliases != "" {
		if err := cfg.readList("aliases", aliases, o.Keys.ReadAliases); err != nil {
			return nil, fmt.Errorf("--aliases: %w", err)
		}
	}
	levels := o.By != webaddress.LevelPage || platforms != "" || aliases != ""
	if levels && o.KeyVersion != 0 && o.KeyVersion != webaddress.KeyV3 {
		what := "--by " + o.By.String()
		if o.By == webaddress.LevelPage {
			what = "--platforms and --aliases"
		}
		return nil, fmt.Errorf("%s: %w, not %v (use --key-version 3, or leave it out)", what, errNotKeyV3, o.KeyVersion)
	}
	return cellrecord.NewReading(o)
}

// errNotKeyV3 is the error of a level or the user's platforms and
// aliases with another key version than KeyV3.
var errNotKeyV3 = errors.New("keys at levels are KeyV3's")

// fingerprintColumn returns the column key_fingerprint of a record of T
// whose rows have a key when hasKey says so.
func fingerprintColumn[T any](r *reading, hasKey func(*T) bool) record.Column[T] {
	return cellrecord.FingerprintColumn(r.Rules, hasKey)
}

// sharedPageKey returns cols, the parse record of r, with its column key
// at page level (KeyV3's) taken from the levels that its columns site,
// owner, owner_rule, domain, suffix and subdomain share, rather than
// worked out again: a row's keys then cost one Levels, not a page key
// and a Levels. It puts them in the row's Memo, where the library's
// columns look for them first, as the first of those columns would. Only
// for a record that shows the levels: the page key alone costs less.
func sharedPageKey(r *reading, cols []record.Column[parsed]) []record.Column[parsed] {
	if o := r.Options(); o.KeyVersion != webaddress.KeyV3 || o.By != webaddress.LevelPage {
		return cols // another version, or a level whose column key already shares them
	}
	i := record.Index(cols, "key")
	cols[i] = record.Str("key", func(p *parsed) (string, bool) {
		if p.Err != nil || !p.Value.IsValid() {
			return "", false
		}
		lv, ok := p.Memo.(*webaddress.Levels)
		if !ok {
			l := r.Keyer().Levels(p.Value)
			lv, p.Memo = &l, &l
		}
		return lv.Page, true
	})
	return cols
}
