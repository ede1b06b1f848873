import { headers } from "next/headers";
import type { ReactNode } from "react";
import { CodeBlock } from "@/components/docs/code-block";
import { RichText } from "@/components/docs/rich-text";
import { type JsonSchema, SchemaView } from "@/components/docs/schema-view";
import { FORBIDDEN_KEYS, MAX_BODY_BYTES, MAX_BODY_DEPTH } from "@/lib/api/body-limits";
import { CHECK_ORDER, CHECK_ORDER_NOTE } from "@/lib/api/check-order";
import type { ApiOperation } from "@/lib/api/operation";
import { API_VERSIONS, type ApiVersion, documentPath } from "@/lib/api/api-versions";
import { PROBLEMS, type ProblemKind, problemAnchor } from "@/lib/api/problem";
import { publicApiDocument } from "@/lib/api/public-document";
import { firstRequestCurl, operationCurl } from "@/lib/api/reference-curls";
import { env } from "@/lib/env";
import { parseTiers } from "@/lib/rate-limit/tiers";

interface DocumentResponse {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: JsonSchema; examples?: Record<string, { summary?: string; value: unknown }> }>;
}
interface DocumentOperation {
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, DocumentResponse>;
}
interface DocumentHeader {
  description: string;
  example?: unknown;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);
const C = ({ children }: { children: ReactNode }) => <code className="font-mono">{children}</code>;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="mt-10 scroll-mt-16">
      <h2 className="border-b border-zinc-200 pb-1 text-lg font-semibold dark:border-zinc-800">{title}</h2>
      {children}
    </section>
  );
}
const table = "mt-3 w-full text-left text-sm";
const th = "border-b border-zinc-200 py-1 pr-4 text-xs font-medium text-zinc-500 dark:border-zinc-800";
const td = "border-b border-zinc-100 py-1.5 pr-4 align-top dark:border-zinc-900";

