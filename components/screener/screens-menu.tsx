"use client";

import { useState } from "react";
import { Button, TextInput } from "@/components/ui/controls";
import { Popover } from "@/components/ui/popover";
import { PRESETS } from "@/lib/screener/presets";
import { EMPTY_SCREEN, searchParamsFromScreen } from "@/lib/screener/screen-url";

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

/** Built-in presets and the screens this browser saved by name (localStorage), opened as URLs. */
export function ScreensMenu({ currentQuery, onOpen }: { currentQuery: string; onOpen: (query: string) => void }) {
  const [saved, setSaved] = useState<SavedScreen[]>([]);
  const [name, setName] = useState("");
  const [open, setOpen] = useState(false);

  const store = (next: SavedScreen[]) => {
    setSaved(next);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  };
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return;
    store([...saved.filter((s) => s.name !== trimmed), { name: trimmed, query: currentQuery }]);
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
      <h3 className="px-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">Saved in this browser</h3>
      {saved.length === 0 && <p className="px-1 py-1 text-xs text-zinc-500">None yet.</p>}
      <ul className="mb-2" aria-label="Saved screens">
        {saved.map((s) => (
          <li key={s.name} className="flex items-center">
            <button type="button" onClick={() => openQuery(s.query)} className="flex-1 truncate rounded px-1 py-1 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800">
              {s.name}
            </button>
            <Button variant="ghost" className="h-6 px-1.5" aria-label={`Delete saved screen ${s.name}`} onClick={() => store(saved.filter((x) => x !== s))}>
              ×
            </Button>
          </li>
        ))}
      </ul>
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
