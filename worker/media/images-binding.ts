/**
 * One call to Cloudflare's Images binding: bytes in, an optional transform, an encode out. The
 * binding decodes outside the isolate (miniflare's sharp offline), so an image passed through it
 * never takes the Worker's memory as pixels (docs/decisions/0040, 0089).
 */

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

export async function transformImage(images: ImagesBinding, bytes: Uint8Array, transform: ImageTransform | null, output: ImageOutputOptions): Promise<Uint8Array> {
  const input = images.input(streamOf(bytes));
  const result = await (transform ? input.transform(transform) : input).output(output);
  return new Uint8Array(await result.response().arrayBuffer());
}
