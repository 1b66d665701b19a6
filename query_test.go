// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// pairs builds a []param from name, value, name, value, ...
func pairs(nv ...string) []param {
	if len(nv) == 0 {
		return nil
	}
	ps := make([]param, 0, len(nv)/2)
	for i := 0; i+1 < len(nv); i += 2 {
		ps = append(ps, param{nv[i], nv[i+1]})
	}
	return ps
}

var parseSearchParamsTests = []struct {
	in   string
	want []param
}{
	// The cases of wpt url/urlencoded-parser.any.js.
	{"test", pairs("test", "")},
	{"\uFEFFtest=\uFEFF", pairs("\uFEFFtest", "\uFEFF")},
	// "UTF-8 decode without BOM" keeps a BOM.
	{"%EF%BB%BFtest=%EF%BB%BF", pairs("\uFEFFtest", "\uFEFF")},
	{"%EF%BF%BF=%EF%BF%BF", pairs("\uFFFF", "\uFFFF")},
	{"%FE%FF", pairs("\uFFFD\uFFFD", "")},
	{"%FF%FE", pairs("\uFFFD\uFFFD", "")},
	{"†&†=x", pairs("†", "", "†", "x")},
	{"%C2", pairs("\uFFFD", "")},
	{"%C2x", pairs("\uFFFDx", "")},
	{"_charset_=windows-1252&test=%C2x", pairs("_charset_", "windows-1252", "test", "\uFFFDx")},
	{"", nil},
	{"a", pairs("a", "")},
	{"a=b", pairs("a", "b")},
	{"a=", pairs("a", "")},
	{"=b", pairs("", "b")},
	{"&", nil},
	{"&a", pairs("a", "")},
	{"a&", pairs("a", "")},
	{"a&a", pairs("a", "", "a", "")},
	{"a&b&c", pairs("a", "", "b", "", "c", "")},
	{"a=b&c=d", pairs("a", "b", "c", "d")},
	{"a=b&c=d&", pairs("a", "b", "c", "d")},
	{"&&&a=b&&&&c=d&", pairs("a", "b", "c", "d")},
	{"a=a&a=b&a=c", pairs("a", "a", "a", "b", "a", "c")},
	{"a==a", pairs("a", "=a")},
	{"a=a+b+c+d", pairs("a", "a b c d")},
	{"%=a", pairs("%", "a")},
	{"%a=a", pairs("%a", "a")},
	{"%a_=a", pairs("%a_", "a")},
	{"%61=a", pairs("a", "a")},
	{"%61+%4d%4D=", pairs("a MM", "")},
	{"id=0&value=%", pairs("id", "0", "value", "%")},
	{"b=%2sf%2a", pairs("b", "%2sf*")},
	{"b=%2%2af%2a", pairs("b", "%2*f*")},
	{"b=%%2a", pairs("b", "%*")},

	// The constructor removes one leading "?", and only one.
	{"?", nil},
	{"?a=b", pairs("a", "b")},
	{"??a=b", pairs("?a", "b")},
	{"a=?b", pairs("a", "?b")},
	// Empty pairs and lone "=".
	{"&&", nil},
	{"=", pairs("", "")},
	{"==", pairs("", "=")},
	{"&=&", pairs("", "")},
	// "+" is a space; "%2B" is a plus; "%20" is a space too.
	{"+", pairs(" ", "")},
	{"a+b=c+d", pairs("a b", "c d")},
	{"a=%2B", pairs("a", "+")},
	{"a=%2b+%20", pairs("a", "+  ")},
	{"%2B=%2B%2B", pairs("+", "++")},
	// The note's "?a=b ~" after the URL parser ("?a=b%20~"), and
	// "?a=~&b=%7E".
	{"?a=b%20~", pairs("a", "b ~")},
	{"?a=~&b=%7E", pairs("a", "~", "b", "~")},
	// The percent-decode examples of the URL Standard: malformed escapes stay.
	{"%25%s%1G", pairs("%%s%1G", "")},
	{"‽%25%2E", pairs("‽%.", "")},
	{"a=%", pairs("a", "%")},
	{"a=%4", pairs("a", "%4")},
	{"a=%G0", pairs("a", "%G0")},
	{"a=%%41", pairs("a", "%A")},
	// "+" is replaced before percent-decoding, so "%+" is not an escape.
	{"a=%+41", pairs("a", "% 41")},
	// Percent-decoded UTF-8.
	{"a=%C3%A9%E2%82%AC%F0%9F%92%A9", pairs("a", "é€💩")},
	{"q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88", pairs("q", "🏳️‍🌈")},
	// Percent-decoded bytes that are not UTF-8: one U+FFFD per maximal
	// subpart (Encoding Standard UTF-8 decoder).
	{"a=%FF", pairs("a", "\uFFFD")},
	{"a=%80", pairs("a", "\uFFFD")},
	{"a=%C0%80", pairs("a", "\uFFFD\uFFFD")},          // C0 never leads
	{"a=%C2%41", pairs("a", "\uFFFDA")},               // continuation missing
	{"a=%E0%80x", pairs("a", "\uFFFD\uFFFDx")},        // E0 needs A0..BF
	{"a=%E2%82", pairs("a", "\uFFFD")},                // truncated: one subpart
	{"a=%E2%82x", pairs("a", "\uFFFDx")},              // truncated: one subpart
	{"a=%ED%A0%80", pairs("a", "\uFFFD\uFFFD\uFFFD")}, // surrogate
	{"a=%F0%90%80", pairs("a", "\uFFFD")},             // truncated 4-byte
	{"a=%F0%90%80%F0%9F%92%A9", pairs("a", "\uFFFD💩")},
	{"a=%F4%90%80%80", pairs("a", "\uFFFD\uFFFD\uFFFD\uFFFD")}, // above U+10FFFF
	{"a=%F5%80", pairs("a", "\uFFFD\uFFFD")},
	{"a=x%FFy%FE", pairs("a", "x\uFFFDy\uFFFD")},
	// Invalid UTF-8 written raw is not a scalar value string: each byte is
	// replaced before parsing, so it cannot join a percent-encoded byte.
	{"a=\xff", pairs("a", "\uFFFD")},
	{"a=\xC3%A9", pairs("a", "\uFFFD\uFFFD")},
	{"\xE2\x82=x", pairs("\uFFFD\uFFFD", "x")},
	// Other raw non-ASCII passes through.
	{"q=🏳️‍🌈&key=e1f7bc78", pairs("q", "🏳️‍🌈", "key", "e1f7bc78")},
	// Bytes the serializer would encode are taken as they are.
	{"a=b c~!'()*#", pairs("a", "b c~!'()*#")},
	{"a=\x00\t\n", pairs("a", "\x00\t\n")},
}

