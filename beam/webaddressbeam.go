// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package webaddressbeam gives Apache Beam transforms for parsing, keying,
// deduplicating and cleaning website addresses with
// github.com/onecontact/webaddress, for collections of billions of URLs
// (a crawl frontier, a data warehouse) on any runner of the Beam Go SDK:
// Dataflow, Flink, Spark, or the local Prism runner.
//
// Each transform takes a PCollection<string> of addresses and returns two
// PCollections: what it made of the values that worked, and a dead-letter
// PCollection<Failure> with every value that did not, its error code and
// its message. Nothing is dropped: the two outputs together hold one
// element per input (Dedupe: one count per input).
//
// The transforms register their functions and types with the Beam SDK when
// the package is imported, so a pipeline that uses them runs on distributed
// runners without more set-up.
//
// The record field names, and the JSON names of their tags, are those of the
// columns of the webaddress command-line tool: input, canonical, key,
// facts, network, handle, error_code, error, and R's names for the cleaner.
package webaddressbeam

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/onecontact/webaddress"
)

// Record is what Parse makes of an address that parsed: the columns of the
// command-line tool's parse command that say what the address is.
type Record struct {
	Input         string `json:"input"`          // the value as read
	Href          string `json:"href"`           // the URL Standard's serialization, with "https://" when the scheme was assumed
	Canonical     string `json:"canonical"`      // webaddress.Address.Canonical
	Key           string `json:"key"`            // the comparison key, KeyV1
	Facts         string `json:"facts"`          // the facts' names joined by "|", or ""
	Network       string `json:"network"`        // the social network of a profile address, or ""
	Handle        string `json:"handle"`         // the profile's handle, or ""
	Kind          string `json:"kind"`           // the kind of profile page, or ""
	RemovedParams string `json:"removed_params"` // the tracking parameters removed, "name=value" joined by "&"
}

// CleanRecord is what Clean makes of an address that it cleaned: the value of
// R's safe_parse_url (webaddress.Cleaned), with R's names as the JSON names.
type CleanRecord struct {
	OriginalURL string `json:"original_url"`
	Scheme      string `json:"scheme"`
	Host        string `json:"host"`
	Port        string `json:"port"`
	Path        string `json:"path"`
	Query       string `json:"query"`
	Fragment    string `json:"fragment"`
	User        string `json:"user"`
	Password    string `json:"password"`
	Domain      string `json:"domain"`
	TLD         string `json:"tld"`
	IsIPHost    bool   `json:"is_ip_host"`
	CleanURL    string `json:"clean_url"`
	ParseStatus string `json:"parse_status"` // "ok", "warning-no-tld", ...; never "error", which goes to the dead letters
}

// Group is one key of Dedupe: the key, how many inputs had it, and its
// representative.
type Group struct {
	Key   string `json:"key"`   // KeyV1
	Count int64  `json:"count"` // the number of inputs with the key, duplicates included
	// First is the representative: the smallest of the inputs with the
	// key in byte order, so that every run and runner picks the same one
	// (a PCollection has no order to pick "the first as read" by).
	First string `json:"first"`
}

// Failure is a dead-letter element: a value a transform could not use, and
// why.
type Failure struct {
	Input     string `json:"input"`      // the value as read
	Step      string `json:"step"`       // the operation that failed: "parse", "key" or "clean"
	ErrorCode string `json:"error_code"` // the error's code, such as "web.invalid-host" or "clean.unsupported-scheme"
	Error     string `json:"error"`      // the error's message, naming the code, the input and the reason
}

// The steps of Failure.
const (
	StepParse = "parse" // Parse: webaddress.Parse failed
	StepKey   = "key"   // KeyBy and Dedupe: webaddress.Parse failed, so there is no key
	StepClean = "clean" // Clean: webaddress.Clean failed
)

// The counters the transforms keep, in the namespace "webaddress": parsed and
// parse_failed (Parse), keyed and key_failed (KeyBy, Dedupe), cleaned and
// clean_failed (Clean). Runners show them as the job's metrics.
var (
	parsedCount      = beam.NewCounter("webaddress", "parsed")
	parseFailedCount = beam.NewCounter("webaddress", "parse_failed")
	keyedCount       = beam.NewCounter("webaddress", "keyed")
	keyFailedCount   = beam.NewCounter("webaddress", "key_failed")
	cleanedCount     = beam.NewCounter("webaddress", "cleaned")
	cleanFailedCount = beam.NewCounter("webaddress", "clean_failed")
)

func init() {
	beam.RegisterType(reflect.TypeFor[Record]())
	beam.RegisterType(reflect.TypeFor[CleanRecord]())
	beam.RegisterType(reflect.TypeFor[Group]())
	beam.RegisterType(reflect.TypeFor[Failure]())
	beam.RegisterType(reflect.TypeFor[dedupeAcc]())

	register.Function4x0(parseFn)
	register.Function4x0(keyFn)
	register.DoFn4x0[context.Context, string, func(CleanRecord), func(Failure)](&cleanFn{})
	register.Combiner2[dedupeAcc, string](&dedupeFn{})
	register.Function2x1(toGroup)

	register.Emitter1[Record]()
	register.Emitter1[CleanRecord]()
	register.Emitter1[Failure]()
	register.Emitter2[string, string]()
}

