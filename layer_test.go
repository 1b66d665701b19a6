// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"errors"
	"testing"

	"github.com/onecontact/webaddress/internal/layer"
)

// TestLayerHooks checks the calls package layer gives this module's
// layers: a typed input read with a scheme of the layer's choosing, an
// error of the layer's own code, and an Address rebuilt from its record.
func TestLayerHooks(t *testing.T) {
	in, err := layer.ReadTyped("  example.com:8080/a ")
	if err != nil {
		t.Fatal(err)
	}
	u, fields, err := layer.ParseTyped[URL, Fields](in, 0, "http")
	if err != nil {
		t.Fatal(err)
	}
	if u.Href() != "http://example.com:8080/a" || in.Lead != 2 || fields.Host != (Span{2, 13}) || fields.Port != (Span{14, 18}) {
		t.Errorf("ParseTyped: %s, lead %d, host %v, port %v", u.Href(), in.Lead, fields.Host, fields.Port)
	}
	// A written scheme replaced: "ftps://host" read as ftp from byte 5.
	in, _ = layer.ReadTyped("ftps://host/x")
	if u, _, err := layer.ParseTyped[URL, Fields](in, 5, "ftp"); err != nil || u.Href() != "ftp://host/x" {
		t.Errorf("ParseTyped(ftps as ftp) = %q, %v", u.Href(), err)
	}
	if _, _, err := layer.ParseTyped[URL, Fields](in, 99, "ftp"); !errors.Is(err, CodeInvalidURL) {
		t.Errorf("ParseTyped from outside the text: %v, want %s", err, CodeInvalidURL)
	}
	if _, err := layer.ReadTyped("a\xffb"); !errors.Is(err, CodeInvalidUTF8) {
		t.Errorf("ReadTyped(invalid UTF-8): %v, want %s", err, CodeInvalidUTF8)
	}

	const code Code = "app.too-short"
	err = layer.NewError(string(code), "a.b", 0, "a host of three bytes")
	var e *Error
	if !errors.Is(err, code) || !errors.As(err, &e) || err.Error() != `app.too-short: "a.b": a host of three bytes` {
		t.Errorf("NewError: %v", err)
	}

	a, err := layer.FromRecord[Address]("“Acme.com”", "Acme.com", uint64(FactWrappingRemoved|FactHasCredentials))
	if err != nil {
		t.Fatal(err)
	}
	// The layer's facts are kept; Parse's own come from the text.
	if a.Cell() != "“Acme.com”" || a.Input() != "Acme.com" || a.Facts() != FactSchemeAssumed|FactWrappingRemoved {
		t.Errorf("FromRecord: cell %q, input %q, facts %v", a.Cell(), a.Input(), a.Facts())
	}
	// WithFacts adds the layer's facts only, without parsing again.
	if b := layer.WithFacts(a, uint64(FactNotPublicWebsite|FactIPHost)); b.Facts() != a.Facts()|FactNotPublicWebsite || b.Canonical() != a.Canonical() {
		t.Errorf("WithFacts: facts %v, canonical %q", b.Facts(), b.Canonical())
	}
	if _, err := layer.FromRecord[Address]("x", "http://[::1", 0); !errors.Is(err, CodeInvalidHost) {
		t.Errorf("FromRecord of a text that does not parse: %v", err)
	}
}
