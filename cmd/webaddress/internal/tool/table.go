// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file is the typed description of the commands that print records:
// their names, what they do, their options (kind, values, default) and
// their columns. The command line makes its cobra commands and flags of
// it, and serve's page its forms; a program runs a command with typed
// options by Run, without a command line.

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// A Command is one of the tool's commands that print a record for each
// input, as the command line and the page both read it.
type Command struct {
	Name    string   // as typed: "parse"
	Use     string   // the usage line's arguments, after the name: "[ADDRESS...]"
	Short   string   // what it does, one line
	Long    string   // its help
	Example string   // two to four examples, indented by two spaces
	Options []Option // its own options (the flags every command takes are Flags')
	Columns Columns  // its output columns
	// Alt are its columns when the boolean option of that name is set
	// (dedupe --first), if they are others.
	Alt map[string]Columns

	// run runs the command on cfg's input, the arguments args, with the
	// options v.
	run func(cfg *config, args []string, v Values) error
	// readers names the options whose readers its declaration made
	// (declare), in the order of Options.
	readers []string
}

// Columns are a command's output columns, and those it prints without
// --fields (nil: all).
type Columns struct {
	All      []string
	Defaults []string
}

// A Kind is what an option's value is.
type Kind int

// The kinds of an option.
const (
	Bool   Kind = iota // true or false; given alone, true
	Int                // a whole number
	Text               // free text, or one of Values when they are listed
	File               // the name of a file on this machine
	Choice             // one of Values (or a name the option's check takes), checked when given
)

// An Option is one option of a command: a flag on the command line, a
// control on the page.
type Option struct {
	Name    string   // the flag's name, without "--"
	Usage   string   // its help; a word in backquotes names its value (`FILE`)
	Kind    Kind     // what its value is
	Values  []string // the values it takes, when a list (completion, the page's choices)
	Default string   // its value when not given, as written

	// check, when not nil, checks a Choice's value (which may be
	// written otherwise than in Values: "KeyV3" for "3").
	check func(string) error
}

// Type names the option's kind as the page's form reads it: "bool",
// "int", "string", or "" for a Choice.
func (o Option) Type() string {
	switch o.Kind {
	case Bool:
		return "bool"
	case Int:
		return "int"
	case Choice:
		return ""
	}
	return "string"
}

// parse checks that s is a value of o.
func (o Option) parse(s string) error {
	switch o.Kind {
	case Bool:
		_, err := strconv.ParseBool(s)
		return err
	case Int:
		_, err := strconv.ParseInt(s, 0, 64)
		return err
	case Choice:
		if o.check != nil {
			return o.check(s)
		}
		if !slices.Contains(o.Values, s) {
			return fmt.Errorf("want one of %s", strings.Join(o.Values, ", "))
		}
	}
	return nil
}

// Option returns c's option of that name.
func (c Command) Option(name string) (Option, bool) {
	i := slices.IndexFunc(c.Options, func(o Option) bool { return o.Name == name })
	if i < 0 {
		return Option{}, false
	}
	return c.Options[i], true
}

// Values are the options of one run of a command, by name, each checked
// against its Option's kind. An option not set has its default. A
// command's run reads them by the readers its declaration of each option
// made (Command.boolOption, intOption, textOption), never by name.
type Values struct {
	cmd *Command
	set map[string]string // the options given, as written
}

// NewValues returns c's options, each at its default.
func (c *Command) NewValues() Values {
	return Values{cmd: c, set: map[string]string{}}
}

// Set gives the option name the value s, or says what is wrong with it.
func (v Values) Set(name, s string) error {
	o, ok := v.cmd.Option(name)
	if !ok {
		return fmt.Errorf("%s has no option %q", v.cmd.Name, name)
	}
	if err := o.parse(s); err != nil {
		return err
	}
	v.set[name] = s
	return nil
}

// text returns the value of c's option name, as written.
func (v Values) text(o Option) string {
	if s, ok := v.set[o.Name]; ok {
		return s
	}
	return o.Default
}

// An opt reads one option of a command from the Values of a run: made by
// the command's declaration of the option, it reads nothing by a name
// written at the read site.
type opt struct{ o Option }

