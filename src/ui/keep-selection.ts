// A value put in a focused field from elsewhere (another tab's, another device's) while the user
// had all of it selected, to type over it: the new value is selected in turn, so what they type
// next replaces it whole instead of landing after it (a splice: 'Tab two 0Tab one 0'). So is one
// put in a focused empty field before the first key.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

type Editable = HTMLInputElement | HTMLTextAreaElement;

/** All of the field's value is selected (a number input has no selection range: select() only). */
function selectsAll(el: Editable): boolean {
  if (el.selectionStart === null) return true;
  return el.value.length > 0 && el.selectionStart === 0 && el.selectionEnd === el.value.length;
}

/**
 * Whether the user holds all of the field as a new value renders, before React puts it there.
 * A text field's selection is read as it is then: the `select` event comes a task after
 * `select()`, and a value arriving in between was typed after, not over ('Name Maple 6Name Linden
 * 7', soak seed 9054). Into an empty field all of nothing is the user's, so a value arriving
 * before their first key is replaced by it ('Road Linden 3Road Falcon 6', seed 9034). A number
 * input has no selection to read: its events say.
 */
function heldWhole(el: Editable | null, numberWhole: boolean): boolean {
  if (!el || el !== el.ownerDocument.activeElement) return false;
  if (el.selectionStart === null) return numberWhole;
  return el.value === '' || selectsAll(el);
}

/** The ref to put on the field whose value is `value`. */
export function useWholeSelectionKept<E extends Editable>(value: unknown): RefObject<E | null> {
  const ref = useRef<E>(null);
  const numberWhole = useRef(false);
  const rendered = useRef({ value, whole: false });
  // Read during render on purpose: the commit that follows replaces the value and, with it, the
  // selection there is to read (no compiler memoises this hook; a repeated render reads nothing).
  /* eslint-disable react-hooks/refs -- the field's selection exists only until this commit */
  if (!Object.is(rendered.current.value, value)) {
    rendered.current = { value, whole: heldWhole(ref.current, numberWhole.current) };
  }
  /* eslint-enable react-hooks/refs */
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onSelect = () => (numberWhole.current = selectsAll(el));
    const onFocus = () => (numberWhole.current = true);
    // Typing, a click or a key moves or replaces the selection; a new one says so again.
    const gone = () => (numberWhole.current = false);
    const events = ['input', 'keydown', 'mousedown', 'blur'] as const;
    el.addEventListener('select', onSelect);
    el.addEventListener('focus', onFocus);
    for (const e of events) el.addEventListener(e, gone);
    return () => {
      el.removeEventListener('select', onSelect);
      el.removeEventListener('focus', onFocus);
      for (const e of events) el.removeEventListener(e, gone);
    };
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && rendered.current.whole && el === el.ownerDocument.activeElement && el.value !== '') el.select();
  }, [value]);
  return ref;
}
