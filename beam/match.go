// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam

import (
	"cmp"
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/table"
	"github.com/onecontact/webaddress/lists"
)

// StepMatch is the step of a dead letter of Match: a value that gives no
// key to match by.
const StepMatch = "match"

// Matched is an element of [Match]: a row of the list matched against
// the reference, one a row; or of [MatchPairs], a matched pair of a row
// and a reference row.
type Matched struct {
	Value Value  // the list's row, with its file and line
	Key   string // its keys at Level, separated by spaces: those of the column that matched, else (nothing matched: the key looked for) of the first that gave any
	Via   int    // the place among the row's cells of the column that matched (0: the first, Text); -1 when Count is 0
	// Level is the level its keys are at: the finest at which a
	// reference row shares them (by owner: site, else owner), Options.By's
	// when none does.
	Level webaddress.Level
	Count int64 // how many of the reference's rows share its keys at Level; 0 when none
	// First is the first of those rows (by file, line, then text) for
	// Match, the pair's reference row for MatchPairs; zero when Count is 0.
	First Value
}

// Ambiguous reports whether several reference rows share m's keys at its
// level, none closer to the row than the others: First is then the first
// of them, not a better match than the others.
func (m Matched) Ambiguous() bool { return m.Count > 1 }

// MatchedJSON returns the JSON line of m, the columns of the webaddress
// tool's match command: input, file, line, match_count, match_key,
// match_via (the column's number from 1; [MatchedJSONColumns] gives its
// name), match_level, match_ambiguous, and against, against_file and
// against_line. match_via, match_level, match_ambiguous, against,
// against_file and against_line are null when nothing matched (as the
// tool leaves them empty); match_key is then the key looked for.
func MatchedJSON(m Matched) string { return MatchedJSONColumns(m, nil) }

// MatchedJSONColumns returns the JSON line of m as [MatchedJSON] does,
// match_via the name of the column among columns (the names of
// ReadOptions.Column).
func MatchedJSONColumns(m Matched, columns []string) string {
	type line struct {
		Input       string  `json:"input"`
		File        string  `json:"file,omitempty"`
		Line        int64   `json:"line,omitempty"`
		Count       int64   `json:"match_count"`
		Key         string  `json:"match_key"`
		Via         *string `json:"match_via"`
		Level       *string `json:"match_level"`
		Ambiguous   *bool   `json:"match_ambiguous"`
		Against     *string `json:"against"`
		AgainstFile *string `json:"against_file"`
		AgainstLine *int64  `json:"against_line"`
	}
	l := line{Input: m.Value.Text, File: m.Value.File, Line: m.Value.Line, Count: m.Count, Key: m.Key}
	if m.Count > 0 && m.Via >= 0 {
		via := columnName(columns, m.Via)
		level, ambiguous := m.Level.String(), m.Ambiguous()
		l.Via, l.Level, l.Ambiguous = &via, &level, &ambiguous
		l.Against, l.AgainstFile, l.AgainstLine = &m.First.Text, &m.First.File, &m.First.Line
	}
	b, _ := json.Marshal(l)
	return string(b)
}

// Match matches each row of col (the list: leads, sign-ups), a
// PCollection<string> or PCollection<Value>, against the rows of
// reference (the accounts), by the rules of the webaddress tool's match
// command (package lists): KeyV3's key at the level of
// Options.By (the tool's default is webaddress.LevelOwner; set it), at
// the finest level that agrees (by owner: the reference rows at a row's
// site where there are any, else those of its owner), with
// Options.Keys' platforms and aliases, each address of a value of several
// a key. A Value of several cells (Read of several columns, such as
// "email,website") has them tried in order, as the tool's --column: in
// col, the first column whose keys a reference row shares matches, else
// the first that gives a key; in reference, the first that gives a key.
//
// It returns a PCollection<Matched>, one per row of col that gives a key
// (Count 0 when no reference row shares its keys: Via is then -1, and Key
// the keys looked for, at Options.By's level, as the tool's match leaves
// match_via empty), and a
// PCollection<Failure> of the rows of either side that give none (step
// "match", the first column's reason): an empty value, a value that
// failed (a placeholder such as "N/A"), an address that is not a public
// website, an address without an owner (a network's page that is not a
// profile, a free-mail domain), which never match. Rows of col = rows
// matched + its failures.
//
// The reference is combined by key and level (a count and the first
// row), so a key that millions of its rows share costs a small
// accumulator; by owner, a row is keyed at both levels.
func Match(s beam.Scope, col, reference beam.PCollection, opts Options) (matched, failed beam.PCollection) {
	s = s.Scope("webaddress.Match")
	hits, _, failed := matchHits(s, col, reference, opts.checked("Match"))
	return beam.ParDo(s, decideMatch, hits), failed
}

