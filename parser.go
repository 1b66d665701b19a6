// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file holds the Standard's basic URL parser
// (https://url.spec.whatwg.org/#concept-basic-url-parser), state by state. The parser writes the serialized URL as it
// goes: every component is written in serialization order, so the output is
// one byte slice and the record's components are offsets into it. Where the
// Standard decreases the pointer, the parser leaves its index where it is.

// state is a state of the basic URL parser.
type state uint8

const (
	stateNone                          state = iota // no state: the parser runs without a state override
	stateSchemeStart                                // https://url.spec.whatwg.org/#scheme-start-state
	stateScheme                                     // https://url.spec.whatwg.org/#scheme-state
	stateNoScheme                                   // https://url.spec.whatwg.org/#no-scheme-state
	stateSpecialRelativeOrAuthority                 // https://url.spec.whatwg.org/#special-relative-or-authority-state
	statePathOrAuthority                            // https://url.spec.whatwg.org/#path-or-authority-state
	stateRelative                                   // https://url.spec.whatwg.org/#relative-state
	stateRelativeSlash                              // https://url.spec.whatwg.org/#relative-slash-state
	stateSpecialAuthoritySlashes                    // https://url.spec.whatwg.org/#special-authority-slashes-state
	stateSpecialAuthorityIgnoreSlashes              // https://url.spec.whatwg.org/#special-authority-ignore-slashes-state
	stateAuthority                                  // https://url.spec.whatwg.org/#authority-state
	stateHost                                       // https://url.spec.whatwg.org/#host-state
	stateHostname                                   // https://url.spec.whatwg.org/#hostname-state
	statePort                                       // https://url.spec.whatwg.org/#port-state
	stateFile                                       // https://url.spec.whatwg.org/#file-state
	stateFileSlash                                  // https://url.spec.whatwg.org/#file-slash-state
	stateFileHost                                   // https://url.spec.whatwg.org/#file-host-state
	statePathStart                                  // https://url.spec.whatwg.org/#path-start-state
	statePath                                       // https://url.spec.whatwg.org/#path-state
	stateOpaquePath                                 // https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state
	stateQuery                                      // https://url.spec.whatwg.org/#query-state
	stateFragment                                   // https://url.spec.whatwg.org/#fragment-state
	stateDone                                       // the input is consumed
)

// schemeType tells the special schemes apart; every other scheme is
// schemeOther.
type schemeType uint8

const (
	schemeOther schemeType = iota
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
	schemeFTP
	schemeFile
)

func schemeTypeOf(s []byte) schemeType {
	switch string(s) {
	case "http":
		return schemeHTTP
	case "https":
		return schemeHTTPS
	case "ws":
		return schemeWS
	case "wss":
		return schemeWSS
	case "ftp":
		return schemeFTP
	case "file":
		return schemeFile
	}
	return schemeOther
}

// special reports whether the scheme is a special scheme.
func (t schemeType) special() bool { return t != schemeOther }

// defaultPort returns the scheme's default port, or -1 when it has none.
func (t schemeType) defaultPort() int {
	switch t {
	case schemeHTTP, schemeWS:
		return 80
	case schemeHTTPS, schemeWSS:
		return 443
	case schemeFTP:
		return 21
	}
	return -1
}

// DefaultPort returns the default port of scheme: "80" for http and ws,
// "443" for https and wss, "21" for ftp, else "".
func DefaultPort(scheme string) string {
	switch schemeTypeOf([]byte(scheme)).defaultPort() {
	case 80:
		return "80"
	case 443:
		return "443"
	case 21:
		return "21"
	}
	return ""
}

// maxInput is the longest input the parser takes, in bytes: 2 MiB, the
// longest URL Chrome takes. It is a hardening limit beyond the Standard: it
// bounds the work and memory of one parse, and
// with percent-encoding at most tripling the length, offsets fit uint32.
const maxInput = 2 << 20

// parser holds one run of the basic URL parser. It doubles as the builder
// the setters use to write a URL component by component.
type parser struct {
	raw      string // the input as given
	in       string // raw trimmed, without tabs and newlines, valid UTF-8
	trim     int    // bytes trimmed from the start of raw
	base     *URL
	buf      []byte
	u        URL // the record: offsets into buf, host kind, flags
	scheme   schemeType
	override state           // a setter's state override, or stateNone
	hostEnd  int             // where the authority state found the host to end: at its port's ":" or the authority's end
	hostSet  bool            // the host state set url's host (for the host setter)
	portSet  bool            // the port state set url's port (for the host setter)
	record   bool            // record where each component is found, in spans
	spans    spans           // where each component was found in in
	reuse    bool            // finish may return in itself as the href
	sink     func(Violation) // receives the validation errors, when not nil
	hostPipe int             // 1 + where in in the file host state's drive letter ends ("|" or ":"), 0 for none
	edited   bool            // in is not raw[trim:trim+len(in)]: tabs, newlines or invalid bytes went
	rawAt    []int32         // rawOffset's answers, made at its first use when edited
	err      verr            // the failure
	errAt    int             // byte offset in in
}

// The components whose place in the input a parse can record.
const (
	spanScheme = iota
	spanHost
	spanPort
	spanPath
	spanQuery
	spanFragment
	spanPassword // for redacting the input, not part of Fields
	numSpans
)

// spans holds [start, end) byte offsets of the components as found in the
// parser's input (parser.in), -1 for those not found.
type spans [numSpans][2]int