func TestParseSearchParams(t *testing.T) {
	for _, tt := range parseSearchParamsTests {
		got := ParseSearchParams(tt.in)
		if !slices.Equal(got.params(), tt.want) {
			t.Errorf("ParseSearchParams(%q) = %q, want %q", tt.in, got.params(), tt.want)
		}
		if got.Len() != len(tt.want) {
			t.Errorf("ParseSearchParams(%q).Len() = %d, want %d", tt.in, got.Len(), len(tt.want))
		}
		// Serializing and parsing again gives the same list.
		again := ParseSearchParams(got.String())
		if !slices.Equal(again.params(), tt.want) {
			t.Errorf("ParseSearchParams(%q): round trip through %q = %q, want %q", tt.in, got.String(), again.params(), tt.want)
		}
	}
}

var searchParamsStringTests = []struct {
	in, want string
}{
	{"", ""},
	{"?", ""},
	{"&&", ""},
	{"=", "="},
	{"a", "a="},
	{"a=", "a="},
	{"=b", "=b"},
	{"a=b&c=d", "a=b&c=d"},
	{"&&&a=b&&&&c=d&", "a=b&c=d"},
	// The note in the URL Standard: "?a=b ~" is "?a=b%20~" after the URL
	// parser, and URLSearchParams writes it "a=b+%7E".
	{"?a=b%20~", "a=b+%7E"},
	{"a=~&b=%7E", "a=%7E&b=%7E"},
	// "+" and "%20" both read as a space and are written "+"; a plus is
	// written "%2B".
	{"a=b+c%20d", "a=b+c+d"},
	{"a=%2B", "a=%2B"},
	{"+=+", "+=+"},
	// Malformed escapes are kept, so their "%" is encoded.
	{"%25%s%1G", "%25%25s%251G="},
	{"b=%2sf%2a", "b=%252sf*"},
	{"b=%2%2af%2a", "b=%252*f*"},
	{"b=%%2a", "b=%25*"},
	{"id=0&value=%", "id=0&value=%25"},
	// Lower-case escapes come out upper-case; needless ones are removed.
	{"a=%c3%a9", "a=%C3%A9"},
	{"%61%2a%2D%2e%5F=%41", "a*-._=A"},
	// Everything else in the form set is encoded.
	{"a=!'()~", "a=%21%27%28%29%7E"},
	{"a=/?:@,;$[]{}|\\^`\"<>#", "a=%2F%3F%3A%40%2C%3B%24%5B%5D%7B%7D%7C%5C%5E%60%22%3C%3E%23"},
	{"a=%26%3D", "a=%26%3D"},
	{"q=🏳️‍🌈&key=e1f7bc78", "q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88&key=e1f7bc78"},
	{"a=%FF", "a=%EF%BF%BD"},
	{"a=\xff", "a=%EF%BF%BD"},
	{"\uFEFFa=\uFEFF", "%EF%BB%BFa=%EF%BB%BF"},
}

