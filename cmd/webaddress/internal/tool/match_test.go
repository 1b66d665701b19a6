// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

import (
	"io"
	"strings"
	"testing"
)

// TestMatchLists runs match as serve's page does: the reference is the
// text of the option against (Hooks.Lists), and no file is opened, even
// one named as the option.
func TestMatchLists(t *testing.T) {
	cmd, ok := Lookup("match")
	if !ok {
		t.Fatal("no command match in the table")
	}
	run := func(against string, lists map[string]string) (string, error) {
		v := cmd.NewValues()
		for name, s := range map[string]string{"against": against, "against-column": "domain"} {
			if err := v.Set(name, s); err != nil {
				t.Fatal(err)
			}
		}
		var out strings.Builder
		err := Run(Call{Command: cmd, Options: v, Flags: Flags{Column: "email,website", Format: "csv", Quiet: true},
			Stdin:  strings.NewReader("name,email,website\nAnn,ann@sales.acme.com,\nBob,bob@gmail.com,globex.com\n"),
			Stdout: &out, Stderr: io.Discard, Hooks: Hooks{Lists: lists}})
		return out.String(), err
	}
	lists := map[string]string{"against": "account,domain\nAcme,acme.com\nGlobex,globex.com\n"}
	got, err := run(ListName("against"), lists)
	want := "name,email,website,match_count,match_key,match_via,match_level,match_ambiguous,account,domain\n" +
		"Ann,ann@sales.acme.com,,1,acme.com,email,owner,false,Acme,acme.com\n" +
		"Bob,bob@gmail.com,globex.com,1,globex.com,website,site,false,Globex,globex.com\n"
	if err != nil || got != want {
		t.Errorf("match against a list's text = %v, %q; want %q", err, got, want)
	}
	if _, err := run("/etc/hostname", lists); err == nil || !strings.Contains(err.Error(), "given as its text") {
		t.Errorf("match against a file name with lists given: %v, want an error", err)
	}
}
