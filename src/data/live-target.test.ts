import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assessmentTopic } from './live-target';

describe('assessmentTopic', () => {
  it('is the SHA-256 of the token in hex, as public.sync_assessment_topic makes it', async () => {
    const token = 'AbC123xyzAbC123xyzAbC123xyz';
    expect(await assessmentTopic(token)).toBe(`sync:assessment:${createHash('sha256').update(token).digest('hex')}`);
  });
});
