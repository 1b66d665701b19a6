// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/layer"
	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file is the layer between a spreadsheet cell and [webaddress.Parse]: [Tidy]
// turns a cell into the address text a person meant, or says why the cell
// is not an address, and reports every change as a fact. It holds Tidy's
// rules and the trimming of a cell's ends; the other steps are in
// tidy_unwrap.go (wrapped links), tidy_email.go (e-mail addresses),
// tidy_split.go (several addresses in a cell) and tidy_typos.go
// (address-bar typos); the public-website test is webaddress.Address.IsPublicWebsite.

// tidyOptions are the choices of the rules (Options.Tidy).
type tidyOptions struct {
	emailToWebsite bool // Options.KeepEmails false
}

// Tidied is a cell as [Tidy] left it.
type Tidied struct {
	// Cell is the cell as given.
	Cell string
	// Text is the address text to parse: Cell itself when Tidy changed
	// nothing, else the tidied text, trimmed of white space. When Tidy
	// fails, Text is what the failure is about: the placeholder, the
	// e-mail address, the text holding several addresses.
	Text string
	// Start is the byte offset of Text in Cell when Text is a part of
	// Cell, as it is unless a link was unwrapped, a typo repaired or an
	// e-mail address turned into its domain; then Start is -1.
	Start int
	// Facts are the facts of Tidy's changes, one per kind of change
	// ([webaddress.FactInvisibleRemoved], [webaddress.FactWrappingRemoved],
	// [webaddress.FactTrailingPunctuationRemoved], [webaddress.FactTypoRepaired],
	// [webaddress.FactLinkUnwrapped], [webaddress.FactEmailDomain]), and [webaddress.FactOpaqueRedirect].
	// When Facts has none of the changes, Text is Cell.
	Facts webaddress.Facts
	// Parts are the addresses of a cell that holds several (the error's
	// code is [CodeSeveralAddresses]), each as written in Text; nil
	// otherwise. Tidy each part to parse it.
	Parts []string
}

// changeFacts are the facts of the changes the rules make to a cell.
const changeFacts = webaddress.FactInvisibleRemoved | webaddress.FactWrappingRemoved | webaddress.FactTrailingPunctuationRemoved |
	webaddress.FactTypoRepaired | webaddress.FactLinkUnwrapped | webaddress.FactEmailDomain

// maxUnwrap is how many wrapped links, one inside the other, Tidy undoes.
const maxUnwrap = 5

// maxRounds bounds how many times Tidy goes through its rules again after
// a wrapped link, an e-mail address or a typo rewrote the text; a typo
// may come before each wrapped link, so it is never reached.
const maxRounds = 3*maxUnwrap + 4

