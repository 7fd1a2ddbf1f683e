// The subscription wizard as the soak sees it: its fields by step (the labels the wizard shows),
// what a person may do on each step and how often, and fresh values.
import { MAX_SHARES } from '../../../src/lib/shareholding';
import type { DeviceAction } from './device';
import type { Scalar } from './model';
import { stored, type Run } from './sequence';

export type Action =
  | DeviceAction
  | 'type'
  | 'next'
  | 'back'
  | 'later'
  | 'refused'
  | 'twoTabs'
  | 'saveClose'
  | 'tabBursts'
  | 'deviceBursts';

/** Fields two writers type key by key (ADR 030): text stored as typed, trimmed. */
export const BURST_FIELDS = ['subscriber_name', 'subscriber_address'];

export interface FieldDef {
  column: string;
  label: string;
  step: number;
}

export const FIELDS: FieldDef[] = [
  { column: 'subscriber_name', label: 'Full name', step: 1 },
  { column: 'subscriber_email', label: 'Email', step: 1 },
  { column: 'subscriber_address', label: 'Address', step: 1 },
  { column: 'subscriber_phone', label: 'Phone (optional)', step: 1 },
  { column: 'number_of_shares', label: 'Number of shares', step: 2 },
];

/**
 * What a person does next, by step. A draft with a name and an address reopens at step 3 (legal
 * confirmations, never restored); the fields are on steps 1 and 2, so from 3 and 4 mostly Back.
 */
export function weights(step: number): Partial<Record<Action, number>> {
  const always = { offline: 8, reload: 5, close: 4, dropAck: 6, dropLive: 3 };
  switch (step) {
    case 1:
      return { ...always, type: 40, next: 10, later: 10, twoTabs: 5, saveClose: 5, tabBursts: 3, deviceBursts: 4 };
    case 2:
      return { ...always, type: 26, refused: 6, next: 6, back: 14, later: 8, twoTabs: 4, saveClose: 4 };
    case 3:
      return { ...always, back: 40, next: 4, later: 3 };
    default:
      return { ...always, back: 40, later: 3 };
  }
}

/** A field's value as it shows it, as the device stores it (shares as a number). */
export const shown = (field: FieldDef, text: string): Scalar =>
  field.column === 'number_of_shares' && /\d/.test(text) ? Number(text.replace(/\D/g, '')) : stored(text);

export const valueFor = (run: Run, field: FieldDef): Scalar => {
  switch (field.column) {
    case 'subscriber_email':
      return run.values.email();
    case 'subscriber_phone':
      return run.values.phone();
    case 'number_of_shares':
      return run.values.unique(5000, MAX_SHARES, 1000);
    case 'subscriber_address':
      return run.values.text('Road');
    default:
      return run.values.text('Name');
  }
};