/** The reference page of one API version, rendered from its OpenAPI document. */
export async function ApiReference({ api }: { api: ApiVersion }) {
  const document = publicApiDocument(api);
  const operations = api.operations;
  const schemas = (document.components?.schemas ?? {}) as Record<string, JsonSchema>;
  const resolve = (ref: string) => schemas[ref.split("/").at(-1)!] ?? {};
  const documentHeaders = (document.components?.headers ?? {}) as Record<string, DocumentHeader>;
  const tiers = parseTiers(env().RATE_LIMIT_TIERS);
  const requestHeaders = await headers();
  const origin = `${requestHeaders.get("x-forwarded-proto") ?? "http"}://${requestHeaders.get("host") ?? "localhost:3000"}`;
  const tags = [...new Set(operations.flatMap((op) => op.tags))];
  const described = (op: ApiOperation) => (document.paths?.[op.path] as Record<string, DocumentOperation> | undefined)?.[op.method];
  const firstPost = operations.find((op) => op.request);
  const sample400 = firstPost && Object.values(described(firstPost)?.responses["400"]?.content?.["application/problem+json"]?.examples ?? {})[0]?.value;

  return (
    <div className="mx-auto flex max-w-[1400px] gap-10 px-4 py-6">
      <nav aria-label="API reference" className="sticky top-14 hidden h-[calc(100vh-4rem)] w-56 shrink-0 overflow-auto text-sm lg:block">
        <ul className="space-y-1">
          {[
            ["overview", "Overview"],
            ["authentication", "Authentication"],
            ["limits", "Rate limits"],
            ["headers", "Headers"],
            ["errors", "Errors"],
            ["order", "Order of checks"],
            ["bodies", "Request bodies"],
          ].map(([id, label]) => (
            <li key={id}>
              <a className="text-zinc-600 hover:text-zinc-950 dark:text-zinc-400 dark:hover:text-white" href={`#${id}`}>
                {label}
              </a>
            </li>
          ))}
          {tags.map((tag) => (
            <li key={tag} className="pt-3">
              <span className="text-xs font-medium uppercase tracking-wide text-zinc-500">{tag}</span>
              <ul className="mt-1 space-y-1">
                {operations
                  .filter((op) => op.tags.includes(tag))
                  .map((op) => (
                    <li key={op.operationId}>
                      <a className="text-zinc-600 hover:text-zinc-950 dark:text-zinc-400 dark:hover:text-white" href={`#${op.operationId}`}>
                        <span className="font-mono text-xs uppercase text-zinc-500">{op.method}</span> {op.summary}
                      </a>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </nav>

      <main className="min-w-0 max-w-4xl flex-1">
        <h1 id="overview" className="scroll-mt-16 text-2xl font-semibold tracking-tight">
          {document.info.title}
        </h1>
        <p className="mt-2 text-zinc-600 dark:text-zinc-400">
          Version {document.info.version}. {api.summary} JSON over HTTP under <C>{api.base}</C>. Every path ends with
          a slash exactly as written here; the same path without it answers <C>308</C> to it (the method and body are
          kept). The machine-readable description is the OpenAPI 3.1 document at{" "}
          <a className="underline" href={documentPath(api)}>
            {documentPath(api)}
          </a>{" "}
          (no key needed); this page is rendered from it. Every number the screener returns (source columns, formula,
          as-of date, when it is null) is defined in the project&apos;s <C>docs/METRICS.md</C>.
        </p>

        <p className="mt-2 text-sm">
          Versions:{" "}
          {API_VERSIONS.map((other, i) => (
            <span key={other.id}>
              {i > 0 && " · "}
              {other.id === api.id ? (
                <strong aria-current="page">{other.id}</strong>
              ) : (
                <a className="underline" href={other.docsPath}>
                  {other.id}
                </a>
              )}
            </span>
          ))}
        </p>

        <Section id="authentication" title="Authentication">
          <p className="mt-3">
            Send your API key with every operation as <C>Authorization: Bearer &lt;key&gt;</C>. Keys look like{" "}
            <C>fsk_</C> followed by 38 letters and digits; the last six are a checksum, so a mistyped key is refused at
            once. A missing, malformed, unknown or revoked key gets <a href={`#${problemAnchor("unauthorized")}`}>401</a> with{" "}
            <C>WWW-Authenticate: Bearer</C> and the same body whatever the reason. It is decided before any rate
            limiting, so it never counts against a limit. Keys are issued by the operator of this service (<C>npm run apikey -- create</C>
            ), shown once, and stored only as a SHA-256 hash.
          </p>
          <CodeBlock title="First request" code={firstRequestCurl(origin, api.base)} />
        </Section>

        <Section id="limits" title="Rate limits">
          <p className="mt-3">
            Limits apply per key. Both windows slide: a request is admitted when fewer than the limit were admitted in the last 60 seconds
            and in the last 24 hours, counted exactly. Every authenticated request counts, including ones that fail validation; a request
            refused with <a href={`#${problemAnchor("rate_limited")}`}>429</a> does not count, and its <C>Retry-After</C>{" "}
            says how many seconds until a request would pass.
          </p>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Tier</th>
                {tiers.get("starter")!.map((w) => (
                  <th key={w.name} className={`${th} text-right`}>
                    {w.name === "day" ? "Per rolling 24 hours" : `Per ${w.name}`}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...tiers].map(([name, windows]) => (
                <tr key={name}>
                  <td className={`${td} font-mono`}>{name}</td>
                  {windows.map((w) => (
                    <td key={w.name} className={`${td} num`}>
                      {w.limit.toLocaleString("en-US")}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section id="headers" title="Headers">
          <p className="mt-3">
            <C>RateLimit-Policy</C> and <C>RateLimit</C> follow the IETF httpapi RateLimit
            header fields draft. Browsers may call the API from any origin (CORS): preflight requests are answered, <C>Authorization</C>{" "}
            and <C>Content-Type</C> are allowed, and these response headers are exposed.
          </p>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>Header</th>
                <th className={th}>Meaning</th>
                <th className={th}>Example</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(documentHeaders).map(([name, header]) => (
                <tr key={name}>
                  <td className={`${td} font-mono text-xs`}>{name}</td>
                  <td className={td}>
                    <RichText text={header.description} />
                  </td>
                  <td className={`${td} font-mono text-xs`}>{header.example === undefined ? "" : String(header.example)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>

        <Section id="errors" title="Errors">
          <p className="mt-3">
            Errors are RFC 9457 problem details, sent as <C>application/problem+json</C>: <C>type</C>{" "}
            (a link to the section below), <C>title</C>, <C>status</C> and{" "}
            <C>detail</C>. A 400 adds <C>errors</C>, one{" "}
            <C>{"{ pointer, message }"}</C> per problem, where <C>pointer</C> is a JSON
            Pointer into your body. Responses never contain stack traces; quote the <C>x-request-id</C> when
            reporting a 500.
          </p>
          <dl className="mt-3">
            {(Object.keys(PROBLEMS) as ProblemKind[]).map((kind) => (
              <div key={kind} id={problemAnchor(kind)} className="scroll-mt-16 border-b border-zinc-100 py-2 dark:border-zinc-900">
                <dt className="font-medium">
                  <span className="num mr-2 inline-block w-10 text-left font-mono">{PROBLEMS[kind].status}</span>
                  {PROBLEMS[kind].title}
                </dt>
                <dd className="ml-12 text-zinc-600 dark:text-zinc-400">
                  <RichText text={PROBLEMS[kind].when} />
                </dd>
              </div>
            ))}
          </dl>
          {sample400 === undefined ? null : <CodeBlock title="A 400 answer" code={json(sample400)} />}
        </Section>

        <Section id="order" title="Order of checks">
          <p className="mt-3">Every request is checked in this order; the first check that fails answers.</p>
          <ol className="mt-2 list-decimal space-y-1 pl-6">
            {CHECK_ORDER.map((check) => (
              <li key={check.when}>
                <RichText text={`**${check.status}**: ${check.when}`} />
              </li>
            ))}
          </ol>
          <RichText text={CHECK_ORDER_NOTE} className="mt-2" />
        </Section>

        <Section id="bodies" title="Request bodies">
          <p className="mt-3">
            POST operations take a JSON object sent as <C>Content-Type: application/json</C> (UTF-8, not compressed;
            otherwise 415). Bodies are limited to {MAX_BODY_BYTES.toLocaleString("en-US")} bytes (413, answered as soon as the limit is passed)
            and {MAX_BODY_DEPTH} levels of nesting. Unknown members, the member names{" "}
            {[...FORBIDDEN_KEYS].map((key, i) => (
              <span key={key}>
                {i > 0 ? ", " : ""}
                <C>{key}</C>
              </span>
            ))}{" "}
            and numbers that are not finite are rejected with 400.
          </p>

        </Section>

        {operations.map((op) => {
          const operation = described(op);
          if (!operation) return null;
          const requestSchema = operation.requestBody?.content["application/json"]?.schema;
          return (
            <section key={op.operationId} id={op.operationId} className="mt-12 scroll-mt-16">
              <h2 className="border-b border-zinc-200 pb-1 text-lg font-semibold dark:border-zinc-800">{op.summary}</h2>
              <p className="mt-2 font-mono text-sm">
                <span className="mr-2 rounded bg-zinc-900 px-1.5 py-0.5 text-xs font-semibold uppercase text-white dark:bg-zinc-100 dark:text-zinc-900">
                  {op.method}
                </span>
                {op.path}
              </p>
              <RichText text={op.description} className="mt-3 text-zinc-700 dark:text-zinc-300" />
              <CodeBlock title="curl" code={operationCurl(op, origin)} />

              {operation.parameters?.length ? (
                <>
                  <h3 className="mt-6 font-semibold">Path parameters</h3>
                  <dl className="mt-2 text-sm">
                    {operation.parameters.map((p) => (
                      <div key={p.name} className="flex gap-2">
                        <dt className="font-mono font-semibold">{p.name}</dt>
                        <dd className="text-zinc-600 dark:text-zinc-400">{p.description}</dd>
                      </div>
                    ))}
                  </dl>
                </>
              ) : null}

              {requestSchema ? (
                <>
                  <h3 className="mt-6 font-semibold">Request body</h3>
                  <div className="mt-2">
                    <SchemaView schema={requestSchema} resolve={resolve} />
                  </div>
                  {Object.entries(op.request!.examples).map(([name, example]) => (
                    <CodeBlock key={name} title={`Example: ${example.summary}`} code={json(example.value)} />
                  ))}
                </>
              ) : null}

              <h3 className="mt-6 font-semibold">Responses</h3>
              {Object.entries(operation.responses).map(([status, response]) => {
                const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
                return (
                  <details key={status} className="mt-2 rounded border border-zinc-200 dark:border-zinc-800" open={status.startsWith("2")}>
                    <summary className="cursor-pointer px-2 py-1">
                      <span className="mr-2 font-mono font-semibold">{status}</span>
                      <span className="text-zinc-600 dark:text-zinc-400">{response.description.split(". ")[0]}</span>
                    </summary>
                    <div className="border-t border-zinc-200 px-2 py-2 dark:border-zinc-800">
                      <RichText text={response.description} className="text-zinc-600 dark:text-zinc-400" />
                      {response.headers ? <p className="mt-2 text-xs text-zinc-500">Headers: {Object.keys(response.headers).join(", ")}</p> : null}
                      {status.startsWith("2") && media?.schema ? (
                        <div className="mt-2">
                          <SchemaView schema={media.schema} resolve={resolve} />
                        </div>
                      ) : null}
                      {Object.entries(media?.examples ?? {}).map(([name, example]) => (
                        <CodeBlock key={name} title={`${contentType} · ${example.summary ?? name}`} code={json(example.value)} />
                      ))}
                    </div>
                  </details>
                );
              })}
            </section>
          );
        })}
      </main>
    </div>
  );
}