// Tidy turns a spreadsheet cell into the website address its author
// meant, or reports why it is not one; Raw does not apply. It applies these rules, in this
// order, and reports each change by a fact, so that a fact never hides a
// change; white space at the ends, which [webaddress.Parse] trims itself, is
// trimmed without one.
//
//  1. Invisible characters at the ends are removed
//     ([webaddress.FactInvisibleRemoved]): format characters (Unicode category Cf:
//     byte order mark, zero-width space, zero-width joiner and non-joiner,
//     word joiner, soft hyphen, bidirectional marks and isolates), the
//     Hangul fillers, and control characters. No-break spaces are white
//     space. Inside a host, UTS #46 decides, as [webaddress.Parse] does.
//  2. A cell that is then empty fails with [CodeEmpty]; one with no letter
//     or digit ("-", "?", "...") with [CodePlaceholder].
//  3. Wrapping is removed ([webaddress.FactWrappingRemoved]): straight and curly
//     quotes, guillemets and CJK quotes around the cell, or alone at one
//     end of it; matching brackets around the cell ("<…>", "(…)", "[…]",
//     "{…}"); a bracket at one end whose partner is nowhere in the cell.
//  4. Trailing sentence punctuation is removed
//     ([webaddress.FactTrailingPunctuationRemoved]): ",", "!", "?" (so an empty
//     query goes), ")" without its "(", ";" unless it ends an HTML
//     character reference ("&amp;"), their CJK full-width forms and "。",
//     and "." after a closing quote or bracket or after a path (a "/"
//     after the host), unless it ends a "." or ".." segment:
//     "acme.com." keeps the root dot it may be. A URL whose own last
//     character is one of these loses it too ("/wiki/Yahoo!"), and the
//     fact says so. Steps 1, 3 and 4 repeat until none applies; past 64
//     removals the cell fails with [webaddress.CodeInvalidURL].
//  5. A placeholder fails with [CodePlaceholder]: "n/a", "none", "null",
//     "0", "tbd", "unknown", "no website", "see above", "x", "#N/A" and the
//     others of placeholders.txt in internal/data, compared ignoring case; a
//     cell of zeros; a scheme and "www" alone ("http://", "www."). So is
//     "http://" or "https://" (and "www." or not) before a placeholder or
//     before no letter or digit, with at most a "/" after it
//     ("http://tbd", "https://www.n/a/", "http://-"): a scheme does not
//     make a placeholder an address.
//  6. A wrapped link is replaced by its target ([webaddress.FactLinkUnwrapped]), and
//     the steps from 1 run again on it, up to 5 wrappers deep: Microsoft
//     Safe Links, Proofpoint URL Defense v1, v2 and v3, Google's /url,
//     Facebook's and Instagram's link shims, LinkedIn's, Slack's and
//     YouTube's redirects, Barracuda, Trend Micro, Sophos, FireEye and
//     WhatsApp, each decoded as its provider documents or publishes it
//     (link_wrappers.txt in internal/data, with the sources). The target must
//     be an http, https or mailto URL, or an address without a scheme
//     under a listed top-level domain. A wrapper whose target cannot be
//     read, or that is nested deeper, stays as it is with
//     [webaddress.FactOpaqueRedirect].
//  7. An e-mail address ("sales@acme.com", "mailto:sales@acme.com",
//     "Sales <sales@acme.com>") fails with [CodeEmail] with [Options.KeepEmails], or,
//     without, becomes its domain's website
//     ([webaddress.FactEmailDomain]), except at a free-mail or Internet-provider
//     domain, where it fails with [CodeEmailFreeMail], and at a domain
//     that is not a public one (no public suffix, a reserved name), where
//     it fails with [CodeEmailNotPublic]. It is never the user info of a
//     website. After "http://" or "https://", an e-mail address (with at
//     most a "/" after it) at a free-mail or Internet-provider domain
//     fails too ("http://shop@gmail.com": no company's website is there),
//     with [CodeEmailFreeMail], or [CodeEmail] with KeepEmails; at any other domain it is what the URL Standard reads, user
//     info and host ("http://user@acme.com"), and keeps its key.
//  8. A cell of several addresses, separated by white space, newlines,
//     ",", ";", "|" or " / ", fails with [CodeSeveralAddresses] and
//     Tidied.Parts holds them: every part must look like an address (a
//     host under a listed top-level domain, an IPv4 address or an e-mail
//     address), so that a space in a path or a fragment
//     ("page.html#Main Story") splits nothing.
//  9. Address-bar typos are repaired ([webaddress.FactTypoRepaired]), and the rules
//     run again from step 1 on the result. A ";" for the ":" of http or
//     https is Chromium's repair (components/url_formatter/url_fixer.cc,
//     SegmentURLInternal: "http;//acme.com"); a doubled ":" ("https:://")
//     and a "." or "," ("http.//") are repaired the same way. Misspelled
//     schemes become http or https as Firefox's address bar makes them
//     (browser.fixup.typo.scheme: "htp://", "ttps://", plus doubled
//     letters "hhttp://": scheme_typos.txt in internal/data). The rest are
//     typos seen in CRM exports, which neither browser repairs: a missing ":"
//     ("http//", "https//", "http/", "http\\"), a doubled scheme, whose
//     outer one goes ("http://http://acme.com", "http://https//acme.com"),
//     "://" with no scheme before it, 1 to 4 letters glued before "http://"
//     or "https://" ("hohttp://", no scheme in use ends so), and "www,"
//     or "www.." (an empty label) at the start of the host for "www."
//     ("www..acme.com"). A repaired
//     scheme is written in lowercase and followed by "://", and a scheme
//     must be followed by a slash to be repaired ("http::b@acme.com" is
//     the Standard's empty user name and password "b"). "http:/acme.com", "http:\\acme.com",
//     "http:acme.com" and "http:///acme.com" are left as they are: the URL
//     Standard reads them as browsers do.
//  10. A link whose target is not in it, a URL shortener (t.co, bit.ly,
//     ...) or Mimecast, gets [webaddress.FactOpaqueRedirect]: it is not guessed at.
//
// A cell that is not valid UTF-8 fails with [webaddress.CodeInvalidUTF8], as in
// [webaddress.Parse]. A failure is an *[webaddress.Error] whose Input is the cell; the Tidied
// returned with it says what was found.
//
// Tidy makes no allocation when no rule applies, the common case, unless
// the cell has white space, ",", ";" or "|" between parts that all look
// like domain names: their look-up in the Public Suffix List allocates.
func (o Options) Tidy(cell string) (Tidied, error) {
	var s tidyState
	return s.tidy(cell, tidyOptions{emailToWebsite: !o.KeepEmails})
}

