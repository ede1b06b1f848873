"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { Button, TextInput } from "@/components/ui/controls";
import { Popover } from "@/components/ui/popover";
import type { ScreensResponse } from "@/lib/screens/page-screens";
import { postUi } from "@/lib/api/ui-client";
import { PRESETS } from "@/lib/screener/presets";
import { EMPTY_SCREEN, queryFromRequest, searchParamsFromScreen } from "@/lib/screener/screen-url";

type AccountScreens = z.output<typeof ScreensResponse>;
const listScreens = () => postUi<AccountScreens>("/api/ui/account/screens/", { action: "list" });

interface SavedScreen {
  name: string;
  query: string;
}

const STORAGE_KEY = "screener.saved-screens";

function readSaved(): SavedScreen[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((s): s is SavedScreen => typeof s?.name === "string" && typeof s?.query === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Built-in presets and saved screens, opened as URLs: signed in, the account's (kept in the API
 * state store, the same as GET /api/v2/screens/ with its keys); signed out, this browser's
 * (localStorage).
 */
export function ScreensMenu({ currentQuery, currentRequest, onOpen }: { currentQuery: string; currentRequest: Record<string, unknown>; onOpen: (query: string) => void }) {
  const [saved, setSaved] = useState<SavedScreen[]>([]);
  const [name, setName] = useState("");
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const account = useQuery({ queryKey: ["account-screens"], queryFn: listScreens, enabled: open, staleTime: 30_000 });
  const signedIn = account.data?.signed_in === true;
  const change = useMutation({
    mutationFn: (action: Record<string, unknown>) => postUi<AccountScreens>("/api/ui/account/screens/", action),
    onSuccess: (next) => client.setQueryData(["account-screens"], next),
  });

  const store = (next: SavedScreen[]) => {
    setSaved(next);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  };
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    if (signedIn) change.mutate({ action: "save", screen: { name: trimmed, request: currentRequest } });
    else store([...saved.filter((s) => s.name !== trimmed), { name: trimmed, query: currentQuery }]);
    setName("");
  };
  const openQuery = (query: string) => {
    onOpen(query);
    setOpen(false);
  };

  return (
    <Popover label="Screens" open={open} onOpenChange={(next) => {
        if (next) setSaved(readSaved());
        setOpen(next);
      }} className="w-[min(24rem,calc(100vw-1rem))]" trigger={<Button>Screens</Button>}>
      <h3 className="px-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">Presets</h3>
      <ul className="mb-2">
        {PRESETS.map((preset) => (
          <li key={preset.id}>
            <button
              type="button"
              onClick={() => openQuery(searchParamsFromScreen({ ...EMPTY_SCREEN, ...preset.screen, fields: preset.screen.fields ?? null }))}
              className="w-full rounded px-1 py-1 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <span className="block font-medium">{preset.name}</span>
              <span className="block text-xs text-zinc-500">{preset.description}</span>
            </button>
          </li>
        ))}
      </ul>
      <h3 className="px-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">{signedIn ? "Your account's screens" : "Saved in this browser"}</h3>
      {signedIn ? (
        <SavedList
          screens={account.data!.screens.map((s) => ({ key: s.id, name: s.name, query: queryFromRequest(s.request) }))}
          onOpen={openQuery}
          onDelete={(key) => change.mutate({ action: "delete", id: key })}
        />
      ) : (
        <>
          <SavedList screens={saved.map((s) => ({ key: s.name, name: s.name, query: s.query }))} onOpen={openQuery} onDelete={(key) => store(saved.filter((x) => x.name !== key))} />
          <p className="px-1 pb-2 text-xs text-zinc-500">
            <a href="/account/" className="underline">
              Sign in
            </a>{" "}
            to keep screens in your account and reach them from the API.
          </p>
        </>
      )}
      {change.isError && (
        <p role="alert" className="px-1 pb-2 text-xs text-red-700 dark:text-red-400">
          {change.error.message}
        </p>
      )}
      <form
        className="flex gap-1 border-t border-zinc-200 pt-2 dark:border-zinc-700"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextInput value={name} onChange={(e) => setName(e.target.value)} placeholder="Name this screen" aria-label="Name of the screen to save" className="flex-1" maxLength={80} />
        <Button type="submit" disabled={!name.trim()}>
          Save
        </Button>
      </form>
    </Popover>
  );
}

function SavedList({ screens, onOpen, onDelete }: { screens: { key: string; name: string; query: string }[]; onOpen: (query: string) => void; onDelete: (key: string) => void }) {
  if (screens.length === 0) return <p className="px-1 py-1 text-xs text-zinc-500">None yet.</p>;
  return (
    <ul className="mb-2" aria-label="Saved screens">
      {screens.map((s) => (
        <li key={s.key} className="flex items-center">
          <button type="button" onClick={() => onOpen(s.query)} className="flex-1 truncate rounded px-1 py-1 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800">
            {s.name}
          </button>
          <Button variant="ghost" className="h-6 px-1.5" aria-label={`Delete saved screen ${s.name}`} onClick={() => onDelete(s.key)}>
            ×
          </Button>
        </li>
      ))}
    </ul>
  );
}
