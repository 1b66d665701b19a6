module github.com/onecontact/webaddress

go 1.27

toolchain go1.27.3

require (
	golang.org/x/net v0.62.0
	golang.org/x/text v0.44.0
)
