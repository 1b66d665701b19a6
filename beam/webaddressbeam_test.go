// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
)

// TestMain runs the pipelines of the tests on the SDK's local runner,
// Prism, in this process (ptest's default; --runner changes it).
func TestMain(m *testing.M) {
	ptest.Main(m)
}

func init() {
	register.Function2x1(kvText)
	register.Function1x1(statusNotError)
}

// statusNotError reports whether r is not an error, as no record of Clean
// should be.
func statusNotError(r Cleaned) bool { return r.Status != clean.StatusError && r.Err == nil }

// kvText writes a key and its value as one string, for passert.
func kvText(k, v string) string { return k + "\t" + v }

// failedValues are inputs that do not parse, with the code of each.
var failedValues = []string{
	"http://[::1",         // web.invalid-host
	"",                    // web.host-missing (Clean: clean.empty-input)
	"example.com:99999",   // web.invalid-port
	"https://",            // web.host-missing
	"http://exa mple.com", // web.invalid-host
}

// corpus returns a generated input: acme.com under the spellings of the
// issue, n sites each under three to five spellings (a scheme, "www.",
// case, a trailing "/", tracking parameters, a fragment, index.html), a
// few pages and IP hosts, and the failed values, twice each; shuffled with
// a fixed seed.
func corpus(n int) []string {
	in := []string{"WWW.Acme.com/?utm_source=x", "acme.com", "https://acme.com/"}
	for i := range n {
		host := fmt.Sprintf("site%d.co.uk", i)
		in = append(in,
			"WWW."+strings.ToUpper(host)+"/?utm_source=x",
			host,
			"https://"+host+"/",
		)
		if i%2 == 0 {
			in = append(in, "http://www."+host+"/index.html#top")
		}
		if i%3 == 0 {
			in = append(in, host+"/About/?utm_medium=email", "https://"+host+"/about")
		}
	}
	in = append(in, "github.com/golang", "https://twitter.com/NASA?s=20", "192.0.2.1:8080/x", "http://[2001:db8::1]/")
	for range 2 {
		in = append(in, failedValues...)
	}
	r := rand.New(rand.NewPCG(1, 2))
	r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
	return in
}

// want computes, without Beam, what the transforms should give for in,
// each element as its JSON line.
type want struct {
	records     []string // AddressJSON
	parseFailed []string // FailureJSON
	keyFailed   []string
	keyed       []string // "key\tinput"
	groups      []Group
}

// wanted computes what the transforms should give for in with opts: the
// library called in a loop (cells.Parse, or Parse with opts.Raw), what is not
// a public website a group of its own unless opts.MergeInvalid.
func wanted(t *testing.T, in []string, opts Options) want {
	t.Helper()
	v := opts.KeyVersion
	if v == 0 {
		v = webaddress.KeyV3
	}
	var w want
	byKey := map[string]*Group{}
	for _, in := range in {
		var a webaddress.Address
		var err error
		if opts.Raw {
			a, err = webaddress.Parse(in)
		} else {
			a, err = cells.Options{KeepEmails: opts.KeepEmails}.Parse(in)
		}
		if err != nil {
			var e *webaddress.Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q): %v is not a *webaddress.Error", in, err)
			}
			w.parseFailed = append(w.parseFailed, FailureJSON(Failure{Input: in, Step: StepParse, ErrorCode: string(e.Code()), Error: err.Error()}))
			w.keyFailed = append(w.keyFailed, FailureJSON(Failure{Input: in, Step: StepKey, ErrorCode: string(e.Code()), Error: err.Error()}))
			continue
		}
		b, _ := a.MarshalJSON()
		w.records = append(w.records, string(b))
		k := a.Key(v, webaddress.LevelPage)
		w.keyed = append(w.keyed, kvText(k, in))
		f := a.Facts()
		if !opts.MergeInvalid && (f.Has(webaddress.FactNotPublicWebsite) || f.Has(webaddress.FactNonWebScheme)) {
			w.groups = append(w.groups, Group{Key: k, Count: 1, First: in})
			continue
		}
		g := byKey[k]
		if g == nil {
			g = &Group{Key: k, First: in}
			byKey[k] = g
		}
		g.Count++
		g.First = min(g.First, in)
	}
	for _, g := range byKey {
		w.groups = append(w.groups, *g)
	}
	return w
}

