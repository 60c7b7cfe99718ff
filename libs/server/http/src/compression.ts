import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Bodies below this go uncompressed: the coding would save less than its header and the work cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli or gzip for every answer whose type is text (server-rendered HTML, JSON, the error page), as the client
 * accepts (issue 16): a server-rendered page is several times smaller on the wire. Answers that carry their own coding
 * already (the client build's precompressed files, cached JSON answers) pass untouched, since the plugin leaves a body
 * with a Content-Encoding alone. Brotli at quality 5: a page is compressed per request, so the fastest levels that
 * still beat gzip clearly (level 11 is for the build's files, made once). Request bodies are not decompressed: the
 * API takes plain JSON, so a coded body is refused as malformed rather than being a way around the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
    zlibOptions: { level: 6 },
  });
}
