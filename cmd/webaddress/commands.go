// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file holds what each command computes for a value: its columns.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/onecontact/webaddress"
)

// A table is what a command prints for each value: the columns it can
// print (all of them unless --fields says otherwise) and the function that
// computes one value per column.
type table struct {
	columns []string
	eval    func(value string) (vals []string, failed bool)

	text         bool     // the default format is text, even in a pipe
	textDefaults []string // the columns the text format prints by default, if not all
}

// errorColumns gives the error_code and error columns of err.
func errorColumns(err error) (code, msg string) {
	if err == nil {
		return "", ""
	}
	var c interface{ Code() webaddress.Code }
	if errors.As(err, &c) {
		code = string(c.Code())
	}
	return code, err.Error()
}

// parseTable is the parse command's: the Address record.
var parseTable = table{
	columns: []string{"input", "href", "canonical", "key", "facts", "network", "handle", "kind",
		"fields", "removed_params", "error_code", "error"},
	eval: func(value string) ([]string, bool) {
		a, err := webaddress.Parse(value)
		if err != nil {
			code, msg := errorColumns(err)
			return []string{value, "", "", "", "", "", "", "", "", "", code, msg}, true
		}
		p, _ := a.Profile()
		facts := ""
		if f := a.Facts(); f != 0 {
			facts = f.String()
		}
		return []string{value, a.URL().Href(), a.Canonical(), a.Key(webaddress.KeyV1), facts,
			string(p.Network), p.Handle, p.Kind, fieldsText(a.Fields()),
			strings.Join(a.RemovedParams(), "&"), "", ""}, false
	},
}

// fieldsText writes the present spans of f as "scheme=0-5 host=8-19 ...".
func fieldsText(f webaddress.Fields) string {
	var b strings.Builder
	for _, s := range []struct {
		name string
		span webaddress.Span
	}{{"scheme", f.Scheme}, {"host", f.Host}, {"port", f.Port}, {"path", f.Path}, {"query", f.Query}, {"fragment", f.Fragment}} {
		if !s.span.IsPresent() {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.name + "=" + strconv.Itoa(s.span.Start) + "-" + strconv.Itoa(s.span.End))
	}
	return b.String()
}

// keyTable is the key command's (and dedupe's): KeyV1.
var keyTable = table{
	columns:      []string{"key", "error_code", "error"},
	text:         true,
	textDefaults: []string{"key"},
	eval: func(value string) ([]string, bool) {
		a, err := webaddress.Parse(value)
		if err != nil {
			code, msg := errorColumns(err)
			return []string{"", code, msg}, true
		}
		return []string{a.Key(webaddress.KeyV1), "", ""}, false
	},
}

// lintTable is the lint command's: the validation errors, each as
// name@start-end, with "!" after a failure.
var lintTable = table{
	columns: []string{"input", "violations", "count", "failed"},
	eval: func(value string) ([]string, bool) {
		vs := webaddress.LintAddress(value)
		parts := make([]string, len(vs))
		failed := false
		for i, v := range vs {
			parts[i] = v.Name + "@" + strconv.Itoa(v.Span.Start) + "-" + strconv.Itoa(v.Span.End)
			if v.Failure {
				parts[i] += "!"
				failed = true
			}
		}
		return []string{value, strings.Join(parts, " "), strconv.Itoa(len(vs)), strconv.FormatBool(failed)}, failed
	},
}

// urlTable is the url command's: the URL Standard's components of an
// absolute URL, named as in the URL API.
var urlTable = table{
	columns: []string{"input", "href", "origin", "protocol", "username", "password", "host",
		"hostname", "port", "pathname", "search", "hash", "error"},
	eval: func(value string) ([]string, bool) {
		u, err := webaddress.ParseURL(value)
		if err != nil {
			return []string{value, "", "", "", "", "", "", "", "", "", "", "", err.Error()}, true
		}
		return []string{value, u.Href(), u.Origin(), u.Protocol(), u.Username(), u.Password(), u.Host(),
			u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), ""}, false
	},
}

// cleanColumns are the names of R's safe_parse_url value, then the error.
var cleanColumns = []string{"original_url", "scheme", "host", "port", "path", "query", "fragment",
	"user", "password", "domain", "tld", "is_ip_host", "clean_url", "parse_status", "error_code", "error"}

