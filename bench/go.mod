module github.com/bataille/bataille/bench

go 1.25.0

require (
	github.com/bataille/bataille v0.0.0
	github.com/yuin/gopher-lua v1.1.2
	go.starlark.net v0.0.0-20260908191801-89a6a09411d5
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/expr-lang/expr v1.17.8 // indirect
	golang.org/x/sys v0.42.0 // indirect
)

replace github.com/bataille/bataille => ../
