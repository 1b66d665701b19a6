// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestOwnerRulesOrder: the rules are sorted by the level they change (the
// shortcut of parts stops at the first that changes a coarser level),
// each says what it matches and gives, and every OwnerRule with an owner
// or without one is some rule's.
func TestOwnerRulesOrder(t *testing.T) {
	seen := map[OwnerRule]bool{}
	for i, r := range ownerRules {
		if i > 0 && r.changes < ownerRules[i-1].changes {
			t.Errorf("rule %d (%v) changes %v, after a rule that changes %v", i, r.rule, r.changes, ownerRules[i-1].changes)
		}
		if r.matches == "" || r.gives == "" {
			t.Errorf("rule %d (%v) does not say what it matches and gives", i, r.rule)
		}
		if int(r.match) != i {
			t.Errorf("rule %d tests match %d", i, r.match)
		}
		seen[r.rule] = true
	}
	for r := OwnerDomain; r <= OwnerListing; r++ {
		if !seen[r] {
			t.Errorf("no owner rule reports %v", r)
		}
	}
	if last := ownerRules[len(ownerRules)-1]; last.match != matchDomain {
		t.Errorf("the last rule is %v, want the registrable domain, which matches every domain", last.rule)
	}
}

// TestOwnerRulesShortcut checks the speed shortcuts of parts on every
// address of the corpus files and of testdata/levels.txt: where
// plainDomain holds, the rules give the registrable domain; where
// plainSite holds for the page or the site, the rules up to it match none.
func TestOwnerRulesShortcut(t *testing.T) {
	files := map[string][]string{}
	for _, name := range keyCorpusFiles {
		files[name] = readCorpus(t, name)
	}
	for _, r := range readLevelsTable(t) {
		files["levels.txt"] = append(files["levels.txt"], r.in)
	}
	for name, lines := range files {
		n, sites := 0, 0
		for _, line := range lines {
			a, err := Parse(line)
			if err != nil || a.url.HasOpaquePath() {
				continue
			}
			for _, split := range []bool{false, true} {
				var buf [128]byte
				var p keyParts
				k := builtin()
				var in ruleInput
				k.readInput(&in, &p, &a, LevelOwner, split)
				if k.plainDomain(&p, &a, &in) {
					n++
					k.applyRules(&p, &a, LevelOwner, &in, buf[:0])
					if p.rule != OwnerDomain || p.owner != in.reg {
						t.Fatalf("%s: %q: the shortcut gives the domain %q, the rules %v %q", name, line, in.reg, p.rule, p.owner)
					}
				}
				for _, l := range []Level{LevelPage, LevelSite} {
					var p keyParts
					p.rule = OwnerHost
					var in ruleInput
					k.readInput(&in, &p, &a, l, split)
					if !k.plainSite(&p, &a, &in, l) {
						continue
					}
					sites++
					if path := k.applyRules(&p, &a, l, &in, buf[:0]); p.rule != OwnerHost || path != nil || p.siteEnd != 0 {
						t.Fatalf("%s: %q at %v: the shortcut matches no rule, the rules %v %q", name, line, l, p.rule, path)
					}
				}
			}
		}
		t.Logf("%s: %d owners and %d pages and sites by the shortcuts", name, n, sites)
	}
}

// TestOwnerRulesFired counts the owner rules that fire on the corpus
// files, each line read as an address (Parse, then Levels), and the
// www/m labels the site drops. Run with -v to read the counts; it fails
// only when a file has no address.
func TestOwnerRulesFired(t *testing.T) {
	for _, name := range []string{"kasztp.txt", "typed.txt"} {
		counts := map[OwnerRule]int{}
		n, dropped := 0, 0
		for _, line := range readCorpus(t, name) {
			a, err := Parse(line)
			if err != nil {
				continue
			}
			lv := a.Levels()
			_, _, subdomain, _ := a.Split()
			n++
			counts[lv.Rule]++
			if subdomain != "" && !strings.HasPrefix(lv.Site, subdomain) && siteLabel(strings.Split(subdomain, ".")[0]) {
				dropped++
			}
		}
		if n == 0 {
			t.Fatalf("%s: no address", name)
		}
		var b strings.Builder
		rules := slices.Sorted(func(yield func(OwnerRule) bool) {
			for r := range counts {
				if !yield(r) {
					return
				}
			}
		})
		for _, r := range rules {
			fmt.Fprintf(&b, " %v=%d", r, counts[r])
		}
		t.Logf("%s: %d addresses:%s; www/m dropped from the site: %d", name, n, b.String(), dropped)
	}
}

// TestTails checks that tails finds the last two labels of every free-mail
// domain and shortener's host as a tail of no owner, and no other tail
// near them, and that its slots stay mostly empty.
func TestTails(t *testing.T) {
	want := map[string]bool{}
	for d := range ownerData().freeMailSites {
		want[lastTwoLabels(d)] = true
	}
	for h := range ownerData().shorteners {
		want[lastTwoLabels(h)] = true
	}
	for tail := range want {
		if !tailOf(tail).noOwner {
			t.Errorf("tailOf(%q) is not of no owner", tail)
		}
		for _, other := range []string{"x" + tail, tail + "x", tail[1:], tail[:len(tail)-1], ""} {
			if !want[other] && tailOf(other).noOwner {
				t.Errorf("tailOf(%q) is of no owner", other)
			}
		}
	}
	if n := len(ownerData().tails.entries); n > len(ownerData().tails.slots)/4 {
		t.Errorf("tails holds %d entries in %d slots: give it more bits", n, len(ownerData().tails.slots))
	}
}

// TestKnownTails checks that a Keyer's filter of tails has the last two
// labels of every domain of its platforms and host of its path tenants,
// the built-in ones and a Keyer's own.
func TestKnownTails(t *testing.T) {
	k, err := NewKeyer(KeyOptions{Platforms: []string{"<name>.apps.example.net", "example.org/sites/<name>"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []*Keyer{builtin(), k} {
		n := 0
		for d := range k.platforms {
			if n++; !k.known.has(lastTwoLabels(d)) {
				t.Errorf("the filter lacks %q of the platform %q", lastTwoLabels(d), d)
			}
		}
		for h := range k.pathHosts {
			if !k.known.has(lastTwoLabels(h)) {
				t.Errorf("the filter lacks %q of the path host %q", lastTwoLabels(h), h)
			}
		}
		if n == 0 || len(k.pathHosts) == 0 {
			t.Errorf("a Keyer with %d platforms and %d path hosts", n, len(k.pathHosts))
		}
	}
	if !k.known.has("example.net") || !k.known.has("example.org") {
		t.Error("the filter lacks the Keyer's own platforms")
	}
}
