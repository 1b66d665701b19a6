// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lists

// This file is match: the keys a row gives, and a row matched against an
// Index.

import (
	"hash/maphash"
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
)

// NewIndex returns an empty Index, whose rows, and the rows matched
// against it, are read and keyed as o says (the dedupe options Split,
// KeepApart and MergeInvalid play no part: a cell of several addresses
// gives a key each, unless Raw). By owner is the tool's default for
// matching: a row matches at site level where an account shares its site
// (the same host, or its site), else at owner level. An e-mail address's
// site is its own domain here ("jo@shop.acme.com": shop.acme.com), not
// the website package cells makes of it (acme.com, as dedupe groups it),
// so that a lead matches the account at its very host first. By site it
// matches at site level only, by page at page level only; the zero
// Options match at page level.
func NewIndex(o Options) (*Index, error) {
	r, err := NewRules(o)
	if err != nil {
		return nil, err
	}
	return &Index{Rules: r, seed: maphash.MakeSeed()}, nil
}

// Add adds a row, its cells of addresses in the order they are tried, and
// the cells it keeps for a match to write (copied), and returns its number
// in ix (from 0); a row that gives no key is not added, and miss says
// why (the number is then -1).
func (ix *Index) Add(row, kept []string) (n int32, miss Reason) {
	k := keysPool.Get().(*Keys)
	defer keysPool.Put(k)
	k.Reset()
	if _, miss = ix.RowKeys(k, row); k.Len() == 0 {
		return -1, miss
	}
	return ix.AddKeys(k, 0, k.Len(), kept), ""
}

// RowKeys appends to k the keys of the first of row's cells that gives any
// (a cell that is empty or failed, a free-mail e-mail address, ... falls
// to the next), each once, and returns that cell's place in row (-1 when
// none gives a key, and miss then says why the first cell gives none).
// The keys are at the levels a match tries: by owner, each address's
// site key and its owner key (one key when they are the same), in no
// order to rely on ([Keys.IsAt] says which is which); else the key at
// Options.By's level.
func (r *Rules) RowKeys(k *Keys, row []string) (via int, miss Reason) {
	var first Reason
	start := k.Len()
	for i, cell := range row {
		m := r.CellKeys(k, cell)
		if k.Len() > start {
			return i, ""
		}
		if first == "" {
			first = m
		}
	}
	return -1, first
}

// CellKeys appends to k the keys of cell, those of each address (each
// address of a cell of several, unless Raw) at the levels a match tries,
// as [Rules.RowKeys] says, each once; when it gives none, the Reason of
// its first address (or of the cell) says why.
func (r *Rules) CellKeys(k *Keys, cell string) Reason {
	start := k.Len()
	var miss Reason
	// Each address is given to addMatchKeys by its place, not copied
	// (216 bytes) into each call that reads it: here as eachAddress does
	// it, without a call of f a copy each.
	add := func(a *webaddress.Address, err error) {
		if m := r.addMatchKeys(k, start, a, err); m != "" && miss == "" {
			miss = m
		}
	}
	if r.o.Raw {
		a, err := r.cells.Parse(cell)
		add(&a, err)
	} else {
		for a, err := range r.cells.Addresses(cell) {
			add(&a, err)
		}
	}
	if k.Len() > start {
		miss = ""
	}
	return miss
}

// addMatchKeys adds the keys of a to those of k from start, or says why it
// has none (err's code, or why a never matches).
func (r *Rules) addMatchKeys(k *Keys, start int, a *webaddress.Address, err error) Reason {
	if err != nil {
		return reasonOf(err)
	}
	if m := apartReason(a.Facts()); m != "" {
		return m
	}
	from := len(k.buf)
	if r.version != webaddress.KeyV3 {
		k.buf = a.AppendKey(k.buf, r.version, webaddress.LevelPage)
		k.push(start, from, bitOf(webaddress.LevelPage))
		return ""
	}
	var key string
	var rule webaddress.OwnerRule
	if r.o.By == webaddress.LevelOwner {
		// The owner key alone costs less than all the levels; it is
		// "" exactly when there is no owner.
		if k.buf = r.keyer.AppendKey(k.buf, *a, webaddress.LevelOwner); len(k.buf) > from {
			if siteIsOwner(a, k.buf[from:]) {
				k.push(start, from, bitOf(webaddress.LevelSite)|bitOf(webaddress.LevelOwner))
				return ""
			}
			k.push(start, from, bitOf(webaddress.LevelOwner))
			r.addSiteKeys(k, start, a)
			return ""
		}
		rule = r.keyer.Levels(*a).Rule
	} else {
		lv := r.keyer.Levels(*a)
		rule = lv.Rule
		key = lv.Page
		if r.o.By == webaddress.LevelSite {
			key = lv.Site
		}
	}
	if !rule.HasOwner() {
		return Reason(rule.String())
	}
	if key == "" {
		return "no-key"
	}
	if r.o.By == webaddress.LevelSite && a.Facts().Has(webaddress.FactEmailDomain) {
		r.addSiteKeys(k, start, a)
		return ""
	}
	k.buf = append(k.buf, key...)
	k.push(start, from, bitOf(r.o.By))
	return ""
}

