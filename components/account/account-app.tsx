"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button, TextInput } from "@/components/ui/controls";
import { CopyButton } from "@/components/ui/copy-button";
import { QueryProvider } from "@/components/ui/query-provider";
import { type Account, MIN_PASSWORD_LENGTH, SignInInput, SignUpInput } from "@/lib/accounts/account-schema";
import type { KeysResponse } from "@/lib/accounts/account-keys";
import type { ScreensResponse } from "@/lib/screens/page-screens";
import { ApiProblem, postUi } from "@/lib/api/ui-client";
import { queryFromRequest } from "@/lib/screener/screen-url";
import { formatCount } from "@/lib/screener/value-format";

/**
 * The account page: signed out, the sign-in and sign-up forms (checked with the API's own
 * schemas); signed in, the account's API keys. Everything goes through the page's own endpoints
 * (/api/ui/account/…), the session being an HTTP-only cookie the page never reads.
 */

interface AccountState {
  account: Account | null;
  signup: "open" | "closed";
}
type Keys = z.output<typeof KeysResponse>;
type Screens = z.output<typeof ScreensResponse>;

export function AccountApp() {
  return (
    <QueryProvider>
      <AccountView />
    </QueryProvider>
  );
}

function AccountView() {
  const client = useQueryClient();
  const state = useQuery({ queryKey: ["account"], queryFn: () => postUi<AccountState>("/api/ui/account/", {}) });
  // Another account's keys and screens must not show, even for a moment: dropped on every change of account.
  const changeAccount = (next: AccountState) => {
    client.removeQueries({ queryKey: ["keys"] });
    client.removeQueries({ queryKey: ["account-screens"] });
    client.setQueryData(["account"], next);
  };
  const signOut = useMutation({
    mutationFn: () => postUi<AccountState>("/api/ui/account/signout/", {}),
    onSuccess: changeAccount,
  });
  if (state.isPending) return <p className="mt-4 text-zinc-500">Loading…</p>;
  if (state.isError) return <p role="alert" className="mt-4 text-red-700">{state.error.message}</p>;
  const { account, signup } = state.data;
  if (account === null) return <SignedOut signup={signup} onSignedIn={changeAccount} />;
  return (
    <>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-zinc-600 dark:text-zinc-400">
        <span>
          Signed in as <strong data-testid="account-email" className="break-all text-zinc-900 dark:text-zinc-100">{account.email}</strong>
        </span>
        <Button onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </Button>
      </p>
      <KeysPanel />
      <ScreensPanel />
    </>
  );
}

function SignedOut({ signup, onSignedIn }: { signup: "open" | "closed"; onSignedIn: (state: AccountState) => void }) {
  const [mode, setMode] = useState<"signin" | "signup">("signin");
  return (
    <section className="mt-4 max-w-sm">
      <div role="tablist" className="flex gap-2">
        <Button role="tab" aria-selected={mode === "signin"} variant={mode === "signin" ? "primary" : "default"} onClick={() => setMode("signin")}>
          Sign in
        </Button>
        {signup === "open" && (
          <Button role="tab" aria-selected={mode === "signup"} variant={mode === "signup" ? "primary" : "default"} onClick={() => setMode("signup")}>
            Create an account
          </Button>
        )}
      </div>
      {signup === "closed" && <p className="mt-2 text-xs text-zinc-500">Sign-up is closed on this deployment: ask its operator for an API key.</p>}
      <CredentialsForm key={mode} mode={mode} onSignedIn={onSignedIn} />
    </section>
  );
}

function CredentialsForm({ mode, onSignedIn }: { mode: "signin" | "signup"; onSignedIn: (state: AccountState) => void }) {
  const schema = mode === "signin" ? SignInInput : SignUpInput;
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { email: "", password: "" } });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSignedIn(await postUi<AccountState>(`/api/ui/account/${mode}/`, values, { waitOnLimit: false }));
    } catch (error) {
      setFailure(error instanceof ApiProblem ? error.detail : String(error));
    }
  });
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3" aria-label={mode === "signin" ? "Sign in" : "Create an account"}>
      <label className="block">
        <span className="block text-[13px] font-medium">Email</span>
        <TextInput type="email" autoComplete="email" className="mt-1 w-full" aria-invalid={errors.email ? true : undefined} {...form.register("email")} />
        {errors.email && <span className="text-xs text-red-700 dark:text-red-400">⚠ {errors.email.message}</span>}
      </label>
      <label className="block">
        <span className="block text-[13px] font-medium">Password</span>
        <TextInput
          type="password"
          autoComplete={mode === "signin" ? "current-password" : "new-password"}
          className="mt-1 w-full"
          aria-invalid={errors.password ? true : undefined}
          {...form.register("password")}
        />
        {mode === "signup" && <span className="block text-xs text-zinc-500">At least {MIN_PASSWORD_LENGTH} characters.</span>}
        {errors.password && <span className="text-xs text-red-700 dark:text-red-400">⚠ {errors.password.message}</span>}
      </label>
      {failure && (
        <p role="alert" className="text-[13px] text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={form.formState.isSubmitting}>
        {mode === "signin" ? "Sign in" : "Create the account"}
      </Button>
    </form>
  );
}

