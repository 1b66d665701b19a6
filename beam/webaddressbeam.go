// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package webaddressbeam gives Apache Beam transforms for reading,
// parsing, keying, deduplicating and cleaning website addresses with
// github.com/onecontact/webaddress, for collections of billions of URLs
// (a crawl frontier, a data warehouse) on any runner of the Beam Go SDK:
// Dataflow, Flink, Spark, or the local Prism runner.
//
// [Read] reads text and CSV files by the rules of the webaddress
// command-line tool, with the same reader: strict RFC 4180, a malformed
// record never merged into another but sent to the dead letters with its
// file and line, every value kept with its place. The other transforms take
// a PCollection<string> of addresses, or the PCollection<Value> Read gives,
// and return two PCollections: what they made of the values that worked,
// and a dead-letter PCollection<Failure> of every value that did not, with
// its error code, message and (for Values) file and line. Nothing is
// dropped: the two outputs together hold one element per input (Dedupe:
// one count per input).
//
// The elements are the library's own types: Parse gives webaddress.Address
// values, Clean webaddress.Cleaned ones (in a [Cleaned]), whose MarshalJSON
// writes the same JSON objects as the command-line tool's parse and clean
// output, byte for byte (one record definition serves the library, the tool
// and Beam).
//
// The transforms register their functions, types and coders with the Beam
// SDK when the package is imported, so a pipeline that uses them runs on
// distributed runners without more set-up.
package webaddressbeam

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/table"
)

// A Value is a value read from a file, with where: what [Read] gives.
type Value struct {
	File string // the file's path, as matched
	Line int64  // the line the value's record starts on, from 1
	Text string // the value: the line, or the cell of the column
}

// Failure is a dead-letter element: a value a transform could not use, or
// a malformed record Read could not read, and why. Its fields are Input
// (the value, or the text of the record's first line), Step (StepRead,
// StepParse, StepKey or StepClean), ErrorCode (such as
// "record.bare-quote", "web.invalid-utf8" or "clean.unsupported-scheme"),
// Error (the message), File and Line (where it was read; "" and 0 for a
// value of a PCollection<string>). It is the record the command-line tool
// writes to --rejects, written by [FailureJSON].
type Failure = table.Failure

// Group is one key of Dedupe: Key, Count (the inputs with the key) and
// First (the smallest of those inputs in byte order, so that every run and
// runner picks the same). It is the record of the command-line tool's
// dedupe, whose Rows, ErrorCode and Error Dedupe leaves empty; [GroupJSON]
// writes it.
type Group = table.Group

// Cleaned is a value Clean cleaned: a webaddress.Cleaned, whose fields and
// methods it has (c.CleanURL, c.MarshalJSON()). It wraps it because Beam
// cannot code webaddress.Cleaned's Err field (an error), which is always
// nil here: the values that failed are dead letters.
type Cleaned struct{ cleaned }

type cleaned = webaddress.Cleaned

// Value returns the webaddress.Cleaned.
func (c Cleaned) Value() webaddress.Cleaned { return c.cleaned }

// The steps of Failure.
const (
	StepRead  = table.StepRead  // Read: the record is malformed
	StepParse = table.StepParse // Parse: webaddress.Parse failed
	StepKey   = table.StepKey   // KeyBy and Dedupe: webaddress.Parse failed, so there is no key
	StepClean = table.StepClean // Clean: webaddress.Clean failed
)

// The counters the transforms keep, in the namespace "webaddress": read,
// malformed and blank (Read), parsed and parse_failed (Parse), keyed and
// key_failed (KeyBy, Dedupe), cleaned and clean_failed (Clean). Runners
// show them as the job's metrics.
var (
	readCount        = beam.NewCounter("webaddress", "read")
	malformedCount   = beam.NewCounter("webaddress", "malformed")
	blankCount       = beam.NewCounter("webaddress", "blank")
	parsedCount      = beam.NewCounter("webaddress", "parsed")
	parseFailedCount = beam.NewCounter("webaddress", "parse_failed")
	keyedCount       = beam.NewCounter("webaddress", "keyed")
	keyFailedCount   = beam.NewCounter("webaddress", "key_failed")
	cleanedCount     = beam.NewCounter("webaddress", "cleaned")
	cleanFailedCount = beam.NewCounter("webaddress", "clean_failed")
)

