import { filingOperations } from "./filing-operations";
import { filingV2Operations } from "./filing-v2-operations";
import type { ApiOperation } from "./operation";
import { screenerOperations } from "./screener-operations";
import { savedScreenOperations } from "./saved-screen-operations";
import { screenerV2Operations } from "./screener-v2-operations";

/**
 * The public API versions. v1 is the spec's contract and its request shapes never change; a new
 * request member goes into a v2 operation (the spec: "a change to the request shape requires a
 * new API version"). Each version has its own OpenAPI document and reference page, built from its
 * operations; both share keys, limits and errors.
 */
export interface ApiVersion {
  id: "v1" | "v2";
  /** The base path, with its trailing slash. */
  base: string;
  /** The OpenAPI document's `info.version`. */
  version: string;
  /** Where the reference page of this version is served. */
  docsPath: string;
  /** What the version adds (the document's and the reference page's opening words). */
  summary: string;
  operations: readonly ApiOperation[];
}

export const API_V1: ApiVersion = {
  id: "v1",
  base: "/api/v1/",
  version: "1.0.0",
  docsPath: "/docs/",
  summary: "Search company filings and screen listed companies over JSON.",
  operations: [...filingOperations, ...screenerOperations],
};

export const API_V2: ApiVersion = {
  id: "v2",
  base: "/api/v2/",
  version: "2.0.0",
  docsPath: "/docs/v2/",
  summary:
    "Version 2 adds request members that version 1's fixed request shapes cannot take. Without the new members, each v2 operation answers exactly as its v1 twin. Keys, limits, errors and headers are those of v1.",
  operations: [...filingV2Operations, ...screenerV2Operations, ...savedScreenOperations],
};

export const API_VERSIONS = [API_V1, API_V2] as const;

/** The openapi.json path of a version. */
export const documentPath = (api: ApiVersion) => `${api.base}openapi.json`;