// Parse parses t.Text with [webaddress.Parse] and adds to the Address's facts
// t.Facts and, for an http or https address whose host is not a public
// website, [webaddress.FactNotPublicWebsite]. The Address's Input is t.Text, its
// Cell is t.Cell, and its Fields are spans of t.Text, which
// [Tidied.CellSpan] turns into spans of the cell. Parse is for a Tidied
// that [Tidy] returned without an error, or one of its Parts tidied (whose
// Cell may be set to the whole cell, to keep it in the record).
func (t Tidied) Parse() (a webaddress.Address, err error) {
	if a, err = layer.FromRecord[webaddress.Address](t.Cell, t.Text, uint64(t.Facts)); err != nil {
		return webaddress.Address{}, err
	}
	if a.IsWebsite() && !a.IsPublicWebsite() {
		a = layer.WithFacts(a, uint64(webaddress.FactNotPublicWebsite))
	}
	return a, nil
}

// CellSpan returns s, a span of t.Text (such as a field of the Address
// [Tidied.Parse] returns), as a span of t.Cell, or {-1, -1} when s is
// absent or Text is not a part of Cell (t.Start is -1).
func (t Tidied) CellSpan(s webaddress.Span) webaddress.Span {
	if !s.IsPresent() || t.Start < 0 {
		return webaddress.Span{Start: -1, End: -1}
	}
	return webaddress.Span{Start: s.Start + t.Start, End: s.End + t.Start}
}

// tidyState is the text Tidy works on: where it is in the cell, and the
// facts of the changes made so far.
type tidyState struct {
	text   string
	start  int // the byte offset of text in the cell; -1 once it was rewritten
	facts  webaddress.Facts
	trims  int    // how many times trimEnds removed something
	target string // the target of the last wrapped link undone
}

// A tidyFailure is why a cell is not one address: the code ("" for none),
// the byte offset in the cell (-1 when not known) and the reason.
type tidyFailure struct {
	code   webaddress.Code
	offset int
	reason string
}

// offset returns the offset in the cell of byte at of the text, or -1
// once the text was rewritten.
func (s *tidyState) offset(at int) int {
	if s.start < 0 {
		return -1
	}
	return s.start + at
}

// cut removes front bytes from the start of the text and back bytes from
// its end.
func (s *tidyState) cut(front, back int) {
	s.text = s.text[front : len(s.text)-back]
	if s.start >= 0 {
		s.start += front
	}
}

// rewrite replaces the text with one that is not a part of the cell.
func (s *tidyState) rewrite(text string) {
	s.text = text
	s.start = -1
}