// mark records that component k runs from start to end in the input.
func (p *parser) mark(k, start, end int) {
	if p.record {
		p.spans[k] = [2]int{start, end}
	}
}

// parsers holds parsers whose buffers can be used again, so that a parse
// allocates only its href (and nothing when the href is the input). Large
// buffers go back to the pool too (the input limit bounds them): a fresh
// megabyte for every long input costs more than parsing it. The pool lets
// them go when the garbage collector runs.
var parsers = sync.Pool{New: func() any { return &parser{buf: make([]byte, 0, 256)} }}

// largeHref is the length from which an href takes over the parser's
// buffer, when the buffer is mostly used, rather than a copy of it.
const largeHref = 64 << 10

// parse runs the basic URL parser on input with an optional base.
func parse(input string, base *URL) (URL, error) {
	return parseWith(input, parseOpts{base: base}, nil)
}

// parseOpts say what a run of the parser does besides the Standard's basic
// URL parser.
type parseOpts struct {
	base *URL
	// assume, a special scheme other than "file" in lowercase, makes the
	// parser read assume + "://" + input without making that string: it
	// starts after the scheme's slashes. Offsets then count in input, and
	// input's leading C0 controls and spaces are not trimmed, as they
	// would not be after the prefix.
	assume string
	// printable says the caller knows input is printable ASCII (no byte
	// below 0x20 or from 0x80), which the parser then need not check.
	printable bool
	// slow turns the fast path (quickParse) off: for the tests that
	// compare the two, and for a caller that has tried quickParse itself.
	slow bool
	// sink, when not nil, receives each validation error found, with its
	// span in input as given, in the order the parser finds them: the
	// parser's states, then the trimming of its first steps, then the code
	// points of the components.
	sink func(Violation)
}

// parseWith runs the basic URL parser on input as o says. When sp is not
// nil, it receives where each component was found in input: [start, end)
// byte offsets into input as given, {-1, -1} for a component not found.
// (sp is not in parseOpts because the parser keeps o's base and sink, so
// a pointer there would make the caller's array escape to the heap.)
func parseWith(input string, o parseOpts, sp *spans) (URL, error) {
	if o.base == nil && o.sink == nil && !o.slow {
		if u, ok := quickParse(input, o.assume, sp); ok {
			return u, nil
		}
	}
	printable := o.printable || printableASCII(input)
	p := parsers.Get().(*parser)
	defer func() {
		if p.buf != nil { // nil when the href took it over
			*p = parser{buf: p.buf[:0]}
			parsers.Put(p)
		}
	}()
	p.base, p.reuse, p.sink = o.base, true, o.sink
	if sp != nil || o.sink != nil {
		p.record = true
		for k := range p.spans {
			p.spans[k] = [2]int{-1, -1}
		}
	}
	if err := p.init(input, o.assume == "", printable); err != nil {
		return URL{}, err
	}
	st := stateSchemeStart
	if o.assume != "" {
		p.setScheme(o.assume)
		st = stateSpecialAuthorityIgnoreSlashes
	}
	ok := p.run(st, 0)
	if p.sink != nil {
		p.reportTrimmed()
		if ok {
			p.reportCodePoints()
		}
	}
	if !ok {
		return URL{}, p.error()
	}
	if sp != nil {
		for k, s := range p.spans {
			switch {
			case s[0] < 0:
			case !p.edited: // the common case: in is raw, trimmed
				s[0] += p.trim
				s[1] += p.trim
			default:
				s = p.rawSpan(s[0], s[1])
			}
			sp[k] = s
		}
	}
	return p.finish(), nil
}

// rawSpan maps [start, end) in p.in back to p.raw. Tabs and newlines the
// parser removed lie inside a span, never at its edges.
func (p *parser) rawSpan(start, end int) [2]int {
	e := p.rawOffset(end)
	if start == end {
		return [2]int{e, e}
	}
	s := p.rawOffset(start)
	for s < e && urlchars.IsTabOrNewline(p.raw[s]) {
		s++
	}
	return [2]int{s, e}
}

// init runs the basic URL parser's first steps: remove leading (when
// trimLeading) and trailing C0 controls and spaces, then all ASCII tabs and
// newlines. Invalid UTF-8 is replaced by U+FFFD first, as the Standard
// works on scalar value strings.
func (p *parser) init(input string, trimLeading, printable bool) error {
	p.raw = input
	if len(input) > maxInput {
		p.err, p.errAt = vInputTooLong, maxInput
		if p.sink != nil {
			p.sink(Violation{vInputTooLong.String(), Span{maxInput, len(input)}, true})
		}
		return p.error()
	}
	start, end := 0, len(input)
	for trimLeading && start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	p.trim = start
	p.in, p.edited = input[start:end], false
	ascii := printable || printableASCII(p.in)
	if !ascii {
		p.in = toValidUTF8(urlchars.RemoveTabsAndNewlines(p.in))
		p.edited = p.in != input[start:end]
	}
	if len(p.in) > cap(p.buf) {
		// A long input: room for its href at once, rather than a buffer
		// that grows by a quarter at a time.
		n := len(p.in) + len(p.in)/8
		if !ascii {
			n = hrefSizeHint(p.in)
		}
		p.buf = make([]byte, 0, n)
	}
	return nil
}

// hrefSizeHint is room for the serialization of in: in with each byte that
// is not ASCII percent-encoded (three bytes for one), and an eighth more
// for what else the parser adds or encodes.
func hrefSizeHint(in string) int {
	n := len(in) + len(in)/8
	for i := 0; i < len(in); i++ {
		if in[i] >= utf8.RuneSelf {
			n += 2
		}
	}
	return n
}

