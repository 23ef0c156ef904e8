// Package lsp is the language server of the rules language: `bataille lsp`
// runs it for editors. It checks the open files with dsl.Check as they are
// typed (the other files of the folder and the modules extended read from
// disk or from the binary), turns did-you-mean diagnostics into quick
// fixes, and answers hover, definition, references, completion,
// formatting, document symbols and semantic tokens from one classification
// of each file's tokens. What a name refers to (a variable, a param, a
// word of an expression or of a scenario line, a scenario's unit) it reads
// from the checker's facts, dsl.Info, and resolves nothing itself. The
// protocol layer is package lsp/jsonrpc.
//
//	err := lsp.Serve(ctx, os.Stdin, os.Stdout, lsp.Options{})
package lsp
