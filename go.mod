module github.com/bataille/bataille

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/expr-lang/expr v1.17.8 // indirect
	github.com/spf13/pflag v1.1.0 // indirect
)
