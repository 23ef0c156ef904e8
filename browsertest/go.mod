module github.com/bataille/bataille/browsertest

go 1.25.0

require (
	github.com/bataille/bataille v0.0.0
	github.com/chromedp/chromedp v0.23.1
)

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/chromedp/cdproto v0.160.1 // indirect
	github.com/expr-lang/expr v1.17.8 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)

replace github.com/bataille/bataille => ../