// fail records a validation error, found at [start, end) in p.in, that
// makes the parse fail, and returns false, for "return failure".
func (p *parser) fail(v verr, start, end int) bool {
	p.err, p.errAt = v, start
	p.violation(v, start, end, true)
	return false
}

// report gives the sink a validation error that is not a failure, found
// at [start, end) in p.in.
func (p *parser) report(v verr, start, end int) {
	p.violation(v, start, end, false)
}

// violation gives the sink, if any, a validation error found at
// [start, end) in p.in, with its span in the input as given.
func (p *parser) violation(v verr, start, end int, failure bool) {
	if p.sink != nil {
		s := p.rawSpan(start, end)
		p.sink(Violation{v.String(), Span{s[0], s[1]}, failure})
	}
}

// cpEnd returns where the code point at i in p.in ends.
func (p *parser) cpEnd(i int) int {
	if i >= len(p.in) {
		return i
	}
	_, size := utf8.DecodeRuneInString(p.in[i:])
	return i + size
}

// error returns the recorded failure as a *ParseError, with its offset
// mapped back to the input as given.
func (p *parser) error() error {
	e := &ParseError{Input: p.raw, Name: p.err.String(), Offset: p.rawOffset(p.errAt), v: p.err}
	if p.base != nil {
		e.Base = p.base.href
	}
	return e
}

// rawOffset maps an offset in p.in back to p.raw, stepping over the tabs
// and newlines that were removed and the invalid bytes that were replaced.
// An offset inside a code point maps to the end of the code point in p.raw.
func (p *parser) rawOffset(at int) int {
	switch {
	case at >= maxInput:
		return at
	case !p.edited:
		return p.trim + at
	case at > len(p.in):
		return len(p.raw)
	}
	if p.rawAt == nil {
		// One pass makes every answer, so that mapping the many spans of
		// a linted input stays linear.
		p.rawAt = make([]int32, len(p.in)+1)
		i, n := p.trim, 0
		for k := range p.rawAt {
			for i < len(p.raw) && n < k {
				c := p.raw[i]
				if urlchars.IsTabOrNewline(c) {
					i++
					continue
				}
				r, size := utf8.DecodeRuneInString(p.raw[i:])
				if r == utf8.RuneError && size == 1 {
					n += 3 // U+FFFD in UTF-8
				} else {
					n += size
				}
				i += size
			}
			p.rawAt[k] = int32(i)
		}
	}
	return int(p.rawAt[at])
}