func TestSearchParamsString(t *testing.T) {
	for _, tt := range searchParamsStringTests {
		if got := ParseSearchParams(tt.in).String(); got != tt.want {
			t.Errorf("ParseSearchParams(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
		// The serialization is a fixed point.
		if got := ParseSearchParams(tt.want).String(); got != tt.want {
			t.Errorf("ParseSearchParams(%q).String() = %q, want it unchanged", tt.want, got)
		}
	}
}

// The cases of wpt url/urlsearchparams-stringifier.any.js, and others:
// one appended pair, serialized.
var appendStringTests = []struct {
	name, value, want string
}{
	{"a", "b c", "a=b+c"},
	{"a b", "c", "a+b=c"},
	{"a", "", "a="},
	{"", "", "="},
	{"", "a", "=a"},
	{"a", "\x00", "a=%00"},
	{"a", "\U0001F4A9", "a=%F0%9F%92%A9"},
	{"a", "+", "a=%2B"},
	{"a", "=", "a=%3D"},
	{"a", "&", "a=%26"},
	{"a", "*-._", "a=*-._"},
	{"a", "%", "a=%25"},
	{"a", "%20", "a=%2520"},
	{"a", "\n", "a=%0A"},
	{"a", "\r", "a=%0D"},
	{"a", "\r\n", "a=%0D%0A"},
	{"a\nb", "c\rd", "a%0Ab=c%0Dd"},
	{"key", "730d67", "key=730d67"}, // new URLSearchParams({key: "730d67"})
	{"a", "b ~", "a=b+%7E"},
	// Invalid UTF-8 is made valid first, byte by byte.
	{"a", "\xff", "a=%EF%BF%BD"},
	{"\xE2\x82", "x", "%EF%BF%BD%EF%BF%BD=x"},
}

func TestSearchParamsAppendString(t *testing.T) {
	for _, tt := range appendStringTests {
		var s SearchParams
		s.Append(tt.name, tt.value)
		if got := s.String(); got != tt.want {
			t.Errorf("Append(%q, %q).String() = %q, want %q", tt.name, tt.value, got, tt.want)
		}
	}
}

func TestFormEncodeASCII(t *testing.T) {
	// The note in the URL Standard: the form set contains all code points
	// except the ASCII alphanumerics, "*", "-", "." and "_"; and space is
	// written "+".
	for c := range 128 {
		s := string(rune(c))
		var want string
		switch {
		case c == ' ':
			want = "+"
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '*', c == '-', c == '.', c == '_':
			want = s
		default:
			want = fmt.Sprintf("%%%02X", c)
		}
		if got := formEncode(s); got != want {
			t.Errorf("formEncode(%q) = %q, want %q", s, got, want)
		}
		// The byte is in the form set exactly when it changes, space
		// included.
		if in := charClass[c]&encForm != 0; in != (want != s) {
			t.Errorf("charClass[%#x] in form set = %v, want %v", c, in, want != s)
		}
	}
}

var formEncodeTests = []struct {
	in, want string
}{
	{"", ""},
	{"abcXYZ019*-._", "abcXYZ019*-._"},
	{"a b", "a+b"},
	{"  ", "++"},
	{"a+b", "a%2Bb"},
	{"100%", "100%25"},
	{"%20", "%2520"},
	{"é", "%C3%A9"},
	{"€ ~", "%E2%82%AC+%7E"},
	{"🏳️‍🌈", "%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"},
	{"\x7f\x80", "%7F%EF%BF%BD"},
	{"\xff", "%EF%BF%BD"},
	{"\xed\xa0\x80", "%EF%BF%BD%EF%BF%BD%EF%BF%BD"},
}

func TestFormEncode(t *testing.T) {
	for _, tt := range formEncodeTests {
		if got := formEncode(tt.in); got != tt.want {
			t.Errorf("formEncode(%q) = %q, want %q", tt.in, got, tt.want)
		}
		// The parser reads it back (as valid UTF-8).
		if got, _ := ParseSearchParams("a=" + formEncode(tt.in)).Get("a"); got != toValidUTF8(tt.in) {
			t.Errorf("ParseSearchParams(\"a=\" + formEncode(%q)) value = %q, want %q", tt.in, got, toValidUTF8(tt.in))
		}
	}
}

// The cases of wpt url/urlsearchparams-sort.any.js, the example in
// the URL Standard, and others: pairs after Sort.
var sortTests = []struct {
	in   string
	want []param
}{
	{"z=b&a=b&z=a&a=a", pairs("a", "b", "a", "a", "z", "b", "z", "a")},
	{"\uFFFD=x&\uFFFC&\uFFFD=a", pairs("\uFFFC", "", "\uFFFD", "x", "\uFFFD", "a")},
	// 🌈 is the greater code point, but the lesser code unit (D83C).
	{"ﬃ&🌈", pairs("🌈", "", "ﬃ", "")},
	{"é&e\uFFFD&e\u0301", pairs("e\u0301", "", "e\uFFFD", "", "é", "")},
	{"z=z&a=a&z=y&a=b&z=x&a=c&z=w&a=d&z=v&a=e&z=u&a=f&z=t&a=g",
		pairs("a", "a", "a", "b", "a", "c", "a", "d", "a", "e", "a", "f", "a", "g",
			"z", "z", "z", "y", "z", "x", "z", "w", "z", "v", "z", "u", "z", "t")},
	{"bbb&bb&aaa&aa=x&aa=y", pairs("aa", "x", "aa", "y", "aaa", "", "bb", "", "bbb", "")},
	{"z=z&=f&=t&=x", pairs("", "f", "", "t", "", "x", "z", "z")},
	{"a🌈&a💩", pairs("a🌈", "", "a💩", "")},
	// the Standard's example.
	{"q=🏳️‍🌈&key=e1f7bc78", pairs("key", "e1f7bc78", "q", "🏳️‍🌈")},
	// U+FFFD (a decoded "%FF") sorts after U+1F308, though its UTF-8 is less.
	{"%FF=1&%F0%9F%8C%88=2", pairs("🌈", "2", "\uFFFD", "1")},
	{"\uE000&\U00010000&\uD7FF", pairs("\uD7FF", "", "\U00010000", "", "\uE000", "")},
	{"\U0010FFFF&\uFFFF&\U00010000", pairs("\U00010000", "", "\U0010FFFF", "", "\uFFFF", "")},
	{"b&a&", pairs("a", "", "b", "")},
	{"", nil},
}

func TestSearchParamsSort(t *testing.T) {
	for _, tt := range sortTests {
		s := ParseSearchParams(tt.in)
		s.Sort()
		if got := s.params(); !slices.Equal(got, tt.want) {
			t.Errorf("ParseSearchParams(%q) after Sort = %q, want %q", tt.in, got, tt.want)
		}
	}
	s := ParseSearchParams("q=🏳️‍🌈&key=e1f7bc78")
	s.Sort()
	if got, want := s.String(), "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"; got != want {
		t.Errorf("sorted ParseSearchParams(%q).String() = %q, want %q", "q=🏳️‍🌈&key=e1f7bc78", got, want)
	}
}

func TestSortStable(t *testing.T) {
	// Many equal names, interleaved, keep their relative order.
	var s SearchParams
	names := []string{"b", "\uFFFD", "a", "🌈", "", "a"}
	for i := range 300 {
		s.Append(names[i%len(names)], fmt.Sprint(i))
	}
	s.Sort()
	last := map[string]int{}
	prev := ""
	for i, p := range s.params() {
		if i > 0 && compareCodeUnits(prev, p.Name) > 0 {
			t.Fatalf("after Sort, %q comes before %q", prev, p.Name)
		}
		prev = p.Name
		var v int
		fmt.Sscan(p.Value, &v)
		if l, ok := last[p.Name]; ok && l > v {
			t.Fatalf("after Sort, %q=%d comes after %q=%d", p.Name, l, p.Name, v)
		}
		last[p.Name] = v
	}
	if s.Len() != 300 {
		t.Fatalf("after Sort, Len() = %d, want 300", s.Len())
	}
}

// slowCompareCodeUnits compares a and b as the URL Standard's "code unit
// less than" does, by their UTF-16 encodings.
func slowCompareCodeUnits(a, b string) int {
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}

func TestCompareCodeUnits(t *testing.T) {
	strs := []string{
		"", "a", "b", "ab", "aa", "A", "\x00", "\x7f", "é", "e\u0301", "ﬃ",
		"\uD7FF", "\uE000", "\uFFFC", "\uFFFD", "\uFFFF", "\U00010000",
		"🌈", "💩", "a🌈", "a💩", "a\uFFFD", "a\uE000b", "a\U00010000b",
		"\U0010FFFF", "🏳️‍🌈", "🏳️", "key",
		// Invalid UTF-8 reads as U+FFFD byte by byte.
		"\xff", "\xfe", "a\xff", "\xe2\x82", "\xe2\x82\xac", "\xf0\x9f", "€",
	}
	for _, a := range strs {
		for _, b := range strs {
			want := slowCompareCodeUnits(a, b)
			if got := compareCodeUnits(a, b); got != want {
				t.Errorf("compareCodeUnits(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

func TestSearchParamsZero(t *testing.T) {
	var s SearchParams
	if s.Len() != 0 || s.String() != "" || s.params() != nil || s.GetAll("a") != nil {
		t.Errorf("zero SearchParams: Len %d, String %q, Params %q, GetAll %q; want empty",
			s.Len(), s.String(), s.params(), s.GetAll("a"))
	}
	if v, ok := s.Get("a"); v != "" || ok {
		t.Errorf("zero SearchParams: Get(%q) = %q, %v, want \"\", false", "a", v, ok)
	}
	if s.Has("") || s.HasValue("", "") {
		t.Errorf("zero SearchParams: Has or HasValue true")
	}
	for k, v := range s.All() {
		t.Errorf("zero SearchParams: All yielded %q, %q", k, v)
	}
	s.Delete("a")
	s.DeleteValue("a", "b")
	s.Sort()
	if s.Len() != 0 {
		t.Errorf("zero SearchParams after Delete, Sort: Len() = %d", s.Len())
	}
	s.Set("a", "b")
	s.Append("c", "d e")
	if got, want := s.String(), "a=b&c=d+e"; got != want {
		t.Errorf("zero SearchParams after Set, Append: String() = %q, want %q", got, want)
	}
	if got := ParseSearchParams("").params(); got != nil {
		t.Errorf("ParseSearchParams(\"\").params() = %q, want nil", got)
	}
}

func TestSearchParamsGet(t *testing.T) {
	s := ParseSearchParams("a=1&b=2&a=3&c&=e&a=")
	tests := []struct {
		name   string
		want   string
		wantOK bool
		all    []string
	}{
		{"a", "1", true, []string{"1", "3", ""}},
		{"b", "2", true, []string{"2"}},
		{"c", "", true, []string{""}},
		{"", "e", true, []string{"e"}},
		{"d", "", false, nil},
		{"A", "", false, nil},
	}
	for _, tt := range tests {
		if got, ok := s.Get(tt.name); got != tt.want || ok != tt.wantOK {
			t.Errorf("Get(%q) = %q, %v, want %q, %v", tt.name, got, ok, tt.want, tt.wantOK)
		}
		if got := s.GetAll(tt.name); !slices.Equal(got, tt.all) {
			t.Errorf("GetAll(%q) = %q, want %q", tt.name, got, tt.all)
		}
		if got := s.Has(tt.name); got != tt.wantOK {
			t.Errorf("Has(%q) = %v, want %v", tt.name, got, tt.wantOK)
		}
	}
	hasValue := []struct {
		name, value string
		want        bool
	}{
		{"a", "1", true},
		{"a", "3", true},
		{"a", "", true},
		{"a", "2", false},
		{"b", "2", true},
		{"c", "", true},
		{"c", "x", false},
		{"", "e", true},
		{"d", "", false},
	}
	for _, tt := range hasValue {
		if got := s.HasValue(tt.name, tt.value); got != tt.want {
			t.Errorf("HasValue(%q, %q) = %v, want %v", tt.name, tt.value, got, tt.want)
		}
	}
}

func TestSearchParamsChange(t *testing.T) {
	tests := []struct {
		in   string
		op   string // "set", "delete", "deletevalue", "append"
		name string
		val  string
		want string
	}{
		// Set replaces the first value and removes the others, in place.
		{"a=1&b=2&a=3&a=4&c=5", "set", "a", "x", "a=x&b=2&c=5"},
		{"b=2&a=1&c=3&a=4", "set", "a", "", "b=2&a=&c=3"},
		{"a=1&b=2", "set", "b", "x", "a=1&b=x"},
		// Set appends a new name.
		{"a=1&b=2", "set", "c", "3", "a=1&b=2&c=3"},
		{"", "set", "a", "b c", "a=b+c"},
		// Delete removes all pairs with the name.
		{"a=1&b=2&a=3&c=4&a", "delete", "a", "", "b=2&c=4"},
		{"a=1&b=2", "delete", "c", "", "a=1&b=2"},
		{"a=1&a=2", "delete", "a", "", ""},
		{"=1&a=2&=", "delete", "", "", "a=2"},
		// DeleteValue removes only pairs with the name and the value.
		{"a=1&b=2&a=3&a=1", "deletevalue", "a", "1", "b=2&a=3"},
		{"a=1&b=1", "deletevalue", "a", "2", "a=1&b=1"},
		{"a=&a=1&a", "deletevalue", "a", "", "a=1"},
		{"a=b&a=d&c=b", "deletevalue", "c", "b", "a=b&a=d"},
		// Append keeps duplicates.
		{"a=1", "append", "a", "1", "a=1&a=1"},
	}
	for _, tt := range tests {
		s := ParseSearchParams(tt.in)
		switch tt.op {
		case "set":
			s.Set(tt.name, tt.val)
		case "delete":
			s.Delete(tt.name)
		case "deletevalue":
			s.DeleteValue(tt.name, tt.val)
		case "append":
			s.Append(tt.name, tt.val)
		}
		if got := s.String(); got != tt.want {
			t.Errorf("ParseSearchParams(%q) after %s(%q, %q): String() = %q, want %q", tt.in, tt.op, tt.name, tt.val, got, tt.want)
		}
		if n := strings.Count(tt.want, "&") + 1; tt.want != "" && s.Len() != n {
			t.Errorf("ParseSearchParams(%q) after %s(%q, %q): Len() = %d, want %d", tt.in, tt.op, tt.name, tt.val, s.Len(), n)
		}
	}
}

func TestSearchParamsAllParams(t *testing.T) {
	s := ParseSearchParams("a=1&b=2&a=3")
	var got []param
	for name, value := range s.All() {
		got = append(got, param{name, value})
	}
	want := pairs("a", "1", "b", "2", "a", "3")
	if !slices.Equal(got, want) {
		t.Errorf("All() yielded %q, want %q", got, want)
	}
	// Stopping early.
	n := 0
	for range s.All() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("All() with break yielded %d pairs, want 1", n)
	}
	// Clone is a copy: changing it, or appending to it, leaves s alone.
	c := s.Clone()
	c.Set("a", "changed")
	c.Append("z", "9")
	if v, _ := s.Get("a"); v != "1" || s.Has("z") {
		t.Errorf("after changing a Clone, Get(%q) = %q, Has(z) %v; want %q, false", "a", v, s.Has("z"), "1")
	}
	if v, _ := c.Get("a"); v != "changed" {
		t.Errorf("Clone().Set: Get(%q) = %q", "a", v)
	}
}

func TestSearchParamsAllocs(t *testing.T) {
	tests := []struct {
		name string
		f    func()
		want float64
	}{
		{"ParseSearchParams plain", func() { ParseSearchParams("?a=b&cc=dd&e") }, 1},
		{"String plain", func() { _ = ParseSearchParams("a=b&cc=dd").String() }, 2},
		{"FormEncode unchanged", func() { formEncode("abc-_.*") }, 0},
		{"FormEncode changed", func() { formEncode("a b~") }, 1},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, tt.f); got > tt.want {
			t.Errorf("%s: %v allocs, want at most %v", tt.name, got, tt.want)
		}
	}
}

func BenchmarkParseSearchParams(b *testing.B) {
	for _, in := range []string{
		"?a=b&cc=dd&e",
		"utm_source=news%20letter&utm_medium=e+mail&q=%F0%9F%8C%88&x=%FF",
	} {
		b.Run(in, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ParseSearchParams(in)
			}
		})
	}
}

func BenchmarkSearchParamsString(b *testing.B) {
	s := ParseSearchParams("utm_source=news%20letter&utm_medium=e+mail&q=%F0%9F%8C%88&x=%FF")
	b.ReportAllocs()
	for b.Loop() {
		_ = s.String()
	}
}