// hasGroup reports whether groups has one with g's key, count and first.
func hasGroup(groups []Group, g Group) bool {
	return slices.ContainsFunc(groups, func(h Group) bool { return h.Key == g.Key && h.Count == g.Count && h.First == g.First })
}

// TestParse checks Parse's addresses and dead letters against
// webaddress.Parse called in a loop, and their counts.
func TestParse(t *testing.T) {
	in := append(corpus(40), messyValues...)
	for _, opts := range []Options{{}, {Raw: true}, {KeepEmails: true}} {
		w := wanted(t, in, opts)
		if len(w.parseFailed) < 2*len(failedValues) {
			t.Fatalf("%+v: %d failures, want %d at least: the failed values changed", opts, len(w.parseFailed), 2*len(failedValues))
		}

		p, s, col := ptest.CreateList(in)
		addresses, failed := Parse(s, col, opts)
		passert.Count(s, addresses, "addresses", len(in)-len(w.parseFailed))
		passert.Count(s, failed, "failed", len(w.parseFailed))
		passert.Equals(s, beam.ParDo(s, AddressJSON, addresses), anys(w.records)...)
		passert.Equals(s, beam.ParDo(s, FailureJSON, failed), anys(w.parseFailed)...)
		ptest.RunAndValidate(t, p)
	}
}

// messyValues are cells of a CRM export that the messy-cell layer reads
// (or refuses) and webaddress.Parse reads as URLs.
var messyValues = []string{
	"N/A", "n/a", "-", // placeholders: dead letters, not one address "n/a"
	"“Acme.com”", "\ufeffhttps://acme.com/", "http//acme.com", // acme.com
	"sales@acme.com", "jo@gmail.com", // an e-mail address at a free-mail domain stays one
	"https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fglobex.com%2F&data=05%7C01%7C&reserved=0",
	"acme.com, globex.com",                                               // several addresses
	"localhost:3000", "localhost:3000", "tel:+15550100", "tel:+15550100", // not public websites: groups of their own
	"acmebakery.wordpress.com", "zedplumbing.wordpress.com", // KeyV2 and KeyV3: two owners
}

// TestParseRecord checks the records of a few addresses, and that values
// with their place give their place to the dead letters.
func TestParseRecord(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	col := beam.Create(s,
		Value{File: "a.csv", Line: 2, Text: "WWW.Acme.com/?utm_source=x#a"},
		Value{File: "a.csv", Line: 3, Text: "github.com/golang"},
		Value{File: "a.csv", Line: 5, Text: "http://[::1"},
		Value{File: "b.csv", Line: 9, Text: "www.caf\xe9.fr"})
	addresses, failed := Parse(s, col, Options{})
	passert.Equals(s, beam.ParDo(s, AddressJSON, addresses),
		`{"input":"WWW.Acme.com/?utm_source=x#a","text":"WWW.Acme.com/?utm_source=x#a","href":"https://www.acme.com/?utm_source=x#a","canonical":"https://www.acme.com/","key":"acme.com","site":"acme.com","owner":"acme.com","owner_rule":"domain","domain":"acme.com","suffix":"com","subdomain":"www","facts":["scheme-assumed","tracking-parameters-removed","fragment-removed"],"network":null,"handle":null,"kind":null,"fields":{"host":[0,12],"path":[12,13],"query":[14,26],"fragment":[27,28]},"removed_params":["utm_source=x"],"error_code":null,"error":null}`,
		`{"input":"github.com/golang","text":"github.com/golang","href":"https://github.com/golang","canonical":"https://github.com/golang","key":"github.com/golang","site":"github.com/golang","owner":"github.com/golang","owner_rule":"profile","domain":"github.com","suffix":"com","subdomain":"","facts":["scheme-assumed","profile"],"network":"github","handle":"golang","kind":"user","fields":{"host":[0,10],"path":[10,17]},"removed_params":[],"error_code":null,"error":null}`)
	passert.Equals(s, beam.ParDo(s, FailureJSON, failed),
		`{"input":"http://[::1","step":"parse","error_code":"web.invalid-host","error":"web.invalid-host: \"http://[::1\": IPv6-unclosed at byte 7","file":"a.csv","line":5}`,
		`{"input":"www.caf\ufffd.fr","step":"parse","error_code":"web.invalid-utf8","error":"web.invalid-utf8: \"www.caf\\xe9.fr\": invalid UTF-8 at byte 7 (\"\\xe9\")","file":"b.csv","line":9,"invalid_utf8":["input"]}`)
	ptest.RunAndValidate(t, p)
}

