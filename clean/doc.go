// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package clean cleans columns of website addresses as R's safe_parse_url
// does (package rurl: version 1.4's answers, and the query, port and
// scheme options of version 2.7), on top of the URL Standard's parser of
// package webaddress. [Clean] cleans one value with [CleanOptions], whose
// fields are safe_parse_url's arguments with R's defaults as zero values;
// a [Cleaner] remembers the results of values that repeat, in a bounded
// cache, and cleans a column in parallel ([Cleaner.CleanAll]). A
// [Cleaned] value has R's components, and its JSON record R's names.
//
// The package is built on package webaddress: its exported API
// ([webaddress.PublicSuffix], [webaddress.DomainToASCII], ...), and the
// reading of a typed input with a scheme of the cleaner's choosing, which
// the core gives this module's layers only. Its failures are *[webaddress.Error]
// values with a [webaddress.Code]: the codes of package webaddress for an
// input that is not a URL, and this package's own (CodeEmptyInput,
// CodeUnsupportedScheme, ...) for what safe_parse_url rejects.
package clean
