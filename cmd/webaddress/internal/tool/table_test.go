// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestTable checks the table of the commands: each has two to four
// examples of itself, and each option a flag of the command line with its
// default, and a default among its values when they are listed.
func TestTable(t *testing.T) {
	root := NewRoot(Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard})
	for _, c := range Commands() {
		examples := strings.Split(c.Example, "\n")
		if len(examples) < 2 || len(examples) > 4 {
			t.Errorf("%s: %d examples, want 2 to 4", c.Name, len(examples))
		}
		for _, e := range examples {
			if !strings.HasPrefix(e, "  webaddress "+c.Name+" ") {
				t.Errorf("%s: example %q is not of the command", c.Name, e)
			}
		}
		cmd, _, err := root.Find([]string{c.Name})
		if err != nil || cmd.Name() != c.Name {
			t.Fatalf("%s: not a command of the command line: %v", c.Name, err)
		}
		for _, o := range c.Options {
			f := cmd.Flags().Lookup(o.Name)
			if f == nil {
				t.Errorf("%s: option %s has no flag", c.Name, o.Name)
				continue
			}
			if f.DefValue != o.Default {
				t.Errorf("%s --%s: default %q on the command line, %q in the table", c.Name, o.Name, f.DefValue, o.Default)
			}
			if o.Kind == Choice && !slices.Contains(o.Values, o.Default) {
				t.Errorf("%s --%s: default %q is not one of its values %q", c.Name, o.Name, o.Default, o.Values)
			}
		}
	}
}

// TestRunCall checks that a command run by Run with typed options writes
// what the command line writes with the same options.
func TestRunCall(t *testing.T) {
	const input = "website,name\nhttps://www.linkedin.com/in/ada,Ada\nacme.com/shop; acme.de,Acme\nN/A,none\n"
	for _, tt := range []struct {
		command string
		options map[string]string
	}{
		{"parse", map[string]string{"split": "true"}},
		{"key", map[string]string{"by": "owner"}},
		{"dedupe", map[string]string{"first": "true", "key-version": "3", "by": "site"}},
		{"clean", map[string]string{"www-handling": "strip", "cache": "10"}},
		{"surt", nil},
		{"lint", nil},
		{"url", nil},
	} {
		cmd, ok := Lookup(tt.command)
		if !ok {
			t.Fatalf("no command %s", tt.command)
		}
		c := Call{Command: cmd, Options: cmd.NewValues(), Flags: Flags{Column: "website", Format: "csv", Jobs: 2}, Stdin: strings.NewReader(input)}
		for name, v := range tt.options {
			if err := c.Options.Set(name, v); err != nil {
				t.Fatalf("%s --%s %s: %v", tt.command, name, v, err)
			}
		}
		var called, msgs bytes.Buffer
		c.Stdout, c.Stderr = &called, &msgs
		if err := Run(c); err != nil {
			t.Fatalf("Run(%s): %v: %s", tt.command, err, msgs.String())
		}
		var out, errOut bytes.Buffer
		args := c.CommandLine()[1:]
		if code := Execute(Env{Stdin: strings.NewReader(input), Stdout: &out, Stderr: &errOut}, append([]string{tt.command}, args...)); code != 0 {
			t.Fatalf("webaddress %s: exit status %d: %s", strings.Join(args, " "), code, errOut.String())
		}
		if called.String() != out.String() || called.Len() == 0 {
			t.Errorf("%s: Run wrote\n%s\nthe command line %q\n%s", tt.command, called.String(), c.CommandLine(), out.String())
		}
		if msgs.String() != errOut.String() {
			t.Errorf("%s: Run said %q, the command line %q", tt.command, msgs.String(), errOut.String())
		}
	}
}

// TestValues checks that an option is set only to a value of its kind.
func TestValues(t *testing.T) {
	cmd, _ := Lookup("dedupe")
	v := cmd.NewValues()
	for _, bad := range [][2]string{{"first", "maybe"}, {"key-version", "4"}, {"by", "planet"}, {"nowhere", "1"}} {
		if err := v.Set(bad[0], bad[1]); err == nil {
			t.Errorf("Set(%q, %q) = nil, want an error", bad[0], bad[1])
		}
	}
	first, _ := cmd.Option("first")
	by, _ := cmd.Option("by")
	firstOpt, byOpt := boolOpt{opt{first}}, textOpt{opt{by}}
	if firstOpt.Changed(v) || firstOpt.Get(v) || byOpt.Get(v) != "page" {
		t.Errorf("after refused values: first changed %v, %v; by %q: want the defaults", firstOpt.Changed(v), firstOpt.Get(v), byOpt.Get(v))
	}
	if err := v.Set("by", "owner"); err != nil || !byOpt.Changed(v) || byOpt.Get(v) != "owner" {
		t.Errorf("Set(by, owner) = %v: by %q", err, byOpt.Get(v))
	}
}

