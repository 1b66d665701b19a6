// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam

import (
	"context"
	"encoding/json"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/cells"
	"github.com/onecontact/webaddress/internal/match"
	"github.com/onecontact/webaddress/internal/table"
)

// StepMatch is the step of a dead letter of Match: a value that gives no
// key to match by.
const StepMatch = "match"

// Matched is an element of [Match]: a value of the list matched against
// the reference, by one of its keys.
type Matched struct {
	Value Value  // the list's value, with its file and line
	Key   string // its key (a value of several addresses gives one Matched a key)
	Count int64  // how many of the reference's values have the key; 0 when none
	First Value  // the first of them (by file, line, then text); zero when Count is 0
}

// MatchedJSON returns the JSON line of m, the columns of the webaddress
// tool's match command: input, file, line, match_count, match_key, and
// against, against_file and against_line (null when nothing matched).
func MatchedJSON(m Matched) string {
	type line struct {
		Input       string  `json:"input"`
		File        string  `json:"file,omitempty"`
		Line        int64   `json:"line,omitempty"`
		Count       int64   `json:"match_count"`
		Key         string  `json:"match_key"`
		Against     *string `json:"against"`
		AgainstFile *string `json:"against_file"`
		AgainstLine *int64  `json:"against_line"`
	}
	l := line{Input: m.Value.Text, File: m.Value.File, Line: m.Value.Line, Count: m.Count, Key: m.Key}
	if m.Count > 0 {
		l.Against, l.AgainstFile, l.AgainstLine = &m.First.Text, &m.First.File, &m.First.Line
	}
	b, _ := json.Marshal(l)
	return string(b)
}

// Match matches each value of col (the list: leads, sign-ups), a
// PCollection<string> or PCollection<Value>, against the values of
// reference (the accounts), by the rules of the webaddress tool's match
// command (package internal/match): KeyV3's key at the level of
// Options.By (the tool's default is webaddress.LevelOwner; set it), with
// Options.Keys' platforms and aliases, each address of a value of several
// a key. It returns a PCollection<Matched>, an element per key of each
// value of col (Count 0 when no reference value has it), and a
// PCollection<Failure> of the values of either side that give no key
// (step "match"): an empty value, a value that failed (a placeholder such
// as "N/A"), an address that is not a public website, an address without
// an owner (a network's page that is not a profile, a free-mail domain),
// which never match. Values of col = values matched (once a key) + its
// failures.
//
// The reference is combined by key (a count and the first value), so a
// key that millions of its values share costs a small accumulator.
func Match(s beam.Scope, col, reference beam.PCollection, opts Options) (matched, failed beam.PCollection) {
	opts = opts.checked("Match")
	s = s.Scope("webaddress.Match")
	keyed, inFailed := beam.ParDo2(s, &matchKeyFn{Options: opts}, values(s, col))
	refKeyed, refFailed := beam.ParDo2(s, &matchKeyFn{Options: opts}, values(s, reference))
	refs := beam.CombinePerKey(s, &matchRefFn{}, refKeyed)
	joined := beam.CoGroupByKey(s, keyed, refs)
	return beam.ParDo(s, joinMatch, joined), beam.Flatten(s, inFailed, refFailed)
}

// matchKeyFn keys the values of either side of Match.
type matchKeyFn struct {
	Options Options `json:"options"`
	rules   *match.Rules
	keys    []string
}

// Setup makes the worker's rules.
func (f *matchKeyFn) Setup() error {
	k, err := webaddress.NewKeyer(f.Options.Keys)
	if err != nil {
		return err
	}
	f.rules, err = match.NewRules(cells.Options{Raw: f.Options.Raw, KeepEmails: f.Options.KeepEmails}, k, f.Options.By)
	return err
}

// ProcessElement keys one value.
func (f *matchKeyFn) ProcessElement(ctx context.Context, v Value, emit func(string, Value), fail func(Failure)) {
	var miss match.Miss
	f.keys, miss = f.rules.CellKeys(f.keys[:0], v.Text)
	if len(f.keys) == 0 {
		keyFailedCount.Inc(ctx, 1)
		fl := Failure{Input: v.Text, Step: StepMatch, ErrorCode: string(miss),
			Error: string(miss) + ": " + table.Quote(v.Text) + " gives no key to match by", File: v.File, Line: v.Line}
		fail(fl)
		return
	}
	keyedCount.Inc(ctx, 1)
	for _, k := range f.keys {
		emit(k, v)
	}
}

// matchAcc is the reference's values of a key: how many, and the first.
type matchAcc struct {
	First Value
	Count int64
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

// matchRefFn combines the reference's values of a key.
type matchRefFn struct{}

// CreateAccumulator returns the accumulator of no value.
func (*matchRefFn) CreateAccumulator() matchAcc { return matchAcc{} }

// AddInput adds a value to a.
func (*matchRefFn) AddInput(a matchAcc, v Value) matchAcc {
	if a.Count == 0 || before(v, a.First) {
		a.First = v
	}
	a.Count++
	return a
}

// MergeAccumulators returns the accumulator of the values of a and b.
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
	return a
}

// joinMatch writes the Matched of each of the list's values of a key.
func joinMatch(key string, values func(*Value) bool, refs func(*matchAcc) bool, emit func(Matched)) {
	var ref, a matchAcc
	for refs(&a) {
		ref = (&matchRefFn{}).MergeAccumulators(ref, a)
	}
	var v Value
	for values(&v) {
		emit(Matched{Value: v, Key: key, Count: ref.Count, First: ref.First})
	}
}

func init() {
	beam.RegisterType(reflect.TypeFor[Matched]())
	beam.RegisterType(reflect.TypeFor[matchAcc]())
	register.DoFn4x0[context.Context, Value, func(string, Value), func(Failure)](&matchKeyFn{})
	register.Combiner2[matchAcc, Value](&matchRefFn{})
	register.Function4x0(joinMatch)
	register.Function1x1(MatchedJSON)
	register.Emitter1[Matched]()
	register.Emitter2[string, Value]()
	register.Iter1[Value]()
	register.Iter1[matchAcc]()
}
