// @ts-check
// Request bodies, read with a bound: a local service never buffers more than it would accept.

/** What any local service reads of a request body at most (Google's and the auth API's bodies are small). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body larger than the bound: the router answers 413. */
export class BodyTooLarge extends Error {
  constructor(/** @type {number} */ limit) {
    super(`Request body larger than ${limit} bytes`);
    this.name = 'BodyTooLarge';
  }
}

/**
 * The whole body, or a BodyTooLarge rejection as soon as it passes `limit` bytes (what arrives
 * after that is read and dropped, so the answer can still be written).
 * @param {import('node:http').IncomingMessage} req @param {number} [limit]
 * @returns {Promise<Buffer>}
 */
export function readBody(req, limit = MAX_BODY_BYTES) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    // No setEncoding: the chunks are Buffers.
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => (size > limit ? reject(new BodyTooLarge(limit)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

/** An `application/x-www-form-urlencoded` body (OAuth's token and consent forms). @param {import('node:http').IncomingMessage} req */
export const readForm = async (req) => new URLSearchParams((await readBody(req)).toString('utf8'));

/**
 * A JSON object body, or null when the body is empty, not JSON or not an object.
 * @param {import('node:http').IncomingMessage} req @returns {Promise<Record<string, unknown> | null>}
 */
export async function readJsonObject(req) {
  try {
    /** @type {unknown} */
    const value = JSON.parse((await readBody(req)).toString('utf8') || 'null');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? /** @type {Record<string, unknown>} */ (value)
      : null;
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error;
    return null;
  }
}
