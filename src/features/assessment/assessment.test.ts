import { describe, expect, it } from 'vitest';
import { progressPercent } from '../../ui/wizard-shell';
import { EMAIL_MESSAGE, PHONE_MESSAGE, URL_MESSAGE } from '../../lib/limits';
import {
  answerProblem,
  ASSESSMENT_STEPS,
  assessmentUrl,
  newToken,
  OFFICES_NOT_WHOLE,
  padTools,
  parseOffices,
  showsMobileQuestions,
} from './assessment';

describe('the assessment rules', () => {
  it('progress is step ÷ 7, rounded', () => {
    expect(ASSESSMENT_STEPS).toHaveLength(7);
    expect([1, 2, 3, 4, 5, 6, 7].map((step) => progressPercent(step, ASSESSMENT_STEPS.length))).toEqual([
      14, 29, 43, 57, 71, 86, 100,
    ]);
  });

  it('asks the mobile-device questions only when mobile devices are used', () => {
    expect(showsMobileQuestions('yes')).toBe(true);
    expect(showsMobileQuestions('no')).toBe(false);
    expect(showsMobileQuestions(null)).toBe(false);
  });

  it('keeps exactly 10 tool slots, padded with empty strings', () => {
    expect(padTools(null)).toEqual(Array<string>(10).fill(''));
    expect(padTools(['Mailchimp'])).toEqual(['Mailchimp', ...Array<string>(9).fill('')]);
    expect(padTools(Array<string>(12).fill('x'))).toHaveLength(10);
  });

  it('parses the number of offices as a whole number or nothing', () => {
    expect(parseOffices('3')).toBe(3);
    expect(parseOffices(' 12 ')).toBe(12);
    expect(parseOffices('')).toBeNull();
    expect(parseOffices('two')).toBeNull();
    expect(parseOffices('2.5')).toBeNull();
    expect(parseOffices('-1')).toBeNull();
  });

  it('makes tokens of 32 alphanumeric characters (> 128 bits), different every time', () => {
    const tokens = Array.from({ length: 200 }, () => newToken());
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(new Set(tokens).size).toBe(200);
    expect(32 * Math.log2(62)).toBeGreaterThan(128);
    // Bytes 248–255 would bias the alphabet: they are skipped, not folded in.
    const biased = newToken((b) => b.fill(250).fill(0, 40));
    expect(biased).toBe('A'.repeat(32));
    expect(assessmentUrl('https://chloe.example', 'abc')).toBe('https://chloe.example/agent-assessment/abc');
  });
});

describe('answerProblem: what the database would refuse, said before saving', () => {
  it('web addresses must be http(s); emails must look like one; empty is fine', () => {
    expect(answerProblem('url', 'javascript:alert(1)')).toBe(URL_MESSAGE);
    expect(answerProblem('url', 'www.agency.co.uk')).toBe(URL_MESSAGE);
    expect(answerProblem('url', 'https://agency.co.uk')).toBeNull();
    expect(answerProblem('email', 'jo@')).toBe(EMAIL_MESSAGE);
    expect(answerProblem('email', 'jo@agency.co.uk')).toBeNull();
    expect(answerProblem('email', '  ')).toBeNull();
    expect(answerProblem('offices', '2.5')).toBe(OFFICES_NOT_WHOLE);
    expect(answerProblem('text', 'javascript:alert(1)')).toBeNull();
  });

  it('a phone must be a phone number; empty is fine', () => {
    for (const text of ['abcdefghijk', '-----------', '<script>alert(1)</script>', '1'])
      expect(answerProblem('tel', text)).toBe(PHONE_MESSAGE);
    expect(answerProblem('tel', '+44 20 7946 0018')).toBeNull();
    expect(answerProblem('tel', '')).toBeNull();
  });
});