// MatchPairs is [Match] with a Matched per matched pair of a row of col
// and a reference row, as the tool's match --all writes a row per pair:
// a row of col that matched Count reference rows gives Count Matched
// values, alike but for First, the pair's reference row; a row that
// matched none gives one, with Count 0, as Match's. Key, Via and Count
// are Match's, and so are the dead letters. By owner, a row that matched
// at site gives then a Matched for each of its owner's other reference
// rows (those that share the owner keys of its column, not its site),
// with Level owner and the owner level's Key and Count: a row matched at
// its site reaches every reference row its owner does, as with the tool.
//
// A pair is joined under the first of the row's keys that the reference
// row has, so a reference row that shares several keys of a row is one
// pair. The pairs of a key are made on one worker, which holds the rows
// of col with that key (not the reference's) in memory.
func MatchPairs(s beam.Scope, col, reference beam.PCollection, opts Options) (pairs, failed beam.PCollection) {
	s = s.Scope("webaddress.MatchPairs")
	hits, refKeyed, failed := matchHits(s, col, reference, opts.checked("MatchPairs"))
	byKey, unmatched := beam.ParDo2(s, decidePairs, hits)
	return beam.Flatten(s, beam.ParDo(s, joinPairs, beam.CoGroupByKey(s, byKey, refKeyed)), unmatched), failed
}

// matchHits is Match of opts, checked, up to the hits of each row of col,
// grouped by row; it returns the reference's rows keyed, a KV<string,
// matchRef> of each key of each row, too.
func matchHits(s beam.Scope, col, reference beam.PCollection, opts Options) (hits, refKeyed, failed beam.PCollection) {
	probes, inFailed := beam.ParDo2(s, &matchProbeFn{Options: opts}, values(s, col))
	refKeyed, refFailed := beam.ParDo2(s, &matchRefKeyFn{Options: opts}, values(s, reference))
	refs := beam.CombinePerKey(s, &matchRefFn{}, refKeyed)
	hits = beam.ParDo(s, joinMatch, beam.CoGroupByKey(s, probes, refs))
	return beam.GroupByKey(s, hits), refKeyed, beam.Flatten(s, inFailed, refFailed)
}

// A pairProbe is a row's Matched under one of its keys, for MatchPairs'
// join.
type pairProbe struct {
	M Matched
	// Sites are, under an owner key after a match at site, the row's site
	// keys: a reference row of any of them is the site's pair, not one of
	// the owner's others. Nil under the keys of the level that matched.
	Sites []string
}

// decidePairs decides a row's Matched from its hits, as decideMatch, and
// emits it under each of its keys, for MatchPairs' join; after a match at
// site, also the Matched of the owner level under each owner key, with
// the site keys whose reference rows it skips. A row that matched
// nothing is emitted as it is.
func decidePairs(_ string, hits func(*matchHit) bool, emit func(string, pairProbe), unmatched func(Matched)) {
	m, all, times := decide(hits)
	for range times {
		if m.Count == 0 {
			unmatched(m)
			continue
		}
		for k := range strings.SplitSeq(m.Key, " ") {
			emit(levelKey(m.Level, k), pairProbe{M: m})
		}
		if m.Level != webaddress.LevelSite {
			continue
		}
		o := m
		o.Level = webaddress.LevelOwner
		keys, count, first := tally(all, m.Via, o.Level)
		if count == 0 {
			continue // not by owner: the site is the only level
		}
		o.Key, o.Count, o.First = strings.Join(keys, " "), count, first
		sites := strings.Split(m.Key, " ")
		for _, k := range keys {
			emit(levelKey(o.Level, k), pairProbe{M: o, Sites: sites})
		}
	}
}