// run runs the state machine from state st with the pointer at i. It
// returns false on failure, with the reason recorded.
func (p *parser) run(st state, i int) bool {
	in := p.in
	for {
		switch st {
		case stateSchemeStart:
			// If c is an ASCII alpha, ... set state to scheme state.
			// Otherwise, if state override is not given, set state to no
			// scheme state and decrease pointer; otherwise, return failure.
			switch {
			case i < len(in) && urlchars.IsAlpha(in[i]):
				st = stateScheme
			case p.override != stateNone:
				return false
			default:
				st = stateNoScheme
			}

		case stateScheme:
			j := i + 1
			for j < len(in) && charClass[in[j]]&schemeChar != 0 {
				j++
			}
			if j == len(in) || in[j] != ':' {
				// Otherwise, if state override is not given, set buffer to
				// the empty string, state to no scheme state, and start
				// over; otherwise, return failure.
				if p.override != stateNone {
					return false
				}
				st, i = stateNoScheme, 0
				continue
			}
			if p.override != stateNone {
				return p.overrideScheme(in[i:j])
			}
			p.setScheme(in[i:j])
			p.mark(spanScheme, i, j)
			i = j + 1
			switch {
			case p.scheme == schemeFile:
				// If remaining does not start with "//",
				// special-scheme-missing-following-solidus validation error.
				if p.sink != nil && (at(in, i) != '/' || at(in, i+1) != '/') {
					p.report(vSpecialSchemeMissingFollowingSolidus, i, i)
				}
				st = stateFile
			case p.scheme.special() && p.base != nil && p.base.Scheme() == string(p.buf[:p.u.schemeEnd]):
				st = stateSpecialRelativeOrAuthority
			case p.scheme.special():
				st = stateSpecialAuthoritySlashes
			case i < len(in) && in[i] == '/':
				st = statePathOrAuthority
				i++
			default:
				// Set url's path to the empty string and state to opaque
				// path state.
				p.u.flags |= flagOpaquePath
				p.u.pathStart = uint32(len(p.buf))
				p.mark(spanPath, i, -1)
				st = stateOpaquePath
			}

		case stateNoScheme:
			b := p.base
			c := at(in, i)
			if b == nil || b.HasOpaquePath() && c != '#' {
				return p.fail(vMissingSchemeNonRelativeURL, i, p.cpEnd(i))
			}
			if b.HasOpaquePath() {
				// c is U+0023 (#): take base's scheme, path and query, and
				// set url's fragment to the empty string.
				p.copyBase(throughQuery)
				p.startFragment()
				st, i = stateFragment, i+1
			} else if b.schemeType() != schemeFile {
				st = stateRelative
			} else {
				st = stateFile
			}

		case stateSpecialRelativeOrAuthority:
			if at(in, i) == '/' && at(in, i+1) == '/' {
				st, i = stateSpecialAuthorityIgnoreSlashes, i+2
			} else {
				// special-scheme-missing-following-solidus validation error.
				p.report(vSpecialSchemeMissingFollowingSolidus, i, i)
				st = stateRelative
			}

		case statePathOrAuthority:
			if at(in, i) == '/' {
				st, i = stateAuthority, i+1
			} else {
				p.u.pathStart = uint32(len(p.buf))
				st = statePath
			}

		case stateRelative:
			// Set url's scheme to base's scheme.
			p.copyBase(throughScheme)
			c := at(in, i)
			if c == '/' || p.scheme.special() && c == '\\' {
				if c == '\\' {
					p.report(vInvalidReverseSolidus, i, i+1)
				}
				st, i = stateRelativeSlash, i+1
				continue
			}
			// Set url's username, password, host, port, path (a clone) and
			// query to base's.
			if next, j, ok := p.fromBase(c, i); ok {
				st, i = next, j
				continue
			}
			// Set url's query to null, shorten url's path, set state to path
			// state and decrease pointer by 1.
			p.copyBase(throughPath)
			p.shorten()
			st = statePath

		case stateRelativeSlash:
			c := at(in, i)
			if p.scheme.special() && (c == '/' || c == '\\') {
				if c == '\\' {
					p.report(vInvalidReverseSolidus, i, i+1)
				}
				st, i = stateSpecialAuthorityIgnoreSlashes, i+1
			} else if c == '/' {
				st, i = stateAuthority, i+1
			} else {
				// Set url's username, password, host and port to base's,
				// state to path state, and decrease pointer by 1.
				p.copyBase(throughAuthority)
				p.u.pathStart = uint32(len(p.buf))
				st = statePath
			}

		case stateSpecialAuthoritySlashes:
			if at(in, i) == '/' && at(in, i+1) == '/' {
				i += 2
			} else {
				// Otherwise, special-scheme-missing-following-solidus
				// validation error, and decrease pointer by 1.
				p.report(vSpecialSchemeMissingFollowingSolidus, i, i)
			}
			st = stateSpecialAuthorityIgnoreSlashes

		case stateSpecialAuthorityIgnoreSlashes:
			start := i
			for i < len(in) && (in[i] == '/' || in[i] == '\\') {
				i++
			}
			if p.sink != nil {
				// Otherwise (a slash to ignore),
				// special-scheme-missing-following-solidus validation error.
				p.reportEach(vSpecialSchemeMissingFollowingSolidus, start, i)
			}
			st = stateAuthority

		case stateAuthority:
			// The authority runs to the first U+002F (/), U+003F (?),
			// U+0023 (#), (for special URLs) U+005C (\), or the end; its
			// last U+0040 (@) ends the credentials. The host state's scan
			// is done here too: the first U+003A (:) after that, outside
			// brackets, ends the host.
			special := p.scheme.special()
			end, lastAt, colon, inside := i, -1, -1, false
		scan:
			for ; end < len(in); end++ {
				c := in[end]
				if charClass[c]&authorityDelim == 0 {
					continue
				}
				switch c {
				case '/', '?', '#':
					break scan
				case '\\':
					if special {
						break scan
					}
				case '@':
					lastAt, colon, inside = end, -1, false
				case ':':
					if !inside && colon < 0 {
						colon = end
					}
				case '[':
					inside = true
				case ']':
					inside = false
				}
			}
			p.hostEnd = end
			if colon >= 0 {
				p.hostEnd = colon
			}
			p.buf = append(p.buf, '/', '/')
			if lastAt >= 0 {
				// If atSignSeen is true and buffer is the empty string,
				// host-missing validation error, return failure.
				// (Each @ was an invalid-credentials validation error
				// before that.)
				if p.sink != nil {
					p.reportCredentials(i, lastAt)
				}
				if lastAt+1 == end {
					return p.fail(vHostMissing, end, end)
				}
				// Each @ but the last is percent-encoded by the userinfo
				// set, and the first : separates username from password.
				user, pass := in[i:lastAt], ""
				if j := indexByte(user, ':'); j >= 0 {
					user, pass = user[:j], user[j+1:]
					p.mark(spanPassword, i+j+1, lastAt)
				}
				p.writeUserinfo(user, pass)
				i = lastAt + 1
			} else {
				p.writeUserinfo("", "")
			}
			st = stateHost

		case stateHost, stateHostname:
			// If state override is given and url's scheme is "file", then
			// decrease pointer by 1 and set state to file host state.
			if p.override != stateNone && p.scheme == schemeFile {
				st = stateFileHost
				continue
			}
			// The host runs to the first U+003A (:) outside brackets, or
			// the end of the authority; the authority state found where,
			// unless a setter starts here.
			special := p.scheme.special()
			end := p.hostEnd
			if p.override != stateNone {
				inside := false
				for end = i; end < len(in); end++ {
					c := in[end]
					if charClass[c]&authorityDelim == 0 {
						continue
					}
					if c == ':' && !inside || c == '/' || c == '?' || c == '#' || c == '\\' && special {
						break
					}
					if c == '[' {
						inside = true
					} else if c == ']' {
						inside = false
					}
				}
			}
			buffer := in[i:end]
			if at(in, end) == ':' {
				// If buffer is the empty string, host-missing validation
				// error, return failure. If state override is hostname
				// state, then return failure.
				if buffer == "" {
					return p.fail(vHostMissing, i, i)
				}
				if p.override == stateHostname || !p.writeHost(buffer, i) {
					return false
				}
				p.hostSet = true
				p.mark(spanHost, i, end)
				st, i = statePort, end+1
				continue
			}
			// If url is special and buffer is the empty string,
			// host-missing validation error, return failure. Otherwise, if
			// state override is given, buffer is the empty string, and
			// either url includes credentials or url's port is non-null,
			// then return failure.
			if special && buffer == "" {
				return p.fail(vHostMissing, i, i)
			}
			if p.override != stateNone && buffer == "" && (p.base.hasUserinfo() || p.base.Port() != "") {
				return false
			}
			if !p.writeHost(buffer, i) {
				return false
			}
			p.hostSet = true
			p.mark(spanHost, i, end)
			if p.override != stateNone {
				return true
			}
			st, i = statePathStart, end

		case statePort:
			start := i
			for i < len(in) && urlchars.IsDigit(in[i]) {
				i++
			}
			c := at(in, i)
			if c != -1 && c != '/' && c != '?' && c != '#' && !(c == '\\' && p.scheme.special()) && p.override == stateNone {
				return p.fail(vPortInvalid, i, p.cpEnd(i))
			}
			// If buffer is not the empty string, set url's port (null for
			// the scheme's default port) or fail with port-out-of-range;
			// if state override is given, then return. Otherwise, if state
			// override is given, then return failure.
			if i > start {
				if !p.writePort(in[start:i], start) {
					return false
				}
				p.portSet = true
			}
			if p.override != stateNone {
				return p.portSet
			}
			p.mark(spanPort, start, i)
			st = statePathStart

		case stateFile:
			if p.u.schemeEnd == 0 {
				p.setScheme("file")
			}
			b := p.base
			c := at(in, i)
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.report(vInvalidReverseSolidus, i, i+1)
				}
				st, i = stateFileSlash, i+1
				continue
			}
			if b == nil || b.schemeType() != schemeFile {
				p.writeEmptyHost()
				p.u.pathStart = uint32(len(p.buf))
				st = statePath
				continue
			}
			// Set url's host to base's host, path to a clone of base's
			// path, and query to base's query.
			if next, j, ok := p.fromBase(c, i); ok {
				st, i = next, j
				continue
			}
			// Set url's query to null. If the code point substring from
			// pointer to the end does not start with a Windows drive letter,
			// shorten url's path; otherwise set it to « »
			// (file-invalid-Windows-drive-letter validation error).
			if !startsWithWindowsDriveLetter(in[i:]) {
				p.copyBase(throughPath)
				p.shorten()
			} else {
				p.report(vFileInvalidWindowsDriveLetter, i, i+2)
				p.copyBase(throughAuthority)
			}
			st = statePath

		case stateFileSlash:
			c := at(in, i)
			if c == '/' || c == '\\' {
				if c == '\\' {
					p.report(vInvalidReverseSolidus, i, i+1)
				}
				st, i = stateFileHost, i+1
				continue
			}
			if b := p.base; b != nil && b.schemeType() == schemeFile {
				p.copyBase(throughAuthority)
				p.u.pathStart = uint32(len(p.buf))
				// If the substring does not start with a Windows drive letter
				// and base's path[0] is a normalized Windows drive letter,
				// append base's path[0] to url's path.
				if bp := b.Pathname(); !startsWithWindowsDriveLetter(in[i:]) && len(bp) >= 3 &&
					isNormalizedWindowsDriveLetter(bp[1:3]) && (len(bp) == 3 || bp[3] == '/') {
					p.buf = append(p.buf, bp[:3]...)
				}
			} else {
				p.writeEmptyHost()
				p.u.pathStart = uint32(len(p.buf))
			}
			st = statePath

		case stateFileHost:
			end := i
			for end < len(in) && in[end] != '/' && in[end] != '\\' && in[end] != '?' && in[end] != '#' {
				end++
			}
			buffer := in[i:end]
			p.writeEmptyHost()
			if p.override == stateNone && isWindowsDriveLetter(buffer) {
				// file-invalid-Windows-drive-letter-host validation error;
				// buffer is not reset and is used in the path state.
				p.report(vFileInvalidWindowsDriveLetterHost, i, end)
				p.hostPipe = i + 2
				p.u.pathStart = uint32(len(p.buf))
				st = statePath
				continue
			}
			p.mark(spanHost, i, end)
			if buffer != "" {
				if !p.writeHost(buffer, i) {
					return false
				}
				// If host is "localhost", then set host to the empty string.
				if string(p.buf[p.u.hostStart:p.u.hostEnd]) == "localhost" {
					p.buf = p.buf[:p.u.hostStart]
					p.u.hostEnd = p.u.hostStart
					p.u.hostKind = EmptyHost
				}
			}
			// If state override is given, then return.
			p.hostSet = true
			if p.override != stateNone {
				return true
			}
			st, i = statePathStart, end

		case statePathStart:
			p.u.pathStart = uint32(len(p.buf))
			c := at(in, i)
			if p.scheme.special() || c != -1 && c != '?' && c != '#' {
				p.mark(spanPath, i, -1) // the path state follows
			}
			switch {
			case p.scheme.special():
				// A backslash is an invalid-reverse-solidus validation error.
				if c == '/' || c == '\\' {
					i++
				}
				st = statePath
			case p.override == stateNone && c == '?':
				p.startQuery()
				st, i = stateQuery, i+1
			case p.override == stateNone && c == '#':
				p.startFragment()
				st, i = stateFragment, i+1
			case c != -1:
				if c == '/' {
					i++
				}
				st = statePath
			default:
				if p.override != stateNone && p.u.hostKind == NoHost {
					p.buf = append(p.buf, '/')
				}
				st = stateDone
			}

		case statePath:
			st, i = p.path(i)

		case stateOpaquePath:
			for ; i < len(in) && in[i] != '?' && in[i] != '#'; i++ {
				c := in[i]
				if c == ' ' {
					// If remaining starts with U+003F (?) or U+0023 (#), then
					// append "%20" to url's path; otherwise append a space.
					if n := at(in, i+1); n == '?' || n == '#' {
						p.buf = append(p.buf, "%20"...)
						continue
					}
				}
				p.buf = appendEncodedByte(p.buf, c, encC0)
			}
			st, i = p.afterPath(i)

		case stateQuery:
			set := encQuery
			if p.scheme.special() {
				set = encSpecialQuery
			}
			end := len(in)
			if p.override == stateNone {
				if j := strings.IndexByte(in[i:], '#'); j >= 0 {
					end = i + j
				}
			}
			p.buf = appendEncoded(p.buf, in[i:end], set)
			p.mark(spanQuery, i, end)
			i = end
			st = stateDone
			if i < len(in) {
				p.startFragment()
				st, i = stateFragment, i+1
			}

		case stateFragment:
			p.buf = appendEncoded(p.buf, in[i:], encFragment)
			p.mark(spanFragment, i, len(in))
			st = stateDone

		case stateDone:
			return true
		}
	}
}

