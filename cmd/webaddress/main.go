// Command webaddress parses website addresses as browsers do, with the
// WHATWG URL Standard, and prints what it found as JSON.
//
// Usage:
//
//	webaddress [-url] [ADDRESS...]
//
// Each argument is parsed with [webaddress.Parse], as an address a person
// typed ("Example.com/?utm_source=x"). With no arguments, webaddress parses
// each non-empty line of standard input instead (a final carriage return is
// dropped). For every input it prints one JSON object on its own line: the
// address record (input, href, canonical, facts, fields as [start, end]
// byte offsets into the input, removed_params), or, when the input is not
// an address, its input, error code and message:
//
//	{"input":"example.com:99999","code":"web.invalid-port","error":"web.invalid-port: ..."}
//
// With -url, each input is parsed with [webaddress.ParseURL] as an
// absolute URL instead, and the line holds the URL Standard's components,
// with the URL API's names as keys:
//
//	{"input":"https://EXAMPLE.com:443/a/../b?x#y","href":"https://example.com/b?x#y",
//	 "origin":"https://example.com","protocol":"https:","username":"","password":"",
//	 "host":"example.com","hostname":"example.com","port":"","pathname":"/b",
//	 "search":"?x","hash":"#y"}
//
// (shown here wrapped) or {"input":...,"error":...}.
//
// The exit status is 0 when every input parsed, 1 when any did not (or
// standard input could not be read), and 2 on a usage error. Use -- before
// an input that begins with a hyphen.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/onecontact/webaddress"
)

const usageText = `usage: webaddress [-url] [ADDRESS...]

Parses each argument (or, with none, each non-empty line of standard input)
as a website address a person typed, and prints one JSON object per input:
the canonical form, facts, fields and removed tracking parameters.
  -url  parse each input as an absolute URL (WHATWG URL Standard) and print
        its components instead
Exit status: 0 if all inputs parsed, 1 if any failed, 2 on usage errors.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// result is the JSON line printed for an input that parsed. The field order
// is the output's key order.
type result struct {
	Input    string `json:"input"`
	Href     string `json:"href"`
	Origin   string `json:"origin"`
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

// failure is the JSON line printed for an input that did not parse; Code
// is the address error's code (not set with -url).
type failure struct {
	Input string `json:"input"`
	Code  string `json:"code,omitempty"`
	Error string `json:"error"`
}

// run is the whole command: args are the command-line arguments without the
// program name. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("webaddress", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // run prints usage and errors itself
	fs.Usage = func() {}
	urlMode := fs.Bool("url", false, "parse absolute URLs and print their components")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usageText)
			return 0
		}
		fmt.Fprintf(stderr, "webaddress: %v\n", err)
		fmt.Fprint(stderr, usageText)
		return 2
	}

	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false) // keep & < > readable in URLs
	status := 0
	// parse parses one input and prints its line. It reports whether
	// printing succeeded.
	parse := func(input string) bool {
		var v any
		if !*urlMode {
			a, err := webaddress.Parse(input)
			v = a
			if err != nil {
				status = 1
				f := failure{Input: input, Error: err.Error()}
				if e, ok := err.(*webaddress.Error); ok {
					f.Code = e.Code
				}
				v = f
			}
			if err := enc.Encode(v); err != nil {
				fmt.Fprintf(stderr, "webaddress: writing output: %v\n", err)
				return false
			}
			return true
		}
		u, err := webaddress.ParseURL(input)
		if err != nil {
			status = 1
			v = failure{Input: input, Error: err.Error()}
		} else {
			v = result{
				Input:    input,
				Href:     u.Href(),
				Origin:   u.Origin(),
				Protocol: u.Protocol(),
				Username: u.Username(),
				Password: u.Password(),
				Host:     u.Host(),
				Hostname: u.Hostname(),
				Port:     u.Port(),
				Pathname: u.Pathname(),
				Search:   u.Search(),
				Hash:     u.Hash(),
			}
		}
		if err := enc.Encode(v); err != nil {
			fmt.Fprintf(stderr, "webaddress: writing output: %v\n", err)
			return false
		}
		return true
	}

	if fs.NArg() > 0 {
		for _, input := range fs.Args() {
			if !parse(input) {
				return 1
			}
		}
		return status
	}

	// No arguments: one input per non-empty line of standard input. A
	// bufio.Reader, unlike a bufio.Scanner, has no limit on line length
	// (data: URLs can be long).
	r := bufio.NewReader(stdin)
	for {
		line, err := r.ReadString('\n')
		line = strings.TrimSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\r")
		if line != "" && !parse(line) {
			return 1
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintf(stderr, "webaddress: reading standard input: %v\n", err)
			return 1
		}
	}
	return status
}