// joinPairs emits the pairs of key: each row of the list that matched
// with each reference row of the key, unless the pair has a key of the
// row's before key (it is that key's pair) or, under an owner key, the
// reference row is at one of the row's sites (it is the site's pair).
func joinPairs(key string, rows func(*pairProbe) bool, refs func(*matchRef) bool, emit func(Matched)) {
	var list []pairProbe
	var p pairProbe
	for rows(&p) {
		list = append(list, p)
	}
	if len(list) == 0 {
		return
	}
	var r matchRef
	for refs(&r) {
		for _, p := range list {
			if r.Keys != nil && firstShared(p.M.Key, r.Keys) != key[1:] {
				continue
			}
			if p.Sites != nil && sharesAny(p.Sites, r.sitesAt(key[1:])) {
				continue
			}
			m := p.M
			m.First = r.Row
			emit(m)
		}
	}
}

// sharesAny reports whether a and b have a string in common.
func sharesAny(a, b []string) bool {
	for _, s := range a {
		if slices.Contains(b, s) {
			return true
		}
	}
	return false
}

// levelKey returns the key of the join of key at level l: the level's
// byte, then key (no key begins with a control character).
func levelKey(l webaddress.Level, key string) string { return string(rune(l)) + key }

// levelsOf returns the levels a match by o tries, finest first, as
// package lists' Index does: by owner the site, then the owner; else
// Options.By's alone.
func levelsOf(o Options) []webaddress.Level {
	if o.By == webaddress.LevelOwner {
		return []webaddress.Level{webaddress.LevelSite, webaddress.LevelOwner}
	}
	return []webaddress.Level{o.By}
}

// firstShared returns the first of keys (separated by spaces) that is
// one of theirs.
func firstShared(keys string, theirs []string) string {
	for k := range strings.SplitSeq(keys, " ") {
		if slices.Contains(theirs, k) {
			return k
		}
	}
	return ""
}

// matchRules keys the cells of either side of Match.
type matchRules struct {
	Options Options `json:"options"`
	rules   *lists.Rules
	keys    lists.Keys
}

// setup makes the worker's rules: Dedupe's options play no part.
func (f *matchRules) setup() error {
	o := f.Options.lists()
	o.MergeInvalid = false
	var err error
	f.rules, err = lists.NewRules(o)
	return err
}

// failure returns the dead letter of a row that gives no key, miss why.
func matchFailure(ctx context.Context, v Value, miss lists.Reason) Failure {
	keyFailedCount.Inc(ctx, 1)
	return Failure{Input: v.Text, Step: StepMatch, ErrorCode: string(miss),
		Error: string(miss) + ": " + table.Quote(v.Text) + " gives no key to match by", File: v.File, Line: v.Line}
}

// A matchProbe is a key of a column of a row of Match's list, at a level.
type matchProbe struct {
	Row   Value
	Col   int // the column's place in the row's cells
	At    int // the key's place among the column's keys
	Level webaddress.Level
}

// matchProbeFn keys the rows of Match's list: a probe for each key of each
// column.
type matchProbeFn struct{ matchRules }

// Setup makes the worker's rules.
func (f *matchProbeFn) Setup() error { return f.setup() }

// ProcessElement keys one row.
func (f *matchProbeFn) ProcessElement(ctx context.Context, v Value, emit func(string, matchProbe), fail func(Failure)) {
	var first lists.Reason
	keyed := false
	for i, cell := range v.cells() {
		f.keys.Reset()
		miss := f.rules.CellKeys(&f.keys, cell)
		if first == "" {
			first = miss
		}
		for at := range f.keys.Len() {
			for _, l := range levelsOf(f.Options) {
				if f.keys.IsAt(at, l) {
					emit(levelKey(l, string(f.keys.At(at))), matchProbe{Row: v, Col: i, At: at, Level: l})
				}
			}
			keyed = true
		}
	}
	if !keyed {
		fail(matchFailure(ctx, v, first))
		return
	}
	keyedCount.Inc(ctx, 1)
}

// A matchRef is a row of Match's reference under one of its keys.
type matchRef struct {
	Row  Value
	Keys []string // the row's keys at the key's level, when several; nil when one
	// Sites are, under an owner key, the row's site keys when they are
	// not its owner keys (Keys, or the one key); nil when they are, or
	// under a site key.
	Sites []string
}

