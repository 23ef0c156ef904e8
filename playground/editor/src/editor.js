// The playground's editor: CodeMirror 6 with the bataille language's
// highlighting, the checker's diagnostics with their quick fixes, and
// completion of the module's names. Bundled into one script at build time
// (npm run build); the page uses it through window.BatailleEditor.
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { StreamLanguage, syntaxHighlighting, defaultHighlightStyle, bracketMatching } from "@codemirror/language";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { autocompletion, completeFromList } from "@codemirror/autocomplete";
import { searchKeymap } from "@codemirror/search";

const declKeywords = new Set(["game", "module", "extends", "edition", "param", "table", "check", "modifier", "chart", "rule", "objective",
  "scenario", "sequence", "phase", "remove", "override", "placeholder", "nationality", "class", "terrain", "formation", "arm", "state",
  "hexside", "attribute", "invariant", "test", "column", "cell"]);
const clauseKeywords = new Set(["when", "require", "else", "let", "do", "ask", "of", "on", "cite", "by", "only", "roll", "pass", "above",
  "below", "at_least", "at_most", "for", "modifier"]);
const scenarioKeywords = new Set(["map", "road", "unit", "charge", "move", "form", "fire", "assault", "at", "as", "step", "path", "decide",
  "goal", "turn", "seed", "yes", "no", "expect"]);

// A stream tokenizer: comments, strings, numbers and dice, keywords.
const bataille = StreamLanguage.define({
  startState: () => ({ inComment: false }),
  token(stream, state) {
    if (state.inComment) {
      if (stream.skipTo("*/")) { stream.match("*/"); state.inComment = false; } else stream.skipToEnd();
      return "comment";
    }
    if (stream.eatSpace()) return null;
    if (stream.match("//")) { stream.skipToEnd(); return "comment"; }
    if (stream.match("/*")) { state.inComment = true; return "comment"; }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
    if (stream.match(/^\d*d\d+/)) return "atom";
    if (stream.match(/^\d+(\.\d+)?/)) return "number";
    if (stream.match(/^[\p{L}_][\p{L}\p{N}_]*/u)) {
      const w = stream.current();
      if (declKeywords.has(w)) return "keyword";
      if (clauseKeywords.has(w)) return "keyword";
      if (scenarioKeywords.has(w)) return "atom";
      if (w === "true" || w === "false" || w === "nil") return "bool";
      return "variableName";
    }
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "//", block: { open: "/*", close: "*/" } } },
});

const setWords = StateEffect.define();
const wordsField = StateField.define({
  create: () => [],
  update: (v, tr) => { for (const e of tr.effects) if (e.is(setWords)) v = e.value; return v; },
});

function completions(context) {
  const words = context.state.field(wordsField);
  const all = [...declKeywords, ...clauseKeywords, ...scenarioKeywords].map((w) => ({ label: w, type: "keyword" }))
    .concat(words.map((w) => ({ label: w.label, type: w.type || "variable", detail: w.detail })));
  return completeFromList(all)(context);
}

// The offset of a 1-based line and column (counted in characters) of doc.
function offsetOf(doc, line, col) {
  if (line < 1) return 0;
  if (line > doc.lines) return doc.length;
  const l = doc.line(line);
  return Math.min(l.to, l.from + Math.max(0, col - 1));
}

window.BatailleEditor = {
  create(parent, { doc, onChange }) {
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc,
        extensions: [
          lineNumbers(), history(), drawSelection(), highlightActiveLine(), bracketMatching(), lintGutter(),
          bataille, syntaxHighlighting(defaultHighlightStyle), wordsField,
          autocompletion({ override: [completions] }),
          keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, indentWithTab]),
          EditorView.updateListener.of((u) => { if (u.docChanged) onChange(u.state.doc.toString()); }),
          EditorView.theme({ "&": { height: "100%" }, ".cm-scroller": { fontFamily: "DejaVu Sans Mono, monospace", fontSize: "13px" } }),
        ],
      }),
    });
    return {
      view,
      get: () => view.state.doc.toString(),
      set(text) { view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }); },
      // list: [{line, col, end: {line, col}, severity, message, fixes:
      // [{label, from: {line, col}, to: {line, col}, text}]}], as the
      // checker gives them: a diagnostic spans its position to its end, or
      // the name its fix replaces, and each fix replaces its own span.
      setDiagnostics(list) {
        const doc = view.state.doc;
        const diags = list.map((d) => {
          let from = offsetOf(doc, d.line, d.col);
          let to = d.end && d.end.line ? offsetOf(doc, d.end.line, d.end.col) : from;
          const fixes = (d.fixes || []).map((f) => ({ name: f.label, from: offsetOf(doc, f.from.line, f.from.col), to: offsetOf(doc, f.to.line, f.to.col), text: f.text }));
          const named = fixes.find((f) => f.to > f.from);
          if (named) { from = named.from; to = named.to; }
          to = Math.max(to, Math.min(doc.length, from + 1));
          const out = { from, to, severity: d.severity === "warning" ? "warning" : "error", message: d.message };
          if (fixes.length) {
            // A fix's span is kept relative to the diagnostic's, which the
            // editor moves as the text around it changes.
            out.actions = fixes.map((f) => ({ name: f.name, apply(v, at) { v.dispatch({ changes: { from: at + f.from - from, to: at + f.to - from, insert: f.text } }); } }));
          }
          return out;
        });
        view.dispatch(setDiagnostics(view.state, diags));
      },
      setCompletions(words) { view.dispatch({ effects: setWords.of(words) }); },
      goTo(line, col) {
        const at = offsetOf(view.state.doc, line, col);
        view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
        view.focus();
      },
      focus() { view.focus(); },
    };
  },
};
