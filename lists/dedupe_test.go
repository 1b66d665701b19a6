// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lists

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
)

// groupString writes g as the tests compare it: key, count, first, rows,
// via, apart.
func groupString(g *Group) string {
	var rows []string
	for n := range g.Rows() {
		rows = append(rows, fmt.Sprint(n))
	}
	s := fmt.Sprintf("%q %d %q [%s]", g.Key, g.Count, g.First, strings.Join(rows, " "))
	if g.Via != nil {
		s += fmt.Sprintf(" via%v", g.Via)
	}
	if g.Apart != "" {
		s += " apart:" + string(g.Apart)
	}
	return s
}

func dedupe(t *testing.T, o Options, rows ...[]string) []string {
	t.Helper()
	groups, err := Dedupe(slices.Values(rows), o)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range groups {
		out = append(out, groupString(&groups[i]))
	}
	return out
}

func one(cells ...string) [][]string {
	var rows [][]string
	for _, c := range cells {
		rows = append(rows, []string{c})
	}
	return rows
}

func TestDedupe(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    Options
		rows [][]string
		want []string
	}{{
		name: "page",
		rows: one("https://www.acme.com/", "Acme.com", "acme.com/about", "N/A", "acme.com"),
		want: []string{
			`"acme.com" 3 "https://www.acme.com/" [1 2 5]`,
			`"acme.com/about" 1 "acme.com/about" [3]`,
			`"" 1 "N/A" [4] apart:web.placeholder`,
		},
	}, {
		name: "owner",
		o:    Options{By: webaddress.LevelOwner},
		rows: one("acme.com", "shop.acme.com/x", "sales@acme.com", "linkedin.com/feed", "https://linkedin.com/feed/", "gmail.com", "localhost", "localhost"),
		want: []string{
			`"acme.com" 3 "acme.com" [1 2 3]`,
			`"" 2 "linkedin.com/feed" [4 5]`, // no owner: the copies of its site
			`"" 1 "gmail.com" [6]`,
			`"localhost" 1 "localhost" [7] apart:not-public-website`,
			`"localhost" 1 "localhost" [8] apart:not-public-website`,
		},
	}, {
		name: "merge invalid",
		o:    Options{MergeInvalid: true},
		rows: one("localhost", "localhost", "N/A", "n/a", "N/A", "tel:+1555"),
		want: []string{
			`"localhost" 2 "localhost" [1 2]`,
			`"" 2 "N/A" [3 5] apart:web.placeholder`, // one code, one text
			`"" 1 "n/a" [4] apart:web.placeholder`,
			`"tel:+1555" 1 "tel:+1555" [6]`,
		},
	}, {
		name: "keep apart",
		o:    Options{By: webaddress.LevelOwner, KeepApart: []string{"globex.com"}},
		rows: one("globex.com", "www.globex.com", "acme.com", "acme.com"),
		want: []string{
			`"globex.com" 1 "globex.com" [1] apart:kept-apart`,
			`"globex.com" 1 "www.globex.com" [2] apart:kept-apart`,
			`"acme.com" 2 "acme.com" [3 4]`,
		},
	}, {
		name: "columns",
		o:    Options{By: webaddress.LevelOwner},
		rows: [][]string{
			{"ann@acme.com", "acme.com"},
			{"", "www.acme.com"},
			{"bob@gmail.com", "globex.com"}, // free mail: the website
			{"N/A", ""},                     // none gives a key: the first cell
			{"joe@initech.com", ""},
		},
		want: []string{
			`"acme.com" 2 "ann@acme.com" [1 2] via[0 1]`,
			`"globex.com" 1 "globex.com" [3] via[1]`,
			`"" 1 "N/A" [4] apart:web.placeholder`,
			`"initech.com" 1 "joe@initech.com" [5] via[0]`,
		},
	}, {
		name: "split",
		o:    Options{Split: true, By: webaddress.LevelOwner},
		rows: one("acme.com; globex.com", "globex.com", "acme.com, N/A", "www.acme.com | initech.com"),
		want: []string{
			`"acme.com" 2 "acme.com; globex.com" [1 4]`,
			`"globex.com" 2 "acme.com; globex.com" [1 2]`,
			`"" 1 "acme.com, N/A" [3] apart:web.invalid-host`, // "N/A" is no address: the cell is one
			`"initech.com" 1 "www.acme.com | initech.com" [4]`,
		},
	}, {
		name: "KeyV1",
		o:    Options{KeyVersion: webaddress.KeyV1},
		rows: one("http://acme.com", "https://acme.com"),
		want: []string{
			`"acme.com" 2 "http://acme.com" [1 2]`,
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			got := dedupe(t, tc.o, tc.rows...)
			if !slices.Equal(got, tc.want) {
				t.Errorf("Dedupe =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestDeduperValues checks what a row gives: the values of the first cell
// that gives a key, with their places.
func TestDeduperValues(t *testing.T) {
	d, err := NewDeduper(Options{By: webaddress.LevelOwner, Split: true})
	if err != nil {
		t.Fatal(err)
	}
	vs := d.Values(nil, []string{"bob@gmail.com", "acme.com; globex.com"})
	if len(vs) != 2 || vs[0].Via != 1 || vs[1].Via != 1 || vs[0].Part != 0 || vs[1].Part != 1 ||
		vs[0].Key != "acme.com" || vs[1].Key != "globex.com" {
		t.Errorf("Values = %+v", vs)
	}
	vs = d.Values(vs[:0], []string{"N/A", "bob@gmail.com"})
	if len(vs) != 1 || vs[0].Via != -1 || vs[0].Cell != "N/A" || vs[0].Apart != "web.placeholder" || vs[0].Err == nil {
		t.Errorf("Values of no key = %+v", vs)
	}
}
