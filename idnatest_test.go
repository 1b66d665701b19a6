// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// The conformance file of UTS #46, IdnaTestV2.txt, is in testdata/unicode
// with its provenance (SOURCE); web-platform-tests' IdnaTestV2.json is a
// filtered subset of it. TestUnicodeIdnaTestV2 runs every row.

// idnaRow is one row of IdnaTestV2.txt, its blank columns resolved as the
// file's header says: a blank toUnicode is the source, a blank
// toUnicodeStatus no error, a blank toAsciiN the toUnicode value, a blank
// toAsciiNStatus the toUnicodeStatus (an explicit [] is no error).
type idnaRow struct {
	line            int      // the line in the file, from 1
	source          string   // column 1
	toUnicode       string   // column 2
	toUnicodeStatus []string // column 3
	toASCII         string   // column 4, toAsciiN
	toASCIIStatus   []string // column 5, toAsciiNStatus
	surrogate       bool     // the source has a lone surrogate, which a Go string cannot hold
}

// readIdnaTestV2 reads testdata/unicode/IdnaTestV2.txt, checking its
// sha256 against testdata/unicode/SOURCE.
func readIdnaTestV2(t testing.TB) []idnaRow {
	t.Helper()
	data := testfiles.ReadPinned(t, "unicode", "IdnaTestV2.txt", "SOURCE")
	var rows []idnaRow
	n := 0
	for line := range strings.Lines(string(data)) {
		n++
		line, _, _ = strings.Cut(strings.TrimRight(line, "\r\n"), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		cols := strings.Split(line, ";")
		if len(cols) != 7 {
			t.Fatalf("IdnaTestV2.txt:%d: %d columns, want 7", n, len(cols))
		}
		var surrogate bool
		col := func(i int) string {
			s, lone, err := unescapeIdnaTest(strings.TrimSpace(cols[i]))
			if err != nil {
				t.Fatalf("IdnaTestV2.txt:%d: column %d: %v", n, i+1, err)
			}
			surrogate = surrogate || lone
			return s
		}
		status := func(i int) ([]string, bool) {
			s := strings.TrimSpace(cols[i])
			if s == "" {
				return nil, false
			}
			if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
				t.Fatalf("IdnaTestV2.txt:%d: column %d: status %q is not in brackets", n, i+1, s)
			}
			codes := []string{}
			for c := range strings.SplitSeq(s[1:len(s)-1], ",") {
				if c = strings.TrimSpace(c); c != "" {
					codes = append(codes, c)
				}
			}
			return codes, true
		}
		r := idnaRow{line: n, source: col(0)}
		r.toUnicode = r.source
		if c := strings.TrimSpace(cols[1]); c != "" {
			r.toUnicode = col(1)
		}
		r.toUnicodeStatus, _ = status(2)
		r.toASCII = r.toUnicode
		if c := strings.TrimSpace(cols[3]); c != "" {
			r.toASCII = col(3)
		}
		var given bool
		if r.toASCIIStatus, given = status(4); !given {
			r.toASCIIStatus = r.toUnicodeStatus
		}
		r.surrogate = surrogate
		rows = append(rows, r)
	}
	return rows
}