// tidy is Tidy, with s its state, which it resets.
func (s *tidyState) tidy(cell string, opts tidyOptions) (Tidied, error) {
	t := Tidied{Cell: cell, Text: cell}
	if !utf8.ValidString(cell) {
		_, err := webaddress.Parse(cell) // Parse's CodeInvalidUTF8 error, at the first bad byte
		return t, err
	}
	*s = tidyState{text: cell}
	if f, parts := s.rounds(cell, opts); f.code != "" {
		t.Text, t.Start, t.Facts, t.Parts = s.text, s.start, s.facts, parts
		return t, layer.NewError(string(f.code), cell, f.offset, f.reason)
	}
	if s.facts&changeFacts == 0 {
		// Nothing changed but white space at the ends, which Parse
		// trims: the text to parse is the cell, so that Parse's spans
		// are spans of the cell.
		t.Facts = s.facts
		return t, nil
	}
	t.Text, t.Start, t.Facts = s.text, s.start, s.facts
	return t, nil
}

// rounds runs Tidy's steps on the text until none changes it (or for
// maxRounds rounds): the ends trimmed (trim), a wrapped link undone, an
// e-mail address made its domain's website (email), and typos repaired,
// each change tidied again from step 1. It returns why the cell is not one
// address, with the parts of a cell of several.
func (s *tidyState) rounds(cell string, opts tidyOptions) (tidyFailure, []string) {
	unwraps := 0
	var (
		link     linkHost // what is known of the host of linkText
		linkText string
	)
	for round := 0; ; round++ {
		if f := s.trim(cell); f.code != "" {
			return f, nil
		}
		if round == maxRounds {
			break
		}

		host, rest := hostOf(s.text)
		link, linkText = linkHostOf(host, rest), s.text
		if to, found, ok := unwrapHostLink(link, rest); found {
			if ok && unwraps < maxUnwrap {
				s.target = to
				s.rewrite(to)
				s.facts |= webaddress.FactLinkUnwrapped
				unwraps++
				continue
			}
			s.facts |= webaddress.FactOpaqueRedirect
		}

		if f, rewritten := s.email(opts); f.code != "" {
			return f, nil
		} else if rewritten {
			continue
		}

		if parts, at := splitAddresses(s.text); parts != nil {
			return tidyFailure{CodeSeveralAddresses, s.offset(at), partsReason(parts)}, parts
		}

		if !s.repairTypos() {
			break
		}
		// The repaired text is tidied again from step 1.
	}
	if s.text != linkText {
		link = linkHostOf(hostOf(s.text))
	}
	if link.opaque {
		s.facts |= webaddress.FactOpaqueRedirect
	}
	return tidyFailure{}, nil
}

// trim is the first steps of a round: invisible characters and the
// quotes, brackets and punctuation at the ends removed. It fails an empty
// cell, a placeholder (before and after the ends are trimmed: a cell of
// punctuation would be trimmed away), and ends trimmed more than maxTrims
// times, which leaves the text the cell.
func (s *tidyState) trim(cell string) tidyFailure {
	s.trimInvisible()
	if s.text == "" {
		return tidyFailure{CodeEmpty, 0, "the cell is empty"}
	}
	if !hasLetterOrDigit(s.text) || isPlaceholder(s.text) || placeholderAfterScheme(s.text) {
		return s.placeholder()
	}
	trims := s.trims
	if !s.trimEnds() {
		s.text, s.start = cell, 0
		return tidyFailure{webaddress.CodeInvalidURL, 0, "more than " + strconv.Itoa(maxTrims) + " quotes, brackets and punctuation marks at the ends"}
	}
	if s.trims > trims && (isPlaceholder(s.text) || placeholderAfterScheme(s.text)) {
		return s.placeholder()
	}
	return tidyFailure{}
}

// placeholder returns the failure of a text that is a placeholder.
func (s *tidyState) placeholder() tidyFailure {
	return tidyFailure{CodePlaceholder, s.start, strconv.Quote(s.text) + " is a placeholder, not an address"}
}

