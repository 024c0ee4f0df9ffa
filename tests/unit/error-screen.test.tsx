import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server';
import { describe, expect, it, vi } from 'vitest';
import { ErrorMessage, ErrorScreen } from '../../src/app/error-screen.tsx';

/** Renders a path of a small router whose page throws, with the site's error components as the app sets them. */
async function renderFailing(path: string, error: unknown) {
  const root = createRootRoute({ errorComponent: ErrorScreen });
  const page = createRoute({
    getParentRoute: () => root,
    path: '$',
    loader: () => {
      throw error;
    },
  });
  const request = new Request(`http://localhost${path}`);
  const handler = createRequestHandler({ request, createRouter: () => createRouter({ routeTree: root.addChildren([page]), defaultErrorComponent: ErrorMessage }) });
  const response = await handler((context) => defaultRenderHandler(context));
  return { status: response.status, html: await response.text() };
}

describe('the error screen', () => {
  it('shows "Unexpected application error" with the error\'s message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { html } = await renderFailing('/about', new Error('The content could not be loaded'));
    expect(html).toContain('<h1');
    expect(html).toContain('Unexpected application error');
    expect(html).toContain('The content could not be loaded');
    expect(html).toContain('role="alert"');
  });

  it('shows the status when the error has one, in Dutch under /nl', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { html } = await renderFailing('/nl/over', Object.assign(new Error('Service Unavailable'), { status: 503 }));
    expect(html).toContain('Onverwachte applicatiefout');
    expect(html).toContain('503 Service Unavailable');
  });

  it("is a whole document in the page's language when the layout itself fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = createRootRoute({
      errorComponent: ErrorScreen,
      loader: () => {
        throw new Error('The site settings could not be loaded');
      },
    });
    const request = new Request('http://localhost/nl/contact');
    const handler = createRequestHandler({ request, createRouter: () => createRouter({ routeTree: root, defaultErrorComponent: ErrorMessage }) });
    const html = await (await handler((context) => defaultRenderHandler(context))).text();
    expect(html).toMatch(/<html lang="nl"/);
    expect(html).toContain('<title>Onverwachte applicatiefout</title>');
    expect(html).toContain('The site settings could not be loaded');
  });
});