// unescapeIdnaTest undoes the file's escapes, \uXXXX and \x{XXXX}, and
// reads "" as the empty string. lone reports a lone surrogate, which it
// leaves as U+FFFD.
func unescapeIdnaTest(s string) (_ string, lone bool, _ error) {
	if s == `""` {
		return "", false, nil
	}
	if !strings.Contains(s, `\`) {
		return s, false, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			b.WriteByte(s[i])
			i++
			continue
		}
		var hex string
		switch {
		case strings.HasPrefix(s[i:], `\u`) && i+6 <= len(s):
			hex, i = s[i+2:i+6], i+6
		case strings.HasPrefix(s[i:], `\x{`):
			end := strings.IndexByte(s[i:], '}')
			if end < 0 {
				return "", false, fmt.Errorf("unclosed \\x{ in %q", s)
			}
			hex, i = s[i+3:i+end], i+end+1
		default:
			return "", false, fmt.Errorf("unknown escape in %q", s)
		}
		v, err := strconv.ParseUint(hex, 16, 32)
		if err != nil {
			return "", false, fmt.Errorf("bad escape %q in %q", hex, s)
		}
		r := rune(v)
		if 0xD800 <= r && r <= 0xDFFF {
			lone = true // no pairs in the file: each surrogate is alone
		}
		if !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String(), lone, nil
}

// urlIgnoredStatus are the status codes of IdnaTestV2.txt that do not
// apply to the URL Standard's flags (domain to ASCII and domain to
// Unicode: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength false), as
// the file's header pairs codes and flags: V2 and V3 are CheckHyphens's,
// U1 is UseSTD3ASCIIRules's, A4_1 and A4_2 are VerifyDnsLength's, and
// X4_2 is what toUnicode reports where A4_2 used to be reported for an
// empty label (the header's "Compatibility errors"), so VerifyDnsLength's
// too. A row whose only codes are these must pass, with the output the
// file gives. The file's last two columns, toAsciiT and its status, are
// for Transitional_Processing, which the Standard sets to false: they are
// not run.
var urlIgnoredStatus = []string{"V2", "V3", "U1", "A4_1", "A4_2", "X4_2"}

// urlErrors returns the codes of status that apply to the URL Standard's
// flags.
func urlErrors(status []string) []string {
	var out []string
	for _, c := range status {
		if !slices.Contains(urlIgnoredStatus, c) {
			out = append(out, c)
		}
	}
	return out
}

// idnaNotApplicable are the rows of IdnaTestV2.txt that cannot run, by
// line, with the reason. TestUnicodeIdnaTestV2 fails if a row is missing
// here or listed without the reason holding.
var idnaNotApplicable = map[int]string{
	548: "lone surrogate U+D900, which a Go string cannot hold (a browser's USVString conversion makes it U+FFFD before the host parser)",
	549: "lone surrogate U+D900, as line 548",
}

// idnaTally is what TestUnicodeIdnaTestV2 counts, for TestMain's summary.
type idnaTally struct {
	rows, notApplicable int
	run, passed         [2]int // ToASCII, ToUnicode
	wantErr, ignoredErr [2]int // of run: rows that must fail; rows that must pass as their codes are all urlIgnoredStatus
}

// idnaCounts are TestUnicodeIdnaTestV2's counts.
var idnaCounts idnaTally

// idnaSummary is the line TestMain prints when TestUnicodeIdnaTestV2 ran,
// which .ci/run shows.
func idnaSummary() string {
	c := &idnaCounts
	if c.rows == 0 {
		return ""
	}
	op := func(k int, name string) string {
		return fmt.Sprintf("%s run %d, passed %d (%d must fail; %d must pass, their codes all CheckHyphens's, UseSTD3ASCIIRules's or VerifyDnsLength's)",
			name, c.run[k], c.passed[k], c.wantErr[k], c.ignoredErr[k])
	}
	return fmt.Sprintf("Unicode IdnaTestV2.txt rows: %d; not applicable %d (lone surrogates); %s; %s",
		c.rows, c.notApplicable, op(0, "ToASCII"), op(1, "ToUnicode"))
}

// TestUnicodeIdnaTestV2 runs every row of Unicode's IdnaTestV2.txt
// through DomainToASCII (columns 4 and 5) and DomainToUnicode (columns 2
// and 3), with the URL Standard's flags: a row whose status has a code
// that applies must fail (and DomainToUnicode then gives the domain
// itself, as domain to Unicode's step 2 says); any other row must give
// the file's output.
func TestUnicodeIdnaTestV2(t *testing.T) {
	rows := readIdnaTestV2(t)
	idnaCounts = idnaTally{rows: len(rows)}
	c := &idnaCounts
	for _, r := range rows {
		if reason, listed := idnaNotApplicable[r.line]; listed || r.surrogate {
			if !listed || !r.surrogate {
				t.Errorf("IdnaTestV2.txt:%d: lone surrogate %v, listed as not applicable %v (%q)", r.line, r.surrogate, listed, reason)
			}
			c.notApplicable++
			continue
		}
		ops := [2]struct {
			name   string
			f      func(string) (string, bool)
			want   string
			status []string
		}{
			{"DomainToASCII", DomainToASCII, r.toASCII, r.toASCIIStatus},
			{"DomainToUnicode", DomainToUnicode, r.toUnicode, r.toUnicodeStatus},
		}
		for k, op := range ops {
			c.run[k]++
			wantErr := urlErrors(op.status)
			if len(wantErr) > 0 {
				c.wantErr[k]++
			} else if len(op.status) > 0 {
				c.ignoredErr[k]++
			}
			got, ok := op.f(r.source)
			switch {
			case len(wantErr) > 0 && ok:
				t.Errorf("IdnaTestV2.txt:%d: %s(%q) = %q, want an error %v", r.line, op.name, r.source, got, wantErr)
			case len(wantErr) > 0 && k == 1 && got != r.source:
				t.Errorf("IdnaTestV2.txt:%d: %s(%q) = %q, false; want the domain itself", r.line, op.name, r.source, got)
			case len(wantErr) == 0 && (!ok || got != op.want):
				t.Errorf("IdnaTestV2.txt:%d: %s(%q) = %q, %v; want %q (status %v)", r.line, op.name, r.source, got, ok, op.want, op.status)
			default:
				c.passed[k]++
			}
		}
	}
	for line := range idnaNotApplicable {
		if line > 0 && !slices.ContainsFunc(rows, func(r idnaRow) bool { return r.line == line }) {
			t.Errorf("IdnaTestV2.txt:%d is listed as not applicable but is not a row", line)
		}
	}
	t.Log(idnaSummary())
}
