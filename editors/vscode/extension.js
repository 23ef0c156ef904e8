// The VS Code side of bataille: starts `bataille lsp` and hands it the
// .rules files. Highlighting works without it, from the TextMate grammar.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration('bataille').get('path') || 'bataille';
  const run = { command, args: ['lsp'], transport: TransportKind.stdio };
  client = new LanguageClient(
    'bataille',
    'bataille rules',
    { run, debug: run },
    {
      documentSelector: [{ scheme: 'file', language: 'bataille' }],
      // A module reads its folder's other files and the folders it extends.
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.rules') },
    },
  );
  context.subscriptions.push({ dispose: () => client && client.stop() });
  return client.start().catch((err) => {
    vscode.window.showErrorMessage(
      `bataille: cannot start "${command} lsp" (${err.message}). Install it with "go install ./cmd/bataille" or set bataille.path.`,
    );
  });
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
