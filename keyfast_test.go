// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"fmt"
	"github.com/onecontact/webaddress/internal/urlchars"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/data"
)

// This file checks the keys' fast paths against the general ones they
// stand beside, on the inputs Parse's fast paths are checked on
// (fastPathInputs: every corpus line, the WPT inputs, the fuzz seeds).

// appendKeyPathSlow is appendKeyPath as it was before its byte classes:
// one test of each byte's kind after another, the reference for
// TestAppendKeyPathRuns.
func appendKeyPathSlow(dst []byte, path string, keepFrom, keepTo int) []byte {
	start := len(dst)
	for i := 0; i < len(path); i++ {
		run := i
		for i < len(path) && path[i] != '%' && path[i]-'A' > 'Z'-'A' && (path[i] != '/' || i == 0 || path[i-1] != '/') {
			i++
		}
		dst = append(dst, path[run:i]...)
		if i == len(path) {
			break
		}
		c := path[i]
		switch {
		case c == '%' && i+2 < len(path) && urlchars.IsHex(path[i+1]) && urlchars.IsHex(path[i+2]):
			b := urlchars.Unhex(path[i+1])<<4 | urlchars.Unhex(path[i+2])
			if isUnreserved(b) {
				if i < keepFrom || i >= keepTo {
					b = lower(b)
				}
				dst = append(dst, b)
			} else {
				dst = append(dst, '%', urlchars.Upper(path[i+1]), urlchars.Upper(path[i+2]))
			}
			i += 2
		case c == '/' && len(dst) > start && dst[len(dst)-1] == '/':
		case i >= keepFrom && i < keepTo:
			dst = append(dst, c)
		default:
			dst = append(dst, lower(c))
		}
	}
	if j := bytes.LastIndexByte(dst[start:], '/'); j >= 0 && isDefaultDocument(dst[start+j+1:]) {
		dst = dst[:start+j+1]
	}
	if len(dst) > start && dst[len(dst)-1] == '/' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// TestAppendKeyPathRuns checks appendKeyPath against appendKeyPathSlow on
// every input of fastPathInputs and its path, with no case kept, all of
// it and a middle part.
func TestAppendKeyPathRuns(t *testing.T) {
	check := func(path string) {
		n := len(path)
		for _, keep := range [][2]int{{0, 0}, {0, n}, {n / 3, 2 * n / 3}} {
			got := appendKeyPath([]byte("x/"), path, keep[0], keep[1])
			want := appendKeyPathSlow([]byte("x/"), path, keep[0], keep[1])
			if !bytes.Equal(got, want) {
				t.Fatalf("appendKeyPath(%q, %d, %d) = %q, want %q", path, keep[0], keep[1], got, want)
			}
		}
	}
	for _, line := range fastPathInputs(t) {
		check(line)
		if a, err := Parse(line); err == nil {
			check(a.url.Pathname())
		}
	}
	for _, path := range []string{"", "/", "//", "///a//B/", "/%41%2f%zz%4", "/A/index.HTML", "a//", "/x/%7E/"} {
		check(path)
	}
	// Random paths of the bytes at the edges of the classes, around
	// the words of eight bytes keyPathRunEnd reads.
	const alphabet = "/%AZ@[az09.~-\x80\xffindex.htmlDEFAULT.ASPX"
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 0, 40)
	for range 200000 {
		b = b[:0]
		for range r.IntN(40) {
			b = append(b, alphabet[r.IntN(len(alphabet))])
		}
		check(string(b))
	}
}

// TestFastKeys checks appendPlainKey against the general path (parts and
// append) at each level, with the built-in rules and with a Keyer's
// options, on every input of fastPathInputs.
func TestFastKeys(t *testing.T) {
	checkFastKeys(t, fastPathInputs(t))
}

// TestFastKeysRules checks appendPlainKey against the general path on
// addresses made from the rules' own data, so that a rule added there is
// checked even when no corpus line meets it: the hosts of every platform,
// path tenant, state portal, network and free-mail site, with a tenant's
// name, own labels, www. and deeper labels, a port and paths (one with
// "@"), and the inputs of testdata/levels.txt and key_v3.golden.
func TestFastKeysRules(t *testing.T) {
	var hosts []string
	shapes := slices.Concat(platforms, tenants)
	for _, d := range statePortals {
		shapes = append(shapes, data.Shape{Shape: d})
	}
	for _, e := range shapes {
		host, path, _ := strings.Cut(e.Shape, "/")
		host = strings.TrimPrefix(host, "<name>.")
		hosts = append(hosts, host, "acme."+host, "support."+host)
		if path != "" {
			hosts = append(hosts, host+"/"+strings.ReplaceAll(path, "<name>", "acme"))
		}
		for _, own := range e.Own {
			hosts = append(hosts, own+".example.com")
		}
	}
	for _, n := range networks {
		hosts = append(hosts, n.domains...)
	}
	hosts = slices.AppendSeq(hosts, maps.Keys(ownerData().freeMailSites))
	var inputs []string
	for _, h := range hosts {
		for _, form := range []string{"%s", "www.%s", "a.b.%s", "m.%s", "%s:8080/x", "http://%s/About/index.html?b=1&a=2", "%s/@acme", "%s/in/acme"} {
			inputs = append(inputs, fmt.Sprintf(form, h))
		}
	}
	for _, r := range readLevelsTable(t) {
		if r.in != "" {
			inputs = append(inputs, r.in)
		}
	}
	golden, err := os.ReadFile(keyV3GoldenFile)
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(golden)) {
		if in, _, ok := strings.Cut(line, "\t"); ok && !strings.HasPrefix(in, "#") {
			inputs = append(inputs, in)
		}
	}
	checkFastKeys(t, inputs)
}

// checkFastKeys checks that appendPlainKey, where it takes an address of
// inputs, writes what the general path writes, with the built-in rules
// and with a Keyer of extra platforms and aliases and one of a deep
// platform.
func checkFastKeys(t *testing.T, inputs []string) {
	t.Helper()
	custom, err := NewKeyer(KeyOptions{Platforms: []string{"nytimes.com", "example.org/sites/<name>"}, Aliases: map[string]string{"acme.de": "acme.com"}})
	if err != nil {
		t.Fatal(err)
	}
	deep, err := NewKeyer(KeyOptions{Platforms: []string{"<name>.blogs.example.net"}})
	if err != nil {
		t.Fatal(err)
	}
	fast, general := 0, 0
	for _, line := range inputs {
		a, err := Parse(line)
		if err != nil {
			continue
		}
		for _, k := range []*Keyer{nil, custom, deep} {
			kr := k
			if kr == nil {
				kr = builtin()
			}
			for l := LevelPage; l <= LevelOwner; l++ {
				got, ok := kr.appendPlainKey([]byte("x"), &a, l)
				if !ok {
					if string(got) != "x" {
						t.Fatalf("appendPlainKey(%q, %v) declined and wrote %q", line, l, got)
					}
					general++
					continue
				}
				fast++
				var buf [128]byte
				var p keyParts
				path := k.parts(&p, &a, l, false, buf[:0])
				want := p.append([]byte("x"), &a, l, path)
				if string(got) != string(want) {
					t.Errorf("appendPlainKey(%q, %v) = %q, the general path %q", line, l, got, want)
				}
			}
		}
	}
	if fast == 0 || general == 0 {
		t.Errorf("appendPlainKey took %d keys and declined %d; the test needs both", fast, general)
	}
}