// email is the e-mail step: an e-mail address written after a scheme at
// a free-mail domain fails; another e-mail address becomes its domain's
// website (rewritten) unless KeepEmails, or fails.
func (s *tidyState) email(opts tidyOptions) (f tidyFailure, rewritten bool) {
	if addr, at, reason, ok := emailAfterScheme(s.text); ok {
		code := CodeEmailFreeMail
		if !opts.emailToWebsite {
			code = CodeEmail // kept as an e-mail address, whatever its domain
		}
		return s.failEmail(addr, at, code, reason), false
	}
	addr, at, domain, ok := emailOf(s.text)
	if !ok {
		return tidyFailure{}, false
	}
	site, code, reason := emailWebsite(domain)
	if !opts.emailToWebsite {
		if code == "" {
			reason = "an e-mail address, not a website"
		}
		code = CodeEmail // kept as an e-mail address, whatever its domain
	}
	if code != "" {
		return s.failEmail(addr, at, code, reason), false
	}
	s.rewrite(site)
	s.facts |= webaddress.FactEmailDomain
	return tidyFailure{}, true
}

// failEmail makes the e-mail address addr, whose "@" is byte at of the
// text, the text (inside "Name <…>", say), and returns its failure.
func (s *tidyState) failEmail(addr string, at int, code webaddress.Code, reason string) tidyFailure {
	offset := s.offset(at)
	if s.start >= 0 {
		s.start += strings.Index(s.text, addr)
	}
	s.text = addr
	return tidyFailure{code, offset, reason}
}

// isInvisible reports whether r is removed from the ends of a cell as an
// invisible character: a format character (category Cf), a Hangul filler
// or the combining grapheme joiner (default-ignorable code points that
// show nothing), or a control character that is not white space.
func isInvisible(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f:
		return !unicode.IsSpace(r)
	case r < 0x80:
		return false
	case r < 0xa0:
		return r != 0x85 // C1 controls; U+0085 NEXT LINE is white space
	case r == 0x034f, r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0:
		return true
	}
	return unicode.Is(unicode.Cf, r)
}

// trimInvisible removes white space and invisible characters from the
// ends of the text.
func (s *tidyState) trimInvisible() {
	for s.text != "" {
		c := s.text[0]
		if c > ' ' && c < utf8.RuneSelf && c != 0x7f {
			break
		}
		r, n := utf8.DecodeRuneInString(s.text)
		if unicode.IsSpace(r) {
			s.cut(n, 0)
		} else if isInvisible(r) {
			s.cut(n, 0)
			s.facts |= webaddress.FactInvisibleRemoved
		} else {
			break
		}
	}
	for s.text != "" {
		c := s.text[len(s.text)-1]
		if c > ' ' && c < utf8.RuneSelf && c != 0x7f {
			break
		}
		r, n := utf8.DecodeLastRuneInString(s.text)
		if unicode.IsSpace(r) {
			s.cut(0, n)
		} else if isInvisible(r) {
			s.cut(0, n)
			s.facts |= webaddress.FactInvisibleRemoved
		} else {
			break
		}
	}
}

// isQuote reports whether r is a quotation mark that may wrap a cell.
func isQuote(r rune) bool {
	switch r {
	case '"', '\'', '`', '‘', '’', '‚', '‛', '“', '”', '„', '‟', '«', '»', '‹', '›',
		'「', '」', '『', '』', '＂', '＇':
		return true
	}
	return false
}

// closingBracket returns the bracket that closes r, or 0 when r opens
// none.
func closingBracket(r rune) rune {
	switch r {
	case '<':
		return '>'
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '（':
		return '）'
	case '【':
		return '】'
	case '＜':
		return '＞'
	}
	return 0
}

// openingBracket returns the bracket that r closes, or 0.
func openingBracket(r rune) rune {
	switch r {
	case '>':
		return '<'
	case ')':
		return '('
	case ']':
		return '['
	case '}':
		return '{'
	case '）':
		return '（'
	case '】':
		return '【'
	case '＞':
		return '＜'
	}
	return 0
}

