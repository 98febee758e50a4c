import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * The levels bench/compression-levels.mjs chose (ADR 37, bench/NOTES.md §12): past them each level
 * costs requests per second for a few bytes more saved.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
/** Below this an answer fits in one packet anyway, and compressing it costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Answers up to this size are compressed in one synchronous call instead of through a zlib stream:
 * on two cores the plugin's default (8 KB) sent a 36 KB job-list page through a stream, which cost
 * 2.7 ms of CPU a request against 1.0 ms in one call (bench/NOTES.md §12). 64 KB at brotli 4 blocks
 * the event loop for about a millisecond at most.
 */
export const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

// JSON only: the web app's files come precompressed from the build (ADR 20), PDFs and images are
// compressed already, and Server-Sent Events are written to the socket past the reply (hijacked).
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/;

/** Sends JSON answers over 1 KB with brotli or gzip when the client accepts them (issue 28). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Only the API's routes: the web app's files are sent by @fastify/static, which sets its type on
  // the raw response, so the plugin would take them for JSON and compress them again.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    customTypes: JSON_TYPE,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
    zlibOptions: { level: GZIP_LEVEL },
    // A request body arrives as the client sent it: inflating it would let a small upload grow past
    // the body limit's intent.
    globalDecompression: false,
  });
}