func init() {
	beam.RegisterType(reflect.TypeFor[Value]())
	beam.RegisterType(reflect.TypeFor[Group]())
	beam.RegisterType(reflect.TypeFor[Failure]())
	beam.RegisterType(reflect.TypeFor[dedupeAcc]())
	beam.RegisterCoder(reflect.TypeFor[webaddress.Address](), encodeAddress, decodeAddress)
	beam.RegisterCoder(reflect.TypeFor[Cleaned](), encodeCleaned, decodeCleaned)

	register.Function4x0(parseString)
	register.Function4x0(parseValue)
	register.Function4x0(keyString)
	register.Function4x0(keyValue)
	register.DoFn4x0[context.Context, string, func(Cleaned), func(Failure)](&cleanStringFn{})
	register.DoFn4x0[context.Context, Value, func(Cleaned), func(Failure)](&cleanValueFn{})
	register.Combiner2[dedupeAcc, string](&dedupeFn{})
	register.Function2x1(toGroup)
	register.Function1x1(AddressJSON)
	register.Function1x1(CleanedJSON)
	register.Function1x1(FailureJSON)
	register.Function1x1(GroupJSON)

	register.Emitter1[webaddress.Address]()
	register.Emitter1[Cleaned]()
	register.Emitter1[Failure]()
	register.Emitter1[Value]()
	register.Emitter2[string, string]()
}

// encodeAddress encodes an Address as its input; decodeAddress parses it
// again, which gives the same Address (Parse is deterministic).
func encodeAddress(a webaddress.Address) []byte { return []byte(a.Input()) }

func decodeAddress(b []byte) (webaddress.Address, error) {
	a, err := webaddress.Parse(string(b))
	if err != nil {
		return a, fmt.Errorf("webaddressbeam: decoding an Address: %w", err)
	}
	return a, nil
}

// encodeCleaned encodes a Cleaned value as its JSON record, which
// decodeCleaned reads back into its fields (by their JSON tags, R's
// names; a null is R's NA, the empty string).
func encodeCleaned(c Cleaned) ([]byte, error) { return c.MarshalJSON() }

func decodeCleaned(b []byte) (Cleaned, error) {
	var c Cleaned
	err := json.Unmarshal(b, &c.cleaned)
	return c, err
}

// isValue reports whether col is a PCollection<Value>; else it is taken
// to be a PCollection<string>.
func isValue(col beam.PCollection) bool {
	return col.Type().Type() == reflect.TypeFor[Value]()
}

// failure returns the dead letter of a value that failed at step with err.
func failure(v Value, step string, err error) Failure {
	f := table.NewFailure(v.Text, step, err)
	f.File, f.Line = v.File, v.Line
	return f
}

// Parse parses each address of col, a PCollection<string> or
// PCollection<Value>, with webaddress.Parse. It returns a
// PCollection<webaddress.Address> of the addresses that parsed and a
// PCollection<Failure> of those that did not (step "parse"), with their
// file and line when col has them.
func Parse(s beam.Scope, col beam.PCollection) (addresses, failed beam.PCollection) {
	s = s.Scope("webaddress.Parse")
	if isValue(col) {
		return beam.ParDo2(s, parseValue, col)
	}
	return beam.ParDo2(s, parseString, col)
}

func parseString(ctx context.Context, input string, emit func(webaddress.Address), fail func(Failure)) {
	parseValue(ctx, Value{Text: input}, emit, fail)
}

func parseValue(ctx context.Context, v Value, emit func(webaddress.Address), fail func(Failure)) {
	a, err := webaddress.Parse(v.Text)
	if err != nil {
		parseFailedCount.Inc(ctx, 1)
		fail(failure(v, StepParse, err))
		return
	}
	parsedCount.Inc(ctx, 1)
	emit(a)
}

// KeyBy keys each address of col, a PCollection<string> or
// PCollection<Value>, by its comparison key (webaddress.KeyV1). It returns
// a PCollection<KV<string, string>> of key and input for the addresses that
// parsed, and a PCollection<Failure> of those that did not (step "key").
func KeyBy(s beam.Scope, col beam.PCollection) (keyed, failed beam.PCollection) {
	s = s.Scope("webaddress.KeyBy")
	if isValue(col) {
		return beam.ParDo2(s, keyValue, col)
	}
	return beam.ParDo2(s, keyString, col)
}

func keyString(ctx context.Context, input string, emit func(string, string), fail func(Failure)) {
	keyValue(ctx, Value{Text: input}, emit, fail)
}

func keyValue(ctx context.Context, v Value, emit func(string, string), fail func(Failure)) {
	a, err := webaddress.Parse(v.Text)
	if err != nil {
		keyFailedCount.Inc(ctx, 1)
		fail(failure(v, StepKey, err))
		return
	}
	keyedCount.Inc(ctx, 1)
	emit(a.Key(webaddress.KeyV1), v.Text)
}

// Dedupe groups the addresses of col, a PCollection<string> or
// PCollection<Value>, by comparison key (webaddress.KeyV1). It returns a
// PCollection<Group> with one element per key, the number of inputs with
// it and its representative (the smallest input in byte order), and a
// PCollection<Failure> of the inputs that did not parse (step "key"), which
// are in no group.
//
// The groups are combined (CombinePerKey), so a key that millions of inputs
// share costs a small accumulator, not a list of its inputs.
func Dedupe(s beam.Scope, col beam.PCollection) (groups, failed beam.PCollection) {
	s = s.Scope("webaddress.Dedupe")
	keyed, failed := KeyBy(s, col)
	return DedupeKeyed(s, keyed), failed
}

