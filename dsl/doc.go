// Package dsl is the rules language of bataille: its lexer, grammar and AST
// (participle struct tags), the checker that turns source files into a
// Module, diagnostics, the formatter and the semantic diff of two modules.
//
// It knows nothing of the engine: the hooks a rule may run on, the names an
// expression may use there, the effects a rule may call, the procedures a
// sequence may name, the properties of words and of a scenario's units,
// the kinds of order and the flags procedures keep on units and hexes
// come from an Env that the caller builds (package stdlib builds the
// standard one, from the kernel's and the procedures' registrations). Hex
// numbers and geometry come from package hex.
//
//	files, diags := dsl.ParseFS(fsys, "games/mybattle")
//	mod, diags := dsl.Check(files, env, loader)
//
// The checker records what each name it resolved refers to in the module's
// Info, as go/types does: an expression's variables, fields, params,
// declarations and words, an effect call's names, the words of key cells,
// of scenario lines and of words' properties, and a scenario's units.
// Tools (the language server) read it instead of resolving names again.
//
// Parsing is most of what loading costs, so there are two ways around it:
// a Reparser parses again only the declarations an edit changed (the
// language server, at each keystroke), and a TreeFS carries trees made
// before (EncodeTree) that ParseFS reads instead of parsing the text they
// were made from (the embedded base modules and battles).
package dsl
