module github.com/onecontact/webaddress/bench

go 1.27

require (
	github.com/ada-url/goada v1.1.0
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/onecontact/webaddress v0.0.0
)

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da // indirect
	golang.org/x/text v0.44.0 // indirect
)

replace github.com/onecontact/webaddress => ../

tool golang.org/x/perf/cmd/benchstat
