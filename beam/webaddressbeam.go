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
// Parse, KeyBy and Dedupe read a value as the tool's parse, key and dedupe
// do, by [Options]: as a spreadsheet cell, through the library's
// messy-cell layer (package cells: placeholders such as "N/A", e-mail
// addresses, wrapped links, typos), unless Options.Raw; with KeyV3 keys at
// the level Options.By says (page by default, site, or owner: one group per
// organisation), unless Options.KeyVersion says the frozen KeyV1 or KeyV2.
// A cell the layer says is not an address is a dead letter with its code
// (web.placeholder, web.empty, web.email, web.email-free-mail,
// web.email-not-public, web.several-addresses). [SURT] keys URLs by their
// SURT key, the urlkey of web archives' CDX indexes. [Match] matches the
// rows of a list (leads) against those of a reference (accounts) by the
// rules of the tool's match command, a [Matched] a row; [MatchPairs] a
// Matched per matched pair, as its --all. A Value of several Cells (Read
// of "email,website") has them tried in order by all of them, as the
// tool's --column email,website.
//
// The elements are the library's own types: Parse gives webaddress.Address
// values, Clean clean.Cleaned ones (in a [Cleaned]), whose MarshalJSON
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
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/layer"
	"github.com/onecontact/webaddress/internal/records"
	"github.com/onecontact/webaddress/lists"
)

// A Value is a value read from a file, with where: what [Read] gives.
type Value struct {
	File string // the file's path, as matched
	Line int64  // the line the value's record starts on, from 1
	Text string // the value: the line, or the cell of the column (the first column's, of several)

	// Cells are the cells of the columns, in order, when Read read
	// several (ReadOptions.Column "email,website", for [Match]); nil when
	// one, Text's.
	Cells []string
}

// cells returns the cells of v: Cells, or Text alone.
func (v Value) cells() []string {
	if v.Cells != nil {
		return v.Cells
	}
	return []string{v.Text}
}

// Failure is a dead-letter element: a value a transform could not use, or
// a malformed record Read could not read, and why. It is the record the
// command-line tool writes to --rejects, written by [FailureJSON].
type Failure struct {
	Input     string // the value, or the text of the record's first line
	Step      string // StepRead, StepParse, StepKey, StepClean or StepSURT
	ErrorCode string // such as "record.bare-quote", "web.placeholder", "web.invalid-utf8", "clean.unsupported-scheme" or "surt.invalid-port"
	Error     string // the message, naming the code and what was wrong where
	File      string // the file it was read from; "" for a value of a PCollection<string>
	Line      int64  // the line it starts on, from 1; 0 for a value of a PCollection<string>
}

// Group is one key of Dedupe (or of DedupeKeyed, GroupAddresses): the
// columns key, count and first of the command-line tool's dedupe, written
// by [GroupJSON].
type Group struct {
	Key   string // the comparison key, or the SURT key
	Count int64  // the number of inputs with the key
	// First is the smallest of those inputs in byte order, so that every
	// run and runner picks the same.
	First string
	// Via is the places among the rows' cells of the columns the inputs'
	// keys came from (Dedupe of Values of several Cells, read with
	// ReadOptions.Column "email,website": 0 the first), in column order;
	// nil when the values have one cell, and for a group of its own.
	// [GroupJSONColumns] writes their names.
	Via []int
}

// Cleaned is a value Clean cleaned: a clean.Cleaned, whose fields and
// methods it has (c.CleanURL, c.MarshalJSON()). It wraps it because Beam
// cannot code clean.Cleaned's Err field (an error), which is always
// nil here: the values that failed are dead letters.
type Cleaned struct{ cleaned }

type cleaned = clean.Cleaned

// Value returns the clean.Cleaned.
func (c Cleaned) Value() clean.Cleaned { return c.cleaned }

// The steps of Failure.
const (
	StepRead  = records.StepRead  // Read: the record is malformed
	StepParse = records.StepParse // Parse: the value is not an address, or webaddress.Parse failed
	StepKey   = records.StepKey   // KeyBy and Dedupe: as StepParse, so there is no key
	StepClean = records.StepClean // Clean: clean.Clean failed
	StepSURT  = records.StepSURT  // SURT: surt.Key failed
)