function KeysPanel() {
  const client = useQueryClient();
  const keys = useQuery({ queryKey: ["keys"], queryFn: () => postUi<Keys>("/api/ui/account/keys/", { action: "list" }) });
  const [revealed, setRevealed] = useState<{ id: string; key: string } | null>(null);
  const [name, setName] = useState("");
  const act = useMutation({
    mutationFn: (action: Record<string, string>) => postUi<Keys>("/api/ui/account/keys/", action),
    onSuccess: (next) => {
      client.setQueryData(["keys"], next);
      setRevealed(next.created);
    },
  });
  return (
    <Panel
      id="keys"
      title="API keys"
      intro={
        <>
          Send a key as <code>Authorization: Bearer &lt;key&gt;</code> to <code>/api/v1/</code> and <code>/api/v2/</code> (see <a className="underline" href="/docs/">the API reference</a>).
          A key is shown once, when it is created; only a hash is kept.
        </>
      }
    >
      <form
        className="mt-3 flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          act.mutate({ action: "create", name });
          setName("");
        }}
      >
        <label htmlFor="key-name" className="text-[13px]">
          Name
        </label>
        <TextInput id="key-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="research notebook" maxLength={80} />
        <Button type="submit" variant="primary" disabled={name.trim() === "" || act.isPending}>
          Create a key
        </Button>
      </form>
      {act.isError && (
        <p role="alert" className="mt-2 text-[13px] text-red-700 dark:text-red-400">
          {act.error.message}
        </p>
      )}
      {revealed && (
        <div data-testid="new-key" className="mt-3 rounded border border-amber-300 bg-amber-50 p-2 dark:border-amber-700 dark:bg-amber-950">
          <p className="text-[13px] font-medium">Your new key: copy it now, it will not be shown again.</p>
          <div className="mt-1 flex items-center gap-2">
            <code className="break-all font-mono text-[12px]" data-testid="new-key-value">
              {revealed.key}
            </code>
            <CopyButton text={revealed.key} label="Copy key" />
          </div>
        </div>
      )}
      {keys.data && <KeyTable keys={keys.data.keys} busy={act.isPending} onAction={(action, id) => act.mutate({ action, id })} />}
    </Panel>
  );
}