// sitesAt returns the site keys of r, under its owner key key.
func (r matchRef) sitesAt(key string) []string {
	switch {
	case r.Sites != nil:
		return r.Sites
	case r.Keys != nil:
		return r.Keys
	}
	return []string{key}
}

// matchRefKeyFn keys the rows of Match's reference by the first column
// that gives a key.
type matchRefKeyFn struct{ matchRules }

// Setup makes the worker's rules.
func (f *matchRefKeyFn) Setup() error { return f.setup() }

// ProcessElement keys one row.
func (f *matchRefKeyFn) ProcessElement(ctx context.Context, v Value, emit func(string, matchRef), fail func(Failure)) {
	f.keys.Reset()
	via, miss := f.rules.RowKeys(&f.keys, v.cells())
	if via < 0 {
		fail(matchFailure(ctx, v, miss))
		return
	}
	keyedCount.Inc(ctx, 1)
	var sites []string // the keys of the level before, the site's by owner
	for _, l := range levelsOf(f.Options) {
		var keys []string
		for i := range f.keys.Len() {
			if f.keys.IsAt(i, l) {
				keys = append(keys, string(f.keys.At(i)))
			}
		}
		ref := matchRef{Row: v}
		if len(keys) > 1 {
			ref.Keys = keys
		}
		// MatchPairs skips, under an owner key, the rows at a lead's
		// site: it needs their site keys, here only when they are not
		// the owner keys (acme.com is both).
		if sites != nil && !sameSet(sites, keys) {
			ref.Sites = sites
		}
		for _, k := range keys {
			emit(levelKey(l, k), ref)
		}
		sites = keys
	}
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, s := range a {
		if !slices.Contains(b, s) {
			return false
		}
	}
	return true
}

// matchAcc is the reference's rows of a key: how many, the first, and
// those of several keys (which another key of a row may count again).
type matchAcc struct {
	First   Value
	Count   int64
	Several []Value
}

// before reports whether a comes before b: by file, line, then text.
func before(a, b Value) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	return a.Text < b.Text
}

// matchRefFn combines the reference's rows of a key.
type matchRefFn struct{}

// CreateAccumulator returns the accumulator of no row.
func (*matchRefFn) CreateAccumulator() matchAcc { return matchAcc{} }

// AddInput adds a row to a.
func (*matchRefFn) AddInput(a matchAcc, r matchRef) matchAcc {
	if a.Count == 0 || before(r.Row, a.First) {
		a.First = r.Row
	}
	a.Count++
	if r.Keys != nil {
		a.Several = append(a.Several, r.Row)
	}
	return a
}

// MergeAccumulators returns the accumulator of the rows of a and b.
func (*matchRefFn) MergeAccumulators(a, b matchAcc) matchAcc {
	switch {
	case b.Count == 0:
		return a
	case a.Count == 0:
		return b
	}
	if before(b.First, a.First) {
		a.First = b.First
	}
	a.Count += b.Count
	a.Several = append(a.Several, b.Several...)
	return a
}

// A matchHit is a probe of a row with the reference's rows of its key at
// its level.
type matchHit struct {
	Probe matchProbe
	Key   string // the key, without its level
	Refs  matchAcc
}

// rowID returns what identifies a row of the list: its file, line and
// cells (rows alike of a PCollection<string> are one, and counted).
func rowID(v Value) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// joinMatch gives each probe of a key the reference's rows of the key,
// under its row's id.
func joinMatch(key string, probes func(*matchProbe) bool, refs func(*matchAcc) bool, emit func(string, matchHit)) {
	var ref, a matchAcc
	for refs(&a) {
		ref = (&matchRefFn{}).MergeAccumulators(ref, a)
	}
	var p matchProbe
	for probes(&p) {
		emit(rowID(p.Row), matchHit{Probe: p, Key: key[1:], Refs: ref})
	}
}

// decideMatch writes the Matched of a row from its hits: the first column
// whose keys a reference row shares at any level, at the finest level at
// which one does; else the first that gave a key, at the coarsest level.
func decideMatch(_ string, hits func(*matchHit) bool, emit func(Matched)) {
	m, _, times := decide(hits)
	for range times {
		emit(m)
	}
}

