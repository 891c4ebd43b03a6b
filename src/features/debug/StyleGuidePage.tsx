import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";
import { ButtonLink } from "@/components/ui/ButtonLink";
import { Card } from "@/components/ui/Card";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { Field, inputStyles } from "@/components/ui/Field";
import { Modal } from "@/components/ui/Modal";
import { Skeleton } from "@/components/ui/Skeleton";
import { Spinner } from "@/components/ui/Spinner";
import type { ButtonSize, ButtonVariant } from "@/components/ui/buttonStyles";
import { DebugPage } from "./kit/DebugPage";
import { StatusPill } from "./kit/DebugSection";
import { debugToast } from "./kit/debugToast";

const COLOURS = [
  { name: "night-950", className: "bg-night-950" },
  { name: "night-900", className: "bg-night-900" },
  { name: "night-850", className: "bg-night-850" },
  { name: "night-800", className: "bg-night-800" },
  { name: "night-700", className: "bg-night-700" },
  { name: "night-600", className: "bg-night-600" },
  { name: "night-400", className: "bg-night-400" },
  { name: "cream-50", className: "bg-cream-50" },
  { name: "cream-200", className: "bg-cream-200" },
  { name: "cream-400", className: "bg-cream-400" },
  { name: "brand-amber", className: "bg-brand-amber" },
  { name: "brand-orange", className: "bg-brand-orange" },
  { name: "brand-pink", className: "bg-brand-pink" },
  { name: "brand-gradient", className: "bg-brand-gradient" },
] as const;

const VARIANTS: ButtonVariant[] = ["primary", "secondary", "ghost", "danger"];
const SIZES: ButtonSize[] = ["sm", "md", "lg"];

function GuideSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="font-display text-2xl font-extrabold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** /style-guide: the design system (src/components/ui) in every state. */
export function StyleGuidePage() {
  const [modalOpen, setModalOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  return (
    <DebugPage
      title="Design System"
      description="Colours, type and the shared components of src/components/ui, in every state."
      wide
    >
      <div className="flex flex-col gap-12">
        <GuideSection id="sg-colours" title="Colours">
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
            {COLOURS.map((colour) => (
              <li key={colour.name} className="flex flex-col gap-2">
                <span
                  aria-hidden="true"
                  className={`h-16 rounded-2xl ring-1 ring-night-600 ring-inset ${colour.className}`}
                />
                <span className="font-mono text-xs text-cream-200">{colour.name}</span>
              </li>
            ))}
          </ul>
        </GuideSection>

        <GuideSection id="sg-type" title="Type">
          <Card className="flex flex-col gap-3">
            <p className="font-display text-5xl font-extrabold tracking-tight">Display 5xl</p>
            <p className="font-display text-3xl font-extrabold tracking-tight">Display 3xl</p>
            <p className="font-display text-xl font-bold">Display xl — section titles</p>
            <p className="text-base text-cream-50">Body — Tap. Drink. Repeat.</p>
            <p className="text-sm text-cream-200">Secondary text (cream-200)</p>
            <p className="text-sm text-cream-400">Muted text (cream-400)</p>
            <p className="text-sm font-semibold tracking-widest text-brand-amber uppercase">
              Eyebrow
            </p>
            <p className="w-fit font-display text-3xl font-extrabold text-brand-gradient">
              Brand gradient
            </p>
          </Card>
        </GuideSection>

        <GuideSection id="sg-buttons" title="Buttons">
          <Card className="flex flex-col gap-5">
            {VARIANTS.map((variant) => (
              <div key={variant} className="flex flex-wrap items-center gap-3">
                <span className="w-24 font-mono text-xs text-cream-400">{variant}</span>
                {SIZES.map((size) => (
                  <Button key={size} variant={variant} size={size}>
                    {variant} {size}
                  </Button>
                ))}
                <Button variant={variant} disabled>
                  Disabled
                </Button>
                <Button variant={variant} aria-busy="true" disabled>
                  <Spinner className="size-4" /> Working...
                </Button>
              </div>
            ))}
            <div className="flex flex-wrap items-center gap-3">
              <span className="w-24 font-mono text-xs text-cream-400">link</span>
              <ButtonLink to="/debug" variant="secondary">
                Button link
              </ButtonLink>
            </div>
          </Card>
        </GuideSection>

        <GuideSection id="sg-inputs" title="Inputs">
          <Card className="grid gap-5 md:grid-cols-2">
            <Field label="Default" hint="A hint under the field">
              {(control) => (
                <input {...control} className={inputStyles} placeholder="Placeholder" />
              )}
            </Field>
            <Field label="With a counter" counter={{ used: 12, max: 50 }}>
              {(control) => (
                <input {...control} className={inputStyles} defaultValue="Friday Pints" />
              )}
            </Field>
            <Field label="With an error" error="Event title is required">
              {(control) => <input {...control} className={inputStyles} />}
            </Field>
            <Field label="Disabled">
              {(control) => (
                <input
                  {...control}
                  className={inputStyles}
                  disabled
                  value="Can't touch this"
                  readOnly
                />
              )}
            </Field>
            <Field label="Select">
              {(control) => (
                <select {...control} className={inputStyles} defaultValue="beer">
                  <option value="beer">Beer</option>
                  <option value="wine">Wine</option>
                </select>
              )}
            </Field>
            <Field label="Text area">
              {(control) => (
                <textarea {...control} className={inputStyles} rows={3} defaultValue="Notes" />
              )}
            </Field>
          </Card>
        </GuideSection>

        <GuideSection id="sg-cards" title="Cards and labels">
          <div className="grid gap-4 md:grid-cols-3">
            <Card>
              <h3 className="font-display text-lg font-bold">Card</h3>
              <p className="mt-1 text-sm text-cream-200">
                A raised surface on the night background.
              </p>
            </Card>
            <Card className="bg-red-950/30 ring-red-900/70">
              <h3 className="font-display text-lg font-bold text-red-200">Danger card</h3>
              <p className="mt-1 text-sm text-cream-200">For destructive sections.</p>
            </Card>
            <Card className="flex flex-wrap items-center gap-2">
              <StatusPill tone="good">VALID</StatusPill>
              <StatusPill tone="bad">EXPIRED</StatusPill>
              <StatusPill tone="warn">running</StatusPill>
              <StatusPill tone="neutral">USED</StatusPill>
            </Card>
          </div>
        </GuideSection>

        <GuideSection id="sg-toasts" title="Toasts">
          <Card className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              onClick={() => debugToast.success("Saved! (success toast)")}
            >
              Success toast
            </Button>
            <Button
              variant="secondary"
              onClick={() => debugToast.error("Something failed (error toast)")}
            >
              Error toast
            </Button>
            <Button
              variant="secondary"
              onClick={() => debugToast.info("Just so you know (info toast)")}
            >
              Info toast
            </Button>
          </Card>
        </GuideSection>

        <GuideSection id="sg-dialogs" title="Dialogs">
          <Card className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setModalOpen(true)}>
              Open dialog
            </Button>
            <Button variant="danger" onClick={() => setConfirmOpen(true)}>
              Open confirm dialog
            </Button>
          </Card>
          <Modal
            open={modalOpen}
            onClose={() => setModalOpen(false)}
            title="A dialog"
            description="A bottom sheet on phones, a centred card on wider screens."
          >
            <div className="mt-6 flex justify-end">
              <Button onClick={() => setModalOpen(false)}>Got it</Button>
            </div>
          </Modal>
          <ConfirmDialog
            open={confirmOpen}
            title="Delete this thing?"
            body="Destructive actions confirm first, and the button says what it does."
            confirmLabel="Delete"
            busyLabel="Deleting..."
            busy={busy}
            onConfirm={() => {
              setBusy(true);
              window.setTimeout(() => {
                setBusy(false);
                setConfirmOpen(false);
              }, 1200);
            }}
            onClose={() => setConfirmOpen(false)}
          />
        </GuideSection>

        <GuideSection id="sg-skeletons" title="Skeletons and spinners">
          <Card className="flex flex-col gap-3">
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-24 rounded-3xl" />
            <p className="flex items-center gap-2 text-sm text-cream-200">
              <Spinner /> Loading...
            </p>
          </Card>
        </GuideSection>
      </div>
    </DebugPage>
  );
}
