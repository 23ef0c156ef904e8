module github.com/bataille/bataille

go 1.25.0

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/expr-lang/expr v1.17.8
	github.com/spf13/pflag v1.1.0
)
