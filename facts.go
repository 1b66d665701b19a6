// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"
)

// Facts is a set of facts about an [Address]; they never change the value.
type Facts uint64

// The facts. Those from FactInvisibleRemoved on are the changes and
// findings of package cells (cells.Options.Tidy), which [Parse] never
// reports.
const (
	FactSchemeAssumed             Facts = 1 << iota // no scheme was written: https was assumed
	FactIPHost                                      // the host is an IPv4 or IPv6 address
	FactInternationalizedDomain                     // a label of the host is an A-label ("xn--")
	FactNonWebScheme                                // the scheme is neither http nor https (Address.IsWebsite)
	FactHasCredentials                              // the URL has a username or a password
	FactTrackingParametersRemoved                   // the canonical form left out tracking parameters (Address.RemovedParams)
	FactFragmentRemoved                             // the canonical form left out the fragment
	FactProfile                                     // the address has a social profile's shape (Address.Profile)
	// Seven bits without a fact, which the networks' own facts had: the
	// facts after them keep their values.
	_
	_
	_
	_
	_
	_
	_
	FactInvisibleRemoved           // invisible characters (a BOM, zero-width, bidi and control characters) were removed from the ends
	FactWrappingRemoved            // quotes or brackets around the address were removed
	FactTrailingPunctuationRemoved // sentence punctuation after the address was removed
	FactTypoRepaired               // a misspelled scheme or "www," was repaired, as an address bar repairs it
	FactLinkUnwrapped              // the cell was a wrapped link (Safe Links, a redirect): the address is its target
	FactEmailDomain                // the cell was an e-mail address: the address is its domain's website
	FactOpaqueRedirect             // a redirect whose target is not in the link (a URL shortener): only the network can tell
	FactNotPublicWebsite           // a website whose host is not public (Address.IsPublicWebsite)

	numFacts = iota // the bits the facts use
)

// changeFacts are the facts of the changes package cells makes to a cell.
const changeFacts = FactInvisibleRemoved | FactWrappingRemoved | FactTrailingPunctuationRemoved |
	FactTypoRepaired | FactLinkUnwrapped | FactEmailDomain

// layerFacts are the facts the messy-cell layer reports, which Parse does
// not: Tidied.Parse adds them, and an Address read back from its JSON
// record keeps them.
const layerFacts = changeFacts | FactOpaqueRedirect | FactNotPublicWebsite

// factNames are the facts' names, in bit order.
var factNames = [numFacts]string{
	"scheme-assumed",
	"ip-host",
	"internationalized-domain",
	"non-web-scheme",
	"has-credentials",
	"tracking-parameters-removed",
	"fragment-removed",
	"profile",
	"", "", "", "", "", "", "",
	"invisible-removed",
	"wrapping-removed",
	"trailing-punctuation-removed",
	"typo-repaired",
	"link-unwrapped",
	"email-domain",
	"opaque-redirect",
	"not-public-website",
}

// Has reports whether f holds every fact of g.
func (f Facts) Has(g Facts) bool { return f&g == g }

// Names returns the names of the facts in f, in the order of the
// constants, e.g. ["scheme-assumed", "fragment-removed"].
func (f Facts) Names() []string {
	names := make([]string, 0, bits.OnesCount64(uint64(f)))
	for i, name := range factNames {
		if f&(1<<i) != 0 && name != "" {
			names = append(names, name)
		}
	}
	return names
}

// String returns the names of the facts in f joined by "|".
func (f Facts) String() string { return strings.Join(f.Names(), "|") }

// MarshalJSON returns the facts as a JSON array of names.
func (f Facts) MarshalJSON() ([]byte, error) { return json.Marshal(f.Names()) }

// UnmarshalJSON reads a JSON array of fact names; anything else is an
// error of code [CodeInvalidArgument].
func (f *Facts) UnmarshalJSON(data []byte) error {
	var names []string
	if err := json.Unmarshal(data, &names); err != nil {
		return &valueError{code: CodeInvalidArgument, msg: err.Error(), err: err}
	}
	var g Facts
	for _, n := range names {
		i := 0
		for i < numFacts && (factNames[i] != n || n == "") {
			i++
		}
		if i == numFacts {
			return &valueError{code: CodeInvalidArgument, msg: fmt.Sprintf("webaddress: unknown fact %q", n)}
		}
		g |= 1 << i
	}
	*f = g
	return nil
}

// factsOf returns the facts found in u, a URL [Parse] made, but the
// social-profile facts (profileFact in social.go); removed says whether
// tracking parameters were removed.
func factsOf(u *URL, removed bool) Facts {
	var f Facts
	switch u.HostKind() {
	case IPv4Host, IPv6Host:
		f |= FactIPHost
	case DomainHost:
		// Most hosts have no "x", and so no A-label: no call of hasALabel.
		if h := u.Hostname(); strings.IndexByte(h, 'x') >= 0 && hasALabel(h) {
			f |= FactInternationalizedDomain
		}
	}
	if !u.isHTTP() {
		f |= FactNonWebScheme
	}
	if u.hasCredentials() {
		f |= FactHasCredentials
	}
	if removed {
		f |= FactTrackingParametersRemoved
	}
	if u.hasFragment() {
		f |= FactFragmentRemoved
	}
	return f
}

// hasALabel reports whether a domain has a label that starts with "xn--".
func hasALabel(domain string) bool {
	for i := strings.IndexByte(domain, 'x'); i >= 0; {
		if strings.HasPrefix(domain[i:], "xn--") && (i == 0 || domain[i-1] == '.') {
			return true
		}
		j := strings.IndexByte(domain[i+1:], 'x')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}
