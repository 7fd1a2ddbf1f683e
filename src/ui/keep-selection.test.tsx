// @vitest-environment jsdom
// A value from elsewhere arriving while the user has the whole field selected stays selected, so
// what they type replaces it whole; a caret they placed, or their own typing, is left alone.
import { act, fireEvent, render } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useWholeSelectionKept } from './keep-selection';

/** A field whose value another writer can set (`elsewhere.set`), as a synced form does. */
const elsewhere: { set: (v: string) => void } = { set: () => undefined };
function Field({ initial = 'Start' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    elsewhere.set = setValue;
  }, []);
  const ref = useWholeSelectionKept<HTMLInputElement>(value);
  return <input ref={ref} aria-label="Full name" value={value} onChange={(e) => setValue(e.target.value)} />;
}

const selection = (el: HTMLInputElement) => [el.selectionStart, el.selectionEnd];

describe('useWholeSelectionKept', () => {
  it('selected whole, then replaced from elsewhere: the new value is selected whole', () => {
    const { getByLabelText } = render(<Field />);
    const input = getByLabelText('Full name') as HTMLInputElement;
    input.focus();
    input.select();
    fireEvent.select(input);
    act(() => elsewhere.set('Tab two 0'));
    expect(input.value).toBe('Tab two 0');
    expect(selection(input)).toEqual([0, 'Tab two 0'.length]);
  });

  it('a caret placed by the user, or their own typing, is not turned into a selection', () => {
    const { getByLabelText } = render(<Field />);
    const input = getByLabelText('Full name') as HTMLInputElement;
    input.focus();
    input.select();
    fireEvent.select(input);
    fireEvent.mouseDown(input);
    input.setSelectionRange(2, 2);
    act(() => elsewhere.set('Tab two 0'));
    expect(selection(input)).not.toEqual([0, 'Tab two 0'.length]);
    input.select();
    fireEvent.select(input);
    fireEvent.input(input, { target: { value: 'T' } });
    expect(input.value).toBe('T');
    expect(selection(input)).not.toEqual([0, 1]);
  });

  it('focused empty, then a value arrives before the first key: it is selected whole', () => {
    const { getByLabelText } = render(<Field initial="" />);
    const input = getByLabelText('Full name') as HTMLInputElement;
    fireEvent.mouseDown(input);
    input.focus();
    act(() => elsewhere.set('Road Linden 3'));
    expect(selection(input)).toEqual([0, 'Road Linden 3'.length]);
  });

  it('selected whole and replaced before the browser’s select event: the new value is selected whole', () => {
    const { getByLabelText } = render(<Field initial="Name Meadow 5" />);
    const input = getByLabelText('Full name') as HTMLInputElement;
    // As Playwright's fill does: focus, select(), and the value arrives in the same task.
    input.focus();
    input.select();
    act(() => elsewhere.set('Name Maple 6'));
    expect(selection(input)).toEqual([0, 'Name Maple 6'.length]);
  });

  it('a field not focused is left alone', () => {
    const { getByLabelText } = render(<Field />);
    const input = getByLabelText('Full name') as HTMLInputElement;
    input.select();
    fireEvent.select(input);
    input.blur();
    act(() => elsewhere.set('Tab two 0'));
    expect(selection(input)).toEqual(['Tab two 0'.length, 'Tab two 0'.length]);
  });
});