// path runs the path state from i until the path ends, and returns the
// next state and pointer.
func (p *parser) path(i int) (state, int) {
	in := p.in
	if p.record && p.spans[spanPath][0] < 0 {
		p.spans[spanPath][0] = i
	}
	special := p.scheme.special()
	for {
		segStart := len(p.buf)
		p.buf = append(p.buf, '/')
		// UTF-8 percent-encode c using the path percent-encode set and
		// append the result to buffer, a run at a time. (A code point that
		// is not a URL code point, or a % not followed by two hex digits,
		// is an invalid-URL-unit validation error.)
		run := i
		for ; uint(i) < uint(len(in)); i++ { // as a uint: no bounds check of in[i]
			c := in[i]
			if charClass[c]&pathStop == 0 {
				continue
			}
			if c == '/' || c == '\\' {
				if special || c == '/' {
					break
				}
				continue
			}
			if p.override == stateNone && (c == '?' || c == '#') {
				break
			}
			p.buf = append(p.buf, in[run:i]...)
			p.buf = append(p.buf, '%', upperHex[c>>4], upperHex[c&15])
			run = i + 1
		}
		p.buf = append(p.buf, in[run:i]...)
		slash := i < len(in) && (in[i] == '/' || in[i] == '\\' && special)
		seg := p.buf[segStart+1:]
		switch {
		case isDoubleDot(seg):
			// Shorten url's path; unless c is a slash, append the empty
			// string to url's path.
			p.buf = p.buf[:segStart]
			p.shorten()
			if !slash {
				p.buf = append(p.buf, '/')
			}
		case isSingleDot(seg):
			p.buf = p.buf[:segStart]
			if !slash {
				p.buf = append(p.buf, '/')
			}
		case p.scheme == schemeFile && segStart == int(p.u.pathStart) && isWindowsDriveLetter(seg):
			// Replace the second code point in buffer with U+003A (:).
			seg[1] = ':'
		}
		if !slash {
			return p.afterPath(i)
		}
		i++
	}
}

