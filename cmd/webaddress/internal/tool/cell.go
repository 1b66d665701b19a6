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
	"io"
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

// The options by which a command reads a cell and keys it, each declared
// once for the commands that take it.
var (
	rawOption = Option{Name: "raw", Usage: "take each value as it is, without the messy-cell layer: a placeholder such as N/A, quotes, an e-mail address, a wrapped link, a typo or several addresses are read as a URL (as webaddress.Parse reads it; clean: as R's safe_parse_url does)"}

	keepEmailsOption = Option{Name: "keep-emails", Usage: "an e-mail address fails with web.email, instead of becoming its domain's website (sales@acme.com: acme.com)"}

	splitOption = Option{Name: "split", Usage: "a cell of several addresses gives a row per address, with the row's other columns (read from lines or arguments: the column line, the input line it came from), instead of failing with web.several-addresses"}

	platformsOption = Option{Name: "platforms", Kind: File, Usage: "KeyV3 with the extra site platforms of `FILE`, a shape per line (\"<name>.example.net\", \"example.net/members/<name>\"; # comments)"}

	aliasesOption = Option{Name: "aliases", Kind: File, Usage: "KeyV3 with the owner aliases of `FILE`, a pair per line (\"acme.de acme.com\": acme.de's owner is acme.com; # comments)"}
)

// keyVersionOption is --key-version: 3, or the frozen 1 or 2.
func keyVersionOption() Option {
	var versions []string
	for v := webaddress.KeyVersion(1); v.IsValid(); v++ {
		versions = append(versions, strconv.Itoa(int(v)))
	}
	return Option{Name: "key-version", Kind: Choice, Values: versions, Default: strconv.Itoa(int(webaddress.KeyV3)),
		Usage: "the comparison key's `VERSION`: 3 (KeyV3: keys at the level of --by), or the frozen 1 (KeyV1) or 2 (KeyV2: tenants of shared platforms apart, one network under two names together, the path kept with the registrable domain)",
		check: func(s string) error { var v webaddress.KeyVersion; return v.UnmarshalText([]byte(s)) }}
}

// byOption is --by, KeyV3's level, at def by default; note ends its words.
func byOption(def webaddress.Level, note string) Option {
	levels := []string{webaddress.LevelPage.String(), webaddress.LevelSite.String(), webaddress.LevelOwner.String()}
	return Option{Name: "by", Kind: Choice, Values: levels, Default: def.String(),
		Usage: "the KeyV3 key's `LEVEL`: page, site (a host, a profile, a path tenant) or owner (an organisation)" + note,
		check: func(s string) error { var l webaddress.Level; return l.UnmarshalText([]byte(s)) }}
}

// keyOptions are the readers of the options by which parse, key, dedupe
// and match read a cell and key it.
type keyOptions struct {
	raw, keepEmails    boolOpt
	by                 textOpt
	platforms, aliases textOpt
}

// declareKeyOptions declares the options of keyOptions on c, --by at def.
func declareKeyOptions(c *Command, by Option) keyOptions {
	return keyOptions{
		raw:        c.boolOption(rawOption),
		keepEmails: c.boolOption(keepEmailsOption),
		by:         c.textOption(by),
		platforms:  c.textOption(platformsOption),
		aliases:    c.textOption(aliasesOption),
	}
}

// options returns the rules of the options v, with the lists of
// --platforms and --aliases read (cfg.readList), and whether the options
// need KeyV3: a level other than page, or a list.
func (k keyOptions) options(cfg *config, v Values) (o lists.Options, levels bool, err error) {
	o = lists.Options{Raw: k.raw.Get(v), KeepEmails: k.keepEmails.Get(v)}
	o.By.UnmarshalText([]byte(k.by.Get(v))) // checked
	levels = o.By != webaddress.LevelPage
	for _, l := range []struct {
		opt  textOpt
		read func(io.Reader) error
	}{{k.platforms, o.Keys.ReadPlatforms}, {k.aliases, o.Keys.ReadAliases}} {
		name := l.opt.Get(v)
		if name == "" {
			continue
		}
		levels = true
		if err := cfg.readList(l.opt.Name(), name, l.read); err != nil {
			return o, false, fmt.Errorf("--%s: %w", l.opt.Name(), err)
		}
	}
	return o, levels, nil
}

// readingOptions are the readers of the options by which parse, key and
// dedupe read a value and key it.
type readingOptions struct {
	keyOptions
	split      boolOpt
	keyVersion textOpt
}

// declareReading declares the options of readingOptions on c.
func declareReading(c *Command) readingOptions {
	return readingOptions{
		keyOptions: declareKeyOptions(c, byOption(webaddress.LevelPage, "; site or owner implies --key-version 3")),
		split:      c.boolOption(splitOption),
		keyVersion: c.textOption(keyVersionOption()),
	}
}

// newReading returns the reading of the options v: --by site or owner,
// and the lists of --platforms and --aliases, are KeyV3's, which they
// make the version unless --key-version says another.
func (ro readingOptions) newReading(cfg *config, v Values) (*reading, error) {
	o, levels, err := ro.options(cfg, v)
	if err != nil {
		return nil, err
	}
	o.Split = ro.split.Get(v)
	if ro.keyVersion.Changed(v) {
		o.KeyVersion.UnmarshalText([]byte(ro.keyVersion.Get(v))) // checked
	}
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
