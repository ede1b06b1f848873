/** Request body limits of every POST operation (documented in the OpenAPI document and /docs/). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Deepest nesting of objects and arrays accepted; the deepest real request (a metric rule) needs 6. */
export const MAX_BODY_DEPTH = 16;
/** Keys that could reach an object's prototype if a consumer merged the body into another object. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);