// TestKeyBy checks KeyBy's pairs and dead letters, with each key version,
// and raw.
func TestKeyBy(t *testing.T) {
	in := append(corpus(20), messyValues...)
	for _, opts := range []Options{{}, {KeyVersion: webaddress.KeyV1}, {Raw: true, KeyVersion: webaddress.KeyV2}} {
		w := wanted(t, in, opts)
		p, s, col := ptest.CreateList(in)
		keyed, failed := KeyBy(s, col, opts)
		passert.Equals(s, beam.ParDo(s, kvText, keyed), anys(w.keyed)...)
		passert.Equals(s, beam.ParDo(s, FailureJSON, failed), anys(w.keyFailed)...)
		ptest.RunAndValidate(t, p)
	}
	w1, w2 := wanted(t, []string{"acmebakery.wordpress.com"}, Options{KeyVersion: webaddress.KeyV1}), wanted(t, []string{"acmebakery.wordpress.com"}, Options{})
	if w1.keyed[0] != "wordpress.com\tacmebakery.wordpress.com" || w2.keyed[0] != "acmebakery.wordpress.com\tacmebakery.wordpress.com" {
		t.Errorf("the key versions do not key a tenant as this test expects: %q, %q", w1.keyed, w2.keyed)
	}
}

// TestDedupe checks that the spellings of one page share a group, that each
// group has the smallest input and the count, and that the inputs that do
// not parse are dead letters.
func TestDedupe(t *testing.T) {
	in := corpus(60)
	w := wanted(t, in, Options{})
	acme := Group{Key: "acme.com", Count: 3, First: "WWW.Acme.com/?utm_source=x"}
	if !hasGroup(w.groups, acme) {
		t.Fatalf("the spellings of acme.com do not make the group %+v: the library's keys changed", acme)
	}
	// site0 has every spelling: four of the home page, two of /about.
	site0 := []Group{
		{Key: "site0.co.uk", Count: 4, First: "WWW.SITE0.CO.UK/?utm_source=x"},
		{Key: "site0.co.uk/about", Count: 2, First: "https://site0.co.uk/about"},
	}
	for _, g := range site0 {
		if !hasGroup(w.groups, g) {
			t.Fatalf("no group %+v: the library's keys changed", g)
		}
	}
	var total int64
	for _, g := range w.groups {
		total += g.Count
	}
	if total != int64(len(in)-len(w.keyFailed)) {
		t.Fatalf("the groups count %d inputs, want %d", total, len(in)-len(w.keyFailed))
	}
	var groups []string
	for _, g := range w.groups {
		groups = append(groups, GroupJSON(g))
	}

	p, s, col := ptest.CreateList(in)
	got, failed := Dedupe(s, col, Options{})
	passert.Count(s, got, "groups", len(w.groups))
	passert.Equals(s, beam.ParDo(s, GroupJSON, got), anys(groups)...)
	passert.Count(s, failed, "failed", 2*len(failedValues))
	passert.Equals(s, beam.ParDo(s, FailureJSON, failed), anys(w.keyFailed)...)
	ptest.RunAndValidate(t, p)
}