// fromBase goes on after a reference took its base's components, when c,
// the code point at i, is one of three: "?" keeps the base's path and
// starts an empty query, "#" keeps the base's path and query and starts an
// empty fragment, and the end keeps them all. It reports false otherwise.
func (p *parser) fromBase(c, i int) (state, int, bool) {
	switch c {
	case '?':
		p.copyBase(throughPath)
		p.startQuery()
		return stateQuery, i + 1, true
	case '#':
		p.copyBase(throughQuery)
		p.startFragment()
		return stateFragment, i + 1, true
	case -1:
		p.copyBase(throughQuery)
		return stateDone, i, true
	}
	return stateDone, i, false
}

// afterPath starts the query or the fragment at i, if there is one.
func (p *parser) afterPath(i int) (state, int) {
	if p.record && p.spans[spanPath][0] >= 0 {
		// The path as typed; none when nothing was typed for it.
		if p.spans[spanPath][0] == i {
			p.spans[spanPath][0] = -1
		} else {
			p.spans[spanPath][1] = i
		}
	}
	switch at(p.in, i) {
	case '?':
		p.startQuery()
		return stateQuery, i + 1
	case '#':
		p.startFragment()
		return stateFragment, i + 1
	}
	return stateDone, i
}

// shorten shortens url's path: it removes the last segment, unless the URL
// is a file URL whose path is a single normalized Windows drive letter.
func (p *parser) shorten() {
	path := p.buf[p.u.pathStart:]
	if p.scheme == schemeFile && len(path) == 3 && isNormalizedWindowsDriveLetter(path[1:]) {
		return
	}
	if j := bytes.LastIndexByte(path, '/'); j >= 0 {
		p.buf = p.buf[:int(p.u.pathStart)+j]
	}
}

