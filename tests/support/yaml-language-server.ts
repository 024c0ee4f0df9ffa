import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

/** A diagnostic as the language server publishes it (0-based line and character). */
export interface ServerDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  severity?: number;
  source?: string;
}

/**
 * The real YAML language server (the `yaml-language-server` package VS Code's YAML extension, Neovim's yamlls and
 * JetBrains' LSP clients run), started over stdio and spoken to as an editor does: a workspace at `root`
 * with the given `yaml` settings, documents opened by path.
 */
export async function startYamlLanguageServer(root: string, yaml: Record<string, unknown>) {
  const bin = createRequire(import.meta.url).resolve('yaml-language-server/bin/yaml-language-server');
  const child = spawn(process.execPath, [bin, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  // Once the server has exited, a last write to it has nowhere to go.
  child.stdin.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const connection: MessageConnection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published = new Map<string, ServerDiagnostic[]>();
  const waiting = new Map<string, (diagnostics: ServerDiagnostic[]) => void>();
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; diagnostics: ServerDiagnostic[] }) => {
    published.set(params.uri, params.diagnostics);
    waiting.get(params.uri)?.(params.diagnostics);
  });
  // The server asks for its settings by section, as VS Code answers from .vscode/settings.json.
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) => (item.section === 'yaml' ? yaml : item.section?.startsWith('yaml.') ? yaml[item.section.slice(5)] : null)),
  );
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.listen();
  const rootUri = pathToFileURL(root).href;
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'site' }],
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, workspaceFolders: true },
      textDocument: {
        completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        publishDiagnostics: { relatedInformation: true },
        synchronization: { didSave: true },
      },
    },
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('workspace/didChangeConfiguration', { settings: { yaml } });

  let version = 0;
  return {
    /** Opens (or replaces) a document at a path under the root and waits for its diagnostics. */
    async open(path: string, text: string): Promise<ServerDiagnostic[]> {
      const uri = pathToFileURL(`${root}/${path}`).href;
      const arrived = new Promise<ServerDiagnostic[]>((resolve) => waiting.set(uri, resolve));
      if (version === 0 || !published.has(uri)) await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: ++version, text } });
      else await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ text }] });
      return arrived;
    },
    /** What the server offers at a place of an open document (0-based line and character). */
    async complete(path: string, line: number, character: number): Promise<{ label: string; documentation?: unknown }[]> {
      const result = await connection.sendRequest<{ items: { label: string; documentation?: unknown }[] } | { label: string }[] | null>('textDocument/completion', {
        textDocument: { uri: pathToFileURL(`${root}/${path}`).href },
        position: { line, character },
      });
      return Array.isArray(result) ? result : (result?.items ?? []);
    },
    /** The hover text at a place of an open document. */
    async hover(path: string, line: number, character: number): Promise<string> {
      const result = await connection.sendRequest<{ contents: string | { value: string } | { value: string }[] } | null>('textDocument/hover', {
        textDocument: { uri: pathToFileURL(`${root}/${path}`).href },
        position: { line, character },
      });
      const contents = result?.contents;
      return typeof contents === 'string' ? contents : Array.isArray(contents) ? contents.map((c) => c.value).join('\n') : (contents?.value ?? '');
    },
    async stop(): Promise<void> {
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      const timer = setTimeout(() => child.kill(), 5000);
      await exited;
      clearTimeout(timer);
      connection.dispose();
    },
  };
}
