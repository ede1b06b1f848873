import { screenerOperations } from "@/lib/screener/operations";
import type { ApiOperation } from "./operation";

/**
 * Every public operation (the spec has four): the OpenAPI document, /docs/ and the contract
 * tests are built from this list. Add the filing search operation here when it lands.
 */
export const publicOperations: readonly ApiOperation[] = [...screenerOperations];
