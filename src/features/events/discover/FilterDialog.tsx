import { useState } from "react";
import { DISCOVER_DRINK_FILTERS } from "@shared/drinks";
import {
  DEFAULT_DISCOVER_FILTERS,
  DISCOVER_SORTS,
  DISCOVER_SORT_LABELS,
  DISCOVER_TIME_FILTERS,
  DISCOVER_TIME_FILTER_LABELS,
  discoverDrinkFilterLabel,
} from "@shared/discoverFilters";
import { Button } from "@/components/ui/Button";
import { Modal } from "@/components/ui/Modal";
import { PillChoices } from "../components/PillChoices";
import type { DiscoverFilters } from "./discoverParams";

/** Sort, time and drink; applied with "Show Sessions". */
export function FilterDialog({
  open,
  onClose,
  filters,
  onApply,
}: {
  open: boolean;
  onClose: () => void;
  filters: DiscoverFilters;
  onApply: (filters: DiscoverFilters) => void;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Filter sessions"
      eyebrow={<span aria-hidden="true">🎛️ Dial it in</span>}
    >
      {open && <FilterForm initial={filters} onApply={onApply} />}
    </Modal>
  );
}

function FilterForm({
  initial,
  onApply,
}: {
  initial: DiscoverFilters;
  onApply: (filters: DiscoverFilters) => void;
}) {
  const [draft, setDraft] = useState(initial);
  return (
    <div className="flex flex-col gap-6">
      <PillChoices
        label="Sort by"
        value={draft.sort}
        onChange={(sort) => setDraft({ ...draft, sort })}
        options={DISCOVER_SORTS.map((value) => ({ value, label: DISCOVER_SORT_LABELS[value] }))}
      />
      <PillChoices
        label="When"
        value={draft.time}
        onChange={(time) => setDraft({ ...draft, time })}
        options={DISCOVER_TIME_FILTERS.map((value) => ({
          value,
          label: DISCOVER_TIME_FILTER_LABELS[value],
        }))}
      />
      <PillChoices
        label="Drink"
        value={draft.drink}
        onChange={(drink) => setDraft({ ...draft, drink })}
        options={DISCOVER_DRINK_FILTERS.map((value) => ({
          value,
          label: discoverDrinkFilterLabel(value),
        }))}
      />
      <div className="flex items-center gap-3 border-t border-night-700 pt-4">
        <Button variant="ghost" onClick={() => setDraft({ ...DEFAULT_DISCOVER_FILTERS })}>
          Reset
        </Button>
        <Button className="ml-auto" onClick={() => onApply(draft)}>
          Show Sessions
        </Button>
      </div>
    </div>
  );
}
