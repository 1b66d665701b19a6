// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"encoding/json"
)

// This file holds the JSON record of an Address.

// addressJSON is the JSON record of an Address.
type addressJSON struct {
	Input         string     `json:"input"`
	Href          string     `json:"href"`
	Canonical     string     `json:"canonical"`
	Key           string     `json:"key"`
	Profile       *Profile   `json:"profile,omitempty"`
	Facts         Facts      `json:"facts"`
	Fields        fieldsJSON `json:"fields"`
	RemovedParams []string   `json:"removed_params,omitempty"`
}

// fieldsJSON lists the present spans as [start, end] pairs.
type fieldsJSON struct {
	Scheme   *[2]int `json:"scheme,omitempty"`
	Host     *[2]int `json:"host,omitempty"`
	Port     *[2]int `json:"port,omitempty"`
	Path     *[2]int `json:"path,omitempty"`
	Query    *[2]int `json:"query,omitempty"`
	Fragment *[2]int `json:"fragment,omitempty"`
}

func spanJSON(s Span) *[2]int {
	if !s.IsPresent() {
		return nil
	}
	return &[2]int{s.Start, s.End}
}

// MarshalJSON returns the address as a JSON object: input, href,
// canonical, key (KeyV1), profile (when there is one), facts (as names),
// fields (present spans as [start, end] byte offsets) and removed_params.
// Credentials appear as written in href and canonical.
func (a Address) MarshalJSON() ([]byte, error) {
	f := a.fields
	var profile *Profile
	if p, ok := a.Profile(); ok {
		profile = &p
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // json.Marshal escapes again; an Encoder need not
	err := enc.Encode(addressJSON{
		Input:     a.input,
		Href:      a.url.Href(),
		Canonical: a.canonical,
		Key:       a.Key(KeyV1),
		Profile:   profile,
		Facts:     a.facts,
		Fields: fieldsJSON{spanJSON(f.Scheme), spanJSON(f.Host), spanJSON(f.Port),
			spanJSON(f.Path), spanJSON(f.Query), spanJSON(f.Fragment)},
		RemovedParams: a.removed,
	})
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), err
}
