import { describe, expect, it } from 'vitest';
import { initialAnswers, storedValue, visibleFields } from './answers';
import { STEP_FIELDS, type FieldDef } from './fields';

const field = (name: string): FieldDef => {
  const def = STEP_FIELDS.flat().find((d) => d.name === name);
  if (!def) throw new Error(`no field ${name}`);
  return def;
};

describe('the assessment form values', () => {
  it('start empty, with ten tool slots and the assistant called Chloe', () => {
    const answers = initialAnswers({});
    expect(answers.agency_name).toBe('');
    expect(answers.number_of_offices).toBe('');
    expect(answers.tone_of_voice).toEqual([]);
    expect(answers.current_tools).toEqual(Array<string>(10).fill(''));
    expect(answers.ai_assistant_name).toBe('Chloe');
  });

  it('show what is stored: numbers as text, lists as they are, a chosen name kept', () => {
    const answers = initialAnswers({
      agency_name: 'Haus & Co',
      number_of_offices: 3,
      tone_of_voice: ['Calm & Reassuring'],
      current_tools: ['Mailchimp'],
      ai_assistant_name: 'Ava',
    });
    expect(answers.agency_name).toBe('Haus & Co');
    expect(answers.number_of_offices).toBe('3');
    expect(answers.tone_of_voice).toEqual(['Calm & Reassuring']);
    expect(answers.current_tools).toEqual(['Mailchimp', ...Array<string>(9).fill('')]);
    expect(answers.ai_assistant_name).toBe('Ava');
  });

  it('store an empty or blank answer as null, and a number of offices only when it is one', () => {
    expect(storedValue(field('agency_name'), '   ')).toBeNull();
    expect(storedValue(field('agency_name'), 'Haus & Co')).toBe('Haus & Co');
    expect(storedValue(field('number_of_offices'), ' 12 ')).toBe(12);
    expect(storedValue(field('number_of_offices'), 'twelve')).toBeNull();
    expect(storedValue(field('tone_of_voice'), ['Friendly & Casual'])).toEqual(['Friendly & Casual']);
    expect(storedValue(field('current_tools'), ['a'])).toEqual(['a', ...Array<string>(9).fill('')]);
    expect(storedValue(field('is_crm_cloud_based'), 'yes')).toBe('yes');
  });

  it('ask the mobile-device questions of step 3 only when mobile devices are used', () => {
    const names = (uses: string) =>
      visibleFields(3, { ...initialAnswers({}), uses_mobile_devices: uses }).map((d) => d.name);
    expect(names('no')).not.toContain('mobile_device_types');
    expect(names('')).not.toContain('preferred_mobile_communication');
    expect(names('yes')).toEqual(expect.arrayContaining(['mobile_device_types', 'preferred_mobile_communication']));
    expect(visibleFields(8, initialAnswers({}))).toEqual([]);
  });
});
