// Said at a field whose value was replaced where the user did not see it happen: which value
// stands, which was set aside, and a way to put it back (docs/decisions/023-replaced-values-announced.md).
import { css } from 'styled-system/css';
import { formatClock as clock } from '../lib/format';
import { Button } from './button';

/** A value kept in the conflict log (the sync layer's KeptValue, by what this needs of it). */
export interface ReplacedValue {
  field: string;
  /** The value set aside. */
  local: unknown;
  /** The value that stands. */
  server: unknown;
  at: number;
  replacedBy: 'other-device' | 'other-tab' | 'this-device' | 'this-tab' | 'final';
}

/** What a synced form says of its replaced values (data/replaced-values.ts). */
export interface ReplacedValuesView<K extends ReplacedValue> {
  replaced: Partial<Record<string, K>>;
  restore: (kept: K) => void;
  dismiss: (kept: K) => void;
}

const LONGEST = 120;

/** A kept value in words: quoted text (cut at LONGEST), a number, a list, 'nothing' or 'a signature'. */
export function keptValueWords(value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return 'nothing';
  }
  if (typeof value === 'string' && value.startsWith('data:image/')) return 'a signature';
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);
  return `“${text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text}”`;
}

/** The sentence for a replaced value (the field's label first, so it stands on its own). */
export function replacedSentence(label: string, kept: Omit<ReplacedValue, 'field'>) {
  const setAside = keptValueWords(kept.local);
  const stands = keptValueWords(kept.server);
  switch (kept.replacedBy) {
    case 'this-device':
      return `${label}: your change, ${stands}, replaced ${setAside}, saved on another device (${clock(kept.at)}).`;
    case 'this-tab':
      return `${label}: your change, ${stands}, replaced ${setAside}, typed in another tab of this browser (${clock(kept.at)}).`;
    case 'other-device':
      return `${label}: ${stands}, saved on another device, replaced yours, ${setAside} (${clock(kept.at)}).`;
    case 'other-tab':
      return `${label}: ${stands}, typed in another tab of this browser, replaced yours, ${setAside} (${clock(kept.at)}).`;
    case 'final':
      return `${label}: ${setAside}, typed here after it was final elsewhere, is kept here (${clock(kept.at)}).`;
  }
}

const styles = {
  root: css({
    display: 'grid',
    gap: '2',
    p: '3',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border.strong',
    bg: 'bg.muted',
    fontSize: 'sm',
    color: 'fg',
    minW: '0',
    // On its paragraph too (paragraphs break words only where nothing else fits): an unbroken
    // value must not widen the form's column.
    '&, & p': { overflowWrap: 'anywhere' },
  }),
  actions: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
};

type ReplacedNoticeProps = {
  /** The field's label, as the form shows it. */
  label: string;
  kept: ReplacedValue;
  onRestore: () => void;
  onDismiss: () => void;
};

/** Under a field: another device's value replaced it (or this device's replaced another's). */
export function ReplacedNotice({ label, kept, onRestore, onDismiss }: ReplacedNoticeProps) {
  const other = kept.replacedBy === 'this-device' || kept.replacedBy === 'this-tab';
  const restoreText = other ? 'Put theirs back' : 'Put mine back';
  const keepText = other ? 'Keep mine' : 'Keep theirs';
  return (
    <div role="status" className={styles.root} data-replaced={kept.field}>
      <p>{replacedSentence(label, kept)}</p>
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={onRestore}
          aria-label={`${restoreText} (${label})`}
        >
          {restoreText}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDismiss} aria-label={`${keepText} (${label})`}>
          {keepText}
        </Button>
      </div>
    </div>
  );
}

/** The notice for form field `name` of a synced form, or null when nothing of it was replaced unseen. */
export function replacedNotice<K extends ReplacedValue>(form: ReplacedValuesView<K>, name: string, label: string) {
  const kept = form.replaced[name];
  if (!kept) return null;
  return (
    <ReplacedNotice
      label={label}
      kept={kept}
      onRestore={() => form.restore(kept)}
      onDismiss={() => form.dismiss(kept)}
    />
  );
}
