"use client";

import { useFormContext } from "react-hook-form";
import { TextInput } from "@/components/ui/controls";
import { FieldError, useInvalidProps } from "./form-errors";

/** Keywords searched in business descriptions, with the syntax spelled out. */
export function TextFilterInput({ path, label }: { path: string; label: string }) {
  const { register } = useFormContext();
  const { invalid, errorId } = useInvalidProps(`${path}.fts`);
  return (
    <div>
      <TextInput {...register(`${path}.fts`)} aria-label={label} placeholder='e.g. "cloud computing" saas*' className="w-full" {...invalid} />
      <FieldError path={`${path}.fts`} id={errorId} />
      <p className="mt-1 text-xs text-zinc-500">
        All terms must match · <code className="font-mono">&quot;exact phrase&quot;</code> · <code className="font-mono">prefix*</code> ·
        other characters are plain text
      </p>
    </div>
  );
}
