import contentType from 'content-type';
import type { IncomingMessage } from 'node:http';

/** The request's media type, lowercased and without parameters; undefined when missing or malformed. */
export function mediaTypeOf(req: IncomingMessage): { type: string; charset?: string } | undefined {
  try {
    const { type, parameters } = contentType.parse(req);
    return { type, charset: parameters.charset?.toLowerCase() };
  } catch {
    return undefined;
  }
}