// TestDedupeHotKey runs 20,000 spellings of one key through Dedupe: one
// group, with the count and the smallest spelling.
func TestDedupeHotKey(t *testing.T) {
	var in []string
	for i := range 20_000 {
		in = append(in, fmt.Sprintf("https://www.hot.example/?utm_source=%05d", 19_999-i))
	}
	p, s, col := ptest.CreateList(in)
	groups, failed := Dedupe(s, col, Options{Raw: true}) // hot.example is a reserved name: raw, it is an address like any other
	passert.Equals(s, beam.ParDo(s, GroupJSON, groups), `{"key":"hot.example","count":20000,"first":"https://www.hot.example/?utm_source=00000"}`)
	passert.Empty(s, failed)
	ptest.RunAndValidate(t, p)
}

// TestDedupeMessy checks that Dedupe never merges what is not an address:
// the placeholders are dead letters, each value that is not a public
// website (localhost, tel:) a group of its own unless MergeInvalid; and
// that the spellings of acme.com the layer reads make one group.
func TestDedupeMessy(t *testing.T) {
	for _, opts := range []Options{{}, {MergeInvalid: true}, {Raw: true}, {KeyVersion: webaddress.KeyV1}} {
		w := wanted(t, messyValues, opts)
		var groups []string
		for _, g := range w.groups {
			groups = append(groups, GroupJSON(g))
		}
		p, s, col := ptest.CreateList(messyValues)
		got, failed := Dedupe(s, col, opts)
		passert.Equals(s, beam.ParDo(s, GroupJSON, got), anys(groups)...)
		passert.Equals(s, beam.ParDo(s, FailureJSON, failed), anys(w.keyFailed)...)
		ptest.RunAndValidate(t, p)

		var lone int
		for _, g := range groups {
			if strings.HasPrefix(g, `{"key":"localhost:3000",`) {
				lone++
			}
		}
		switch {
		case opts.MergeInvalid || opts.Raw:
			if lone != 1 {
				t.Errorf("%+v: %d groups of localhost:3000, want 1: %q", opts, lone, groups)
			}
		default:
			if lone != 2 {
				t.Errorf("%+v: %d groups of localhost:3000, want 2 (each alone): %q", opts, lone, groups)
			}
			if !slices.Contains(groups, `{"key":"acme.com","count":4,"first":"http//acme.com"}`) {
				t.Errorf("%+v: no group of the 4 spellings of acme.com: %q", opts, groups)
			}
		}
	}
}

// TestSURT checks SURT's pairs and dead letters, and the groups of the
// pairs by SURT key.
func TestSURT(t *testing.T) {
	in := []string{"http://www.Example.com/B/?b=2&a=1#x", "https://example.com/b?a=1&b=2", "", "http://x.example:99999/", " \t", "example.com:8080/x"}
	p, s, col := ptest.CreateList(in)
	keyed, failed := SURT(s, col)
	passert.Equals(s, beam.ParDo(s, kvText, keyed),
		"com,example)/b?a=1&b=2\thttp://www.Example.com/B/?b=2&a=1#x",
		"com,example)/b?a=1&b=2\thttps://example.com/b?a=1&b=2",
		"-\t",
		"example.com:8080/x\texample.com:8080/x")
	passert.Equals(s, beam.ParDo(s, FailureJSON, failed),
		`{"input":"http://x.example:99999/","step":"surt","error_code":"surt.invalid-port","error":"surt.Key(\"http://x.example:99999/\"): port is not a number from 0 to 65535 (at \"99999\")","file":null,"line":null}`,
		`{"input":" \t","step":"surt","error_code":"surt.blank","error":"surt.Key(\" \\t\"): input is only white space","file":null,"line":null}`)
	passert.Equals(s, beam.ParDo(s, GroupJSON, DedupeKeyed(s, keyed)),
		`{"key":"com,example)/b?a=1&b=2","count":2,"first":"http://www.Example.com/B/?b=2&a=1#x"}`,
		`{"key":"-","count":1,"first":""}`,
		`{"key":"example.com:8080/x","count":1,"first":"example.com:8080/x"}`)
	passert.Equals(s, beam.ParDo(s, SURTJSON, keyed),
		`{"input":"http://www.Example.com/B/?b=2&a=1#x","surt":"com,example)/b?a=1&b=2","error_code":null,"error":null}`,
		`{"input":"https://example.com/b?a=1&b=2","surt":"com,example)/b?a=1&b=2","error_code":null,"error":null}`,
		`{"input":"","surt":"-","error_code":null,"error":null}`,
		`{"input":"example.com:8080/x","surt":"example.com:8080/x","error_code":null,"error":null}`)
	ptest.RunAndValidate(t, p)
}