// DedupeKeyed is Dedupe after KeyBy: it takes a PCollection<KV<string,
// string>> of key and input, such as KeyBy returns, and returns the
// PCollection<Group> of its keys. Use it when the keys are at hand already,
// say from the addresses Parse gives.
func DedupeKeyed(s beam.Scope, keyed beam.PCollection) beam.PCollection {
	s = s.Scope("webaddress.DedupeKeyed")
	accs := beam.CombinePerKey(s, &dedupeFn{}, keyed)
	return beam.ParDo(s, toGroup, accs)
}

// dedupeAcc is the accumulator of a key's inputs: how many, and the
// smallest.
type dedupeAcc struct {
	First string
	Count int64
}

// dedupeFn is the combiner of Dedupe: it counts a key's inputs and keeps
// the smallest. Its result does not depend on the order the runner adds
// and merges in.
type dedupeFn struct{}

// CreateAccumulator returns the accumulator of no input.
func (*dedupeFn) CreateAccumulator() dedupeAcc { return dedupeAcc{} }

// AddInput adds an input to a.
func (*dedupeFn) AddInput(a dedupeAcc, input string) dedupeAcc {
	if a.Count == 0 || input < a.First {
		a.First = input
	}
	a.Count++
	return a
}

// MergeAccumulators returns the accumulator of the inputs of a and b.
func (*dedupeFn) MergeAccumulators(a, b dedupeAcc) dedupeAcc {
	switch {
	case b.Count == 0:
		return a
	case a.Count == 0:
		return b
	}
	if b.First < a.First {
		a.First = b.First
	}
	a.Count += b.Count
	return a
}

func toGroup(key string, a dedupeAcc) Group {
	return Group{Key: key, Count: a.Count, First: a.First}
}

// Clean cleans each address of col, a PCollection<string> or
// PCollection<Value>, with webaddress.Clean and opts, as R's safe_parse_url
// does. It returns a PCollection<Cleaned> of the addresses it
// cleaned and a PCollection<Failure> of those it could not (step "clean";
// the values safe_parse_url returns NULL for).
//
// Each worker keeps the results of up to 10,000 distinct inputs, so that
// values that repeat are cleaned once. Clean panics when opts is not valid
// (webaddress.CleanOptions.Validate), as Beam transforms do with mistakes
// found while the pipeline is built; set opts with CleanOptions.Set to get
// the error instead.
func Clean(s beam.Scope, col beam.PCollection, opts webaddress.CleanOptions) (cleaned, failed beam.PCollection) {
	if err := opts.Validate(); err != nil {
		panic(fmt.Sprintf("webaddressbeam.Clean: the options are not valid: %v", err))
	}
	s = s.Scope("webaddress.Clean")
	if isValue(col) {
		return beam.ParDo2(s, &cleanValueFn{Options: opts}, col)
	}
	return beam.ParDo2(s, &cleanStringFn{Options: opts}, col)
}

// cleanCacheSize is how many distinct inputs each worker's cleaner
// remembers.
const cleanCacheSize = 10_000

// cleanStringFn and cleanValueFn are the DoFns of Clean, for strings and
// for Values. Their exported fields are what the runner sends to the
// workers, as JSON: CleanOptions is small integers and an *int, which JSON
// keeps.
type (
	cleanStringFn struct {
		Options webaddress.CleanOptions `json:"options"`
		cleaner *webaddress.Cleaner
	}
	cleanValueFn struct {
		Options webaddress.CleanOptions `json:"options"`
		cleaner *webaddress.Cleaner
	}
)

// Setup makes the cleaner of the worker.
func (f *cleanStringFn) Setup() { f.cleaner = webaddress.NewCleaner(f.Options, cleanCacheSize) }

// Setup makes the cleaner of the worker.
func (f *cleanValueFn) Setup() { f.cleaner = webaddress.NewCleaner(f.Options, cleanCacheSize) }

// ProcessElement cleans one input.
func (f *cleanStringFn) ProcessElement(ctx context.Context, input string, emit func(Cleaned), fail func(Failure)) {
	clean(ctx, f.cleaner, Value{Text: input}, emit, fail)
}

// ProcessElement cleans one input.
func (f *cleanValueFn) ProcessElement(ctx context.Context, v Value, emit func(Cleaned), fail func(Failure)) {
	clean(ctx, f.cleaner, v, emit, fail)
}

func clean(ctx context.Context, c *webaddress.Cleaner, v Value, emit func(Cleaned), fail func(Failure)) {
	r, err := c.Clean(v.Text)
	if err != nil {
		cleanFailedCount.Inc(ctx, 1)
		fail(failure(v, StepClean, err))
		return
	}
	cleanedCount.Inc(ctx, 1)
	emit(Cleaned{r})
}
