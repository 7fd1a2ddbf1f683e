// The local voice service's answers read the app's context as the app writes it: the emails'
// sender names and subjects quoted (src/features/voice/voice-context.ts).
import { describe, expect, it } from 'vitest';
import { buildVoiceContext } from '../../../../src/features/voice/voice-context';
import { newRecord } from './records.mjs';
import { answer } from './replies.mjs';

describe('answer', () => {
  it('tells of the emails in the context, a quote inside a subject included', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    const context = buildVoiceContext({
      properties: [],
      emails: [
        {
          sender_email: 'priya@agents.example',
          sender_name: 'Priya Shah',
          subject: 'Viewing on Saturday',
          received_at: '2026-11-29T10:00:00Z',
        },
        {
          sender_email: 'tom@example.com',
          sender_name: null,
          subject: 'The "big" offer',
          received_at: '2026-11-29T09:00:00Z',
        },
      ],
      now,
    });
    const record = newRecord('conv-1', 'agent-1', true);
    record.initiation = {
      overrides: null,
      dynamicVariables: { user_context: context.text },
      userId: 'u1',
      textOnly: true,
    };
    expect(answer(record, 'Any emails for me today?')).toBe(
      'In the last 24 hours you had 2 emails: Priya Shah about "Viewing on Saturday"; Unknown about "The "big" offer".',
    );
  });
});
