/**
 * The documents the Worker answers for the app's public screens (docs/decisions/0078-react-on-the-server.md):
 * the built shell around markup React rendered, as one stream.
 */
import { documentEnd, documentStart, type ClientBuild, type PageMeta, type RenderedState, type ServerScreen } from '#shared/app-document';

const encoder = new TextEncoder();

/**
 * The shell's start with the page's meta tags (null: the shell's own head, `noindex` included),
 * the app's markup as it streams, then the rendered state and the shell's end.
 */
export function documentStream(
  build: ClientBuild,
  screen: ServerScreen,
  rendered: { meta: PageMeta | null; body: ReadableStream<Uint8Array> | string },
  state: RenderedState,
): ReadableStream<Uint8Array> {
  const start = documentStart(build, screen, rendered.meta);
  const end = documentEnd(build, state);
  if (typeof rendered.body === 'string') {
    const bytes = encoder.encode(start + rendered.body + end);
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
  }
  const reader = rendered.body.getReader();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(start));
        return;
      }
      const { done, value } = await reader.read();
      if (!done) {
        controller.enqueue(value);
        return;
      }
      controller.enqueue(encoder.encode(end));
      controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** An HTML answer. Its data changes under it, so a browser asks again on every visit. */
export function htmlResponse(body: BodyInit | null, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(body, {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', ...init.headers },
  });
}
