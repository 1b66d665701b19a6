package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// decodeLines decodes each line of out as one JSON object.
func decodeLines(t *testing.T, out string) []map[string]string {
	t.Helper()
	var objs []map[string]string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if line == "" {
			continue
		}
		var m map[string]string
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("output line %q is not a JSON object of strings: %v", line, err)
		}
		objs = append(objs, m)
	}
	return objs
}

var allKeys = []string{
	"input", "href", "origin", "protocol", "username", "password",
	"host", "hostname", "port", "pathname", "search", "hash",
}

// TestRun checks -url, the URL Standard's components.
func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantStatus int
		// want holds one entry per expected output line. In each, the
		// "error" key set to "*" means "any non-empty error"; otherwise
		// every listed key must have exactly that value.
		want []map[string]string
	}{
		{
			// Host lowercased, default port dropped, dot segments removed.
			name: "canonical https",
			args: []string{"https://EXAMPLE.com:443/a/../b?x#y"},
			want: []map[string]string{{
				"input":    "https://EXAMPLE.com:443/a/../b?x#y",
				"href":     "https://example.com/b?x#y",
				"origin":   "https://example.com",
				"protocol": "https:",
				"username": "",
				"password": "",
				"host":     "example.com",
				"hostname": "example.com",
				"port":     "",
				"pathname": "/b",
				"search":   "?x",
				"hash":     "#y",
			}},
		},
		{
			// Userinfo and a non-default port survive.
			name: "userinfo and port",
			args: []string{"http://user:pass@example.com:8080/"},
			want: []map[string]string{{
				"href":     "http://user:pass@example.com:8080/",
				"origin":   "http://example.com:8080",
				"username": "user",
				"password": "pass",
				"host":     "example.com:8080",
				"hostname": "example.com",
				"port":     "8080",
			}},
		},
		{
			// Unclosed IPv6 address: a failure.
			name:       "failure",
			args:       []string{"http://[::1"},
			wantStatus: 1,
			want:       []map[string]string{{"input": "http://[::1", "error": "*"}},
		},
		{
			// One failure among several inputs: all are printed, in order,
			// and the status is 1.
			name:       "mixed arguments",
			args:       []string{"https://a.example/", "http://[::1", "https://b.example/"},
			wantStatus: 1,
			want: []map[string]string{
				{"input": "https://a.example/", "href": "https://a.example/"},
				{"input": "http://[::1", "error": "*"},
				{"input": "https://b.example/", "href": "https://b.example/"},
			},
		},
		{
			// -- ends the flags; the empty string is an input (and no URL).
			name:       "double dash and empty argument",
			args:       []string{"--", ""},
			wantStatus: 1,
			want:       []map[string]string{{"input": "", "error": "*"}},
		},
		{
			// Arguments win over standard input.
			name:  "arguments ignore stdin",
			args:  []string{"https://a.example/"},
			stdin: "https://b.example/\n",
			want:  []map[string]string{{"href": "https://a.example/"}},
		},
		{
			// Standard input: empty lines skipped, CRLF handled, last line
			// without a newline still read.
			name:       "stdin",
			stdin:      "https://EXAMPLE.com:443/a/../b?x#y\n\nhttp://[::1\r\nHTTP://b.example",
			wantStatus: 1,
			want: []map[string]string{
				{"input": "https://EXAMPLE.com:443/a/../b?x#y", "href": "https://example.com/b?x#y"},
				{"input": "http://[::1", "error": "*"},
				{"input": "HTTP://b.example", "href": "http://b.example/"},
			},
		},
		{
			name: "stdin all good",
			stdin: "https://a.example/\n" +
				"https://b.example/\n",
			want: []map[string]string{
				{"href": "https://a.example/"},
				{"href": "https://b.example/"},
			},
		},
		{
			// Nothing to do is not an error.
			name:  "empty stdin",
			stdin: "",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			args := append([]string{"-url"}, tt.args...)
			status := run(args, strings.NewReader(tt.stdin), &stdout, &stderr)
			if status != tt.wantStatus {
				t.Errorf("run(%q) = %d, want %d; stderr: %s", tt.args, status, tt.wantStatus, stderr.String())
			}
			if stderr.Len() != 0 {
				t.Errorf("run(%q) wrote to stderr: %q", tt.args, stderr.String())
			}
			got := decodeLines(t, stdout.String())
			if len(got) != len(tt.want) {
				t.Fatalf("run(%q) printed %d lines, want %d:\n%s", tt.args, len(got), len(tt.want), stdout.String())
			}
			for i, want := range tt.want {
				obj := got[i]
				if want["error"] == "*" {
					if obj["error"] == "" {
						t.Errorf("line %d = %v, want an error", i, obj)
					}
					if len(obj) != 2 {
						t.Errorf("line %d = %v, want only input and error", i, obj)
					}
				} else {
					if _, ok := obj["error"]; ok {
						t.Errorf("line %d = %v, want no error", i, obj)
					}
					for _, k := range allKeys {
						if _, ok := obj[k]; !ok {
							t.Errorf("line %d = %v, missing key %q", i, obj, k)
						}
					}
				}
				for k, v := range want {
					if k == "error" && v == "*" {
						continue
					}
					if obj[k] != v {
						t.Errorf("line %d: %s = %q, want %q", i, k, obj[k], v)
					}
				}
			}
		})
	}
}

