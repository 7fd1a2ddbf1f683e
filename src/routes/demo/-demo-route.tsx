import { DemoPage } from '../../features/marketing/demo/demo-page';
import type { DemoPageData } from '../../features/marketing/demo/demo-pages';
import { VoiceButton } from '../../features/voice/voice-button';

/**
 * A demo or agent landing page with its persona's voice button: the root layout gives the voice
 * session the persona of the path (src/lib/personas.ts), so the button talks as that page's assistant.
 */
export function DemoRoute({ page }: { page: DemoPageData }) {
  return <DemoPage page={page} voice={(caption) => <VoiceButton caption={caption} />} />;
}
