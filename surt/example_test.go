// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt_test

import (
	"errors"
	"fmt"

	"github.com/onecontact/webaddress/surt"
)

// ExampleKey shows keys of typical and of quirky inputs: "%26" splits the
// query, "www1234" counts as "www", and "example.com:" is a scheme.
func ExampleKey() {
	for _, url := range []string{
		"http://www.Example.com/About/?b=2&a=1#team",
		"https://example.com:443/a/./b/../c",
		"https://example.com:8443/",
		"example.com/?q=a%26b",
		"http://bücher.de/",
		"http://3279880203/",
		"http://[2001:DB8::1]/x",
		"http://www1234.com/",
		"example.com:8080/x",
		"mailto:Jo@Example.org",
		"",
	} {
		key, err := surt.Key(url)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-46q %s\n", url, key)
	}
	_, err := surt.Key("http://example.com:99999/")
	fmt.Println(err)
	fmt.Println(errors.Is(err, surt.ErrInvalidPort))
	// Output:
	// "http://www.Example.com/About/?b=2&a=1#team"   com,example)/about?a=1&b=2
	// "https://example.com:443/a/./b/../c"           com,example)/a/c
	// "https://example.com:8443/"                    com,example:8443)/
	// "example.com/?q=a%26b"                         com,example)/?b&q=a
	// "http://bücher.de/"                            de,xn--bcher-kva)/
	// "http://3279880203/"                           11,0,127,195)/
	// "http://[2001:DB8::1]/x"                       2001:db8::1)/x
	// "http://www1234.com/"                          com)/
	// "example.com:8080/x"                           example.com:8080/x
	// "mailto:Jo@Example.org"                        mailto:jo@example.org
	// ""                                             -
	// surt.Key("http://example.com:99999/"): port is not a number from 0 to 65535 (at "99999")
	// true
}