// encloses reports whether the brackets open and close around inner
// enclose it, that is, whether inner never closes a bracket it did not
// open: "(a) (b)" is not "(…)" around "a) (b".
func encloses(inner string, open, close rune) bool {
	depth := 0
	for _, r := range inner {
		switch r {
		case open:
			depth++
		case close:
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return true
}

// maxTrims bounds how many quotes, brackets and punctuation marks Tidy
// removes from the ends of a cell (steps 3 and 4), so that its time stays
// linear in the cell's length whatever the cell: each removal looks at
// the whole text once. No cell people write comes near it.
const maxTrims = 64

// trimEnds applies steps 1, 3 and 4 of Tidy until none applies. It
// reports false when one would apply after maxTrims removals.
func (s *tidyState) trimEnds() bool {
	for s.text != "" {
		s.trimInvisible()
		if s.text == "" {
			return true
		}
		first, n1 := utf8.DecodeRuneInString(s.text)
		last, n2 := utf8.DecodeLastRuneInString(s.text)
		if first < utf8.RuneSelf && isAddressByte(byte(first)) && last < utf8.RuneSelf && isAddressByte(byte(last)) {
			return true // the common case: a letter or digit, or "/", at each end
		}
		two := n1+n2 <= len(s.text) // first and last are two code points
		front, back, fact := 0, 0, webaddress.FactWrappingRemoved
		switch {
		case two && isQuote(first) && isQuote(last):
			front, back = n1, n2
		case two && closingBracket(first) == last && encloses(s.text[n1:len(s.text)-n2], first, last):
			front, back = n1, n2
		case last == ')' && strings.Count(s.text, ")") > strings.Count(s.text, "("),
			isTrailingPunctuation(s.text, last):
			back, fact = n2, webaddress.FactTrailingPunctuationRemoved
		case isQuote(first) && !strings.ContainsFunc(s.text[n1:], isQuote):
			// A quote alone ("'acme.com", Excel's text prefix), not the
			// one before a display name (`"Jane" <jane@acme.com>`).
			front = n1
		case isQuote(last) && !strings.ContainsFunc(s.text[:len(s.text)-n2], isQuote):
			back = n2
		case closingBracket(first) != 0 && !strings.ContainsRune(s.text[n1:], closingBracket(first)):
			front = n1
		case openingBracket(last) != 0 && last != ')' && !strings.ContainsRune(s.text[:len(s.text)-n2], openingBracket(last)):
			back = n2
		default:
			return true
		}
		if s.trims == maxTrims {
			return false
		}
		s.trims++
		s.cut(front, back)
		s.facts |= fact
	}
	return true
}

// isAddressByte reports whether c is an ASCII letter, digit or "/", which
// no rule removes from the ends.
func isAddressByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '/'
}

// isTrailingPunctuation reports whether last, the last code point of
// text, is sentence punctuation to remove (step 4 of Tidy).
func isTrailingPunctuation(text string, last rune) bool {
	switch last {
	case ',', '!', '?', '。', '，', '、', '！', '？', '；':
		return true
	case ';':
		return !endsInCharRef(text[:len(text)-1])
	case '.':
		// After a closing quote or bracket ("acme.com".), or after a
		// path, unless its last segment is "." or "..".
		if before, _ := utf8.DecodeLastRuneInString(text[:len(text)-1]); isQuote(before) || openingBracket(before) != 0 {
			return true
		}
		seg := text[strings.LastIndexByte(text, '/')+1:]
		return hasPath(text) && strings.Trim(seg, ".") != ""
	}
	return false
}

// endsInCharRef reports whether s ends like an HTML character reference
// before its ";": "&amp", "&#38", "&#x26".
func endsInCharRef(s string) bool {
	i := len(s)
	for i > 0 && asciiAlnum(s[i-1]) {
		i--
	}
	if i == len(s) || i == 0 {
		return false
	}
	switch {
	case s[i-1] == '&':
		return urlchars.IsAlpha(s[i])
	case s[i-1] == '#' && i >= 2 && s[i-2] == '&':
		return true // "&#38", "&#x26"
	}
	return false
}

// hasPath reports whether text has a "/" after its host, past a scheme's
// "://" if it has one.
func hasPath(text string) bool {
	host := 0
	if i := strings.Index(text, "://"); i >= 0 {
		host = i + 3
	}
	return strings.IndexByte(text[host:], '/') >= 0
}

// asciiAlnum reports whether c is an ASCII letter or digit.
func asciiAlnum(c byte) bool { return urlchars.IsAlpha(c) || urlchars.IsDigit(c) }

// hasLetterOrDigit reports whether s has a letter or a digit, of any
// script.
func hasLetterOrDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < utf8.RuneSelf {
			if asciiAlnum(c) {
				return true
			}
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
		i += n - 1
	}
	return false
}