// setScheme writes scheme, lowercased, and its U+003A (:). Until an
// authority is written the URL's host is null.
func (p *parser) setScheme(scheme string) {
	switch scheme { // the common cases, without a copy to lowercase
	case "https":
		p.buf, p.scheme = append(p.buf[:0], scheme...), schemeHTTPS
	case "http":
		p.buf, p.scheme = append(p.buf[:0], scheme...), schemeHTTP
	case "file":
		p.buf, p.scheme = append(p.buf[:0], scheme...), schemeFile
	default:
		p.buf = appendLower(p.buf[:0], scheme)
		p.scheme = schemeTypeOf(p.buf)
	}
	p.buf = append(p.buf, ':')
	n := uint32(len(p.buf))
	p.u = URL{schemeEnd: n - 1, usernameEnd: n, hostStart: n, hostEnd: n, pathStart: n}
}

// overrideScheme runs the scheme state's steps for a state override (the
// protocol setter), on scheme as written: the checks, then url's scheme
// set, and its port set to null when it is the new scheme's default port.
// The rest of url, the base, stays as it is. It reports false, for
// "return", when a check fails.
func (p *parser) overrideScheme(scheme string) bool {
	u := p.base
	t := schemeTypeOf(appendLower(nil, scheme))
	switch {
	case u.scheme.special() != t.special():
		// If url's scheme is a special scheme and buffer is not a
		// special scheme, then return; and the reverse.
		return false
	case t == schemeFile && (u.hasUserinfo() || u.Port() != ""):
		// If url includes credentials or has a non-null port, and buffer
		// is "file", then return.
		return false
	case u.scheme == schemeFile && u.hostKind == EmptyHost:
		// If url's scheme is "file" and its host is an empty host, then
		// return.
		return false
	}
	p.setScheme(scheme)
	port := u.Port()
	if d := t.defaultPort(); d >= 0 && port == itoa(uint32(d)) {
		port = "" // url's port is the new scheme's default port: null
	}
	p.appendAuthority(u, u.Username(), u.Password(), port)
	p.appendPathOn(u)
	return true
}

// appendAuthority appends the authority of u, the base of a setter, when
// it has a host: "//", username and password (as writeUserinfo writes
// them), u's host, then ":" and port when port is not "".
func (p *parser) appendAuthority(u *URL, username, password, port string) {
	if u.hostKind == NoHost {
		return
	}
	p.buf = append(p.buf, '/', '/')
	p.writeUserinfo(username, password)
	p.buf = append(p.buf, u.Hostname()...)
	p.u.hostEnd = uint32(len(p.buf))
	p.u.hostKind = u.hostKind
	if port != "" {
		p.buf = append(p.buf, ':')
		p.buf = append(p.buf, port...)
	}
}

// appendPathOn appends the path of u, the base of a setter, and its query
// and fragment.
func (p *parser) appendPathOn(u *URL) {
	p.u.pathStart = uint32(len(p.buf))
	p.u.flags = u.flags & flagOpaquePath
	p.buf = append(p.buf, u.Pathname()...)
	p.appendQueryAndFragment(u, true)
}

// The components copyBase copies: the scheme, and then each of the
// authority (credentials, host and port), the path and the query.
const (
	throughScheme = iota
	throughAuthority
	throughPath
	throughQuery
)

// copyBase makes the URL a copy of the base's components through the one
// named, with the base's offsets.
func (p *parser) copyBase(through int) {
	b := p.base
	p.scheme = b.schemeType()
	p.buf = append(p.buf[:0], b.href[:b.schemeEnd+1]...)
	n := b.schemeEnd + 1
	p.u = URL{schemeEnd: b.schemeEnd, usernameEnd: n, hostStart: n, hostEnd: n, pathStart: n}
	if through >= throughAuthority && b.hostKind != NoHost {
		p.buf = append(p.buf, b.href[n:b.pathStart]...)
		p.u.usernameEnd, p.u.hostStart, p.u.hostEnd = b.usernameEnd, b.hostStart, b.hostEnd
		p.u.hostKind = b.hostKind
		p.u.pathStart = b.pathStart
	}
	if through >= throughPath {
		// The path, without the "/." a null-host href may have before it.
		p.buf = append(p.buf, b.Pathname()...)
		p.u.flags = b.flags & flagOpaquePath
	}
	if through >= throughQuery && b.queryStart != 0 {
		p.u.queryStart = uint32(len(p.buf))
		p.buf = append(p.buf, b.href[b.queryStart:b.queryEnd()]...)
	}
}

// writeUserinfo writes the userinfo before the host: the username, then
// U+003A (:) and the password when it is not empty, then U+0040 (@) when
// either is not empty. Each is percent-encoded with the userinfo set,
// which leaves a username or password the parser encoded as it is.
func (p *parser) writeUserinfo(username, password string) {
	start := len(p.buf)
	p.buf = appendEncoded(p.buf, username, encUserinfo)
	p.u.usernameEnd = uint32(len(p.buf))
	if password != "" {
		p.buf = append(p.buf, ':')
		p.buf = appendEncoded(p.buf, password, encUserinfo)
	}
	if len(p.buf) > start {
		p.buf = append(p.buf, '@')
	}
	p.u.hostStart = uint32(len(p.buf))
	p.u.hostEnd = p.u.hostStart
}