// decide returns the Matched of a row from its hits, as decideMatch
// writes it; its hits, one a probe, sorted by column, key and level; and
// how many times the row came (alike rows of strings have their probes
// as many times: a Matched each).
func decide(hits func(*matchHit) bool) (m Matched, all []matchHit, times int) {
	var h matchHit
	for hits(&h) {
		all = append(all, h)
	}
	slices.SortFunc(all, func(a, b matchHit) int {
		return cmp.Or(cmp.Compare(a.Probe.Col, b.Probe.Col), cmp.Compare(a.Probe.At, b.Probe.At), cmp.Compare(a.Probe.Level, b.Probe.Level))
	})
	n := len(all)
	all = slices.CompactFunc(all, func(a, b matchHit) bool {
		return a.Probe.Col == b.Probe.Col && a.Probe.At == b.Probe.At && a.Probe.Level == b.Probe.Level
	})
	times = n / len(all)
	via, level := -1, all[0].Probe.Level
	for _, h := range all {
		switch {
		case h.Refs.Count == 0:
		case via < 0:
			via, level = h.Probe.Col, h.Probe.Level
		case h.Probe.Col == via:
			level = min(level, h.Probe.Level) // the finer
		}
	}
	if via < 0 {
		via = all[0].Probe.Col
		for _, h := range all {
			level = max(level, h.Probe.Level) // the coarsest: Options.By's
		}
	}
	m = Matched{Value: all[0].Probe.Row, Via: via, Level: level}
	keys, count, first := tally(all, via, level)
	m.Key, m.Count = strings.Join(keys, " "), count
	if m.Count > 0 {
		m.First = first
	} else {
		m.Via = -1 // nothing matched: no column did (the key is the one looked for)
	}
	return m, all, times
}

// tally returns the keys of column via at level l among a row's hits
// (sorted as decide sorts them), how many reference rows share them (a
// row of several of the keys counted once) and the first of those.
func tally(all []matchHit, via int, l webaddress.Level) (keys []string, count int64, first Value) {
	var several []Value
	for _, h := range all {
		if h.Probe.Col != via || h.Probe.Level != l {
			continue
		}
		keys = append(keys, h.Key)
		if h.Refs.Count == 0 {
			continue
		}
		if count == 0 || before(h.Refs.First, first) {
			first = h.Refs.First
		}
		count += h.Refs.Count
		several = append(several, h.Refs.Several...)
	}
	// A reference row of several of the keys is counted once.
	slices.SortFunc(several, func(a, b Value) int { return cmp.Compare(rowID(a), rowID(b)) })
	count -= int64(len(several) - len(slices.CompactFunc(several, func(a, b Value) bool { return rowID(a) == rowID(b) })))
	return keys, count, first
}

func init() {
	beam.RegisterType(reflect.TypeFor[Matched]())
	beam.RegisterType(reflect.TypeFor[matchAcc]())
	beam.RegisterType(reflect.TypeFor[matchProbe]())
	beam.RegisterType(reflect.TypeFor[matchRef]())
	beam.RegisterType(reflect.TypeFor[matchHit]())
	register.DoFn4x0[context.Context, Value, func(string, matchProbe), func(Failure)](&matchProbeFn{})
	register.DoFn4x0[context.Context, Value, func(string, matchRef), func(Failure)](&matchRefKeyFn{})
	register.Combiner2[matchAcc, matchRef](&matchRefFn{})
	register.Function4x0(joinMatch)
	beam.RegisterType(reflect.TypeFor[pairProbe]())
	register.Function3x0(decideMatch)
	register.Function4x0(decidePairs)
	register.Function4x0(joinPairs)
	register.Emitter2[string, pairProbe]()
	register.Iter1[pairProbe]()
	register.Iter1[matchRef]()
	register.Function1x1(MatchedJSON)
	register.Emitter1[Matched]()
	register.Emitter2[string, matchProbe]()
	register.Emitter2[string, matchRef]()
	register.Emitter2[string, matchHit]()
	register.Iter1[matchProbe]()
	register.Iter1[matchAcc]()
	register.Iter1[matchHit]()
}
