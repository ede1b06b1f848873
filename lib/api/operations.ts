import { API_V1, API_V2 } from "./api-versions";

/**
 * Every public v1 operation (the spec has four): the v1 OpenAPI document, /docs/ and the
 * contract tests are built from this list.
 */
export const publicOperations = API_V1.operations;

/** Every v2 operation: the v2 document (/api/v2/openapi.json) and /docs/v2/. */
export const v2Operations = API_V2.operations;
