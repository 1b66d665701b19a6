// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

import "testing"

// TestWords checks that every command and every option of every command
// has its plain words, and that no words are of an option or a command
// the table does not have.
func TestWords(t *testing.T) {
	options, commands := map[string]bool{}, map[string]bool{}
	for _, c := range Commands() {
		commands[c.Name] = true
		if c.Words() == "" {
			t.Errorf("command %s has no words", c.Name)
		}
		for _, o := range c.Options {
			options[o.Name] = true
			if w, ok := o.Words(); !ok || w.Label == "" || w.Help == "" {
				t.Errorf("%s --%s has no words", c.Name, o.Name)
			}
			for v := range o.ValueWords() {
				if !contains(o.Values, v) {
					t.Errorf("--%s: words of a value it does not take, %q", o.Name, v)
				}
			}
		}
	}
	for name := range optionWords {
		if !options[name] {
			t.Errorf("words of an option no command has: %s", name)
		}
	}
	for name := range commandWords {
		if !commands[name] {
			t.Errorf("words of a command the table does not have: %s", name)
		}
	}
	for name := range severalColumns {
		if !commands[name] {
			t.Errorf("severalColumns names a command the table does not have: %s", name)
		}
	}
}

func contains(values []string, v string) bool {
	for _, x := range values {
		if x == v {
			return true
		}
	}
	return false
}