// Changed reports whether the option was set in v.
func (r opt) Changed(v Values) bool {
	_, ok := v.set[r.o.Name]
	return ok
}

// Name returns the option's name, the flag's without "--".
func (r opt) Name() string { return r.o.Name }

// A boolOpt reads a Bool option.
type boolOpt struct{ opt }

// Get returns the option's value in v.
func (r boolOpt) Get(v Values) bool {
	b, _ := strconv.ParseBool(v.text(r.o)) // checked by Set
	return b
}

// An intOpt reads an Int option.
type intOpt struct{ opt }

// Get returns the option's value in v.
func (r intOpt) Get(v Values) int {
	n, _ := strconv.ParseInt(v.text(r.o), 0, 64) // checked by Set
	return int(n)
}

// A textOpt reads a Text, File or Choice option, as written.
type textOpt struct{ opt }

// Get returns the option's value in v.
func (r textOpt) Get(v Values) string { return v.text(r.o) }

// declare adds o to c's options and returns its reader. An option of a
// kind its reader does not read, without words, or declared twice, is a
// mistake in the table: the table is built when the tool starts (and by
// every test), and it stops there.
func (c *Command) declare(o Option, kinds ...Kind) opt {
	switch {
	case !slices.Contains(kinds, o.Kind):
		panic(fmt.Sprintf("tool: %s --%s: kind %d, not one its reader reads", c.Name, o.Name, o.Kind))
	case o.Name == "" || o.Usage == "":
		panic(fmt.Sprintf("tool: %s --%s: an option without a name or words", c.Name, o.Name))
	case slices.ContainsFunc(c.Options, func(p Option) bool { return p.Name == o.Name }):
		panic(fmt.Sprintf("tool: %s --%s: declared twice", c.Name, o.Name))
	}
	c.Options = append(c.Options, o)
	c.readers = append(c.readers, o.Name)
	return opt{o}
}

// boolOption declares the Bool option o of c (its default false) and
// returns its reader.
func (c *Command) boolOption(o Option) boolOpt {
	o.Kind, o.Default = Bool, "false"
	return boolOpt{c.declare(o, Bool)}
}

// intOption declares the Int option o of c and returns its reader.
func (c *Command) intOption(o Option) intOpt {
	o.Kind = Int
	return intOpt{c.declare(o, Int)}
}

// textOption declares the Text, File or Choice option o of c and returns
// its reader.
func (c *Command) textOption(o Option) textOpt {
	return textOpt{c.declare(o, Text, File, Choice)}
}

// Flags are the flags every command takes: how it reads its input and
// writes its output. The zero value is the command line's defaults.
type Flags struct {
	Column      string // the column of addresses: a table is read (--column)
	Input       string // lines, csv, tsv or xlsx (--input); "": by --column and the file
	Format      string // jsonl, csv, tsv or text (--format); "": by the command and the terminal
	Fields      string // the columns printed, comma-separated (--fields)
	Delimiter   string // of CSV, one byte (--delimiter); "": found
	Encoding    string // of the input (--encoding); "": UTF-8
	Sheet       string // of a workbook (--sheet)
	NoHeader    bool   // the table has no header row (--no-header)
	BOM, CRLF   string // "", "true" or "false": as the input, or forced (--bom, --crlf)
	OnBadRecord string // error or skip (--on-bad-record); "": error
	Rejects     string // the file of rejected records (--rejects)
	Jobs        int    // workers (--jobs); 0: one per CPU
	Strict      string // --strict's codes
	Quiet       bool   // no summary (--quiet)
}

// Hooks are what a program that runs a command for someone (serve's page)
// asks of the run besides its flags; the command line's are zero.
type Hooks struct {
	// Rejects, when not nil, takes the rejected records as JSON lines
	// (as --rejects FILE does).
	Rejects io.Writer
	// Watch, when not nil, follows the run.
	Watch *Watch
	// SheetMemory, when not 0, is how many bytes a workbook may unzip
	// to, all of it held in memory (none in temporary files); MaxRows,
	// when not 0, is how many rows of a sheet are read.
	SheetMemory int64
	MaxRows     int
	// NoTempFile keeps the reader of a table from writing a temporary
	// file (table.Options.NoTempFile).
	NoTempFile bool
	// Lists, when not nil, are the texts of the File options, by name,
	// each given as ListName(name): no file is opened.
	Lists map[string]string
}