// TestOptionsInvalid checks that a key version the library does not know
// is refused while the pipeline is built, naming the transform.
func TestOptionsInvalid(t *testing.T) {
	defer func() {
		if msg := fmt.Sprint(recover()); !strings.Contains(msg, "webaddressbeam.Dedupe: lists: Options.KeyVersion 9 is not a key version") {
			t.Errorf("panic %q, want one naming the key version", msg)
		}
	}()
	_, s, col := ptest.CreateList([]string{"example.com"})
	Dedupe(s, col, Options{KeyVersion: 9})
}

// TestOptionsEncoding checks that Options survive the JSON encoding that
// carries a DoFn's fields to the workers.
func TestOptionsEncoding(t *testing.T) {
	fn := &dedupeKeyFn{keyingFn{Options: Options{Raw: true, KeepEmails: true, KeyVersion: webaddress.KeyV1, MergeInvalid: true}}}
	data, err := json.Marshal(fn)
	if err != nil {
		t.Fatal(err)
	}
	var got dedupeKeyFn
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Options, fn.Options) {
		t.Errorf("%s decodes as %+v, want %+v", data, got.Options, fn.Options)
	}
	// KeyV3's options too: the level and the user's platforms and aliases.
	fn = &dedupeKeyFn{keyingFn{Options: Options{KeyVersion: webaddress.KeyV3, By: webaddress.LevelOwner,
		Keys: webaddress.KeyOptions{Platforms: []string{"<name>.shops.example.net"}, Aliases: map[string]string{"acme.de": "acme.com"}}}}}
	if data, err = json.Marshal(fn); err != nil {
		t.Fatal(err)
	}
	got = dedupeKeyFn{}
	if err := json.Unmarshal(data, &got); err != nil || !reflect.DeepEqual(got.Options, fn.Options) {
		t.Errorf("%s decodes as %+v (%v), want %+v", data, got.Options, err, fn.Options)
	}
}

// TestDedupeFn checks the combiner alone: whatever the order the inputs are
// added in and the accumulators merged in, the result is the same, the
// columns the keys came from in order.
func TestDedupeFn(t *testing.T) {
	in := []dedupeInput{{"b", 1, "k"}, {"a", -1, "k"}, {"c", 0, "k"}, {"a", 1, "k"}, {"B", -1, "k"}, {"bb", 2, "k"}}
	f := &dedupeFn{}
	wantAcc := dedupeAcc{Key: "k", First: "B", Count: 6, Via: []int{0, 1, 2}}
	r := rand.New(rand.NewPCG(3, 4))
	for range 50 {
		r.Shuffle(len(in), func(i, j int) { in[i], in[j] = in[j], in[i] })
		split := r.IntN(len(in) + 1)
		a, b := f.CreateAccumulator(), f.CreateAccumulator()
		for _, v := range in[:split] {
			a = f.AddInput(a, v)
		}
		for _, v := range in[split:] {
			b = f.AddInput(b, v)
		}
		if got := f.MergeAccumulators(a, b); !reflect.DeepEqual(got, wantAcc) {
			t.Fatalf("%v split at %d: %+v, want %+v", in, split, got, wantAcc)
		}
		if got := f.MergeAccumulators(b, a); !reflect.DeepEqual(got, wantAcc) {
			t.Fatalf("%v split at %d, merged the other way: %+v, want %+v", in, split, got, wantAcc)
		}
	}
	if got := f.MergeAccumulators(f.CreateAccumulator(), f.CreateAccumulator()); !reflect.DeepEqual(got, dedupeAcc{}) {
		t.Errorf("merging two empty accumulators: %+v", got)
	}
}

