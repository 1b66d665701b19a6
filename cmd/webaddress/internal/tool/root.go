// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package tool is the command-line tool webaddress but its main and its
// page: the typed table of the commands that print records (Commands,
// table.go), which the command line makes its cobra commands and flags of
// and serve's page its forms; and what runs them: the input read as lines
// or a table (internal/table), the workers, the output, the summary.
//
// A program other than the command line (package serve) runs a command by
// Run, with a Call of typed options, not with a command line.
//
// To add a command: write its func NAMECommand() *Command (name, usage,
// help with examples, Columns, its options, and run), and list it in
// Commands. To add an option: declare it on its command with
// Command.boolOption, intOption or textOption (name, words, kind, values,
// default; an option several commands take is declared once, in cell.go),
// which returns its reader, and read it in run with the reader's Get; the
// flag, its completion, its man page entry and the page's control follow
// from the table. A flag every command takes is an entry of commonFlags
// (flags.go), with its field of Flags.
package tool

// This file is the command line's root command: the flags every command
// takes, and the commands of the table (table.go).

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// config is a run of a command: the flags every command takes, the
// streams, and the hooks of a program other than the command line.
type config struct {
	Flags

	stdin          io.Reader
	stdout, stderr io.Writer
	intr           *Interruption // SIGINT and SIGTERM; nil in tests and on the page
	hooks          Hooks
}

// An Env is where the command line runs: its streams, its interruption
// (SIGINT and SIGTERM; nil: none) and what --version prints.
type Env struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Intr           *Interruption
	Version        string
}

// Encodings are the input encodings the tool names (--encoding's
// completion, the page's choices).
var Encodings = []string{"utf-8", "latin1", "windows-1252", "iso-8859-15", "utf-16", "utf-16be", "utf-16le"}

// ExitStatus returns the exit status of a run that returned err.
func ExitStatus(err error) int {
	if err == nil {
		return 0
	}
	var ie *interruptedError
	if errors.As(err, &ie) {
		return ie.exitStatus()
	}
	return 1
}

// Execute runs the command line args in env, with the commands of the
// table and more, and returns its exit status, having said its error.
func Execute(env Env, args []string, more ...*cobra.Command) int {
	root := NewRoot(env)
	root.AddCommand(more...)
	root.SetArgs(args)
	err := root.Execute()
	if err != nil {
		fmt.Fprintf(env.Stderr, "webaddress: %v\n", err)
	}
	return ExitStatus(err)
}

// NewRoot returns the root command of the command line, in env, with the
// commands of the table (Commands). A command of another package (serve)
// is added to it.
func NewRoot(env Env) *cobra.Command {
	return newRoot(&config{stdin: env.Stdin, stdout: env.Stdout, stderr: env.Stderr, intr: env.Intr}, env.Version)
}

func newRoot(cfg *config, version string) *cobra.Command {
	root := &cobra.Command{
		Use:   "webaddress",
		Short: "Parse, key, clean, deduplicate and lint website addresses as browsers read them",
		Long: `webaddress reads website addresses as browsers do (the WHATWG URL Standard):
from its arguments, from the lines of standard input, or from a column of a
CSV or TSV file or an Excel workbook, on standard input or named (--column
NAME), whose other columns pass through with the results added. One output
row per input, in order. "webaddress help reading" says how a table is read:
its malformed records, the longest record, encodings, temporary files, and
what SIGINT and SIGTERM do.`,
		Example: `  webaddress parse 'WWW.Example.com/shop?utm_source=x#top'
  webaddress key < urls.txt | sort | uniq -c | sort -rn | head
  webaddress dedupe --first --column website --format csv < contacts.csv > unique.csv
  webaddress serve`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetIn(cfg.stdin)
	root.SetOut(cfg.stdout)
	root.SetErr(cfg.stderr)
	addCommonFlags(root, &cfg.Flags)

	for _, c := range Commands() {
		root.AddCommand(c.cobraCommand(cfg))
	}
	root.AddCommand(readingTopic())
	setHelp(root)
	strictHelp(root)
	return root
}

// readingTopic is the help topic "reading": how the commands read their
// input, the rules every command follows.
func readingTopic() *cobra.Command {
	return &cobra.Command{
		Use:   "reading",
		Short: "How a table is read: malformed records, the longest record, encodings, signals",
		Long: `A CSV file is read by RFC 4180, strictly; TSV is CSV with a tab, the same
quoting both ways. Lines end in LF, CRLF or CR alone. One output row per
input, in order; a malformed CSV record (a stray quote, a quote never
closed, a field too many or too few) stops the run (or, with
--on-bad-record skip, is rejected, all its lines), and is never merged
into another. A record may span at most 4 MiB (4,194,304 bytes) over its
lines: a quoted field running on further is malformed (record.too-long),
one record up to where its quote closes. A quote never closed, to the end
of the input, costs its own line (record.unclosed-quote), and reading goes
on at the next, whatever its size (from standard input through a pipe, the
lines after it are kept in a temporary file to read them again). Rows read
= rows written + rows rejected, always, and the summary on standard error
says so.

Bytes are never changed silently: a value that is not UTF-8 fails with
web.invalid-utf8 (name its encoding with --encoding, such as latin1 or
windows-1252); other columns keep their bytes in CSV and TSV, and a JSON
line that cannot carry them says so in its "invalid_utf8" member.

SIGINT or SIGTERM stops the reading: the rows read are written, whole, and
the summary says the run was interrupted (exit status 130 or 143).`,
	}
}

// setHelp makes each command's help open with what it does and its
// usage, in a few lines, then its examples, then its details, then its
// commands and flags; a help topic (reading) is its text.
func setHelp(root *cobra.Command) {
	usage := root.UsageTemplate()
	const examples = `{{if .HasExample}}

Examples:
{{.Example}}{{end}}`
	const details = `{{with .Long}}

{{. | trimTrailingWhitespaces}}{{end}}`
	help, n := strings.CutPrefix(usage, "Usage:")
	if !n || !strings.Contains(usage, examples) {
		panic("tool: cobra's usage template is not the one setHelp knows") // a test's failure, on an update of cobra
	}
	// The usage lines end where the aliases start.
	help = strings.Replace(strings.Replace(help, examples, "", 1), "{{if gt (len .Aliases) 0}}", examples+details+"{{if gt (len .Aliases) 0}}", 1)
	root.SetHelpTemplate("{{.Short}}\n\n{{if or .Runnable .HasSubCommands}}Usage:" + help + "{{else}}{{.Long | trimTrailingWhitespaces}}\n{{end}}")
	root.SetUsageTemplate(strings.Replace(usage, examples, "", 1))
}

// strictHelp makes "help TOPIC" and "completion SHELL" fail on a topic or
// shell they do not know, instead of printing the usage and exiting 0.
func strictHelp(root *cobra.Command) {
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				return fmt.Errorf("unknown help topic %q: run \"webaddress help\" for the commands", strings.Join(args, " "))
			}
			return cmd.Help()
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var names []string
			for _, c := range root.Commands() {
				if c.IsAvailableCommand() {
					names = append(names, c.Name())
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
	})
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(c *cobra.Command, args []string) error {
				if len(args) > 0 {
					return fmt.Errorf("unknown shell %q: want bash, zsh, fish or powershell", args[0])
				}
				return c.Help()
			}
		}
	}
}

// fixedCompletion completes a flag with one of values.
func fixedCompletion(values ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}
