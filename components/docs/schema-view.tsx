import { RichText } from "./rich-text";

/** A JSON Schema (OpenAPI 3.1) node, as much of it as the reference shows. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

export type SchemaResolver = (ref: string) => JsonSchema;

// Integer bounds that only say "a safe integer" are noise to a reader.
const SAFE = Number.MAX_SAFE_INTEGER;

function typeLabel(schema: JsonSchema): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.type === "array") return `array of ${schema.items ? typeLabel(schema.items) : "any"}`;
  if (schema.anyOf || schema.oneOf) return "one of";
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object" && !schema.properties) return "object (map)";
  return schema.type ?? "any";
}

function constraints(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.minimum !== undefined && schema.minimum !== -SAFE) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined && schema.maximum !== SAFE) out.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minLength !== undefined) out.push(`min length ${schema.minLength}`);
  if (schema.maxLength !== undefined) out.push(`max length ${schema.maxLength}`);
  if (schema.minItems !== undefined) out.push(`min ${schema.minItems} items`);
  if (schema.maxItems !== undefined) out.push(`max ${schema.maxItems} items`);
  if (schema.pattern !== undefined) out.push(`pattern ${schema.pattern}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** Renders a schema as a nested list of members: name, type, required, constraints, description. */
export function SchemaView({ schema, resolve, depth = 0 }: { schema: JsonSchema; resolve: SchemaResolver; depth?: number }) {
  const node = schema.$ref ? { ...resolve(schema.$ref), ...schema, $ref: undefined } : schema;
  if (depth > 8) return <span className="text-zinc-500">…</span>;
  const variants = node.anyOf ?? node.oneOf;
  if (variants) {
    return (
      <ol className="ml-4 list-decimal">
        {variants.map((variant, i) => (
          <li key={i} className="mt-1">
            <span className="font-mono text-xs text-zinc-500">{typeLabel(variant.$ref ? resolve(variant.$ref) : variant)}</span>
            <SchemaView schema={variant} resolve={resolve} depth={depth + 1} />
          </li>
        ))}
      </ol>
    );
  }
  if (node.type === "array" && node.items && (node.items.properties || node.items.anyOf || node.items.oneOf || node.items.$ref)) {
    return <SchemaView schema={node.items} resolve={resolve} depth={depth + 1} />;
  }
  const map = typeof node.additionalProperties === "object" ? node.additionalProperties : undefined;
  if (!node.properties && !map) return null;
  const required = new Set(node.required ?? []);
  return (
    <ul className="ml-1 border-l border-zinc-200 pl-3 dark:border-zinc-800">
      {Object.entries(node.properties ?? {}).map(([name, child]) => {
        const resolved = child.$ref ? { ...resolve(child.$ref), ...child } : child;
        return (
          <li key={name} className="mt-1.5">
            <code className="font-mono text-xs font-semibold">{name}</code>{" "}
            <span className="font-mono text-xs text-zinc-500">{typeLabel(resolved)}</span>
            {required.has(name) ? <span className="ml-1 text-xs text-amber-700 dark:text-amber-400">required</span> : null}
            {constraints(resolved).length > 0 ? <span className="ml-2 text-xs text-zinc-500">{constraints(resolved).join(", ")}</span> : null}
            {resolved.description ? <RichText text={resolved.description} className="text-xs text-zinc-600 dark:text-zinc-400" /> : null}
            <SchemaView schema={child} resolve={resolve} depth={depth + 1} />
          </li>
        );
      })}
      {map ? (
        <li className="mt-1.5">
          <code className="font-mono text-xs italic">{"{name}"}</code> <span className="font-mono text-xs text-zinc-500">{typeLabel(map)}</span>
          <SchemaView schema={map} resolve={resolve} depth={depth + 1} />
        </li>
      ) : null}
    </ul>
  );
}