// cleanOptions are options other than the defaults, one of them a pointer,
// so that TestClean sees them reach the workers.
func cleanOptions(t *testing.T) clean.CleanOptions {
	var opts clean.CleanOptions
	for _, o := range [][2]string{
		{"www_handling", "strip"},
		{"trailing_slash_handling", "strip"},
		{"protocol_handling", "https"},
		{"subdomain_levels_to_keep", "1"},
	} {
		if err := opts.Set(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	return opts
}

// TestClean checks Clean's records and dead letters against clean.Clean
// called in a loop, with options other than the defaults.
func TestClean(t *testing.T) {
	opts := cleanOptions(t)
	in := append(corpus(20), "mailto:a@example.com", "//cdn.example.com/x", "a.b.c.example.com/Shop/")
	var wantRecords, wantFailed []any
	for _, v := range in {
		c, err := clean.Clean(v, opts)
		if err != nil {
			var ce *webaddress.Error
			if !errors.As(err, &ce) {
				t.Fatalf("Clean(%q): %v is not a *webaddress.Error", v, err)
			}
			wantFailed = append(wantFailed, FailureJSON(Failure{Input: v, Step: StepClean, ErrorCode: string(ce.Code()), Error: err.Error()}))
			continue
		}
		b, _ := c.MarshalJSON()
		wantRecords = append(wantRecords, string(b))
	}
	if c, _ := clean.Clean("a.b.c.example.com/Shop/", opts); c.CleanURL != "https://c.example.com/Shop" {
		t.Fatalf("the options do not clean as this test expects: %q", c.CleanURL)
	}

	p, s, col := ptest.CreateList(in)
	records, failed := Clean(s, col, opts)
	passert.Count(s, records, "records", len(wantRecords))
	passert.Equals(s, beam.ParDo(s, CleanedJSON, records), wantRecords...)
	passert.Equals(s, beam.ParDo(s, FailureJSON, failed), wantFailed...)
	passert.True(s, records, statusNotError)
	ptest.RunAndValidate(t, p)
}

// TestCleanInvalidOptions checks that Clean refuses options out of range
// when the pipeline is built, and says which.
func TestCleanInvalidOptions(t *testing.T) {
	defer func() {
		msg := fmt.Sprint(recover())
		if !strings.Contains(msg, "webaddressbeam.Clean: the options are not valid") || !strings.Contains(msg, string(clean.CodeInvalidOption)) {
			t.Errorf("panic %q, want one naming the invalid option", msg)
		}
	}()
	_, s, col := ptest.CreateList([]string{"example.com"})
	Clean(s, col, clean.CleanOptions{WWW: 200})
}

// TestCleanFnEncoding checks that the options of Clean survive the JSON
// encoding that carries a DoFn's fields to the workers.
func TestCleanFnEncoding(t *testing.T) {
	fn := &cleanFn{Options: cleanOptions(t)}
	data, err := json.Marshal(fn)
	if err != nil {
		t.Fatal(err)
	}
	var got cleanFn
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Options, fn.Options) {
		t.Errorf("%s decodes as %+v, want %+v", data, got.Options, fn.Options)
	}
}

// anys returns the elements of s as []any, as passert.Equals takes them.
func anys[T any](s []T) []any {
	out := make([]any, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// TestDedupeByLevel groups a contact list by owner and by site (KeyV3's
// levels), with an alias of the user's: an address with no owner is
// grouped by owner with the copies of its site (its page), under no key,
// so that one site group lies in one owner group.
func TestDedupeByLevel(t *testing.T) {
	in := []string{"WWW.Acme.com/?utm_source=crm", "https://shop.acme.com/cart", "acme.de/impressum",
		"acmebakery.wordpress.com", "zedplumbing.wordpress.com/contact", "ci.lubbock.tx.us", "co.lubbock.tx.us/parks",
		"linkedin.com/company/acme/about", "https://www.linkedin.com/company/acme", "linkedin.com/feed", "bit.ly/x1", "bit.ly/x2", "https://bit.ly/x1"}
	byOwner := []Group{
		{Key: "acme.com", Count: 3, First: "WWW.Acme.com/?utm_source=crm"},
		{Key: "acmebakery.wordpress.com", Count: 1, First: "acmebakery.wordpress.com"},
		{Key: "zedplumbing.wordpress.com", Count: 1, First: "zedplumbing.wordpress.com/contact"},
		{Key: "ci.lubbock.tx.us", Count: 1, First: "ci.lubbock.tx.us"},
		{Key: "co.lubbock.tx.us", Count: 1, First: "co.lubbock.tx.us/parks"},
		{Key: "linkedin.com/company/acme", Count: 2, First: "https://www.linkedin.com/company/acme"},
		{Key: "", Count: 1, First: "linkedin.com/feed"},
		{Key: "", Count: 2, First: "bit.ly/x1"},
		{Key: "", Count: 1, First: "bit.ly/x2"},
	}
	bySite := []Group{
		{Key: "acme.com", Count: 1, First: "WWW.Acme.com/?utm_source=crm"},
		{Key: "shop.acme.com", Count: 1, First: "https://shop.acme.com/cart"},
		{Key: "acme.de", Count: 1, First: "acme.de/impressum"},
		{Key: "acmebakery.wordpress.com", Count: 1, First: "acmebakery.wordpress.com"},
		{Key: "zedplumbing.wordpress.com", Count: 1, First: "zedplumbing.wordpress.com/contact"},
		{Key: "ci.lubbock.tx.us", Count: 1, First: "ci.lubbock.tx.us"},
		{Key: "co.lubbock.tx.us", Count: 1, First: "co.lubbock.tx.us/parks"},
		{Key: "linkedin.com/company/acme", Count: 2, First: "https://www.linkedin.com/company/acme"},
		// Without owner, the site is the page: a site lies in one owner.
		{Key: "linkedin.com/feed", Count: 1, First: "linkedin.com/feed"},
		{Key: "bit.ly/x1", Count: 2, First: "bit.ly/x1"},
		{Key: "bit.ly/x2", Count: 1, First: "bit.ly/x2"},
	}
	for _, tt := range []struct {
		opts Options
		want []Group
	}{
		{Options{By: webaddress.LevelOwner, Keys: webaddress.KeyOptions{Aliases: map[string]string{"acme.de": "acme.com"}}}, byOwner},
		{Options{By: webaddress.LevelSite, KeyVersion: webaddress.KeyV3}, bySite},
	} {
		var want []string
		for _, g := range tt.want {
			want = append(want, GroupJSON(g))
		}
		p, s, col := ptest.CreateList(in)
		got, failed := Dedupe(s, col, tt.opts)
		passert.Equals(s, beam.ParDo(s, GroupJSON, got), anys(want)...)
		passert.Empty(s, failed)
		ptest.RunAndValidate(t, p)
	}
	// Levels are KeyV3's.
	defer func() {
		if msg := fmt.Sprint(recover()); !strings.Contains(msg, "Options.By and Options.Keys are KeyV3's, not KeyV2") {
			t.Errorf("panic %q, want one naming the key version", msg)
		}
	}()
	_, s, col := ptest.CreateList([]string{"example.com"})
	Dedupe(s, col, Options{By: webaddress.LevelSite, KeyVersion: webaddress.KeyV2})
}

// TestDedupeKeyedNoOwner checks that KeyBy then DedupeKeyed, by owner, does
// not make one group of the addresses with no owner (their key is empty):
// only the same text is one group.
func TestDedupeKeyedNoOwner(t *testing.T) {
	in := []string{"linkedin.com/feed", "bit.ly/x1", "bit.ly/x1", "bit.ly/x2", "WWW.Acme.com", "acme.com/about"}
	p, s, col := ptest.CreateList(in)
	keyed, failed := KeyBy(s, col, Options{By: webaddress.LevelOwner})
	passert.Empty(s, failed)
	passert.Equals(s, beam.ParDo(s, GroupJSON, DedupeKeyed(s, keyed)),
		`{"key":"","count":1,"first":"linkedin.com/feed"}`,
		`{"key":"","count":2,"first":"bit.ly/x1"}`,
		`{"key":"","count":1,"first":"bit.ly/x2"}`,
		`{"key":"acme.com","count":2,"first":"WWW.Acme.com"}`)
	ptest.RunAndValidate(t, p)
}

// contacts are the rows of the tool's script test of several columns
// (email, then website) and two more: Ann's e-mail is free-mail, so her
// website gives her key; Bob and Cid have no website, so their e-mail
// addresses do (Cid is Acme's); Dee's cells are placeholders; Fay's
// network page has no owner, and her empty website no key; Gus's
// e-mail gives his key before his network page.
var contacts = []Value{
	{File: "contacts.csv", Line: 2, Text: "ann@gmail.com", Cells: []string{"ann@gmail.com", "https://www.acme.com/"}},
	{File: "contacts.csv", Line: 3, Text: "bob@globex.com", Cells: []string{"bob@globex.com", ""}},
	{File: "contacts.csv", Line: 4, Text: "cid@acme.com", Cells: []string{"cid@acme.com", ""}},
	{File: "contacts.csv", Line: 5, Text: "N/A", Cells: []string{"N/A", "n/a"}},
	{File: "contacts.csv", Line: 6, Text: "", Cells: []string{"", "acme.com/contact"}},
	{File: "contacts.csv", Line: 7, Text: "linkedin.com/feed", Cells: []string{"linkedin.com/feed", ""}},
	{File: "contacts.csv", Line: 8, Text: "gus@hooli.com", Cells: []string{"gus@hooli.com", "linkedin.com/feed"}},
}

func addressCell(a webaddress.Address) string { return a.Cell() }

func groupColumnsJSON(g Group) string { return GroupJSONColumns(g, []string{"email", "website"}) }

func init() {
	register.Function1x1(addressCell)
	register.Function1x1(groupColumnsJSON)
}

// TestDedupeColumns groups rows of two columns by owner as the tool's
// dedupe --column email,website does: by the first column that gives a
// key, the groups saying which columns their keys came from; Parse and
// KeyBy read the same cell. A row of no key is a dead letter, with its
// first cell's code; a row whose first cell has no owner and the other
// no key is a group of its own, with no key and no column.
func TestDedupeColumns(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	col := beam.CreateList(s, contacts)
	opts := Options{By: webaddress.LevelOwner}
	groups, failed := Dedupe(s, col, opts)
	passert.Equals(s, beam.ParDo(s, groupColumnsJSON, groups),
		`{"key":"acme.com","count":3,"first":"acme.com/contact","via":"email,website"}`,
		`{"key":"globex.com","count":1,"first":"bob@globex.com","via":"email"}`,
		`{"key":"hooli.com","count":1,"first":"gus@hooli.com","via":"email"}`,
		`{"key":"","count":1,"first":"linkedin.com/feed","via":null}`,
	)
	placeholder := `{"input":"N/A","step":"key","error_code":"web.placeholder","error":"web.placeholder: \"N/A\": \"N/A\" is a placeholder, not an address","file":"contacts.csv","line":5}`
	passert.Equals(s, beam.ParDo(s, FailureJSON, failed), placeholder)
	keyed, keyFailed := KeyBy(s, col, opts)
	passert.Equals(s, beam.ParDo(s, kvText, keyed),
		"acme.com\thttps://www.acme.com/", "globex.com\tbob@globex.com", "acme.com\tcid@acme.com",
		"acme.com\tacme.com/contact", "\tlinkedin.com/feed", "hooli.com\tgus@hooli.com")
	passert.Equals(s, beam.ParDo(s, FailureJSON, keyFailed), placeholder)
	addresses, _ := Parse(s, col, opts)
	passert.Equals(s, beam.ParDo(s, addressCell, addresses),
		"https://www.acme.com/", "bob@globex.com", "cid@acme.com", "acme.com/contact", "linkedin.com/feed", "gus@hooli.com")
	// One column: no via, the record of before.
	one, _ := Dedupe(s, beam.CreateList(s, []string{"acme.com", "www.acme.com"}), opts)
	passert.Equals(s, beam.ParDo(s, groupColumnsJSON, one), `{"key":"acme.com","count":2,"first":"acme.com","via":null}`)
	passert.Equals(s, beam.ParDo(s, GroupJSON, one), `{"key":"acme.com","count":2,"first":"acme.com"}`)
	ptest.RunAndValidate(t, p)
}