// siteIsOwner reports, for the most common address, that a's site key is
// its owner key owner, which it then need not be keyed again for: an
// address of no port, not read from an e-mail address, whose host is its
// owner key, or that after "www." (the site keeps no more than the host,
// and drops www. while a registrable domain remains). TestSiteIsOwner
// checks it against the site key on the corpus.
func siteIsOwner(a *webaddress.Address, owner []byte) bool {
	if a.Facts().Has(webaddress.FactEmailDomain) {
		return false
	}
	u := a.URL()
	if u.Port() != "" {
		return false
	}
	host := u.Hostname()
	host = strings.TrimPrefix(host, "www.")
	return host == string(owner)
}

// addSiteKeys adds the site keys of a, an address with an owner, to the
// keys of k from start (a key there already, such as the owner's acme.com,
// is then a site key too).
//
// An address read from an e-mail address is its domain's website, the
// owner's (ann@sales.acme.com: acme.com); its site keys are those of the
// e-mail addresses' domains in its cell (sales.acme.com), so that a lead
// matches the account at the very host of its e-mail address first.
func (r *Rules) addSiteKeys(k *Keys, start int, a *webaddress.Address) {
	add := func(e *webaddress.Address) {
		n := len(k.buf)
		if k.buf = r.keyer.AppendKey(k.buf, *e, webaddress.LevelSite); len(k.buf) > n {
			k.push(start, n, bitOf(webaddress.LevelSite))
		}
	}
	if !a.Facts().Has(webaddress.FactEmailDomain) {
		add(a)
		return
	}
	host, found := a.URL().Hostname(), false
	for d := range emailDomains(a.Cell()) {
		switch {
		case d == host:
			add(a)
			found = true
		case len(d) > len(host) && d[len(d)-len(host)-1] == '.' && d[len(d)-len(host):] == host:
			if e, err := webaddress.Parse(d); err == nil {
				add(&e)
				found = true
			}
		}
	}
	if !found {
		add(a)
	}
}

// emailDomains returns the domain of each e-mail address of cell,
// lowercase, without root dots: the ASCII letters, digits, dots and
// hyphens after each "@" (a domain of other characters is not given).
func emailDomains(cell string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for rest := cell; ; {
			at := strings.IndexByte(rest, '@')
			if at < 0 {
				return
			}
			rest = rest[at+1:]
			n := 0
			for n < len(rest) && (isDomainByte(rest[n])) {
				n++
			}
			if n < len(rest) && rest[n] >= utf8.RuneSelf {
				continue // an internationalized domain: its owner's website stands
			}
			if d := strings.Trim(strings.ToLower(rest[:n]), "."); d != "" && !yield(d) {
				return
			}
		}
	}
}

// isDomainByte reports whether c may be in an ASCII domain.
func isDomainByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-'
}

// A Match is what matching a row against an [Index] found.
type Match struct {
	// From and To are the row's keys at Level, in the Keys matched: those
	// of the cell that matched, else of the first that gave any.
	From, To int
	Via      int // that cell's place in the row; -1 when none gave a key
	// Level is the level the keys are at: the finest at which a row of
	// the index shares them (by owner: site, else owner), Options.By's
	// when none does.
	Level webaddress.Level
	Count int    // how many of the index's rows share the keys at Level
	First int32  // the first of them added, -1 when none
	Miss  Reason // why no cell gave a key, when none did

	// cellFrom and cellTo are the keys of that cell at every level, in
	// the Keys matched (From and To are those at Level): where
	// [Index.All] finds the owner keys of a row that matched at site.
	cellFrom, cellTo int
}

// Ambiguous reports whether several of the index's rows share m's keys at
// its level, none closer to the row than the others: First is then the
// first added of them, not a better match than the others.
func (m Match) Ambiguous() bool { return m.Count > 1 }

