import { filingOperations } from "./filing-operations";
import type { ApiOperation } from "./operation";
import { screenerOperations } from "./screener-operations";

/**
 * Every public operation (the spec has four): the OpenAPI document, /docs/ and the contract
 * tests are built from this list.
 */
export const publicOperations: readonly ApiOperation[] = [...filingOperations, ...screenerOperations];