// Options say how Parse, KeyBy and Dedupe read a value and key it. The zero
// value is the default of the webaddress command-line tool: the messy-cell
// layer, e-mail addresses made their domains' websites, KeyV3's page key.
type Options struct {
	// Raw parses each value exactly as webaddress.Parse does, without the
	// messy-cell layer (the tool's --raw): placeholders, e-mail addresses,
	// wrapped links and typos are read as URLs.
	Raw bool `json:"raw,omitempty"`
	// KeepEmails leaves an e-mail address one, a dead letter with
	// web.email, instead of making it its domain's website (the tool's
	// --keep-emails).
	KeepEmails bool `json:"keep_emails,omitempty"`
	// KeyVersion is the key of KeyBy and Dedupe (and of the records the
	// pipeline writes); zero is webaddress.KeyV3, at the level of By.
	// webaddress.KeyV1 and KeyV2 are the frozen keys, for keys stored
	// before.
	KeyVersion webaddress.KeyVersion `json:"key_version"`
	// By is the level of KeyV3's keys (the tool's --by): page (the zero
	// Level), site or owner. Site and owner make the key KeyV3's:
	// KeyVersion must then be zero or webaddress.KeyV3. By owner, an
	// address with no owner (a social network's page that is not a
	// profile, a URL shortener, a free-mail domain) is grouped in Dedupe
	// with the others of its site (its page), in a group with no key, so
	// that one site group lies in one owner group.
	By webaddress.Level `json:"by,omitempty"`
	// Keys are the user's own platforms and aliases of KeyV3's keys (the
	// tool's --platforms and --aliases); they make the key KeyV3's too.
	Keys webaddress.KeyOptions `json:"keys"`
	// MergeInvalid groups, in Dedupe, the addresses that are not public
	// websites (webaddress.FactNotPublicWebsite, FactNonWebScheme) by their
	// key as the others are; otherwise each is a group of its own (the
	// tool's --merge-invalid). The values that failed are dead letters
	// either way.
	MergeInvalid bool `json:"merge_invalid,omitempty"`
}

// checked returns o with its key version set, and panics, naming the
// transform, when the options are not ones the rules take (a level or
// the user's rules with a key version other than KeyV3, a version or
// level that does not exist, a platform or alias that is not a domain): a
// mistake found while the pipeline is built. The rules are the tool's
// (package lists).
func (o Options) checked(transform string) Options {
	if _, err := lists.NewRules(o.lists()); err != nil {
		panic(fmt.Sprintf("webaddressbeam.%s: %v", transform, err))
	}
	if o.KeyVersion == 0 {
		o.KeyVersion = webaddress.KeyV3
	}
	return o
}

// lists returns the options of the rules o reads and keys values by.
func (o Options) lists() lists.Options {
	return lists.Options{Raw: o.Raw, KeepEmails: o.KeepEmails, By: o.By, KeyVersion: o.KeyVersion, Keys: o.Keys, MergeInvalid: o.MergeInvalid}
}

// read reads v as the tool's parse, key and dedupe read a row of several
// columns (--column email,website), by package lists' rules
// (lists.Rules.Values): the first of v's cells that gives a key (an
// address that parsed, is a public website and, by owner, has an owner),
// else the first cell. A Value of one cell is its Text.
func read(r *lists.Rules, v Value) lists.Value {
	var buf [1]lists.Value
	return r.Values(buf[:0], v.cells())[0]
}

// The counters the transforms keep, in the namespace "webaddress": read,
// malformed and blank (Read), parsed and parse_failed (Parse), keyed and
// key_failed (KeyBy, Dedupe), cleaned and clean_failed (Clean), surt_keyed
// and surt_failed (SURT). Runners show them as the job's metrics.
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
	surtKeyedCount   = beam.NewCounter("webaddress", "surt_keyed")
	surtFailedCount  = beam.NewCounter("webaddress", "surt_failed")
)

