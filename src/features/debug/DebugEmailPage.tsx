import { formatDistanceToNow, format } from "date-fns";
import type { FunctionReturnType } from "convex/server";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { pageTitle } from "@shared/brand";
import { errorMessage } from "@shared/errors";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { Card } from "@/components/ui/Card";
import { inputStyles } from "@/components/ui/Field";
import { Skeleton } from "@/components/ui/Skeleton";
import { cn } from "@/lib/cn";
import { usePageTitle } from "@/lib/usePageTitle";
import { useQueryState } from "@/lib/useQueryState";
import { useDebugPagesEnabled } from "./useDebugPagesEnabled";

type DebugEmail = FunctionReturnType<typeof api.emails.latestForDebug>["messages"][number];

/**
 * /debug-email: the local mailbox. The latest 20
 * messages, live, with their links — on the local backend this is where a
 * newcomer finds their sign-in link. Only on deployments that enable debug pages.
 */
export function DebugEmailPage() {
  usePageTitle(pageTitle("Local mailbox"));
  const enabled = useDebugPagesEnabled();

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <p className="text-sm font-semibold tracking-widest text-brand-amber uppercase">Debug</p>
      <h1 className="mt-2 font-display text-3xl font-extrabold tracking-tight sm:text-4xl">
        Local mailbox
      </h1>
      {enabled === false ? (
        <DebugPagesDisabled />
      ) : (
        <>
          <p className="mt-3 text-cream-200">
            E-mail this deployment sent, newest first (the latest 20). It updates live: request a
            sign-in link and it shows up here. Open the link to sign in.
          </p>
          {enabled === true ? <Mailbox /> : <MailboxSkeleton />}
        </>
      )}
    </div>
  );
}

function DebugPagesDisabled() {
  return (
    <Card role="status" className="mt-6">
      <h2 className="font-display text-xl font-bold">
        Debug pages are disabled on this deployment
      </h2>
      <p className="mt-2 text-cream-200">
        E-mail is delivered to real inboxes here. To use debug pages, set{" "}
        <code className="rounded bg-night-800 px-1.5 py-0.5 text-cream-50">
          CLINK_DEBUG_PAGES=true
        </code>{" "}
        on a deployment that nobody else uses.
      </p>
    </Card>
  );
}

function MailboxSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading messages" className="mt-8 flex flex-col gap-4">
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-32 rounded-3xl" />
      ))}
    </div>
  );
}

function Mailbox() {
  const emails = useQueryState(api.emails.latestForDebug, {});
  const [filter, setFilter] = useState("");

  if (emails.status === "loading") return <MailboxSkeleton />;
  if (emails.status === "error") {
    return (
      <Card role="alert" className="mt-6 text-red-200">
        {errorMessage(emails.error, "Failed to load the mailbox. Please reload the page.")}
      </Card>
    );
  }

  const { scope, messages } = emails.data;
  if (scope === "signedOut") {
    return (
      <Card role="status" className="mt-6">
        <p className="font-semibold">Sign in to see the messages sent to you.</p>
        <p className="mt-1 text-sm text-cream-400">
          On this deployment the mailbox shows only your own e-mail.
        </p>
        <ButtonLink to="/login" className="mt-4">
          Sign in
        </ButtonLink>
      </Card>
    );
  }

  const needle = filter.trim().toLowerCase();
  const shown = needle
    ? messages.filter((email) => email.recipient.toLowerCase().includes(needle))
    : messages;

  return (
    <div className="mt-8">
      {scope === "viewer" && (
        <p className="mb-6 rounded-2xl bg-night-800/80 px-4 py-3 text-sm text-cream-200 ring-1 ring-night-700 ring-inset">
          Only messages sent to you are shown here, and sign-in links stay hidden: they are shown
          only on a local backend.
        </p>
      )}
      <label htmlFor="mailbox-filter" className="text-sm font-semibold text-cream-200">
        Filter by recipient
      </label>
      <input
        id="mailbox-filter"
        type="search"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        placeholder="you@example.com"
        className={cn(inputStyles, "mt-2")}
      />
      {shown.length === 0 ? (
        <Card className="mt-6 text-center">
          <p className="text-3xl" aria-hidden="true">
            📭
          </p>
          <p className="mt-2 font-semibold">No messages yet</p>
          <p className="mt-1 text-sm text-cream-400">
            Request a sign-in link on the login page and it lands here.
          </p>
        </Card>
      ) : (
        <ul aria-label="Messages" className="mt-6 flex flex-col gap-4">
          {shown.map((email) => (
            <li key={email.id}>
              <EmailCard email={email} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const statusStyles: Record<DebugEmail["status"], string> = {
  sent: "bg-emerald-950 text-emerald-200 ring-emerald-800",
  pending: "bg-amber-950 text-amber-200 ring-amber-800",
  failed: "bg-red-950 text-red-200 ring-red-800",
  bounced: "bg-red-950 text-red-200 ring-red-800",
};

function EmailCard({ email }: { email: DebugEmail }) {
  const sentAt = new Date(email.createdAt);
  return (
    <article
      aria-label={`${email.subject} to ${email.recipient}`}
      className="flex flex-col gap-3 rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="font-display text-lg font-bold break-words">{email.subject}</h2>
          <p className="text-sm break-all text-cream-200">To {email.recipient}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 text-xs font-semibold">
          <span
            className={cn("rounded-full px-2.5 py-1 ring-1 ring-inset", statusStyles[email.status])}
          >
            {email.status}
          </span>
          <span className="rounded-full bg-night-800 px-2.5 py-1 text-cream-200 ring-1 ring-night-600 ring-inset">
            {email.delivery}
          </span>
          <span className="rounded-full bg-night-800 px-2.5 py-1 text-cream-200 ring-1 ring-night-600 ring-inset">
            {email.type}
          </span>
        </div>
      </div>
      <p className="text-xs text-cream-400">
        <time dateTime={sentAt.toISOString()} title={format(sentAt, "PPpp")}>
          {formatDistanceToNow(sentAt, { addSuffix: true })}
        </time>
      </p>
      {email.errorMessage && <p className="text-sm text-red-300">{email.errorMessage}</p>}
      {email.signInLinkHidden && (
        <p className="text-sm text-cream-400">
          Sign-in link hidden: it is shown only on a local backend.
        </p>
      )}
      {email.links.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold tracking-widest text-cream-400 uppercase">Links</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {email.links.map((link) => (
              <li key={link}>
                <a
                  href={link}
                  className="block rounded-xl bg-night-950/70 px-3 py-2 font-mono text-sm break-all text-brand-amber underline decoration-brand-amber/40 underline-offset-4 ring-1 ring-night-700 ring-inset hover:text-cream-50"
                >
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {email.text && (
        <details className="rounded-2xl bg-night-950/50 ring-1 ring-night-700 ring-inset">
          <summary className="cursor-pointer rounded-2xl px-3 py-2 text-sm font-semibold text-cream-200">
            Message text
          </summary>
          <pre className="px-3 pb-3 text-xs break-words whitespace-pre-wrap text-cream-200">
            {email.text}
          </pre>
        </details>
      )}
    </article>
  );
}