// cleanTable is the clean command's, with a Cleaner shared by the workers.
func cleanTable(c *webaddress.Cleaner) table {
	return table{
		columns: cleanColumns,
		eval: func(value string) ([]string, bool) {
			r, err := c.Clean(value)
			code, msg := errorColumns(err)
			return []string{r.Original, r.Scheme, r.Host, r.Port, r.Path, r.Query, r.Fragment,
				r.User, r.Password, r.Domain, r.TLD, strconv.FormatBool(r.IsIPHost), r.CleanURL,
				string(r.Status), code, msg}, err != nil
		},
	}
}

// cleanOptionFlags are safe_parse_url's arguments, with the values of
// each for completion (none for the number).
var cleanOptionFlags = []struct {
	name   string // R's name
	values []string
}{
	{"protocol_handling", optionValues[webaddress.ProtocolHandling]()},
	{"www_handling", optionValues[webaddress.WWWHandling]()},
	{"tld_source", optionValues[webaddress.TLDSource]()},
	{"case_handling", optionValues[webaddress.CaseHandling]()},
	{"trailing_slash_handling", optionValues[webaddress.TrailingSlashHandling]()},
	{"index_page_handling", optionValues[webaddress.IndexPageHandling]()},
	{"path_normalization", optionValues[webaddress.PathNormalization]()},
	{"scheme_relative_handling", optionValues[webaddress.SchemeRelativeHandling]()},
	{"subdomain_levels_to_keep", nil},
	{"host_encoding", optionValues[webaddress.HostEncoding]()},
	{"path_encoding", optionValues[webaddress.PathEncoding]()},
}

// optionValues lists the R values of a cleaning option, which its String
// method gives for each constant.
func optionValues[T interface {
	~uint8
	String() string
}]() []string {
	var vs []string
	for i := range 256 {
		s := T(i).String()
		if strings.Contains(s, "(") { // past the last constant
			break
		}
		vs = append(vs, s)
	}
	return vs
}

func cleanCommand(cfg *config) *cobra.Command {
	values := make([]string, len(cleanOptionFlags))
	cacheSize := 0
	cmd := &cobra.Command{
		Use:   "clean [ADDRESS...]",
		Short: "Clean addresses as R's safe_parse_url does, with its options",
		Long: `clean gives the value of R's safe_parse_url (package rurl) for each input,
with one flag per argument of it, named as in R with "-" for "_", and R's
values (the defaults are R's). A result is cached by input, so a column whose
values repeat is cleaned once per distinct value. Columns: ` + strings.Join(cleanColumns, ", ") + `.`,
		Example: `  webaddress clean --www-handling strip --trailing-slash-handling strip 'WWW.Example.com/Shop/'
  webaddress clean --column website --format csv --fields clean_url,domain,parse_status < crm.csv`,
		RunE: func(cmd *cobra.Command, args []string) error {
			var opts webaddress.CleanOptions
			for i, f := range cleanOptionFlags {
				if cmd.Flags().Changed(flagName(f.name)) {
					if err := opts.Set(f.name, values[i]); err != nil {
						return fmt.Errorf("--%s: %w", flagName(f.name), err)
					}
				}
			}
			return cfg.runTable(args, cleanTable(webaddress.NewCleaner(opts, cacheSize)))
		},
	}
	for i, f := range cleanOptionFlags {
		usage := "safe_parse_url's " + f.name + ": labels kept before the registrable domain (default NULL: all)"
		if f.values != nil {
			usage = "safe_parse_url's " + f.name + ": " + strings.Join(f.values, ", ") + " (default " + f.values[0] + ")"
		}
		cmd.Flags().StringVar(&values[i], flagName(f.name), "", usage)
		if f.values != nil {
			cmd.RegisterFlagCompletionFunc(flagName(f.name), fixedCompletion(f.values...))
		}
	}
	cmd.Flags().IntVar(&cacheSize, "cache", 100_000, "the most distinct inputs whose results are kept (a few hundred bytes each)")
	return cmd
}

// flagName is the flag of R's argument name.
func flagName(name string) string { return strings.ReplaceAll(name, "_", "-") }
