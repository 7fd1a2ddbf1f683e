import { describe, expect, it } from 'vitest';
import { PERSONAS } from '../../lib/personas';
import {
  AUTO_START_DELAY_MS,
  CONNECTION_DELAY,
  MAX_AUTH_RETRIES,
  failureToast,
  isVoiceBusy,
  microphoneProblem,
  shouldAutoStart,
  voiceButtonLabel,
  voiceMessages,
} from './voice-rules';

describe('the voice button label', () => {
  it.each([
    ['disconnected', 'listening', 'Talk to Chloe'],
    ['disconnected', 'speaking', 'Talk to Chloe'],
    ['connecting', 'listening', 'Connecting...'],
    ['connected', 'speaking', 'Chloe is speaking...'],
    ['connected', 'listening', 'End Voice Call'],
    ['disconnecting', 'listening', 'End Voice Call'],
  ] as const)('%s while %s reads %j', (phase, mode, label) => {
    expect(voiceButtonLabel(phase, mode, 'Chloe')).toBe(label);
  });

  it('names the persona of the page', () => {
    expect(voiceButtonLabel('disconnected', 'listening', 'Sarah')).toBe('Talk to Sarah');
    expect(voiceButtonLabel('connected', 'speaking', 'Norman')).toBe('Norman is speaking...');
  });

  it('is busy (the loading flag) only while starting or stopping', () => {
    expect(isVoiceBusy('connecting')).toBe(true);
    expect(isVoiceBusy('disconnecting')).toBe(true);
    expect(isVoiceBusy('connected')).toBe(false);
    expect(isVoiceBusy('disconnected')).toBe(false);
  });
});

describe('auto-start', () => {
  const ready = { requested: true, phase: 'disconnected', userDataLoaded: true, signedIn: true } as const;

  it('starts after 1000 ms when asked, disconnected, signed in and the data is loaded', () => {
    expect(AUTO_START_DELAY_MS).toBe(1000);
    expect(shouldAutoStart(ready)).toBe(true);
  });

  it.each([
    ['not asked', { requested: false }],
    ['already connecting', { phase: 'connecting' }],
    ['already connected', { phase: 'connected' }],
    ['data still loading', { userDataLoaded: false }],
    ['signed out', { signedIn: false }],
  ] as const)('does not start when %s', (_, change) => {
    expect(shouldAutoStart({ ...ready, ...change })).toBe(false);
  });
});

describe('constants and words', () => {
  it('are the documented limits', () => {
    expect(MAX_AUTH_RETRIES).toBe(2);
    expect(CONNECTION_DELAY).toEqual({ default: 0, android: 3000 });
    expect(voiceMessages.connected(PERSONAS.chloe)).toEqual([
      'Connected to Chloe',
      'You can now talk to your AI property assistant',
    ]);
    expect(voiceMessages.ended(PERSONAS.chloe)).toEqual(['Conversation Ended', 'Voice chat with Chloe has been ended']);
    expect(failureToast({ kind: 'connection' })).toEqual(['Connection Error', 'Failed to connect to voice service']);
    expect(failureToast({ kind: 'not-signed-in' })).toEqual(['Authentication Required', 'Please sign in to use Chloe']);
    expect(failureToast({ kind: 'retries-exhausted' })).toEqual([
      'Authentication Error',
      'Please refresh the page and try signing in again',
    ]);
    expect(failureToast({ kind: 'session-expired', detail: 'No session after refresh' })).toEqual([
      'Failed to Start',
      'Your session has expired. Please sign in again.',
    ]);
    expect(failureToast({ kind: 'microphone' })).toEqual([
      'Failed to Start',
      'Microphone access is required. Please allow microphone access and try again.',
    ]);
    // A demo page's failed start has its own words; Chloe and Norman keep theirs.
    const sarah = { id: 'sarah', role: 'property' } as const;
    const demo = ['Error starting conversation', 'Please check your microphone permissions and try again.'];
    expect(failureToast({ kind: 'microphone' }, sarah)).toEqual(demo);
    expect(failureToast({ kind: 'connection' }, sarah)).toEqual(demo);
    expect(failureToast({ kind: 'microphone' }, { id: 'chloe', role: 'property' })[0]).toBe('Failed to Start');
    expect(failureToast({ kind: 'connection' }, { id: 'norman', role: 'operations' })[0]).toBe('Connection Error');
    expect(failureToast({ kind: 'other', message: 'No signed URL received from server' })).toEqual([
      'Failed to Start',
      'No signed URL received from server',
    ]);
  });

  it('tells a refused microphone from a missing one', () => {
    expect(microphoneProblem(new DOMException('denied', 'NotAllowedError'))).toBe('refused');
    expect(microphoneProblem(new DOMException('none', 'NotFoundError'))).toBe('unavailable');
    expect(microphoneProblem(new TypeError('mediaDevices is undefined'))).toBe('unavailable');
  });
});