// isPlaceholder reports whether text, tidied at its ends, stands for "no
// website" (step 5 of Tidy).
func isPlaceholder(text string) bool {
	zeros := 0
	for zeros < len(text) && text[zeros] == '0' {
		zeros++
	}
	if zeros == len(text) || isSchemeOrWWW(text) {
		return true
	}
	if len(text) > 2*maxPlaceholder || len(text) > 6 && strings.IndexByte(text, '.') >= 0 {
		// No placeholder is that long, and those with a dot are short
		// ("n.a.").
		return false
	}
	// Lowercase, with runs of white space as one space and trailing
	// ".", "!" and "?" left out, in a buffer on the stack.
	var buf [4 * maxPlaceholder]byte
	b := buf[:0]
	space := false
	for _, r := range text {
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && len(b) > 0 {
			b = append(b, ' ')
		}
		space = false
		b = utf8.AppendRune(b, unicode.ToLower(r))
		if len(b) > maxPlaceholder+8 {
			return false
		}
	}
	for len(b) > 0 && (b[len(b)-1] == '.' || b[len(b)-1] == '!' || b[len(b)-1] == '?') {
		b = b[:len(b)-1]
	}
	return cellData().placeholders[string(b)]
}

// isSchemeOrWWW reports whether text is only a web scheme and "www", as a
// form's default value is: "http://", "https://www.", "www".
func isSchemeOrWWW(text string) bool {
	s := text
	if foldPrefix(s, "https") {
		s = s[5:]
	} else if foldPrefix(s, "http") {
		s = s[4:]
	}
	for s != "" && (s[0] == ':' || s[0] == ';' || s[0] == '/' || s[0] == '\\') {
		s = s[1:]
	}
	if foldPrefix(s, "www") {
		s = s[3:]
	}
	for s != "" && s[0] == '.' {
		s = s[1:]
	}
	return s == "" && text != ""
}

// placeholderAfterScheme reports whether text is "http://" or "https://"
// (in any case), "www." or not, then a placeholder or no letter or digit,
// with at most a "/" after it: "http://tbd", "https://www.n/a/",
// "http://-". (A scheme typo is repaired first, and the rules run again.)
func placeholderAfterScheme(text string) bool {
	n := httpSchemeLen(text)
	if n == 0 || len(text) > n+4+2*maxPlaceholder+1 && asciiAlnum(text[n]) {
		return false // too long for a placeholder, and it has a letter or digit
	}
	rest := text[n:]
	if foldPrefix(rest, "www.") {
		rest = rest[4:]
	}
	rest = strings.TrimSuffix(rest, "/")
	return rest != "" && (!hasLetterOrDigit(rest) || isPlaceholder(rest))
}

// httpSchemeLen returns the length of the "http://" or "https://" text
// starts with, in any case, or 0.
func httpSchemeLen(text string) int {
	if len(text) < len("http://") || text[0]|0x20 != 'h' {
		return 0
	}
	switch {
	case foldPrefix(text, "http://"):
		return len("http://")
	case foldPrefix(text, "https://"):
		return len("https://")
	}
	return 0
}

// foldPrefix reports whether s starts with prefix, ignoring ASCII case;
// prefix is lowercase ASCII.
func foldPrefix(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if s[i]|0x20 != prefix[i] && s[i] != prefix[i] {
			return false
		}
	}
	return true
}