// TestOptions checks the table's options: each of a command has a kind,
// words and a reader, made by its one declaration; each flag every
// command takes a kind, words and a field of Flags of its kind, and is a
// flag of the command line with its default and completion.
func TestOptions(t *testing.T) {
	root := NewRoot(Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard})
	for _, c := range Commands() {
		if len(c.readers) != len(c.Options) {
			t.Errorf("%s: %d options, %d readers: an option not declared by boolOption, intOption or textOption", c.Name, len(c.Options), len(c.readers))
		}
		for i, o := range c.Options {
			if o.Kind < Bool || o.Kind > Choice || o.Usage == "" {
				t.Errorf("%s --%s: kind %d, words %q: want a kind and words", c.Name, o.Name, o.Kind, o.Usage)
			}
			if i >= len(c.readers) || c.readers[i] != o.Name {
				t.Errorf("%s --%s: no reader", c.Name, o.Name)
			}
			if root.PersistentFlags().Lookup(o.Name) != nil {
				t.Errorf("%s --%s: also a flag every command takes", c.Name, o.Name)
			}
		}
	}
	var f Flags
	for _, c := range commonFlags() {
		if c.Usage == "" {
			t.Errorf("--%s: no words", c.Name)
		}
		var ok bool
		switch c.field(&f).(type) {
		case *bool:
			ok = c.Kind == Bool
		case *int:
			ok = c.Kind == Int
		case *string:
			ok = c.Kind != Int // a Bool of three states, or text
		}
		if !ok {
			t.Errorf("--%s: kind %d, a field of type %T", c.Name, c.Kind, c.field(&f))
		}
		fl := root.PersistentFlags().Lookup(c.Name)
		if fl == nil {
			t.Errorf("--%s: not a flag of the command line", c.Name)
			continue
		}
		if fl.DefValue != c.Default && !(c.Kind == Bool && c.Default == "" && fl.DefValue == "") {
			t.Errorf("--%s: default %q on the command line, %q in the table", c.Name, fl.DefValue, c.Default)
		}
		if fl.Shorthand != c.short || fl.NoOptDefVal != c.alone && !(c.Kind == Bool && fl.NoOptDefVal == "true") {
			t.Errorf("--%s: -%s given alone %q on the command line, -%s %q in the table", c.Name, fl.Shorthand, fl.NoOptDefVal, c.short, c.alone)
		}
		if _, ok := root.GetFlagCompletionFunc(c.Name); ok != (c.Values != nil) {
			t.Errorf("--%s: completion %v, values %q", c.Name, ok, c.Values)
		}
	}
}

// TestDeclare checks that a mistake in the table stops its building: an
// option declared twice, without words, or of a kind its reader does not
// read.
func TestDeclare(t *testing.T) {
	for _, tt := range []struct {
		what    string
		declare func(c *Command)
	}{
		{"twice", func(c *Command) { c.boolOption(rawOption); c.boolOption(rawOption) }},
		{"no words", func(c *Command) { c.boolOption(Option{Name: "nameless"}) }},
		{"a Bool as text", func(c *Command) { c.textOption(Option{Name: "b", Kind: Bool, Usage: "u"}) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("declaring an option %s: the table was built", tt.what)
				}
			}()
			tt.declare(&Command{Name: "test"})
		}()
	}
}

// TestRunDefaults checks that a call without options runs the command
// with its defaults.
func TestRunDefaults(t *testing.T) {
	cmd, _ := Lookup("key")
	var out bytes.Buffer
	err := Run(Call{Command: cmd, Flags: Flags{Format: "text", Quiet: true}, Stdin: strings.NewReader("WWW.Example.com/a\n"), Stdout: &out, Stderr: io.Discard})
	if err != nil || out.String() != "example.com/a\n" {
		t.Errorf("Run(key) = %v, wrote %q; want example.com/a", err, out.String())
	}
}