// matchNextCells tries the next cells of the rows whose keys (res, a
// Match a row) match nothing, in turn, until one matches: the first cell
// after Via of each such row, then the second, ..., the keys of one cell
// of each row prefetched and looked up together, as MatchRows does the
// first.
func (ix *Index) matchNextCells(k *Keys, rows [][]string, res []Match) {
	for next := 1; ; next++ {
		k.next = k.next[:0] // each row's place in rows, and its keys'
		more := false
		for j, row := range rows {
			if m := &res[j]; m.Via >= 0 && m.Count == 0 && m.Via+next < len(row) {
				more = true
				n := k.Len()
				if ix.CellKeys(k, row[m.Via+next]); k.Len() > n {
					k.next = append(k.next, j, n, k.Len())
				}
			}
		}
		if !more {
			return
		}
		ix.prefetch(k)
		for t := 0; t < len(k.next); t += 3 {
			j, from, to := k.next[t], k.next[t+1], k.next[t+2]
			if l, count, first := ix.lookup(k, from, to); count > 0 {
				res[j] = Match{From: from, To: to, Via: res[j].Via + next, Level: l, Count: count, First: first}
			}
		}
	}
}

// Match matches row, its cells of addresses in the order they are tried,
// against ix, and appends its keys to k: the first cell whose keys a row
// of ix shares at any level is the one that matches, at the finest level
// at which one does; when none matches, the keys are those of the first
// cell that gave any, at Options.By's level.
func (ix *Index) Match(k *Keys, row []string) Match {
	var res [1]Match
	return ix.MatchRows(k, [][]string{row}, res[:0])[0]
}

// MatchRows matches each of rows as Match does, and appends a Match each
// to res, their keys in k (from empty). The keys of each row's first cell
// that gives any are looked up together: their reads of the index's
// memory overlap, which one row at a time they cannot.
func (ix *Index) MatchRows(k *Keys, rows [][]string, res []Match) []Match {
	k.Reset()
	start := len(res)
	res = slices.Grow(res, len(rows))
	for _, row := range rows {
		n, m := k.Len(), Match{Level: ix.o.By, First: -1}
		if m.Via, m.Miss = ix.RowKeys(k, row); m.Via >= 0 {
			m.From, m.To = n, k.Len()
		}
		res = append(res, m)
	}
	ix.Prefetch(k)
	for j := range rows {
		if m := &res[start+j]; m.Via >= 0 {
			m.Level, m.Count, m.First = ix.lookup(k, m.From, m.To)
		}
	}
	ix.matchNextCells(k, rows, res[start:])
	for j := range rows {
		if m := &res[start+j]; m.Via >= 0 {
			m.cellFrom, m.cellTo = m.From, m.To
			m.From, m.To = k.only(m.From, m.To, m.Level)
		}
	}
	// The kept cells of the rows found, read ahead as the keys were.
	var sum uint64
	for _, m := range res[start:] {
		if m.First >= 0 {
			if at := ix.kept[m.First]; at >= 0 {
				sum += uint64(ix.arena.bytes(at, 1)[0])
			}
		}
	}
	k.touched += sum
	return res
}

// All returns the rows of ix that m matched, each with the Match of its
// level, for a program that writes every pair of a row and a row of ix
// (the tool's match --all). First come the rows that share m's keys at
// m's level ([Index.Rows]), each with m. Then, after a match at site (by
// owner), come the owner's other rows: those that share the row's owner
// keys (of the cell that matched) but not its site. Each of these is
// given with the Match of the owner level: Level owner, Count and First
// of all the owner's rows (those at site too), and From and To the owner
// keys (appended to k when they are not one run of its keys already). So
// a row that matches at its site reaches every row its owner does.
//
// Each row is given once, in the order added within its level. m is a
// Match of k as [Index.Match] or [Index.MatchRows] gave it; a Match of no
// row gives none, and costs nothing more. Like the other look-ups, All
// is safe for concurrent use, each goroutine with Keys of its own.
func (ix *Index) All(k *Keys, m Match) iter.Seq2[Match, int32] {
	return func(yield func(Match, int32) bool) {
		j := ix.headOf(m.Level)
		if m.Count == 0 || j < 0 {
			return
		}
		var buf [8]int32
		rows := ix.rows(buf[:0], k, m.From, m.To, j)
		for _, r := range rows {
			if !yield(m, r) {
				return
			}
		}
		if j+1 == len(ix.levels) {
			return // m's level is the coarsest: Options.By's
		}
		// The owner's rows, after the site's; both lists are in the
		// order added, so those at site are skipped in one walk.
		n := len(rows)
		rows = ix.rows(rows, k, m.cellFrom, m.cellTo, j+1)
		site, owner := rows[:n], rows[n:]
		if len(owner) == 0 {
			return
		}
		om := Match{From: -1, Via: m.Via, Level: ix.levels[j+1], Count: len(owner), First: owner[0], cellFrom: m.cellFrom, cellTo: m.cellTo}
		for _, r := range owner {
			for len(site) > 0 && site[0] < r {
				site = site[1:]
			}
			if len(site) > 0 && site[0] == r {
				continue
			}
			if om.From < 0 {
				om.From, om.To = k.only(m.cellFrom, m.cellTo, om.Level)
			}
			if !yield(om, r) {
				return
			}
		}
	}
}