function KeyTable({ keys, busy, onAction }: { keys: Keys["keys"]; busy: boolean; onAction: (action: "revoke" | "rotate", id: string) => void }) {
  if (keys.length === 0) return <p className="mt-3 text-[13px] text-zinc-500">No keys yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-[13px]" data-testid="keys-table">
        <thead className="text-xs text-zinc-500">
          <tr>
            <th className="py-1 pr-3 font-medium">Name</th>
            <th className="py-1 pr-3 font-medium">Key</th>
            <th className="py-1 pr-3 font-medium">Use of its limits now</th>
            <th className="py-1 pr-3 font-medium max-sm:hidden">Created</th>
            <th className="py-1 font-medium" />
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id} data-key-id={k.id} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className="py-1 pr-3">{k.name}</td>
              <td className="py-1 pr-3 font-mono whitespace-nowrap">…{k.hint}</td>
              <td className="py-1 pr-3">
                {k.revoked_at ? (
                  <span className="text-zinc-500">revoked {k.revoked_at.slice(0, 10)}</span>
                ) : (
                  k.usage.map((u) => (
                    <span key={u.name} className="mr-3 whitespace-nowrap tabular-nums">
                      {formatCount(u.used)} / {formatCount(u.limit)} a {u.name}
                    </span>
                  ))
                )}
              </td>
              <td className="py-1 pr-3 whitespace-nowrap max-sm:hidden">{k.created_at.slice(0, 10)}</td>
              <td className="py-1 text-right whitespace-nowrap">
                {!k.revoked_at && (
                  <>
                    <Button variant="ghost" disabled={busy} onClick={() => onAction("rotate", k.id)} aria-label={`Rotate ${k.name}`}>
                      Rotate
                    </Button>
                    <Button variant="ghost" disabled={busy} onClick={() => onAction("revoke", k.id)} aria-label={`Revoke ${k.name}`}>
                      Revoke
                    </Button>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The account's saved screens (saved from the screener's Screens menu or with any of its keys through the API). */
function ScreensPanel() {
  const client = useQueryClient();
  const screens = useQuery({ queryKey: ["account-screens"], queryFn: () => postUi<Screens>("/api/ui/account/screens/", { action: "list" }) });
  const change = useMutation({
    mutationFn: (action: Record<string, unknown>) => postUi<Screens>("/api/ui/account/screens/", action),
    onSuccess: (next) => client.setQueryData(["account-screens"], next),
  });
  return (
    <Panel
      id="screens"
      title="Saved screens"
      intro={
        <>
          Save a screen from the screener&apos;s <em>Screens</em> menu, or with any of your keys at <code>POST /api/v2/screens/</code>; each of your keys sees them all.
        </>
      }
    >
      {screens.data && screens.data.screens.length === 0 && <p className="mt-2 text-[13px] text-zinc-500">None yet.</p>}
      <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="account-screens">
        {screens.data?.screens.map((s) => (
          <ScreenRow key={s.id} screen={s} busy={change.isPending} onDelete={() => change.mutate({ action: "delete", id: s.id })} onAlerts={(alerts) => change.mutate({ action: "alerts", id: s.id, alerts })} />
        ))}
      </ul>
      {change.isError && (
        <p role="alert" className="mt-2 text-[13px] text-red-700 dark:text-red-400">
          {change.error.message}
        </p>
      )}
    </Panel>
  );
}

/** A section of the signed-in page: its heading and what it is for. */
function Panel({ id, title, intro, children }: { id: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="mt-8">
      <h2 id={`${id}-heading`} className="font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-[13px] text-zinc-600 dark:text-zinc-400">{intro}</p>
      {children}
    </section>
  );
}

/**
 * One saved screen: its link, and its alerts (off: a webhook to turn them on with, or none for the
 * feed only; on: the feed, the webhook and the secret that signs its deliveries, and the latest
 * delivery attempts).
 */
function ScreenRow({ screen, busy, onDelete, onAlerts }: { screen: Screens["screens"][number]; busy: boolean; onDelete: () => void; onAlerts: (alerts: { webhook_url: string | null } | null) => void }) {
  const [webhook, setWebhook] = useState("");
  const alerts = screen.alerts;
  return (
    <li className="py-2 text-[13px]" data-testid="account-screen">
      <div className="flex items-center gap-2">
        <a href={`/screener/?${queryFromRequest(screen.request)}`} className="flex-1 truncate underline">
          {screen.name}
        </a>
        <span className="font-mono text-xs text-zinc-500 max-sm:hidden">{screen.id}</span>
        <Button variant="ghost" disabled={busy} onClick={onDelete} aria-label={`Delete ${screen.name}`}>
          Delete
        </Button>
      </div>
      {alerts === null ? (
        <form
          className="mt-1 flex flex-wrap items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            onAlerts({ webhook_url: webhook.trim() === "" ? null : webhook.trim() });
          }}
        >
          <label className="text-xs text-zinc-500" htmlFor={`webhook-${screen.id}`}>
            Alerts: webhook (optional)
          </label>
          <TextInput id={`webhook-${screen.id}`} value={webhook} onChange={(e) => setWebhook(e.target.value)} placeholder="https://hooks.example.com/screens" className="min-w-0 flex-1" />
          <Button type="submit" disabled={busy}>
            Turn on alerts
          </Button>
        </form>
      ) : (
        <div className="mt-1 space-y-1 text-xs text-zinc-600 dark:text-zinc-400" data-testid="screen-alerts">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-medium text-emerald-800 dark:text-emerald-300">Alerts on</span>
            <a href={alerts.feed_path} className="underline">
              Atom feed
            </a>
            <span className="break-all">{alerts.webhook_url ? `webhook ${alerts.webhook_url}` : "no webhook"}</span>
            {alerts.webhook_url && <CopyButton text={alerts.webhook_secret} label="Copy signing secret" />}
            <Button variant="ghost" disabled={busy} onClick={() => onAlerts(null)}>
              Turn off
            </Button>
          </p>
          {screen.deliveries.length > 0 && (
            <ul aria-label={`Deliveries of ${screen.name}`}>
              {screen.deliveries.map((d) => (
                <li key={d.id} className="tabular-nums">
                  {d.at.slice(0, 19).replace("T", " ")} · attempt {d.attempt} ·{" "}
                  <span className={d.status !== null && d.status < 300 ? "text-emerald-800 dark:text-emerald-300" : "text-red-700 dark:text-red-400"}>{d.status ?? d.error ?? "no answer"}</span> ·{" "}
                  {d.events.length} {d.events.length === 1 ? "change" : "changes"}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}
