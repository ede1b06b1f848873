import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";
import { API_V2 } from "@/lib/api/api-versions";

export const metadata: Metadata = { title: "API reference (v2)" };
// The document reflects the running configuration (tiers); it is built once per process.
export const dynamic = "force-dynamic";

export default function ApiV2ReferencePage() {
  return <ApiReference api={API_V2} />;
}