// TestRunOutputShape checks one line byte for byte: key order, no HTML
// escaping, one object per line.
func TestRunOutputShape(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"-url", "https://EXAMPLE.com:443/a/../b?x#y", "https://a.example/?a=1&b=<2>"}, strings.NewReader(""), &stdout, &stderr); status != 0 {
		t.Fatalf("run = %d, want 0; stderr: %s", status, stderr.String())
	}
	want := `{"input":"https://EXAMPLE.com:443/a/../b?x#y","href":"https://example.com/b?x#y","origin":"https://example.com","protocol":"https:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/b","search":"?x","hash":"#y"}` + "\n" +
		`{"input":"https://a.example/?a=1&b=<2>","href":"https://a.example/?a=1&b=%3C2%3E","origin":"https://a.example","protocol":"https:","username":"","password":"","host":"a.example","hostname":"a.example","port":"","pathname":"/","search":"?a=1&b=%3C2%3E","hash":""}` + "\n"
	if got := stdout.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}

func TestRunUsage(t *testing.T) {
	tests := []struct {
		name       string
		args       []string
		wantStatus int
		wantStdout string // substring; "" means stdout must be empty
		wantStderr string // substring; "" means stderr must be empty
	}{
		{"help", []string{"-h"}, 0, "usage: webaddress", ""},
		{"long help", []string{"--help"}, 0, "usage: webaddress", ""},
		{"unknown flag", []string{"-x", "https://a.example/"}, 2, "", "flag provided but not defined: -x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(tt.args, strings.NewReader("https://a.example/\n"), &stdout, &stderr)
			if status != tt.wantStatus {
				t.Errorf("run(%q) = %d, want %d", tt.args, status, tt.wantStatus)
			}
			check := func(stream, got, want string) {
				if want == "" && got != "" {
					t.Errorf("run(%q) %s = %q, want empty", tt.args, stream, got)
				}
				if !strings.Contains(got, want) {
					t.Errorf("run(%q) %s = %q, want it to contain %q", tt.args, stream, got, want)
				}
			}
			check("stdout", stdout.String(), tt.wantStdout)
			check("stderr", stderr.String(), tt.wantStderr)
			if tt.wantStatus == 2 && !strings.Contains(stderr.String(), "usage: webaddress") {
				t.Errorf("run(%q) stderr = %q, want usage", tt.args, stderr.String())
			}
		})
	}
}

// errReader returns its data, then a read error.
type errReader struct{ data string }

func (r *errReader) Read(p []byte) (int, error) {
	if r.data == "" {
		return 0, errors.New("boom")
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

func TestRunStdinError(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"-url"}, &errReader{data: "https://a.example/\n"}, &stdout, &stderr)
	if status != 1 {
		t.Errorf("run = %d, want 1", status)
	}
	if got := decodeLines(t, stdout.String()); len(got) != 1 || got[0]["href"] != "https://a.example/" {
		t.Errorf("stdout = %q, want the line read before the error", stdout.String())
	}
	if !strings.Contains(stderr.String(), "boom") {
		t.Errorf("stderr = %q, want the read error", stderr.String())
	}
}

// TestRunAddress checks the default output, the address record, byte for
// byte.
func TestRunAddress(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run(nil, strings.NewReader("  Example.com:8080/p?utm_source=x&q=1#top\nexample.com:99999\nmailto:jo@x.org\n"), &stdout, &stderr)
	if status != 1 || stderr.Len() != 0 {
		t.Fatalf("run = %d, stderr %q; want 1 and nothing", status, stderr.String())
	}
	want := `{"input":"  Example.com:8080/p?utm_source=x&q=1#top","href":"https://example.com:8080/p?utm_source=x&q=1#top","canonical":"https://example.com:8080/p?q=1","key":"example.com:8080/p?q=1","facts":["scheme-assumed","tracking-parameters-removed","fragment-removed"],"fields":{"host":[2,13],"port":[14,18],"path":[18,20],"query":[21,37],"fragment":[38,41]},"removed_params":["utm_source=x"]}` + "\n" +
		`{"input":"example.com:99999","code":"web.invalid-port","error":"web.invalid-port: \"example.com:99999\": port-out-of-range at byte 12"}` + "\n" +
		`{"input":"mailto:jo@x.org","href":"mailto:jo@x.org","canonical":"mailto:jo@x.org","key":"mailto:jo@x.org","facts":["non-web-scheme"],"fields":{"scheme":[0,6],"path":[7,15]}}` + "\n"
	if got := stdout.String(); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
}
