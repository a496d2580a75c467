/**
 * The largest request body recite reads (a 1,000,000-character text escaped as JSON fits well inside). Larger bodies
 * get 413 `payload_too_large` in the JSON envelope: by Content-Length before anything is read, or while reading.
 */
export const MAX_REQUEST_BODY_BYTES = 16 * 1024 * 1024;