// A Call is a run of a command by a program: the command, its options,
// the flags every command takes, the streams and the hooks.
type Call struct {
	Command *Command
	Options Values // of Command (Command.NewValues); zero: the defaults
	Flags   Flags
	Stdin   io.Reader
	Stdout  io.Writer
	Stderr  io.Writer // the messages and the summary
	Hooks   Hooks
}

// Run runs the call's command on its standard input, as the command line
// runs it with the same options and flags. Zero Options are the
// command's defaults.
func Run(c Call) error {
	if c.Options.cmd == nil {
		c.Options = c.Command.NewValues()
	}
	f := c.Flags
	if f.OnBadRecord == "" {
		f.OnBadRecord = "error"
	}
	if f.Jobs == 0 {
		f.Jobs = runtime.GOMAXPROCS(0)
	}
	cfg := &config{Flags: f, stdin: c.Stdin, stdout: c.Stdout, stderr: c.Stderr, hooks: c.Hooks}
	return c.Command.run(cfg, nil, c.Options)
}

// CommandLine returns the command line that gives the call's output: its
// command, the flags not at their zero value, and its options set, by
// name.
func (c Call) CommandLine() []string {
	args := []string{c.Command.Name}
	for _, f := range commonFlags() {
		if f.alias {
			continue
		}
		switch p := f.field(&c.Flags).(type) {
		case *bool:
			if *p {
				args = append(args, "--"+f.Name)
			}
		case *int:
			if *p != 0 {
				args = append(args, "--"+f.Name+"="+strconv.Itoa(*p))
			}
		case *string:
			if *p != "" {
				args = append(args, "--"+f.Name+"="+*p)
			}
		}
	}
	names := make([]string, 0, len(c.Options.set))
	for n := range c.Options.set {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		args = append(args, "--"+n+"="+c.Options.set[n])
	}
	return args
}

// Commands returns the commands that print records, by name, each
// described once for the command line and the page.
func Commands() []*Command {
	cs := []*Command{parseCommand(), keyCommand(), cleanCommand(), dedupeCommand(), matchCommand(), lintCommand(), surtCommand(), urlCommand()}
	slices.SortFunc(cs, func(a, b *Command) int { return strings.Compare(a.Name, b.Name) })
	return cs
}

// Lookup returns the command of that name among Commands.
func Lookup(name string) (*Command, bool) {
	for _, c := range Commands() {
		if c.Name == name {
			return c, true
		}
	}
	return nil, false
}

// cobraCommand returns the command line's command of c, run on cfg.
func (c *Command) cobraCommand(cfg *config) *cobra.Command {
	v := c.NewValues()
	cmd := &cobra.Command{
		Use:     c.Name + " " + c.Use,
		Short:   c.Short,
		Long:    c.Long,
		Example: c.Example,
		RunE: func(_ *cobra.Command, args []string) error {
			return c.run(cfg, args, v)
		},
	}
	for _, o := range c.Options {
		var fv pflag.Value = optionValue{o, v}
		if o.Kind == Bool {
			fv = boolValue{optionValue{o, v}}
		}
		f := cmd.Flags().VarPF(fv, o.Name, "", o.Usage)
		if o.Kind == Bool {
			f.NoOptDefVal = "true"
		}
		if o.Values != nil {
			cmd.RegisterFlagCompletionFunc(o.Name, fixedCompletion(o.Values...))
		}
	}
	return cmd
}

// An optionValue is an option as a flag: its value in v.
type optionValue struct {
	o Option
	v Values
}

func (f optionValue) String() string     { return f.v.text(f.o) }
func (f optionValue) Set(s string) error { return f.v.Set(f.o.Name, s) }
func (f optionValue) Type() string       { return f.o.Type() }

// A boolValue is a Bool option as a flag, which may be given alone.
type boolValue struct{ optionValue }

func (boolValue) IsBoolFlag() bool { return true }