func init() {
	beam.RegisterType(reflect.TypeFor[Value]())
	beam.RegisterType(reflect.TypeFor[Group]())
	beam.RegisterType(reflect.TypeFor[Failure]())
	beam.RegisterType(reflect.TypeFor[dedupeAcc]())
	beam.RegisterType(reflect.TypeFor[dedupeInput]())
	beam.RegisterCoder(reflect.TypeFor[webaddress.Address](), encodeAddress, decodeAddress)
	beam.RegisterCoder(reflect.TypeFor[Cleaned](), encodeCleaned, decodeCleaned)

	register.Function1x1(stringValue)
	register.DoFn4x0[context.Context, Value, func(webaddress.Address), func(Failure)](&parseFn{})
	register.DoFn4x0[context.Context, Value, func(string, string), func(Failure)](&keyFn{})
	register.DoFn5x0[context.Context, Value, func(string, dedupeInput), func(Group), func(Failure)](&dedupeKeyFn{})
	register.DoFn3x0[webaddress.Address, func(string, dedupeInput), func(Group)](&groupAddressFn{})
	register.DoFn4x0[context.Context, Value, func(Cleaned), func(Failure)](&cleanFn{})
	register.Function4x0(surtKey)
	register.Combiner2[dedupeAcc, dedupeInput](&dedupeFn{})
	register.Function2x1(toGroup)
	register.Function2x2(keyedInput)
	register.Function1x1(AddressJSON)
	register.Function1x1(CleanedJSON)
	register.Function1x1(FailureJSON)
	register.Function1x1(GroupJSON)
	register.Function2x1(SURTJSON)

	register.Emitter1[webaddress.Address]()
	register.Emitter1[Cleaned]()
	register.Emitter1[Failure]()
	register.Emitter1[Group]()
	register.Emitter1[Value]()
	register.Emitter2[string, string]()
	register.Emitter2[string, dedupeInput]()
}

// encodeAddress encodes an Address as its facts, its cell and the text that
// was parsed, the columns of its record that layer.FromRecord
// reads back; decodeAddress rebuilds it that way, as Address.UnmarshalJSON
// does (Parse and the messy-cell layer are deterministic), which gives the
// same Address.
func encodeAddress(a webaddress.Address) []byte {
	cell, text := a.Cell(), a.Input()
	b := binary.AppendUvarint(make([]byte, 0, 2+len(cell)+len(text)), uint64(a.Facts()))
	b = binary.AppendUvarint(b, uint64(len(cell)))
	b = append(b, cell...)
	return append(b, text...)
}

