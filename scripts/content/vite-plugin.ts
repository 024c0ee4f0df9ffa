import { join, relative, sep } from 'node:path';
import type { Plugin, ViteDevServer } from 'vite';
import { sentence } from './diagnostics.ts';
import { generate } from './index.ts';

/**
 * Runs the content check before a build (failing it on any error) and, in the dev server, again on
 * every change under content/: a clean result rewrites the changed manifest modules, which replace
 * themselves in the open page; an error shows in Vite's overlay with its file:line:col.
 */
export function contentPlugin(options: {
  /** The project root. */
  root: string;
  /** Where content/ and src/assets/ are read from; defaults to the project root (tests use a fixture). */
  contentRoot?: string;
  /** Where the manifest is written; `@generated/...` imports resolve here. Defaults to src/generated. */
  outDir?: string;
  /** False when the caller has just checked the content and written the manifest (`npm run build`), so a build does not do it again. */
  checkOnBuild?: boolean;
}): Plugin {
  const contentRoot = options.contentRoot ?? options.root;
  const outDir = options.outDir ?? join(options.root, 'src', 'generated');
  const contentDir = join(contentRoot, 'content');
  const imagesDir = join(contentRoot, 'src', 'assets', 'images');
  let server: ViteDevServer | undefined;
  let timer: NodeJS.Timeout | undefined;

  const run = () => {
    const result = generate({ root: contentRoot, outDir });
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    return { result, errors };
  };

  const rerun = () => {
    const { result, errors } = run();
    if (!server) return;
    const first = errors[0];
    if (first) {
      const list = errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${sentence(d)}`).join('\n');
      server.config.logger.error(`content check failed:\n${list}`, { timestamp: true });
      server.ws.send({
        type: 'error',
        err: {
          message: `${errors.length} content error${errors.length === 1 ? '' : 's'}:\n${list}`,
          stack: '',
          id: join(contentRoot, first.file),
          loc: { file: join(contentRoot, first.file), line: first.line, column: first.column },
          plugin: 'content-check',
        },
      });
    } else {
      server.config.logger.info(`content checked: ${result.written.length} module(s) updated`, { timestamp: true });
      // The page hydrated from the server's data, so it may never have imported these modules:
      // it is told which changed and re-imports them.
      // The page imports the rewritten modules at once, before Vite's file watcher may have seen them
      // change: their old transforms are dropped here, in every environment, so none is served stale.
      for (const file of result.written) {
        for (const environment of Object.values(server.environments)) {
          for (const module of environment.moduleGraph.getModulesByFile(join(outDir, file)) ?? []) environment.moduleGraph.invalidateModule(module);
        }
      }
      const modules = result.written
        .map((file) => /^(.+)\.(en|nl)\.ts$/.exec(file))
        .filter((m): m is RegExpExecArray => m !== null)
        .map(([file, key, lang]) => {
          const abs = join(outDir, file);
          const rel = relative(options.root, abs);
          return { key, lang, url: rel.startsWith('..') ? `/@fs${abs}` : `/${rel.split(sep).join('/')}` };
        });
      // Sent even when nothing changed (the file was put back as it was): the page clears an error's overlay.
      server.ws.send({ type: 'custom', event: 'content:update', data: { modules } });
    }
  };

  return {
    name: 'content-check',
    config() {
      return { resolve: { alias: { '@generated': outDir } } };
    },
    buildStart() {
      if (server || options.checkOnBuild === false) return;
      const { errors } = run();
      if (errors.length) {
        this.error(`content check failed; run "npm run check" for details:\n${errors.map((d) => `${d.file}:${d.line}:${d.column} ${d.rule} ${sentence(d)}`).join('\n')}`);
      }
    },
    // The manifest's modules change with every content edit. The open page takes them in through the
    // content:update event; Vite's own update would reach a module the page has no handler for and
    // reload it (losing what the visitor typed). The server's renderer still takes its update.
    hotUpdate(update) {
      if (this.environment.name === 'client' && update.file.startsWith(outDir)) return [];
    },
    configureServer(devServer) {
      server = devServer;
      rerun();
      devServer.watcher.add([contentDir, imagesDir]);
      const onChange = (file: string) => {
        if (!file.startsWith(contentDir) && !file.startsWith(imagesDir)) return;
        clearTimeout(timer);
        // Editors write a file in several steps; one check after they settle is enough.
        timer = setTimeout(rerun, 60);
      };
      devServer.watcher.on('change', onChange);
      devServer.watcher.on('add', onChange);
      devServer.watcher.on('unlink', onChange);
    },
  };
}
