// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"testing"

	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// marshal returns v's JSON as its MarshalJSON writes it, or fails t.
var marshal = testfiles.MarshalJSON

func jsonOf(b []byte, _ bool) string { return string(b) }

func TestCleanedRecord(t *testing.T) {
	c, err := Clean("ftp://user:pass@ftp.example.co.uk:21/file.txt", CleanOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := marshal(t, c), `{"original_url":"ftp://user:pass@ftp.example.co.uk:21/file.txt","scheme":"ftp","host":"ftp.example.co.uk","port":"21","path":"/file.txt","query":null,"fragment":null,"user":"user","password":"pass","domain":"example.co.uk","tld":"co.uk","is_ip_host":false,"clean_url":"ftp://ftp.example.co.uk/file.txt","parse_status":"ok-ftp","error_code":null,"error":null}`; got != want {
		t.Errorf("Clean(...).MarshalJSON() =\n\t%s\nwant\n\t%s", got, want)
	}
	c, _ = Clean("mailto:x@example.com", CleanOptions{})
	if got, want := marshal(t, c), `{"original_url":"mailto:x@example.com","scheme":null,"host":null,"port":null,"path":null,"query":null,"fragment":null,"user":null,"password":null,"domain":null,"tld":null,"is_ip_host":null,"clean_url":null,"parse_status":"error","error_code":"clean.unsupported-scheme","error":"clean.unsupported-scheme: \"mailto:x@example.com\": scheme \"mailto\" is not http, https, ftp or ftps"}`; got != want {
		t.Errorf("a failed Clean's MarshalJSON() =\n\t%s\nwant\n\t%s", got, want)
	}
	if got := jsonOf(record.NewLayout(record.Of[Cleaned]()...).AppendJSON(nil, nil, &c)); got != marshal(t, c) {
		t.Errorf("the registered clean record differs from MarshalJSON: %s", got)
	}
}