// failure makes the dead-letter element of input, whose step failed with
// err.
func failure(input, step string, err error) Failure {
	f := Failure{Input: input, Step: step, Error: err.Error()}
	var c interface{ Code() webaddress.Code }
	if errors.As(err, &c) {
		f.ErrorCode = string(c.Code())
	}
	return f
}

// Parse parses each address of col, a PCollection<string>, with
// webaddress.Parse. It returns a PCollection<Record> of the addresses that
// parsed and a PCollection<Failure> of those that did not (step "parse").
func Parse(s beam.Scope, col beam.PCollection) (records, failed beam.PCollection) {
	s = s.Scope("webaddress.Parse")
	return beam.ParDo2(s, parseFn, col)
}

// NewRecord returns the Record of an address that parsed.
func NewRecord(a webaddress.Address) Record {
	r := Record{
		Input:         a.Input(),
		Href:          a.URL().Href(),
		Canonical:     a.Canonical(),
		Key:           a.Key(webaddress.KeyV1),
		RemovedParams: strings.Join(a.RemovedParams(), "&"),
	}
	if f := a.Facts(); f != 0 {
		r.Facts = f.String()
	}
	if p, ok := a.Profile(); ok {
		r.Network, r.Handle, r.Kind = string(p.Network), p.Handle, p.Kind
	}
	return r
}

func parseFn(ctx context.Context, input string, emit func(Record), fail func(Failure)) {
	a, err := webaddress.Parse(input)
	if err != nil {
		parseFailedCount.Inc(ctx, 1)
		fail(failure(input, StepParse, err))
		return
	}
	parsedCount.Inc(ctx, 1)
	emit(NewRecord(a))
}

// KeyBy keys each address of col, a PCollection<string>, by its comparison
// key (webaddress.KeyV1). It returns a PCollection<KV<string, string>> of
// key and input for the addresses that parsed, and a PCollection<Failure> of
// those that did not (step "key").
func KeyBy(s beam.Scope, col beam.PCollection) (keyed, failed beam.PCollection) {
	s = s.Scope("webaddress.KeyBy")
	return beam.ParDo2(s, keyFn, col)
}

func keyFn(ctx context.Context, input string, emit func(string, string), fail func(Failure)) {
	a, err := webaddress.Parse(input)
	if err != nil {
		keyFailedCount.Inc(ctx, 1)
		fail(failure(input, StepKey, err))
		return
	}
	keyedCount.Inc(ctx, 1)
	emit(a.Key(webaddress.KeyV1), input)
}

// Dedupe groups the addresses of col, a PCollection<string>, by comparison
// key (webaddress.KeyV1). It returns a PCollection<Group> with one element
// per key, the number of inputs with it and its representative (the
// smallest input in byte order), and a PCollection<Failure> of the inputs
// that did not parse (step "key"), which are in no group.
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
// say from the Key field of Parse's records.
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

// Clean cleans each address of col, a PCollection<string>, with
// webaddress.Clean and opts, as R's safe_parse_url does. It returns a
// PCollection<CleanRecord> of the addresses it cleaned and a
// PCollection<Failure> of those it could not (step "clean"; the values
// safe_parse_url returns NULL for).
//
// Each worker keeps the results of up to 10,000 distinct inputs, so that
// values that repeat are cleaned once. Clean panics when opts is not valid
// (webaddress.CleanOptions.Validate), as Beam transforms do with mistakes
// found while the pipeline is built; set opts with CleanOptions.Set to get
// the error instead.
func Clean(s beam.Scope, col beam.PCollection, opts webaddress.CleanOptions) (records, failed beam.PCollection) {
	if err := opts.Validate(); err != nil {
		panic(fmt.Sprintf("webaddressbeam.Clean: the options are not valid: %v", err))
	}
	s = s.Scope("webaddress.Clean")
	return beam.ParDo2(s, &cleanFn{Options: opts}, col)
}

// cleanCacheSize is how many distinct inputs each cleanFn remembers.
const cleanCacheSize = 10_000

// cleanFn is the DoFn of Clean. Its exported fields are what the runner
// sends to the workers, as JSON: CleanOptions is small integers and an
// *int, which JSON keeps.
type cleanFn struct {
	Options webaddress.CleanOptions `json:"options"`

	cleaner *webaddress.Cleaner
}

// Setup makes the cleaner of the worker.
func (f *cleanFn) Setup() {
	f.cleaner = webaddress.NewCleaner(f.Options, cleanCacheSize)
}

// ProcessElement cleans one input.
func (f *cleanFn) ProcessElement(ctx context.Context, input string, emit func(CleanRecord), fail func(Failure)) {
	c, err := f.cleaner.Clean(input)
	if err != nil {
		cleanFailedCount.Inc(ctx, 1)
		fail(failure(input, StepClean, err))
		return
	}
	cleanedCount.Inc(ctx, 1)
	emit(NewCleanRecord(c))
}

// NewCleanRecord returns the CleanRecord of a value Clean cleaned.
func NewCleanRecord(c webaddress.Cleaned) CleanRecord {
	return CleanRecord{
		OriginalURL: c.Original,
		Scheme:      c.Scheme,
		Host:        c.Host,
		Port:        c.Port,
		Path:        c.Path,
		Query:       c.Query,
		Fragment:    c.Fragment,
		User:        c.User,
		Password:    c.Password,
		Domain:      c.Domain,
		TLD:         c.TLD,
		IsIPHost:    c.IsIPHost,
		CleanURL:    c.CleanURL,
		ParseStatus: string(c.Status),
	}
}
