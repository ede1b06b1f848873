/** Headers lib/http/request-edge.ts sets on every request, and what they tell the app's code. */

export const FORWARDED_FOR_HEADER = "x-forwarded-for";
export const UNSERVED_METHOD_HEADER = "x-unserved-method";

/**
 * The method the client sent: a request with a method Next does not dispatch (TRACE, PROPFIND)
 * reaches the app as OPTIONS carrying its real method in `x-unserved-method`.
 */
export function sentMethod(request: { method: string; headers: Headers }): string {
  return unservedMethod(request) ?? request.method;
}

/** The method Next could not dispatch, when this request carries one (it then arrives as OPTIONS). */
export function unservedMethod(request: { headers: Headers }): string | null {
  return request.headers.get(UNSERVED_METHOD_HEADER);
}