func decodeAddress(b []byte) (webaddress.Address, error) {
	facts, n := binary.Uvarint(b)
	if n <= 0 {
		return webaddress.Address{}, errors.New("webaddressbeam: decoding an Address: no facts")
	}
	b = b[n:]
	size, n := binary.Uvarint(b)
	if n <= 0 || size > uint64(len(b)-n) {
		return webaddress.Address{}, errors.New("webaddressbeam: decoding an Address: no cell")
	}
	cell, text := string(b[n:n+int(size)]), string(b[n+int(size):])
	a, err := layer.FromRecord[webaddress.Address](cell, text, facts)
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

// values returns col, a PCollection<string> or PCollection<Value>, as a
// PCollection<Value>.
func values(s beam.Scope, col beam.PCollection) beam.PCollection {
	if col.Type().Type() == reflect.TypeFor[Value]() {
		return col
	}
	return beam.ParDo(s, stringValue, col)
}

// stringValue is a value of a PCollection<string>: no file, no line.
func stringValue(text string) Value { return Value{Text: text} }

// failure returns the dead letter of a value that failed at step with err.
func failure(v Value, step string, err error) Failure {
	f := Failure(records.NewFailure(v.Text, step, err))
	f.File, f.Line = v.File, v.Line
	return f
}

// Parse parses each address of col, a PCollection<string> or
// PCollection<Value>, as opts say: by default through the messy-cell layer
// (cells.Parse: the Address's Cell is the value, its Input the
// text that was parsed), with Options.Raw by webaddress.Parse. It returns a
// PCollection<webaddress.Address> of the addresses and a
// PCollection<Failure> of the values that are not (step "parse": a
// placeholder, an e-mail address left as one, several addresses, a value
// Parse refuses), with their file and line when col has them.
// Options.KeyVersion and MergeInvalid do not change what Parse gives.
//
// A Value of several Cells (Read of several columns, "email,website") is
// read as the tool's parse reads --column email,website: the first cell
// that gives a key (an address that parsed, is a public website and, by
// owner (Options.By), has an owner), else the first; its Address's Cell
// says which. KeyBy and Dedupe read it so too.
func Parse(s beam.Scope, col beam.PCollection, opts Options) (addresses, failed beam.PCollection) {
	opts = opts.checked("Parse")
	s = s.Scope("webaddress.Parse")
	return beam.ParDo2(s, &parseFn{keyingFn{Options: opts}}, values(s, col))
}

// parseFn is the DoFn of Parse; its options travel to the workers as JSON.
type parseFn struct{ keyingFn }

// ProcessElement parses one value.
func (f *parseFn) ProcessElement(ctx context.Context, v Value, emit func(webaddress.Address), fail func(Failure)) {
	if r, ok := f.address(ctx, v, StepParse, parsedCount, parseFailedCount, fail); ok {
		emit(r.Address)
	}
}

// KeyBy keys each address of col, a PCollection<string> or
// PCollection<Value>, read as Parse reads it, by its comparison key of
// Options.KeyVersion (KeyV3 at the level of Options.By by default). It returns a
// PCollection<KV<string, string>> of key and value for the addresses, and a
// PCollection<Failure> of the values that are not (step "key"). Of a
// Value of several Cells, the value is the cell that gave the key.
func KeyBy(s beam.Scope, col beam.PCollection, opts Options) (keyed, failed beam.PCollection) {
	opts = opts.checked("KeyBy")
	s = s.Scope("webaddress.KeyBy")
	return beam.ParDo2(s, &keyFn{keyingFn{Options: opts}}, values(s, col))
}

// keyingFn is the options of a DoFn, which travel to the workers as JSON,
// and the worker's rules.
type keyingFn struct {
	Options Options `json:"options"`
	rules   *lists.Rules
}

// Setup makes the worker's rules.
func (f *keyingFn) Setup() error {
	var err error
	f.rules, err = lists.NewRules(f.Options.lists())
	return err
}

// address reads v by the worker's rules (read) and counts it, in done or
// failed: a value that is not an address goes to fail, a failure of step,
// and address reports false.
func (f *keyingFn) address(ctx context.Context, v Value, step string, done, failed beam.Counter, fail func(Failure)) (lists.Value, bool) {
	r := read(f.rules, v)
	if r.Err != nil {
		failed.Inc(ctx, 1)
		fail(failure(v, step, r.Err))
		return r, false
	}
	done.Inc(ctx, 1)
	return r, true
}

// keyFn is the DoFn of KeyBy.
type keyFn struct{ keyingFn }

// ProcessElement keys one value.
func (f *keyFn) ProcessElement(ctx context.Context, v Value, emit func(string, string), fail func(Failure)) {
	if r, ok := f.address(ctx, v, StepKey, keyedCount, keyFailedCount, fail); ok {
		emit(f.rules.Key(r.Address), r.Cell)
	}
}

// Dedupe groups the addresses of col, a PCollection<string> or
// PCollection<Value>, read as Parse reads them, by comparison key
// (Options.KeyVersion, KeyV3 at the level of Options.By by default). It
// returns a PCollection<Group>
// with one element per key, the number of inputs with it and its
// representative (the smallest input in byte order), and a
// PCollection<Failure> of the values that are not addresses (step "key"),
// which are in no group.
//
// It never merges what is not an address: the values that fail are dead
// letters, and an address that is not a public website
// (webaddress.FactNotPublicWebsite: localhost, a name with no public
// suffix) or not a website (FactNonWebScheme) is a group of its own, with
// its key (which another group may share), unless Options.MergeInvalid.
//
// A Value of several Cells (Read of several columns, "email,website") is
// grouped by the first cell that gives a key, as the tool's dedupe
// --column email,website groups a row (see Parse): a contact with no
// website but an e-mail address at acme.com is in acme.com's group. The
// cell is the group's input, and Group.Via says which columns the
// group's keys came from.
//
// The groups are combined (CombinePerKey), so a key that millions of inputs
// share costs a small accumulator, not a list of its inputs.
func Dedupe(s beam.Scope, col beam.PCollection, opts Options) (groups, failed beam.PCollection) {
	opts = opts.checked("Dedupe")
	s = s.Scope("webaddress.Dedupe")
	keyed, alone, failed := beam.ParDo3(s, &dedupeKeyFn{keyingFn{Options: opts}}, values(s, col))
	return beam.Flatten(s, combineGroups(s, keyed), alone), failed
}

// dedupeKeyFn is the first step of Dedupe: it keys each value, or sends it
// to the groups of their own or to the dead letters.
type dedupeKeyFn struct{ keyingFn }

// ProcessElement keys one value.
func (f *dedupeKeyFn) ProcessElement(ctx context.Context, v Value, emit func(string, dedupeInput), alone func(Group), fail func(Failure)) {
	if r, ok := f.address(ctx, v, StepKey, keyedCount, keyFailedCount, fail); ok {
		emitValue(&r, emit, alone)
	}
}

// emitValue sends v, a value that parsed, to its group, or to the groups
// of their own when it is apart.
func emitValue(v *lists.Value, emit func(string, dedupeInput), alone func(Group)) {
	if v.Apart != "" {
		alone(Group{Key: v.ShownKey(), Count: 1, First: v.Cell})
		return
	}
	emit(v.Key, dedupeInput{Input: v.Cell, Via: v.Via, Key: v.ShownKey()})
}

// GroupAddresses is Dedupe for the addresses Parse gave: it groups them by
// their key of Options.KeyVersion, each under its cell (Address.Cell), and
// makes an address that is not a public website, or not a website, a group
// of its own unless Options.MergeInvalid. Options.Raw and KeepEmails are
// Parse's, and play no part here.
func GroupAddresses(s beam.Scope, addresses beam.PCollection, opts Options) beam.PCollection {
	opts = opts.checked("GroupAddresses")
	s = s.Scope("webaddress.GroupAddresses")
	keyed, alone := beam.ParDo2(s, &groupAddressFn{keyingFn{Options: opts}}, addresses)
	return beam.Flatten(s, combineGroups(s, keyed), alone)
}

// groupAddressFn is the first step of GroupAddresses.
type groupAddressFn struct{ keyingFn }

// ProcessElement keys one address.
func (f *groupAddressFn) ProcessElement(a webaddress.Address, emit func(string, dedupeInput), alone func(Group)) {
	v := f.rules.ValueOf(a.Cell(), a, nil)
	emitValue(&v, emit, alone)
}

// DedupeKeyed is Dedupe after KeyBy: it takes a PCollection<KV<string,
// string>> of key and input, such as KeyBy and SURT return, and returns the
// PCollection<Group> of its keys. Every input is grouped by its key, but
// for the empty key (KeyBy's key of an address with no owner, by owner):
// inputs without a key are one group only when they are the same text, and
// their group shows the empty key. What is not an address is for the
// caller to have kept out.
func DedupeKeyed(s beam.Scope, keyed beam.PCollection) beam.PCollection {
	s = s.Scope("webaddress.DedupeKeyed")
	return combineGroups(s, beam.ParDo(s, keyedInput, keyed))
}

// combineGroups returns the groups of keyed, a KV<string, dedupeInput>.
func combineGroups(s beam.Scope, keyed beam.PCollection) beam.PCollection {
	return beam.ParDo(s, toGroup, beam.CombinePerKey(s, &dedupeFn{}, keyed))
}

// A dedupeInput is an input of a group, the place of the column its key
// came from (-1: none said), and the key its group shows.
type dedupeInput struct {
	Input string
	Via   int
	Key   string
}

// keyedInput is the input of a pair of DedupeKeyed: an input without a
// key is a group of its own text, so that no group holds every address
// with no owner.
func keyedInput(key, input string) (string, dedupeInput) {
	in := dedupeInput{Input: input, Via: -1, Key: key}
	if key == "" {
		key = "\x01" + input // no key begins with a control character
	}
	return key, in
}

// dedupeAcc is the accumulator of a key's inputs: the key its group
// shows, how many, the smallest, and the columns their keys came from, in
// order.
type dedupeAcc struct {
	Key   string
	First string
	Count int64
	Via   []int
}

// dedupeFn is the combiner of Dedupe: it counts a key's inputs and keeps
// the smallest. Its result does not depend on the order the runner adds
// and merges in.
type dedupeFn struct{}

// CreateAccumulator returns the accumulator of no input.
func (*dedupeFn) CreateAccumulator() dedupeAcc { return dedupeAcc{} }

// AddInput adds an input to a.
func (*dedupeFn) AddInput(a dedupeAcc, in dedupeInput) dedupeAcc {
	if a.Count == 0 || in.Input < a.First {
		a.First = in.Input
	}
	a.Key = in.Key
	a.Count++
	if in.Via >= 0 {
		a.Via = addVia(a.Via, in.Via)
	}
	return a
}

// addVia returns the places via with p, in order, each once; it never
// writes via's array, which another accumulator may share.
func addVia(via []int, p int) []int {
	if i, found := slices.BinarySearch(via, p); !found {
		via = slices.Insert(slices.Clip(via), i, p)
	}
	return via
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
	a.Key = b.Key
	a.Count += b.Count
	for _, p := range b.Via {
		a.Via = addVia(a.Via, p)
	}
	return a
}

// toGroup returns the group of key, which shows its inputs' key: none for
// the addresses with no owner by owner.
func toGroup(_ string, a dedupeAcc) Group {
	return Group{Key: a.Key, Count: a.Count, First: a.First, Via: a.Via}
}

// SURT keys each URL of col, a PCollection<string> or PCollection<Value>,
// by its SURT key (package github.com/onecontact/webaddress/surt: the
// urlkey of the Wayback Machine's, Common Crawl's and pywb's CDX indexes,
// byte for byte as surt 0.3.1 gives it). It returns a
// PCollection<KV<string, string>> of SURT key and URL, and a
// PCollection<Failure> of the URLs surt.Key refuses (step "surt", code
// surt.invalid-port or surt.blank). URLs are read as surt reads them, not
// through the messy-cell layer. [DedupeKeyed] groups the pairs by SURT
// key, and [SURTJSON] writes the tool's record of a pair.
func SURT(s beam.Scope, col beam.PCollection) (keyed, failed beam.PCollection) {
	s = s.Scope("webaddress.SURT")
	return beam.ParDo2(s, surtKey, values(s, col))
}

func surtKey(ctx context.Context, v Value, emit func(string, string), fail func(Failure)) {
	k := records.NewSURTKey(v.Text)
	if k.Err != nil {
		surtFailedCount.Inc(ctx, 1)
		fail(failure(v, StepSURT, k.Err))
		return
	}
	surtKeyedCount.Inc(ctx, 1)
	emit(k.Value, v.Text)
}

// Clean cleans each address of col, a PCollection<string> or
// PCollection<Value>, with clean.Clean and opts, as R's safe_parse_url
// does. It returns a PCollection<Cleaned> of the addresses it
// cleaned and a PCollection<Failure> of those it could not (step "clean";
// the values safe_parse_url returns NULL for).
//
// Each worker keeps the results of up to 10,000 distinct inputs, so that
// values that repeat are cleaned once. Clean panics when opts is not valid
// (clean.CleanOptions.Validate), as Beam transforms do with mistakes
// found while the pipeline is built; set opts with CleanOptions.Set to get
// the error instead.
func Clean(s beam.Scope, col beam.PCollection, opts clean.CleanOptions) (cleaned, failed beam.PCollection) {
	if err := opts.Validate(); err != nil {
		panic(fmt.Sprintf("webaddressbeam.Clean: the options are not valid: %v", err))
	}
	s = s.Scope("clean.Clean")
	return beam.ParDo2(s, &cleanFn{Options: opts}, values(s, col))
}

// cleanCacheSize is how many distinct inputs each worker's cleaner
// remembers.
const cleanCacheSize = 10_000

// cleanFn is the DoFn of Clean. Its exported field is what the runner sends
// to the workers, as JSON: CleanOptions is small integers and an *int,
// which JSON keeps.
type cleanFn struct {
	Options clean.CleanOptions `json:"options"`
	cleaner *clean.Cleaner
}

// Setup makes the cleaner of the worker.
func (f *cleanFn) Setup() { f.cleaner = clean.NewCleaner(f.Options, cleanCacheSize) }

// ProcessElement cleans one input.
func (f *cleanFn) ProcessElement(ctx context.Context, v Value, emit func(Cleaned), fail func(Failure)) {
	r, err := f.cleaner.Clean(v.Text)
	if err != nil {
		cleanFailedCount.Inc(ctx, 1)
		fail(failure(v, StepClean, err))
		return
	}
	cleanedCount.Inc(ctx, 1)
	emit(Cleaned{r})
}
