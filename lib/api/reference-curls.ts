import { curlCommand } from "./public-api-request";
import type { ApiOperation } from "./operation";

/** The curl commands of the API reference (/docs): the first request of a version (`base`, "/api/v2/") reads its screener options. */
export const firstRequestCurl = (origin: string, base: string) => curlCommand("get", `${origin}${base}screener/options/`);

/** An operation's curl command, with its first example body. */
export const operationCurl = (op: ApiOperation, origin: string) =>
  curlCommand(op.method, `${origin}${op.pathExample ?? op.path}`, op.request && Object.values(op.request.examples)[0]?.value);
