import { filingOperations } from "@/lib/filings/operations";
import { screenerOperations } from "@/lib/screener/operations";
import type { ApiOperation } from "./operation";

/**
 * Every public operation (the spec has four): the OpenAPI document, /docs/ and the contract
 * tests are built from this list.
 */
export const publicOperations: readonly ApiOperation[] = [...filingOperations, ...screenerOperations];
