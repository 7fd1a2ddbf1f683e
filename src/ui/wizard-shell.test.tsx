// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WizardShell } from './wizard-shell';

const STEPS = ['Personal Details', 'Investment Details', 'Legal Confirmations', 'Digital Signature', 'Payment'];

describe('WizardShell numbered steps', () => {
  it('is an ordered list: the current step marked, the done ones said to be done, no tablist without tabs', () => {
    render(
      <WizardShell
        steps={STEPS}
        step={3}
        indicator="numbered"
        label="Subscription steps"
        onSubmit={() => undefined}
        back={{ label: 'Back', onClick: () => undefined }}
        next={null}
      >
        <p>Step body</p>
      </WizardShell>,
    );
    const list = screen.getByRole('list', { name: 'Subscription steps' });
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1Personal Details (completed)',
      '2Investment Details (completed)',
      '3Legal Confirmations',
      '4Digital Signature',
      '5Payment',
    ]);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null, null]);
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.getByText('Step 3 of 5: Legal Confirmations')).toBeTruthy();
  });
});

describe('WizardShell focus', () => {
  const shell = (step: number, indicator: 'numbered' | 'progress') => (
    <WizardShell
      steps={STEPS}
      step={step}
      indicator={indicator}
      label="Steps"
      onSubmit={() => undefined}
      back={{ label: 'Back', onClick: () => undefined }}
      next={<button type="submit">Next</button>}
    >
      <input aria-label="A field" />
    </WizardShell>
  );

  it.each(['numbered', 'progress'] as const)(
    'a new step takes the focus to its heading (%s), the first render leaves it where it is',
    (indicator) => {
      const { rerender } = render(shell(1, indicator));
      expect(document.activeElement).toBe(document.body);
      screen.getByRole('button', { name: 'Next' }).focus();
      rerender(shell(2, indicator));
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Investment Details' }));
      // Re-rendering the same step does not take the focus back from a field.
      screen.getByLabelText('A field').focus();
      rerender(shell(2, indicator));
      expect(document.activeElement).toBe(screen.getByLabelText('A field'));
      // The step change is said in a live region.
      expect(screen.getByText('Step 2 of 5: Investment Details').closest('[aria-live]')).not.toBeNull();
    },
  );
});