// writeHost host-parses input (found at offset at) and writes the result.
func (p *parser) writeHost(input string, at int) bool {
	if p.sink != nil {
		// The validation errors that do not make the host fail (the host
		// parser reports those), in a second pass.
		hostViolations(input, p.scheme.special(), func(v verr, start, end int) {
			p.report(v, at+start, at+end)
		})
	}
	buf, kind, err := appendHost(p.buf, input, !p.scheme.special())
	if err != nil {
		if err.end == 0 {
			return p.fail(err.v, at, at+len(input))
		}
		return p.fail(err.v, at+err.at, at+err.end)
	}
	p.buf = buf
	p.u.hostEnd = uint32(len(p.buf))
	p.u.hostKind = kind
	return true
}

// writeEmptyHost writes "//" and the empty host, as file URLs without a
// host have.
func (p *parser) writeEmptyHost() {
	p.buf = append(p.buf, '/', '/')
	n := uint32(len(p.buf))
	p.u.usernameEnd, p.u.hostStart, p.u.hostEnd = n, n, n
	p.u.hostKind = EmptyHost
}

// writePort writes the port that digits spell (found at offset at), unless
// digits is empty or spells the scheme's default port.
func (p *parser) writePort(digits string, at int) bool {
	if digits == "" {
		return true
	}
	port, ok := parsePort(digits)
	if !ok {
		return p.fail(vPortOutOfRange, at, at+len(digits))
	}
	if port != p.scheme.defaultPort() {
		p.buf = append(p.buf, ':')
		p.buf = appendUint(p.buf, uint32(port))
	}
	return true
}

// parsePort returns the value of a string of ASCII digits, and whether it
// is a 16-bit unsigned integer.
func parsePort(digits string) (int, bool) {
	port := 0
	for i := 0; i < len(digits); i++ {
		port = port*10 + int(digits[i]-'0')
		if port > 0xFFFF {
			return 0, false
		}
	}
	return port, true
}

func (p *parser) startQuery() {
	p.u.queryStart = uint32(len(p.buf))
	p.buf = append(p.buf, '?')
}

func (p *parser) startFragment() {
	p.u.fragmentStart = uint32(len(p.buf))
	p.buf = append(p.buf, '#')
}

// finish serializes the record: it puts "/." before a path that would
// otherwise read as an authority (the URL serializer's step 3), and
// returns the URL, whose href is the input itself when the two are equal.
func (p *parser) finish() URL {
	u := p.u
	if u.hostKind == NoHost && u.flags&flagOpaquePath == 0 && u.pathStart == u.schemeEnd+1 {
		path := p.buf[u.pathStart:]
		if len(path) > 1 && path[0] == '/' && path[1] == '/' {
			p.buf = append(p.buf, 0, 0)
			copy(p.buf[u.pathStart+2:], p.buf[u.pathStart:])
			p.buf[u.pathStart], p.buf[u.pathStart+1] = '/', '.'
			u.pathStart += 2
			if u.queryStart != 0 {
				u.queryStart += 2
			}
			if u.fragmentStart != 0 {
				u.fragmentStart += 2
			}
		}
	}
	u.scheme = p.scheme
	switch {
	case p.reuse && string(p.buf) == p.in:
		u.href = p.in
	case len(p.buf) >= largeHref && len(p.buf) >= cap(p.buf)/2:
		// A long href takes the buffer over rather than a copy of it.
		u.href = unsafe.String(unsafe.SliceData(p.buf), len(p.buf))
		p.buf = nil
	default:
		u.href = string(p.buf)
	}
	return u
}

// at returns the byte at i, or -1 (the EOF code point) past the end.
func at(s string, i int) int {
	if i < len(s) {
		return int(s[i])
	}
	return -1
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// isWindowsDriveLetter reports whether s is a Windows drive letter: an
// ASCII alpha and then U+003A (:) or U+007C (|).
func isWindowsDriveLetter[S string | []byte](s S) bool {
	return len(s) == 2 && urlchars.IsAlpha(s[0]) && (s[1] == ':' || s[1] == '|')
}

// isNormalizedWindowsDriveLetter reports whether s is a Windows drive
// letter whose second code point is U+003A (:).
func isNormalizedWindowsDriveLetter[S string | []byte](s S) bool {
	return len(s) == 2 && urlchars.IsAlpha(s[0]) && s[1] == ':'
}

// startsWithWindowsDriveLetter reports whether s starts with a Windows
// drive letter.
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !isWindowsDriveLetter(s[:2]) {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

// isSingleDot reports whether seg is a single-dot URL path segment.
func isSingleDot[S string | []byte](seg S) bool { return urlchars.IsSingleDot(seg) }

// isDoubleDot reports whether seg is a double-dot URL path segment.
func isDoubleDot[S string | []byte](seg S) bool { return urlchars.IsDoubleDot(seg) }

// printableASCII reports whether every byte of s is from 0x20 to 0x7F:
// then s has no tab or newline to remove and is valid UTF-8. It tests
// eight bytes at a time: a byte below 0x20 borrows, or one from 0x80 up
// already has, its high bit. It reads s to its end without stopping (a
// failing input is rare and costs no more than a passing one), and reads
// its last eight bytes again rather than a byte at a time.
func printableASCII(s string) bool {
	const spaces, highs = 0x2020202020202020, 0x8080808080808080
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 || s[i] >= 0x80 {
				return false
			}
		}
		return true
	}
	var bad uint64
	for i := 0; i <= len(s)-8; i += 8 {
		w := urlchars.Word8(s[i : i+8])
		bad |= w - spaces | w
	}
	w := urlchars.Word8(s[len(s)-8:])
	bad |= w - spaces | w
	return bad&highs == 0
}
